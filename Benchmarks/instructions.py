#!/usr/bin/env python3
"""Instructions a physics step, counted by Valgrind, for changes too small for this machine's clock.

Usage: python3 Benchmarks/instructions.py [--binary PATH] [--baseline PATH | --with=ARGS]
                                         [--only w2:100,w3:10] [-- EXTRA BENCH ARGUMENTS]

Wall-clock medians on a shared 2-core machine spread by ±20 %, so a change worth 5 % does not
show in them. The instructions a step executes do not vary from run to run: this runs
dynrender-physics-bench under `valgrind --tool=callgrind` for one episode and for two of each
workload (W1: runs of 360 steps; W2: 360-step episodes; W3: 600) and reports the difference
divided by the steps, which leaves out start-up (loading, Swift's runtime, the first episode's
allocations). With --baseline (another build of the bench, one that knows --episodes) both are
counted and the ratio given; --with=ARGS counts this binary again with those arguments added
(for example --with=--no-recycling) and gives that run's ratio to the plain one. Extra arguments
after `--` go to every run (for example `-- --lanes-narrow`).

Instructions are not time: a division costs more than an addition, a cache miss more than
either. Report them beside the medians of physics.py, not instead of them. (The binary is run
from a copy without its debug sections, which this machine's Valgrind 3.19 cannot read.)
"""
import argparse, os, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchenv

CONFIGS = [("w1", 1000), ("w1", 10000), ("w2", 10), ("w2", 100), ("w2", 500), ("w3", 10)]
STEPS_PER_EPISODE = {"w1": 360, "w2": 360, "w3": 600}

def instructions(binary, workload, n, episodes, extra):
    """Instructions callgrind counted over `episodes` episodes of the workload (whole process)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, workload, str(n),
                                 "--episodes", str(episodes)] + extra, capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        sys.exit(f"no instruction count from valgrind: {result.stderr[-400:]}")
    return int(match.group(1))

def per_step(binary, workload, n, extra):
    one = instructions(binary, workload, n, 1, extra)
    two = instructions(binary, workload, n, 2, extra)
    return (two - one) / STEPS_PER_EPISODE[workload]

def stripped_copy(binary, directory):
    """`binary` without debug sections, in `directory`."""
    copy = os.path.join(directory, os.path.basename(binary) + f".{len(os.listdir(directory))}")
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return copy

def main():
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=benchenv.release_binary("dynrender-physics-bench"),
                        help="dynrender-physics-bench (built when it is this default and missing)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--baseline", help="another dynrender-physics-bench to count beside it")
    group.add_argument("--with", dest="variant", help="arguments to count this binary with as well")
    parser.add_argument("--only", help="configurations to run, e.g. w2:100,w3:10")
    args = parser.parse_args(argv)
    for tool in ("valgrind", "objcopy"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is needed (apt-get install valgrind binutils)")
    benchenv.ensure_release_binary(args.binary, "dynrender-physics-bench")
    configs = CONFIGS
    if args.only:
        wanted = {(w, int(n)) for w, n in (item.split(":") for item in args.only.split(","))}
        configs = [(w, n) for w, n in wanted]
        configs.sort()
    with tempfile.TemporaryDirectory() as tmp:
        binary = stripped_copy(args.binary, tmp)
        # (label, binary, arguments) of each run counted; the first is the reference.
        runs = [("instructions a step", binary, extra)]
        if args.baseline:
            runs.append(("baseline", stripped_copy(args.baseline, tmp), extra))
        elif args.variant:
            runs.append((f"with {args.variant}", binary, extra + args.variant.split()))
        header = ["workload", "N"] + [label for label, _, _ in runs] + ([f"{runs[1][0]} ÷ first"] if len(runs) > 1 else [])
        print("| " + " | ".join(header) + " |")
        print("|---|" + "---:|" * (len(header) - 1))
        for workload, n in configs:
            counts = [per_step(b, workload, n, arguments) for _, b, arguments in runs]
            row = [workload.upper(), f"{n:,}"] + [f"{c:,.0f}" for c in counts]
            if len(counts) > 1:
                row += [f"{counts[1] / counts[0]:.3f}"]
            print("| " + " | ".join(row) + " |", flush=True)

if __name__ == "__main__":
    main()
