#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on 127.0.0.1 (Debian's
# postgresql installed when absent and we are root), removed when the command ends:
#   bash scripts/with-postgres.sh npm run bench:alert-digests
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then echo "usage: bash scripts/with-postgres.sh <command> [args…]" >&2; exit 2; fi

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

if ! PGBIN=$(find_bin); then
  if [ "$(id -u)" != "0" ]; then echo "PostgreSQL is missing: install Debian's postgresql package." >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(find_bin)
fi

PGPORT=${PGPORT:-55432}
WORK=$(mktemp -d /tmp/fundhouse-pg.XXXXXX)
chmod 755 "$WORK"
RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres system user.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$WORK"
  RUN_AS=(runuser -u postgres --)
fi
cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"${RUN_AS[@]}" "$PGBIN/initdb" -D "$WORK/data" -U postgres -A trust --no-sync -E UTF8 >/dev/null

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A CI machine once answered "pg_ctl: could not start server" with no more to read. Every failed
# start now prints the server's log, and the start is tried again on the next free port (a port
# taken by another program is the common cause), with the small memory a test cluster needs.
started=""
for attempt in 1 2 3 4 5; do
  while ! port_free "$PGPORT"; do PGPORT=$((PGPORT + 1)); done
  if "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/log" -w -t 120 \
    -o "-p $PGPORT -h 127.0.0.1 -k $WORK -F -c shared_buffers=32MB" start >/dev/null; then
    started=yes
    break
  fi
  echo "PostgreSQL did not start on port $PGPORT (attempt $attempt); its log:" >&2
  tail -n 30 "$WORK/log" >&2 || true
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  PGPORT=$((PGPORT + 1))
  sleep 2
done
if [ -z "$started" ]; then echo "PostgreSQL could not be started." >&2; exit 1; fi
"${RUN_AS[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres fundhouse

DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/fundhouse" "$@"
