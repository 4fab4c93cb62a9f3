#!/usr/bin/env python3
"""Runs dynrender's physics benchmark and the peer engines side by side.

Usage: python3 Benchmarks/physics.py [--reps 5] [--peers DIR] [--min-seconds 1] [--binary PATH]
                                    [--profile] [--only w2:100,w3:10] [--threads 2]

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

--threads N also runs dynrender with the solver on N threads (DynamicAnimator.solverThreadCount),
interleaved with the rest, and adds its speed and its ratio to one thread; the end states are
the same bits (PhysicsWorkloadTests).

--profile then runs dynrender and Box2D v3 again with their stage timers on (dynrender's
StepProfiler, Box2D's b2Profile) and prints, for each configuration, the median µs per step of
each stage side by side. The timers cost a little, so speeds come from the first table.
"""
import argparse, json, os, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

CONFIGS = [("w1", 100), ("w1", 1000), ("w1", 10000), ("w1", 100000), ("w2", 10), ("w2", 100), ("w2", 500), ("w3", 10)]
# The stage profile's rows: a label, dynrender's stages and Box2D v3's b2Profile fields summed.
# dynrender prepares each contact as its manifold is made (in "collide"); Box2D prepares contacts
# and joints together ("prepareConstraints").
PROFILE_ROWS = [
    ("behaviours (forces, joints described)", ["behaviours"], []),
    ("prepare joints", ["prepareJoints"], []),
    ("broad phase (pairs)", ["broadPhase"], ["pairs"]),
    ("collide (narrow phase, manifolds)", ["collide"], ["collide"]),
    ("solver set-up", ["setup"], ["solverSetup"]),
    ("prepare constraints", [], ["prepareConstraints"]),
    ("integrate velocities", ["integrateVelocities"], ["integrateVelocities"]),
    ("warm start", ["warmStart"], ["warmStart"]),
    ("solve", ["solve"], ["solveImpulses"]),
    ("integrate positions", ["integratePositions"], ["integratePositions"]),
    ("relax", ["relax"], ["relaxImpulses"]),
    ("restitution", ["restitution"], ["applyRestitution"]),
    ("store bodies and impulses (dynrender: and rest times)", ["storeImpulses"], ["storeImpulses"]),
    ("islands and sleep", [], ["splitIslands", "sleepIslands"]),
    ("write back (transforms, events)", ["writeBack"], ["transforms", "sensorHits", "jointEvents", "hitEvents", "refit", "bullets", "sensors"]),
]

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
    parser.add_argument("--profile", action="store_true", help="also print each stage's time per step")
    parser.add_argument("--only", help="configurations to run, e.g. w2:100,w3:10 (default: all)")
    parser.add_argument("--threads", type=int, default=1, help="also run dynrender's solver on this many threads")
    args = parser.parse_args()
    configs = CONFIGS
    if args.only:
        wanted = {(w, int(n)) for w, n in (item.split(":") for item in args.only.split(","))}
        configs = [c for c in CONFIGS if c in wanted]
    engines = {"dynrender": [args.binary]}
    # Extra arguments, after the workload's, per engine.
    suffix = {}
    threaded = f"dynrender {args.threads} threads"
    if args.threads > 1:
        engines[threaded] = [args.binary]
        suffix[threaded] = ["--threads", str(args.threads)]
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
        for workload, n in configs:
            for engine, command in engines.items():
                out = subprocess.run(command + [workload, str(n), "--min-seconds", args.min_seconds] + suffix.get(engine, []),
                                     capture_output=True, text=True, check=True).stdout
                line = [l for l in out.splitlines() if l.startswith("{")][-1]
                results.setdefault((workload, n, engine), []).append(json.loads(line))
        print(f"rep {rep + 1}/{args.reps} done", file=sys.stderr)

    peers = [e for e in engines if not e.startswith("dynrender")]
    header = ["workload", "N"] + [f"{e} steps/s" for e in engines] + [f"dynrender / {e}" for e in peers]
    header += (["threads ÷ one"] if args.threads > 1 else []) + ["dynrender µs/item-step", "sanity"]
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 2) + "---|")
    for workload, n in configs:
        medians = {e: statistics.median(r["steps_per_s"] for r in results[(workload, n, e)]) for e in engines}
        ours = results[(workload, n, "dynrender")][0]
        sanity = {k: ours[k] for k in ("mean_disp_pt", "at_rest", "pile_top_y", "box0") if k in ours}
        row = [workload.upper(), f"{n:,}"] + [f"{medians[e]:,.0f}" for e in engines]
        row += [f"{medians['dynrender'] / medians[e]:.2f}×" for e in peers]
        if args.threads > 1:
            row += [f"{medians[threaded] / medians['dynrender']:.2f}×"]
        row += [f"{1e6 / (medians['dynrender'] * n):.3f}", json.dumps(sanity)]
        print("| " + " | ".join(row) + " |")
    if args.profile:
        print_profiles(args, engines, configs)

def print_profiles(args, engines, configs):
    """Each configuration's stage times, µs per step, medians of `reps` profiled runs."""
    v3 = next((e for e in ("box2d_v3", "box2d_v3_rel") if e in engines), None)
    profiled = ["dynrender"] + ([v3] if v3 else [])
    for workload, n in configs:
        runs = {e: [] for e in profiled}
        for _ in range(args.reps):
            for engine in profiled:
                out = subprocess.run(engines[engine] + [workload, str(n), "--min-seconds", args.min_seconds, "--profile"],
                                     capture_output=True, text=True, check=True).stdout
                runs[engine].append(json.loads([l for l in out.splitlines() if l.startswith('{"profile"')][-1])["profile"])
        def stage(engine, names):
            return statistics.median(sum(run[name] for name in names) for run in runs[engine]) if names else None
        print(f"\n{workload.upper()} {n:,}: µs per step, medians of {args.reps}\n")
        print("| stage | dynrender | " + (f"{v3} |" if v3 else "") )
        print("|---|---:|" + ("---:|" if v3 else ""))
        for label, ours, theirs in PROFILE_ROWS:
            cells = [stage("dynrender", ours)] + ([stage(v3, theirs)] if v3 else [])
            print(f"| {label} | " + " | ".join("" if c is None else f"{c:,.1f}" for c in cells) + " |")
        total = statistics.median(sum(run.values()) for run in runs["dynrender"])
        cells = [f"{total:,.1f}"] + ([f"{stage(v3, ['step']):,.1f}"] if v3 else [])
        print("| **step** | " + " | ".join(cells) + " |")

if __name__ == "__main__":
    main()
