#!/usr/bin/env bash
# The browser client's tests (web/): installs what is missing (Node.js and npm through
# install-deps.sh, Debian's chromium here), then `npm ci`, the TypeScript and Prettier checks, the
# Vitest unit and component tests, the production build (web/dist) and the end-to-end tests, which
# drive chromium through playwright-core against a real `skat serve` with real `skat bot` processes.
# The server binary: SKAT_BIN if set, else build-debug/bin/skat (the sanitizer build of
# scripts/test.sh) when present, else build/bin/skat. Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

command -v node >/dev/null && command -v npm >/dev/null || scripts/install-deps.sh
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends chromium
fi

if [ -z "${SKAT_BIN:-}" ]; then
  if [ -x "$root/build-debug/bin/skat" ]; then
    SKAT_BIN="$root/build-debug/bin/skat"
  else
    SKAT_BIN="$root/build/bin/skat"
  fi
fi
export SKAT_BIN
[ -x "$SKAT_BIN" ] || { echo "no skat binary at $SKAT_BIN: build it first (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }

cd web
npm ci --no-audit --no-fund
npm run typecheck
npm run format:check
npm test
npm run build
npm run e2e
echo "web tests passed (server: $SKAT_BIN)"
