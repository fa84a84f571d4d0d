#!/usr/bin/env bash
# Load test of the game server on loopback: scripts/load.sh K SECONDS [DEALS]
#   - builds the release binary if needed;
#   - a temp database in /tmp with 3·K bot accounts made by `skat admin create-bot` (the accounts
#     are made once and the database copied from a cache in /tmp/skat-load-cache for later runs);
#   - `skat serve` on a free port (no per-address connection cap: every client is on loopback), `skat bot --kind simple` processes (≤ 1000 bots each, at least
#     two when K > 1), then `skat loadgen` for SECONDS, then everything stops (trap on exit);
#   - prints the loadgen report, then checks that every game the server counted is in the database.
# SKAT_SERVE_ARGS adds options to `skat serve` (e.g. "--strength-tables=none": records without hand strengths).
# SKAT_LOAD_DB=postgresql://… runs the server on that (empty) PostgreSQL database instead: the bot
# accounts are copied into it with `skat admin migrate-store`, and the games are counted with psql.
# SKAT_LOAD_SERVER_CPUS / SKAT_LOAD_CLIENT_CPUS (e.g. 0 and 1) pin the server and the clients (bots,
# loadgen) to separate cores with taskset, so that they do not preempt each other.
# SKAT_LOAD_NODES=N (2 or more) runs N server nodes (`skat serve --node nN`) on one PostgreSQL
# database (SKAT_LOAD_DB, or a throw-away server from scripts/pg-throwaway.sh): bot process p plays
# at node p mod N, one loadgen per node keeps K/N tables playing there, and the report sums them.
# SKAT_LOAD_READERS=N loops N readers (curl) on GET /api/series/ID/games of a stored 360-deal series
# (`skat selfplay --db`) during the run and reports their replies; a probe times GET /healthz (answered
# on the I/O threads) every 0.2 s in every run, and its p99 is checked against 1 s (reported only).
# SKAT_BIN runs another `skat` binary (e.g. an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."

k="${1:?usage: scripts/load.sh K SECONDS [DEALS]}"
seconds="${2:?usage: scripts/load.sh K SECONDS [DEALS]}"
deals="${3:-36}"
bots=$((3 * k))
nodes="${SKAT_LOAD_NODES:-1}"
[ "$nodes" -ge 1 ] && [ $((k % nodes)) -eq 0 ] || { echo "K must be a multiple of SKAT_LOAD_NODES" >&2; exit 2; }

scripts/install-deps.sh load
[ "$nodes" -gt 1 ] && [ -z "${SKAT_LOAD_DB:-}" ] && scripts/install-deps.sh test >/dev/null  # PostgreSQL's server
[ -n "${SKAT_BIN:-}" ] || [ -x build/bin/skat ] || {
  cmake --preset release -DSKAT_BUILD_TESTS=OFF && cmake --build --preset release --target skat -j "$(nproc)"
}
skat="${SKAT_BIN:-$PWD/build/bin/skat}"
readers="${SKAT_LOAD_READERS:-0}"

# Two bot processes (one per core); process p signs in as lb<p>-1…lb<p>-n (`skat bot --name lb<p>`).
per=$(((bots + 1) / 2))
counts=("$per" $((bots - per)))
cache=/tmp/skat-load-cache
mkdir -p "$cache"
touch "$cache/tokens"
declare -A known=()
while read -r name _; do known[$name]=1; done <"$cache/tokens"
for p in 0 1; do
  for j in $(seq 1 "${counts[$p]}"); do
    name="lb$p-$j"
    [ -n "${known[$name]:-}" ] && continue
    secret=$("$skat" --log-level warn admin create-bot --db "$cache/bots.db" --name "$name" --kind simple)
    echo "$name $secret" >>"$cache/tokens"
  done
done

server_pin=()
client_pin=()
[ -n "${SKAT_LOAD_SERVER_CPUS:-}" ] && server_pin=(taskset -c "$SKAT_LOAD_SERVER_CPUS")
[ -n "${SKAT_LOAD_CLIENT_CPUS:-}" ] && client_pin=(taskset -c "$SKAT_LOAD_CLIENT_CPUS")

work=$(mktemp -d /tmp/skat-load.XXXXXX)
chmod 755 "$work"  # a throw-away PostgreSQL below runs as its own user
pg=""
if [ "$nodes" -gt 1 ] && [ -z "${SKAT_LOAD_DB:-}" ]; then
  pg="$work/pg"
  SKAT_LOAD_DB=$(scripts/pg-throwaway.sh start "$pg")
fi
db="${SKAT_LOAD_DB:-$work/skat.db}"
if [ -n "${SKAT_LOAD_DB:-}" ]; then
  "$skat" --log-level warn admin migrate-store --from "$cache/bots.db" --to "$db" >/dev/null
else
  cp "$cache/bots.db" "$db"
fi
if [ "$readers" -gt 0 ]; then  # the long series the readers read
  "$skat" --log-level warn selfplay --series 1 --deals 360 --bot simple --seed 1 --out /dev/null --db "$db" 2>/dev/null
