-- Xfce Terminal colour schemes (.theme, INI): [Scheme] Name, ColorForeground,
-- ColorBackground, ColorCursor, ColorSelection, ColorSelectionBackground,
-- ColorPalette = 16 colours separated by ";" (#RRGGBB or #RRRRGGGGBBBB).
local sb = require "swatchbook"
local terminal = require "terminal"

local function colour(value, line, what)
  local r, g, b = value:match("^#(%x%x)%x%x(%x%x)%x%x(%x%x)%x%x$")
  if r then return sb.color("#" .. r .. g .. b) end
  return terminal.required(value, line, what)
end

return {
  name = "Xfce Terminal scheme", api = 1, description = "Xfce Terminal colour schemes (.theme)",
  reads = {
    format = "xfce4-terminal", extensions = { "theme" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("%[Scheme%]") ~= nil end,
  },
  data = function(ctx)
    local text = sb.input()
    -- ".theme" names many things (a highlight theme in Lua, a GTK theme):
    -- without its section the file is none of this reader's
    if not text:find("%[Scheme%]") then
      sb.input_error(0, "is not a palette file a reader recognises (an Xfce Terminal .theme has a [Scheme] section)")
    end
    local ini = terminal.ini(text)
    local scheme = ini["Scheme"]
    if not scheme then sb.input_error(0, "expected a [Scheme] section") end
    local colors = {}
    local palette = scheme["ColorPalette"]
    if palette then
      local i = 0
      for value in (palette.value .. ";"):gmatch("([^;]*);") do
        if value ~= "" then
          if i > 15 then sb.input_error(palette.line, "expected 16 colours in ColorPalette, got more") end
          colors[i] = colour(value, palette.line, "ColorPalette entry " .. (i + 1))
          i = i + 1
        end
      end
    end
    for key, slot in pairs({ ColorForeground = "foreground", ColorBackground = "background", ColorCursor = "cursor",
                             ColorSelection = "selection_foreground", ColorSelectionBackground = "selection_background" }) do
      local entry = scheme[key]
      if entry then colors[slot] = colour(entry.value, entry.line, key) end
    end
    local name = scheme["Name"] and scheme["Name"].value or ctx.input.stem
    return terminal.catalogue(name, colors)
  end,
}
