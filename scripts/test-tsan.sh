#!/usr/bin/env bash
# The concurrency suites under ThreadSanitizer: the server's network, application and table tests
# (the ctest names net.*, app.*, server.*; the PostgreSQL copies are left out: they test SQL, not
# threads) built with the tsan preset (build-tsan/). Builds only those test programs and the skat
# binary the integration tests start. Part of the long suite: scripts/test.sh runs it when
# SKAT_LONG_TESTS=1 (about 25 minutes on two cores). Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test

jobs=$(nproc)
cmake --preset tsan
targets=$(ninja -C build-tsan -t targets all | grep -oE '^bin/(net|app|server)_test_[a-z_]+' | sort -u)
[ -n "$targets" ] || { echo "no concurrency test programs found in build-tsan" >&2; exit 1; }
# shellcheck disable=SC2086
cmake --build --preset tsan -j "$jobs" --target skat $(basename -a $targets)
# halt_on_error: the first race fails the test that found it; second_deadlock_stack for readable
# lock-order reports.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R '^(net|app|server)\.' -E '\.pg\.' -LE long
echo "concurrency suites passed under ThreadSanitizer"
