#!/usr/bin/env bash
# A second build folder for a second browser-test server (playwright.config.ts, staff-changes):
# the build of .next, hard-linked (no time or disk to speak of), without the pages another run
# rendered (server/route-cache) or the compiler's cache. Next writes the pages it renders there,
# so two servers on two databases never answer with each other's pages. The folder sits beside
# .next because the build's node_modules links are relative to it.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: e2e-build-copy.sh <folder beside .next>}
case "$target" in */* | .next | '') echo "e2e-build-copy.sh: give a folder name beside .next, not $target" >&2; exit 1 ;; esac
[ -f .next/BUILD_ID ] || { echo "e2e-build-copy.sh: no build in .next (run npx next build)" >&2; exit 1; }
rm -rf "$target"
mkdir "$target"
for entry in .next/* .next/.[!.]*; do
  [ -e "$entry" ] || continue
  [ "$entry" = .next/cache ] && continue
  cp -al "$entry" "$target/" 2>/dev/null || cp -a "$entry" "$target/"
done
rm -rf "$target/server/route-cache"
