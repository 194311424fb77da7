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

local function colour(entry, key)
  if type(entry) ~= "table" then sb.input_error(0, "expected a colour dictionary for " .. key) end
  local r, g, b = entry["Red Component"], entry["Green Component"], entry["Blue Component"]
  if type(r) ~= "number" or type(g) ~= "number" or type(b) ~= "number" then
    sb.input_error(0, "expected Red, Green and Blue Components (numbers 0-1) in " .. key)
  end
  local alpha = entry["Alpha Component"] or 1
  local space = entry["Color Space"] or "sRGB"
  local fn = space == "P3" and "display-p3" or "srgb"
  return sb.color(string.format("color(%s %.6f %.6f %.6f / %.6f)", fn, r, g, b, alpha))
end

return {
  name = "iTerm2 colours", api = 1, description = "iTerm2 colour presets (.itermcolors)",
  reads = {
    format = "iterm", extensions = { "itermcolors" },
    detect = function(head) return head:match("<key>Ansi 0 Color</key>") ~= nil end,
  },
  data = function(ctx)
    local ok, plist = pcall(sb.plist.decode, sb.input())
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
