#!/usr/bin/env bash
# The Debian packages the tests need beyond Python's (CI runs this before `make test`; on a
# developer's Debian/Ubuntu machine it asks for sudo): a real X server and xdotool for the
# tests that drive the window by keys, chattr for the read-only-folder test as root, chromium
# and chromium-driver for the session's pages.
set -euo pipefail
need=()
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v chattr >/dev/null 2>&1 || need+=(e2fsprogs)
# the session's pages are driven in a real browser (tests/session/): Debian's chromium and its driver
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
# the X11 libraries Qt's xcb platform plugin needs beyond the base system
for lib in libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxkbcommon-x11-0; do
  dpkg-query -W -f='${Status}' "$lib" 2>/dev/null | grep -q "ok installed" || need+=("$lib")
done
if [ ${#need[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "tools/system-packages.sh: install ${need[*]} with your system's package manager" >&2
    exit 1
  fi
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
