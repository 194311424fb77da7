-- foot themes (INI): [colors] foreground, background, regular0-7, bright0-7,
-- selection-foreground, selection-background; [cursor] color = TEXT CURSOR.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "foot theme", api = 1, description = "foot terminal themes (.ini)",
  reads = {
    format = "foot", extensions = { "ini" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("%[colors%]") ~= nil and head:match("regular0%s*=") ~= nil end,
  },
  data = function(ctx)
    local ini = terminal.ini(sb.input())
    local section = ini["colors"] or ini["colors-dark"]
    if not section then sb.input_error(0, "expected a [colors] section") end
    local colors = {}
    for i = 0, 7 do
      for prefix, offset in pairs({ regular = 0, bright = 8 }) do
        local entry = section[prefix .. i]
        if entry then colors[i + offset] = terminal.required(entry.value, entry.line, prefix .. i) end
      end
    end
    for key, slot in pairs({ foreground = "foreground", background = "background",
                             ["selection-foreground"] = "selection_foreground",
                             ["selection-background"] = "selection_background" }) do
      local entry = section[key]
      if entry then colors[slot] = terminal.required(entry.value, entry.line, key) end
    end
    local cursor = ini["cursor"] and ini["cursor"]["color"]
    if cursor then
      local text, block = cursor.value:match("^(%S+)%s+(%S+)$")
      if not text then sb.input_error(cursor.line, "expected [cursor] color = TEXT CURSOR (two colours)") end
      colors.cursor_text = terminal.required(text, cursor.line, "cursor text")
      colors.cursor = terminal.required(block, cursor.line, "cursor")
    end
    local head = terminal.lines(sb.input())[1].text
    local title = head:sub(1, 1) == "#" and terminal.trim(head:sub(2)) or nil
    if title then title = title:gsub("^[Tt]heme:%s*", "") end
    if title == "" then title = nil end
    return terminal.catalogue(title or ctx.input.stem, colors)
  end,
}
