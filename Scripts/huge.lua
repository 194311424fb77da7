-- A lazy source far too big to build: 1,000 categories of 1,000 rows of
-- 1,000 colours each (a million rows, a billion swatches). The host asks only
-- for what is on screen, so it opens at once.
local SECTIONS, ROWS, ITEMS = 1000, 1000, 1000

return {
  name = "Huge", version = "1.0.0", api = 1,
  description = "A lazy source of a million rows and a billion colours",
  source = {
    sections = function() return SECTIONS end,
    section = function(s) return { name = string.format("Category %d", s) } end,
    rows = function(s) return ROWS end,
    row = function(s, r)
      return { name = string.format("Row %d.%d", s, r), count = ITEMS }
    end,
    item = function(s, r, i)
      -- The same formula as the benchmark catalogue (0-based inside).
      local rgb = ((s - 1) * 7919 + (r - 1) * 104729 + (i - 1) * 1299709) & 0xFFFFFF
      local hex = string.format("#%06X", rgb)
      return { name = hex, color = hex }
    end,
    -- Optional: what the filter (`/` in browse, --filter) finds. A source
    -- this big is never read whole, so it answers paths itself; this one
    -- knows its rows by number: "12.34" (or "row 12.34") is row 34 of
    -- category 12, "12.34.56" that row's 56th colour.
    search = function(query)
      local s, r, i = query:match("(%d+)%.(%d+)%.?(%d*)")
      s, r, i = tonumber(s), tonumber(r), tonumber(i)
      if not s or s > SECTIONS or r > ROWS or s < 1 or r < 1 then return {} end
      if i and i >= 1 and i <= ITEMS then return { { s, r, i } } end
      return { { s, r } }
    end,
  },
  layout = { item = { width = 9, height = 3 } },
}
