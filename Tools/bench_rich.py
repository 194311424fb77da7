#!/usr/bin/env python3
"""Peer baseline: draw Swatchbook's shelves picture of a generated catalogue with Rich.

The picture matches `swatchbook render --layout shelves --color truecolor` of the
benchmark catalogue: width W, insets left 1 / right 1, item 14 x 4, 1 column between
cells. Per section a header line (bold on a dark background, padded to W); per row a
title line, 3 lines of colour blocks, 1 label line (names truncated to 14 cells with
"…"); a blank line after each section. Cells cut by the right edge are drawn
partially, and the last column shows "›" when a strip continues past it.

Item (s, r, i), 0-based, is "Colour {s+1}.{r+1}.{i+1}" with colour
(s*7919 + r*104729 + i*1299709) & 0xFFFFFF. Like a lazy Swatchbook source, only the
items that are on screen are computed; that work is inside the timed region.

Prints `rich.median_ms <float>` (median over --repeat runs of building + rendering)
and `rich.bytes <int>` (UTF-8 bytes one run writes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from rich.color import Color
from rich.console import Console, Group
from rich.style import Style
from rich.text import Text

ITEM_WIDTH = 14
ITEM_HEIGHT = 4  # ITEM_HEIGHT - 1 lines of colour block, then the label line
SPACING = 1
INSET_LEFT = 1
INSET_RIGHT = 1

HEADER_STYLE = Style(bold=True, color="#e4e4e4", bgcolor="#303030")
ROW_TITLE_STYLE = Style(bold=True)
LABEL_STYLE = Style.null()
MORE_RIGHT = "›"
ELLIPSIS = "…"


class ByteCountingSink:
    """A text file that encodes what it is given, as a real file would, and keeps only the count."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode("utf-8"))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def item_name(s: int, r: int, i: int) -> str:
    return f"Colour {s + 1}.{r + 1}.{i + 1}"


def item_color(s: int, r: int, i: int) -> int:
    return (s * 7919 + r * 104729 + i * 1299709) & 0xFFFFFF


def truncate(name: str, width: int) -> str:
    # Generated names are ASCII, so one character is one cell.
    if len(name) <= width:
        return name.ljust(width)
    return name[: width - 1] + ELLIPSIS


def strip_geometry(width: int, items: int) -> tuple[list[tuple[int, int]], bool]:
    """Visible cells of a strip as (item index, visible width), and whether it is clipped."""
    edge = width - INSET_RIGHT  # first column past the content area
    content_end = INSET_LEFT + items * ITEM_WIDTH + max(items - 1, 0) * SPACING
    clipped = content_end > edge
    if clipped and INSET_RIGHT == 0:
        edge -= 1  # keep the last column for the indicator
    cells = []
    x = INSET_LEFT
    for i in range(items):
        if x >= edge:
            break
        cells.append((i, min(ITEM_WIDTH, edge - x)))
        x += ITEM_WIDTH + SPACING
    return cells, clipped


def build_lines(sections: int, rows: int, items: int, width: int) -> list[Text]:
    cells, clipped = strip_geometry(width, items)
    last = len(cells) - 1
    lead = " " * INSET_LEFT
    gap = " " * SPACING
    lines: list[Text] = []
    append = lines.append
    for s in range(sections):
        append(Text(f"{lead}Section {s + 1}".ljust(width)[:width], style=HEADER_STYLE))
        for r in range(rows):
            append(Text(f"{lead}Row {s + 1}.{r + 1}", style=ROW_TITLE_STYLE))
            swatch = Text(lead)
            label = Text(lead)
            for n, (i, w) in enumerate(cells):
                rgb = item_color(s, r, i)
                style = Style(bgcolor=Color.from_rgb(rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF))
                swatch.append(" " * w, style)
                label.append(truncate(item_name(s, r, i), ITEM_WIDTH)[:w], LABEL_STYLE)
                if n < last:
                    swatch.append(gap)
                    label.append(gap)
            if clipped:
                swatch.append(MORE_RIGHT)
                label.append(MORE_RIGHT)
            for _ in range(ITEM_HEIGHT - 1):
                append(swatch.copy())
            append(label)
        append(Text(""))
    return lines


def make_console(file, width: int) -> Console:
    return Console(
        file=file,
        width=width,
        color_system="truecolor",
        force_terminal=True,
        legacy_windows=False,
        soft_wrap=False,
    )


def draw(console: Console, args: argparse.Namespace) -> None:
    lines = build_lines(args.sections, args.rows, args.items, args.width)
    # One Group is the fastest of the usual idioms (print per line, one joined Text).
    console.print(Group(*lines), no_wrap=True, overflow="crop")


def render_once(args: argparse.Namespace) -> int:
    sink = ByteCountingSink()
    draw(make_console(sink, args.width), args)
    return sink.bytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", type=int, default=1000)
    parser.add_argument("--rows", type=int, default=10)
    parser.add_argument("--items", type=int, default=50)
    parser.add_argument("--width", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--show", action="store_true", help="draw one run to stdout instead of timing")
    args = parser.parse_args(argv)
    if min(args.sections, args.rows, args.items, args.repeat) < 1 or args.width < INSET_LEFT + INSET_RIGHT + 1:
        parser.error("sizes and --repeat must be at least 1, and --width must leave room for content")

    if args.show:
        draw(make_console(sys.stdout, args.width), args)
        return 0

    times = []
    written = 0
    for _ in range(args.repeat):
        start = time.perf_counter()
        written = render_once(args)
        times.append((time.perf_counter() - start) * 1000.0)
    print(f"rich.median_ms {statistics.median(times):.3f}")
    print(f"rich.bytes {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
