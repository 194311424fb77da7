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

-- The longest value tried as a colour: sb.color takes time in proportion
-- to what it is given, and no colour is near this long.
local colour_bound = 1024
-- The deepest map read: a map nested deeper is left out, with a warning.
local depth_bound = 32

-- `s` without the white space around it, in one pass.
local function trim(s)
  local first = s:find("%S")
  if not first then return "" end
  return s:match("^.*%S", first)
end

-- Line numbers for positions met in order: each counts only the text
-- since the one before, so a long file is read in one pass.
local function line_counter(text)
  local at, line = 1, 1
  return function(position)
    if position < at then at, line = 1, 1 end
    local _, breaks = text:sub(at, position - 1):gsub("\n", "")
    line = line + breaks
    at = position
    return line
  end
end

-- Where the string opened by the quote at `open` closes (its closing
-- quote, or the end of its line: an unclosed string ends there).
local function string_end(text, open)
  local quote = text:sub(open, open)
  local position = open + 1
  while true do
    local at, _, c = text:find("([\\\n\"'])", position)
    if not at then return #text end
    if c == "\\" then
      position = at + 2
    elseif c == quote or c == "\n" then
      return at
    else
      position = at + 1
    end
  end
end

-- The text with each comment made spaces (keeping its line breaks, so line
-- numbers stay right): `/* … */` and `// …` to the end of the line, but
-- not inside a string, nor the `//` of a URL's `://`.
local function strip_comments(text, line_of)
  local parts, position, kept = {}, 1, 1
  while true do
    local at, _, c = text:find("([\"'/])", position)
    if not at then break end
    local after = text:sub(at + 1, at + 1)
    if c ~= "/" then
      position = string_end(text, at) + 1
    elseif after == "*" then
      local close = text:find("*/", at + 2, true)
      if not close then sb.input_error(line_of(at), "a comment is never closed") end
      parts[#parts + 1] = text:sub(kept, at - 1)
      local _, breaks = text:sub(at, close + 1):gsub("\n", "")
      parts[#parts + 1] = " " .. ("\n"):rep(breaks)
      position, kept = close + 2, close + 2
    elseif after == "/" and text:sub(at - 1, at - 1) ~= ":" then
      local stop = text:find("\n", at, true) or #text + 1
      parts[#parts + 1] = text:sub(kept, at - 1)
      parts[#parts + 1] = " "
      position, kept = stop, stop
    else
      position = at + 1
    end
  end
  parts[#parts + 1] = text:sub(kept)
  return table.concat(parts)
end

-- The statements at the top of the file, each { text, start }: what lies
-- between `;`s and blocks outside any parentheses, string or `#{…}`. A
-- block's prelude (a selector, `@mixin …`, `@if …`) is no statement, and
-- what is inside the block is skipped.
local function statements(text, line_of)
  local found = {}
  local depth, parens, interpolations = 0, 0, 0
  local position, start = 1, 1
  while true do
    local at, _, c = text:find("([\"'(){};])", position)
    if not at then break end
    position = at + 1
    if c == "\"" or c == "'" then
      position = string_end(text, at) + 1
    elseif c == "(" then
      parens = parens + 1
    elseif c == ")" then
      if parens > 0 then parens = parens - 1 end
    elseif c == "{" then
      if text:sub(at - 1, at - 1) == "#" then
        interpolations = interpolations + 1
      elseif parens == 0 and interpolations == 0 then
        depth = depth + 1
      end
    elseif c == "}" then
      if interpolations > 0 then
        interpolations = interpolations - 1
      elseif parens == 0 then
        if depth == 0 then sb.input_error(line_of(at), "a \"}\" closes no block") end
        depth = depth - 1
        if depth == 0 then start = at + 1 end
      end
    elseif parens == 0 and interpolations == 0 then
      -- ";"
      if depth == 0 then found[#found + 1] = { text = text:sub(start, at - 1), start = start } end
      if depth == 0 then start = at + 1 end
    end
  end
  if depth > 0 then sb.input_error(line_of(#text), "a block is never closed (" .. depth .. " \"{\" left open)") end
  if trim(text:sub(start)) ~= "" then found[#found + 1] = { text = text:sub(start), start = start } end
  return found
end

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

-- Where each "(" of `text` is closed: { [open] = close }.
local function closes_of(text)
  local closes, open, position = {}, {}, 1
  while true do
    local at, _, c = text:find("([\"'()])", position)
    if not at then break end
    position = at + 1
    if c == "\"" or c == "'" then
      position = string_end(text, at) + 1
    elseif c == "(" then
      open[#open + 1] = at
    elseif #open > 0 then
      closes[open[#open]] = at
      open[#open] = nil
    end
  end
  return closes
end

-- The CSS functions a colour is written with: a value that starts with one
-- and is no colour is a mistake worth a word, where "700" or "1rem" is just
-- not a colour.
local colour_functions = {
  rgb = true, rgba = true, hsl = true, hsla = true, hwb = true, lab = true, lch = true, oklab = true,
  oklch = true, color = true,
}

-- Whether `value` is meant as a colour: a hex with its "#" or a colour
-- function (a name such as "red" is tried too, and silently not a colour
-- when it is none).
-- Only a value that is one hex or one call is: "#f00 + #111" is an
-- operation Sass computes.
local function looks_like_colour(value, closes)
  if value:sub(1, 1) == "#" then return not value:find("%s") end
  local name, open = value:match("^([%a][%w%-]*)()%(")
  return name ~= nil and colour_functions[name:lower()] == true and closes[open] == #value
end

-- Reads `value` as a CSS <color>, or nil and why. Sass has no hex without
-- "#": a bare "700" or "beef" (which sb.color takes for hex) is no colour.
local function css_colour(value)
  if #value > colour_bound then return nil, "its value is longer than " .. colour_bound .. " bytes, which no colour is" end
  if value:match("^%x+$") then return nil end
  local ok, colour = pcall(sb.color, value)
  if ok then return colour end
  return nil, tostring(colour):gsub("^sb%.color: ", "")
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

-- The families of the colours, the way design systems name them: a run of
-- variables that differ only in their last part is a row, named by what
-- they share ("color-red-50 … color-red-950" the row "red" of the group
-- "color"; "gray-0 … gray-12" the row "gray"). A name that extends one of
-- its row's own ("selection-text" after "selection") stays in the row.
-- Rows follow the file's order. In Sass "_" is "-" too.
local separators = "[^%-_]+"
local function families(found)
  local rows, current = {}, nil
  for _, entry in ipairs(found) do
    local parts = {}
    for part in entry.name:gmatch(separators) do parts[#parts + 1] = part end
    local extends = current ~= nil and #parts > #current.prefix
    if extends then
      for i = 1, #current.prefix do
        if parts[i] ~= current.prefix[i] then extends = false break end
      end
    end
    if extends and #parts > #current.prefix + 1 then
      -- a longer name belongs when its first extra part is a step of the row
      extends = current.steps[parts[#current.prefix + 1]] == true
    end
    if not extends then
      local prefix = {}
      for i = 1, #parts - 1 do prefix[i] = parts[i] end
      current = { prefix = prefix, steps = {}, entries = {} }
      rows[#rows + 1] = current
    end
    local step = table.concat(parts, "-", #current.prefix + 1)
    current.steps[step] = true
    entry.step = #parts > 0 and step or entry.name
    current.entries[#current.entries + 1] = entry
  end
  return rows
end

local function read(ctx)
  local file = ctx.input.name
  local text = sb.input()
  -- the title Swatchbook's scss writer puts first
  local title = text:match("^/%* (.-): written by swatchbook %*/")
  if title then sb.title(title) end
  title = title or ctx.input.stem
  text = strip_comments(text, line_counter(text))
  local line_of = line_counter(text)

  local function warn(line, name, why)
    sb.log(file .. ":" .. line .. ": warning: $" .. name .. ": " .. why .. ", so it is left out")
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
    local colour, why = css_colour(value)
    if colour then return { colour = colour } end
    if why and looks_like_colour(value, closes_of(value)) then warn(line, label, why) end
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
        local item_line = line + select(2, inside:sub(1, first + lead - 2):gsub("\n", ""))
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

  for _, statement in ipairs(statements(text, line_of)) do
    local dollar, name, after = statement.text:match("^%s*()%$([%w_%-]+)%s*:()")
    if dollar then
      local line = line_of(statement.start + dollar - 1)
      local value, default = flags(trim(statement.text:sub(after)))
      local id = lookup(name)
      if not (default and values[id] and values[id].set) then
        local closes = closes_of(value)
        local found = resolve(value, line, name, 1, closes, 1) or {}
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
    sb.log(file .. ": warning: found no variable with a colour value ($name: #RRGGBB;)")
    return {}
  end

  -- Runs of plain variables make families; a map's rows stand alone.
  local rows, run = {}, {}
  local function flush()
    for _, row in ipairs(families(run)) do rows[#rows + 1] = row end
    run = {}
  end
  for _, unit in ipairs(units) do
    if unit.map then
      flush()
      rows[#rows + 1] = { map = unit.map, section = unit.section }
    else
      run[#run + 1] = unit
    end
  end
  flush()

  -- A row's first part names its group ("color" of "color-red"), and so
  -- does a row of one part that is some longer row's group; the others are
  -- the file's own. Rows of one group in a run make one
  -- section.
  local groups = {}
  for _, row in ipairs(rows) do
    if row.prefix and #row.prefix >= 2 then groups[row.prefix[1]] = true end
  end
  -- The rows of no group are the section "variables", never named as the
  -- file (a writer takes a row named so for a flat palette's), but for a
  -- flat palette's own: names of one part, all the file has.
  local own = title == "variables" and "global variables" or "variables"
  local loose = (#rows == 1 and not rows[1].map) and title or own
  local sections, section = {}, nil
  for _, row in ipairs(rows) do
    local name, row_name, items
    if row.map then
      name, row_name, items = row.section or own, row.map.name, row.map.items
    else
      local prefix = row.prefix
      local group = (#prefix >= 2 or (#prefix == 1 and groups[prefix[1]])) and prefix[1] or nil
      name = group or (loose == title and title or own)
      row_name = #prefix == 0 and loose or #prefix == 1 and prefix[1] or table.concat(prefix, "-", 2)
      items = {}
      for _, entry in ipairs(row.entries) do
        items[#items + 1] = {
          id = entry.name, name = entry.step, color = entry.colour, key = "$" .. entry.name, ref = entry.ref,
        }
      end
    end
    if not section or section.name ~= name then
      section = { name = name, rows = {} }
      sections[#sections + 1] = section
    end
    -- the next row of the same name goes on, but never a map's
    local last = section.rows[#section.rows]
    if last and last.name == row_name and not row.map and not last.map then
      for _, item in ipairs(items) do last.items[#last.items + 1] = item end
    else
      section.rows[#section.rows + 1] = { name = row_name, items = items, map = row.map and true or nil }
    end
  end
  for _, each in ipairs(sections) do
    for _, row in ipairs(each.rows) do row.map = nil end
  end
  return sections
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
