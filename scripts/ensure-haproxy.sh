#!/usr/bin/env bash
# Prints the path of Debian's HAProxy, installing the package when missing. Prints nothing (and
# exits 0) when it cannot be had, so callers can skip what needs it.
set -uo pipefail
if command -v haproxy >/dev/null 2>&1; then command -v haproxy; exit 0; fi
for p in /usr/sbin/haproxy /usr/local/sbin/haproxy; do [ -x "$p" ] && { echo "$p"; exit 0; }; done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else exit 0; fi
fi
echo "Installing HAProxy (Debian package)..." >&2
export DEBIAN_FRONTEND=noninteractive
# Only the binary is used: the package's own service is never started (policy-rc.d or no init).
{ $SUDO apt-get update -qq && $SUDO apt-get install -y -qq haproxy; } >/dev/null 2>&1 || exit 0
for p in /usr/sbin/haproxy /usr/local/sbin/haproxy; do [ -x "$p" ] && { echo "$p"; exit 0; }; done
exit 0
