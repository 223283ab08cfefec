#!/usr/bin/env bash
# Makes sure the system packages the tests need are present: Debian's Chromium
# (Playwright drives it; no browser is downloaded), nginx (the production
# serving tests), PostgreSQL 15 (the database of the product server that the
# examples run against; product-server/ starts a private cluster), and what the
# docs' examples run with: curl, jq, and Python 3 with requests. Installs them with apt-get when missing and running as root;
# otherwise says what to install and fails.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/lib/postgresql/15/bin/initdb ] || [ -n "${ANSWERAI_PG_BIN:-}" ] || missing+=(postgresql-15)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
/usr/bin/python3 -c 'import requests' >/dev/null 2>&1 || missing+=(python3-requests)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # The brotli module is optional: nginx serves gzip without it.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null 2>&1 || true
else
  echo "Missing system packages: ${missing[*]}." >&2
  echo "Install them first, for example: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
