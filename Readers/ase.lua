-- Adobe Swatch Exchange (.ase): a binary file of colour entries, each with a
-- UTF-16 name, a model (RGB, CMYK, LAB or Gray) and a type (global, spot,
-- normal), in groups. Groups become sections; entries outside a group are
-- a section named after the file (the palette's title, which the ase
-- writer reads as "no group"). Each colour keeps its model and values, and
-- its type; it is drawn with CMYK converted without a profile
-- (r = (1 - c)(1 - k)) and LAB (CIE Lab, D50) gamut-mapped into sRGB.
local sb = require "swatchbook"

local types = { [0] = "global", [1] = "spot", [2] = "process" }

local unpack, char, concat, sub = string.unpack, utf8.char, table.concat, string.sub

local function utf16(bytes, at, units)
  local out, i = {}, 0
  while i < units do
    local unit = unpack(">I2", bytes, at + i * 2)
    i = i + 1
    if unit == 0 then break end
    if unit >= 0xD800 and unit <= 0xDBFF and i < units then
      local low = unpack(">I2", bytes, at + i * 2)
      if low >= 0xDC00 and low <= 0xDFFF then
        unit = 0x10000 + (unit - 0xD800) * 0x400 + (low - 0xDC00)
        i = i + 1
      else
        unit = 0xFFFD
      end
    elseif unit >= 0xD800 and unit <= 0xDFFF then
      unit = 0xFFFD
    end
    out[#out + 1] = char(unit)
  end
  return concat(out)
end

-- A name of `units` UTF-16 units at `at`, ended by the first zero unit:
-- an ASCII name (nearly every name) in one gsub, when each of its units
-- is a zero byte and an ASCII one, the pairs of the match tiling it.
local function name_at(bytes, at, units)
  local text = sub(bytes, at, at + units * 2 - 1)
  if sub(text, -2) == "\0\0" then text = sub(text, 1, -3) end
  local ascii, count = text:gsub("\0([\1-\127])", "%1")
  if count * 2 == #text then return ascii end
  return utf16(bytes, at, units)
end

-- The components each model has, and whether a component is in range:
-- finite, and in its model's range but for a rounding error past either
-- end (NaN is in no range).
local needs_of = { ["RGB "] = 3, ["CMYK"] = 4, ["LAB "] = 3, ["Gray"] = 1 }
local UNIT_LOW, UNIT_HIGH, AB_LOW, AB_HIGH = 0 - 0.001, 1 + 0.001, -128 - 0.001, 127 + 0.001
local function in_unit(x) return x >= UNIT_LOW and x <= UNIT_HIGH end
local function in_ab(x) return x >= AB_LOW and x <= AB_HIGH end
-- math.max(low, math.min(high, x)) without the two calls: low or high
-- themselves at or past either end, as those give them.
local function clamp(x, low, high)
  if x >= high then return high elseif x <= low then return low end
  return x
end
local sb_color = sb.color
local specs = {
  ["RGB "] = { space = "srgb", components = { 0, 0, 0 } },
  ["CMYK"] = { space = "cmyk", components = { 0, 0, 0, 0 } },
  ["LAB "] = { space = "lab", components = { 0, 0, 0 } },
  ["Gray"] = { space = "gray", components = { 0 } },
}

local function fail(offset, message)
  sb.input_error(0, "byte " .. offset .. ": " .. message)
end

local function read(bytes, stem)
  if #bytes < 12 or bytes:sub(1, 4) ~= "ASEF" then fail(0, 'expected "ASEF", an Adobe Swatch Exchange file') end
  local major, _, count, at = string.unpack(">I2I2I4", bytes, 5)
  if major ~= 1 then fail(4, "expected version 1, got " .. major) end
  local sections, loose, group = {}, nil, nil
  for block = 1, count do
    if at + 6 > #bytes + 1 then fail(at - 1, "the file ends inside block " .. block .. " of " .. count) end
    local kind, length, data = string.unpack(">I2I4", bytes, at)
    if data + length > #bytes + 1 then fail(at - 1, "block " .. block .. " is " .. length .. " bytes, past the end of the file") end
    local name = ""
    if kind == 0xC001 or kind == 0x0001 then
      if length < 2 then fail(at - 1, "block " .. block .. " has no name") end
      local units = string.unpack(">I2", bytes, data)
      if 2 + units * 2 > length then fail(data - 1, "the name of block " .. block .. " runs past it") end
      name = name_at(bytes, data + 2, units)
      data = data + 2 + units * 2
    end
    if kind == 0xC001 then
      group = { name = name, rows = { { name = name, items = {} } } }
      table.insert(sections, group)
    elseif kind == 0xC002 then
      group = nil
    elseif kind == 0x0001 then
      local model = sub(bytes, data, data + 3)
      local needs = needs_of[model]
      if not needs then fail(data - 1, "expected the model RGB, CMYK, LAB or Gray, got " .. string.format("%q", model)) end
      local used = 4 + needs * 4 + 2
      if data + used > at + 6 + length then fail(data - 1, "the colour of block " .. block .. " runs past it") end
      -- the components, then the type
      local v1, v2, v3, v4, type
      if needs == 3 then v1, v2, v3, type = unpack(">fffI2", bytes, data + 4)
      elseif needs == 4 then v1, v2, v3, v4, type = unpack(">ffffI2", bytes, data + 4)
      else v1, type = unpack(">fI2", bytes, data + 4) end
      -- each component finite and in its model's range, a rounding error
      -- past either end let through
      local lab = model == "LAB "
      local spec = specs[model]
      local c = spec.components
      if needs == 3 and not lab and v1 >= UNIT_LOW and v1 <= UNIT_HIGH and v2 >= UNIT_LOW and v2 <= UNIT_HIGH
          and v3 >= UNIT_LOW and v3 <= UNIT_HIGH then
        -- RGB in range, nearly every colour: clamped here, as clamp does
        c[1] = v1 >= 1 and 1 or v1 <= 0 and 0 or v1
        c[2] = v2 >= 1 and 1 or v2 <= 0 and 0 or v2
        c[3] = v3 >= 1 and 1 or v3 <= 0 and 0 or v3
      elseif not (in_unit(v1) and (needs == 1 or (lab and in_ab(v2) and in_ab(v3))
          or (not lab and in_unit(v2) and in_unit(v3))) and (needs ~= 4 or in_unit(v4))) then
        local v = { v1, v2, v3, v4 }
        local low, high = 0, 1
        for i = 1, needs do
          if lab and i > 1 then low, high = -128, 127 end
          local x = v[i]
          if x ~= x or x < low - 0.001 or x > high + 0.001 then
            local entry = name ~= "" and string.format("%q", name) or ("block " .. block)
            fail(data + 4 + (i - 1) * 4 - 1, "the colour " .. entry .. " has " .. (model:gsub(" ", "")) .. " component " .. i
              .. " " .. tostring(x) .. ", expected a number from " .. low .. " to " .. high)
          end
        end
      end
      -- each model's spec is filled in (RGB's above) and handed over
      -- again: sb.color keeps nothing of it
      if needs == 1 then
        c[1] = clamp(v1, 0, 1)
      elseif lab then
        c[1], c[2], c[3] = clamp(v1, 0, 1) * 100, clamp(v2, -128, 127), clamp(v3, -128, 127)
      elseif needs == 4 then
        c[1], c[2], c[3], c[4] = clamp(v1, 0, 1), clamp(v2, 0, 1), clamp(v3, 0, 1), clamp(v4, 0, 1)
      end
      local color = sb_color(spec)
      -- a type past the three Adobe writes is read as none
      local item = { name = name, color = color, swatch = types[type] }
      local target = group
      if not target then
        if not loose then
          loose = { name = stem, rows = { { name = stem, items = {} } } }
          table.insert(sections, 1, loose)
        end
        target = loose
      end
      local items = target.rows[1].items
      items[#items + 1] = item
    else
      fail(at - 1, string.format("expected a block of type 0xC001, 0xC002 or 0x0001, got 0x%04X", kind))
    end
    at = at + 6 + length
  end
  local kept = {}
  for _, section in ipairs(sections) do
    if #section.rows[1].items > 0 then table.insert(kept, section) end
  end
  return kept
end

return {
  name = "Adobe Swatch Exchange", api = 1, description = "Adobe Swatch Exchange palettes (.ase)",
  reads = {
    format = "ase", extensions = { "ase" },
    keeps = { "spaces", "precision", "names", "duplicate names", "groups", "order", "swatch types" },
    loses = {},
    detect = function(head) return head:sub(1, 4) == "ASEF" end,
  },
  data = function(ctx) return read(sb.input(), ctx.input.stem) end,
}
