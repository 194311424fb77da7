-- W3C Design Tokens (DTCG) JSON: nested groups of tokens, each with $value
-- and $type (inherited from its groups). Only colour tokens are drawn. A
-- value is a CSS colour string, an {alias.path} (resolved; a cycle is an
-- error), or the colour object { colorSpace, components, alpha, hex }.
-- Top-level groups become sections; a group of tokens under one, a row; a
-- deeper group, a row holding a tree. Each colour keeps its path, alias,
-- $description and $extensions; the document itself is kept (sb.document)
-- so the tokens writer gives back its groups and its other tokens.
local sb = require "swatchbook"

-- The colour spaces of DTCG 2025.10, which sb.color{space = …} takes by
-- the same names.
local spaces = {
  srgb = true, ["srgb-linear"] = true, ["display-p3"] = true, ["a98-rgb"] = true, ["prophoto-rgb"] = true,
  rec2020 = true, ["xyz-d65"] = true, ["xyz-d50"] = true, hsl = true, hwb = true, lab = true, lch = true,
  oklab = true, oklch = true,
}

local function is_token(node) return type(node) == "table" and node["$value"] ~= nil end

local function is_group(node) return type(node) == "table" and node["$value"] == nil end

local function children(group)
  local list = {}
  for key, value in pairs(group) do
    if type(key) == "string" and key:sub(1, 1) ~= "$" and type(value) == "table" then
      list[#list + 1] = { key = key, node = value }
    end
  end
  return list
end

local function load(document)
  local tokens = {}  -- path -> { node, type }
  local function index(group, path, inherited)
    local kind = group["$type"] or inherited
    for _, child in ipairs(children(group)) do
      local p = path == "" and child.key or (path .. "." .. child.key)
      if is_token(child.node) then
        tokens[p] = { node = child.node, type = child.node["$type"] or kind }
      else
        index(child.node, p, kind)
      end
    end
  end
  index(document, "", nil)

  -- A token's colour, each token resolved once: an alias chain is walked
  -- to a value (or to a token already resolved) and every token on it is
  -- given that colour, so a long chain is read in one pass and a cycle is
  -- found by meeting a token twice on the walk.
  local resolved = {}  -- path -> colour
  local function literal(path, value)
    if type(value) == "string" then
      local ok, c = pcall(sb.color, value)
      if not ok then sb.input_error(0, path .. ": expected a colour, got " .. string.format("%q", value):sub(1, 60)) end
      return c
    elseif type(value) == "table" then
      local space, components = value.colorSpace, value.components
      if spaces[space] and type(components) == "table" and #components == 3 then
        for i = 1, 3 do
          local v = components[i]
          if v ~= "none" and not (type(v) == "number" and v == v and v > -math.huge and v < math.huge) then
            sb.input_error(0, path .. ": expected finite numbers or \"none\" in components")
          end
        end
        local alpha = value.alpha == nil and 1 or value.alpha
        if type(alpha) ~= "number" or not (alpha >= 0 and alpha <= 1) then
          sb.input_error(0, path .. ": expected an alpha from 0 to 1, got " .. tostring(alpha):sub(1, 40))
        end
        local ok, c = pcall(sb.color, { space = space, components = components, alpha = alpha })
        if ok then return c end
      end
      if type(value.hex) == "string" and not value.hex:match("^{.+}$") then return literal(path, value.hex) end
      local problem = space and ("\"" .. tostring(space) .. "\" is not read") or "missing"
      sb.input_error(0, path .. ": expected a colour object with colorSpace (" .. problem .. ") and 3 components, or a hex")
    end
    sb.input_error(0, path .. ": expected a colour value, got a " .. type(value))
  end
  local function colour(path, value)
    local chain, on_chain = {}, {}
    local found
    while true do
      if resolved[path] then found = resolved[path] break end
      chain[#chain + 1] = path
      on_chain[path] = true
      local alias = type(value) == "string" and value:match("^{(.+)}$")
      if not alias then found = literal(path, value) break end
      local target = tokens[alias]
      if not target then sb.input_error(0, path .. ": the alias {" .. alias .. "} names no token") end
      if on_chain[alias] then sb.input_error(0, path .. ": the alias {" .. alias .. "} refers back to itself (a cycle)") end
      path, value = alias, target.node["$value"]
    end
    for _, p in ipairs(chain) do resolved[p] = found end
    return found
  end

  -- A colour token as an item (or a node): its path is its key, and its
  -- alias, description and extensions are kept as they are written.
  -- The fields Swatchbook's tokens writer keeps in $extensions["org.swatchbook"]
  -- come back as fields; the other extensions are kept as they are.
  local function extensions_of(token)
    local extensions = token["$extensions"]
    if type(extensions) ~= "table" then return nil, nil end
    local own = extensions["org.swatchbook"]
    if type(own) ~= "table" or type(own.fields) ~= "table" then return extensions, nil end
    local rest, any = {}, false
    for name, value in pairs(extensions) do
      if name ~= "org.swatchbook" then rest[name], any = value, true end
    end
    local left = {}
    for name, value in pairs(own) do
      if name ~= "fields" then left[name], any = value, true end
    end
    if next(left) then rest["org.swatchbook"] = left end
    return any and rest or nil, own.fields
  end

  local function item(path, key, token)
    local value = token["$value"]
    local extensions, fields = extensions_of(token)
    return {
      id = path, name = key, key = path, color = colour(path, value),
      ref = type(value) == "string" and value:match("^{.+}$") and value or nil,
      description = type(token["$description"]) == "string" and token["$description"] or nil,
      extensions = extensions, fields = fields,
    }
  end

  local function tree(group, path, inherited)
    local kind = group["$type"] or inherited
    local nodes = {}
    for _, child in ipairs(children(group)) do
      local p = path .. "." .. child.key
      if is_token(child.node) then
        if (child.node["$type"] or kind) == "color" then
          nodes[#nodes + 1] = item(p, child.key, child.node)
        end
      else
        local sub = tree(child.node, p, kind)
        if #sub > 0 then nodes[#nodes + 1] = { id = p, name = child.key, children = sub } end
      end
    end
    return nodes
  end

  local sections = {}
  local loose = {}
  local function add_rows(group, path, inherited, rows)
    local kind = group["$type"] or inherited
    local items = {}
    for _, child in ipairs(children(group)) do
      local p = path .. "." .. child.key
      if is_token(child.node) then
        if (child.node["$type"] or kind) == "color" then items[#items + 1] = item(p, child.key, child.node) end
      else
        local nested = false
        for _, grandchild in ipairs(children(child.node)) do
          if is_group(grandchild.node) then nested = true end
        end
        if nested then
          local nodes = tree(child.node, p, kind)
          if #nodes > 0 then rows[#rows + 1] = { id = p, name = child.key, children = nodes } end
        else
          local row = {}
          add_rows(child.node, p, kind, row)
          for _, r in ipairs(row) do
            r.id, r.name = p, child.key
            rows[#rows + 1] = r
          end
        end
      end
    end
    if #items > 0 then table.insert(rows, 1, { id = path, name = path:match("[^.]+$"), items = items }) end
  end
  local kind = document["$type"]
  for _, child in ipairs(children(document)) do
    if is_token(child.node) then
      if (child.node["$type"] or kind) == "color" then loose[#loose + 1] = item(child.key, child.key, child.node) end
    else
      local rows = {}
      add_rows(child.node, child.key, kind, rows)
      if #rows > 0 then sections[#sections + 1] = { id = child.key, name = child.key, rows = rows } end
    end
  end
  if #loose > 0 then table.insert(sections, 1, { name = "Tokens", rows = { { name = "Tokens", items = loose } } }) end
  return sections
end

return {
  name = "Design tokens", api = 1, description = "W3C Design Tokens (DTCG) JSON (.tokens.json, .tokens)",
  reads = {
    format = "tokens", extensions = { "tokens.json", "tokens", "json" },
    keeps = {
      "spaces", "precision", "alpha", "title", "palette description", "names", "groups", "order", "references",
      "descriptions", "extensions", "non-colour tokens",
    },
    loses = { "JSON null members", "$ref references (not followed)" },
    detect = function(head) return head:match('"%$value"') ~= nil end,
  },
  data = function(ctx)
    local ok, document = pcall(sb.json.decode, sb.input())
    if not ok then sb.input_error(0, tostring(document):gsub("^.-sb%.json%.decode: ", "")) end
    if type(document) ~= "table" then sb.input_error(0, "expected a JSON object of token groups") end
    local sections = load(document)
    if #sections == 0 then sb.input_error(0, "expected colour tokens ($type \"color\"), found none") end
    -- the whole document, for the tokens writer to give back what is not drawn
    local own = type(document["$extensions"]) == "table" and document["$extensions"]["org.swatchbook"]
    sb.document {
      title = type(own) == "table" and type(own.title) == "string" and own.title or nil,
      description = type(document["$description"]) == "string" and document["$description"] or nil,
      tokens = document,
    }
    return sections
  end,
}
