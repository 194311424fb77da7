#!/usr/bin/env python3
"""Answers the conformance tests from reference implementations.

    Tools/.venv/bin/python Tools/reference.py width   < strings.json
    Tools/.venv/bin/python Tools/reference.py scalars
    Tools/.venv/bin/python Tools/reference.py color   < requests.json

width:   a JSON list of strings in, the list of their `wcwidth.width` out.
scalars: `wcwidth.wcwidth` of every code point, one character each
         ('0', '1', '2', or '-' for a control), U+0000 to U+10FFFF.
color:   a JSON list of requests in (see `answer`), a list of results out,
         from coloraide (CSS Color 4).
css:     a style sheet on stdin; out, tinycss2's reading of it: a list of
         {"prelude", "declarations": [[name, value, colour]], "errors": [...]},
         an at-rule's prelude starting with "@", and each colour
         tinycss2.color4's [space, [components], alpha] (null where none, or
         for what is no colour).
ase:     an Adobe Swatch Exchange file on stdin; out, Python swatch's
         reading of it: a list of {"group", "name", "mode", "values", "type"}
         (group null outside any).
scss:    a Sass file (SCSS syntax) on stdin; out, libsass's reading of its
         top-level variables (those set at the start of a line), each map
         taken key by key: a list of {"key": "$name" or "$map.key…",
         "type": Sass's type-of, "rgba": [r, g, b, alpha] for a colour}.
contrast: a JSON list of [fg, bg] in, a list of [WCAG 2.1 ratio, backdrop]
         out, translucent colours composited (see reference_contrast.py).
Tools/references installs what it imports.
"""
import json
import sys


def widths(strings):
    import wcwidth
    return [wcwidth.width(text) for text in strings]


def scalars():
    import wcwidth
    out = []
    for value in range(0x110000):
        if 0xD800 <= value <= 0xDFFF:
            out.append("1")
            continue
        width = wcwidth.wcwidth(chr(value))
        out.append("-" if width < 0 else str(width))
    return "".join(out)


def css(text):
    import math
    import tinycss2
    import tinycss2.color4

    def colour(value):
        parsed = tinycss2.color4.parse_color(value)
        if parsed is None or not hasattr(parsed, "space"):
            return None
        def number(x):
            return None if x is None or (isinstance(x, float) and math.isnan(x)) else x
        return [parsed.space, [number(x) for x in parsed.coordinates], number(parsed.alpha)]

    rules = []
    for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if rule.type == "error":
            rules.append({"prelude": "", "declarations": [], "errors": [rule.message]})
            continue
        if rule.type not in ("qualified-rule", "at-rule") or rule.content is None:
            continue
        prelude = tinycss2.serialize(rule.prelude).strip()
        if rule.type == "at-rule":
            prelude = ("@" + rule.at_keyword + " " + prelude).strip()
        declarations, errors = [], []
        for item in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True):
            if item.type == "declaration":
                value = tinycss2.serialize(item.value).strip()
                declarations.append([item.name, value, colour(value)])
            elif item.type == "error":
                errors.append(item.message)
        rules.append({"prelude": prelude, "declarations": declarations, "errors": errors})
    return rules


def ase(data):
    import os
    import tempfile
    import swatch
    with tempfile.NamedTemporaryFile(suffix=".ase", delete=False) as file:
        file.write(data)
    try:
        parsed = swatch.parse(file.name)
    finally:
        os.unlink(file.name)
    out = []
    def colour(entry, group):
        out.append({"group": group, "name": entry["name"], "mode": entry["data"]["mode"],
                    "values": entry["data"]["values"], "type": entry["type"]})
    for entry in parsed:
        if "swatches" in entry:
            for inner in entry["swatches"]:
                colour(inner, entry["name"])
        else:
            colour(entry, None)
    return out


# Sass that writes each variable's type, and a colour's channels as
# libsass computes them, one declaration per value (a map's, key by key).
SCSS_DUMP = """
@mixin swatchbook-dump($key, $value) {
  @if type-of($value) == map {
    @each $k, $v in $value { @include swatchbook-dump($key + "." + $k, $v); }
  } @else if type-of($value) == color {
    x-swatchbook: "#{$key}" color #{red($value)} #{green($value)} #{blue($value)} #{alpha($value)};
  } @else {
    x-swatchbook: "#{$key}" #{type-of($value)};
  }
}
"""


def scss(text):
    import re
    import sass
    names = list(dict.fromkeys(re.findall(r"^\$([\w-]+)\s*:", text, re.MULTILINE)))
    calls = "".join(
        f"@if global-variable-exists(\"{name}\") {{ @include swatchbook-dump(\"${name}\", ${name}); }}\n"
        for name in names)
    css = sass.compile(string=text + "\n" + SCSS_DUMP + ".swatchbook-dump {\n" + calls + "}\n",
                       output_style="expanded")
    out = []
    for line in css.splitlines():
        found = re.match(r'\s*x-swatchbook: "(.*)" (\S+)(.*);$', line)
        if not found:
            continue
        entry = {"key": found.group(1), "type": found.group(2)}
        if entry["type"] == "color":
            entry["rgba"] = [float(part) for part in found.group(3).split()]
        out.append(entry)
    return out


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    mode = arguments[0]
    if mode == "width":
        json.dump(widths(json.load(sys.stdin)), sys.stdout)
    elif mode == "scalars":
        sys.stdout.write(scalars())
    elif mode == "ase":
        json.dump(ase(sys.stdin.buffer.read()), sys.stdout)
    elif mode == "css":
        json.dump(css(sys.stdin.read()), sys.stdout)
    elif mode == "scss":
        json.dump(scss(sys.stdin.read()), sys.stdout)
    elif mode == "delta-e-ok":  # see reference_diff.py
        json.dump(__import__("reference_diff").delta_e_ok(json.load(sys.stdin)), sys.stdout)
    elif mode == "color":
        import reference_color
        json.dump([reference_color.answer(r) for r in json.load(sys.stdin)], sys.stdout)
    elif mode == "cvd":
        import reference_cvd
        json.dump([reference_cvd.answer(r) for r in json.load(sys.stdin)], sys.stdout)
    elif mode == "contrast":
        import reference_contrast
        json.dump([reference_contrast.answer(p) for p in json.load(sys.stdin)], sys.stdout)
    else:
        print(f"unknown mode {mode!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
