#!/usr/bin/env python3
"""Reference pictures of gradients drawn by Cairo and Skia (the Python peers in .venv-bench), for
Tests/RasterTests/GradientReferenceTests.swift: each case is a rectangle filled with a gradient
on an opaque background, at one pixel a point. The cases are in gradient-cases.json beside the
pictures, so the test draws exactly the same geometry with dynrender.

  python3 Benchmarks/gradient_references.py        (writes Tests/RasterTests/References/gradients/)

Written once and committed; run it again only to change the cases.
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

OUT = os.path.join(benchenv.REPO, "Tests", "RasterTests", "References", "gradients")

CASES = [
    {"name": "axial-three-stops", "width": 160, "height": 100, "background": "#F0F0F0",
     "rect": [10, 10, 140, 80], "kind": "axial", "x0": 20, "y0": 15, "x1": 140, "y1": 85, "r0": 0, "r1": 0,
     "stops": [[0, "#007AFFFF"], [0.35, "#FFFFFFFF"], [1, "#FF9500FF"]]},
    {"name": "radial-two-circles", "width": 160, "height": 120, "background": "#202020",
     "rect": [0, 0, 160, 120], "kind": "radial", "x0": 60, "y0": 55, "x1": 80, "y1": 60, "r0": 6, "r1": 55,
     "stops": [[0, "#FFE08AFF"], [0.5, "#FF3B30FF"], [1, "#5856D6FF"]]},
    {"name": "axial-translucent", "width": 120, "height": 60, "background": "#FFFFFF",
     "rect": [0, 0, 120, 60], "kind": "axial", "x0": 0, "y0": 0, "x1": 120, "y1": 0, "r0": 0, "r1": 0,
     "stops": [[0, "#34C759FF"], [1, "#34C75900"]]},
]


def rgba(text):
    return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5, 7))


def draw_cairo(case):
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, case["width"], case["height"])
    context = cairo.Context(surface)
    context.set_source_rgb(*rgba(case["background"] + "FF")[:3])
    context.paint()
    if case["kind"] == "axial":
        pattern = cairo.LinearGradient(case["x0"], case["y0"], case["x1"], case["y1"])
    else:
        pattern = cairo.RadialGradient(case["x0"], case["y0"], case["r0"], case["x1"], case["y1"], case["r1"])
    pattern.set_extend(cairo.EXTEND_PAD)
    for location, color in case["stops"]:
        pattern.add_color_stop_rgba(location, *rgba(color))
    context.set_source(pattern)
    context.rectangle(*case["rect"])
    context.fill()
    return surface


def main():
    benchenv.use_venv("cairo")
    os.makedirs(OUT, exist_ok=True)
    for case in CASES:
        draw_cairo(case).write_to_png(os.path.join(OUT, case["name"] + "-cairo.png"))
    with open(os.path.join(OUT, "gradient-cases.json"), "w") as f:
        json.dump(CASES, f, indent=1)
        f.write("\n")
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
