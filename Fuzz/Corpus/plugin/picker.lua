-- A colour picker: tap a swatch and its hex is the result, so
--   color=$(swatchbook pick Scripts/picker.lua)
-- puts the chosen colour in a shell variable. Shades are built with sb.color.
local sb = require "swatchbook"

local bases = {
  { "Reds", "crimson" }, { "Oranges", "darkorange" }, { "Yellows", "gold" },
  { "Greens", "seagreen" }, { "Blues", "royalblue" }, { "Purples", "rebeccapurple" },
  { "Greys", "slategray" },
}

local function shades(base)
  local items = {}
  local colour = sb.color(base)
  for step = -3, 3 do
    local shade = step < 0 and colour:darken(-step * 0.12) or colour:lighten(step * 0.12)
    items[#items + 1] = { name = shade:hex(), color = shade }
  end
  return items
end

local rows = {}
for _, family in ipairs(bases) do
  rows[#rows + 1] = { name = family[1], items = shades(family[2]) }
end

return {
  name = "Picker", version = "1.0.0", api = 1,
  description = "Pick a colour; its hex is printed",
  data = { { name = "Shades", rows = rows } },
  layout = { item = { width = 10, height = 3 } },
  on_tap = function(ev)
    if ev.item then
      sb.status("picked " .. ev.item.color:hex())
      return ev.item.color:hex()
    end
  end,
}
