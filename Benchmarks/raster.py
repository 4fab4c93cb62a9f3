#!/usr/bin/env python3
"""Rasterisation speed: dynrender vs skia-python and pycairo, side by side, in one run.

Usage: python3 Benchmarks/raster.py [--repeats 3] [--workloads-dir DIR] [--binary PATH]

The workloads are D1-D3 (Benchmarks/gen_workloads.py writes them into Benchmarks/.workloads on
first use; --workloads-dir DIR reads D1-springy.jsonl ... from DIR instead, e.g.
shared/bench/raster/workloads). The peers are Benchmarks/peers/rasterisers.py's skia and cairo,
timed as the reference harness times them: frames pre-parsed, 3 warm-up frames, per frame the
median over `repeats` passes of draw() + read() (the pixels in memory), averaged over frames.
dynrender is timed by dynrender-raster-bench (clear + draw into its canvas, whose pixels are then
in memory), median of `repeats` passes. skia-python, pycairo and numpy come from the virtual
environment scripts/bench-peers.sh makes (.venv-bench; this script re-runs itself under it).
"""
import argparse, json, os, re, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--workloads-dir", help="directory of D1-springy.jsonl ... (default: the generated ones)")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender-raster-bench"))
    args = ap.parse_args()
    benchenv.use_venv("numpy", "skia", "cairo", "PIL")
    benchenv.ensure_release_binary(args.binary, "dynrender-raster-bench")
    import numpy as np
    from peers import rasterisers as R

    rows = []
    for workload in benchenv.RASTER_WORKLOADS:
        path = benchenv.workload(workload, args.workloads_dir)
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
