"""WCAG 2.1 contrast of colour pairs from coloraide, for Tools/reference.py contrast.

A JSON list of [fg, bg] CSS colours in; out, a list of [ratio, backdrop]:
the fg is layered over the bg (CSS source-over, coloraide's Color.layer);
a translucent bg is first layered over white and over black, and the lower
of the two ratios is answered with the backdrop that gave it ("white" or
"black"; null for an opaque bg), as WCAG asks of a translucent background.
"""
from coloraide import Color


def ratio(fg, bg):
    shown = Color.layer([fg, bg], space="srgb")
    return shown.contrast(bg, method="wcag21")


def answer(pair):
    fg, bg = pair
    back = Color(bg)
    if back.alpha() >= 1:
        return [ratio(fg, back), None]
    answers = []
    for name in ("white", "black"):
        under = Color.layer([back, name], space="srgb")
        answers.append([ratio(fg, under), name])
    return min(answers, key=lambda a: a[0])
