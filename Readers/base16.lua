-- base16 and base24 schemes (YAML): the classic flat form (scheme, author,
-- base00 … base0F) and tinted-theming's (system, name, author, variant,
-- palette: base00 …). base24 adds base10 … base17. sb.base16.decode reads
-- the scheme as `theme import` does (libyaml and the same checks), so a
-- file renders exactly when it imports, with the same colours and errors.
local sb = require "swatchbook"

return {
  name = "base16 scheme", api = 1, description = "base16 and base24 colour schemes (.yaml)",
  reads = {
    format = "base16", extensions = { "yaml", "yml" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("base0[0-9A-Fa-f][\"']?%s*:") ~= nil end,
  },
  data = function()
    local ok, scheme = pcall(sb.base16.decode, sb.input())
    if not ok then
      local message = tostring(scheme):gsub("^.-sb%.base16%.decode: ", "")
      local line, rest = message:match("^line (%d+): (.*)$")
      sb.input_error(tonumber(line) or 0, rest or message)
    end
    local rows = {
      { id = "shades", name = "Shades", items = {} },
      { id = "accents", name = "Accents", items = {} },
      scheme.system == "base24" and { id = "base24", name = "base24", items = {} } or nil,
    }
    local index = 0
    for slot, hex in pairs(scheme.colors) do
      local items = rows[index < 8 and 1 or index < 16 and 2 or 3].items
      items[#items + 1] = { id = slot, name = slot, color = hex }
      index = index + 1
    end
    local title = scheme.name .. (scheme.author and " (" .. scheme.author .. ")" or "")
    return { { name = title, rows = rows } }
  end,
}
