-- A multilevel expandable tree, after the "multi-level expandable UITableView"
-- tutorial: categories.json holds the tutorial's format (id_category, name,
-- is_selected, children.category), four levels deep. A tap on a category opens
-- or closes it; a tap on a colour toggles its check box.
local sb = require "swatchbook"

local function nodes(list)
  local out = {}
  for i, category in ipairs(list or {}) do
    local children = category.children and category.children.category
    out[i] = {
      id = category.id_category,
      name = category.name,
      color = category.color,
      selected = category.is_selected == "1",
      children = children and nodes(children) or nil,
    }
  end
  return out
end

return {
  name = "Categories", version = "1.0.0", api = 1,
  description = "An expandable tree of colour categories read from JSON",
  data = function(ctx)
    local tree = sb.json.read("categories.json")
    return {
      { name = "Colour categories", rows = {
          { name = "All categories", children = nodes(tree.category) } } },
    }
  end,
  layout = { style = "outline", selection = "multiple", indent = 2 },
  on_select = function(ev) sb.status("picked " .. ev.node.name) end,
  on_expand = function(ev) sb.status("opened " .. ev.node.name) end,
}
