#!/usr/bin/env bash
# Idle connections held by the game server on loopback: scripts/idle.sh N SECONDS [--hello]
#   - builds the release binary if needed; `skat serve` on a free port with a temp database;
#   - `skat idle --connections N --seconds SECONDS --server-pid PID` opens N WebSocket connections
#     (with --hello each signs in as a guest), holds them, and prints the server's connection count
#     and its memory per connection (VmRSS after minus before);
#   - the file-descriptor limit of both processes is raised to the hard limit (N + some are needed);
#   - the server's connection caps and hello deadline are lifted (all N come from loopback, and
#     without --hello none of them signs in).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:?usage: scripts/idle.sh N SECONDS [--hello]}"
seconds="${2:?usage: scripts/idle.sh N SECONDS [--hello]}"
shift 2
scripts/install-deps.sh load
[ -x build/bin/skat ] || {
  cmake --preset release -DSKAT_BUILD_TESTS=OFF && cmake --build --preset release --target skat -j "$(nproc)"
}
skat="$PWD/build/bin/skat"
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d /tmp/skat-idle.XXXXXX)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# With --hello every connection is a new guest from loopback: the bound on one address's new
# guests is lifted (docs/cli.md).
"$skat" --log-level warn serve --port "$port" --db "$work/skat.db" --web /nonexistent \
  --admin-token-file "$work/admin-token" --max-connections $((n + 100)) --max-connections-per-address 0 \
  --hello-timeout-s 3600 --guests-per-address-per-hour 1000000 2>"$work/serve.log" &
server=$!
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
sleep 0.5
"$skat" --log-level warn idle --url "ws://127.0.0.1:$port/ws" --connections "$n" --seconds "$seconds" \
  --server-pid "$server" "$@"
echo "server log: $(wc -l <"$work/serve.log") lines"; tail -3 "$work/serve.log"
