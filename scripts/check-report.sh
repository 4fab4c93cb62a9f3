#!/usr/bin/env bash
# CI: the HTML report of `dynrender diff --report` in a real browser. Two demos rendered as PNG
# sequences and as GIFs are compared with --report; headless Chromium (Debian's `chromium`)
# opens each report from file:// with #selftest, which loads the images, scrubs to the last
# frame, plays and pauses, moves the slider and the onion skin, and writes what happened into
# the page; this script reads the page back and fails unless every control worked. It also
# checks that the page fetches nothing: no URL with a scheme, no external script or style.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium > /dev/null || { echo "check-report: chromium is not installed (apt-get install chromium)" >&2; exit 1; }
swift build --product dynrender > /dev/null
tool="$(swift build --show-bin-path)/dynrender"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for demo in gravity collision; do
    "$tool" demo "$demo" --duration 1 --fps 10 --scale 1 --quiet --png-dir "$work/$demo" --gif "$work/$demo.gif"
done
check() {  # check NAME EXPECTED ACTUAL
    local report="$work/report-$1"
    # The frames the comparison matched, as --json lists them.
    local frames
    frames=$( ("$tool" diff "$2" "$3" --json || true) | grep -o '"name":' | wc -l | tr -d ' ')
    if "$tool" diff "$2" "$3" --report "$report" > /dev/null; then
        echo "check-report: $1: the inputs were expected to differ" >&2; exit 1
    fi
    if grep -Eq '(https?|ftp|data):|<script src|<link ' "$report/index.html"; then
        echo "check-report: $1: the page refers to something outside its folder" >&2; exit 1
    fi
    local result
    result=$(chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=20000 --dump-dom \
        "file://$report/index.html#selftest" 2>/dev/null | sed -n 's:.*<pre id="selftest">\(.*\)</pre>.*:\1:p')
    local expected="{\"frames\":$frames,\"imagesLoaded\":true,\"scrub\":true,\"play\":true,\"pause\":true,\"slider\":true,\"onion\":true}"
    if [ "$result" != "$expected" ]; then
        echo "check-report: $1: the browser reported ${result:-nothing}, expected $expected" >&2; exit 1
    fi
    echo "report ($1): $frames frames; images load, scrubber, play/pause, slider and onion skin work in Chromium"
}
check png-sequences "$work/gravity" "$work/collision"
check gifs "$work/gravity.gif" "$work/collision.gif"
