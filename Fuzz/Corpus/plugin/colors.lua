-- The bundled demo catalogue: named colours in categories and subcategories,
-- after the "UICollectionView inside UITableViewCell" tutorial.
return {
  name = "Colours", version = "1.0.0", api = 1,
  description = "Categories of named colours",
  data = {
    { name = "Category #1", rows = {
        { name = "SubCategory #1.1", items = {
            { name = "Orchid", color = "#DA70D6" },
            { name = "Salmon", color = "#FA8072" },
            { name = "Old Lace", color = "#FDF5E6" },
            { name = "Aqua", color = "#00FFFF" },
            { name = "Sea Green", color = "#2E8B57" } } },
        { name = "SubCategory #1.2", items = {
            { name = "Dark Slate Gray", color = "#2F4F4F" },
            { name = "Honeydew", color = "#F0FFF0" },
            { name = "Gainsboro", color = "#DCDCDC" } } } } },
    { name = "Category #2", rows = {
        { name = "SubCategory #2.1", items = {
            { name = "Moccasin", color = "#FFE4B5" },
            { name = "Pale Turquoise", color = "#AFEEEE" },
            { name = "Dark Violet", color = "#9400D3" },
            { name = "Medium Sea Green", color = "#3CB371" } } } } },
    { name = "Category #3", rows = {
        { name = "SubCategory #3.1", items = {
            { name = "Tomato", color = "#FF6347" },
            { name = "Steel Blue", color = "#4682B4" },
            { name = "Light Slate Gray", color = "#778899" },
            { name = "Midnight Blue", color = "#191970" },
            { name = "Brown", color = "#A52A2A" } } },
        { name = "SubCategory #3.2", items = {
            { name = "Cornsilk", color = "#FFF8DC" },
            { name = "Magenta", color = "#FF00FF" },
            { name = "Lawn Green", color = "#7CFC00" },
            { name = "Black", color = "#000000" },
            { name = "Deep Sky Blue", color = "#00BFFF" },
            { name = "Cornflower Blue", color = "#6495ED" },
            { name = "Dark Orange", color = "#FF8C00" },
            { name = "Light Sea Green", color = "#20B2AA" },
            { name = "Pink", color = "#FFC0CB" } } } } },
    { name = "Category #4", rows = {
        { name = "SubCategory #4.1", items = {
            { name = "Plum", color = "#DDA0DD" },
            { name = "Seashell", color = "#FFF5EE" },
            { name = "Navajo White", color = "#FFDEAD" },
            { name = "Lime", color = "#00FF00" },
            { name = "Khaki", color = "#F0E68C" } } },
        { name = "SubCategory #4.2", items = {
            { name = "Antique White", color = "#FAEBD7" },
            { name = "Medium Violet Red", color = "#C71585" },
            { name = "Olive Drab", color = "#6B8E23" },
            { name = "Orange Red", color = "#FF4500" },
            { name = "Lavender Blush", color = "#FFF0F5" } } } } },
    { name = "Category #5", rows = {
        { name = "SubCategory #5.1", items = {
            { name = "Amethyst", color = "#9966CC" } } },
        { name = "SubCategory #5.2", items = {
            { name = "Medium Slate Blue", color = "#7B68EE" },
            { name = "Maroon", color = "#800000" },
            { name = "Light Salmon", color = "#FFA07A" },
            { name = "Lavender", color = "#E6E6FA" },
            { name = "Bisque", color = "#FFE4C4" } } } } },
  },
  layout = { style = "shelves", item = { width = 14, height = 4 },
             spacing = { item = 1, line = 0 }, insets = { left = 1, right = 1 } },
}
