#!/bin/bash
# The ctest fixture `postgres` (tests/CMakeLists.txt): `start DIR` starts a throw-away PostgreSQL
# server in DIR and writes its URL to DIR.url, which the ".pg" copies of the store tests read
# (tests/support/test_store.h); without PostgreSQL's binaries it writes an empty URL, and those tests
# skip themselves saying so. `stop DIR` stops the server and removes DIR.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cmd=${1:?usage: postgres_fixture.sh start|stop DIR}
dir=${2:?usage: postgres_fixture.sh start|stop DIR}
case $cmd in
  start)
    "$here/scripts/pg-throwaway.sh" stop "$dir" 2>/dev/null
    url=$("$here/scripts/pg-throwaway.sh" start "$dir")
    status=$?
    if [[ $status == 3 ]]; then
      echo "no PostgreSQL binaries: the PostgreSQL copies of the store tests will be skipped"
      : >"$dir.url"
      exit 0
    fi
    [[ $status == 0 ]] || exit $status
    echo "$url" >"$dir.url"
    echo "PostgreSQL test server: $url"
    ;;
  stop)
    "$here/scripts/pg-throwaway.sh" stop "$dir"
    rm -f "$dir.url"
    ;;
esac
