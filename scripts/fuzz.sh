#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (coverage instrumentation + AddressSanitizer on every
# module) and runs them.
#
#   scripts/fuzz.sh smoke            every target over its corpus plus a short fixed-seed run
#                                    (deterministic, about 2 minutes in all after the build; CI)
#   scripts/fuzz.sh TARGET SECONDS   fuzz one target, adding what it finds to Fuzz/Corpus/TARGET
#
# Targets: FuzzDisplayList, FuzzRaster, FuzzPNG, FuzzGIF, FuzzWebP, FuzzSceneFile. A finding is written as
# Fuzz/findings/crash-… and the run exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
targets=(FuzzDisplayList FuzzRaster FuzzPNG FuzzGIF FuzzWebP FuzzSceneFile)
# lld: gold fails on the sanitizer runtime's symbols (an internal error in its DWARF reader).
# C targets (the rasteriser's kernels) get coverage and AddressSanitizer too.
# -enable-testing: the targets reach the decoders and limits through `@testable import`, as
# they are `package` API, not the public surface.
flags=(-c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address)
mkdir -p findings
build() {
    if ! swift build "${flags[@]}" --product "$1" > "findings/build-$1.log" 2>&1; then
        grep -E "error" "findings/build-$1.log" | head -20 >&2
        echo "fuzz: building $1 failed (Fuzz/findings/build-$1.log)" >&2
        exit 1
    fi
}
bin() { echo "$(swift build "${flags[@]}" --show-bin-path)/$1"; }
# 3 GiB of memory at most (above the decoders' own budgets: a GIF's frames may take 2 GiB), and
# one input may take 10 s: an unbounded allocation or a hang is a finding.
# LeakSanitizer is told only about the libraries' own one-time allocations (the file says which).
export LSAN_OPTIONS="suppressions=$PWD/../scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
common=(-rss_limit_mb=3072 -malloc_limit_mb=3072 -timeout=10 -artifact_prefix=findings/ -print_final_stats=1)

if [ "${1:-}" = smoke ]; then
    for target in "${targets[@]}"; do
        build "$target"
        mkdir -p "Corpus/$target"
        # The corpus replayed, then a fixed-seed run of a fixed number of inputs; no corpus writes.
        scratch=$(mktemp -d)  # new inputs go here, so the committed corpus is only read
        if ! "$(bin "$target")" "${common[@]}" -seed=1 -runs=4000 -max_len=4096 "$scratch" "Corpus/$target" > "findings/smoke-$target.log" 2>&1; then
            grep -E "ERROR|SUMMARY|Fatal|==[0-9]+==|crash-|leak-|timeout-|oom-" "findings/smoke-$target.log" | head -20 >&2
            echo "fuzz: $target found a problem (Fuzz/findings/smoke-$target.log)" >&2
            exit 1
        fi
        rm -rf "$scratch"
        echo "$target: $(grep -oE "stat::number_of_executed_units: [0-9]+" "findings/smoke-$target.log" | grep -oE "[0-9]+") inputs, no findings"
    done
    echo "fuzz smoke: ${#targets[@]} targets, no findings"
    exit 0
fi

target=${1:?usage: scripts/fuzz.sh smoke | TARGET SECONDS}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
build "$target"
mkdir -p "Corpus/$target"
exec "$(bin "$target")" "${common[@]}" -max_total_time="$seconds" -max_len=65536 "Corpus/$target"
