#!/usr/bin/env bash
# Debian's Chromium for the browser tests: Playwright's own browser download cannot work here.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_PATH), then run the tests again." >&2
  exit 1
fi
echo "[test] installing Debian's chromium…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-liberation >/dev/null
