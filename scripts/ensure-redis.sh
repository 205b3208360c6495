#!/usr/bin/env bash
# Prints a REDIS_URL for a Redis server, starting or installing one when needed: REDIS_URL if set,
# else one answering on 127.0.0.1:6379, else a redis-server this script starts there (installed
# from Debian's packages when missing). Prints nothing (and exits 0) when none can be had, so
# callers can skip what needs it.
set -uo pipefail
if [ -n "${REDIS_URL:-}" ]; then echo "$REDIS_URL"; exit 0; fi
URL="redis://127.0.0.1:6379"

answers() {
  if command -v redis-cli >/dev/null 2>&1; then redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; return; fi
  # No client: speak the protocol by hand.
  exec 3<>/dev/tcp/127.0.0.1/6379 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local reply=""
  read -r -t 2 reply <&3 || true
  exec 3>&-
  [[ "$reply" == +PONG* ]]
}

if answers; then echo "$URL"; exit 0; fi

if ! command -v redis-server >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else exit 0; fi
  fi
  echo "Installing Redis (Debian package)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq redis-server; } >/dev/null 2>&1 || exit 0
fi
# Nothing kept on disk: the counters it holds are minutes long.
DIR=$(mktemp -d)
redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir "$DIR" --logfile "$DIR/redis.log" >/dev/null 2>&1 || exit 0
for _ in $(seq 1 20); do answers && { echo "$URL"; exit 0; }; sleep 0.25; done
exit 0
