# Sourced by scripts/setup.sh and scripts/bench-peers.sh: installs the Debian packages named that
# are not installed yet, as root or through sudo, and says which.
#
#   install_missing_apt_packages TAG PACKAGE...   (TAG prefixes the messages: "setup", "bench-peers")
install_missing_apt_packages() {
    local tag="$1"; shift
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        echo "$tag: Debian packages present"
        return 0
    fi
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            as_root=(sudo)
        else
            echo "$tag: need root or sudo to install: ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "$tag: installing ${missing[*]}"
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
