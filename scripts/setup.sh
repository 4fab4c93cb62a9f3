#!/usr/bin/env bash
# Installs what dynrender needs that a machine with Swift may lack (libpng, giflib, libwebp,
# FreeType, HarfBuzz, fontconfig, the Inter font, pkg-config), builds the release binary and renders a demo
# to output/. Safe to run again: it installs only
# what is missing. Works as root (no sudo needed) and as a user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/apt-packages.sh

demo="${DYNRENDER_SETUP_DEMO:-drag}"

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: Swift is not on PATH; install a Swift toolchain (5.9 or later) first" >&2
    exit 1
fi

if command -v apt-get >/dev/null 2>&1; then
    packages=(libpng-dev libgif-dev libwebp-dev pkg-config zlib1g-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-inter)
    install_missing_apt_packages setup "${packages[@]}"
elif command -v brew >/dev/null 2>&1; then
    brew list libpng >/dev/null 2>&1 || brew install libpng
    brew list giflib >/dev/null 2>&1 || brew install giflib
    brew list webp >/dev/null 2>&1 || brew install webp
    brew list pkg-config >/dev/null 2>&1 || brew install pkg-config
    brew list freetype >/dev/null 2>&1 || brew install freetype
    brew list harfbuzz >/dev/null 2>&1 || brew install harfbuzz
    brew list fontconfig >/dev/null 2>&1 || brew install fontconfig
    # Inter, the stand-in for the iOS system font (SIL OFL), where fontconfig finds it.
    fc-list "Inter" family 2>/dev/null | grep -q . || brew install --cask font-inter
else
    echo "setup: no apt-get or brew; install libpng, giflib, libwebp, FreeType, HarfBuzz, fontconfig, the Inter font and pkg-config yourself" >&2
fi

echo "setup: building dynrender (release)"
swift build -c release --product dynrender
mkdir -p output
.build/release/dynrender demo "$demo" --gif "output/$demo.gif"
