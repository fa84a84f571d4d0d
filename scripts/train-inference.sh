#!/usr/bin/env bash
# Retrains the learned card-location model from a seed (docs/inference.md): seeded self-play as
# PGN, the training positions, the PyTorch trainer, and the quality on held-out self-play games.
# Writes the model to OUT (default tables/inference.bin) and, beside the work folder's files, the
# training and quality reports.
#   scripts/train-inference.sh [--series N] [--seed S] [--lineup "SPEC [SPEC [SPEC]]"]… [--work DIR]
#                              [--out FILE] [--db PATH [--human-weight W]] [--batch B] [--epochs E]
# Each --lineup is one self-play run of N series (seeds S, S+1, … in the order given): one bot in
# every seat, or up to three seated in turn (`skat selfplay --bot A --bot B --bot C`), so that the
# model learns from several kinds of opponents. --bot SPEC is a lineup of one. The held-out games
# are the first lineup's. --db also takes the finished series of a database, the positions of the
# series a person played counted W times (default 1; 0 leaves them out). --batch and --epochs go to
# the trainer (scripts/train-inference.py).
set -euo pipefail
cd "$(dirname "$0")/.."

series=400
seed=2201
lineups=()
work=data/inference
out=tables/inference.bin
db=()
human_weight=()
train_options=()
usage="usage: $0 [--series N] [--seed S] [--lineup \"SPEC [SPEC [SPEC]]\"]... [--work DIR] [--out FILE] [--db PATH [--human-weight W]] [--batch B] [--epochs E]"
while [ $# -gt 0 ]; do
  case "$1" in
    --series) series=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --bot | --lineup) lineups+=("$2"); shift 2 ;;
    --work) work=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --db) db=(--db "$2"); shift 2 ;;
    --human-weight) human_weight=(--human-weight "$2"); shift 2 ;;
    --batch | --epochs) train_options+=("$1" "$2"); shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
[ ${#human_weight[@]} -eq 0 ] || [ ${#db[@]} -gt 0 ] || { echo "--human-weight needs --db" >&2; exit 2; }
[ ${#lineups[@]} -gt 0 ] || lineups=("full:worlds=8,nodes=500,stop=1")
skat=build/bin/skat
[ -x "$skat" ] || { echo "build $skat first (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }
mkdir -p "$work"
threads=$(nproc)
bots() { for spec in $1; do printf -- '--bot %s ' "$spec"; done; }

start=$(date +%s)
pgns=()
for i in "${!lineups[@]}"; do
  pgn="$work/train-$((seed + i)).pgn"
  # shellcheck disable=SC2046  # one --bot per word of the lineup
  "$skat" selfplay $(bots "${lineups[$i]}") --series "$series" --deals 36 --seed $((seed + i)) --threads "$threads" \
    --out "$pgn"
  pgns+=(--pgn "$pgn")
done
# shellcheck disable=SC2046
"$skat" selfplay $(bots "${lineups[0]}") --series $((series / 20 + 1)) --deals 36 --seed $((seed + 98)) \
  --threads "$threads" --out "$work/held.pgn"
played=$(date +%s)
"$skat" infer data "${pgns[@]}" "${db[@]}" "${human_weight[@]}" --out "$work/train.bin" | tee "$work/data.txt"
/usr/bin/python3 scripts/train-inference.py --data "$work/train.bin" --out "$out" --seed "$seed" --threads "$threads" "${train_options[@]}" \
  --version "seed $seed, $series series each of $(IFS='|'; echo "${lineups[*]}"), $(date -u +%Y-%m-%d)" \
  --report "$work/train.json"
trained=$(date +%s)
"$skat" infer eval --pgn "$work/held.pgn" --model "$out" --json > "$work/quality.json"
"$skat" infer eval --pgn "$work/held.pgn" --model "$out"
echo "self-play $((played - start)) s, data and training $((trained - played)) s; model $out"
