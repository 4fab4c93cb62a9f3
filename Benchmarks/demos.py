#!/usr/bin/env python3
"""Render time of every demo at its defaults (GIF written), one and two threads, side by side.

Usage: python3 Benchmarks/demos.py [--reps 3] [--binary .build/release/dynrender]
(the binary is built with `swift build -c release --product dynrender` when missing)

Each demo is rendered `reps` times with --threads 2 and --threads 1, interleaved, as separate
processes; the table gives the median wall time, the speed relative to real time, the GIF size
and whether both thread counts wrote the same bytes.
"""
import argparse, filecmp, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--binary", default=benchenv.release_binary("dynrender"))
    args = ap.parse_args()
    benchenv.ensure_release_binary(args.binary, "dynrender")
    listing = subprocess.run([args.binary, "list"], capture_output=True, text=True, check=True).stdout
    demos = [line.split()[0] for line in listing.splitlines() if line.strip()]
    print("| demo | duration | frames | 2 threads | × real time | 1 thread | GIF size | same bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for demo in demos:
            times = {1: [], 2: []}
            for _ in range(args.reps):
                for threads in (2, 1):
                    out = os.path.join(tmp, f"{demo}-{threads}.gif")
                    start = time.perf_counter()
                    result = subprocess.run([args.binary, "demo", demo, "--gif", out, "--threads", str(threads)],
                                            capture_output=True, text=True, check=True)
                    times[threads].append(time.perf_counter() - start)
            # "wrote ...: N frames, WxH px, in S s"
            frames = int(result.stdout.split(": ")[1].split(" frames")[0])
            gif2, gif1 = os.path.join(tmp, f"{demo}-2.gif"), os.path.join(tmp, f"{demo}-1.gif")
            seconds = frames / 50  # the default GIF rate
            two, one = statistics.median(times[2]), statistics.median(times[1])
            size = os.path.getsize(gif2)
            size_text = f"{size / 1e6:.2f} MB" if size >= 1e6 else f"{round(size / 1e3)} KB"
            print(f"| {demo} | {seconds:g} s | {frames} | {two:.2f} s | {seconds / two:.1f}× | {one:.2f} s | {size_text} | "
                  f"{'yes' if filecmp.cmp(gif1, gif2, shallow=False) else 'NO'} |")

if __name__ == "__main__":
    main()
