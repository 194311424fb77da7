-- Tilix colour schemes (JSON): name, palette (16 colours), foreground-color,
-- background-color, cursor-background-color, highlight-background-color.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "Tilix scheme", api = 1, description = "Tilix colour schemes (.json)",
  reads = {
    format = "tilix", extensions = { "json" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match('"palette"%s*:') ~= nil and head:match('"use%-theme%-colors"') ~= nil end,
  },
  data = function(ctx)
    local scheme, places = terminal.json()
    if type(scheme) ~= "table" then sb.input_error(places[""], "expected a JSON object") end
    if type(scheme.palette) ~= "table" or #scheme.palette ~= 16 then
      sb.input_error(places.palette or places[""], "expected \"palette\": a list of 16 colours")
    end
    local colors = {}
    for i, value in ipairs(scheme.palette) do
      colors[i - 1] = terminal.required(value, places["palette." .. i] or 0, "palette[" .. i .. "]")
    end
    local specials = {
      ["foreground-color"] = "foreground", ["background-color"] = "background",
      ["cursor-background-color"] = "cursor", ["cursor-foreground-color"] = "cursor_text",
      ["highlight-background-color"] = "selection_background", ["highlight-foreground-color"] = "selection_foreground",
    }
    for key, slot in pairs(specials) do
      if scheme[key] ~= nil then colors[slot] = terminal.required(scheme[key], places[key] or 0, key) end
    end
    return terminal.catalogue(scheme.name or ctx.input.stem, colors)
  end,
}
