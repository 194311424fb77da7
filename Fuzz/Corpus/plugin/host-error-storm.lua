-- Release-build stress: hundreds of thousands of errors raised by Swift host
-- functions, caught in Lua, must neither crash nor leak the stack.
local sb = require "swatchbook"
return {
  name = "Host error storm", api = 1,
  data = function()
    local failures = 0
    for i = 1, 200000 do
      local ok = pcall(sb.color, "#not-a-colour-" .. i)
      if not ok then failures = failures + 1 end
      ok = pcall(sb.rgb, i, 0, 0)
      if not ok and i > 255 then failures = failures + 1 end
    end
    return { { name = "Caught " .. failures, rows = {
      { name = "Still drawing", items = { { name = "Ok", color = "#00FF00" } } } } } }
  end,
}
