-- WezTerm colour schemes (TOML): [colors] with foreground, background,
-- cursor_bg, cursor_fg, selection_bg, selection_fg, ansi = [8], brights = [8];
-- [metadata] name.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "WezTerm theme", api = 1, description = "WezTerm colour schemes (.toml)",
  reads = {
    format = "wezterm", extensions = { "toml" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("%[colors%]") ~= nil and head:match("\n%s*ansi%s*=") ~= nil end,
  },
  data = function(ctx)
    local values = terminal.toml(sb.input())
    local colors = {}
    for key, slot in pairs({ ansi = 0, brights = 8 }) do
      local entry = values["colors." .. key]
      if entry then
        if type(entry.value) ~= "table" or #entry.value ~= 8 then
          sb.input_error(entry.line, "expected colors." .. key .. " to be a list of 8 colours")
        end
        for i, value in ipairs(entry.value) do colors[slot + i - 1] = terminal.required(value, entry.line, "colors." .. key) end
      end
    end
    local specials = {
      foreground = "foreground", background = "background", cursor_bg = "cursor", cursor_fg = "cursor_text",
      selection_bg = "selection_background", selection_fg = "selection_foreground",
    }
    for key, slot in pairs(specials) do
      local entry = values["colors." .. key]
      if entry then colors[slot] = terminal.required(entry.value, entry.line, "colors." .. key) end
    end
    local name = values["metadata.name"] and values["metadata.name"].value or ctx.input.stem
    return terminal.catalogue(tostring(name), colors)
  end,
}
