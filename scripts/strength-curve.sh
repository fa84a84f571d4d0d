#!/bin/sh
# The strength-against-worlds curve (docs/strength.md) from its tournament shards: every games
# file DIR/w<N>-<first deal>.jsonl[.gz] is one shard of the point "N worlds against the
# reference bot"; the shards of each point are merged (`skat tournament --merge`) into
# DIR/w<N>.json and the curve is printed as a Markdown table (SF per seat-game, B − A, with 95 %
# intervals). With --svg FILE and gnuplot installed, the curve is also drawn as an SVG chart.
#
#   scripts/strength-curve.sh [--skat BIN] [--svg FILE] DIR
set -eu

skat=build/bin/skat
svg=
while [ $# -gt 1 ]; do
  case "$1" in
    --skat) skat=$2; shift 2 ;;
    --svg) svg=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--skat BIN] [--svg FILE] DIR" >&2; exit 2; }
dir=$1
command -v jq >/dev/null || { echo "$0: needs jq (apt-get install jq)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

points=$(ls "$dir" | sed -n 's/^w\([0-9]*\)-[0-9]*\.jsonl\(\.gz\)\{0,1\}$/\1/p' | sort -n -u)
[ -n "$points" ] || { echo "$0: no shards w<N>-<first>.jsonl[.gz] in $dir" >&2; exit 1; }

interval() {  # seating index -> "+d [lo, hi]"
  jq -r --argjson i "$1" '.seatings[$i] | "\(.difference) \(.ci95[0]) \(.ci95[1])"' "$2" |
    awk '{ printf "%+.1f [%+.1f, %+.1f]", $1, $2, $3 }'
}

echo "| worlds | deals per seating | 2:1 (A A B) | 1:2 (A B B) | total | B's moves mean / p99 |"
echo "|---|---|---|---|---|---|"
: > "$work/curve.dat"
for n in $points; do
  shards=
  for f in "$dir"/w"$n"-*.jsonl "$dir"/w"$n"-*.jsonl.gz; do
    [ -f "$f" ] || continue
    case "$f" in
      *.gz) plain="$work/$(basename "$f" .gz)"; gzip -dc "$f" > "$plain"; shards="$shards $plain" ;;
      *) shards="$shards $f" ;;
    esac
  done
  # shellcheck disable=SC2086  # one argument per shard file
  "$skat" tournament --merge $shards --json > "$dir/w$n.json"
  report="$dir/w$n.json"
  deals=$(jq -r '.deals' "$report")
  moves=$(jq -r '.seatings[2].b // .seatings[0].b | "\(.move_mean_ms) \(.move_p99_ms)"' "$report" |
    awk '{ printf "%.0f / %.0f ms", $1, $2 }')
  echo "| $n | $deals | $(interval 0 "$report") | $(interval 1 "$report") | $(interval 2 "$report") | $moves |"
  jq -r --argjson n "$n" '[$n] + ([.seatings[] | .difference, .ci95[0], .ci95[1]]) | @tsv' "$report" >> "$work/curve.dat"
done

if [ -n "$svg" ]; then
  command -v gnuplot >/dev/null || { echo "$0: --svg needs gnuplot (apt-get install gnuplot-nox)" >&2; exit 2; }
  gnuplot <<EOF
set terminal svg size 720,420 dynamic font "sans,12"
set output "$svg"
set title "Strength against worlds (B − A, SF per seat-game, 95 % intervals)"
set xlabel "worlds per decision (B)"
set ylabel "SF per seat-game"
set logscale x 2
set grid
set key top left
set xzeroaxis lt -1
plot "$work/curve.dat" using (\$1*0.96):2:3:4 with yerrorlines title "2:1 (A A B)", \
     "$work/curve.dat" using (\$1*1.04):5:6:7 with yerrorlines title "1:2 (A B B)", \
     "$work/curve.dat" using 1:8:9:10 with yerrorlines lw 2 title "total"
EOF
  echo "chart: $svg" >&2
fi
