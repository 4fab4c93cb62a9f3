#!/usr/bin/env bash
# CI: `make install` into a fresh prefix gives a tool that runs, a manual page `man` renders and
# completions bash loads; `make uninstall` then removes exactly the installed files and leaves
# anything else under the prefix alone.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$prefix/bin" && echo "not ours" > "$prefix/bin/other-tool"
make install PREFIX="$prefix" > /dev/null
while read -r path; do
    [ -s "$prefix/$path" ] || { echo "check-install: $path was not installed" >&2; exit 1; }
done < <(scripts/installed-files.sh)
"$prefix/bin/dynrender" list | grep -q '^springy' || { echo "check-install: the installed tool does not list its demos" >&2; exit 1; }
# `dynrender port` finds the installed dynrender-port and rewrites a view controller's pan.
sample=$(mktemp -d)/Pan.swift
printf 'import UIKit\nlet pan = UIPanGestureRecognizer(target: self, action: #selector(pan(_:)))\n' > "$sample"
"$prefix/bin/dynrender" port "$sample" | grep -q '^+let pan = UIPanGestureRecognizer { \[unowned self\] recognizer in self.pan(recognizer) }$' \
    || { echo "check-install: dynrender port did not rewrite the pan" >&2; exit 1; }
man -l "$prefix/share/man/man1/dynrender.1" 2>/dev/null | grep -q 'dynrender' || { echo "check-install: man cannot render the page" >&2; exit 1; }
bash -c "source '$prefix/share/bash-completion/completions/dynrender' && complete -p dynrender" > /dev/null
make uninstall PREFIX="$prefix" > /dev/null
left=$(cd "$prefix" && find . -type f | sort)
[ "$left" = "./bin/other-tool" ] || { echo "check-install: after uninstall the prefix holds: $left" >&2; exit 1; }
echo "install: tool, manual and completions installed and removed cleanly"
