#!/usr/bin/env bash
# Browser tests: the production build, served on a fresh embedded database, driven in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-time.sh
bash scripts/ensure-chromium.sh
rm -rf .data/e2e .data/e2e-staff .data/e2e-seeded .data/e2e.lock .data/e2e-staff.lock .data/e2e-seeded.lock
# Pages another run cached (another database, another PUBLIC_BASE_URL) must not answer for this one.
rm -rf .next/server/route-cache
if [ "${SKIP_BUILD:-0}" != "1" ]; then npx next build; took "production build"; fi
# Both servers (playwright.config.ts) start from one seeded database, copied: the demo seed and its
# factsheets take a minute or two of CPU, once instead of twice. Each server then only migrates
# (nothing to do) and creates its bootstrap admin. The factsheets name the first server's address.
PGLITE_DIR=.data/e2e-seeded DATABASE_URL='' PUBLIC_BASE_URL="http://127.0.0.1:${E2E_PORT:-3100}" \
  npx tsx --conditions=react-server scripts/db-migrate.ts
cp -a .data/e2e-seeded .data/e2e
cp -a .data/e2e-seeded .data/e2e-staff
took "seeding the browser tests' database"
npx playwright test "$@"
took "browser tests"
