-- kitty colour themes (kitty.conf syntax): "color0 #000000", "foreground …",
-- "cursor …", "selection_background …"; other settings are ignored.
local sb = require "swatchbook"
local terminal = require "terminal"

local keys = {
  foreground = "foreground", background = "background", cursor = "cursor",
  cursor_text_color = "cursor_text", selection_background = "selection_background",
  selection_foreground = "selection_foreground",
}

return {
  name = "kitty theme", api = 1, description = "kitty colour themes (.conf)",
  reads = {
    format = "kitty", extensions = { "conf" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("\ncolor%d+%s+#%x") ~= nil or head:match("^color%d+%s+#%x") ~= nil end,
  },
  data = function(ctx)
    local colors, name = {}, ctx.input.stem
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = terminal.trim(line.text)
      local title = s:match("^##%s*name:%s*(.+)$")
      if title then name = title end
      local key, value = s:match("^([%w_]+)%s+(%S+)")
      if key and not s:match("^#") then
        local index = key:match("^color(%d+)$")
        if index and tonumber(index) < 16 then
          colors[tonumber(index)] = terminal.required(value, line.number, key)
        elseif keys[key] and value ~= "none" then
          colors[keys[key]] = terminal.required(value, line.number, key)
        end
      end
    end
    return terminal.catalogue(name, colors)
  end,
}
