#!/usr/bin/env bash
# The outer-learning experiment of docs/papers.md [outer-learning] (docs/learning.md §3) at our
# scale, round by round:
#   1. self-play: SERIES series of DEALS deals by the complete bot with the current tables T(r-1),
#      every declared game judged by the open-card solver (accuracy per game class);
#   2. fold those games onto T(r-1): the new version T(r);
#   3. tournament: the bot with T(r) (outer learning) against the bot with T0 (without), TDEALS
#      duplicate deals in the 2:1 and 1:2 seatings.
# Writes OUT/rounds.csv (folded games, accuracy per class of the games played with T(r-1), the
# tournament difference and its interval per seating), OUT/tables/*.wtab and OUT/plot.svg
# (accuracy and duplicate difference over the number of folded games). Seeded: a rerun with the same
# settings gives the same numbers (PIMC is bounded by worlds, not time, with budget=60000).
# Resumable: each step's output is written under a temporary name and moved into place when the
# step ends, and a step whose output exists is skipped, so running it again after an interruption
# (or with a larger ROUNDS) goes on where it stopped.
#
# Usage: scripts/outer-learning.sh [OUT]   (settings from the environment, defaults in brackets)
#   ROUNDS [4]  SERIES [36]  DEALS [36]  TDEALS [200]  WORLDS [4]  THREADS [nproc]  SEED [2026]
#   SKAT [build/bin/skat]  T0 [tables/t0.wtab]
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-experiments/outer-learning}"
rounds="${ROUNDS:-4}"
series="${SERIES:-36}"
deals="${DEALS:-36}"
tdeals="${TDEALS:-200}"
worlds="${WORLDS:-4}"
threads="${THREADS:-$(nproc)}"
seed="${SEED:-2026}"
skat="${SKAT:-build/bin/skat}"
t0="${T0:-tables/t0.wtab}"

[ -x "$skat" ] || { echo "outer-learning: $skat not found (build it first: cmake --build --preset release)" >&2; exit 1; }
mkdir -p "$out/tables" "$out/games"
[ -s "$out/tables/t0.wtab" ] || cp "$t0" "$out/tables/t0.wtab"
bot() { echo "full:worlds=$worlds,budget=60000,tables=$1"; }

