-- CSS custom properties: every "--name: <colour>;" in any rule, with var()
-- references (and their fallbacks) resolved; properties whose value is not
-- a colour are left out, and so is one whose var() names nothing and has
-- no fallback (a warning says so; a browser drops it too). Each rule is a section of one row, named by its
-- selector (":root", ".dark"); a rule inside @media, @supports, @layer or
-- @container by its selector and the condition (":root @media (…)"), with a
-- warning, so a conditional value is never merged into the plain one. A
-- value that looks like a colour but is none is warned of at its column.
--
-- Every step is linear in the sheet: comments are found with plain finds,
-- text is trimmed without backtracking patterns, and var() is substituted
-- with a stack of its own (a chain as deep as the sheet is long resolves)
-- and each property's value kept once. As in a browser, a value longer than
-- `value_bound` once substituted is invalid (a warning says so), and so is
-- whatever needs it; a sheet that needs more than `reference_bound` var()
-- references or `text_bound` bytes of substituted values is an error, and
-- a value longer than `colour_bound` is no colour.
local sb = require "swatchbook"
local sheet = require "stylesheet"

local trim, closes_of = sheet.trim, sheet.closes_of
local find, match = string.find, string.match

local value_bound = 64 * 1024
local reference_bound = 100000
local text_bound = 4 * 1024 * 1024

-- A custom property's declaration at a position, matched in place up to
-- the "{", "}" or ";" that ends it: where its name starts, the name,
-- where its value starts (after the colon, then after the spaces that
-- follow it) and the value, trimmed at its start. It is matched only
-- where an end is known to follow, so it never backtracks far.
local declaration = "^%s*()%-%-([%w_%-]+)%s*:()%s*()([^;{}]*)[;{}]"

-- The conditional group rules: a rule inside one holds only when its
-- condition does, so it is a section of its own, named by it.
local conditional = { media = true, supports = true, layer = true, container = true }

