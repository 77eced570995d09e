#!/usr/bin/env bash
# Put tactical in the desktop's application menu for this user, and make a double-click on an
# encounter file (.tactical.json) open it. Only the user's XDG folders are touched; no root.
#
#   bash packaging/install-desktop.sh                  install (the `tactical` found on PATH)
#   bash packaging/install-desktop.sh --exec CMD       install, launching CMD (an absolute path)
#   bash packaging/install-desktop.sh --uninstall      remove everything it installed
#
# In the folder app the script sits in tactical/desktop/ and launches ../tactical by default.
# Installs into ${XDG_DATA_HOME:-~/.local/share}: applications/tactical.desktop,
# icons/hicolor/*/apps/tactical.{png,svg}, mime/packages/tactical.xml, metainfo/; and sets
# tactical as the default for its file types in ${XDG_CONFIG_HOME:-~/.config}/mimeapps.list.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
config="${XDG_CONFIG_HOME:-$HOME/.config}"
types=(application/x-tactical-encounter application/x-universal-vtt)
sizes=(16 24 32 48 64 128 256 512)
desktop="$data/applications/tactical.desktop"
mime="$data/mime/packages/tactical.xml"
metainfo="$data/metainfo/io.github.tactical.Tactical.metainfo.xml"

usage() { sed -n '2,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

refresh() {
    # The desktop's caches; each tool is optional (the files work without them after a re-login).
    if command -v update-mime-database >/dev/null && [ -d "$data/mime/packages" ]; then
        update-mime-database "$data/mime"
    fi
    if command -v update-desktop-database >/dev/null && [ -d "$data/applications" ]; then
        update-desktop-database "$data/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null && [ -f "$data/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
    fi
}

forget_defaults() {
    # Drop only the lines this script set: "TYPE=tactical.desktop;" in mimeapps.list.
    local list="$config/mimeapps.list"
    [ -f "$list" ] || return 0
    local type
    for type in "${types[@]}"; do
        sed -i "\\|^${type}=tactical\\.desktop;\\?\$|d" "$list"
    done
}

uninstall() {
    rm -f "$desktop" "$mime" "$metainfo" "$data/icons/hicolor/scalable/apps/tactical.svg"
    local size
    for size in "${sizes[@]}"; do
        rm -f "$data/icons/hicolor/${size}x${size}/apps/tactical.png"
    done
    forget_defaults
    refresh
    echo "tactical removed from the desktop for ${USER:-$(id -un)} (${data})"
}

find_icons() {
    local folder
    for folder in "$here/../assets/icons" "$here/icons"; do
        if [ -f "$folder/tactical.svg" ]; then
            printf '%s\n' "$folder"
            return 0
        fi
    done
    echo "install-desktop.sh: the icons (assets/icons) are not beside this script" >&2
    return 1
}

find_exec() {
    if [ -x "$here/../tactical" ] && [ -f "$here/../tactical" ]; then
        printf '%s\n' "$(cd "$here/.." && pwd)/tactical"
    elif command -v tactical >/dev/null; then
        command -v tactical
    else
        echo "install-desktop.sh: no 'tactical' command on PATH; name it with --exec PATH" >&2
        return 1
    fi
}

install() {
    local exec="$1" icons
    icons="$(find_icons)"
    case "$exec" in
        /*) ;;
        *) echo "install-desktop.sh: --exec needs an absolute path, not '$exec'" >&2; exit 2 ;;
    esac
    [ -x "$exec" ] || { echo "install-desktop.sh: '$exec' is not an executable file" >&2; exit 2; }
    mkdir -p "$data/applications" "$data/mime/packages" "$data/metainfo" \
        "$data/icons/hicolor/scalable/apps"
    # Exec= takes the path bare, or in double quotes when it has spaces or other characters the
    # desktop entry spec reserves (plain paths stay bare: xdg-open's fallback splits on spaces).
    # The characters that would need the spec's escaping are refused rather than escaped.
    case "$exec" in
        *[\"\`\$\\%\|\&]*)
            echo "install-desktop.sh: move tactical to a path without \" \` \$ \\ % | &: $exec" >&2
            exit 2 ;;
    esac
    local word="$exec"
    case "$exec" in
        *[[:space:]\'\>\<\~\;\*\?\#\(\)]*) word="\"$exec\"" ;;
    esac
    sed "s|^Exec=tactical |Exec=${word} |" "$here/tactical.desktop" >"$desktop.tmp"
    mv "$desktop.tmp" "$desktop"
    cp "$here/tactical-mime.xml" "$mime"
    cp "$here/tactical.metainfo.xml" "$metainfo"
    cp "$icons/tactical.svg" "$data/icons/hicolor/scalable/apps/tactical.svg"
    local size
    for size in "${sizes[@]}"; do
        mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
        cp "$icons/tactical-${size}.png" "$data/icons/hicolor/${size}x${size}/apps/tactical.png"
    done
    refresh
    forget_defaults
    mkdir -p "$config"
    if command -v xdg-mime >/dev/null; then
        xdg-mime default tactical.desktop "${types[@]}"
    else
        # What xdg-mime does on a desktop without it: the [Default Applications] of mimeapps.list.
        local list="$config/mimeapps.list" type
        [ -f "$list" ] || printf '[Default Applications]\n' >"$list"
        grep -q '^\[Default Applications\]' "$list" || printf '\n[Default Applications]\n' >>"$list"
        for type in "${types[@]}"; do
            sed -i "/^\\[Default Applications\\]/a ${type}=tactical.desktop;" "$list"
        done
    fi
    echo "tactical installed on the desktop for ${USER:-$(id -un)} (${data}), launching $exec"
}

exec_path=""
action=install
while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) action=uninstall ;;
        --exec) shift; exec_path="${1:?--exec needs a path}" ;;
        --exec=*) exec_path="${1#--exec=}" ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-desktop.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
if [ "$action" = uninstall ]; then
    uninstall
else
    install "${exec_path:-$(find_exec)}"
fi
