#!/usr/bin/env bash
# The whole test suite, as CI runs it: static checks, unit tests, the docs'
# examples and behaviour claims against AnswerAI's own server (built once per
# machine into a cache, then started with a private database), a production
# build, then the end-to-end tests in Chromium against that build, and the
# navigation, console and page-weight tests again on a build with five times
# the content.
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

step "Product server (built into the cache on a machine's first run)"
# A server a writer started by hand is used and left running; one started here is stopped at the end.
stop_product_server=true
node product-server/cli.mjs state > /dev/null 2>&1 && stop_product_server=false
node product-server/cli.mjs start > /dev/null
cleanup() { if $stop_product_server; then node product-server/cli.mjs stop; fi; }
trap cleanup EXIT

step "Examples and behaviour against the product server"
npx vitest run --config vitest.product.config.ts

step "Production build"
ANSWERAI_TEST_PAGES=1 npx docusaurus build

step "End-to-end tests"
CI=${CI:-1} npx playwright test

step "Five times the content: navigation, console and page weight"
# The cost of a page must not grow with the site: a copy with five times the
# docs and posts is built, and the tests that walk it run against that build.
scaled_dir=$(node scripts/scale-build.mjs 5)
trap 'rm -rf "$scaled_dir"; cleanup' EXIT
CI=${CI:-1} E2E_PORT=3211 ANSWERAI_SCALE=5 ANSWERAI_BUILD_DIR="$scaled_dir/build" \
  npx playwright test navigation.spec console-clean.spec route-split.spec performance.spec \
  --grep "(navigation|console-clean|route-split)\.spec|page weight"
