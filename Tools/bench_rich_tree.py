#!/usr/bin/env python3
"""Peer baseline: Rich's Tree of the nodes `Tools/bench-tree` gives Swatchbook.

100 groups of 100 subgroups of N/10^4 leaves, every node open; a leaf is a
two-column colour chip and "Leaf g.s.l", its colour (count * 2654435761) mod
2^24 as in the plugin. Rendered at --width columns in truecolor into a sink
that counts bytes. Prints `rich_tree.median_ms` (building + rendering, median
of --repeat runs) and `rich_tree.bytes`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from rich.console import Console
from rich.style import Style
from rich.text import Text
from rich.tree import Tree


class Sink:
    """A text file that only counts what is written."""

    def __init__(self) -> None:
        self.count = 0

    def write(self, text: str) -> int:
        self.count += len(text.encode("utf-8"))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def build(nodes: int) -> Tree:
    per = max(1, nodes // 10000)
    root = Tree(Text("Tree", style="bold"))
    row = root.add(Text("All", style="bold"))
    count = 0
    for g in range(1, 101):
        group = row.add(f"Group {g}")
        for s in range(1, 101):
            sub = group.add(f"Subgroup {g}.{s}")
            for leaf in range(1, per + 1):
                count += 1
                rgb = (count * 2654435761) % 0x1000000
                label = Text("  ", style=Style(bgcolor=f"#{rgb:06X}"))
                label.append(f" Leaf {g}.{s}.{leaf}")
                sub.add(label)
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--width", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    times = []
    written = 0
    for _ in range(args.repeat):
        sink = Sink()
        console = Console(file=sink, width=args.width, color_system="truecolor", force_terminal=True)
        start = time.perf_counter()
        console.print(build(args.nodes))
        times.append((time.perf_counter() - start) * 1000)
        written = sink.count
    print(f"rich_tree.median_ms {statistics.median(times):.1f}")
    print(f"rich_tree.bytes {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
