#!/usr/bin/env bash
# Browser tests: the production build, served on a fresh embedded database, driven in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
rm -rf .data/e2e
if [ "${SKIP_BUILD:-0}" != "1" ]; then npx next build; fi
npx playwright test "$@"
