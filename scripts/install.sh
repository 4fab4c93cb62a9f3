#!/usr/bin/env bash
# Installs dynrender under PREFIX (default /usr/local): a release build of the tool and of
# dynrender-port (the UIKit-code rewriter behind `dynrender port`, Tools/Port) in PREFIX/bin, its
# manual page in PREFIX/share/man/man1 (generated from the argument parser's help
# by swift-argument-parser's generate-manual plugin, dated by the last commit so it is the same
# on every machine), and bash, zsh and fish completions where those shells look under PREFIX.
# scripts/uninstall.sh PREFIX removes exactly these files.
#
#   scripts/install.sh [PREFIX]      (or: make install PREFIX=…)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-${PREFIX:-/usr/local}}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

swift build -c release --product dynrender
tool="$(swift build -c release --show-bin-path)/dynrender"
date=$(git log -1 --format=%cs 2>/dev/null || echo 2026-01-01)
log=$(mktemp)
swift package generate-manual --date "$date" > "$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; exit 1; }
rm -f "$log"
# The plugin writes into a folder named after the executable's target (DynRenderCLI).
manual=$(find .build/plugins/GenerateManual/outputs -name dynrender.1 | head -n 1)
[ -n "$manual" ] || { echo "install: generate-manual wrote no dynrender.1" >&2; exit 1; }

while read -r path; do mkdir -p "$prefix/$(dirname "$path")"; done < <(scripts/installed-files.sh)
install -m 755 "$tool" "$prefix/bin/dynrender"
swift build -c release --package-path Tools/Port --product dynrender-port
install -m 755 "$(swift build -c release --package-path Tools/Port --show-bin-path)/dynrender-port" "$prefix/bin/dynrender-port"
install -m 644 "$manual" "$prefix/share/man/man1/dynrender.1"
"$tool" --generate-completion-script bash > "$prefix/share/bash-completion/completions/dynrender"
"$tool" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_dynrender"
"$tool" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/dynrender.fish"
echo "installed into $prefix:"
scripts/installed-files.sh | sed 's/^/  /'
