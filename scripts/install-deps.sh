#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need; installs only what is missing,
# so running it twice is cheap. Needs root (or sudo) and the Debian package mirrors.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  clang-format clang-19 libclang-rt-19-dev
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libspdlog-dev libfmt-dev
  libsodium-dev libsqlite3-dev sqlite3 libboost1.81-dev
  docker-compose
)

# Node.js and npm build and test the web client (web/); Debian's packages only when there is no
# node at all (a newer Node installed otherwise is kept). chromium is installed by test-web.sh.
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
