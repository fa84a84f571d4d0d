#!/bin/sh
# The container's roles (docker-compose.yml): `server`, `bots`, `nightly`, or any skat subcommand.
# Settings come from the environment (README, "Deployment"); everything lasting lives in $SKAT_DATA,
# or, with SKAT_DB=postgresql://… (the `nodes` profile), the games and accounts in PostgreSQL.
set -eu
data="${SKAT_DATA:-/data}"
db="${SKAT_DB:-$data/skat.db}"
port="${SKAT_PORT:-8080}"
role="${1:-server}"
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
    # Bots with outer learning read the newest table version the nightly job wrote (version 0 is T0).
    mkdir -p "$data/tables"
    [ -f "$data/tables/v000000.wtab" ] || cp /app/tables/t0.wtab "$data/tables/v000000.wtab"
    tables=/app/tables/t0.wtab
    [ "${SKAT_OUTER_LEARNING:-0}" = 1 ] && tables="$data/tables"
    kind="${SKAT_BOT_KIND:-full:worlds=32,budget=2000,threads=2,nodes=2000,stop=1}"
    case "$kind" in
      full:*) kind="$kind,tables=$tables" ;;
      full) kind="full:tables=$tables" ;;
    esac
    # The server writes the admin token at its first start; the accounts of this container's bots
    # are created through it and their tokens kept in the volume.
    while [ ! -s "$data/admin-token" ]; do sleep 1; done
    exec skat bot --url "ws://${SKAT_SERVER_HOST:-server}:$port/ws" --name "${SKAT_BOT_PREFIX:-bot}-$(hostname)" \
      --count "${SKAT_BOTS_PER_CONTAINER:-3}" --kind "$kind" --threads "${SKAT_BOT_THREADS:-2}" \
      --token-file "$data/bot-tokens" --register --admin-token-file "$data/admin-token" "$@"
    ;;
  nightly)
    set -- --every-day-at "${SKAT_NIGHTLY_AT:-03:00}" "$@"
    # The leaderboard's ratings are corrected for hand luck unless SKAT_HAND_LUCK=0 (docs/nightly.md).
    [ "${SKAT_HAND_LUCK:-1}" = 0 ] && set -- --no-hand-luck "$@"
    [ "${SKAT_HIGH_VALUE:-0}" = 1 ] && set -- --high-value "$@"
    [ "${SKAT_MEAN_FROM_GAMES:-0}" = 1 ] && set -- --mean-from-games "$@"
    set -- --start-from-series "${SKAT_START_FROM_SERIES:-0}" "$@"
    exec skat nightly --db "$db" --tables-dir "$data/tables" --base-tables /app/tables/t0.wtab \
      --inference-data "$data/inference" "$@"
    ;;
  *)
    exec skat "$role" "$@"
    ;;
esac
