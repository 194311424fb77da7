-- Windows Terminal colour schemes (JSON): one scheme object, a list of them,
-- or a settings.json with "schemes"; each has name, black … brightWhite,
-- foreground, background, cursorColor, selectionBackground.
local sb = require "swatchbook"
local terminal = require "terminal"

local order = {
  "black", "red", "green", "yellow", "blue", "purple", "cyan", "white",
  "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightPurple", "brightCyan", "brightWhite",
}

-- `path` is the scheme's in the document ("schemes.2."), for its places.
local function scheme(object, where, path, places)
  local colors = {}
  local function at(key) return places[path .. key] or 0 end
  for i, key in ipairs(order) do
    if object[key] ~= nil then colors[i - 1] = terminal.required(object[key], at(key), where .. key) end
  end
  for key, slot in pairs({ foreground = "foreground", background = "background", cursorColor = "cursor",
                           selectionBackground = "selection_background" }) do
    if object[key] ~= nil then colors[slot] = terminal.required(object[key], at(key), where .. key) end
  end
  return colors
end

return {
  name = "Windows Terminal scheme", api = 1, description = "Windows Terminal colour schemes (.json)",
  reads = {
    format = "windows-terminal", extensions = { "json" },
    keeps = { "names", "order" },
    loses = { "settings that are not colours" },
    detect = function(head) return head:match('"brightBlack"') ~= nil and head:match('"purple"') ~= nil end,
  },
  data = function(ctx)
    local document, places = terminal.json()
    if type(document) ~= "table" then sb.input_error(places[""], "expected a JSON object") end
    local schemes = document.schemes or (document[1] and document) or { document }
    local base = document.schemes and "schemes." or document[1] and "" or nil
    if type(schemes) ~= "table" then
      sb.input_error(places.schemes, "expected \"schemes\": a list of scheme objects")
    end
    local sections = {}
    for i, object in ipairs(schemes) do
      local path = base and (base .. i) or ""
      if type(object) ~= "table" then
        sb.input_error(places[path] or 0, "expected scheme objects, got a " .. type(object))
      end
      local where = #schemes > 1 and ("schemes[" .. i .. "].") or ""
      local prefix = path == "" and "" or (path .. ".")
      local section = terminal.catalogue(object.name or ctx.input.stem, scheme(object, where, prefix, places))[1]
      table.insert(sections, section)
    end
    return sections
  end,
}