-- The selector a rule's properties are read under: its own, followed by
-- each condition it is inside (":root @media (prefers-color-scheme: dark)");
-- nil for an at-rule's own block.
local function scope_of(selectors, depth)
  local own = selectors[depth]
  if depth == 0 then return ":root" end
  local conditions = {}
  for d = 1, depth - 1 do
    local at = selectors[d]:match("^@([%w%-]+)")
    if at and conditional[at:lower()] then conditions[#conditions + 1] = selectors[d] end
  end
  if own:match("^@([%w%-]+)") and conditional[own:match("^@([%w%-]+)"):lower()] then
    -- properties right inside @media: as the rule it stands for (nesting's &)
    conditions[#conditions + 1] = own
    own = ":root"
  end
  if #conditions == 0 then return own end
  return own .. " " .. table.concat(conditions, " ")
end

-- The custom properties of `text` (its comments made spaces), in order,
-- each { scope (its rule's selector), name, value, at, value_at } (`at` where its name
-- starts: a position, made a line only for a warning), and by name: by
-- the rule's selector and name, and by name alone (:root's, else the
-- first).
local function parse(text, line_of)
  local rules, by_name, by_scope = {}, {}, {}
  local selectors, depth = {}, 0
  -- the scope of the rule the text is in, worked out once each time a
  -- brace changes it
  local scope
  local start = 1
  -- where the next ";", "{" and "}" are, each found by a plain find and
  -- kept until passed: sheet.finder, written out for the one loop every
  -- declaration goes round (its general loop costs a 10,000-colour sheet
  -- 2% more)
  local none = #text + 1
  local semicolon, open, close = 0, 0, 0
  while true do
    if semicolon < start then semicolon = find(text, ";", start, true) or none end
    if open < start then open = find(text, "{", start, true) or none end
    if close < start then close = find(text, "}", start, true) or none end
    local at, c
    if semicolon < open and semicolon < close then
      at, c = semicolon, ";"
    elseif open < close then
      at, c = open, "{"
    elseif close < none then
      at, c = close, "}"
    else
      break
    end
    if c == "{" then
      depth = depth + 1
      scope = nil
      selectors[depth] = trim(text:sub(start, at - 1)):gsub("%s+", " ")
      local rule = selectors[depth]:match("^@([%w%-]+)")
      if rule and conditional[rule:lower()] then
        local line, column = line_of(text:find("%S", start) or start)
        sb.input_warning({ line = line, column = column }, selectors[depth] .. ": the rules inside are read as"
          .. " sections of their own, named with the condition, not merged into those outside", "conditional-rule")
      end
    else
      local dashes, name, after, value_at, value = match(text, declaration, start)
      if name and (c == ";" or depth > 0) then
        scope = scope or scope_of(selectors, depth)
        if value == "" then
          -- an empty value is placed right after its colon
          value_at = after
        elseif find(value, "^%s", -1) then
          value = trim(value)
        end
        rules[#rules + 1] = { scope = scope, name = name, value = value, at = dashes, value_at = value_at }
      end
      if c == "}" then
        if depth == 0 then sb.input_error(line_of(at), "a \"}\" closes no rule") end
        depth = depth - 1
        scope = nil
      end
    end
    start = at + 1
  end
  if depth > 0 then sb.input_error(line_of(#text), "a rule is never closed (" .. depth .. " \"{\" left open)") end
  -- A var() is looked up in its own rule first, then in :root, then anywhere.
  for _, rule in ipairs(rules) do
    local selector, name = rule.scope, rule.name
    local scoped = by_scope[selector]
    if not scoped then
      scoped = {}
      by_scope[selector] = scoped
    end
    scoped[name] = rule
    if by_name[name] == nil or selector == ":root" then by_name[name] = rule end
  end
  return rules, by_name, by_scope
end

local INVALID = {}

-- The var() substitution of a sheet, in the context of a selector: for
-- each selector, each property's value is worked out once.
local function substitution(by_name, by_scope, line_of)
  local memo = {}  -- selector -> rule -> value (or INVALID)
  local references, text_made = 0, 0
  local warned = {}

  local function too_long(rule)
    if warned[rule] then return end
    warned[rule] = true
    sb.input_warning(line_of(rule.at), "--" .. rule.name .. " is more than " .. value_bound
      .. " bytes once its var() are substituted, so it is invalid, as in a browser (and so is what uses it)")
  end

  local function missing(at, name)
    local line = line_of(at)
    if warned[line .. "\0" .. name] then return end
    warned[line .. "\0" .. name] = true
    sb.input_warning(line, "var(--" .. name .. ") names no custom property and has no fallback,"
      .. " so its declaration is invalid, as in a browser (and so is what uses it)")
  end

  return function(selector, top)
    local known = memo[selector]
    if not known then
      known = {}
      memo[selector] = known
    end
    if known[top] then return known[top] end
    -- A value with no var() (nearly every one) is itself, kept and counted
    -- as the substitution below would: no frame, stack or closure is made.
    local own = top.value
    if #own <= value_bound and not find(own, "var(", 1, true) then
      known[top] = own
      text_made = text_made + #own
      if text_made > text_bound then
        sb.input_error(line_of(top.at), "var() substitution made more than " .. text_bound // (1024 * 1024)
          .. " MiB of values (a bound of the CSS reader)")
      end
      return own
    end
    local active = {}
    local scoped = by_scope[selector]
    -- A frame substitutes text[position..stop]: a property's value, or the
    -- fallback of a var() in it (rule nil), whose result goes to the frame
    -- below it.
    local function frame(rule, text, closes, position, stop, at)
      return { rule = rule, text = text, closes = closes, position = position, stop = stop, at = at,
               parts = {}, size = 0 }
    end
    local function open(rule)
      active[rule] = true
      rule.closes = rule.closes or closes_of(rule.value)
      return frame(rule, rule.value, rule.closes, 1, #rule.value, rule.at)
    end
    local stack = { open(top) }
    local result

    -- Hands `value` (a string or INVALID) to frame `f`, for the var() it
    -- is at: INVALID takes the var()'s fallback, or makes `f` invalid.
    local function deliver(f, value)
      if not f then result = value return end
      local fallback = f.fallback
      f.fallback = nil
      if value ~= INVALID then
        f.parts[#f.parts + 1] = value
        f.size = f.size + #value
      elseif fallback then
        stack[#stack + 1] = frame(nil, f.text, f.closes, fallback[1], fallback[2], f.at)
      else
        f.failed = true
      end
    end

    -- Ends the top frame with `value`, kept for its property.
    local function finish(value)
      local done = table.remove(stack)
      if done.rule then
        active[done.rule] = nil
        known[done.rule] = value
        if value ~= INVALID then
          text_made = text_made + #value
          if text_made > text_bound then
            sb.input_error(line_of(done.at), "var() substitution made more than " .. text_bound // (1024 * 1024)
              .. " MiB of values (a bound of the CSS reader)")
          end
        end
      end
      deliver(stack[#stack], value)
    end

    while #stack > 0 do
      local f = stack[#stack]
      if f.failed then
        finish(INVALID)
      elseif f.size > value_bound then
        -- the property this frame belongs to is too long
        while not stack[#stack].rule do table.remove(stack) end
        too_long(stack[#stack].rule)
        finish(INVALID)
      else
        local text = f.text
        local at = text:find("var(", f.position, true)
        if not at or at + 3 > f.stop then
          local rest = text:sub(f.position, f.stop)
          f.parts[#f.parts + 1] = rest
          f.size = f.size + #rest
          f.position = f.stop + 1
          -- one past the bound is handled at the top of the loop
          if f.size <= value_bound then finish(table.concat(f.parts)) end
        else
          local before = text:sub(f.position, at - 1)
          f.parts[#f.parts + 1] = before
          f.size = f.size + #before
          local close = f.closes[at + 3]
          local name, after = text:match("^%s*%-%-([%w_%-]+)%s*()", at + 4)
          local mark = name and close and text:sub(after, after)
          if mark ~= ")" and mark ~= "," then
            -- not a var() this reader reads: kept as it is written
            f.parts[#f.parts + 1] = "var("
            f.size = f.size + 4
            f.position = at + 4
          else
            f.position = close + 1
            references = references + 1
            if references > reference_bound then
              sb.input_error(line_of(f.at), "the sheet needs more than " .. reference_bound
                .. " var() substitutions (a bound of the CSS reader)")
            end
            local fallback = mark == "," and trim(text:sub(after + 1, close - 1)) ~= "" and { after + 1, close - 1 } or nil
            local target = scoped and scoped[name] or by_name[name]
            if not target and not fallback then
              -- as in a browser, the declaration is invalid, not the sheet
              missing(f.at, name)
              f.failed = true
            elseif not target then
              stack[#stack + 1] = frame(nil, text, f.closes, fallback[1], fallback[2], f.at)
            elseif active[target] then
              sb.input_error(line_of(f.at), "var(--" .. name .. ") refers back to itself (a cycle)")
            elseif known[target] then
              f.fallback = fallback
              deliver(f, known[target])
            else
              f.fallback = fallback
              stack[#stack + 1] = open(target)
            end
          end
        end
      end
    end
    return result
  end
end

return {
  name = "CSS custom properties", api = 1, description = "CSS custom properties (--name: colour)",
  reads = {
    format = "css", extensions = { "css" },
    keeps = { "spaces", "precision", "alpha", "names", "groups", "order", "references" },
    loses = { "comments", "properties that are not colours", "!important" },
    detect = function(head) return head:match("%-%-[%w_%-]+%s*:") ~= nil and head:match("[{]") ~= nil end,
  },
  data = function(ctx)
    local text, line_of = sheet.input(ctx, false)
    local rules, by_name, by_scope = parse(text, line_of)
    local resolve = substitution(by_name, by_scope, line_of)
    -- light-dark() takes its dark colour with --scheme dark
    local options = ctx.scheme == "dark" and { scheme = "dark" } or nil
    local found = {}
    for _, rule in ipairs(rules) do
      -- a declaration's value is trimmed as it is read, and so is what
      -- resolves to it unchanged
      local written = rule.value
      local value = resolve(rule.scope, rule)
      if value ~= INVALID then
        if value ~= written then value = trim(value) end
        if find(value, "!important", -10, true) then value = trim(value:sub(1, -11)) end
        local colour, why = sheet.colour(value, options)
        if colour then
          -- a found colour is its rule, for sheet.families, with its colour
          rule.colour = colour
          found[#found + 1] = rule
        elseif why and sheet.looks_like_colour(value, closes_of(value)) then
          local line, column = line_of(rule.value_at)
          sb.input_warning({ line = line, column = column }, "--" .. rule.name .. ": " .. why .. ", so it is left out", "bad-colour")
        end
      end
    end
    if #found == 0 then
      sb.input_warning(0, "found no custom property with a colour value (--name: #RRGGBB;)")
      return {}
    end
    local rows = sheet.families(found)
    -- A row's first part names its group ("color" of "color-red"), and so
    -- does a row of one part that is some longer row's group ("color" of
    -- "color-black" beside "color-red-50"). Rows of the same group and
    -- rule in a run make one section; the first rule's selector (":root"
    -- when there is one) goes unsaid, another is named with its group.
    local groups = {}
    for _, row in ipairs(rows) do
      if #row.prefix >= 2 then groups[row.scope .. "\0" .. row.prefix[1]] = true end
    end
    local primary = rows[1].scope
    for _, row in ipairs(rows) do
      if row.scope == ":root" then primary = ":root" break end
    end
    local sections, section = {}, nil
    for _, row in ipairs(rows) do
      local selector, prefix = row.scope, row.prefix
      local group = (#prefix >= 2 or (#prefix == 1 and groups[selector .. "\0" .. prefix[1]])) and prefix[1] or nil
      local name = group or selector
      if group and selector ~= primary then name = group .. " (" .. selector .. ")" end
      if not section or section.name ~= name then
        section = { name = name, rows = {} }
        sections[#sections + 1] = section
      end
      local row_name = #prefix == 0 and name
        or #prefix == 1 and prefix[1]
        or table.concat(prefix, "-", 2)
      local items = {}
      for _, rule in ipairs(row.entries) do
        -- the property as written, where it was, and a var() reference
        -- before it was substituted
        local written = rule.value
        items[#items + 1] = {
          id = rule.name, name = rule.step, color = rule.colour, key = "--" .. rule.name,
          scope = selector ~= ":root" and selector or nil,
          ref = find(written, "var(", 1, true) and written or nil,
        }
      end
      -- the next row of the same name in the same section goes on
      local last = section.rows[#section.rows]
      if last and last.name == row_name then
        for _, item in ipairs(items) do last.items[#last.items + 1] = item end
      else
        section.rows[#section.rows + 1] = { name = row_name, items = items }
      end
    end
    return sections
  end,
}
