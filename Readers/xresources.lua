-- X resources colour schemes: "*.color0: #000000", "URxvt*foreground: …",
-- "*cursorColor", with "#define name value" macros expanded; and the files
-- of macros alone that iTerm2-Color-Schemes publishes for every scheme
-- ("#define Ansi_0_Color #21222c", "Foreground_Color"…), which a user's
-- Xresources includes and names ("*color0: Ansi_0_Color").
local sb = require "swatchbook"
local terminal = require "terminal"

-- The slots of the macros iTerm2-Color-Schemes defines besides Ansi_N_Color.
local macro_slots = {
  Foreground_Color = "foreground", Background_Color = "background", Cursor_Color = "cursor",
  Cursor_Text_Color = "cursor_text", Selection_Color = "selection_background",
  Selected_Text_Color = "selection_foreground",
}

return {
  name = "X resources", api = 1, description = "Xresources colour schemes",
  reads = {
    format = "xresources", extensions = { "xresources", "xdefaults", "xrdb" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head)
      return head:match("[%*%.]color%d+%s*:") ~= nil or head:match("#define%s+Ansi_%d+_Color%s") ~= nil
    end,
  },
  data = function(ctx)
    local defines, colors = {}, {}
    local macros, any = {}, false
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = terminal.trim(line.text)
      local name, value = s:match("^#define%s+([%w_]+)%s+(.+)$")
      if name then
        value = terminal.trim(value)
        defines[name] = value
        local slot = macro_slots[name] or name:match("^Ansi_(%d+)_Color$")
        if slot then macros[#macros + 1] = { slot = slot, value = value, line = line.number, name = name } end
      elseif s ~= "" and not s:match("^!") and not s:match("^#") then
        -- "resource: value", the resource's last component its key
        local colon = s:find(":", 1, true)
        local resource = colon and terminal.trim(s:sub(1, colon - 1)) or ""
        local key = resource:match("^[%w_%.%*%-]*$") and resource:sub((resource:match(".*()[^%w_]") or 0) + 1) or ""
        local v = colon and terminal.trim(s:sub(colon + 1))
        if key ~= "" then
          v = defines[v] or v
          local index = key:match("^color(%d+)$")
          if index or key == "foreground" or key == "background" or key == "cursorColor" then any = true end
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
    -- a file of macros alone: the slots their names say
    if not any then
      for _, macro in ipairs(macros) do
        local slot = tonumber(macro.slot) or macro.slot
        if type(slot) ~= "number" or slot < 16 then
          colors[slot] = terminal.required(macro.value, macro.line, macro.name)
        end
      end
    end
    return terminal.catalogue(ctx.input.stem, colors)
  end,
}
