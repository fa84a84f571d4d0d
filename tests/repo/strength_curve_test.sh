#!/bin/sh
# The curve in docs/strength.md is what its committed games give: scripts/strength-curve.sh merges
# the shards of docs/tournament-data/curve-before (in a scratch copy) and every row it prints must
# stand in the document as it is.
#   tests/repo/strength_curve_test.sh SKAT_BINARY SOURCE_DIR
set -eu
skat=$(realpath "$1")
cd "$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp docs/tournament-data/curve-before/*.jsonl.gz "$work"/
scripts/strength-curve.sh --skat "$skat" "$work" > "$work/table.txt"
rows=$(grep -c '^| [0-9]' "$work/table.txt")
[ "$rows" -ge 4 ] || { echo "expected at least four points, got $rows" >&2; exit 1; }
while IFS= read -r row; do
  grep -qxF -- "$row" docs/strength.md || { echo "not in docs/strength.md: $row" >&2; exit 1; }
done < "$work/table.txt"
echo "strength curve: $rows points match docs/strength.md"
