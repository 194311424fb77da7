-- base16 and base24 schemes (YAML): the classic flat form (scheme, author,
-- base00 … base0F) and tinted-theming's (system, name, author, variant,
-- palette: base00 …). base24 adds base10 … base17.
local sb = require "swatchbook"
local terminal = require "terminal"

local function unquote(value)
  value = value:match("^%s*(.-)%s*$")
  value = value:gsub("%s+#.*$", "")
  return value:match('^"(.*)"$') or value:match("^'(.*)'$") or value
end

return {
  name = "base16 scheme", api = 1, description = "base16 and base24 colour schemes (.yaml)",
  reads = {
    format = "base16", extensions = { "yaml", "yml" },
    detect = function(head) return head:match("base0[0-9A-Fa-f]%s*:") ~= nil end,
  },
  data = function(ctx)
    local meta, colors = {}, {}
    for _, line in ipairs(terminal.lines(sb.input())) do
      local s = line.text
      if not s:match("^%s*#") and s:match("%S") then
        local key, value = s:match("^%s*([%w_%-]+)%s*:%s*(.-)%s*$")
        if not key then sb.input_error(line.number, 'expected "key: value", got "' .. s:sub(1, 40) .. '"') end
        local slot = key:match("^base([0-9A-Fa-f][0-9A-Fa-f])$")
        if slot then
          colors[tonumber(slot, 16)] = terminal.required(unquote(value), line.number, key)
        elseif value ~= "" then
          meta[key] = unquote(value)
        end
      end
    end
    local shades, accents, extra = {}, {}, {}
    for i = 0, 0x17 do
      if colors[i] then
        local item = { id = string.format("base%02X", i), name = string.format("base%02X", i), color = colors[i] }
        table.insert(i < 8 and shades or i < 16 and accents or extra, item)
      end
    end
    if #shades + #accents == 0 then sb.input_error(0, "expected base00 … base0F colours") end
    local rows = { { id = "shades", name = "Shades", items = shades }, { id = "accents", name = "Accents", items = accents } }
    if #extra > 0 then table.insert(rows, { id = "base24", name = "base24", items = extra }) end
    local title = meta.name or meta.scheme or ctx.input.stem
    if meta.author then title = title .. " (" .. meta.author .. ")" end
    return { { name = title, rows = rows } }
  end,
}
