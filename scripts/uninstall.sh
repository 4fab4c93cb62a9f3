#!/usr/bin/env bash
# Removes the files scripts/install.sh wrote under PREFIX (default /usr/local), and nothing else:
# folders stay, since other programs may use them.
#
#   scripts/uninstall.sh [PREFIX]    (or: make uninstall PREFIX=…)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-${PREFIX:-/usr/local}}
while read -r path; do
    if [ -e "$prefix/$path" ] || [ -L "$prefix/$path" ]; then
        rm -f "$prefix/$path"
        echo "removed $prefix/$path"
    fi
done < <(scripts/installed-files.sh)
