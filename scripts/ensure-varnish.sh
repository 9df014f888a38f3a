#!/usr/bin/env bash
# Debian's Varnish and varnish-modules (vmods xkey and header; cookie comes with Varnish) for
# deploy/varnish.vcl: its varnishtest files (scripts/varnish-vcl.test.ts) and the resilience suite's part
# `cache` (scripts/resilience/varnish.ts).
set -euo pipefail
have() {
  command -v varnishtest >/dev/null 2>&1 || return 1
  command -v varnishd >/dev/null 2>&1 || [ -x /usr/sbin/varnishd ] || return 1
  for vmod in /usr/lib/*/varnish/vmods/libvmod_xkey.so /usr/lib/varnish/vmods/libvmod_xkey.so; do
    [ -e "$vmod" ] && return 0
  done
  return 1
}
if have; then exit 0; fi
# VARNISH_CHECK_ONLY=1: only say whether it is here (the unit tests skip without it, outside CI).
if [ "${VARNISH_CHECK_ONLY:-}" = "1" ]; then exit 1; fi
if [ "$(id -u)" != "0" ]; then
  echo "Varnish is missing: install Debian's 'varnish' and 'varnish-modules' packages, then run the tests again." >&2
  exit 1
fi
echo "[varnish] installing Debian's varnish and varnish-modules…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq varnish varnish-modules >/dev/null
have
