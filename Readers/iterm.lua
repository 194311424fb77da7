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

-- sb.plist.decode gives 0 for a NaN or an infinity, so the components are
-- also read from the file as it is written: raw[entry][component] is the
-- text of an XML <real>, or the number of a binary plist's real. Nil where
-- the file is not a plist this walk can follow (the decoder then decides).
local function is_finite(v) return v == v and v > -math.huge and v < math.huge end

local function xml_reals(text)
  local raw, keys, depth, position = {}, {}, 0, 1
  while true do
    local open = text:find("<", position, true)
    local close = open and text:find(">", open, true)
    if not close then break end
    local tag = text:sub(open + 1, close - 1)
    if tag == "dict" then
      depth = depth + 1
    elseif tag == "/dict" then
      depth = depth - 1
    elseif tag == "key" or tag == "real" then
      local stop = text:find("</" .. tag .. ">", close, true)
      if not stop then break end
      local body = text:sub(close + 1, stop - 1)
      if tag == "key" then
        keys[depth] = body
      elseif depth == 2 and keys[1] and keys[2] then
        raw[keys[1]] = raw[keys[1]] or {}
        raw[keys[1]][keys[2]] = terminal.trim(body)
      end
      close = stop + #tag + 2
    end
    position = close + 1
  end
  return raw
end

local function binary_reals(bytes)
  local offset_size, ref_size, count, top, table_at = string.unpack(">I1I1I8I8I8", bytes, #bytes - 25)
  if offset_size < 1 or offset_size > 8 or ref_size < 1 or ref_size > 8 or top < 0 or top >= count
    or table_at < 8 or count > (#bytes - 32 - table_at) // offset_size then
    return nil
  end
  local function offset(ref)
    if ref < 0 or ref >= count then error("no such object") end
    return string.unpack(">I" .. offset_size, bytes, table_at + ref * offset_size + 1) + 1
  end
  local function object(ref)
    local at = offset(ref)
    local marker = bytes:byte(at)
    local kind, info = marker >> 4, marker & 15
    if info == 15 and kind ~= 2 then
      local size = 1 << (bytes:byte(at + 1) & 15)
      return kind, string.unpack(">I" .. size, bytes, at + 2), at + 2 + size
    end
    return kind, info, at + 1
  end
  -- objects met again (several references to one offset) are read once
  local texts, seen = {}, {}
  local function text(ref)
    local at = offset(ref)
    if texts[at] == nil then
      local kind, length, start = object(ref)
      texts[at] = kind == 5 and bytes:sub(start, start + length - 1)
        or kind == 6 and (bytes:sub(start, start + 2 * length - 1):gsub("%z(.)", "%1"))
        or false
    end
    return texts[at] or nil
  end
  -- the pairs of a dictionary: key text and value object
  local function members(ref)
    local kind, length, at = object(ref)
    if kind ~= 13 or length * 2 * ref_size > #bytes then return {} end
    local list = {}
    for i = 0, length - 1 do
      local key = string.unpack(">I" .. ref_size, bytes, at + i * ref_size)
      local value = string.unpack(">I" .. ref_size, bytes, at + (length + i) * ref_size)
      list[#list + 1] = { key = text(key), value = value }
    end
    return list
  end
  local raw = {}
  for _, entry in ipairs(members(top)) do
    local at = offset(entry.value)
    if entry.key then
      if not seen[at] then
        local components = {}
        for _, component in ipairs(members(entry.value)) do
          local kind, info, start = object(component.value)
          if kind == 2 and component.key and (info == 2 or info == 3) then
            components[component.key] = string.unpack(info == 2 and ">f" or ">d", bytes, start)
          end
        end
        seen[at] = components
      end
      raw[entry.key] = seen[at]
    end
  end
  return raw
end

local function raw_reals(bytes)
  if bytes:sub(1, 8) == "bplist00" then
    if #bytes < 40 then return nil end
    local ok, raw = pcall(binary_reals, bytes)
    return ok and raw or nil
  end
  return xml_reals(bytes)
end

-- A component: a finite number from 0 to 1 (a rounding error past either
-- end is let through, as the colour is clamped anyway).
local function component(entry, raw, key, name, default)
  local v = entry[name .. " Component"]
  if v == nil then v = default end
  if type(v) ~= "number" then
    sb.input_error(0, key .. ": expected a " .. name .. " Component (a number from 0 to 1), got " .. type(v))
  end
  local written = raw and raw[name .. " Component"]
  if v == 0 and written ~= nil and not is_finite(tonumber(written) or 0 / 0) then v = written end
  if type(v) ~= "number" or not is_finite(v) or v < -0.001 or v > 1.001 then
    sb.input_error(0, key .. ": expected the " .. name .. " Component to be a number from 0 to 1, got " .. tostring(v))
  end
  return math.max(0, math.min(1, v))
end

local function colour(entry, raw, key)
  if type(entry) ~= "table" then sb.input_error(0, key .. ": expected a colour dictionary") end
  local r, g, b = component(entry, raw, key, "Red"), component(entry, raw, key, "Green"), component(entry, raw, key, "Blue")
  local alpha = component(entry, raw, key, "Alpha", 1)
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
    local bytes = sb.input()
    local ok, plist = pcall(sb.plist.decode, bytes)
    if not ok or type(plist) ~= "table" then sb.input_error(0, "expected a property list of colours") end
    local raw = raw_reals(bytes) or {}
    local colors = {}
    for i = 0, 15 do
      local key = "Ansi " .. i .. " Color"
      if plist[key] ~= nil then colors[i] = colour(plist[key], raw[key], key) end
    end
    for key, slot in pairs(specials) do
      if plist[key] ~= nil then colors[slot] = colour(plist[key], raw[key], key) end
    end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