# "suit 61.4 % ... solver accuracy 81.8 % (791 judged)" → 81.8 for one class of the --stats output.
# (empty when no game of the class was judged)
accuracy() { sed -n "s/^$1 .*solver accuracy *\([0-9.]*\) % ([1-9][0-9]* judged).*/\1/p" "$2"; }
folded_games() { "$skat" tables show "$1" | sed -n 's/^games_folded \([0-9]*\)$/\1/p' | head -1; }
# difference and interval of one seating of a tournament's JSON report (keys in alphabetical
# order, one per line: ci95 and difference come before seating, verdict ends it): "d,lo,hi"
seating() {
  awk -v want="$1" '
    /"ci95": \[/ { getline lo; getline hi; gsub(/[ ,]/, "", lo); gsub(/[ ,]/, "", hi) }
    /"difference":/ { d = $2; gsub(/,/, "", d) }
    /"seating":/ { s = $2; gsub(/[",]/, "", s) }
    /"verdict":/ { if (s == want) print d "," lo "," hi }' "$2"
}

csv="$out/rounds.csv"
echo "round,games_folded,suit_accuracy,grand_accuracy,null_accuracy,diff_21,lo_21,hi_21,diff_12,lo_12,hi_12,diff_total,lo_total,hi_total" >"$csv"
previous="$out/tables/t0.wtab"
for r in $(seq 1 "$rounds"); do
  games="$out/games/round$r.pgn"
  if [ ! -s "$games" ]; then
    echo "round $r: self-play with $(basename "$previous")" >&2
    "$skat" selfplay --bot "$(bot "$previous")" --series "$series" --deals "$deals" --seed $((seed + r)) \
      --threads "$threads" --judge --stats --out "$games.part" 2>"$out/games/round$r.stats"
    mv "$games.part" "$games"
  fi
  current="$out/tables/t$r.wtab"
  if [ ! -s "$current" ]; then
    "$skat" tables fold --tables "$previous" --out "$current.part" "$games" >&2
    mv "$current.part" "$current"
  fi
  if [ ! -s "$out/tournament$r.json" ]; then
    echo "round $r: tournament $(basename "$current") (outer learning) against t0.wtab" >&2
    "$skat" tournament --a "$(bot "$out/tables/t0.wtab")" --b "$(bot "$current")" --deals "$tdeals" \
      --seed $((seed + 1000 + r)) --threads "$threads" --no-judge --json --quiet >"$out/tournament$r.json.part"
    mv "$out/tournament$r.json.part" "$out/tournament$r.json"
  fi
  echo "$r,$(folded_games "$current"),$(accuracy suit "$out/games/round$r.stats"),$(accuracy grand "$out/games/round$r.stats"),$(accuracy null "$out/games/round$r.stats"),$(seating 2:1 "$out/tournament$r.json"),$(seating 1:2 "$out/tournament$r.json"),$(seating total "$out/tournament$r.json")" >>"$csv"
  previous="$current"
done

# The plot: accuracy per class (left axis, %) and the total duplicate difference with its interval
# (right axis, SF points per game) over the games folded into the tables.
awk -F, 'NR > 1 { n++; x[n] = $2; s[n] = $3; g[n] = $4; u[n] = $5; d[n] = $12; lo[n] = $13; hi[n] = $14 }
END {
  W = 720; H = 400; L = 70; R = 70; T = 30; B = 50
  xmin = x[1]; xmax = x[n]; if (xmax == xmin) xmax = xmin + 1
  dmin = 0; dmax = 0
  for (i = 1; i <= n; i++) { if (lo[i] < dmin) dmin = lo[i]; if (hi[i] > dmax) dmax = hi[i] }
  if (dmax == dmin) dmax = dmin + 1
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
  printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
  printf "<text x=\"%d\" y=\"18\">Outer learning: accuracy (left, %%) and duplicate difference vs T0 (right, SF/game)</text>\n", L
  printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, H - B, W - R, H - B
  printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, T, L, H - B
  printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", W - R, T, W - R, H - B
  for (k = 0; k <= 5; k++) {
    a = 50 + 10 * k; y = H - B - (a - 50) / 50 * (H - T - B)
    printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", L - 5, y + 4, a
    dv = dmin + (dmax - dmin) * k / 5; y = H - B - k / 5 * (H - T - B)
    printf "<text x=\"%d\" y=\"%.1f\">%.1f</text>\n", W - R + 5, y + 4, dv
  }
  for (i = 1; i <= n; i++) { px[i] = L + (x[i] - xmin) / (xmax - xmin) * (W - L - R)
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", px[i], H - B + 18, x[i] }
  printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">games folded into the tables</text>\n", (W + L - R) / 2, H - 10
  split("suit grand null", name, " "); split("#1f77b4 #ff7f0e #2ca02c", color, " ")
  for (c = 1; c <= 3; c++) {
    path = ""
    for (i = 1; i <= n; i++) { v = (c == 1 ? s[i] : c == 2 ? g[i] : u[i]); if (v == "") continue  # no game of that class
      y = H - B - (v - 50) / 50 * (H - T - B); path = path (path == "" ? "M" : "L") sprintf("%.1f,%.1f", px[i], y) }
    printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", path, color[c]
    printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s accuracy</text>\n", L + 10 + 120 * (c - 1), T + 14, color[c], name[c]
  }
  zero = H - B - (0 - dmin) / (dmax - dmin) * (H - T - B)
  printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n", L, zero, W - R, zero
  path = ""
  for (i = 1; i <= n; i++) { y = H - B - (d[i] - dmin) / (dmax - dmin) * (H - T - B); path = path (i == 1 ? "M" : "L") sprintf("%.1f,%.1f", px[i], y)
    y1 = H - B - (lo[i] - dmin) / (dmax - dmin) * (H - T - B); y2 = H - B - (hi[i] - dmin) / (dmax - dmin) * (H - T - B)
    printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d62728\"/>\n", px[i], y1, px[i], y2 }
  printf "<path d=\"%s\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\"/>\n", path
  printf "<text x=\"%d\" y=\"%d\" fill=\"#d62728\">difference T(r) − T0, 95%% interval</text>\n", L + 370, T + 14
  printf "</svg>\n"
}' "$csv" >"$out/plot.svg"
echo "outer-learning: $csv and $out/plot.svg" >&2
cat "$csv"
