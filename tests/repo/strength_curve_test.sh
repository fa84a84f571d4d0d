#!/bin/sh
# The curves in docs/strength.md are what their committed games give: scripts/strength-curve.sh
# merges the shards of docs/tournament-data/curve-before (and curve-after, the curve with the
# solver's final state, where it has been played) in a scratch copy, and every row it prints must
# stand in the document as it is.
#   tests/repo/strength_curve_test.sh SKAT_BINARY SOURCE_DIR
set -eu
skat=$(realpath "$1")
cd "$2"
for curve in curve-before curve-after; do
  [ -d "docs/tournament-data/$curve" ] || continue
  work=$(mktemp -d)
  cp "docs/tournament-data/$curve"/*.jsonl.gz "$work"/
  scripts/strength-curve.sh --skat "$skat" "$work" > "$work/table.txt"
  rows=$(grep -c '^| [0-9]' "$work/table.txt")
  [ "$rows" -ge 3 ] || { echo "$curve: expected at least three points, got $rows" >&2; rm -rf "$work"; exit 1; }
  while IFS= read -r row; do
    grep -qxF -- "$row" docs/strength.md || { echo "$curve: not in docs/strength.md: $row" >&2; rm -rf "$work"; exit 1; }
  done < "$work/table.txt"
  rm -rf "$work"
  echo "strength curve $curve: $rows points match docs/strength.md"
done
