#!/usr/bin/env python3
"""Runs dynrender's physics benchmark and the peer engines side by side.

Usage: python3 Benchmarks/physics.py [--reps 5] [--peers DIR] [--min-seconds 1] [--binary PATH]

From a clone: scripts/bench-peers.sh (add --box2d-v3 DIR for Box2D v3) builds the peers, then
this runs. The peers are dynrender's own drivers of the three workloads (W1 springy grid, W2
pile, W3 cradle; Benchmarks/peers/physics/workloads.h) on Chipmunk 7 and Box2D 2.4 (Debian's
builds, assertions on) and Box2D v3 (built from source, 1 worker, 4 sub-steps), found in DIR
(default Benchmarks/.peers-build); a peer not built is left out. --peers also takes the
directory of shared/bench/physics/build.sh's build/ (its binaries box2d_v3_rel,
chipmunk_munk2d_rel, box2d_232_rel, ... are recognised).

dynrender's side is dynrender-physics-bench (default: this clone's .build/release/, built with
`swift build -c release --product dynrender-physics-bench` when missing). Every configuration
runs as separate processes, interleaved rep by rep (dynrender and each peer back to back), and
the table gives medians of steps/s with dynrender's ratio to each peer.
"""
import argparse, json, os, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

CONFIGS = [("w1", 100), ("w1", 1000), ("w1", 10000), ("w1", 100000), ("w2", 10), ("w2", 100), ("w2", 500), ("w3", 10)]
# Peer binaries, in table order: this repository's (Benchmarks/peers/physics), then the names
# shared/bench/physics/build.sh gives its own.
PEER_NAMES = ["box2d_v3", "chipmunk", "box2d",
              "box2d_v3_rel", "chipmunk_munk2d_rel", "box2d_232_rel", "chipmunk_debian", "box2d_debian"]

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--reps", type=int, default=5, help="processes per engine and configuration")
    parser.add_argument("--peers", default=benchenv.PEERS, help="directory of the peer binaries")
    parser.add_argument("--min-seconds", default="1", help="timed stepping per process, at least")
    parser.add_argument("--binary", default=benchenv.release_binary("dynrender-physics-bench"),
                        help="dynrender-physics-bench (built when it is this default and missing)")
    args = parser.parse_args()
    engines = {"dynrender": [args.binary]}
    for name in PEER_NAMES:
        path = os.path.join(args.peers, name)
        if os.access(path, os.X_OK):
            engines[name] = [path]
    if len(engines) == 1:
        print(f"no peers in {args.peers}: run scripts/bench-peers.sh; dynrender alone", file=sys.stderr)
    elif "box2d_v3" not in engines and "box2d_v3_rel" not in engines:
        print("Box2D v3 left out: not built (scripts/bench-peers.sh --box2d-v3 DIR builds it)", file=sys.stderr)
    benchenv.ensure_release_binary(args.binary, "dynrender-physics-bench")
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
