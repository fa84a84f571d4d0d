#!/usr/bin/env bash
# The layers hold: each folder includes only the folders below it (docs/architecture.md, "Who owns
# what"). For every C++ file the folder of each project include ("engine/…", "server/play/…") must
# be one its own folder may use; a new top-level folder must be given its place here.
set -euo pipefail
cd "$1"

declare -A allowed=(
  [engine]="engine"
  [common]="common"
  [bots]="engine bots"
  [db]="engine common db"
  [protocol]="engine common protocol"
  [nightly]="engine common bots db nightly"
  [botclient]="engine common bots protocol botclient"
  [bridge]="engine common bots protocol botclient bridge"
  [server/net]="server/net"
  [server/lobby]="server/lobby"
  [server/table]="engine common protocol server/table"
  [server/store]="engine common db server/table server/store"
  [server/play]="engine common bots db protocol botclient bridge server server/net server/lobby server/table server/store server/play"
  [server/http]="engine common bots db protocol botclient bridge server server/net server/lobby server/table server/store server/play server/http"
  [server/app]="engine common bots db protocol nightly botclient bridge server server/net server/lobby server/table server/store server/play server/http server/app"
  [cli]="engine common bots db protocol nightly botclient bridge server server/net server/lobby server/table server/store server/play server/http server/app cli"
)

# The folder a source file belongs to: server/<part> inside server/, else its top-level folder.
folder_of() {
  case "$1" in
    server/*/*) echo "$1" | cut -d/ -f1-2 ;;
    server/*) echo server ;;
    *) echo "${1%%/*}" ;;
  esac
}

bad=0
checked=0
while IFS= read -r file; do
  own=$(folder_of "$file")
  if [ -z "${allowed[$own]+set}" ]; then
    [ "$own" = server ] && continue  # server/serve_config.h: the settings, below every server part
    echo "$file: folder $own has no place in tests/repo/layering_test.sh" >&2
    bad=1
    continue
  fi
  while IFS= read -r target; do
    [ "${target%%/*}" != "$target" ] || continue
    used=$(folder_of "$target")
    case " ${allowed[$own]} " in
      *" $used "*) ;;
      *) echo "$file includes $target: $own may not use $used" >&2; bad=1 ;;
    esac
  done < <(grep -oE '^#include "[a-z_]+/[^"]+"' "$file" | sed -E 's/^#include "//; s/"$//')
  checked=$((checked + 1))
done < <(git ls-files -- '*.h' '*.cpp' '*.cc' | grep -v '^tests/')  # the tests may use every layer
[ "$checked" -gt 0 ] || { echo "no sources found" >&2; exit 1; }
[ "$bad" -eq 0 ] || exit 1
echo "$checked files include only the layers below them"
