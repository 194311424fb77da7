"""The `cvd` mode of reference.py: coloraide's colour-vision filters.

In: a JSON list of {"color": CSS colour, "vision": protan|deutan|tritan|achroma,
"severity": 0..1}. Out: a list of [r, g, b], gamma-encoded sRGB, unclipped.
protan, deutan and tritan are coloraide's filters of those names with their
default methods; achroma (achromatopsia) is its `grayscale` filter, which
keeps only luminance, in linear light as the others work.
"""
from coloraide import Color


def answer(request):
    name = "grayscale" if request["vision"] == "achroma" else request["vision"]
    filtered = Color(request["color"]).filter(name, request["severity"], space="srgb-linear")
    return filtered.convert("srgb").coords()
