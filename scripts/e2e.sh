#!/usr/bin/env bash
# Browser tests: the production build, served on a fresh embedded database, driven in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
rm -rf .data/e2e .data/e2e-staff
# Pages another run cached (another database, another PUBLIC_BASE_URL) must not answer for this one.
rm -rf .next/server/route-cache
if [ "${SKIP_BUILD:-0}" != "1" ]; then npx next build; fi
npx playwright test "$@"
