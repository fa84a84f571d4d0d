#!/bin/sh
# The strength report of the learned inference (docs/inference.md, "Strength") is what its committed
# games give: the shards in docs/inference-data/strength-v2 merged again in a scratch folder must
# report the same per seating and per game class as the committed merged.json.
#   tests/repo/inference_strength_test.sh SKAT_BINARY SOURCE_DIR
set -eu
skat=$(realpath "$1")
cd "$2"
data=docs/inference-data/strength-v2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in "$data"/lvc-*.jsonl.gz; do
  gzip -dc "$f" > "$work/$(basename "$f" .gz)"
done
"$skat" --log-level warn tournament --merge "$work"/lvc-*.jsonl --json > "$work/merged.json"
/usr/bin/python3 - "$data/merged.json" "$work/merged.json" <<'PY'
import json, sys
committed, again = (json.load(open(p)) for p in sys.argv[1:3])
if committed["seatings"] != again["seatings"] or committed["deals"] != again["deals"]:
    sys.exit(f"{sys.argv[1]} is not what its games give: merged again {json.dumps(again['seatings'])[:400]}")
deals = committed["deals"]
print(f"inference strength: {deals} duplicate deals per seating match their games")
PY
