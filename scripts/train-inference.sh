#!/usr/bin/env bash
# Retrains the learned card-location model from a seed (docs/inference.md): seeded self-play of the
# complete bot as PGN, the training positions, the PyTorch trainer, and the quality on held-out
# self-play games. Writes the model to OUT (default tables/inference.bin) and, beside the work
# folder's files, the training and quality reports.
#   scripts/train-inference.sh [--series N] [--seed S] [--bot SPEC] [--work DIR] [--out FILE] [--db PATH]
# --db also takes the finished series of a database (persons' games with weight 1).
set -euo pipefail
cd "$(dirname "$0")/.."

series=400
seed=2201
bot=full:worlds=8,nodes=500,stop=1
work=data/inference
out=tables/inference.bin
db=()
while [ $# -gt 0 ]; do
  case "$1" in
    --series) series=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --bot) bot=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --db) db=(--db "$2"); shift 2 ;;
    *) echo "usage: $0 [--series N] [--seed S] [--bot SPEC] [--work DIR] [--out FILE] [--db PATH]" >&2; exit 2 ;;
  esac
done
skat=build/bin/skat
[ -x "$skat" ] || { echo "build $skat first (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }
mkdir -p "$work"
threads=$(nproc)

start=$(date +%s)
"$skat" selfplay --bot "$bot" --series "$series" --deals 36 --seed "$seed" --threads "$threads" --out "$work/train.pgn"
"$skat" selfplay --bot "$bot" --series $(( series / 20 + 1 )) --deals 36 --seed $(( seed + 98 )) --threads "$threads" \
  --out "$work/held.pgn"
played=$(date +%s)
"$skat" infer data --pgn "$work/train.pgn" "${db[@]}" --out "$work/train.bin" | tee "$work/data.txt"
/usr/bin/python3 scripts/train-inference.py --data "$work/train.bin" --out "$out" --seed "$seed" --threads "$threads" \
  --version "seed $seed, $series series of $bot, $(date -u +%Y-%m-%d)" --report "$work/train.json"
trained=$(date +%s)
"$skat" infer eval --pgn "$work/held.pgn" --model "$out" --json > "$work/quality.json"
"$skat" infer eval --pgn "$work/held.pgn" --model "$out"
echo "self-play $(( played - start )) s, data and training $(( trained - played )) s; model $out"
