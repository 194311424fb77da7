-- Checking a Lua value against a type of the stubs (types.lua), and making
-- plausible values of a type: the fake `swatchbook` module a checked file
-- requires, and the arguments its functions are called with.
local types = require "types"

local M = {}

local primitive = {
  string = function(v) return type(v) == "string" end,
  number = function(v) return type(v) == "number" end,
  integer = function(v) return math.type(v) == "integer" end,
  boolean = function(v) return type(v) == "boolean" end,
  table = function(v) return type(v) == "table" end,
  ["function"] = function(v) return type(v) == "function" end,
  ["nil"] = function(v) return v == nil end,
}

--- A checker over parsed stubs. `on_function(value, type, path, out)`, when
--- set, is told of every function checked (to call it and check its answer).
function M.new(stubs)
  local C = { on_function = nil }
  -- The fake objects made (colours, generators, module tables), by class.
  local objects = setmetatable({}, { __mode = "k" })

  local function describe(v)
    if type(v) == "string" then return ("the string %q"):format(#v > 40 and (v:sub(1, 40) .. "...") or v) end
    if math.type(v) == "integer" then return "the integer " .. v end
    if type(v) == "number" then return "the number " .. v end
    if type(v) == "boolean" or v == nil then return tostring(v) end
    if objects[v] then return "a " .. objects[v] end
    return "a " .. type(v)
  end

  local function join(path, key)
    if math.type(key) == "integer" then return path .. "[" .. key .. "]" end
    if type(key) ~= "string" then return path .. "[" .. tostring(key) .. "]" end
    return path == "" and key or (path .. "." .. key)
  end

  local function add(out, path, message)
    out[#out + 1] = { path = path, message = message }
  end

  -- The key among `names` one edit or two from `key`, for a "did you mean".
  local function closest(key, names)
    local function distance(a, b)
      local previous = {}
      for j = 0, #b do previous[j] = j end
      for i = 1, #a do
        local current = { [0] = i }
        for j = 1, #b do
          local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
          current[j] = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        end
        previous = current
      end
      return previous[#b]
    end
    local best, score = nil, 3
    for _, name in ipairs(names) do
      local d = distance(key, name)
      if d < score then best, score = name, d end
    end
    return best
  end

  -- Keys in a stable order: numbers first, then strings, then the rest.
  local function sorted_keys(t)
    local keys = {}
    for k in next, t do keys[#keys + 1] = k end
    local rank = { number = 1, string = 2 }
    table.sort(keys, function(a, b)
      local ra, rb = rank[type(a)] or 3, rank[type(b)] or 3
      if ra ~= rb then return ra < rb end
      if ra == 3 then return tostring(a) < tostring(b) end
      return a < b
    end)
    return keys
  end

  local function resolve(t)
    while t.tag == "name" and stubs.aliases[t.name] do t = stubs.aliases[t.name] end
    return t
  end

  -- The Lua types a type takes, to tell which of a union's members a value meant.
  local function accepts(t, lua_type)
    t = resolve(t)
    if t.tag == "union" then
      for _, alt in ipairs(t.alts) do if accepts(alt, lua_type) then return true end end
      return false
    end
    if t.tag == "literal" then return type(t.value) == lua_type end
    if t.tag == "fun" then return lua_type == "function" end
    if t.tag ~= "name" then return lua_type == "table" end
    if t.name == "any" then return true end
    if t.name == "integer" then return lua_type == "number" end
    if primitive[t.name] then return t.name == lua_type end
    return lua_type == "table"
  end

  local check

  local function check_fields(v, fields, path, out, what)
    if type(v) ~= "table" or objects[v] then
      add(out, path, ("expected a table (%s), got %s"):format(what, describe(v)))
      return
    end
    local by_name, names = {}, {}
    for _, f in ipairs(fields) do
      by_name[f.name] = f
      if type(f.name) == "string" then names[#names + 1] = f.name end
    end
    for _, k in ipairs(sorted_keys(v)) do
      if by_name[k] == nil then
        if type(k) == "string" then
          local near = closest(k, names)
          add(out, join(path, k), ("unknown key %q in %s"):format(k, what)
            .. (near and (" (did you mean %q?)"):format(near) or ""))
        else
          add(out, join(path, k), ("unexpected key %s in %s, which has named keys"):format(describe(k), what))
        end
      end
    end
    for _, f in ipairs(fields) do
      local value = rawget(v, f.name)
      if value == nil then
        if not f.optional then
          add(out, join(path, f.name), ("missing required key of %s (%s)"):format(what, types.text(f.type)))
        end
      else
        check(value, f.type, join(path, f.name), out)
      end
    end
  end

  function check(v, t, path, out)
    if t.tag == "name" then
      local name = t.name
      if name == "any" then return end
      if primitive[name] then
        if not primitive[name](v) then add(out, path, ("expected %s, got %s"):format(name, describe(v))) end
        return
      end
      if stubs.aliases[name] then return check(v, stubs.aliases[name], path, out) end
      local class = stubs.classes[name]
      if not class then return add(out, path, "the stubs name a type they do not declare: " .. name) end
      if #class.fields > 0 then return check_fields(v, class.fields, path, out, name) end
      if objects[v] ~= name then add(out, path, ("expected a %s, got %s"):format(name, describe(v))) end
    elseif t.tag == "literal" then
      if v ~= t.value then add(out, path, ("expected %s, got %s"):format(types.text(t), describe(v))) end
    elseif t.tag == "union" then
      local meant, tries = {}, {}
      for _, alt in ipairs(t.alts) do
        local found = {}
        check(v, alt, path, found)
        if #found == 0 then return end
        if accepts(alt, type(v)) then
          meant[#meant + 1] = alt
          tries[#tries + 1] = found
        end
      end
      -- One member takes a value of this Lua type: say what is wrong inside it.
      if #meant == 1 then
        table.move(tries[1], 1, #tries[1], #out + 1, out)
      else
        add(out, path, ("expected %s, got %s"):format(types.text(t), describe(v)))
      end
    elseif t.tag == "array" then
      if type(v) ~= "table" or objects[v] then
        return add(out, path, ("expected a list (%s), got %s"):format(types.text(t), describe(v)))
      end
      local n = rawlen(v)
      for _, k in ipairs(sorted_keys(v)) do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then
          add(out, join(path, k), ("unexpected key %s in a list (%s)"):format(describe(k), types.text(t)))
        end
      end
      for i = 1, n do check(rawget(v, i), t.of, join(path, i), out) end
    elseif t.tag == "map" then
      if type(v) ~= "table" or objects[v] then
        return add(out, path, ("expected %s, got %s"):format(types.text(t), describe(v)))
      end
      for _, k in ipairs(sorted_keys(v)) do
        local found = {}
        check(k, t.key, path, found)
        if #found > 0 then
          add(out, join(path, k), ("a key of %s, expected %s"):format(describe(k), types.text(t.key)))
        end
        check(rawget(v, k), t.value, join(path, k), out)
      end
    elseif t.tag == "record" then
      check_fields(v, t.fields, path, out, types.text(t))
    elseif t.tag == "fun" then
      if type(v) ~= "function" then
        return add(out, path, ("expected a function (%s), got %s"):format(types.text(t), describe(v)))
      end
      local info = debug.getinfo(v, "u")
      if not info.isvararg and not t.vararg and info.nparams > #t.params then
        local names = {}
        for i, p in ipairs(t.params) do names[i] = p.name end
        add(out, path, ("the function takes %d parameters, the stubs give it %d (%s)")
          :format(info.nparams, #t.params, table.concat(names, ", ")))
      end
      if C.on_function then C.on_function(v, t, path, out) end
    end
  end

  --- Adds to `out` what is wrong with `v` as a `t`, each `{path, message}`.
  function C.check(v, t, path, out) check(v, t, path or "", out) end

  local sample

  --- A fake object of a class of functions: each answers a plausible value
  --- of the type its `---@return` gives.
  local function object(name)
    local class = stubs.classes[name]
    local functions = {}
    for fname, f in pairs(class.functions) do
      functions[fname] = function()
        local answers = {}
        for i, r in ipairs(f.returns) do answers[i] = sample(r, 1) end
        return table.unpack(answers, 1, #f.returns)
      end
    end
    local value = setmetatable({}, { __index = functions, __tostring = function() return "#000000" end })
    objects[value] = name
    return value
  end

  function sample(t, depth)
    if depth > 4 then return nil end
    t = resolve(t)
    if t.tag == "literal" then return t.value end
    if t.tag == "union" then
      for _, alt in ipairs(t.alts) do
        if not (alt.tag == "name" and alt.name == "nil") then return sample(alt, depth) end
      end
      return nil
    end
    if t.tag == "array" or t.tag == "map" then return {} end
    if t.tag == "fun" then return function() end end
    if t.tag == "record" then
      local value = {}
      for _, f in ipairs(t.fields) do value[f.name] = sample(f.type, depth + 1) end
      return value
    end
    local simple = { string = "", number = 1, integer = 1, boolean = false }
    if simple[t.name] ~= nil then return simple[t.name] end
    if t.name == "nil" then return nil end
    if t.name == "function" then return function() end end
    local class = stubs.classes[t.name]
    if not class then return {} end
    if #class.fields == 0 then return object(t.name) end
    return sample({ tag = "record", fields = class.fields }, depth)
  end

  --- A plausible value of `t`: every field of a table filled, optional ones too.
  function C.sample(t) return sample(t, 0) end

  --- The fake `swatchbook` module: its fields and functions as the stubs declare them.
  function C.module()
    local sb = object("swatchbook")
    local functions = getmetatable(sb).__index
    for _, f in ipairs(stubs.classes.swatchbook.fields) do rawset(sb, f.name, sample(f.type, 1)) end
    for fname, f in pairs(functions) do rawset(sb, fname, f) end
    return sb
  end

  return C
end

return M
