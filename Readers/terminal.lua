-- What the terminal-scheme readers share: the catalogue of a scheme (its 16
-- ANSI colours and its special colours, with the ids `theme import` maps to
-- roles), and the small parsers of the formats schemes come in.
local sb = require "swatchbook"

local M = {}

M.ansi_names = {
  "Black", "Red", "Green", "Yellow", "Blue", "Magenta", "Cyan", "White",
}

M.specials = {
  { id = "foreground", name = "Foreground" },
  { id = "background", name = "Background" },
  { id = "cursor", name = "Cursor" },
  { id = "cursor_text", name = "Cursor text" },
  { id = "selection_background", name = "Selection" },
  { id = "selection_foreground", name = "Selection text" },
}

-- A colour as schemes write it: #RRGGBB, RRGGBB, 0xRRGGBB, rgb:RR/GG/BB
-- (X11), "R,G,B" (Konsole), or anything sb.color reads. Nil if none.
function M.color(text)
  if type(text) ~= "string" then return nil end
  text = text:match("^%s*['\"]?(.-)['\"]?%s*$")
  local hex = text:match("^0[xX](%x%x%x%x%x%x)$") or text:match("^(%x%x%x%x%x%x)$")
  if hex then return sb.color("#" .. hex) end
  local r, g, b = text:match("^rgb:(%x+)/(%x+)/(%x+)$")
  if r then
    local function channel(h) return math.floor(tonumber(h, 16) * 255 / (16 ^ #h - 1) + 0.5) end
    return sb.rgb(channel(r), channel(g), channel(b))
  end
  r, g, b = text:match("^(%d+)%s*,%s*(%d+)%s*,%s*(%d+)$")
  if r and tonumber(r) <= 255 and tonumber(g) <= 255 and tonumber(b) <= 255 then
    return sb.rgb(tonumber(r), tonumber(g), tonumber(b))
  end
  local ok, colour = pcall(sb.color, text)
  if ok then return colour end
  return nil
end

-- Reads `value` as a colour, or reports it at `line` of the input.
function M.required(value, line, what)
  local colour = M.color(value)
  if not colour then
    sb.input_error(line or 0, "expected a colour for " .. what .. ", got " .. string.format("%q", tostring(value)):sub(1, 60))
  end
  return colour
end

-- The catalogue of a scheme: `colors` maps 0-15 and the special ids to colours.
function M.catalogue(name, colors)
  local normal, bright, special = {}, {}, {}
  local found = 0
  for i = 0, 15 do
    local colour = colors[i]
    if colour then
      found = found + 1
      local item = {
        id = "ansi" .. i,
        name = (i >= 8 and "Bright " or "") .. M.ansi_names[i % 8 + 1],
        color = colour,
        fields = { { "ANSI", tostring(i) } },
      }
      table.insert(i < 8 and normal or bright, item)
    end
  end
  for _, s in ipairs(M.specials) do
    if colors[s.id] then table.insert(special, { id = s.id, name = s.name, color = colors[s.id] }) end
  end
  if found == 0 and #special == 0 then sb.input_error(0, "expected a terminal colour scheme, found no colours in it") end
  local rows = {}
  if #normal > 0 then table.insert(rows, { id = "normal", name = "Normal", items = normal }) end
  if #bright > 0 then table.insert(rows, { id = "bright", name = "Bright", items = bright }) end
  if #special > 0 then table.insert(rows, { id = "special", name = "Special", items = special }) end
  return { { name = name, rows = rows } }
end

-- Lines of text with their numbers, without line ends.
function M.lines(text)
  local list = {}
  local number = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    number = number + 1
    list[#list + 1] = { number = number, text = (line:gsub("\r$", "")) }
  end
  return list
end

-- INI: { [section] = { key = { value = v, line = n } } }, keys as written;
-- `;` and `#` start comments. Keys before any section are in [""].
function M.ini(text)
  local sections = { [""] = {} }
  local current = sections[""]
  for _, line in ipairs(M.lines(text)) do
    local s = line.text:match("^%s*(.-)%s*$")
    if s == "" or s:match("^[;#]") then
      -- nothing
    elseif s:match("^%[.*%]$") then
      local name = s:match("^%[%s*(.-)%s*%]$")
      sections[name] = sections[name] or {}
      current = sections[name]
    else
      local key, value = s:match("^([^=]-)%s*=%s*(.*)$")
      if not key then sb.input_error(line.number, 'expected "key = value" or "[section]", got "' .. s:sub(1, 40) .. '"') end
      -- a comment after the value, as foot allows
      value = value:gsub("%s+[#;].*$", "")
      current[key] = { value = value, line = line.number }
    end
  end
  return sections
end

-- The part of TOML schemes use: [tables] and [[arrays of tables]] are
-- flattened to dotted keys; values are strings, numbers, booleans and
-- arrays of those (one line or several). { ["colors.primary.background"] =
-- { value = "#1d1f21", line = 3 } }
function M.toml(text)
  local values = {}
  local prefix = ""
  local lines = M.lines(text)
  local i = 1
  local function strip(s)
    -- drop a comment outside quotes
    local out, quote = {}, nil
    for c in s:gmatch(".") do
      if quote then
        if c == quote then quote = nil end
      elseif c == '"' or c == "'" then
        quote = c
      elseif c == "#" then
        break
      end
      out[#out + 1] = c
    end
    return (table.concat(out):match("^%s*(.-)%s*$"))
  end
  local function scalar(s, number)
    local q = s:match('^"(.*)"$') or s:match("^'(.*)'$")
    if q then return q end
    if s == "true" then return true end
    if s == "false" then return false end
    local n = tonumber(s)
    if n then return n end
    sb.input_error(number, "expected a TOML value, got " .. s:sub(1, 40))
  end
  while i <= #lines do
    local line = lines[i]
    local s = strip(line.text)
    if s == "" then
      -- nothing
    elseif s:match("^%[%[.*%]%]$") or s:match("^%[.*%]$") then
      prefix = s:match("^%[+%s*(.-)%s*%]+$"):gsub('"', "") .. "."
    else
      local key, value = s:match("^([%w_%-%.\"' ]-)%s*=%s*(.*)$")
      if not key then sb.input_error(line.number, 'expected "key = value", got "' .. s:sub(1, 40) .. '"') end
      key = key:gsub('"', ""):gsub("'", ""):gsub("%s", "")
      if value:match("^%[") then
        -- an array, perhaps over several lines
        local joined = value
        while not strip(joined):match("%]$") and i < #lines do
          i = i + 1
          joined = joined .. " " .. strip(lines[i].text)
        end
        local list = {}
        for element in strip(joined):match("^%[(.*)%]$"):gmatch("[^,]+") do
          element = element:match("^%s*(.-)%s*$")
          if element ~= "" then list[#list + 1] = scalar(element, line.number) end
        end
        values[prefix .. key] = { value = list, line = line.number }
      else
        values[prefix .. key] = { value = scalar(value, line.number), line = line.number }
      end
    end
    i = i + 1
  end
  return values
end

return M
