#!/bin/sh
# The README stays a front door (read in two minutes): at most 150 lines; the run and the test
# command, each alone in a ```sh block, within its first 40 lines, the run command first; no line
# outside code blocks longer than 300 characters; and the test command's time from a fresh clone
# stated with its date and commit ("… minutes … (YYYY-MM-DD, commit abc1234").
#   tests/repo/readme_test.sh SOURCE_DIR     checks SOURCE_DIR's README
#   tests/repo/readme_test.sh --self-test    checks that the checks refuse broken READMEs
set -eu

check() {
  awk '
    BEGIN { fence = 0; block = ""; run = 0; test = 0; bad = 0; timed = 0; prev = "" }
    /^```/ {
      if (fence) {
        if (block == "./scripts/run.sh" && NR <= 40 && !run) run = NR
        if (block == "./scripts/test.sh" && NR <= 40 && !test) test = NR
        fence = 0
      } else { fence = 1; block = "" }
      next
    }
    fence { block = (block == "" ? $0 : block "\n" $0); next }
    length($0) > 300 { printf "line %d has %d characters (at most 300 outside code blocks)\n", NR, length($0); bad = 1 }
    { pair = prev " " $0; prev = $0 }
    pair ~ /minutes/ && pair ~ /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9], commit [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/ { timed = 1 }
    END {
      if (NR > 150) { printf "%d lines (at most 150)\n", NR; bad = 1 }
      if (!run) { print "no ```sh block holding ./scripts/run.sh alone in the first 40 lines"; bad = 1 }
      if (!test) { print "no ```sh block holding ./scripts/test.sh alone in the first 40 lines"; bad = 1 }
      if (run && test && run > test) { print "the run command must come before the test command"; bad = 1 }
      if (!timed) { print "the test command time (minutes, with its date and commit) is not stated"; bad = 1 }
      exit bad
    }' "$1"
}

if [ "${1:-}" != "--self-test" ]; then
  cd "$1"
  check README.md
  echo "README: the front door holds"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
good="$work/good.txt"
printf '# T\n\n```sh\n./scripts/run.sh\n```\n\n```sh\n./scripts/test.sh\n```\n\nIt took 30 minutes (2026-12-03, commit abc1234).\n' > "$good"
check "$good" > /dev/null || { echo "a good README was refused" >&2; exit 1; }
refuse() {
  if check "$2" > "$work/out"; then echo "not refused: $1" >&2; exit 1; fi
}
{ cat "$good"; i=0; while [ $i -lt 150 ]; do echo "line"; i=$((i + 1)); done; } > "$work/long.txt"
refuse "151 lines and more" "$work/long.txt"
{ i=0; while [ $i -lt 40 ]; do echo "padding"; i=$((i + 1)); done; cat "$good"; } > "$work/late.txt"
refuse "the commands after line 40" "$work/late.txt"
sed 's|./scripts/run.sh|./scripts/run.sh --fast|' "$good" > "$work/other.txt"
refuse "another run command" "$work/other.txt"
{ cat "$good"; awk 'BEGIN { s = ""; for (i = 0; i < 301; i++) s = s "x"; print s }'; } > "$work/wide.txt"
refuse "a prose line of 301 characters" "$work/wide.txt"
grep -v minutes "$good" > "$work/untimed.txt"
refuse "no time stated" "$work/untimed.txt"
printf '# T\n\n```sh\n./scripts/test.sh\n```\n\n```sh\n./scripts/run.sh\n```\n\nIt took 30 minutes (2026-12-03, commit abc1234).\n' > "$work/order.txt"
refuse "the test command first" "$work/order.txt"
echo "README checks: a good README passes, six broken ones are refused"
