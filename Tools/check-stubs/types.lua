-- Reading the LuaLS stubs `swatchbook stubs` writes: the `---@alias`,
-- `---@class` and `---@field` lines, and the functions with their
-- `---@return` types, parsed into type trees that check.lua checks values
-- against and makes plausible values from.
--
-- The types read are the LuaLS subset the stubs use: names (`string`,
-- `integer`, `swatchbook.Item`), string literals, `true`/`false`, `A|B`,
-- `T[]`, `T?`, `(T)`, `table<K, V>`, `{name: T, other?: U, [1]: V}` and
-- `fun(a: T, b?: U, ...): R`. A type ends where the grammar does: what
-- follows it on the line is its description.
local M = {}

-- A lazy tokenizer over `text` from `pos`: only what the grammar asks for
-- is read, so a description after a type is never tokenized.
local function lexer(text, pos)
  local lex = { text = text, pos = pos }

  function lex.peek()
    local p = text:find("%S", lex.pos)
    if not p then return { kind = "end", pos = #text + 1, stop = #text + 1 } end
    local c = text:sub(p, p)
    if text:sub(p, p + 2) == "..." then return { kind = "...", pos = p, stop = p + 3 } end
    local name = text:match("^[%a_][%w_%.]*", p)
    if name then
      -- A name may hold dots (`swatchbook.Item`), never end in one.
      name = name:gsub("%.+$", "")
      return { kind = "name", value = name, pos = p, stop = p + #name }
    end
    local digits = text:match("^%d+", p)
    if digits then return { kind = "number", value = tonumber(digits), pos = p, stop = p + #digits } end
    if c == '"' or c == "'" then
      local close = text:find(c, p + 1, true)
      if close then return { kind = "string", value = text:sub(p + 1, close - 1), pos = p, stop = close + 1 } end
    end
    if c:match("[|%[%]%?%(%){}<>,:]") then return { kind = c, pos = p, stop = p + 1 } end
    return { kind = "other", pos = p, stop = p + 1 }
  end

  function lex.take()
    local token = lex.peek()
    lex.pos = token.stop
    return token
  end

  function lex.expect(kind)
    local token = lex.take()
    if token.kind ~= kind then
      error(("expected %s at column %d of %q"):format(kind, token.pos, text), 0)
    end
    return token
  end

  return lex
end

local parse_type

-- `name: T`, `name?: T` or `[1]: T` inside `{…}`.
local function parse_record(lex)
  local fields = {}
  if lex.peek().kind == "}" then lex.take() return { tag = "record", fields = fields } end
  repeat
    local key, token = nil, lex.take()
    if token.kind == "[" then
      local inner = lex.take()
      key = inner.value
      lex.expect("]")
    elseif token.kind == "name" then
      key = token.value
    else
      error(("expected a field name at column %d of %q"):format(token.pos, lex.text), 0)
    end
    local optional = false
    if lex.peek().kind == "?" then lex.take() optional = true end
    lex.expect(":")
    fields[#fields + 1] = { name = key, optional = optional, type = parse_type(lex) }
  until lex.peek().kind ~= "," or not lex.take()
  lex.expect("}")
  return { tag = "record", fields = fields }
end

-- `fun(a: T, b?: U, ...): R`, after `fun`.
local function parse_fun(lex)
  lex.expect("(")
  local params, vararg = {}, false
  if lex.peek().kind ~= ")" then
    repeat
      local token = lex.take()
      if token.kind == "..." then
        vararg = true
      elseif token.kind == "name" then
        local optional = false
        if lex.peek().kind == "?" then lex.take() optional = true end
        local ptype = { tag = "name", name = "any" }
        if lex.peek().kind == ":" then lex.take() ptype = parse_type(lex) end
        params[#params + 1] = { name = token.value, optional = optional, type = ptype }
      else
        error(("expected a parameter at column %d of %q"):format(token.pos, lex.text), 0)
      end
    until lex.peek().kind ~= "," or not lex.take()
  end
  lex.expect(")")
  local returns = {}
  if lex.peek().kind == ":" then
    lex.take()
    returns[1] = parse_type(lex)
  end
  return { tag = "fun", params = params, vararg = vararg, returns = returns }
end

local function parse_primary(lex)
  local token = lex.take()
  if token.kind == "(" then
    local inner = parse_type(lex)
    lex.expect(")")
    return inner
  elseif token.kind == "{" then
    return parse_record(lex)
  elseif token.kind == "string" then
    return { tag = "literal", value = token.value }
  elseif token.kind == "name" then
    if token.value == "fun" and lex.peek().kind == "(" then return parse_fun(lex) end
    if token.value == "true" or token.value == "false" then
      return { tag = "literal", value = token.value == "true" }
    end
    if token.value == "table" and lex.peek().kind == "<" then
      lex.take()
      local key = parse_type(lex)
      lex.expect(",")
      local value = parse_type(lex)
      lex.expect(">")
      return { tag = "map", key = key, value = value }
    end
    return { tag = "name", name = token.value }
  end
  error(("expected a type at column %d of %q"):format(token.pos, lex.text), 0)
end

local function parse_postfix(lex)
  local t = parse_primary(lex)
  while true do
    local token = lex.peek()
    if token.kind == "[" and lex.text:sub(token.stop, token.stop) == "]" then
      lex.take()
      lex.take()
      t = { tag = "array", of = t }
    elseif token.kind == "?" then
      lex.take()
      t = { tag = "union", alts = { t, { tag = "name", name = "nil" } } }
    else
      return t
    end
  end
end

function parse_type(lex)
  local alts = { parse_postfix(lex) }
  while lex.peek().kind == "|" do
    lex.take()
    alts[#alts + 1] = parse_postfix(lex)
  end
  if #alts == 1 then return alts[1] end
  return { tag = "union", alts = alts }
end

--- The type at `pos` of `text`, and where what follows it starts.
function M.parse(text, pos)
  local lex = lexer(text, pos or 1)
  local t = parse_type(lex)
  return t, lex.pos
end

--- The LuaLS text of a type, for messages.
function M.text(t)
  if t.tag == "name" then return t.name end
  if t.tag == "literal" then return type(t.value) == "string" and ('"' .. t.value .. '"') or tostring(t.value) end
  if t.tag == "union" then
    local parts = {}
    for i, alt in ipairs(t.alts) do parts[i] = M.text(alt) end
    return table.concat(parts, "|")
  end
  if t.tag == "array" then
    local inner = M.text(t.of)
    return (t.of.tag == "union" or t.of.tag == "fun") and ("(" .. inner .. ")[]") or (inner .. "[]")
  end
  if t.tag == "map" then return "table<" .. M.text(t.key) .. ", " .. M.text(t.value) .. ">" end
  if t.tag == "record" then
    local parts = {}
    for i, f in ipairs(t.fields) do
      local key = type(f.name) == "number" and ("[" .. f.name .. "]") or f.name
      parts[i] = key .. (f.optional and "?" or "") .. ": " .. M.text(f.type)
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  local params = {}
  for i, p in ipairs(t.params) do params[i] = p.name .. (p.optional and "?" or "") .. ": " .. M.text(p.type) end
  if t.vararg then params[#params + 1] = "..." end
  return "fun(" .. table.concat(params, ", ") .. ")" .. (t.returns[1] and (": " .. M.text(t.returns[1])) or "")
end

--- Reads the stub file's text: `{ aliases = {NAME = type}, classes = {NAME =
--- {name, fields = {…}, byName = {…}, functions = {NAME = {returns = {…}}}}} }`,
--- or nil and the problems met.
function M.read_stubs(source)
  local stubs = { aliases = {}, classes = {} }
  local problems = {}
  local class, locals, pending = nil, {}, {}
  local number = 0
  for line in (source .. "\n"):gmatch("([^\n]*)\n") do
    number = number + 1
    local ok, err = pcall(function()
      local name, rest = line:match("^%-%-%-@alias%s+([%w_%.]+)%s+()")
      if name then
        stubs.aliases[name] = M.parse(line, rest)
        return
      end
      name = line:match("^%-%-%-@class%s+([%w_%.]+)")
      if name then
        class = { name = name, fields = {}, byName = {}, functions = {} }
        stubs.classes[name] = class
        return
      end
      local field, optional, at = line:match("^%-%-%-@field%s+([%w_]+)(%??)%s+()")
      if field then
        assert(class, "a field outside a class")
        local entry = { name = field, optional = optional == "?", type = (M.parse(line, at)) }
        class.fields[#class.fields + 1] = entry
        class.byName[field] = entry
        return
      end
      local returns = line:match("^%-%-%-@return%s+()")
      if returns then
        local lex = lexer(line, returns)
        repeat
          pending[#pending + 1] = parse_type(lex)
          if lex.peek().kind == "name" then lex.take() end
        until lex.peek().kind ~= "," or not lex.take()
        return
      end
      if line:match("^%-%-") then return end
      local variable = line:match("^local%s+([%w_]+)%s*=%s*{}")
      if variable and class then locals[variable] = class end
      local owner, fname = line:match("^function%s+([%w_]+)[%.:]([%w_]+)")
      if owner then
        local target = assert(locals[owner], "a function of an unknown table " .. owner)
        target.functions[fname] = { returns = pending }
      end
      pending = {}
      if not line:match("^%s*$") and not variable and not owner then class = nil end
    end)
    if not ok then problems[#problems + 1] = ("stubs:%d: %s"):format(number, err) end
  end
  if #problems > 0 then return nil, problems end
  return stubs
end

return M
