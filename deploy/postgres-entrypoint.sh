#!/bin/sh
# Starts PostgreSQL for the `nodes` profile: at the first start it creates the cluster (role `skat`
# with the password SKAT_PG_PASSWORD, database `skat`, password logins from the compose network).
set -eu
bin=/usr/lib/postgresql/15/bin
: "${SKAT_PG_PASSWORD:?set SKAT_PG_PASSWORD}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$SKAT_PG_PASSWORD" >"$pwfile"
  "$bin/initdb" -D "$PGDATA" -U skat --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8
  rm -f "$pwfile"
  echo "host all all 0.0.0.0/0 scram-sha-256" >>"$PGDATA/pg_hba.conf"
  "$bin/pg_ctl" -D "$PGDATA" -w -o "-c listen_addresses='' -k /tmp" start
  "$bin/psql" -h /tmp -U skat -d postgres -qc "CREATE DATABASE skat"
  "$bin/pg_ctl" -D "$PGDATA" -w stop
fi
exec "$bin/postgres" -D "$PGDATA" -k /tmp -c listen_addresses='*' -c max_connections=200 -c jit=off
