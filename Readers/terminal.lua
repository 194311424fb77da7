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

-- `s` without the white space around it, in one pass (a pattern such as
-- "^%s*(.-)%s*$" backtracks over every run of spaces inside `s`, which
-- is quadratic in a long line).
function M.trim(s)
  local first = s:find("%S")
  if not first then return "" end
  return s:match("^.*%S", first)
end

-- A colour as schemes write it: #RRGGBB, RRGGBB, 0xRRGGBB, rgb:RR/GG/BB
-- (X11, 1 to 4 hex digits a channel), "R,G,B" (Konsole), or anything
-- sb.color reads. Nil if none, with what was wrong when it is known.
function M.color(text)
  if type(text) ~= "string" then return nil end
  text = M.trim(text)
  local quote = text:sub(1, 1)
  if (quote == "'" or quote == '"') and #text >= 2 and text:sub(-1) == quote then text = M.trim(text:sub(2, -2)) end
  local hex = text:match("^0[xX](%x%x%x%x%x%x)$") or text:match("^(%x%x%x%x%x%x)$")
  if hex then return sb.color("#" .. hex) end
  local r, g, b = text:match("^rgb:(%x+)/(%x+)/(%x+)$")
  if r then
    if #r > 4 or #g > 4 or #b > 4 then return nil, "rgb: takes 1 to 4 hex digits a channel" end
    local function channel(h) return math.floor(tonumber(h, 16) * 255 / (16 ^ #h - 1) + 0.5) end
    return sb.rgb(channel(r), channel(g), channel(b))
  end
  r, g, b = text:match("^(%d+)%s*,%s*(%d+)%s*,%s*(%d+)$")
  if r then
    if tonumber(r) > 255 or tonumber(g) > 255 or tonumber(b) > 255 then return nil, "components go from 0 to 255" end
    return sb.rgb(tonumber(r), tonumber(g), tonumber(b))
  end
  local ok, colour = pcall(sb.color, text)
  if ok then return colour end
  return nil
end

-- The input as JSON and where each value starts (sb.json.decode's places,
-- by dotted path); a syntax error is the file's, at its line and column.
function M.json()
  local ok, document, places = pcall(sb.json.decode, sb.input(), { positions = true })
  if not ok then
    local message = tostring(document):gsub("^.-sb%.json%.decode: ", "")
    local line, column, rest = message:match("^line (%d+), column (%d+): (.*)$")
    if line then sb.input_error({ line = tonumber(line), column = tonumber(column) }, rest, "malformed-file") end
    sb.input_error(0, message, "malformed-file")
  end
  return document, places
end

-- Reads `value` as a colour, or reports it at `line` of the input (a line,
-- or { line, column }).
function M.required(value, line, what)
  local colour, problem = M.color(value)
  if not colour then
    sb.input_error(line or 0, "expected a colour for " .. what .. (problem and " (" .. problem .. ")" or "") .. ", got "
      .. string.format("%q", tostring(value)):sub(1, 60), "bad-colour")
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
  if found == 0 and #special == 0 then sb.input_error(0, "names no colours (expected the ANSI colours of a terminal scheme)") end
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
-- `;` and `#` start comments, and after a value too unless `whole_values`
-- (KConfig's files, where a value is the rest of its line). Keys before
-- any section are in [""].
function M.ini(text, whole_values)
  local sections = { [""] = {} }
  local current = sections[""]
  for _, line in ipairs(M.lines(text)) do
    local s = M.trim(line.text)
    local first = s:sub(1, 1)
    if s == "" or first == ";" or first == "#" then
      -- nothing
    elseif first == "[" and s:sub(-1) == "]" then
      local name = M.trim(s:sub(2, -2))
      sections[name] = sections[name] or {}
      current = sections[name]
    else
      local equals = s:find("=", 1, true)
      if not equals then sb.input_error(line.number, 'expected "key = value" or "[section]", got "' .. s:sub(1, 40) .. '"') end
      local key, value = M.trim(s:sub(1, equals - 1)), M.trim(s:sub(equals + 1))
      -- a comment after the value, as foot allows
      local comment = not whole_values and value:find("%s[#;]")
      if comment then value = M.trim(value:sub(1, comment)) end
      current[key] = { value = value, line = line.number }
    end
  end
  return sections
end

local toml_escapes = { b = "\b", t = "\t", n = "\n", f = "\f", r = "\r", e = "\27", ['"'] = '"', ["\\"] = "\\" }

-- The text of a TOML basic string, its escapes (\", \\, \n, \uXXXX,
-- \UXXXXXXXX…) read; an unknown one is an error at `number`.
function M.toml_unescape(text, number)
  local out, position = {}, 1
  while true do
    local at = text:find("\\", position, true)
    out[#out + 1] = text:sub(position, (at or 0) - 1)
    if not at then break end
    local c = text:sub(at + 1, at + 1)
    if c == "u" or c == "U" then
      local count = c == "u" and 4 or 8
      local hex = text:sub(at + 2, at + 1 + count)
      local code = #hex == count and hex:match("^%x+$") and tonumber(hex, 16)
      if not code or code > 0x10FFFF or (code >= 0xD800 and code <= 0xDFFF) then
        sb.input_error(number, "\\" .. c .. " takes " .. count .. " hex digits naming a Unicode scalar")
      end
      out[#out + 1] = utf8.char(code)
      position = at + 2 + count
    else
      if not toml_escapes[c] then sb.input_error(number, "\\" .. c .. " is no TOML escape") end
      out[#out + 1] = toml_escapes[c]
      position = at + 2
    end
  end
  return table.concat(out)
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
  -- the line without a comment outside quotes, trimmed
  local function strip(s)
    local position, quote = 1, nil
    while true do
      local at, _, c = s:find(quote == '"' and '([\\"])' or quote and "(')" or "([\"'#])", position)
      if not at then break end
      if c == "\\" then
        -- an escape inside a basic string: the next character is not its end
        at = at + 1
      elseif quote then
        quote = nil
      elseif c == "#" then
        s = s:sub(1, at - 1)
        break
      else
        quote = c
      end
      position = at + 1
    end
    return M.trim(s)
  end
  local function scalar(s, number)
    local quote = s:sub(1, 1)
    if quote == '"' or quote == "'" then
      -- a basic string's last quote ends it unless a backslash escapes it
      local escaped = quote == '"' and #s:sub(2, -2):match("(\\*)$") % 2 == 1
      if #s < 2 or s:sub(-1) ~= quote or escaped then
        sb.input_error(number, "the string opened here is never closed")
      end
      if quote == "'" then return s:sub(2, -2) end
      return M.toml_unescape(s:sub(2, -2), number)
    end
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
    elseif s:sub(1, 1) == "[" then
      if s:sub(-1) ~= "]" then sb.input_error(line.number, 'expected a "]" closing the table name') end
      local first = s:find("[^%[]") or #s + 1
      local last = s:match(".*()[^%]]") or 0
      prefix = M.trim(s:sub(first, last)):gsub('"', "") .. "."
    else
      local equals = s:find("=", 1, true)
      local key = equals and M.trim(s:sub(1, equals - 1))
      if not key or not key:match("^[%w_%-%.\"' ]*$") then
        sb.input_error(line.number, 'expected "key = value", got "' .. s:sub(1, 40) .. '"')
      end
      local value = M.trim(s:sub(equals + 1))
      key = key:gsub('"', ""):gsub("'", ""):gsub("%s", "")
      if value:sub(1, 1) == "[" then
        -- an array, perhaps over several lines
        local pieces = { value }
        local closed = value:sub(-1) == "]"
        while not closed and i < #lines do
          i = i + 1
          local piece = strip(lines[i].text)
          pieces[#pieces + 1] = piece
          if piece ~= "" then closed = piece:sub(-1) == "]" end
        end
        if not closed then sb.input_error(line.number, "the array opened here is never closed") end
        local joined = table.concat(pieces, " ")
        local list = {}
        for element in joined:sub(2, -2):gmatch("[^,]+") do
          element = M.trim(element)
          if element ~= "" then list[#list + 1] = scalar(element, line.number) end
        end
        values[prefix .. key] = { value = list, line = line.number }
      elseif value:sub(1, 1) == "{" and value:sub(-1) ~= "}" then
        sb.input_error(line.number, "the inline table opened here is never closed")
      else
        values[prefix .. key] = { value = scalar(value, line.number), line = line.number }
      end
    end
    i = i + 1
  end
  return values
end

return M
