-- X resources colour schemes: "*.color0: #000000", "URxvt*foreground: …",
-- "*cursorColor", with "#define name value" macros expanded.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "X resources", api = 1, description = "Xresources colour schemes",
  reads = {
    format = "xresources", extensions = { "xresources", "xdefaults", "xrdb" },
    detect = function(head) return head:match("[%*%.]color%d+%s*:") ~= nil end,
  },
  data = function(ctx)
    local defines, colors = {}, {}
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = line.text:match("^%s*(.-)%s*$")
      local name, value = s:match("^#define%s+([%w_]+)%s+(.+)$")
      if name then
        defines[name] = value
      elseif s ~= "" and not s:match("^!") and not s:match("^#") then
        local key, v = s:match("^[%w_%.%*%-]-[%*%.]?([%w_]+)%s*:%s*(.-)$")
        if key then
          v = defines[v] or v
          local index = key:match("^color(%d+)$")
          if index and tonumber(index) < 16 then
            colors[tonumber(index)] = terminal.required(v, line.number, key)
          elseif key == "foreground" or key == "background" then
            colors[key] = terminal.required(v, line.number, key)
          elseif key == "cursorColor" then
            colors.cursor = terminal.required(v, line.number, key)
          elseif key == "highlightColor" then
            colors.selection_background = terminal.required(v, line.number, key)
          end
        end
      end
    end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
