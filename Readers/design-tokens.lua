-- W3C Design Tokens (DTCG 2025.10) JSON: nested groups of tokens, each with
-- $value or $ref and a $type (its own, a group's above it, a group's it
-- $extends, or that of the token its alias names). Only colour tokens are
-- drawn; every token's references are followed and checked. A colour is a
-- CSS colour string, an {alias.path}, a {"$ref": "#/json/pointer"} (in the
-- token or in any part of its value), or the colour object { colorSpace,
-- components, alpha, hex } in the 14 spaces of the format, each component
-- in its space's range or "none".
-- Top-level groups become sections; a group of tokens under one, a row; a
-- deeper group, a row holding a tree. Each colour keeps its path, alias,
-- $description and $extensions; the document itself is kept (sb.document)
-- so the tokens writer gives back its groups and its other tokens.
local sb = require "swatchbook"

-- Each colour space of DTCG 2025.10 (sb.color{space = …} takes the same
-- names) and its components' ranges: { low, high, high is excluded }.
local unit = { 0, 1 }
local percent = { 0, 100 }
local hue = { 0, 360, true }
local any = { -math.huge, math.huge }
local chroma = { 0, math.huge }
local rgb = { unit, unit, unit }
local spaces = {
  srgb = rgb, ["srgb-linear"] = rgb, ["display-p3"] = rgb, ["a98-rgb"] = rgb, ["prophoto-rgb"] = rgb,
  rec2020 = rgb, ["xyz-d65"] = rgb, ["xyz-d50"] = rgb,
  hsl = { hue, percent, percent }, hwb = { hue, percent, percent },
  lab = { percent, any, any }, lch = { percent, chroma, hue },
  oklab = { unit, any, any }, oklch = { unit, chroma, hue },
}
local component_names = {
  hsl = { "hue", "saturation", "lightness" }, hwb = { "hue", "whiteness", "blackness" },
  lab = { "lightness", "a", "b" }, lch = { "lightness", "chroma", "hue" },
  oklab = { "lightness", "a", "b" }, oklch = { "lightness", "chroma", "hue" },
}

-- What a token may hold besides its value.
local token_keys = {
  ["$value"] = true, ["$ref"] = true, ["$type"] = true, ["$description"] = true, ["$extensions"] = true,
  ["$deprecated"] = true,
}

-- Bounds on hostile documents: how deep a value is walked for references,
-- and how many tokens $extends may copy in all.
local max_depth = 64
local max_copied = 200000

local function quoted(text) return (string.format("%q", tostring(text)):sub(1, 60):gsub("\\\n", "\\n")) end

-- The types DTCG 2025.10 defines; any other is warned of, with the nearest.
local known_types = {
  "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number", "strokeStyle", "border",
  "transition", "shadow", "gradient", "typography",
}
local is_known_type = {}
for _, name in ipairs(known_types) do is_known_type[name] = true end

