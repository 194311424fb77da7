-- Checks Lua files against the LuaLS stubs `swatchbook stubs` writes, for
-- want of lua-language-server (in neither Debian nor PyPI):
--
--   lua5.4 Tools/check-stubs.lua STUBS.lua FILE.lua...
--
-- Each file runs in a sandbox like the host's, whose `require "swatchbook"`
-- is a fake module made from the stubs (each function answers a plausible
-- value of its `---@return` type). The table it returns is checked against
-- the stubs' class for its kind: swatchbook.Pack for a pack.lua, else
-- swatchbook.Plugin for a table with api, data or source, else
-- swatchbook.Theme for one with a key only themes have. A file returning
-- none of those keys is a module another requires: noted on stderr, not
-- checked. The check is recursive: unknown keys, missing required keys,
-- primitive types, string literals, lists, maps, and a function's
-- parameters against the stub's (a function taking more is a diagnostic).
-- `data` and a lazy `source`'s functions are called with plausible
-- arguments (ctx's options are the plugin's defaults) and what they
-- return is checked too; a call that raises on the fake answers is noted.
--
-- Prints `FILE: path.to.key: message` for each diagnostic; exits 1 when
-- there is any, 2 when the stubs or the arguments are wrong.
local here = (arg[0]:match("^(.*)/[^/]*$") or ".") .. "/check-stubs/"
package.path = here .. "?.lua;" .. package.path
local types = require "types"
local checker = require "check"

local function fail(message)
  io.stderr:write("check-stubs: ", message, "\n")
  os.exit(2)
end

if #arg < 1 then fail("usage: lua5.4 Tools/check-stubs.lua STUBS.lua FILE.lua...") end
local stub_file = io.open(arg[1], "r") or fail("cannot read the stubs " .. arg[1])
local stubs, problems = types.read_stubs(stub_file:read("a"))
stub_file:close()
if not stubs then fail(table.concat(problems, "\n")) end
for _, class in ipairs({ "swatchbook", "swatchbook.Plugin", "swatchbook.Theme", "swatchbook.Pack" }) do
  if not stubs.classes[class] then fail("the stubs declare no " .. class) end
end

-- Keys only a theme has: those of swatchbook.Theme no plugin has, but its id.
local theme_keys = {}
for _, f in ipairs(stubs.classes["swatchbook.Theme"].fields) do
  if not stubs.classes["swatchbook.Plugin"].byName[f.name] and f.name ~= "id" then theme_keys[#theme_keys + 1] = f.name end
end

--- Calls `f` with a budget of VM instructions, so a file that loops cannot hang the check.
local function guarded(f, ...)
  debug.sethook(function() error("ran past its budget of 10^8 instructions", 2) end, "", 100000000)
  local result = table.pack(pcall(f, ...))
  debug.sethook()
  return table.unpack(result, 1, result.n)
end

--- The globals the host's sandbox gives, `require` reading Lua files beside the file.
local function sandbox(folder, module)
  local env = {
    string = string, table = table, math = math, utf8 = utf8, coroutine = coroutine,
    os = { time = os.time, clock = os.clock, date = os.date },
    print = function() end, assert = assert, error = error, ipairs = ipairs, pairs = pairs, next = next,
    pcall = pcall, xpcall = xpcall, select = select, tonumber = tonumber, tostring = tostring, type = type,
    rawequal = rawequal, rawget = rawget, rawlen = rawlen, rawset = rawset,
    setmetatable = setmetatable, getmetatable = getmetatable, _VERSION = _VERSION,
  }
  env._G = env
  env.load = function(chunk, name, _, chunk_env) return load(chunk, name, "t", chunk_env or env) end
  local loaded = {}
  env.require = function(name)
    if name == "swatchbook" then return module end
    if loaded[name] == nil then
      local path = folder .. "/" .. name:gsub("%.", "/") .. ".lua"
      local chunk, err = loadfile(path, "t", env)
      if not chunk then error(("module %q not found beside the file: %s"):format(name, err), 2) end
      local value = chunk(name)
      loaded[name] = value == nil and true or value
    end
    return loaded[name]
  end
  return env
end

--- The class `value`, returned by `file`, is checked against; nil for a module.
local function kind(file, value)
  local base = file:match("([^/]*)$")
  if base == "pack.lua" or base:match("%-%-pack%.lua$") then return "swatchbook.Pack" end
  if type(value) ~= "table" then return "swatchbook.Plugin" end
  for _, key in ipairs({ "api", "data", "source" }) do
    if rawget(value, key) ~= nil then return "swatchbook.Plugin" end
  end
  for _, key in ipairs(theme_keys) do
    if rawget(value, key) ~= nil then return "swatchbook.Theme" end
  end
  return nil
end

local total, notes = 0, 0
local function note(file, message)
  notes = notes + 1
  io.stderr:write(file, ": ", message, "\n")
end

for i = 2, #arg do
  local file = arg[i]
  local folder = file:match("^(.*)/[^/]*$") or "."
  local check = checker.new(stubs)
  local env = sandbox(folder, check.module())
  local diagnostics = {}
  local chunk, err = loadfile(file, "t", env)
  local ok, value
  if chunk then
    ok, value = guarded(chunk)
    if not ok then err = tostring(value) end
  end
  if err then
    diagnostics[1] = { path = "", message = "does not run: " .. err }
  else
    local class = kind(file, value)
    if class then
      local ctx = check.sample({ tag = "name", name = "swatchbook.Context" })
      if type(value) == "table" and type(rawget(value, "options")) == "table" then
        for k, v in pairs(value.options) do ctx.options[k] = v end
      end
      -- `data` and a lazy source's functions, called as the host calls them.
      check.on_function = function(f, t, path, out)
        local called = path == "data" or path == "source" or path:match("^source[%(%)]*%.")
        if not called or not t.returns[1] then return end
        local args = {}
        for n, p in ipairs(t.params) do
          args[n] = (p.type.tag == "name" and p.type.name == "swatchbook.Context") and ctx or check.sample(p.type)
        end
        local answered, result = guarded(f, table.unpack(args, 1, #t.params))
        if answered then
          check.check(result, t.returns[1], path .. "()", out)
        else
          note(file, path .. "(...) raised on the fake module's answers, so what it returns is not checked: "
            .. tostring(result))
        end
      end
      check.check(value, { tag = "name", name = class }, "", diagnostics)
    else
      note(file, "returns none of a plugin's, a theme's or a pack's keys: a module, not checked")
    end
  end
  for _, d in ipairs(diagnostics) do
    print(file .. ": " .. (d.path ~= "" and (d.path .. ": ") or "") .. d.message)
  end
  total = total + #diagnostics
end

io.stderr:write(("checked %d files against the stubs: %d diagnostics, %d notes\n"):format(#arg - 1, total, notes))
os.exit(total == 0 and 0 or 1)
