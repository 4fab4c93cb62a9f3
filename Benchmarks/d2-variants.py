#!/usr/bin/env python3
"""D2 variants for the group-cost benchmark: python3 Benchmarks/d2-variants.py [D2-alert.jsonl]
(default: the generated Benchmarks/.workloads/D2-alert.jsonl, written by Benchmarks/gen_workloads.py
when missing) writes /tmp/d2v/D2-{flat,faded,flatplain,clipped}.jsonl; time each with
.build/release/dynrender-raster-bench FILE --repeats 3."""
import os, sys; os.makedirs("/tmp/d2v", exist_ok=True)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv
# D2 variants: the alert card gets its white bar (a subview, 40 pt at its top, turned with it);
# "flat" draws card and bar directly, "faded" wraps both in a group with alpha 0.9 (a view with
# subviews fading: a layer the size of what card+shadow reach); "flatplain" draws card (no shadow)
# and bar directly, "clipped" the same in a group clipped at the card's outline (clipsToBounds,
# which hides the shadow as on iOS).
import json, math, sys
src = sys.argv[1] if len(sys.argv) > 1 else benchenv.workload("D2-alert")
frames = [json.loads(l) for l in open(src)]
out = {k: open(f"/tmp/d2v/D2-{k}.jsonl", "w") for k in ["flat", "faded", "clipped", "flatplain"]}
for fr in frames:
    overlay, card = fr["shapes"]
    a = card["angle"]; c, s = math.cos(a), math.sin(a)
    # bar centre: card centre + R(a)·(0, -55)
    bx, by = card["cx"] + s * 55, card["cy"] - c * 55
    bar = {"cx": bx, "cy": by, "w": 250, "h": 40, "radius": 0, "angle": a, "fill": "#FFFFFFFF", "alpha": 1, "shadow": None}
    plain = dict(card, shadow=None)
    clip = {k: card[k] for k in ["cx", "cy", "w", "h", "radius", "angle"]}
    variants = {
        "flat": [overlay, card, bar],
        "faded": [overlay, {"type": "group", "alpha": 0.9, "shapes": [card, bar]}],
        "flatplain": [overlay, plain, bar],
        "clipped": [overlay, {"type": "group", "alpha": 1, "clip": clip, "shapes": [plain, bar]}],
    }
    for k, shapes in variants.items():
        out[k].write(json.dumps(dict(fr, shapes=shapes)) + "\n")
