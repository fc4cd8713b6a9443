#!/usr/bin/env bash
# `npm test`: type-check, lint, metadata lint and format, codegen freshness, unit, server integration, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type-check"; npx tsc -p tsconfig.json --noEmit
echo "== lint"; npx eslint .
echo "== metadata lint"; node bin/portal.js rules lint
echo "== metadata format (npm run format fixes it)"; npm run --silent format:check
echo "== codegen freshness"; npx tsx codegen/run.ts --check
echo "== unit + server"; npx vitest run --project unit --project server
echo "== browser"; bash scripts/ensure-chromium.sh; npx vite build --logLevel warn; npx vitest run --project e2e
