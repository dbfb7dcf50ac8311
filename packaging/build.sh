#!/usr/bin/env bash
# Build the standalone Landsraad Forge with PyInstaller, then smoke-test the result.
#
#   packaging/build.sh            # -> packaging/dist/landsraad/landsraad (+ .desktop, icon)
#
# Uses the project's .venv (made by `make venv`), installs PyInstaller into it, builds
# from packaging/landsraad.spec, and runs the built program: --version, an export of the
# Venhei Fief sheet to PDF (or `fief show --json` when there is no export command), and,
# when the window exists, an offscreen screenshot.  Outputs stay in packaging/build and
# packaging/dist (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-$ROOT/.venv/bin/python}
OUT=$ROOT/packaging/dist
WORK=$ROOT/packaging/build
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}

test -x "$PY" || make venv
"$PY" -m pip install --quiet "pyinstaller>=6.0"

# The app icon: resources/icons (app.png, app.svg or the window's app-icon.svg) rendered
# to a 256 px PNG with Qt (or packaging/landsraad.png, if someone adds one, when they are not there).
mkdir -p "$WORK"
ICON_PNG=$WORK/landsraad-forge.png
"$PY" - "$ICON_PNG" <<'PYEOF'
import shutil, sys
from pathlib import Path
out = Path(sys.argv[1])
icons = Path("resources/icons")
for name in ("app.png", "app.svg", "app-icon.svg"):
    src = icons / name
    if src.is_file():
        break
else:
    src = Path("packaging/landsraad.png")
if not src.is_file():
    sys.exit("no app icon: resources/icons/app.png, app.svg or app-icon.svg, or packaging/landsraad.png")
if src.suffix == ".png":
    shutil.copyfile(src, out)
else:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    app = QGuiApplication([])
    img = QImage(256, 256, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    painter = QPainter(img)
    QSvgRenderer(str(src)).render(painter)
    painter.end()
    if not img.save(str(out)):
        sys.exit(f"cannot write {out}")
print(f"icon: {src} -> {out}")
PYEOF
export LANDSRAAD_ICON=$ICON_PNG

"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$OUT" --workpath "$WORK" packaging/landsraad.spec

APP=$OUT/landsraad
cp packaging/landsraad.desktop "$APP/landsraad.desktop"
cp "$ICON_PNG" "$APP/landsraad-forge.png"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$APP/landsraad.desktop"; fi

# ----- smoke test of the build (from another folder, so the checkout is not used) -----
BIN=$APP/landsraad
[ -x "$BIN" ] || BIN=$APP/landsraad.exe
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
echo "smoke: $("$BIN" --version)"
"$BIN" --version | grep -q "$("$PY" -c 'import landsraad; print(landsraad.__version__)')"
if "$BIN" export --help >/dev/null 2>&1; then
    "$BIN" export fief "$ROOT/examples/venhei-fief.json" -o "$TMP/venhei.pdf"
    head -c 5 "$TMP/venhei.pdf" | grep -q '%PDF-'
    echo "smoke: export fief -> $(wc -c < "$TMP/venhei.pdf") bytes of PDF"
else
    "$BIN" fief show "$ROOT/examples/venhei-fief.json" --json > "$TMP/venhei.json"
    "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["houses"]) == 3' "$TMP/venhei.json"
    echo "smoke: fief show --json (no export command in this build)"
fi
"$BIN" fief roll --seed 1 --json | "$PY" -c 'import json,sys; d=json.load(sys.stdin); assert d["roll"]["seed"] == 1'
echo "smoke: fief roll --seed 1 --json"
if "$PY" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("landsraad.gui.app") is None)'; then
    if "$BIN" --screenshot "$TMP/window.png" "$ROOT/examples/venhei-fief.json" && [ -s "$TMP/window.png" ]; then
        echo "smoke: window screenshot $(wc -c < "$TMP/window.png") bytes"
    else
        echo "smoke: WARNING: the window did not start in the build" >&2
        exit 1
    fi
fi
echo "built: $APP ($(du -sh "$APP" | cut -f1))"
