-- X resources colour schemes: "*.color0: #000000", "URxvt*foreground: …",
-- "*cursorColor", with "#define name value" macros expanded.
local sb = require "swatchbook"
local terminal = require "terminal"

return {
  name = "X resources", api = 1, description = "Xresources colour schemes",
  reads = {
    format = "xresources", extensions = { "xresources", "xdefaults", "xrdb" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match("[%*%.]color%d+%s*:") ~= nil end,
  },
  data = function(ctx)
    local defines, colors = {}, {}
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = terminal.trim(line.text)
      local name, value = s:match("^#define%s+([%w_]+)%s+(.+)$")
      if name then
        defines[name] = value
      elseif s ~= "" and not s:match("^!") and not s:match("^#") then
        -- "resource: value", the resource's last component its key
        local colon = s:find(":", 1, true)
        local resource = colon and terminal.trim(s:sub(1, colon - 1)) or ""
        local key = resource:match("^[%w_%.%*%-]*$") and resource:sub((resource:match(".*()[^%w_]") or 0) + 1) or ""
        local v = colon and terminal.trim(s:sub(colon + 1))
        if key ~= "" then
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
