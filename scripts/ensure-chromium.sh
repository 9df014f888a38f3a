#!/usr/bin/env bash
# Debian's Chromium for the browser tests: Playwright's own browser download cannot work here.
# The tests drive `chromium-headless-shell` where it is installed (less than half the CPU of the
# full browser per page, tests/support/browser-path.ts), else `chromium`; the bench's Lighthouse
# and traces use `chromium`. As root, the missing ones are installed with apt-get.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-liberation)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ "${#missing[@]}" = 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  if command -v chromium >/dev/null 2>&1; then exit 0; fi
  echo "Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_PATH), then run the tests again." >&2
  exit 1
fi
echo "[test] installing ${missing[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if ! apt-get install -y -qq "${missing[@]}" >/dev/null; then
  # A release without the headless shell: the full browser alone will do.
  command -v chromium >/dev/null 2>&1 || apt-get install -y -qq chromium fonts-liberation >/dev/null
fi
