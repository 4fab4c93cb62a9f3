#!/usr/bin/env bash
# Installs what dynrender needs that a machine with Swift may lack (libpng, giflib, pkg-config),
# builds the release binary and renders a demo to output/. Safe to run again: it installs only
# what is missing. Works as root (no sudo needed) and as a user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

demo="${DYNRENDER_SETUP_DEMO:-drag}"

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: Swift is not on PATH; install a Swift toolchain (5.9 or later) first" >&2
    exit 1
fi

if command -v apt-get >/dev/null 2>&1; then
    packages=(libpng-dev libgif-dev pkg-config zlib1g-dev)
    missing=()
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        if [ "$(id -u)" -eq 0 ]; then
            as_root=()
        elif command -v sudo >/dev/null 2>&1; then
            as_root=(sudo)
        else
            echo "setup: need root or sudo to install: ${missing[*]}" >&2
            exit 1
        fi
        echo "setup: installing ${missing[*]}"
        "${as_root[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
elif command -v brew >/dev/null 2>&1; then
    brew list libpng >/dev/null 2>&1 || brew install libpng
    brew list giflib >/dev/null 2>&1 || brew install giflib
    brew list pkg-config >/dev/null 2>&1 || brew install pkg-config
else
    echo "setup: no apt-get or brew; install libpng, giflib and pkg-config yourself" >&2
fi

echo "setup: building dynrender (release)"
swift build -c release --product dynrender
mkdir -p output
.build/release/dynrender demo "$demo" --gif "output/$demo.gif"
