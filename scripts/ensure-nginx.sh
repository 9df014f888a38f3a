#!/usr/bin/env bash
# Debian's nginx for the reverse-proxy part of the resilience suite (deploy/nginx.conf).
set -euo pipefail
if command -v nginx >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "nginx is missing: install Debian's 'nginx-light' package, then run the resilience suite again." >&2
  exit 1
fi
echo "[resilience] installing Debian's nginx-light…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq nginx-light >/dev/null
