#!/bin/sh
# The inference tournaments' table (docs/inference.md, "Table 3") is what its committed games give:
# scripts/inference-table.sh merges the shards of docs/tournament-data/inference in a scratch copy;
# every merged report must equal the committed <matchup>.json beside its shards, and every row it
# prints must stand in the document as it is.
#   tests/repo/inference_table_test.sh SKAT_BINARY SOURCE_DIR
set -eu
skat=$(realpath "$1")
cd "$2"
data=docs/tournament-data/inference
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$data"/*-vs-*-[0-9]*.jsonl.gz "$work"/
scripts/inference-table.sh --skat "$skat" "$work" > "$work/table.txt"
for merged in "$work"/*-vs-*.json; do
  committed="$data/$(basename "$merged")"
  [ -f "$committed" ] || { echo "$committed missing: commit the merged report beside its shards" >&2; exit 1; }
  /usr/bin/python3 - "$committed" "$merged" <<'PY'
import json, sys
committed, again = (json.load(open(p)) for p in sys.argv[1:3])
for key in ("a", "b", "seed", "deals", "seatings"):
    if committed[key] != again[key]:
        sys.exit(f"{sys.argv[1]} is not what its games give ({key} differs)")
PY
done
rows=$(grep -c '^| ' "$work/table.txt")
[ "$rows" -ge 7 ] || { echo "expected at least one matchup, got $rows rows" >&2; exit 1; }
while IFS= read -r row; do
  [ -n "$row" ] || continue
  grep -qxF -- "$row" docs/inference.md || { echo "not in docs/inference.md: $row" >&2; exit 1; }
done < "$work/table.txt"
echo "inference table: $rows rows match their games and docs/inference.md"
