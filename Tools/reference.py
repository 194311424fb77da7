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
         {"prelude", "declarations": [[name, value]], "errors": [...]}.
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
    import tinycss2
    rules = []
    for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if rule.type == "error":
            rules.append({"prelude": "", "declarations": [], "errors": [rule.message]})
            continue
        if rule.type != "qualified-rule":
            continue
        declarations, errors = [], []
        for item in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True):
            if item.type == "declaration":
                declarations.append([item.name, tinycss2.serialize(item.value).strip()])
            elif item.type == "error":
                errors.append(item.message)
        rules.append({"prelude": tinycss2.serialize(rule.prelude).strip(), "declarations": declarations, "errors": errors})
    return rules


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    mode = arguments[0]
    if mode == "width":
        json.dump(widths(json.load(sys.stdin)), sys.stdout)
    elif mode == "scalars":
        sys.stdout.write(scalars())
    elif mode == "css":
        json.dump(css(sys.stdin.read()), sys.stdout)
    elif mode == "color":
        import reference_color
        json.dump([reference_color.answer(r) for r in json.load(sys.stdin)], sys.stdout)
    else:
        print(f"unknown mode {mode!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
