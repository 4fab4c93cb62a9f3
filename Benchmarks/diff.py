#!/usr/bin/env python3
"""Image comparison speed: dynrender's ImageComparison vs pixelmatch (the Python port), same frames.

Usage: python3 Benchmarks/diff.py [--runs 50] [--peer-runs 3] [--shared ../shared]

dynrender-diff-bench rasterises two consecutive 780x1688 frames of each shared display-list
workload, times the comparison modes (median of --runs) and saves the pairs as PNGs; pixelmatch
(pip install pixelmatch, with Pillow) then compares the same pairs with its defaults (threshold
0.1 in YIQ, anti-aliasing detection on) and with a diff image, median of --peer-runs. PNG decoding
is excluded on both sides.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--peer-runs", type=int, default=3)
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    ap.add_argument("--binary", default=".build/release/dynrender-diff-bench")
    args = ap.parse_args()
    workloads = [os.path.join(args.shared, "bench", "raster", "workloads", f"{w}.jsonl")
                 for w in ["D1-springy", "D2-alert", "D3-cradle"]]
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([args.binary, *workloads, "--runs", str(args.runs), "--write-pngs", tmp],
                             capture_output=True, text=True, check=True).stdout
        print(out.strip())
        try:
            from PIL import Image
            from pixelmatch.contrib.PIL import pixelmatch
        except ImportError:
            print("\n(pixelmatch not installed: pip install pixelmatch pillow)")
            return
        print("\n| workload | pixelmatch case | differing px | ms (median of %d) |" % args.peer_runs)
        print("|---|---|---:|---:|")
        for w in ["D1-springy", "D2-alert", "D3-cradle"]:
            a = Image.open(os.path.join(tmp, f"{w}-a.png")).convert("RGBA")
            b = Image.open(os.path.join(tmp, f"{w}-b.png")).convert("RGBA")
            for label, with_diff in [("threshold 0.1 + anti-aliasing", False), ("threshold 0.1 + anti-aliasing + diff image", True)]:
                times = []
                for _ in range(args.peer_runs):
                    diff = Image.new("RGBA", a.size) if with_diff else None
                    start = time.perf_counter()
                    count = pixelmatch(a, b, diff, threshold=0.1)
                    times.append(time.perf_counter() - start)
                print(f"| {w} | {label} | {count} | {statistics.median(times) * 1000:.0f} |")

if __name__ == "__main__":
    main()
