#!/usr/bin/env bash
# Installs and builds the peers that Benchmarks/*.py run beside dynrender, so that the benchmarks
# run from a clone:
#   - from Debian (apt): Chipmunk 7 and Box2D 2.4 (libchipmunk-dev, libbox2d-dev), gifsicle,
#     ffmpeg, webp, ImageMagick, and what the Python peers build against (python3-venv,
#     libcairo2-dev, pkg-config, a C/C++ compiler);
#   - from PyPI, into a virtual environment (default .venv-bench/, git-ignored): skia-python,
#     pycairo, numpy, Pillow, pixelmatch (Benchmarks/requirements.txt);
#   - dynrender's own physics drivers for those engines (Benchmarks/peers/physics/), built into
#     Benchmarks/.peers-build/ (git-ignored);
#   - the raster workloads D1-D3 (Benchmarks/gen_workloads.py -> Benchmarks/.workloads/).
# Box2D v3 is in no package manager: give its source tree with --box2d-v3 DIR (a clone of Box2D
# v3's repository, or a directory with its include/ and src/; a bare git directory works too)
# and its driver is built as well; without it, it is skipped, and said so.
#
# usage: scripts/bench-peers.sh [--box2d-v3 DIR] [--venv DIR]
#   --box2d-v3 DIR  also build the Box2D v3 peer from DIR (or set BOX2D_V3_SRC)
#   --venv DIR      the virtual environment for the Python peers (default .venv-bench; or set
#                   DYNRENDER_BENCH_VENV; Benchmarks/*.py look there too)
# Safe to run again: it installs only what is missing and rebuilds only what changed. Works as
# root (no sudo needed) and as a user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
. scripts/lib/apt-packages.sh

box2d_v3="${BOX2D_V3_SRC:-}"
venv="${DYNRENDER_BENCH_VENV:-.venv-bench}"
while [ $# -gt 0 ]; do
    case "$1" in
        --box2d-v3) [ $# -ge 2 ] || { echo "bench-peers: --box2d-v3 needs a directory" >&2; exit 2; }
                    box2d_v3="$2"; shift 2 ;;
        --box2d-v3=*) box2d_v3="${1#*=}"; shift ;;
        --venv) [ $# -ge 2 ] || { echo "bench-peers: --venv needs a directory" >&2; exit 2; }
                venv="$2"; shift 2 ;;
        --venv=*) venv="${1#*=}"; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-peers: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$box2d_v3" ] && [ ! -d "$box2d_v3" ]; then
    echo "bench-peers: --box2d-v3 $box2d_v3: no such directory" >&2
    exit 2
fi

# ------------------------------------------------------------------ Debian packages
if command -v apt-get >/dev/null 2>&1; then
    packages=(gcc g++ make pkg-config libchipmunk-dev libbox2d-dev gifsicle ffmpeg webp imagemagick
              python3-venv python3-dev libcairo2-dev)
    install_missing_apt_packages bench-peers "${packages[@]}"
else
    echo "bench-peers: no apt-get; install Chipmunk 7, Box2D 2.4, gifsicle, ffmpeg, webp, ImageMagick," \
         "cairo (with its headers) and a C/C++ compiler yourself; carrying on with what is here" >&2
fi

# ------------------------------------------------------------------ Python peers
if [ ! -x "$venv/bin/python" ]; then
    echo "bench-peers: creating the virtual environment $venv"
    python3 -m venv "$venv"
fi
# The environment is local build output: keep it out of git even before .gitignore says so.
[ -f "$venv/.gitignore" ] || printf '# written by scripts/bench-peers.sh\n*\n' > "$venv/.gitignore"
if "$venv/bin/python" - Benchmarks/requirements.txt <<'EOF' 2>/dev/null
import sys
from importlib.metadata import version
pins = [l.split("#")[0].strip() for l in open(sys.argv[1])]
sys.exit(any(version(n) != v for n, v in (p.split("==") for p in pins if p)))
EOF
then
    echo "bench-peers: Python peers present in $venv"
else
    echo "bench-peers: installing the Python peers into $venv (Benchmarks/requirements.txt)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r Benchmarks/requirements.txt
fi

# ------------------------------------------------------------------ physics drivers
jobs="$(nproc 2>/dev/null || echo 2)"
echo "bench-peers: building the physics peers (Chipmunk 7, Box2D 2.4) into Benchmarks/.peers-build"
make -s -C Benchmarks/peers/physics -j"$jobs"
if [ -n "$box2d_v3" ]; then
    source_dir="$(cd "$box2d_v3" && pwd)"
    if [ ! -f "$source_dir/include/box2d/box2d.h" ] && git --git-dir="$source_dir" rev-parse -q --verify HEAD >/dev/null 2>&1; then
        # a bare git directory: its HEAD, exported once per commit
        commit="$(git --git-dir="$source_dir" rev-parse HEAD)"
        export_dir="$repo/Benchmarks/.peers-build/box2d-v3-src"
        if [ "$(cat "$export_dir/.commit" 2>/dev/null)" != "$commit" ]; then
            rm -rf "$export_dir" && mkdir -p "$export_dir"
            git --git-dir="$source_dir" archive HEAD | tar -x -C "$export_dir"
            echo "$commit" > "$export_dir/.commit"
        fi
        source_dir="$export_dir"
    fi
    echo "bench-peers: building the Box2D v3 peer from $source_dir"
    make -s -C Benchmarks/peers/physics -j"$jobs" box2d_v3 BOX2D_V3_SRC="$source_dir"
    echo "bench-peers: Box2D v3: $(head -n 1 Benchmarks/.peers-build/box2d_v3.version)"
elif [ -x Benchmarks/.peers-build/box2d_v3 ]; then
    echo "bench-peers: Box2D v3 not rebuilt (no --box2d-v3 DIR); keeping the one built earlier from" \
         "$(sed -n 's/^source=//p' Benchmarks/.peers-build/box2d_v3.version 2>/dev/null)"
else
    echo "bench-peers: Box2D v3 SKIPPED: no package manager has it. To include it, give its source:" \
         "scripts/bench-peers.sh --box2d-v3 DIR (DIR: a clone of Box2D v3's repository)." \
         "Benchmarks/physics.py runs without it."
fi

# ------------------------------------------------------------------ raster workloads
"$venv/bin/python" Benchmarks/gen_workloads.py --quiet

echo "bench-peers: ready:"
for peer in chipmunk box2d box2d_v3; do
    if [ -x "Benchmarks/.peers-build/$peer" ]; then echo "  Benchmarks/.peers-build/$peer"; fi
done
echo "  $venv: $("$venv/bin/python" -c 'import skia, cairo, PIL, numpy; print("skia-python", skia.__version__, "| pycairo", cairo.version, "| Pillow", PIL.__version__, "| numpy", numpy.__version__)')"
for tool in "gifsicle --version" "ffmpeg -version" "cwebp -version" "convert -version"; do
    if command -v "${tool%% *}" >/dev/null 2>&1; then echo "  ${tool%% *}: $($tool 2>&1 | head -n 1)"; fi
done
echo "  Benchmarks/.workloads: $(cd Benchmarks/.workloads && ls *.jsonl | tr '\n' ' ')"
echo "bench-peers: next: python3 Benchmarks/physics.py (builds dynrender-physics-bench if needed)"
