#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 (installing Debian's postgresql when absent)
# and runs the integration tests against it with DATABASE_URL set.
set -euo pipefail
cd "$(dirname "$0")/.."

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
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -o "-p $PGPORT -h 127.0.0.1 -k $WORK -F" -l "$WORK/log" -w start >/dev/null
"${RUN_AS[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres fundhouse

DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/fundhouse" npx vitest run --project integration
