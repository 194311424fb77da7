-- Less variables: every "@name: <colour>;" at the top of the file, with
-- references to other variables resolved and simple maps read as rows.
-- Less evaluates lazily: a variable is the last value the file gives it,
-- wherever it is used, so a reference may come before what it names; one
-- that names no variable is a warning that leaves out only the variable
-- that makes it, and a chain that comes back to itself is an error, as in
-- Less.
--
-- A map is a detached ruleset of declarations (`@theme: { primary: #f00;
-- @accent: @brand; }`): a row named by the variable, an item per
-- declaration, kept as `@theme[primary]`, Less's lookup. A ruleset with
-- selectors or rulesets inside it is left out (Less maps nest, but a
-- lookup of more than one level is rare and a mixin is no palette).
--
-- What Less would evaluate (`darken(@x, 10%)`, `fade(@x, 50%)`,
-- `@a + @b`, `~"…"`, `@@name`) is left out, as are numbers, strings and
-- lists; a value written as a colour that is none (`#12345`, `rgb(1 2)`) is
-- a warning and is left out. Variables inside rules, mixins and `@media`
-- are local to them and skipped; `@import`, `@plugin` and the other
-- at-rules are skipped, with their blocks.
--
-- Every step is linear in the file: comments and strings are found with
-- plain finds, each statement is read once, and each variable resolved
-- once, with a stack of its own (a chain as long as the file resolves).
local sb = require "swatchbook"

-- The longest value tried as a colour: sb.color takes time in proportion
-- to what it is given, and no colour is near this long.
local colour_bound = 1024

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
-- between `;`s and blocks outside any parentheses, string or `@{…}`. A
-- block's prelude (a selector, a mixin, `@media …`) is no statement, and
-- what is inside the block is skipped, but for a detached ruleset
-- (`@name: { … }`), whose prelude is given its `body` and `body_start`.
local function statements(text, line_of)
  local found = {}
  local depth, parens, interpolations = 0, 0, 0
  local position, start, body_start = 1, 1, 1
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
      if text:sub(at - 1, at - 1) == "@" then
        interpolations = interpolations + 1
      elseif parens == 0 and interpolations == 0 then
        depth = depth + 1
        if depth == 1 then body_start = at + 1 end
      end
    elseif c == "}" then
      if interpolations > 0 then
        interpolations = interpolations - 1
      elseif parens == 0 then
        if depth == 0 then sb.input_error(line_of(at), "a \"}\" closes no block") end
        depth = depth - 1
        if depth == 0 then
          local prelude = text:sub(start, body_start - 2)
          if prelude:match("^%s*@[%w_%-]+%s*:%s*$") then
            found[#found + 1] = { text = prelude, start = start, body = text:sub(body_start, at - 1),
                                  body_start = body_start }
          end
          start = at + 1
        end
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
-- operation Less computes.
local function looks_like_colour(value, closes)
  if value:sub(1, 1) == "#" then return not value:find("%s") end
  local name, open = value:match("^([%a][%w%-]*)()%(")
  return name ~= nil and colour_functions[name:lower()] == true and closes[open] == #value
end

-- Reads `value` as a CSS <color>, or nil and why. Less has no hex without
-- "#": a bare "700" or "beef" (which sb.color takes for hex) is no colour.
local function css_colour(value)
  if #value > colour_bound then return nil, "its value is longer than " .. colour_bound .. " bytes, which no colour is" end
  if value:match("^%x+$") then return nil end
  local ok, colour = pcall(sb.color, value)
  if ok then return colour end
  return nil, tostring(colour):gsub("^sb%.color: ", "")
end

