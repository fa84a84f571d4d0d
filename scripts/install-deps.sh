#!/usr/bin/env bash
# Installs the Debian 12 packages one task needs, and only those that are missing, so running it
# twice is cheap. Needs root (or sudo) and the Debian package mirrors.
#   scripts/install-deps.sh run    building and running the server, the bots and the web client
#                                  (scripts/run.sh; the default), with bubblewrap and python3 for
#                                  the sandbox of players' uploaded programs
#   scripts/install-deps.sh test   the above, plus what the test suites need (scripts/test.sh):
#                                  GoogleTest, mold (the sanitizer build's linker), clang-format,
#                                  clang 19 with its libFuzzer runtime, Debian's docker-compose
#                                  (checks docker-compose.yml), git (the repository checks list
#                                  the tracked files), jq, and PyTorch
#                                  (python3-torch: the inference trainer's test), PostgreSQL
#                                  (the store tests' PostgreSQL copy starts a throw-away server) and
#                                  HAProxy (the two-node end-to-end test); chromium for the
#                                  browser tests is installed by scripts/test-web.sh
#   scripts/install-deps.sh load   the above "run", plus what scripts/load.sh and scripts/idle.sh
#                                  call: curl, python3 and the sqlite3 shell
set -euo pipefail

task="${1:-run}"
packages=(
  build-essential cmake ninja-build pkg-config ca-certificates
  libcli11-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libsodium-dev libsqlite3-dev libboost1.81-dev
  libboost-url1.81-dev libutf8proc-dev libicu-dev libeigen3-dev libpq-dev
  bubblewrap python3
)
case "$task" in
  run) ;;
  test) packages+=(libgtest-dev mold clang-format clang-19 libclang-rt-19-dev docker-compose git jq python3-torch postgresql haproxy) ;;
  load) packages+=(curl python3 sqlite3) ;;
  *)
    echo "usage: scripts/install-deps.sh [run|test|load]" >&2
    exit 2
    ;;
esac

# Node.js and npm build (and test) the web client (web/); Debian's packages only when there is no
# node at all (a newer Node installed otherwise is kept).
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
