-- The benchmark tree: 100 groups of 100 subgroups of n / 10^4 leaves
-- (--set n=N, default 10^5), each leaf with a colour, as Tools/bench_rich_tree.py
-- builds it for Rich. Tools/bench-tree draws it with every node open.
return { name = "Tree", api = 1, options = { n = 100000 }, layout = { style = "outline" },
  data = function(ctx)
    local n = ctx.options.n
    local per = math.max(1, n // 10000)
    local groups = {}
    local count = 0
    for g = 1, 100 do
      local subs = {}
      for s = 1, 100 do
        local leaves = {}
        for l = 1, per do
          count = count + 1
          leaves[l] = { name = string.format("Leaf %d.%d.%d", g, s, l), color = string.format("#%06X", (count * 2654435761) % 0x1000000) }
        end
        subs[s] = { name = string.format("Subgroup %d.%d", g, s), children = leaves }
      end
      groups[g] = { name = string.format("Group %d", g), children = subs }
    end
    return { { name = "Tree", rows = { { name = "All", children = groups } } } }
  end }
