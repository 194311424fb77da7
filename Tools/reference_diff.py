"""coloraide's ΔE OK for `swatchbook diff`'s tests.

delta-e-ok: a JSON list of [hex, hex] pairs in; out, the list of
coloraide's `delta_e(method="ok")` of each pair: the plain Euclidean
distance in OKLab, unscaled (diff reports it ×100).
"""
from coloraide import Color


def delta_e_ok(pairs):
    return [Color(first).delta_e(second, method="ok") for first, second in pairs]
