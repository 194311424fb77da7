-- Sass variables (SCSS syntax): every "$name: <colour>;" at the top of the
-- file, with references to other variables resolved and maps read as rows.
-- Sass runs a file in order, so a variable is what it was last set to
-- (a `!default` one only when it is not set yet), and a reference is to
-- the value set before it: one to a variable set later, or never, is a
-- warning that leaves out only the variable that makes it (Sass stops
-- there). A reference can never close a cycle this way.
--
-- What Sass would evaluate (`lighten($x, 10%)`, `rgba($x, .5)`, `$a + $b`,
-- `#{…}`) is left out, as are numbers, strings and lists; a value written
-- as a colour that is none (`#12345`, `rgb(1 2)`) is a warning and is
-- left out. Variables inside rules, mixins, functions and control blocks
-- are local to them, or set only when the block runs: they are skipped.
--
-- Every step is linear in the file: comments and strings are found with
-- plain finds, each statement is read once, and a reference is looked up
-- in the variables set so far.
local sb = require "swatchbook"
local sheet = require "stylesheet"

local trim, string_end, closes_of = sheet.trim, sheet.string_end, sheet.closes_of
-- The deepest map read: a map nested deeper is left out, with a warning.
local depth_bound = 32

-- The positions of `marks` (a set of characters) in `text` that are
-- outside parentheses and strings.
local function top_level(text, marks)
  local positions, parens, position = {}, 0, 1
  while true do
    local at, _, c = text:find("([\"'(),:])", position)
    if not at then break end
    position = at + 1
    if c == "\"" or c == "'" then
      position = string_end(text, at) + 1
    elseif c == "(" then
      parens = parens + 1
    elseif c == ")" then
      parens = parens - 1
    elseif parens == 0 and marks[c] then
      positions[#positions + 1] = at
    end
  end
  return positions
end

-- A variable's name as Sass looks it up: "-" and "_" are the same.
local function lookup(name) return (name:gsub("_", "-")) end

-- The value without its `!default` and `!global` flags, and whether it is
-- `!default`.
local function flags(value)
  local default = false
  while true do
    local rest, flag = value:match("^(.-)%s*!%s*(%a+)$")
    if not rest or (flag ~= "default" and flag ~= "global") then break end
    default = default or flag == "default"
    value = rest
  end
  return value, default
end

-- A map's key as it is written, unquoted.
local function key_name(text)
  local quoted = text:match("^\"(.*)\"$") or text:match("^'(.*)'$")
  return quoted or text
end

local function read(ctx)
  local text, line_of, title = sheet.input(ctx, true)

  -- `line` is a line, or where a variable's value starts: { line, column }.
  local function warn(line, name, why, code)
    sb.input_warning(line, "$" .. name .. ": " .. why .. ", so it is left out", code)
  end

  -- What each variable is now, by its lookup name: { colour = …, map = …}
  -- (neither for a value that is no colour), in the order first set.
  local values, order = {}, {}

  -- A value (a reference, a map, or a literal) as a colour, a map, or
  -- neither; `label` names it in a warning.
  local parse_value
  local function resolve(value, line, label, depth, closes, offset)
    local ref = value:match("^%$([%w_%-]+)$")
    if ref then
      local target = values[lookup(ref)]
      if not target then
        warn(line, label, "$" .. ref .. " is not set before it (Sass reads a file in order)")
        return nil
      end
      return { colour = target.colour, ref = value }
    end
    if value:sub(1, 1) == "(" and closes[offset] == offset + #value - 1 then
      return parse_value(value, line, label, depth, closes, offset)
    end
    -- an expression Sass evaluates is not read
    if value:find("$", 1, true) or value:find("#{", 1, true) then return nil end
    local colour, why = sheet.colour(value)
    if colour then return { colour = colour } end
    if why and sheet.looks_like_colour(value, closes_of(value)) then warn(line, label, why, "bad-colour") end
    return nil
  end

  -- A map "(key: value, …)" as { map = { { key, value… } } }, or nil for
  -- a list or nothing that is one; `offset` is where `value` is in
  -- `closes`' text.
  function parse_value(value, line, label, depth, closes, offset)
    if depth > depth_bound then
      warn(line, label, "a map is nested more than " .. depth_bound .. " deep")
      return nil
    end
    local inside = value:sub(2, -2)
    local commas = top_level(inside, { [","] = true })
    local items, seen, first = {}, {}, 1
    commas[#commas + 1] = #inside + 1
    for _, comma in ipairs(commas) do
      local item = inside:sub(first, comma - 1)
      local lead = item:find("%S")
      if lead then
        local colon = top_level(item, { [":"] = true })[1]
        if not colon then return nil end
        local key = key_name(trim(item:sub(1, colon - 1)))
        local written = trim(item:sub(colon + 1))
        local at = item:find("%S", colon + 1) or colon + 1
        local item_line = (type(line) == "table" and line.line or line) + select(2, inside:sub(1, first + lead - 2):gsub("\n", ""))
        if seen[key] then
          warn(item_line, label .. "." .. key, "the map has the key twice")
        else
          seen[key] = true
          local found = resolve(written, item_line, label .. "." .. key, depth + 1, closes, offset + first + at - 1)
          items[#items + 1] = { key = key, written = written, found = found }
        end
      end
      first = comma + 1
    end
    if #items == 0 then return nil end
    return { map = items }
  end

  for _, statement in ipairs(sheet.statements(text, line_of, "#", false)) do
    local dollar, name, after = statement.text:match("^%s*()%$([%w_%-]+)%s*:()")
    if dollar then
      local line = line_of(statement.start + dollar - 1)
      local value_line, value_column = line_of(statement.start + (statement.text:find("%S", after) or after) - 1)
      local value, default = flags(trim(statement.text:sub(after)))
      local id = lookup(name)
      if not (default and values[id] and values[id].set) then
        local closes = closes_of(value)
        local found = resolve(value, { line = value_line, column = value_column }, name, 1, closes, 1) or {}
        found.set = value ~= "null"
        found.name, found.line = values[id] and values[id].name or name, line
        if not values[id] then order[#order + 1] = id end
        values[id] = found
      end
    end
  end

  -- Each variable as it is at the end of the file, where it was first set:
  -- a colour is an item of a family's row, a map a row of its own (a row
  -- of the map's section per map inside it).
  local units = {}
  -- `row` names the map's own colours' row, `prefix` its maps' rows.
  local function map_rows(row, prefix, key, items, rows)
    local own
    for _, item in ipairs(items) do
      local found = item.found
      if found and found.colour then
        if not own then
          own = { name = row, items = {} }
          rows[#rows + 1] = own
        end
        own.items[#own.items + 1] = {
          id = key:sub(2) .. "." .. item.key, name = item.key, color = found.colour,
          key = key .. "." .. item.key, ref = found.ref,
        }
      elseif found and found.map then
        local inner = prefix and prefix .. "-" .. item.key or item.key
        map_rows(inner, inner, key .. "." .. item.key, found.map, rows)
      end
    end
    return rows
  end
  for _, id in ipairs(order) do
    local found = values[id]
    if found.colour then
      units[#units + 1] = { name = found.name, colour = found.colour, ref = found.ref }
    elseif found.map then
      local rows = map_rows(found.name, nil, "$" .. found.name, found.map, {})
      local nested = false
      for _, row in ipairs(rows) do nested = nested or row.name ~= found.name end
      for _, row in ipairs(rows) do units[#units + 1] = { map = row, section = nested and found.name or nil } end
    end
  end
  if #units == 0 then
    sb.input_warning(0, "found no variable with a colour value ($name: #RRGGBB;)")
    return {}
  end

  return sheet.sections(units, title, "$", "[^%-_]+")
end

return {
  name = "Sass variables", api = 1, description = "Sass variables in SCSS syntax ($name: colour)",
  reads = {
    format = "scss", extensions = { "scss" },
    keeps = { "spaces", "precision", "alpha", "title", "names", "groups", "order", "references" },
    loses = {
      "comments", "variables that are not colours", "what Sass would compute (functions, operations)",
      "variables inside blocks", "@use and @import",
    },
    detect = function(head)
      return head:match("^%s*%$[%w_%-]+%s*:") ~= nil or head:match("\n%s*%$[%w_%-]+%s*:") ~= nil
    end,
  },
  data = read,
}
