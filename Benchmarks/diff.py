#!/usr/bin/env python3
"""Image comparison speed: dynrender's ImageComparison vs pixelmatch (the Python port), same frames.

Usage: python3 Benchmarks/diff.py [--runs 50] [--peer-runs 3] [--workloads-dir DIR] [--binary PATH]

dynrender-diff-bench rasterises two consecutive 780x1688 frames of each display-list workload
D1-D3 (Benchmarks/gen_workloads.py writes them into Benchmarks/.workloads on first use;
--workloads-dir DIR reads them from DIR instead), times the comparison modes (median of --runs)
and saves the pairs as PNGs; pixelmatch (with Pillow, from the virtual environment
scripts/bench-peers.sh makes; this script re-runs itself under it) then compares the same pairs
with its defaults (threshold 0.1 in YIQ, anti-aliasing detection on) and with a diff image, median
of --peer-runs. PNG decoding is excluded on both sides.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--peer-runs", type=int, default=3)
    ap.add_argument("--workloads-dir", help="directory of D1-springy.jsonl ... (default: the generated ones)")
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender-diff-bench"))
    args = ap.parse_args()
    benchenv.use_venv("PIL", "pixelmatch", required=False)
    benchenv.ensure_release_binary(args.binary, "dynrender-diff-bench")
    workloads = [benchenv.workload(w, args.workloads_dir) for w in benchenv.RASTER_WORKLOADS]
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([args.binary, *workloads, "--runs", str(args.runs), "--write-pngs", tmp],
                             capture_output=True, text=True, check=True).stdout
        print(out.strip())
        try:
            from PIL import Image
            from pixelmatch.contrib.PIL import pixelmatch
        except ImportError:
            print("\n(pixelmatch not installed: scripts/bench-peers.sh installs it with Pillow)")
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
