-- iTerm2 colour presets (.itermcolors): a property list (XML or binary) of
-- "Ansi 0 Color" … "Ansi 15 Color", "Foreground Color", "Background Color",
-- "Cursor Color", "Cursor Text Color", "Selection Color", "Selected Text
-- Color", each with Red, Green and Blue components 0-1 in a colour space:
-- sRGB, P3 (gamut-mapped into sRGB), or Calibrated and Device, read as sRGB.
local sb = require "swatchbook"
local terminal = require "terminal"

local specials = {
  ["Foreground Color"] = "foreground", ["Background Color"] = "background", ["Cursor Color"] = "cursor",
  ["Cursor Text Color"] = "cursor_text", ["Selection Color"] = "selection_background",
  ["Selected Text Color"] = "selection_foreground",
}

-- A component: a number from 0 to 1 (a rounding error past either end is
-- let through, as the colour is clamped anyway); never a NaN or an infinity,
-- which sb.plist.decode gives as they are written.
local function component(entry, key, name, default)
  local v = entry[name .. " Component"]
  if v == nil then v = default end
  if type(v) ~= "number" then
    sb.input_error(0, key .. ": expected a " .. name .. " Component (a number from 0 to 1), got " .. type(v))
  end
  if v ~= v or v < -0.001 or v > 1.001 then
    sb.input_error(0, key .. ": expected the " .. name .. " Component to be a number from 0 to 1, got " .. tostring(v))
  end
  return math.max(0, math.min(1, v))
end

local function colour(entry, key)
  if type(entry) ~= "table" then sb.input_error(0, key .. ": expected a colour dictionary") end
  local r, g, b = component(entry, key, "Red"), component(entry, key, "Green"), component(entry, key, "Blue")
  local alpha = component(entry, key, "Alpha", 1)
  local space = entry["Color Space"] or "sRGB"
  local fn = space == "P3" and "display-p3" or "srgb"
  return sb.color(string.format("color(%s %.6f %.6f %.6f / %.6f)", fn, r, g, b, alpha))
end

return {
  name = "iTerm2 colours", api = 1, description = "iTerm2 colour presets (.itermcolors)",
  reads = {
    format = "iterm", extensions = { "itermcolors" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("<key>Ansi 0 Color</key>") ~= nil end,
  },
  data = function(ctx)
    local bytes = sb.input()
    local ok, plist = pcall(sb.plist.decode, bytes)
    if not ok or type(plist) ~= "table" then sb.input_error(0, "expected a property list of colours") end
    local colors = {}
    for i = 0, 15 do
      local key = "Ansi " .. i .. " Color"
      if plist[key] ~= nil then colors[i] = colour(plist[key], key) end
    end
    for key, slot in pairs(specials) do
      if plist[key] ~= nil then colors[slot] = colour(plist[key], key) end
    end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
