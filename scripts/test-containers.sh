#!/usr/bin/env bash
# The deployment checks on a real Docker engine (the long suite runs them when a daemon answers;
# without one they are skipped with exit code 77). From a copy of the working tree (tracked files
# and new ones, as a clone would have them), on base images made locally (deploy/base-images.sh):
#   plain   a plain Debian 12 container runs the README's run command (scripts/run.sh) until it
#           serves the page, then again (safe to run twice), then the test command's install step
#           (scripts/install-deps.sh test) and the web client's tests with Debian's Node.js
#           (scripts/test-web.sh: npm ci, checks, unit tests, the build and the browser tests);
#   single  docker-compose.yml: `up -d --build` builds and serves, every service turns healthy, a
#           change to a web file rebuilds only the web stage, and `down` then `up` keeps the bots'
#           accounts (no new names);
#   nodes   docker-compose.nodes.yml from nothing: every service healthy without a restart,
#           /n/a/ and /n/b/ reach their nodes, the bots are on both nodes, a tournament finishes;
#           node a is killed: the balancer serves from node b, a tournament finishes there, node a
#           comes back.
# Usage: scripts/test-containers.sh [plain] [single] [nodes]   (all three when none is named)
# Needs root, a running Docker daemon, docker-compose and debootstrap (installed when missing). A
# proxy that re-signs TLS is trusted through its CA certificates in /usr/local/share/ca-certificates
# (passed to npm in the containers). On two cores: plain ~25 min, single ~20 min (the image build
# ~16 of them), nodes ~5 min.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

