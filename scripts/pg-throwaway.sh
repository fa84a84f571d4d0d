#!/bin/bash
# A throw-away PostgreSQL server for tests and local trials (docs/scaling.md): `start DIR` makes a
# fresh cluster in DIR (initdb, trust authentication on localhost only, no fsync: the data is
# disposable), starts it on a free port and prints its URL; `stop DIR` stops it and removes DIR.
# Runs initdb and the server as the user `postgres` when started as root (PostgreSQL refuses root).
# Exit status 3 when PostgreSQL's binaries are not installed.
set -euo pipefail
cmd=${1:?usage: pg-throwaway.sh start|stop DIR}
dir=${2:?usage: pg-throwaway.sh start|stop DIR}
bin=""
for candidate in /usr/lib/postgresql/*/bin; do
  [[ -x $candidate/initdb && -x $candidate/pg_ctl ]] && bin=$candidate
done
if [[ -z $bin ]] && command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
  bin=$(dirname "$(command -v initdb)")
fi
if [[ -z $bin ]]; then
  echo "pg-throwaway: PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)" >&2
  exit 3
fi
as_owner() {
  if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $cmd in
  start)
    rm -rf "$dir"
    mkdir -p "$dir"
    [[ $(id -u) == 0 ]] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U skat --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # Sockets in DIR (not /var/run/postgresql, which may not exist or be someone else's).
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U skat -d postgres -qc "CREATE DATABASE skat" >/dev/null
    echo "postgresql://skat@127.0.0.1:$port/skat"
    ;;
  stop)
    [[ -d $dir/data ]] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg-throwaway.sh start|stop DIR" >&2
    exit 2
    ;;
esac
