#!/usr/bin/env bash
# Makes sure Debian's chromium is installed for the browser tests (never a downloaded browser).
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
echo "Chromium not found at $CHROMIUM_PATH: installing Debian's chromium package..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "Cannot install chromium without root. Install it with: apt-get install chromium (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
[ -x "$CHROMIUM_PATH" ] || { echo "chromium did not install at $CHROMIUM_PATH" >&2; exit 1; }
