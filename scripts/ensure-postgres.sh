#!/usr/bin/env bash
# Prints a DATABASE_URL for a PostgreSQL server on 127.0.0.1:5432, starting or installing one
# when needed. Prints nothing (and exits 0) when none can be had, so callers can skip the pass.
set -uo pipefail
HOSTPORT="${PGHOST_ADDR:-127.0.0.1}"
if [ -n "${DATABASE_URL:-}" ]; then echo "$DATABASE_URL"; exit 0; fi

can_connect() { psql "postgres://postgres@$HOSTPORT:5432/postgres" -tAc 'select 1' >/dev/null 2>&1 || PGPASSWORD=postgres psql "postgres://postgres:postgres@$HOSTPORT:5432/postgres" -tAc 'select 1' >/dev/null 2>&1; }
url() {
  if psql "postgres://postgres@$HOSTPORT:5432/postgres" -tAc 'select 1' >/dev/null 2>&1; then echo "postgres://postgres@$HOSTPORT:5432/postgres";
  else echo "postgres://postgres:postgres@$HOSTPORT:5432/postgres"; fi
}

if command -v psql >/dev/null 2>&1 && can_connect; then url; exit 0; fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else exit 0; fi
fi
# Installed but stopped: start it.
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "Installing PostgreSQL (Debian package)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq postgresql >/dev/null 2>&1 || exit 0
fi
VER=$(ls /etc/postgresql | sort -n | tail -1)
$SUDO pg_ctlcluster --skip-systemctl-redirect "$VER" main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do pg_isready -h "$HOSTPORT" -p 5432 >/dev/null 2>&1 && break; sleep 1; done
# A fresh Debian cluster wants a password over TCP: give the postgres role a local-only one.
$SUDO su postgres -c "psql -tAc \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null 2>&1 || true
if can_connect; then url; fi
exit 0
