#!/usr/bin/env bash
# Build the one-folder Linux app with PyInstaller: DIST/tactical/tactical is the program.
#   bash packaging/build-folder-app.sh [--dist DIST] [--work WORK] [--python PYTHON]
# DIST defaults to dist/ (so dist/tactical/), WORK to build/pyinstaller, PYTHON to .venv/bin/python,
# which needs the project and PyInstaller: .venv/bin/pip install -e ".[freeze]".
# The folder also gets desktop/ (install-desktop.sh and its files) for the application menu,
# and the sight kernel compiled (_internal/sight-cache).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="$root/dist"
work="$root/build/pyinstaller"
python="$root/.venv/bin/python"
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) dist="$2"; shift ;;
        --work) work="$2"; shift ;;
        --python) python="$2"; shift ;;
        *) echo "build-folder-app.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift
done

"$python" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$dist" --workpath "$work" "$root/packaging/tactical.spec"

app="$dist/tactical"
# The sight kernel compiled once here and shipped (tactical/core/sight_cache.py): a start
# loads it instead of compiling it (about 2 s of a core); the user's cache is seeded from it.
rm -rf "$app/_internal/sight-cache"
TACTICAL_SIGHT_CACHE="$app/_internal/sight-cache" "$app/tactical" --tactical-warm-sight
mkdir -p "$app/desktop/icons"
cp "$root/packaging/install-desktop.sh" "$root/packaging/tactical.desktop" \
    "$root/packaging/tactical-mime.xml" "$root/packaging/tactical.metainfo.xml" "$app/desktop/"
cp "$root/assets/icons/"tactical*.png "$root/assets/icons/tactical.svg" "$app/desktop/icons/"
echo "built $app ($(du -sh "$app" | cut -f1)); run $app/tactical"
