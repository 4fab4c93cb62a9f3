#!/usr/bin/env bash
# CI: `dynrender diff --metric pixelmatch` against pixelmatch's own fixture suite. pixelmatch's
# test images (mapbox/pixelmatch v7.1.0, test/fixtures) are taken from the source distribution of
# pixelmatch-fast 1.3.4 on PyPI, a Python port whose tests repeat v7.1.0's test.js case for case;
# nothing of them is kept in this repository. Each case below is pixelmatch's: the two images,
# its threshold (0.1 where its test leaves the default) and the mismatch count its tests expect,
# with anti-aliasing excluded as pixelmatch does by default (`includeAA: false`, here
# `--ignore-antialiasing`). Every count must agree exactly.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product dynrender > /dev/null
tool="$(swift build --show-bin-path)/dynrender"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$work" pixelmatch-fast==1.3.4
tar -xzf "$work"/pixelmatch_fast-1.3.4.tar.gz -C "$work"
fixtures="$work/pixelmatch_fast-1.3.4/tests/fixtures"
failures=0
while read -r a b threshold expected; do
    # Exit status 1 (they differ) is expected; the count is in the JSON.
    count=$( ("$tool" diff "$fixtures/$a.png" "$fixtures/$b.png" --metric pixelmatch --threshold "$threshold" \
        --ignore-antialiasing --json || true) | python3 -c 'import json, sys; print(json.load(sys.stdin)["frames"][0]["differentPixels"])')
    if [ "$count" = "$expected" ]; then
        echo "check-pixelmatch-fixtures: $a/$b at $threshold: $count, as pixelmatch"
    else
        echo "check-pixelmatch-fixtures: $a/$b at $threshold: $count, pixelmatch counts $expected" >&2
        failures=$((failures + 1))
    fi
done <<'CASES'
1a 1b 0.05 143
1a 1b 0.1 106
1a 1a 0 0
2a 2b 0.05 12437
3a 3b 0.05 212
4a 4b 0.05 36049
5a 5b 0.05 6
6a 6b 0.1 51
6a 6a 0 0
7a 7b 0.1 2448
8a 5b 0.05 32896
CASES
[ "$failures" -eq 0 ] || { echo "check-pixelmatch-fixtures: $failures case(s) disagree with pixelmatch" >&2; exit 1; }
