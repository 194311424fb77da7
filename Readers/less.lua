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
local sheet = require "stylesheet"

local trim, line_counter, closes_of = sheet.trim, sheet.line_counter, sheet.closes_of

local function read(ctx)
  local text, line_of, title = sheet.input(ctx, true)

  -- `place` is where the value starts: { line, column }.
  local function warn(place, label, why)
    sb.input_warning(place, label .. ": " .. why .. ", so it is left out", "bad-colour")
  end
  local function place_of(position)
    local line, column = line_of(position)
    return { line = line, column = column }
  end

  -- The variables, each { name, label, value, line, scope }, by name (the
  -- last definition wins), and the order each name first came in; a map
  -- has `items` (declarations in its own order) and a scope of its own
  -- variables, looked up before the file's.
  local globals, order = {}, {}
  local function declarations(body, body_start, map)
    for _, statement in ipairs(sheet.statements(body, line_counter(body), "@", true)) do
      local lead, at, name, after = statement.text:match("^%s*()(@?)([%w_%-]+)%s*:()")
      if lead then
        local value_at = statement.text:find("%S", after) or after
        local line = place_of(body_start + statement.start + value_at - 2)
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
  for _, statement in ipairs(sheet.statements(text, line_of, "@", true)) do
    local at, name, after = statement.text:match("^%s*()@([%w_%-]+)%s*:()")
    if at then
      local value_at = statement.text:find("%S", after) or after
      local node = { name = name, label = "@" .. name, line = place_of(statement.start + value_at - 1) }
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
    local colour, why = sheet.colour(value)
    if colour then return { colour = colour } end
    if why and sheet.looks_like_colour(value, closes_of(value)) then warn(node.line, node.label, why) end
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
          sb.input_warning(top.line, top.label .. ": @" .. ref .. " names no variable, so it is left out")
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
    sb.input_warning(0, "found no variable with a colour value (@name: #RRGGBB;)")
    return {}
  end

  return sheet.sections(units, title, "@")
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
