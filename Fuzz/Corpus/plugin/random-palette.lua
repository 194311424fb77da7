-- Random palette: five categories of random colours, each named by its hex,
-- after the Korean "horizontal scroll view inside a table view" tutorial.
-- Only math.random is used; the host seeds it from --seed, so a render is reproducible.

-- How many rows (subcategories) each category has.
local ROWS = { 2, 3, 1, 5, 3 }

local function random_hex()
  return string.format("#%02X%02X%02X",
    math.random(0, 255), math.random(0, 255), math.random(0, 255))
end

return {
  name = "Random palette", version = "1.0.0", api = 1,
  description = "Random colours named by their hex, regenerated from --seed",
  data = function(ctx)
    local sections = {}
    for s, count in ipairs(ROWS) do
      local rows = {}
      for r = 1, count do
        local items = {}
        for i = 1, math.random(11, 31) do
          local hex = random_hex()
          items[i] = { name = hex, color = hex }
        end
        rows[r] = { name = string.format("서브%d.%d", s, r), items = items }
      end
      sections[s] = { name = "메인" .. s, rows = rows }
    end
    return sections
  end,
  layout = { style = "shelves", item = { width = 9, height = 3 },
             spacing = { item = 1, line = 0 }, insets = { left = 1, right = 1 } },
}
