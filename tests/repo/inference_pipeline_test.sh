#!/bin/sh
# The learned inference end to end on a tiny set: seeded self-play as PGN, `skat infer data`, the
# PyTorch trainer (scripts/train-inference.py, a few epochs of a small network), the C++ forward
# pass against PyTorch's on the same positions, `skat infer eval`
# with the trained model (which must beat a uniform guess over the four locations on the games it
# saw), and a PIMC bot sampling its worlds with that model through a short tournament.
#   inference_pipeline_test.sh SKAT_BINARY SOURCE_DIR
set -eu
skat=$1
src=$2
python=/usr/bin/python3
"$python" -c 'import torch' 2>/dev/null || {
  echo "needs Debian's python3-torch (scripts/install-deps.sh test installs it)" >&2
  exit 1
}
command -v jq >/dev/null || { echo "needs jq" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$skat" --log-level warn selfplay --bot simple --series 6 --deals 12 --seed 5 --out "$work/games.pgn"
"$skat" --log-level warn infer data --pgn "$work/games.pgn" --out "$work/positions.bin" | tee "$work/data.txt"
grep -q '^[1-9][0-9]* positions from [1-9][0-9]* games' "$work/data.txt"

"$python" "$src/scripts/train-inference.py" --data "$work/positions.bin" --out "$work/model.bin" --epochs 4 \
  --history 16,8 --hidden 32 --threads 1 --seed 3 --version "pipeline test" --report "$work/train.json" \
  --predictions "$work/torch.json" --predict-count 40 >/dev/null
jq -e '.suit.positions > 0 and (.suit.validation_loss | length) >= 1' "$work/train.json" >/dev/null

# --keep copies a class's networks from a model file unchanged: keeping all three rewrites the model
# byte for byte; keeping two trains the third, and the report names where the two came from.
"$python" "$src/scripts/train-inference.py" --data "$work/positions.bin" --out "$work/kept.bin" --epochs 1 \
  --history 16,8 --hidden 32 --threads 1 --seed 3 --version "pipeline test" \
  --keep suit="$work/model.bin" --keep grand="$work/model.bin" --keep null="$work/model.bin" >/dev/null
cmp "$work/model.bin" "$work/kept.bin"
"$python" "$src/scripts/train-inference.py" --data "$work/positions.bin" --out "$work/grand.bin" --epochs 1 \
  --history 16,8 --hidden 32 --threads 1 --seed 4 --version "pipeline test" \
  --keep suit="$work/model.bin" --keep null="$work/model.bin" --report "$work/grand.json" >/dev/null
jq -e '.suit.kept_from and .null.kept_from and .grand.positions > 0' "$work/grand.json" >/dev/null
if cmp -s "$work/model.bin" "$work/grand.bin"; then
  echo "training grand with suit and null kept wrote the old model" >&2
  exit 1
fi

# The C++ forward pass (Eigen, half-float weights) gives PyTorch's probabilities for the same positions.
"$skat" --log-level warn infer predict --data "$work/positions.bin" --model "$work/model.bin" --count 40 > "$work/cpp.json"
"$python" - "$work/torch.json" "$work/cpp.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert len(a) == len(b) == 40, (len(a), len(b))
worst = max(abs(x - y) for pa, pb in zip(a, b) for ra, rb in zip(pa, pb) for x, y in zip(ra, rb))
assert worst < 1e-4, f"C++ and PyTorch differ by {worst}"
PY

"$skat" --log-level warn infer eval --pgn "$work/games.pgn" --model "$work/model.bin" --worlds 20 \
  --max-positions 300 --json > "$work/eval.json"
jq -e '.model_version == "pipeline test" and .positions == 300' "$work/eval.json" >/dev/null
# ln 4 = 1.386: a uniform guess over the four locations; the trained model knows at least whose
# cards cannot be hidden
jq -e '.classes.suit.all.learned.cross_entropy < 1.386 and .classes.suit.all.count.cross_entropy > 0' \
  "$work/eval.json" >/dev/null

"$skat" --log-level warn tournament --a "pimc:worlds=4,infer=learned,model=$work/model.bin" --b pimc:worlds=4 \
  --deals 2 --seed 3 --no-judge --json --quiet > "$work/tournament.json"
jq -e '.a | test("infer=learned")' "$work/tournament.json" >/dev/null
echo "inference pipeline: ok"
