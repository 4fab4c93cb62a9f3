#!/usr/bin/env python3
"""Runs dynrender's physics benchmark and the shared peer drivers side by side.

Usage: python3 Benchmarks/physics.py [--reps 5] [--peers DIR] [--min-seconds 1]

DIR holds the peer binaries built by shared/bench/physics/build.sh (default: its build/ beside the
repository; Box2D v3 by `build.sh box2d_v3 vendor/box2d-v3`). Every configuration runs as separate
processes, interleaved rep by rep (dynrender and each peer back to back), and the table gives
medians of steps/s with dynrender's ratio to each peer.
"""
import argparse, json, os, statistics, subprocess, sys

CONFIGS = [("w1", 100), ("w1", 1000), ("w1", 10000), ("w2", 10), ("w2", 100), ("w2", 500), ("w3", 10)]

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--peers", default="../shared/bench/physics/build")
    parser.add_argument("--min-seconds", default="1")
    parser.add_argument("--binary", default=".build/release/dynrender-physics-bench")
    args = parser.parse_args()
    engines = {"dynrender": [args.binary]}
    for name in ["box2d_v3_rel", "chipmunk_munk2d_rel", "box2d_232_rel"]:
        path = os.path.join(args.peers, name)
        if os.path.exists(path):
            engines[name] = [path]
    results = {}
    for rep in range(args.reps):
        for workload, n in CONFIGS:
            for engine, command in engines.items():
                out = subprocess.run(command + [workload, str(n), "--min-seconds", args.min_seconds],
                                     capture_output=True, text=True, check=True).stdout
                line = [l for l in out.splitlines() if l.startswith("{")][-1]
                results.setdefault((workload, n, engine), []).append(json.loads(line))
        print(f"rep {rep + 1}/{args.reps} done", file=sys.stderr)

    print("| workload | N | " + " | ".join(f"{e} steps/s" for e in engines) + " | " +
          " | ".join(f"dynrender / {e}" for e in engines if e != "dynrender") + " | dynrender µs/item-step | sanity |")
    print("|---|---:|" + "---:|" * (2 * len(engines) - 1) + "---:|---|")
    for workload, n in CONFIGS:
        medians = {e: statistics.median(r["steps_per_s"] for r in results[(workload, n, e)]) for e in engines}
        ours = results[(workload, n, "dynrender")][0]
        sanity = {k: ours[k] for k in ("mean_disp_pt", "at_rest", "pile_top_y", "box0") if k in ours}
        row = [workload.upper(), f"{n:,}"] + [f"{medians[e]:,.0f}" for e in engines]
        row += [f"{medians['dynrender'] / medians[e]:.2f}×" for e in engines if e != "dynrender"]
        row += [f"{1e6 / (medians['dynrender'] * n):.3f}", json.dumps(sanity)]
        print("| " + " | ".join(row) + " |")

if __name__ == "__main__":
    main()
