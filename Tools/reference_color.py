"""Colour answers from coloraide (CSS Color 4), for Tools/reference.py color.

Each request is a one-key object; each answer is a list of numbers (null
where coloraide cannot read the input):

    {"parse": "oklch(0.7 0.3 30)"}  -> [r, g, b, alpha]: sRGB 0..1, gamut-mapped
    {"oklch": "#FA8072"}           -> [l, c, h]
    {"oklab": "#FA8072"}           -> [l, a, b]
    {"hsl": "#FA8072"}             -> [h, s, l]: s and l 0..1
    {"mix": ["#F00", "#00F", 0.3]} -> [r, g, b, alpha]: color-mix in oklab, premultiplied
    {"colormix": ["oklch", "longer", "#F00", 30, "#00F", null]}
                                   -> [r, g, b, alpha]: CSS Color 5's color-mix(in oklch
                                      longer hue, #F00 30%, #00F), its percentages
                                      normalised as the spec says (null where not given)
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
        if kind == "colormix":
            return colormix(*value)
        if kind == "contrast":
            first, second = value
            return [Color(first).contrast(second, method="wcag21")]
        if kind == "luminance":
            return [Color(value).luminance()]
    except ValueError:
        return None
    raise ValueError(f"unknown request {kind!r}")


def colormix(space, hue, first, p1, second, p2):
    """CSS Color 5's color-mix(): the percentages normalised (one given, the
    other is the rest; a sum under 100 scales the alpha), then coloraide's
    interpolation with missing components carried forward, powerless hues
    missing and alpha premultiplied."""
    if p1 is None and p2 is None:
        p1, p2 = 50.0, 50.0
    elif p2 is None:
        p2 = 100.0 - p1
    elif p1 is None:
        p1 = 100.0 - p2
    total = p1 + p2
    if total == 0:
        return None
    mixed = Color(first).mix(
        second, p2 / total, space=space, hue=hue, premultiplied=True, carryforward=True, powerless=True
    )
    if total < 100:
        mixed.set("alpha", mixed.alpha() * total / 100)
    return fitted(mixed)
