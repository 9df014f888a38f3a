#!/usr/bin/env bash
# Runs the integration tests against a throwaway PostgreSQL cluster (scripts/with-postgres.sh).
# Arguments are passed to vitest: `bash scripts/postgres-integration.sh tests/integration/x.int.test.ts` runs one file.
set -euo pipefail
cd "$(dirname "$0")/.."
exec bash scripts/with-postgres.sh npx vitest run --project integration "$@"
