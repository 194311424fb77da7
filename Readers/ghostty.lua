-- Ghostty themes: "palette = 0=#1d1f21", "background = …", "foreground = …",
-- "cursor-color", "cursor-text", "selection-background", "selection-foreground".
local sb = require "swatchbook"
local terminal = require "terminal"

local keys = {
  foreground = "foreground", background = "background", ["cursor-color"] = "cursor",
  ["cursor-text"] = "cursor_text", ["selection-background"] = "selection_background",
  ["selection-foreground"] = "selection_foreground",
}

return {
  name = "Ghostty theme", api = 1, description = "Ghostty themes",
  reads = {
    format = "ghostty", extensions = {},
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("palette%s*=%s*%d+%s*=") ~= nil end,
  },
  data = function(ctx)
    local colors = {}
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = terminal.trim(line.text)
      if s ~= "" and not s:match("^#") then
        local key, value = s:match("^([%w%-]+)%s*=%s*(.-)$")
        if not key then sb.input_error(line.number, 'expected "key = value", got "' .. s:sub(1, 40) .. '"') end
        if key == "palette" then
          local index, c = value:match("^(%d+)%s*=%s*(.+)$")
          if not index then sb.input_error(line.number, 'expected "palette = N=#RRGGBB"') end
          if tonumber(index) < 16 then colors[tonumber(index)] = terminal.required(c, line.number, "palette " .. index) end
        elseif keys[key] then
          colors[keys[key]] = terminal.required(value, line.number, key)
        end
      end
    end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
