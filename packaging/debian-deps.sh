#!/usr/bin/env bash
# The Debian packages tactical needs, installed only when missing (so a second run costs nothing).
#   bash packaging/debian-deps.sh         Python's venv and the libraries Qt needs offscreen (tests, CI)
#   bash packaging/debian-deps.sh --gui   also the X11/xcb libraries Qt's window plugin loads
#   bash packaging/debian-deps.sh --browser  also chromium and chromium-driver (the phones'
#                                          page tested in a real browser; .ci/run uses it)
# Runs apt-get as root, or through sudo for another user.
set -euo pipefail

packages=(python3 python3-venv libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0)
for option in "$@"; do
    case "$option" in
        --gui)
            # Qt 6.5+ loads these for its xcb platform plugin (libxcb-cursor0 is the one desktops
            # lack most).
            packages+=(libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
                libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0 libx11-xcb1)
            ;;
        --browser) packages+=(chromium chromium-driver) ;;
        *) echo "debian-deps.sh: unknown option $option" >&2; exit 2 ;;
    esac
done

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
        || missing+=("$package")
done
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