-- The families of the colours, the way design systems name them: a run of
-- variables that differ only in their last part is a row, named by what
-- they share ("color-red-50 … color-red-950" the row "red" of the group
-- "color"; "gray-0 … gray-12" the row "gray"). A name that extends one of
-- its row's own ("selection-text" after "selection") stays in the row.
-- Rows follow the file's order.
local function families(found)
  local rows, current = {}, nil
  for _, entry in ipairs(found) do
    local parts = {}
    for part in entry.name:gmatch("[^%-]+") do parts[#parts + 1] = part end
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
  -- the title a "/* title: written by swatchbook */" comment gives
  local title = text:match("^/%* (.-): written by swatchbook %*/")
  if title then sb.title(title) end
  title = title or ctx.input.stem
  text = strip_comments(text, line_counter(text))
  local line_of = line_counter(text)

  local function warn(line, label, why)
    sb.log(file .. ":" .. line .. ": warning: " .. label .. ": " .. why .. ", so it is left out")
  end

  -- The variables, each { name, label, value, line, scope }, by name (the
  -- last definition wins), and the order each name first came in; a map
  -- has `items` (declarations in its own order) and a scope of its own
  -- variables, looked up before the file's.
  local globals, order = {}, {}
  local function declarations(body, body_start, map)
    for _, statement in ipairs(statements(body, line_counter(body))) do
      local lead, at, name, after = statement.text:match("^%s*()(@?)([%w_%-]+)%s*:()")
      if lead then
        local line = line_of(body_start + statement.start + lead - 2)
        local key = at .. name
        local node = {
          name = name, label = map.label .. "[" .. key .. "]", key = key,
          value = trim(statement.text:sub(after)), line = line, scope = map.scope,
        }
        if not map.index[key] then map.keys[#map.keys + 1] = key end
        map.index[key] = node
        if at == "@" then map.scope[name] = node end
      end
    end
  end
  for _, statement in ipairs(statements(text, line_of)) do
    local at, name, after = statement.text:match("^%s*()@([%w_%-]+)%s*:()")
    if at then
      local node = { name = name, label = "@" .. name, line = line_of(statement.start + at - 1) }
      if statement.body then
        if statement.body:find("{", 1, true) then
          node.nested = true
        else
          node.map = { label = node.label, keys = {}, index = {}, scope = {} }
          declarations(statement.body, statement.body_start, node.map)
        end
      else
        node.value = trim(statement.text:sub(after))
      end
      if not globals[name] then order[#order + 1] = name end
      globals[name] = node
    end
  end

  local NONE = {}
  -- A literal value as a colour, or NONE.
  local function literal(node)
    local value = node.value
    -- an expression Less evaluates is not read
    if node.map or node.nested or value:find("@", 1, true) or value:sub(1, 1) == "~" then return NONE end
    local colour, why = css_colour(value)
    if colour then return { colour = colour } end
    if why and looks_like_colour(value, closes_of(value)) then warn(node.line, node.label, why) end
    return NONE
  end
  -- A variable's colour ({ colour, ref } or NONE), its chain of references
  -- followed with a stack, each variable on it resolved once.
  local function resolve(node)
    if node.result then return node.result end
    local stack = { node }
    node.active = true
    while #stack > 0 do
      local top = stack[#stack]
      local ref = top.value and top.value:match("^@([%w_%-]+)$")
      if ref then
        local target = top.scope and top.scope[ref] or globals[ref]
        if not target then
          warn(top.line, top.label, "@" .. ref .. " names no variable")
          top.result = NONE
        elseif target.result then
          top.result = target.result.colour and { colour = target.result.colour, ref = top.value } or NONE
        elseif target.active then
          sb.input_error(top.line, top.label .. ": @" .. ref .. " leads back to " .. top.label .. " (a cycle)")
        else
          target.active = true
          stack[#stack + 1] = target
        end
      else
        top.result = literal(top)
      end
      if top.result then
        top.active = nil
        stack[#stack] = nil
      end
    end
    return node.result
  end

  -- Each variable where its name first came, with the value it ends with:
  -- a colour is an item of a family's row, a map a row of its own.
  local units = {}
  for _, name in ipairs(order) do
    local node = globals[name]
    if node.map then
      local items = {}
      for _, key in ipairs(node.map.keys) do
        local item = node.map.index[key]
        local found = resolve(item)
        if found.colour then
          items[#items + 1] = {
            id = name .. "." .. key, name = item.name, color = found.colour, key = item.label, ref = found.ref,
          }
        end
      end
      if #items > 0 then units[#units + 1] = { map = { name = name, items = items } } end
    elseif not node.nested then
      local found = resolve(node)
      if found.colour then units[#units + 1] = { name = name, colour = found.colour, ref = found.ref } end
    end
  end
  if #units == 0 then
    sb.log(file .. ": warning: found no variable with a colour value (@name: #RRGGBB;)")
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
      rows[#rows + 1] = { map = unit.map }
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
      name, row_name, items = own, row.map.name, row.map.items
    else
      local prefix = row.prefix
      local group = (#prefix >= 2 or (#prefix == 1 and groups[prefix[1]])) and prefix[1] or nil
      name = group or (loose == title and title or own)
      row_name = #prefix == 0 and loose or #prefix == 1 and prefix[1] or table.concat(prefix, "-", 2)
      items = {}
      for _, entry in ipairs(row.entries) do
        items[#items + 1] = {
          id = entry.name, name = entry.step, color = entry.colour, key = "@" .. entry.name, ref = entry.ref,
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
  name = "Less variables", api = 1, description = "Less variables (@name: colour)",
  reads = {
    format = "less", extensions = { "less" },
    keeps = { "spaces", "precision", "alpha", "title", "names", "groups", "order", "references" },
    loses = {
      "comments", "variables that are not colours", "what Less would compute (functions, operations)",
      "variables inside blocks", "rulesets nested in maps", "@import",
    },
    detect = function(head)
      local pattern = "%s*@[%w_%-]+%s*:[^{};\n]*;"
      return head:match("^" .. pattern) ~= nil or head:match("\n" .. pattern) ~= nil
    end,
  },
  data = read,
}
