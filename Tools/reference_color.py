"""Colour answers from coloraide (CSS Color 4), for Tools/reference.py color.

Each request is a one-key object; each answer is a list of numbers (null
where coloraide cannot read the input):

    {"parse": "oklch(0.7 0.3 30)"}  -> [r, g, b, alpha]: sRGB 0..1, gamut-mapped
    {"oklch": "#FA8072"}           -> [l, c, h]
    {"oklab": "#FA8072"}           -> [l, a, b]
    {"hsl": "#FA8072"}             -> [h, s, l]: s and l 0..1
    {"mix": ["#F00", "#00F", 0.3]} -> [r, g, b, alpha]: color-mix in oklab, premultiplied
    {"contrast": ["#F00", "#FFF"]} -> [ratio]: WCAG 2.1
    {"luminance": "#FA8072"}       -> [relative luminance]

Gamut mapping is coloraide's "minde-chroma" in OKLCh with the ΔEOK JND of
0.02: the CSS Color 4 binary search.
"""
import math

from coloraide import Color


def fitted(color):
    srgb = color.convert("srgb")
    oklch = color.convert("oklch")
    lightness = oklch["lightness"]
    if not math.isnan(lightness) and lightness >= 1:
        return [1.0, 1.0, 1.0, srgb.alpha()]
    if not math.isnan(lightness) and lightness <= 0:
        return [0.0, 0.0, 0.0, srgb.alpha()]
    if not srgb.in_gamut():
        srgb = color.clone().fit("srgb", method="minde-chroma", pspace="oklch").convert("srgb")
    coords = [0.0 if math.isnan(v) else v for v in srgb.coords()]
    alpha = srgb.alpha()
    return coords + [0.0 if math.isnan(alpha) else alpha]


def plain(values):
    return [0.0 if math.isnan(v) else v for v in values]


def answer(request):
    (kind, value), = request.items()
    try:
        if kind == "parse":
            return fitted(Color(value))
        if kind == "oklch":
            return plain(Color(value).convert("oklch").coords())
        if kind == "oklab":
            return plain(Color(value).convert("oklab").coords())
        if kind == "hsl":
            return plain(Color(value).convert("hsl").coords())
        if kind == "mix":
            first, second, t = value
            mixed = Color(first).mix(second, t, space="oklab", premultiplied=True)
            return fitted(mixed)
        if kind == "contrast":
            first, second = value
            return [Color(first).contrast(second, method="wcag21")]
        if kind == "luminance":
            return [Color(value).luminance()]
    except ValueError:
        return None
    raise ValueError(f"unknown request {kind!r}")
