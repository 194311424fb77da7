-- What the style-sheet readers share (CSS custom properties, Sass and Less
-- variables): text read in one pass (comments, strings, statements,
-- parentheses), what counts as a colour, and the families design systems
-- name their colours in.
local sb = require "swatchbook"

local find = string.find

local M = {}

-- The longest value tried as a colour: sb.color takes time in proportion
-- to what it is given, and no colour is near this long.
M.colour_bound = 1024

-- `s` without the white space around it, in one pass.
function M.trim(s)
  local first = s:find("%S")
  if not first then return "" end
  return s:match("^.*%S", first)
end

-- The line and column (in characters) of a position of `text`, in any
-- order: where each line starts is found once, on the first call (a plain
-- find a line), and a position's line is the one asked before or found by
-- halving, so a reader can keep positions and ask only for the few it
-- reports.
function M.line_counter(text)
  local starts
  local line = 1
  return function(position)
    if not starts then
      starts = { 1 }
      local at = find(text, "\n", 1, true)
      while at do
        starts[#starts + 1] = at + 1
        at = find(text, "\n", at + 1, true)
      end
    end
    local next_start = starts[line + 1]
    if position < starts[line] or (next_start and position >= next_start) then
      local low, high = 1, #starts
      while low < high do
        local middle = (low + high + 1) // 2
        if starts[middle] <= position then low = middle else high = middle - 1 end
      end
      line = low
    end
    local start = starts[line]
    if position <= start then return line, 1 end
    return line, 1 + (utf8.len(text, start, position - 1, true) or (position - start))
  end
end

-- The next of a few single bytes of `text` at or after a position:
-- `finder(text, "{};")` is a function of the position that gives where
-- the first of them is and which it is, or nil. Each byte is looked for
-- with a plain find (a memchr) and where it is next is kept until the
-- position passes it, so a scan of the whole text reads it a few times in
-- C; a pattern set ("[{};]") costs Lua's matcher a few hundred
-- instructions a byte it passes. Positions are asked for in order; one
-- before the last starts the search over.
function M.finder(text, bytes)
  local count, none = #bytes, #text + 1
  local chars, nexts = {}, {}
  for i = 1, count do chars[i], nexts[i] = bytes:sub(i, i), 0 end
  local last = 1
  return function(position)
    if position < last then
      for i = 1, count do nexts[i] = 0 end
    end
    last = position
    local best, which = none, nil
    for i = 1, count do
      local at = nexts[i]
      if at < position then
        at = find(text, chars[i], position, true) or none
        nexts[i] = at
      end
      if at < best then best, which = at, i end
    end
    if which then return best, chars[which] end
    return nil
  end
end

-- Where the string opened by the quote at `open` closes (its closing
-- quote, or the end of its line: an unclosed string ends there).
function M.string_end(text, open)
  local quote = text:sub(open, open)
  local next_of = M.finder(text, quote .. "\\\n")
  local position = open + 1
  while true do
    local at, c = next_of(position)
    if not at then return #text end
    if c ~= "\\" then return at end
    position = at + 2
  end
end

-- The text with each comment made spaces (keeping its line breaks, so line
-- numbers stay right): `/* … */`, and with `line_comments` (Sass, Less)
-- `// …` to the end of the line, but not inside a string, nor the `//` of
-- a URL's `://`.
function M.strip_comments(text, line_of, line_comments)
  local parts, position, kept = {}, 1, 1
  local next_of = M.finder(text, "\"'/")
  while true do
    local at, c = next_of(position)
    if not at then break end
    local after = text:sub(at + 1, at + 1)
    if c ~= "/" then
      position = M.string_end(text, at) + 1
    elseif after == "*" then
      local close = text:find("*/", at + 2, true)
      if not close then sb.input_error(line_of(at), "a comment is never closed") end
      parts[#parts + 1] = text:sub(kept, at - 1)
      local _, breaks = text:sub(at, close + 1):gsub("\n", "")
      parts[#parts + 1] = " " .. ("\n"):rep(breaks)
      position, kept = close + 2, close + 2
    elseif line_comments and after == "/" and text:sub(at - 1, at - 1) ~= ":" then
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

-- The file a reader is given, read as all three begin: the title a
-- Swatchbook writer put first ("/* title: written by swatchbook */") is
-- the palette's, and the text comes back with its comments made spaces
-- (`line_comments` as strip_comments), with its line counter and the title
-- (the file's stem when it names none).
function M.input(ctx, line_comments)
  local text = sb.input()
  -- the first comment only, so a sheet is not searched to its end for it
  local close = text:sub(1, 3) == "/* " and find(text, "*/", 4, true)
  local title = close and text:sub(1, close + 1):match("^/%* (.-): written by swatchbook %*/$")
  if title then sb.title(title) end
  text = M.strip_comments(text, M.line_counter(text), line_comments)
  return text, M.line_counter(text), title or ctx.input.stem
end

-- The statements at the top of a Sass or Less file, each { text, start }:
-- what lies between `;`s and blocks outside any parentheses, string or
-- interpolation (`#{…}` in Sass, `@{…}` in Less: `interpolation` is its
-- mark). A block's prelude (a selector, a mixin, `@media …`) is no
-- statement, and what is inside the block is skipped, but for a Less
-- detached ruleset (`@name: { … }`, with `rulesets`), whose prelude is
-- given its `body` and `body_start`.
function M.statements(text, line_of, interpolation, rulesets)
  local found = {}
  local depth, parens, interpolations = 0, 0, 0
  local position, start, body_start = 1, 1, 1
  local next_of = M.finder(text, "\"'(){};")
  while true do
    local at, c = next_of(position)
    if not at then break end
    position = at + 1
    if c == "\"" or c == "'" then
      position = M.string_end(text, at) + 1
    elseif c == "(" then
      parens = parens + 1
    elseif c == ")" then
      if parens > 0 then parens = parens - 1 end
    elseif c == "{" then
      if text:sub(at - 1, at - 1) == interpolation then
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
          if rulesets and prelude:match("^%s*@[%w_%-]+%s*:%s*$") then
            found[#found + 1] = { text = prelude, start = start, body = text:sub(body_start, at - 1),
                                  body_start = body_start }
          end
          start = at + 1
        end
      end
    elseif parens == 0 and interpolations == 0 then
      -- ";"
      if depth == 0 then
        found[#found + 1] = { text = text:sub(start, at - 1), start = start }
        start = at + 1
      end
    end
  end
  if depth > 0 then sb.input_error(line_of(#text), "a block is never closed (" .. depth .. " \"{\" left open)") end
  if M.trim(text:sub(start)) ~= "" then found[#found + 1] = { text = text:sub(start), start = start } end
  return found
end

-- Where each "(" of `text` is closed, strings skipped: { [open] = close }.
function M.closes_of(text)
  local closes, open, position = {}, {}, 1
  local next_of = M.finder(text, "\"'()")
  while true do
    local at, c = next_of(position)
    if not at then break end
    position = at + 1
    if c == "\"" or c == "'" then
      position = M.string_end(text, at) + 1
    elseif c == "(" then
      open[#open + 1] = at
    elseif #open > 0 then
      closes[open[#open]] = at
      open[#open] = nil
    end
  end
  return closes
end

-- The CSS functions a colour is written with: a value that is one of them
-- and no colour is a mistake worth a word, where "700" or "1rem" is just
-- not a colour.
local colour_functions = {
  rgb = true, rgba = true, hsl = true, hsla = true, hwb = true, lab = true, lch = true, oklab = true,
  oklch = true, color = true, ["color-mix"] = true, ["light-dark"] = true,
}

-- Whether `value` is meant as a colour: one hex with its "#", or one call
-- of a colour function (`closes` is closes_of(value)). A name such as
-- "red" is tried too, and silently not a colour when it is none; "#f00 +
-- #111" is an operation a preprocessor computes.
function M.looks_like_colour(value, closes)
  if value:sub(1, 1) == "#" then return not value:find("%s") end
  local name, open = value:match("^([%a][%w%-]*)()%(")
  return name ~= nil and colour_functions[name:lower()] == true and closes[open] == #value
end

-- Reads `value` as a CSS <color>, or nil and why (nil when it is plainly
-- no colour). CSS has no hex without "#": a bare "700" or "beef" (which
-- sb.color takes for hex, as plugins may write it) is no colour here.
-- `options` are sb.color's (`{ scheme = "dark" }`).
function M.colour(value, options)
  if #value > M.colour_bound then
    return nil, "its value is longer than " .. M.colour_bound .. " bytes, which no colour is"
  end
  if value:match("^%x+$") then return nil end
  local ok, colour
  if options then ok, colour = pcall(sb.color, value, options) else ok, colour = pcall(sb.color, value) end
  if ok then return colour end
  return nil, (tostring(colour):gsub("^sb%.color: ", ""))
end

-- The families of the colours, the way design systems name them: a run of
-- names that differ only in their last part is a row, named by what they
-- share ("color-red-50 … color-red-950" the row "red" of the group
-- "color", as Tailwind writes them; "gray-0 … gray-12" the row "gray", as
-- Open Props does). A name that extends one of its row's own
-- ("selection-text" after "selection") stays in the row. Rows follow the
-- file's order, so it is kept; a change of `scope` (a CSS rule) starts a
-- row. `found` holds { name, scope? … }; each gets its `step`, the name
-- within its row. `separators` is the pattern of a part ("[^%-]+"; Sass
-- takes "_" for "-" too).
function M.families(found, separators)
  local rows, current = {}, nil
  -- The common case, without splitting the name: the next step of the
  -- current row ("color-red-100" after "color-red-50"), where the parts
  -- are plainly what lies between "-" (no "--", no "-" at an end).
  local function next_step(entry)
    local name = entry.name
    if not current or current.scope ~= entry.scope or separators or name:find("--", 1, true)
      or name:sub(1, 1) == "-" or name:sub(-1) == "-" then
      return nil
    end
    local head, step = name:match("^(.*)%-([^%-]+)$")
    if not head then head, step = "", name end
    return current.text == head and step or nil
  end
  for _, entry in ipairs(found) do
    local step = next_step(entry)
    if step then
      current.steps[step] = true
    else
      local parts = {}
      for part in entry.name:gmatch(separators or "[^%-]+") do parts[#parts + 1] = part end
      local extends = current ~= nil and current.scope == entry.scope and #parts > #current.prefix
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
        current = { scope = entry.scope, prefix = prefix, text = table.concat(prefix, "-"), steps = {}, entries = {} }
        rows[#rows + 1] = current
      end
      step = table.concat(parts, "-", #current.prefix + 1)
      current.steps[step] = true
      if #parts == 0 then step = entry.name end
    end
    entry.step = step
    current.entries[#current.entries + 1] = entry
  end
  return rows
end

-- The sections of a Sass or Less file's variables, in the file's order:
-- `units` are its colours, { name, colour, ref }, and its maps' rows,
-- { map = { name, items }, section? }. Runs of plain variables make
-- families; a map's rows stand alone. `sigil` ("$", "@") starts each key,
-- `separators` as families'.
function M.sections(units, title, sigil, separators)
  local rows, run = {}, {}
  local function flush()
    for _, row in ipairs(M.families(run, separators)) do rows[#rows + 1] = row end
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
          id = entry.name, name = entry.step, color = entry.colour, key = sigil .. entry.name, ref = entry.ref,
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

return M
