#!/usr/bin/env bash
# The run command of the README: installs what is missing, builds the release binary
# (build/bin/skat), then runs the game server with a pool of house bots:
#   - data/skat.db is created and migrated by the server on first start;
#   - bot accounts house-1..house-N (the strongest level), club-1..club-N and beginner-1..
#     beginner-N (docs/bots.md, "Levels") are created once (tokens kept in data/bot-tokens, mode 0600);
#   - the web client is built into web/dist (npm; served by `skat serve --web web/dist`);
#   - `skat serve` and one `skat bot --count N` process per level start; Ctrl-C stops them all.
# Safe to run twice: existing accounts and tokens are reused. Settings: SKAT_PORT (8080),
# SKAT_BOTS (6: the strongest level, enough for two all-bot tables, or bots for humans at several
# tables), SKAT_CLUB_BOTS (3) and SKAT_BEGINNER_BOTS (3): the other levels,
# SKAT_BOT_KIND (the house bots' program: the complete bot on the shipped tables of a million
# games, 32 worlds per decision drawn by the learned inference; docs/strength.md),
# SKAT_LEARNING_BOTS (3: bots "learner-N" of the same program with outer learning: they read the
# newest table version the nightly job wrote to data/tables), SKAT_NIGHTLY_AT (03:00 UTC: when
# the nightly job runs), SKAT_HAND_LUCK (1: the leaderboard's ratings are corrected for hand luck; 0: off),
# SKAT_LADDER_EVERY_S (600: the ladder's pace, a short rated match among idle bots; 0: off; docs/bots.md §9).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh run
# Only what this script runs: the `skat` binary (no test suites; `cmake --preset release
# -DSKAT_BUILD_TESTS=ON` brings them back into build/).
cmake --preset release -DSKAT_BUILD_TESTS=OFF
cmake --build --preset release --target skat -j "$(nproc)"

# The browser client (web/dist): npm ci only when node_modules is missing or package-lock.json
# changed since the last install, then the production build.
if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
(cd web && npm run build)

port="${SKAT_PORT:-8080}"
bots="${SKAT_BOTS:-6}"
club_bots="${SKAT_CLUB_BOTS:-3}"
beginner_bots="${SKAT_BEGINNER_BOTS:-3}"
bot_kind="${SKAT_BOT_KIND:-full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1,infer=learned}"
learners="${SKAT_LEARNING_BOTS:-3}"
nightly_at="${SKAT_NIGHTLY_AT:-03:00}"
nightly_flags=()
[ "${SKAT_HAND_LUCK:-1}" = 0 ] && nightly_flags+=(--no-hand-luck)
skat=build/bin/skat
db=data/skat.db
tokens=data/bot-tokens

umask 077
mkdir -p data
touch "$tokens"
chmod 600 "$tokens"

# Version 0 of the learning bots' tables is the shipped base (a million generated games, docs/tables.md);
# the nightly job adds v000001, … beside it. A data directory whose only version is the former base
# T0 starts again from the new one; versions the nightly job made are kept.
mkdir -p data/tables
if [ ! -f data/tables/v000001.wtab ] && cmp -s tables/t0.wtab data/tables/v000000.wtab; then
  rm data/tables/v000000.wtab
fi
[ -f data/tables/v000000.wtab ] || cp tables/base-1m.wtab data/tables/v000000.wtab

# Outer learning is a setting of the complete bot only (tables=DIR); other kinds take no tables.
case "$bot_kind" in
  full:*) learner_kind="$bot_kind,tables=data/tables" ;;
  full) learner_kind="full:tables=data/tables" ;;
  *)
    [ "$learners" -gt 0 ] && echo "run: SKAT_BOT_KIND=$bot_kind does not learn from tables; no learner bots" >&2
    learners=0
    ;;
esac

# Bot accounts that have no token on file yet; an account whose token was lost is revoked and
# renewed (same player, history kept).
names="$(seq -f "house-%g" 1 "$bots") $(seq -f "club-%g" 1 "$club_bots") $(seq -f "beginner-%g" 1 "$beginner_bots")"
if [ "$learners" -gt 0 ]; then names="$names $(seq -f "learner-%g" 1 "$learners")"; fi
for name in $names; do
  grep -q "^$name " "$tokens" && continue
  label="${bot_kind%%:*}"
  case "$name" in club-*) label=full ;; beginner-*) label=simple ;; esac
  if ! secret=$("$skat" --log-level warn admin create-bot --db "$db" --name "$name" --kind "$label" 2>/dev/null); then
    "$skat" --log-level warn admin revoke-bot --db "$db" "$name" >/dev/null
    secret=$("$skat" --log-level warn admin create-bot --db "$db" --name "$name" --kind "$label")
  fi
  echo "$name $secret" >>"$tokens"
done

pids=()
cleanup() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait || true
  echo "stopped"
}
trap cleanup INT TERM EXIT

# The bots connect from loopback too: room for them beside the 64 connections of one address.
"$skat" serve --port "$port" --db "$db" --web web/dist --nightly-at "$nightly_at" --tables-dir data/tables \
  --inference-data data/inference --ladder-every-s "${SKAT_LADDER_EVERY_S:-600}" \
  --max-connections-per-address $((64 + bots + club_bots + beginner_bots + learners)) "${nightly_flags[@]}" &
pids+=($!)

for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

"$skat" bot --url "ws://127.0.0.1:$port/ws" --name house --count "$bots" --token-file "$tokens" --kind "$bot_kind" &
pids+=($!)
for level in club beginner; do
  count=$club_bots
  [ "$level" = beginner ] && count=$beginner_bots
  [ "$count" -gt 0 ] || continue
  "$skat" bot --url "ws://127.0.0.1:$port/ws" --name "$level" --count "$count" --token-file "$tokens" --level "$level" &
  pids+=($!)
done
if [ "$learners" -gt 0 ]; then
  "$skat" bot --url "ws://127.0.0.1:$port/ws" --name learner --count "$learners" --token-file "$tokens" \
    --kind "$learner_kind" &
  pids+=($!)
fi

echo
echo "Skat server running: open http://127.0.0.1:$port/  (admin token in data/admin-token; Ctrl-C stops)"
wait -n "${pids[@]}" || true
