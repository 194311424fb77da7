-- Alacritty colour schemes (TOML): [colors.primary], [colors.normal],
-- [colors.bright], [colors.cursor], [colors.selection].
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "Alacritty theme", api = 1, description = "Alacritty colour schemes (.toml)",
  reads = {
    format = "alacritty", extensions = { "toml" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("%[colors%.normal%]") ~= nil or head:match("%[colors%.primary%]") ~= nil end,
  },
  data = function(ctx)
    local values = terminal.toml(sb.input())
    local colors = {}
    local function take(key, slot)
      local entry = values["colors." .. key]
      if entry and entry.value ~= "CellForeground" and entry.value ~= "CellBackground" then
        colors[slot] = terminal.required(entry.value, entry.line, "colors." .. key)
      end
    end
    for i, colour in ipairs(terminal.ansi_names) do
      take("normal." .. colour:lower(), i - 1)
      take("bright." .. colour:lower(), i + 7)
    end
    take("primary.foreground", "foreground")
    take("primary.background", "background")
    take("cursor.cursor", "cursor")
    take("cursor.text", "cursor_text")
    take("selection.background", "selection_background")
    take("selection.text", "selection_foreground")
    if not next(colors) then sb.input_error(0, "expected Alacritty's [colors.normal] and [colors.primary] tables") end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
