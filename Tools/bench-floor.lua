-- The floor of a render: a plugin's own Lua in a bare Lua 5.4 interpreter,
-- asked exactly what `swatchbook render` asks of it, with no host around it.
-- Tools/bench-floor runs it; it prints nothing (the answers are kept in a
-- checksum so no call can be skipped).
--
-- usage: lua5.4 Tools/bench-floor.lua data PLUGIN [KEY=VALUE ...]
--        lua5.4 Tools/bench-floor.lua source PLUGIN ITEMS_PER_ROW
--   data    calls data(ctx) once, as a plugin with a data function is loaded;
--           KEY=VALUE pairs are its options (as --set gives them)
--   source  asks the lazy source what a whole render asks: sections(), then
--           for every section section(s) and rows(s), for every row row(s, r),
--           and item(s, r, i) for the first ITEMS_PER_ROW items of each row
local mode, file = arg[1], arg[2]
assert(mode == "data" or mode == "source", "usage: bench-floor.lua data|source PLUGIN ...")
local plugin = dofile(file)
local sum = 0

if mode == "data" then
  local options = {}
  for k, v in pairs(plugin.options or {}) do options[k] = v end
  for i = 3, #arg do
    local key, value = arg[i]:match("^([^=]+)=(.*)$")
    options[key] = tonumber(value) or value
  end
  local ctx = { options = options, width = 120, height = 40, api = 1 }
  local data = plugin.data(ctx)
  sum = #data
else
  local per = tonumber(arg[3])
  local source = plugin.source
  for s = 1, source.sections() do
    sum = sum + #source.section(s).name
    for r = 1, source.rows(s) do
      local row = source.row(s, r)
      for i = 1, math.min(per, row.count) do
        local item = source.item(s, r, i)
        sum = sum + #item.name + #item.color
      end
    end
  end
end
if sum < 0 then print(sum) end
