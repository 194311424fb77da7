-- A design system's colour tokens, drawn as tables: one row per scale, a
-- line per token with the fields a reviewer checks (its name in code, what it
-- is for). Try `--layout shelves` or `--layout outline` for the same model.
local sb = require "swatchbook"

local function token(name, hex, code, use)
  local color = sb.color(hex)
  return {
    name = name, color = color, id = code,
    -- `{ {key, value}, … }` keeps the columns in this order.
    fields = {
      { "Token", code }, { "Use", use }, { "On white", string.format("%.2f:1", color:contrast("#FFFFFF")) },
    },
    data = { token = code, hex = color:hex() },
  }
end

return {
  name = "Tokens", version = "1.0.0", api = 1,
  description = "A design system's colour tokens, with their names in code and their uses",
  layout = { style = "details" },
  data = {
    { name = "Neutral", rows = {
      { name = "Ink", items = {
        token("Ink 900", "#111827", "color.ink.900", "body text"),
        token("Ink 700", "#374151", "color.ink.700", "secondary text"),
        token("Ink 500", "#6B7280", "color.ink.500", "captions, placeholders"),
        token("Ink 300", "#D1D5DB", "color.ink.300", "borders"),
        token("Ink 100", "#F3F4F6", "color.ink.100", "hairlines and table stripes"),
      } },
      { name = "Paper", items = {
        token("Paper", "#FFFFFF", "color.paper", "page background"),
        token("Paper dim", "#F9FAFB", "color.paper.dim", "sunken panels"),
      } },
    } },
    { name = "Brand", rows = {
      { name = "Accent", items = {
        token("Sea Green", "#2E8B57", "color.accent", "links, focus rings"),
        token("Sea Green dark", "#1F6B41", "color.accent.strong", "pressed links"),
      } },
      { name = "Status", items = {
        token("Tomato", "#FF6347", "color.danger", "errors, destructive actions"),
        token("Goldenrod", "#DAA520", "color.warning", "warnings"),
        token("Steel Blue", "#4682B4", "color.info", "notices"),
      } },
    } },
  },
}
