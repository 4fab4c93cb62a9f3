#!/usr/bin/env python3
"""Rasterisation speed: dynrender vs skia-python and pycairo, side by side, in one run.

Usage: /tmp/rbvenv/bin/python Benchmarks/raster.py [--repeats 3] [--shared ../shared]

The peers are the shared benchmark's backends (shared/bench/raster/rasterisers.py), timed as its
bench_raster.py does: frames pre-parsed, 3 warm-up frames, per frame the median over `repeats`
passes of draw() + read() (the pixels in memory), averaged over frames. dynrender is timed by
dynrender-raster-bench (clear + draw into its canvas, whose pixels are then in memory), median
of `repeats` passes. The venv needs skia-python, pycairo and numpy (shared/bench/raster/setup.sh).
"""
import argparse, json, os, re, statistics, subprocess, sys, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--binary", default=".build/release/dynrender-raster-bench")
    args = ap.parse_args()
    raster_dir = os.path.join(args.shared, "bench", "raster")
    sys.path.insert(0, raster_dir)
    import numpy as np
    import rasterisers as R

    rows = []
    for workload in ["D1-springy", "D2-alert", "D3-cradle"]:
        path = os.path.join(raster_dir, "workloads", workload + ".jsonl")
        frames = [json.loads(line) for line in open(path, encoding="utf-8")]
        pw, ph = R.canvas_px(frames[0])
        times = {}
        for backend in ["skia", "cairo"]:
            r = R.make(backend, pw, ph)
            for fr in frames[:3]:
                r.draw(fr)
                np.ascontiguousarray(r.read())
            per_frame = [[] for _ in frames]
            for _ in range(args.repeats):
                for i, fr in enumerate(frames):
                    t0 = time.perf_counter()
                    r.draw(fr)
                    np.ascontiguousarray(r.read())
                    per_frame[i].append(time.perf_counter() - t0)
            times[backend] = 1000 * statistics.mean(statistics.median(x) for x in per_frame)
        out = subprocess.run([args.binary, path, "--repeats", str(args.repeats)], capture_output=True, text=True,
                             check=True).stdout
        ours = float(re.findall(r"\| ([0-9.]+) \| [0-9]+ \|$", out.strip().splitlines()[-1])[0])
        rows.append((workload, ours, times["skia"], times["cairo"], pw * ph / 1e6))
    print("| workload | dynrender ms/frame | skia-python ms/frame | pycairo ms/frame | dynrender ÷ skia time | dynrender Mpx/s |")
    print("|---|---:|---:|---:|---:|---:|")
    for workload, ours, skia, cairo, mpx in rows:
        print(f"| {workload} | {ours:.2f} | {skia:.2f} | {cairo:.2f} | {ours / skia:.2f} | {mpx / ours * 1000:.0f} |")

if __name__ == "__main__":
    main()
