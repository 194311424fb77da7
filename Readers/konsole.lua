-- Konsole colour schemes (.colorscheme, INI): [Background], [Foreground],
-- [Color0] … [Color7] and [Color0Intense] …, each "Color=R,G,B";
-- [General] Description names it.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "Konsole scheme", api = 1, description = "Konsole colour schemes (.colorscheme)",
  reads = {
    format = "konsole", extensions = { "colorscheme" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("%[Color0%]") ~= nil and head:match("Color%s*=%s*%d+,") ~= nil end,
  },
  data = function(ctx)
    local ini = terminal.ini(sb.input(), true)
    local colors = {}
    local function take(section, slot)
      local entry = ini[section] and ini[section]["Color"]
      if entry then colors[slot] = terminal.required(entry.value, entry.line, "[" .. section .. "] Color") end
    end
    for i = 0, 7 do
      take("Color" .. i, i)
      take("Color" .. i .. "Intense", i + 8)
    end
    take("Foreground", "foreground")
    take("Background", "background")
    local general = ini["General"] or {}
    local name = general["Description"] and general["Description"].value or ctx.input.stem
    -- KConfig's escapes: \\, \s (a space), \t, \n, \r
    local escapes = { ["\\"] = "\\", s = " ", t = "\t", n = "\n", r = "\r" }
    name = name:gsub("\\(.)", function(c) return escapes[c] or "\\" .. c end)
    return terminal.catalogue(name, colors)
  end,
}
