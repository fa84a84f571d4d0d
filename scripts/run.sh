#!/usr/bin/env bash
# The run command of the README: installs what is missing, builds the release binary
# (build/bin/skat) and starts the main job. Until the game server lands (issue 3) the main job
# is a self-play demo: three simple bots play a series, the series PGN is written to
# data/demo.pgn and replayed through the rules engine.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"

mkdir -p data
build/bin/skat selfplay --series 1 --deals 36 --out data/demo.pgn
build/bin/skat replay data/demo.pgn >data/demo-replay.jsonl
echo "self-play demo written to data/demo.pgn; replayed results in data/demo-replay.jsonl"
cat data/demo.pgn | head -5
