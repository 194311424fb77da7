-- The Unicode emoji list as a tree: groups, subgroups, then each fully
-- qualified emoji. Reads emoji-test.txt beside it (the tests copy in
-- Debian's unicode-data file, /usr/share/unicode/emoji/emoji-test.txt).
local sb = require "swatchbook"

return {
  name = "Emoji", api = 1,
  layout = { style = "outline" },
  data = function()
    local groups, group, subgroup = {}, nil, nil
    for line in sb.read("emoji-test.txt"):gmatch("[^\n]+") do
      local g = line:match("^# group: (.+)$")
      local s = line:match("^# subgroup: (.+)$")
      if g then
        group = { name = g, children = {} }
        groups[#groups + 1] = group
      elseif s and group then
        subgroup = { name = s, children = {} }
        group.children[#group.children + 1] = subgroup
      elseif subgroup then
        local emoji, name = line:match("; fully%-qualified%s+# (%S+) E%d+%.%d+ (.+)$")
        if emoji then subgroup.children[#subgroup.children + 1] = { name = emoji .. " " .. name } end
      end
    end
    return { { name = "Emoji", rows = { { name = "All", children = groups } } } }
  end,
}
