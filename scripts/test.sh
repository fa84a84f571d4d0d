#!/usr/bin/env bash
# The test command of the README: installs what is missing, builds with AddressSanitizer +
# UndefinedBehaviorSanitizer (the `debug` preset: a unity build of shared libraries, the core at -O2;
# docs/testing.md says why) and runs every test suite (including the clang-format check), then
# the web client's tests (scripts/test-web.sh: unit tests and chromium end to end), then builds
# the libFuzzer targets with clang and runs each briefly.
# SKAT_LONG_TESTS=1 also runs the slow suites (labelled "long") and the concurrency suites under
# ThreadSanitizer (scripts/test-tsan.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
# Each step says when it starts, in seconds since the start (docs/testing.md quotes them).
step() { echo "== test.sh: $1 at $(($(date +%s) - started)) s"; }

step "installing what is missing"
scripts/install-deps.sh test

jobs=$(nproc)
label_args=(-LE long)
[ "${SKAT_LONG_TESTS:-0}" = "1" ] && label_args=()

step "building with the sanitizers"
cmake --preset debug
cmake --build --preset debug -j "$jobs"
step "the C++ suites"
ctest --preset debug -j "$jobs" "${label_args[@]}"

# The browser client against the sanitizer build of the server (build-debug/bin/skat).
step "the web client's tests"
scripts/test-web.sh

# The concurrency suites under ThreadSanitizer (scripts/test-tsan.sh): long suite only.
if [ "${SKAT_LONG_TESTS:-0}" = "1" ]; then
  scripts/test-tsan.sh
fi

step "the fuzz targets"
cmake --preset fuzz
cmake --build --preset fuzz -j "$jobs"
ctest --test-dir build-fuzz --output-on-failure -j "$jobs"
step "done"
echo "all tests passed"
