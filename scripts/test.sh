#!/usr/bin/env bash
# `npm test`: type check and lint (side by side: one core each; the import-cycle check, a few
# seconds, beside them), unit and integration tests, then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-time.sh
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
echo "== type check and lint"
npx tsc --noEmit >"$logs/tsc" 2>&1 & tsc=$!
npx eslint --max-warnings 0 . >"$logs/eslint" 2>&1 & eslint=$!
# No import cycle under src (.dependency-cruiser.cjs); `npm run lint` runs it after ESLint.
npx depcruise src --config .dependency-cruiser.cjs >"$logs/cycles" 2>&1 & cycles=$!
status=0
wait "$tsc" || { status=1; echo "-- type check failed:"; }
cat "$logs/tsc"
wait "$eslint" || { status=1; echo "-- lint failed:"; }
cat "$logs/eslint"
wait "$cycles" || { status=1; echo "-- import cycles:"; }
cat "$logs/cycles"
[ "$status" = 0 ] || exit 1
took "type check and lint"
# Varnish for deploy/varnish.vcl's varnishtest files, installed with apt-get when missing and we are
# root (as Chromium is for the browser tests); otherwise those tests say they are skipped (outside CI).
bash scripts/ensure-varnish.sh || true
echo "== unit and integration tests"; npx vitest run
took "unit and integration tests"
# The build need not check the types again: tsc just did (NEXT_SKIP_TYPECHECK, next.config.ts).
echo "== browser tests"; NEXT_SKIP_TYPECHECK=1 bash scripts/e2e.sh
