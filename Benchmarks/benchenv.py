"""Where the benchmarks find their inputs and peers in a clone (scripts/bench-peers.sh makes them).

- REPO: the repository root; dynrender's binaries are looked for in REPO/.build/release.
- PEERS: the physics peers built from Benchmarks/peers/physics (Benchmarks/.peers-build).
- WORKLOADS: the display lists D1-D3, written by Benchmarks/gen_workloads.py on first use
  (Benchmarks/.workloads).
- VENV: the Python peers' virtual environment (.venv-bench, or $DYNRENDER_BENCH_VENV).
"""
import os, subprocess, sys

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
PEERS = os.path.join(BENCH, ".peers-build")
WORKLOADS = os.path.join(BENCH, ".workloads")
VENV = os.environ.get("DYNRENDER_BENCH_VENV") or os.path.join(REPO, ".venv-bench")
RASTER_WORKLOADS = ["D1-springy", "D2-alert", "D3-cradle"]


def release_binary(product):
    """dynrender's release build of `product` in this clone."""
    return os.path.join(REPO, ".build", "release", product)


def ensure_release_binary(path, product):
    """Builds `product` (swift build -c release) when `path` is this clone's own build of it and
    is missing; any other missing path is an error."""
    if os.path.exists(path):
        return path
    if os.path.abspath(path) != release_binary(product):
        sys.exit(f"{path}: no such file (build it, or leave --binary at its default to have it built)")
    print(f"building {product}: swift build -c release --product {product}", file=sys.stderr, flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=REPO, check=True)
    return path


def workload(name, directory=None):
    """The path of display list `name` (e.g. "D1-springy") in `directory` (default: the generated
    ones, written now when missing)."""
    if directory:
        return os.path.join(directory, name + ".jsonl")
    path = os.path.join(WORKLOADS, name + ".jsonl")
    if not os.path.exists(path):
        sys.path.insert(0, BENCH)
        import gen_workloads
        gen_workloads.write(WORKLOADS, [name], quiet=True)
    return path


def use_venv(*modules, required=True):
    """Re-runs this script under the peers' virtual environment when `modules` do not import here
    and the environment exists (so `python3 Benchmarks/raster.py` works after bench-peers.sh).
    Without the environment: an error naming what to run, or nothing when not `required`."""
    try:
        for module in modules:
            __import__(module)
        return
    except ImportError as error:
        missing = error.name
    python = os.path.join(VENV, "bin", "python")
    if os.path.exists(python) and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(python, [python] + sys.argv)
    if required:
        sys.exit(f"{missing} is not installed: run scripts/bench-peers.sh (it makes {VENV}), "
                 f"or point DYNRENDER_BENCH_VENV at an environment that has {', '.join(modules)}")