fi
pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$pg" ] && scripts/pg-throwaway.sh stop "$pg"
  [ -n "${SKAT_LOAD_KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup INT TERM EXIT

# Every loadgen guest comes from loopback and seats three bots at each of its tables: the bounds on
# one address's guests and tables and on one player's bots are lifted (docs/cli.md).
ports=()
servers=()
for n in $(seq 0 $((nodes - 1))); do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  node_args=()
  [ "$nodes" -gt 1 ] && node_args=(--node "n$n")
  "${server_pin[@]}" "$skat" --log-level warn serve --port "$port" --db "$db" --web /nonexistent "${node_args[@]}" \
    --admin-token-file "$work/admin-token" --max-connections-per-address 0 --tables-per-player 1000 \
    --tables-per-connection 1000 --tables-per-address 1000000 --bots-per-player 100000 --bots-per-address 1000000 \
    --guests-per-address-per-hour 1000000 ${SKAT_SERVE_ARGS:-} 2>"$work/serve-$n.log" &
  servers+=($!)
  pids+=($!)
  ports+=("$port")
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
done

for p in 0 1; do
  [ "${counts[$p]}" -gt 0 ] || continue
  "${client_pin[@]}" "$skat" --log-level warn bot --url "ws://127.0.0.1:${ports[$((p % nodes))]}/ws" --name "lb$p" \
    --count "${counts[$p]}" --token-file "$cache/tokens" --kind simple 2>"$work/bot-$p.log" &
  pids+=($!)
done

sleep 1  # the bots sign in
reader_pids=()
base="http://127.0.0.1:${ports[0]}"
if [ "$readers" -gt 0 ]; then
  series=$(curl -s "$base/api/series?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["series"][0]["id"])')
  for i in $(seq 1 "$readers"); do
    (while :; do curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$base/api/series/$series/games" || true; done \
      >"$work/reader-$i.txt") &
    reader_pids+=($!)
    pids+=($!)
  done
fi
(while :; do curl -s -o /dev/null -w '%{time_total}\n' "$base/healthz" || true; sleep 0.2; done >"$work/probe.txt") &
reader_pids+=($!)
pids+=($!)
status=0
loadgens=()
for n in $(seq 0 $((nodes - 1))); do
  ${SKAT_LOADGEN_WRAP:-} "${client_pin[@]}" "$skat" --log-level warn loadgen --url "ws://127.0.0.1:${ports[$n]}/ws" \
    --tables $((k / nodes)) --deals "$deals" --seconds "$seconds" --server-pid "${servers[$n]}" >"$work/loadgen-$n.txt" &
  loadgens+=($!)
done
for pid in "${loadgens[@]}"; do wait "$pid" || status=$?; done
for pid in "${reader_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
python3 - "$work" "$readers" "$seconds" <<'PY'
import glob, sys
work, readers, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float('nan')
if readers:
    codes, times = {}, []
    for f in glob.glob(work + '/reader-*.txt'):
        for line in open(f):
            parts = line.split()
            if len(parts) != 2: continue
            codes[parts[0]] = codes.get(parts[0], 0) + 1
            if parts[0] == '200': times.append(float(parts[1]))
    print('readers: %d on a 360-deal series; replies %s; %.1f reads/s answered 200, each p50 %.3f s p99 %.3f s'
          % (readers, ' '.join('%s=%d' % kv for kv in sorted(codes.items())), len(times) / seconds,
             pct(times, 50), pct(times, 99)))
probe = [float(l) for l in open(work + '/probe.txt') if l.strip()]
p99 = pct(probe, 99)
print('healthz_probe_s: p50 %.4f p99 %.4f max %.4f (n=%d); p99 under 1 s: %s'
      % (pct(probe, 50), p99, max(probe or [float('nan')]), len(probe), 'yes' if p99 < 1 else 'NO'))
PY
for n in $(seq 0 $((nodes - 1))); do
  [ "$nodes" -gt 1 ] && echo "== node n$n"
  cat "$work/loadgen-$n.txt"
done
if [ "$nodes" -gt 1 ]; then
  echo "== all nodes"
  awk '/^moves_per_second:/ { m += $2 } /^games_per_second:/ { g += $2 }
       END { printf "moves_per_second (sum): %.0f\ngames_per_second (sum, all written to PostgreSQL): %.1f\n", m, g }' \
    "$work"/loadgen-*.txt
fi

# Lost games: stop the bots, read the servers' counts, stop the servers (graceful: the writers
# drain), and count the games in the database.
for pid in "${pids[@]:$nodes}"; do kill "$pid" 2>/dev/null || true; done
sleep 0.5
counted=0
for port in "${ports[@]}"; do
  c=$(curl -s "http://127.0.0.1:$port/api/metrics" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games_finished"])')
  counted=$((counted + c))
done
for server in "${servers[@]}"; do
  kill "$server"
  wait "$server" 2>/dev/null || true
done
if [ -n "${SKAT_LOAD_DB:-}" ]; then
  stored=$(psql -tA "$db" -c 'SELECT count(*) FROM games')
else
  stored=$(sqlite3 "$db" 'SELECT count(*) FROM games')
fi
echo "games_counted_by_server: $counted; games_in_database: $stored"
[ "$stored" -ge "$counted" ] || { echo "LOST GAMES: $((counted - stored))"; status=1; }
echo "server log: $(cat "$work"/serve-*.log | grep -c . || true) lines of warnings/errors"
cat "$work"/serve-*.log | grep -m 5 . || true
exit "$status"
