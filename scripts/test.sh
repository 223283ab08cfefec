#!/usr/bin/env bash
# The whole test suite, as CI runs it: static checks, unit tests, a production
# build, then the end-to-end tests in Chromium against that build.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "System packages"
bash scripts/ensure-system-deps.sh

step "Generate the API reference"
if ! npm run --silent gen-api > /tmp/answerai-gen-api.log 2>&1; then
  cat /tmp/answerai-gen-api.log
  exit 1
fi
tail -n 1 /tmp/answerai-gen-api.log

step "Typecheck"
npx tsc --noEmit

step "Lint"
npm run --silent lint

step "Unit tests (content, node data, OpenAPI lint, components)"
npx vitest run

step "Production build"
ANSWERAI_TEST_PAGES=1 npx docusaurus build

step "End-to-end tests"
CI=${CI:-1} npx playwright test
