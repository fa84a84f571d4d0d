#!/bin/sh
# The container's roles (docker-compose.yml): `server`, `bots`, `nightly`, or any skat subcommand.
# Settings come from the environment (README, "Deployment"); everything lasting lives in $SKAT_DATA,
# or, with SKAT_DB=postgresql://… (the `nodes` profile), the games and accounts in PostgreSQL.
set -eu
data="${SKAT_DATA:-/data}"
db="${SKAT_DB:-$data/skat.db}"
port="${SKAT_PORT:-8080}"
role="${1:-server}"
# Bots and the nightly job write their health here (`skat health --file`, docker-compose.yml).
health="${SKAT_HEALTH_FILE:-/tmp/skat-health.json}"
[ $# -gt 0 ] && shift

case "$role" in
  server)
    [ -n "${SKAT_DB_MAX_MIB:-}" ] && set -- --db-max-mib "$SKAT_DB_MAX_MIB" "$@"
    # One of several nodes on a shared store (docs/scaling.md): its name, and how long another
    # node's heartbeat may be silent before this one takes its series over.
    [ -n "${SKAT_NODE:-}" ] && set -- --node "$SKAT_NODE" --node-silent-ms "${SKAT_NODE_SILENT_MS:-10000}" "$@"
    exec skat serve --bind 0.0.0.0 --port "$port" --db "$db" --web /app/web \
      --admin-token-file "$data/admin-token" --threads "${SKAT_SERVER_THREADS:-2}" \
      --bot-move-ms "${SKAT_BOT_MOVE_MS:-5000}" --human-move-ms "${SKAT_HUMAN_MOVE_MS:-60000}" \
      --tables-per-player "${SKAT_TABLES_PER_PLAYER:-16}" --max-tables "${SKAT_MAX_TABLES:-10000}" "$@"
    ;;
  bots)
    # Bots with outer learning read the newest table version the nightly job wrote (version 0 is the
    # shipped base of a million generated games); a volume whose only version is the former base T0
    # starts again from the new one.
    mkdir -p "$data/tables"
    if [ ! -f "$data/tables/v000001.wtab" ] && cmp -s /app/tables/t0.wtab "$data/tables/v000000.wtab"; then
      rm "$data/tables/v000000.wtab"
    fi
    [ -f "$data/tables/v000000.wtab" ] || cp /app/tables/base-1m.wtab "$data/tables/v000000.wtab"
    tables=/app/tables/base-1m.wtab
    [ "${SKAT_OUTER_LEARNING:-0}" = 1 ] && tables="$data/tables"
    kind="${SKAT_BOT_KIND:-full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1,infer=learned}"
    case "$kind" in
      full:*) kind="$kind,tables=$tables" ;;
      full) kind="full:tables=$tables" ;;
    esac
    # A name that outlives the container: the first slot K of this prefix that no running container
    # holds (a lock in the volume, held while the bots run), so a recreated container plays as the
    # accounts PREFIX-K-1… of its predecessor, with their tokens from the volume.
    prefix="${SKAT_BOT_PREFIX:-bot}"
    mkdir -p "$data/bot-slots"
    slot=1
    while :; do
      exec 9>"$data/bot-slots/$prefix-$slot.lock"
      flock -n 9 && break
      slot=$((slot + 1))
    done
    # The server writes the admin token at its first start; the accounts of this slot's bots are
    # created through it once and their tokens kept in the volume.
    while [ ! -s "$data/admin-token" ]; do sleep 1; done
    exec skat bot --url "ws://${SKAT_SERVER_HOST:-server}:$port/ws" --name "$prefix-$slot" \
      --count "${SKAT_BOTS_PER_CONTAINER:-3}" --kind "$kind" --threads "${SKAT_BOT_THREADS:-2}" \
      --token-file "$data/bot-tokens" --register --admin-token-file "$data/admin-token" \
      --health-file "$health" "$@"
    ;;
  nightly)
    set -- --every-day-at "${SKAT_NIGHTLY_AT:-03:00}" "$@"
    # The leaderboard's ratings are corrected for hand luck unless SKAT_HAND_LUCK=0 (docs/nightly.md).
    [ "${SKAT_HAND_LUCK:-1}" = 0 ] && set -- --no-hand-luck "$@"
    [ "${SKAT_HIGH_VALUE:-0}" = 1 ] && set -- --high-value "$@"
    [ "${SKAT_MEAN_FROM_GAMES:-0}" = 1 ] && set -- --mean-from-games "$@"
    set -- --start-from-series "${SKAT_START_FROM_SERIES:-0}" "$@"
    exec skat nightly --db "$db" --tables-dir "$data/tables" --base-tables /app/tables/base-1m.wtab \
      --inference-data "$data/inference" --health-file "$health" "$@"
    ;;
  *)
    exec skat "$role" "$@"
    ;;
esac