-- Where each value of the document starts (sb.json.decode's places), and
-- the place of a token's or group's member: the member's own, else the
-- nearest enclosing value's (a path $extends made has no place of its own).
-- The places are read only once a problem needs one: recording them costs
-- as much as the decoding, and a good file needs none.
local places
local function place(path, member)
  if not places then
    local ok, _, where = pcall(sb.json.decode, sb.input(), { positions = true })
    places = ok and where or {}
  end
  if member and places[path .. "." .. member] then return places[path .. "." .. member] end
  while path ~= "" do
    if places[path] then return places[path] end
    path = path:match("^(.*)%.[^.]*$") or ""
  end
  return places[""] or 0
end

-- A problem with the token or group at `path`: raised as a table, so a
-- caller may report it and read on (sb.input_problem), or stop.
local PROBLEM = {}
local function fail(path, message, member, code)
  error({ [PROBLEM] = true, path = path, message = message, member = member, code = code }, 0)
end
local function report(problem, how)
  if type(problem) ~= "table" or not problem[PROBLEM] then error(problem, 0) end
  how(place(problem.path, problem.member), problem.path .. ": " .. problem.message, problem.code)
end
-- Runs `f` and reports a problem it raises, once for each place and
-- message, reading on; true when it raised none.
local reported = {}
local function read_on(f, ...)
  local ok, problem = pcall(f, ...)
  if ok then return true end
  local key = type(problem) == "table" and problem[PROBLEM] and (problem.path .. "\0" .. problem.message)
  if key and reported[key] then return false end
  if key then reported[key] = true end
  report(problem, sb.input_problem)
  return false
end

local function is_token(node) return type(node) == "table" and (node["$value"] ~= nil or node["$ref"] ~= nil) end

-- The document's groups, $extends resolved: a group is { [GROUP] = true,
-- type = its $type (or its base's), list = { { key, node } } } in document
-- order, each node a token (as decoded) or a group; a group extending
-- another holds the base's members first, its own replacing them by name
-- (a group of both merged), and may copy max_copied members in all.
local GROUP = {}

local byte, find, next = string.byte, string.find, next

local function members(group)
  local list = {}
  for key, value in pairs(group) do
    if type(key) == "string" and type(value) == "table" and (byte(key) ~= 36 or key == "$root") then
      list[#list + 1] = { key = key, node = value }
    end
  end
  return list
end

local function groups(document)
  local built, building, copied = {}, {}, 0
  local function add(g, key, node)
    local at = g.at[key]
    if at then g.list[at].node = node else
      g.list[#g.list + 1] = { key = key, node = node }
      g.at[key] = #g.list
    end
  end
  local function count(path, n)
    copied = copied + n
    if copied > max_copied then fail(path, "$extends copies more than " .. max_copied .. " tokens and groups") end
  end
  local function combine(base, own, path)
    local g = { [GROUP] = true, type = own.type or base.type, list = {}, at = {} }
    count(path, #base.list)
    for _, m in ipairs(base.list) do add(g, m.key, m.node) end
    for _, m in ipairs(own.list) do
      local at = g.at[m.key]
      local old = at and g.list[at].node
      if old and old[GROUP] and m.node[GROUP] then add(g, m.key, combine(old, m.node, path .. "." .. m.key))
      else add(g, m.key, m.node) end
    end
    return g
  end
  -- The group at a dotted path of the document, and the $type it has there.
  local function lookup(path)
    local node, kind = document, document["$type"]
    for name in (path .. "."):gmatch("([^.]*)%.") do
      if type(node) ~= "table" or is_token(node) then return nil end
      node = node[name]
      if type(node) == "table" and not is_token(node) and type(node["$type"]) == "string" then kind = node["$type"] end
    end
    return node, kind
  end
  local function group(node, path)
    if built[node] then return built[node] end
    if building[node] then fail(path, "$extends leads back to this group (a cycle)") end
    building[node] = true
    local kind = node["$type"]
    if kind ~= nil and type(kind) ~= "string" then fail(path, "expected $type to be a string, got a " .. type(kind)) end
    local own = { [GROUP] = true, type = kind, list = {}, at = {} }
    -- each member's entry becomes the group's (a key is in a table once)
    local list, at = own.list, own.at
    for _, m in ipairs(members(node)) do
      if not is_token(m.node) then m.node = group(m.node, path == "" and m.key or (path .. "." .. m.key)) end
      list[#list + 1] = m
      at[m.key] = #list
    end
    local extends = node["$extends"]
    if extends ~= nil then
      local target = type(extends) == "string" and extends:match("^{(.+)}$")
      if not target then fail(path, "expected $extends to name a group as {group.path}, got " .. quoted(extends)) end
      local base, base_kind = lookup(target)
      if type(base) ~= "table" then fail(path, "$extends " .. quoted(extends) .. " names no group") end
      if is_token(base) then fail(path, "$extends " .. quoted(extends) .. " names a token, not a group") end
      local b = group(base, target)
      own = combine({ list = b.list, type = b.type or base_kind }, own, path)
    end
    building[node] = nil
    built[node] = own
    return own
  end
  return group(document, "")
end

-- A token's members are its value, its type and its metadata, each of its
-- kind.
local function check_token(path, token)
  -- most tokens hold only keys a token may: looked over with next, and in
  -- pairs' order (the same every run) only to name the first that is not
  local bad = false
  for key in next, token do
    if type(key) ~= "string" or not token_keys[key] then bad = true break end
  end
  if bad then
    for key in pairs(token) do
      if type(key) ~= "string" or key:sub(1, 1) ~= "$" then
        fail(path, "expected a token ($value) or a group, not both: " .. quoted(key) .. " is beside its $value")
      elseif not token_keys[key] then
        fail(path, "expected $value, $ref, $type, $description, $extensions or $deprecated, got " .. quoted(key))
      end
    end
  end
  if token["$value"] ~= nil and token["$ref"] ~= nil then fail(path, "expected $value or $ref, not both") end
  local kind, description = token["$type"], token["$description"]
  if kind ~= nil and type(kind) ~= "string" then
    fail(path, "expected $type to be a string, got a " .. type(kind), "$type")
  end
  if description ~= nil and type(description) ~= "string" then
    fail(path, "expected $description to be a string, got a " .. type(description))
  end
  local extensions = token["$extensions"]
  if extensions ~= nil and (type(extensions) ~= "table" or extensions[1] ~= nil) then
    fail(path, "expected $extensions to be an object")
  end
  local deprecated = token["$deprecated"]
  if deprecated ~= nil and type(deprecated) ~= "boolean" and type(deprecated) ~= "string" then
    fail(path, "expected $deprecated to be true, false or a message, got a " .. type(deprecated))
  end
end

local function load(document, checking)
  local root = groups(document)
  local tokens = {}  -- path -> { node, type (its own or a group's) }
  local order = {}
  local function index(g, path, inherited, from)
    local kind = g.type or inherited
    for _, m in ipairs(g.list) do
      local p = path == "" and m.key or (path .. "." .. m.key)
      if m.node[GROUP] then index(m.node, p, kind, g.type and path or from) else
        read_on(check_token, p, m.node)
        local own = type(m.node["$type"]) == "string" and m.node["$type"] or nil
        -- where its $type is written: on it, or on the group it takes it from
        tokens[p] = { node = m.node, type = own or kind, type_at = own and p or (g.type and path or from) }
        order[#order + 1] = p
      end
    end
  end
  index(root, "", nil, "")

  -- References. A token's value is walked to along its chain of aliases
  -- ({a.b}) and pointers to a whole $value (#/a/b/$value), each token
  -- resolved once and given the value and type found, so a long chain is
  -- read in one pass and a cycle is found by meeting a token twice on the
  -- walk. A pointer into a part of a value (#/a/$value/components) is
  -- followed where it is met, at most max_depth deep.
  local resolved = {}  -- path -> { value, type }
  local walking = {}
  local resolve
  local function pointer(path, ref, depth)
    if type(ref) ~= "string" then fail(path, "expected $ref to be a JSON pointer string, got a " .. type(ref)) end
    if ref:sub(1, 2) ~= "#/" then fail(path, "expected $ref to point into this document (#/…), got " .. quoted(ref)) end
    local node, dotted, inside, rest = document, "", false, 0
    for raw in (ref:sub(3) .. "/"):gmatch("([^/]*)/") do
      local name = raw:gsub("~1", "/"):gsub("~0", "~")
      if type(node) ~= "table" then fail(path, "$ref " .. quoted(ref) .. " goes past a " .. type(node)) end
      local child
      if inside then
        rest = rest + 1
        if node[1] ~= nil then
          local n = name:match("^%d+$") and not name:match("^0%d") and tonumber(name)
          if not n then fail(path, "$ref " .. quoted(ref) .. ": " .. quoted(name) .. " is no index of the array") end
          child = node[n + 1]
        else
          child = node[name]
        end
      elseif is_token(node) then
        if name ~= "$value" then
          fail(path, "$ref " .. quoted(ref) .. " points to a token's " .. quoted(name) .. ", not into its $value")
        end
        inside = true
        child = node["$value"]
        if child == nil then
          if not tokens[dotted] then fail(path, "$ref " .. quoted(ref) .. " points to no token") end
          child = resolve(dotted, depth + 1).value
        end
      else
        if name:sub(1, 1) == "$" and name ~= "$root" then
          fail(path, "$ref " .. quoted(ref) .. " points to a group's " .. quoted(name) .. ", not into a token's $value")
        end
        child = node[name]
        dotted = dotted == "" and name or (dotted .. "." .. name)
      end
      if child == nil then fail(path, "$ref " .. quoted(ref) .. " points to nothing: there is no " .. quoted(name)) end
      node = child
    end
    if not inside then fail(path, "$ref " .. quoted(ref) .. " points to a group or token, not into a token's $value") end
    return node, rest == 0 and tokens[dotted] and dotted or nil
  end
  -- A part of a value given as {"$ref": …} is the part it points to.
  local function follow(path, value, depth)
    while type(value) == "table" and value["$ref"] ~= nil do
      depth = depth + 1
      if depth > max_depth then fail(path, "$ref pointers lead more than " .. max_depth .. " deep (a cycle?)") end
      value = pointer(path, value["$ref"], depth)
    end
    return value
  end
  function resolve(path, depth)
    if depth > max_depth then fail(path, "references lead more than " .. max_depth .. " deep") end
    -- a token resolved, or one whose value is its own (most are), without
    -- a walk
    local done = resolved[path]
    if done then return done end
    local token = tokens[path]
    local written = token.node["$value"]
    if token.node["$ref"] == nil and not walking[path]
      and not (type(written) == "string" and find(written, "^{.*}$")) then
      done = { value = written, type = token.type }
      resolved[path] = done
      return done
    end
    local chain, p, found, via = {}, path
    while true do
      if resolved[p] then found = resolved[p] break end
      -- named at the token whose reference closes the cycle
      if walking[p] then fail(chain[#chain], "the " .. via .. " refers back to itself (a cycle)", "$value", "broken-alias") end
      walking[p] = true
      chain[#chain + 1] = p
      local node, target = tokens[p].node
      if node["$ref"] ~= nil then
        local value, whole = pointer(p, node["$ref"], depth)
        if not whole then found = { value = follow(p, value, depth), type = tokens[p].type } break end
        target, via = whole, "$ref " .. quoted(node["$ref"])
      else
        local value = node["$value"]
        local alias = type(value) == "string" and value:match("^{(.*)}$")
        if not alias then found = { value = value, type = tokens[p].type } break end
        if not tokens[alias] then fail(p, "the alias " .. quoted(value) .. " names no token", "$value", "broken-alias") end
        target, via = alias, "alias " .. value
      end
      p = target
    end
    local kind = found.type
    for i = #chain, 1, -1 do
      local q = chain[i]
      local own = tokens[q].type
      if own and kind and own ~= kind then
        fail(q, "expected a reference to a " .. own .. " token, got one to a " .. kind)
      end
      kind = own or kind
      resolved[q] = { value = found.value, type = kind }
      walking[q] = nil
    end
    return resolved[path]
  end

  -- The references inside a value the reader does not draw: each pointer
  -- and alias must lead somewhere.
  local function check_parts(path, value, depth)
    if depth > max_depth then fail(path, "expected a value at most " .. max_depth .. " deep") end
    if type(value) == "string" then
      local alias = value:match("^{(.*)}$")
      if alias and not tokens[alias] then fail(path, "the alias " .. quoted(value) .. " names no token", "$value", "broken-alias") end
    elseif type(value) == "table" then
      if value["$ref"] ~= nil then follow(path, value, 0) return end
      for _, part in pairs(value) do check_parts(path, part, depth + 1) end
    end
  end

  -- A colour value: a CSS colour string or a colour object, whose parts
  -- may be {"$ref": …} (but not {aliases}).
  local function literal(path, value)
    if type(value) == "string" then
      local ok, c = pcall(sb.color, value)
      if not ok then fail(path, "expected a colour, got " .. quoted(value), "$value", "bad-colour") end
      return c
    elseif type(value) ~= "table" then
      fail(path, "expected a colour value, got a " .. type(value))
    end
    -- a part is followed only where it is a table: most are plain values
    local space = value.colorSpace
    if type(space) == "table" then space = follow(path, space, 0) end
    if space == nil then fail(path, "expected a colour object with a colorSpace") end
    local ranges = spaces[space]
    if not ranges then fail(path, "expected a colorSpace DTCG 2025.10 lists, got " .. quoted(space)) end
    local components = value.components
    if type(components) == "table" then components = follow(path, components, 0) end
    if type(components) ~= "table" or (components[1] == nil and next(components) ~= nil) then
      fail(path, "expected components to be an array of 3 numbers")
    end
    local count = 0
    for _ in next, components do count = count + 1 end
    if count ~= 3 or #components ~= 3 then fail(path, "expected 3 components in " .. space .. ", got " .. count) end
    local list = {}
    for i = 1, 3 do
      local v = components[i]
      if type(v) == "table" then v = follow(path, v, 0) end
      if v ~= "none" then
        if type(v) ~= "number" or v ~= v then
          fail(path, "expected component " .. i .. " to be a number or \"none\", got " .. quoted(v))
        end
        local range = ranges[i]
        if v < range[1] or v > range[2] or (range[3] and v >= range[2]) then
          local name = component_names[space] and component_names[space][i] or ("component " .. i)
          local wanted = range[3] and string.format("in [%g, %g)", range[1], range[2])
            or range[2] == math.huge and string.format("%g or more", range[1])
            or string.format("from %g to %g", range[1], range[2])
          fail(path, string.format("expected the %s %s %s, got %s", space, name, wanted, tostring(v)))
        end
      end
      list[i] = v
    end
    local alpha = value.alpha
    if type(alpha) == "table" then alpha = follow(path, alpha, 0) end
    if alpha == nil then alpha = 1 end
    if type(alpha) ~= "number" or not (alpha >= 0 and alpha <= 1) then
      fail(path, "expected an alpha from 0 to 1, got " .. (type(alpha) == "number" and tostring(alpha) or quoted(alpha)))
    end
    local hex = value.hex
    if type(hex) == "table" then hex = follow(path, hex, 0) end
    if hex ~= nil and (type(hex) ~= "string" or not hex:match("^#%x%x%x%x%x%x$")) then
      fail(path, "expected hex to be a #rrggbb fallback, got " .. quoted(hex))
    end
    local ok, c = pcall(sb.color, { space = space, components = list, alpha = alpha })
    if ok then return c end
    if hex then return sb.color(hex) end
    fail(path, "expected a colour, got one Swatchbook cannot read in " .. space)
  end

  local kinds = {}  -- path -> its type, every reference followed
  local unknown = {}  -- the places of unknown $types warned of
  local dropped = {}  -- type -> { first token's path, count }, in order
  local function kind_of(p)
    local r = resolve(p, 0)
    if r.type == nil then fail(p, "expected a $type, on the token, on a group above it or on the token it refers to") end
    if not is_known_type[r.type] then
      local at = tokens[p].type_at or p
      if not unknown[at] then
        unknown[at] = true
        sb.input_warning(place(at, "$type"), at .. (at == "" and "" or ": ") .. "$type " .. quoted(r.type)
          .. " is no type DTCG defines, so its tokens are left out", "unknown-type", { typed = r.type, among = known_types })
      end
      return
    end
    kinds[p] = r.type
    if r.type ~= "color" then
      check_parts(p, tokens[p].node["$value"], 0)
      local d = dropped[r.type]
      if d then d.count = d.count + 1 else
        dropped[r.type] = { path = p, count = 0 }
        dropped[#dropped + 1] = r.type
      end
    end
  end
  for _, p in ipairs(order) do
    if not read_on(kind_of, p) then
      kinds[p] = nil
      -- a walk a problem ended leaves no token half-walked
      for q in pairs(walking) do walking[q] = nil end
    end
  end
  local colours = {}
  local function colour(path)
    if not colours[path] then colours[path] = literal(path, resolved[path].value) end
    return colours[path]
  end
  -- The colours inside border, shadow and gradient tokens are colours too.
  local function part_colour(path, value)
    value = follow(path, value, 0)
    local alias = type(value) == "string" and value:match("^{(.*)}$")
    if not alias then return literal(path, value) end
    if not tokens[alias] then fail(path, "the alias " .. quoted(value) .. " names no token", "$value", "broken-alias") end
    local r = resolve(alias, 0)
    if r.type ~= "color" then fail(path, "expected a colour, got the alias " .. quoted(value) .. " to a " .. tostring(r.type)) end
  end
  local function holder(path, value, what)
    value = follow(path, value, 0)
    if type(value) ~= "table" or value.color == nil then fail(path, "expected " .. what .. " with a color") end
    part_colour(path, value.color)
  end
  local function check_colours(p)
    local kind, value = kinds[p], follow(p, resolved[p].value, 0)
    if kind == "color" then
      colour(p)
    elseif type(value) == "table" and (kind == "border" or kind == "shadow" and value[1] == nil) then
      holder(p, value, "a " .. kind)
    elseif type(value) == "table" and (kind == "gradient" or kind == "shadow") then
      for _, part in ipairs(value) do holder(p, part, kind == "gradient" and "each stop" or "each shadow") end
    end
  end
  for _, p in ipairs(order) do
    if kinds[p] and not read_on(check_colours, p) then kinds[p] = nil end
  end
  -- What is not drawn, once for each type, at its first token: for check,
  -- as a report leaves them out but a palette writer says what it loses.
  for _, kind in ipairs(checking and dropped or {}) do
    local d = dropped[kind]
    sb.input_warning(place(d.path, "$value"), d.path .. ": a " .. kind .. " token is no colour, so "
      .. (d.count == 0 and "it is" or ("it and " .. d.count .. " more are")) .. " not drawn"
      .. " (the tokens writer keeps " .. (d.count == 0 and "it" or "them") .. ")", "dropped")
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
    local rest, kept = {}, false
    for name, value in pairs(extensions) do
      if name ~= "org.swatchbook" then rest[name], kept = value, true end
    end
    local left = {}
    for name, value in pairs(own) do
      if name ~= "fields" then left[name], kept = value, true end
    end
    if next(left) then rest["org.swatchbook"] = left end
    return kept and rest or nil, own.fields
  end

  local function item(path, key, token)
    local value = token["$value"]
    local extensions, fields = extensions_of(token)
    return {
      id = path, name = key, key = path, color = colour(path),
      ref = type(value) == "string" and value:match("^{.+}$") and value or nil,
      description = token["$description"],
      extensions = extensions, fields = fields,
    }
  end

  -- A group's $root token (DTCG 2025.10) is the group's own colour: its
  -- node carries it, above the group's other tokens.
  local function tree(group, path)
    local nodes = {}
    for _, m in ipairs(group.list) do
      local p = path .. "." .. m.key
      if not m.node[GROUP] then
        if kinds[p] == "color" then nodes[#nodes + 1] = item(p, m.key, m.node) end
      else
        local own = m.node.at["$root"] and m.node.list[m.node.at["$root"]]
        m.node.root_drawn = own and not own.node[GROUP] and kinds[p .. ".$root"] == "color"
        local sub = tree(m.node, p)
        if m.node.root_drawn then
          local node = item(p .. ".$root", m.key, own.node)
          node.id, node.children = p, sub
          nodes[#nodes + 1] = node
        elseif #sub > 0 then
          nodes[#nodes + 1] = { id = p, name = m.key, children = sub }
        end
      end
    end
    if group.root_drawn then
      for i, node in ipairs(nodes) do
        if node.id == path .. ".$root" then table.remove(nodes, i) break end
      end
    end
    return nodes
  end

  local sections = {}
  local loose = {}
  -- A group's own tokens are a row where they stand: those after a
  -- sub-group are a row of their own, so the file's order is kept.
  local function add_rows(group, path, rows)
    local items
    for _, m in ipairs(group.list) do
      local p = path .. "." .. m.key
      if not m.node[GROUP] then
        if kinds[p] == "color" then
          if not items then
            items = {}
            rows[#rows + 1] = { id = #rows == 0 and path or nil, name = path:match("[^.]+$"), items = items }
          end
          items[#items + 1] = item(p, m.key, m.node)
        end
      else
        items = nil
        local nested = false
        for _, grandchild in ipairs(m.node.list) do
          if grandchild.node[GROUP] then nested = true end
        end
        if nested then
          local nodes = tree(m.node, p)
          if #nodes > 0 then rows[#rows + 1] = { id = p, name = m.key, children = nodes } end
        else
          local row = {}
          add_rows(m.node, p, row)
          for _, r in ipairs(row) do
            r.id, r.name = p, m.key
            rows[#rows + 1] = r
          end
        end
      end
    end
  end
  for _, m in ipairs(root.list) do
    if not m.node[GROUP] then
      if kinds[m.key] == "color" then loose[#loose + 1] = item(m.key, m.key, m.node) end
    else
      local rows = {}
      add_rows(m.node, m.key, rows)
      if #rows > 0 then sections[#sections + 1] = { id = m.key, name = m.key, rows = rows } end
    end
  end
  if #loose > 0 then table.insert(sections, 1, { name = "Tokens", rows = { { name = "Tokens", items = loose } } }) end
  return sections, #order
end

return {
  name = "Design tokens", api = 1, description = "W3C Design Tokens (DTCG) JSON (.tokens.json, .tokens)",
  reads = {
    format = "tokens", extensions = { "tokens.json", "tokens", "json" },
    keeps = {
      "spaces", "precision", "alpha", "title", "palette description", "names", "groups", "order", "references",
      "descriptions", "extensions", "non-colour tokens",
    },
    loses = { "JSON null members" },
    detect = function(head)
      return head:match('"%$value"') ~= nil or head:match('"%$ref"') ~= nil or head:match('designtokens%.org/') ~= nil
    end,
  },
  data = function(ctx)
    local text = sb.input()
    local ok, document = pcall(sb.json.decode, text)
    if not ok then
      local message = tostring(document):gsub("^.-sb%.json%.decode: ", "")
      local line, column, rest = message:match("^line (%d+), column (%d+): (.*)$")
      if line then sb.input_error({ line = tonumber(line), column = tonumber(column) }, rest, "malformed-file") end
      sb.input_error(0, message, "malformed-file")
    end
    places = nil
    if type(document) ~= "table" then sb.input_error(place(""), "expected a JSON object of token groups") end
    local ok_load, sections, count = pcall(load, document, ctx.input.checking)
    if not ok_load then report(sections, sb.input_error) end
    if #sections == 0 and count == 0 and next(document) == nil then sb.input_error(0, "expected tokens ($value), found none") end
    -- the whole document, for the tokens writer to give back what is not
    -- drawn: given as its text, which the host has just decoded, so it is
    -- not read back from the tables (the reader changes none of them)
    local own = type(document["$extensions"]) == "table" and document["$extensions"]["org.swatchbook"]
    sb.document {
      title = type(own) == "table" and type(own.title) == "string" and own.title or nil,
      description = type(document["$description"]) == "string" and document["$description"] or nil,
      tokens = text,
    }
    return sections
  end,
}
