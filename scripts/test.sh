#!/usr/bin/env bash
# `npm test`: type check, lint, unit and integration tests, then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type check"; npx tsc --noEmit
echo "== lint"; npx eslint --max-warnings 0 .
echo "== unit and integration tests"; npx vitest run
echo "== browser tests"; bash scripts/e2e.sh