phases=("$@")
((${#phases[@]})) || phases=(plain single nodes)
say() { printf '\n== %s: %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() {
  echo "test-containers: FAILED: $*" >&2
  exit 1
}

docker info >/dev/null 2>&1 || {
  echo "test-containers: no Docker daemon answers; skipped"
  exit 77
}
command -v docker-compose >/dev/null || scripts/install-deps.sh test
deploy/base-images.sh

work=$(mktemp -d /var/tmp/skat-containers.XXXXXX)
projects=()
containers=()
cleanup() {
  for c in "${containers[@]}"; do docker rm -f "$c" >/dev/null 2>&1 || true; done
  for p in "${projects[@]}"; do
    (cd "$work/src" && docker-compose -p "${p%%:*}" -f "${p#*:}" down -v --remove-orphans >/dev/null 2>&1) || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# The tree as a clone has it: tracked files and new files not ignored, without builds or packages.
mkdir -p "$work/src"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -C "$work/src" -xf -

# A TLS-re-signing proxy's certificates, for npm in the containers and the image build.
extra_ca="$work/extra-ca.pem"
cat /usr/local/share/ca-certificates/*.crt >"$extra_ca" 2>/dev/null || true
ca_args=()
if [ -s "$extra_ca" ]; then
  ca_args=(-v "$extra_ca:/etc/skat-extra-ca.pem:ro" -e NODE_EXTRA_CA_CERTS=/etc/skat-extra-ca.pem)
  export SKAT_EXTRA_CA_CERTS
  SKAT_EXTRA_CA_CERTS=$(cat "$extra_ca")
fi

# Waits up to $2 seconds for the command $3… to succeed.
wait_for() {
  local what="$1" seconds="$2"
  shift 2
  local end=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < end)) || fail "$what: not within $seconds s"
    sleep 2
  done
}
http_ok() { curl -fsS --max-time 5 "$1" >/dev/null; }
# A counter of a server's /api/metrics: metric NAME BASE_URL.
metric() { curl -fsS --max-time 5 "$2/api/metrics" | grep -o "\"$1\":[0-9]*" | cut -d: -f2; }
# at_least N NAME BASE_URL: the counter is N or more.
at_least() {
  local v
  v=$(metric "$2" "$3")
  [ -n "$v" ] && [ "$v" -ge "$1" ]
}

run_plain() {
  say "plain Debian 12: the README's run command"
  local c=skat-plain-$$
  containers+=("$c")
  docker run -d --init --name "$c" "${ca_args[@]}" -v "$work/src:/src" -w /src debian:12 sleep infinity >/dev/null
  # The run command in the foreground of a shell, as a person runs it (its pid kept to Ctrl-C it).
  run_sh() {
    docker exec "$c" rm -f /run.pid
    docker exec -d "$c" bash -c "cd /src && echo \$\$ >/run.pid && exec ./scripts/run.sh >$1 2>&1"
    wait_for "run.sh starts" 30 docker exec "$c" test -s /run.pid
  }
  run_sh /run.log
  local started=$SECONDS
  serving() { docker exec "$c" grep -q 'Skat server running: open http://127.0.0.1:8080/' "$1"; }
  running() { docker exec "$c" bash -c 'kill -0 "$(cat /run.pid)"'; }
  served_or_stopped() { serving /run.log || ! running; }
  wait_for "run.sh serves" 3600 served_or_stopped
  serving /run.log || {
    docker exec "$c" tail -40 /run.log
    fail "run.sh stopped before serving"
  }
  echo "run.sh served after $((SECONDS - started)) s"
  # The server listens on the container's loopback, as the run command prints: asked from inside.
  get_inside() {
    docker exec "$c" bash -c "exec 3<>/dev/tcp/127.0.0.1/8080 &&
      printf 'GET $1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3 && cat <&3"
  }
  bots_online_inside() { get_inside /api/metrics | grep -q "\"bots_online\":$1[,}]"; }
  wait_for "the server at http://127.0.0.1:8080/" 60 docker exec "$c" /src/build/bin/skat health
  get_inside / | grep -q '<div id="app"' || fail "the page is not the web client"
  wait_for "the 12 house bots online" 120 bots_online_inside 12

  say "plain Debian 12: the run command a second time"
  docker exec "$c" bash -c 'kill -INT "$(cat /run.pid)"'
  wait_for "run.sh stops" 60 docker exec "$c" grep -q '^stopped' /run.log
  run_sh /run2.log
  started=$SECONDS
  wait_for "run.sh serves again" 600 serving /run2.log
  echo "the second run served after $((SECONDS - started)) s"
  wait_for "the server again" 60 docker exec "$c" /src/build/bin/skat health

  say "plain Debian 12: the test command's install step and the web client's tests"
  started=$SECONDS
  docker exec "$c" bash -c 'cd /src && scripts/install-deps.sh test >/install.log 2>&1' ||
    { docker exec "$c" tail -30 /install.log; fail "scripts/install-deps.sh test"; }
  echo "install-deps.sh test: $((SECONDS - started)) s"
  started=$SECONDS
  docker exec "$c" bash -c 'node --version; npm --version'
  docker exec "$c" bash -c 'cd /src && SKAT_BIN=/src/build/bin/skat scripts/test-web.sh >/web.log 2>&1' ||
    { docker exec "$c" tail -60 /web.log; fail "scripts/test-web.sh"; }
  docker exec "$c" grep -E 'Tests +[0-9]+ passed|^# (pass|fail)' /web.log
  echo "test-web.sh: $((SECONDS - started)) s"
  docker rm -f "$c" >/dev/null
}

compose() { (cd "$work/src" && docker-compose -p "$project" -f "$file" "$@"); }
# Every container of the project healthy (or, with no health check, running).
all_healthy() {
  local ids
  ids=$(compose ps -q)
  [ -n "$ids" ] || return 1
  for id in $ids; do
    [ "$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id")" = healthy ] ||
      [ "$(docker inspect -f '{{if .State.Health}}x{{else}}{{.State.Status}}{{end}}' "$id")" = running ] || return 1
  done
}
restarts() {
  for id in $(compose ps -q); do docker inspect -f '{{.Name}} {{.RestartCount}}' "$id"; done
}
admin_token() { compose exec -T "$1" cat /data/admin-token; }
# The bot accounts the server knows, and those whose tokens the volume keeps.
bot_names() {
  compose exec -T server skat --log-level warn admin list-bots --db /data/skat.db | tail -n +2 | cut -f1 | sort
  compose exec -T server cat /data/bot-tokens | cut -d' ' -f1 | sort
}

run_single() {
  project=skatcheck1 file=docker-compose.yml
  projects+=("$project:$file")
  export SKAT_PORT=18081 SKAT_BOTS_PER_CONTAINER=2 SKAT_BOT_KIND=simple
  base="http://127.0.0.1:$SKAT_PORT"
  say "docker-compose.yml: up -d --build"
  local started=$SECONDS
  compose up -d --build >"$work/single-build.log" 2>&1 || { tail -40 "$work/single-build.log"; fail "up --build"; }
  echo "built and started in $((SECONDS - started)) s"
  wait_for "every service healthy" 300 all_healthy
  echo "healthy after $((SECONDS - started)) s"
  curl -fsS "$base/" | grep -q '<div id="app"' || fail "the page is not served"
  docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^skat(-[a-z]+)?:latest'

  say "a change to a web file rebuilds only the web stage"
  # A change never built before (else the build cache of an earlier run would hold its stage).
  echo "/* changed by test-containers at $(date +%s%N) */" >>"$work/src/web/src/main.tsx"
  started=$SECONDS
  # One service's build (the other services build the same image, from the cache).
  compose build server >"$work/single-rebuild.log" 2>&1 || { tail -40 "$work/single-rebuild.log"; fail "build after a web change"; }
  echo "rebuilt in $((SECONDS - started)) s"
  grep -E -A1 'RUN (cmake --preset release|npm run build)|npm ci --no-audit' "$work/single-rebuild.log" | cut -c1-100
  grep -A1 'RUN cmake --preset release' "$work/single-rebuild.log" | grep -q 'Using cache' ||
    fail "the C++ stage was rebuilt after a web change"
  grep -A1 'npm ci --no-audit' "$work/single-rebuild.log" | grep -q 'Using cache' ||
    fail "the web packages were installed again after a change to a source file"
  grep -A1 'RUN npm run build' "$work/single-rebuild.log" | grep -q 'Using cache' &&
    fail "the web stage was not rebuilt after a web change"

  say "bots keep their accounts across down and up"
  local before after
  before=$(bot_names)
  [ -n "$before" ] || fail "no bot accounts"
  compose down >/dev/null 2>&1
  compose up -d >/dev/null 2>&1
  wait_for "every service healthy again" 300 all_healthy
  wait_for "the bots back online" 120 at_least 4 bots_online "$base"
  after=$(bot_names)
  [ "$before" = "$after" ] || fail "bot accounts changed across down/up: $before / $after"
  echo "$before" | sed 's/^/  /'
  compose down -v >/dev/null 2>&1
}

run_nodes() {
  project=skatcheck2 file=docker-compose.nodes.yml
  projects+=("$project:$file")
  export SKAT_PORT=18082 SKAT_BOTS_PER_CONTAINER=3 SKAT_BOT_KIND=simple SKAT_NODE_SILENT_MS=4000
  base="http://127.0.0.1:$SKAT_PORT"
  say "docker-compose.nodes.yml: up from nothing"
  compose down -v >/dev/null 2>&1 || true
  local started=$SECONDS
  compose up -d --build --scale node-bots=2 >"$work/nodes-up.log" 2>&1 || { tail -40 "$work/nodes-up.log"; fail "up"; }
  wait_for "every service healthy" 300 all_healthy
  echo "healthy after $((SECONDS - started)) s"
  restarts
  restarts | awk '$2 != 0 { bad = 1 } END { exit bad }' || fail "a container restarted"
  curl -fsS "$base/n/a/healthz" | grep -q '"node":"a"' || fail "/n/a/ does not reach node a"
  curl -fsS "$base/n/b/healthz" | grep -q '"node":"b"' || fail "/n/b/ does not reach node b"
  # Six bots (two containers of three), each connected to both nodes.
  wait_for "the bots on node a" 120 at_least 6 bots_online "$base/n/a"
  wait_for "the bots on node b" 120 at_least 6 bots_online "$base/n/b"

  local token
  token=$(admin_token node-a)
  tournament() {
    local id
    id=$(curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
      -d '{"a":"simple","b":"simple","deals":4,"seating":"both"}' "$base/api/admin/tournaments" |
      grep -o '"id":[0-9]*' | cut -d: -f2)
    [ -n "$id" ] || fail "no tournament started"
    wait_for "tournament $id finished" 600 sh -c "curl -fsS $base/api/tournaments/$id | grep -q '\"status\":\"finished\"'"
    echo "tournament $id finished"
  }
  tournament

  say "node a killed"
  # A crash, not a stop: SIGKILL to the server under the container's init (Docker restarts it).
  pkill -KILL -P "$(docker inspect -f '{{.State.Pid}}' "$(compose ps -q node-a)")"
  wait_for "the balancer serving from node b" 60 sh -c "curl -fsS $base/healthz | grep -q '\"node\":\"b\"'"
  tournament
  wait_for "node a back" 120 sh -c "curl -fsS $base/n/a/healthz | grep -q '\"node\":\"a\"'"
  echo "node a answers again"
  compose down -v >/dev/null 2>&1
}

for phase in "${phases[@]}"; do
  case "$phase" in
    plain) run_plain ;;
    single) run_single ;;
    nodes) run_nodes ;;
    *) fail "unknown phase $phase (plain, single, nodes)" ;;
  esac
done
say "container checks passed: ${phases[*]}"
