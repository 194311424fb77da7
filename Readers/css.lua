-- CSS custom properties: every "--name: <colour>;" in any rule, with var()
-- references (and their fallbacks) resolved; properties whose value is not
-- a colour are left out. Each rule is a section of one row, named by its
-- selector (":root", ".dark", "@media …" rules by their inner selector).
local sb = require "swatchbook"

local function strip_comments(text)
  -- keep line breaks so line numbers stay right
  return (text:gsub("/%*.-%*/", function(comment) return (comment:gsub("[^\n]", " ")) end))
end

-- Line numbers for positions met in order: each counts only the text
-- since the one before, so a long sheet is read in one pass.
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

local function parse(text)
  text = strip_comments(text)
  local line_of = line_counter(text)
  if text:find("/*", 1, true) then sb.input_error(line_of(text:find("/*", 1, true)), "a comment is never closed") end
  local rules, by_name = {}, {}
  local selectors, depth = {}, 0
  local position = 1
  local start = 1
  while true do
    local at, _, c = text:find("([{};])", position)
    if not at then break end
    if c == "{" then
      local selector = text:sub(start, at - 1):match("^%s*(.-)%s*$")
      depth = depth + 1
      selectors[depth] = selector
      start = at + 1
    elseif c == "}" then
      local chunk = text:sub(start, at - 1)
      if chunk:match("%S") then
        local declaration = chunk
        local name, value = declaration:match("^%s*%-%-([%w_%-]+)%s*:%s*(.-)%s*$")
        if name and depth > 0 then
          table.insert(rules, { selector = selectors[depth], name = name, value = value, line = line_of(start) })
        end
      end
      if depth == 0 then sb.input_error(line_of(at), "a \"}\" closes no rule") end
      depth = depth - 1
      start = at + 1
    else
      local declaration = text:sub(start, at - 1)
      local name, value = declaration:match("^%s*%-%-([%w_%-]+)%s*:%s*(.-)%s*$")
      if name then
        local where = line_of(start + (declaration:find("%-%-") or 1) - 1)
        table.insert(rules, { selector = selectors[depth] or ":root", name = name, value = value, line = where })
      end
      start = at + 1
    end
    position = at + 1
  end
  if depth > 0 then sb.input_error(line_of(#text), "a rule is never closed (" .. depth .. " \"{\" left open)") end
  -- A var() is looked up in its own rule first, then in :root, then anywhere.
  for _, rule in ipairs(rules) do
    by_name[rule.selector .. "\0" .. rule.name] = rule
    if by_name[rule.name] == nil or rule.selector == ":root" then by_name[rule.name] = rule end
  end
  return rules, by_name
end

local function resolve(value, by_name, selector, line, seen)
  return (value:gsub("var%(%s*%-%-([%w_%-]+)%s*,?%s*([^()]*)%)", function(name, fallback)
    local target = by_name[selector .. "\0" .. name] or by_name[name]
    if seen[name] then sb.input_error(line, "var(--" .. name .. ") refers back to itself (a cycle)") end
    if target then
      seen[name] = true
      local resolved = resolve(target.value, by_name, selector, target.line, seen)
      seen[name] = nil
      return resolved
    end
    if fallback ~= "" then return fallback end
    sb.input_error(line, "var(--" .. name .. ") names no custom property")
  end))
end

return {
  name = "CSS custom properties", api = 1, description = "CSS custom properties (--name: colour)",
  reads = {
    format = "css", extensions = { "css" },
    detect = function(head) return head:match("%-%-[%w_%-]+%s*:") ~= nil and head:match("[{]") ~= nil end,
  },
  data = function(ctx)
    local rules, by_name = parse(sb.input())
    local sections, by_selector = {}, {}
    for _, rule in ipairs(rules) do
      local value = resolve(rule.value, by_name, rule.selector, rule.line, { [rule.name] = true })
      value = value:gsub("%s*!important%s*$", "")
      local ok, colour = pcall(sb.color, value)
      if ok then
        local section = by_selector[rule.selector]
        if not section then
          section = { name = rule.selector, rows = { { name = rule.selector, items = {} } } }
          by_selector[rule.selector] = section
          table.insert(sections, section)
        end
        table.insert(section.rows[1].items, { id = rule.name, name = rule.name, color = colour })
      end
    end
    if #sections == 0 then sb.input_error(0, "expected custom properties with colour values (--name: #RRGGBB;), found none") end
    return sections
  end,
}
