#!/bin/sh
# The inference tournaments' table (docs/inference.md, "Table 3") from their shards: every games
# file DIR/<b>-vs-<a>-<first deal>.jsonl[.gz] is one shard of the matchup "infer=<b> against
# infer=<a>"; the shards of each matchup are merged (`skat tournament --merge`) into
# DIR/<b>-vs-<a>.json and printed as two Markdown tables: B − A in SF per seat-game with 95 %
# intervals per game class and seating, and the moves' cost.
#
#   scripts/inference-table.sh [--skat BIN] DIR
set -eu

skat=build/bin/skat
if [ $# -gt 1 ] && [ "$1" = --skat ]; then skat=$2; shift 2; fi
[ $# -eq 1 ] || { echo "usage: $0 [--skat BIN] DIR" >&2; exit 2; }
dir=$1
command -v jq >/dev/null || { echo "$0: needs jq (apt-get install jq)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

found=$(for f in "$dir"/*-vs-*.jsonl "$dir"/*-vs-*.jsonl.gz; do basename "$f"; done |
  sed -n 's/^\([a-z-]*-vs-[a-z-]*\)-[0-9]*\.jsonl\(\.gz\)\{0,1\}$/\1/p' | sort -u)
[ -n "$found" ] || { echo "$0: no shards <b>-vs-<a>-<first>.jsonl[.gz] in $dir" >&2; exit 1; }
# The paper's order first, then any other matchup.
matchups=
for m in learned-vs-count learned-vs-ki ki-vs-none $found; do
  case " $matchups " in *" $m "*) continue ;; esac
  echo "$found" | grep -qx -- "$m" && matchups="$matchups $m"
done

# "+d [lo, hi]" of a JSON object with difference and ci95
interval='"\(.difference) \(.ci95[0]) \(.ci95[1])"'
fmt() { awk '{ printf "%+.1f [%+.1f, %+.1f]", $1, $2, $3 }'; }
# "learned-vs-count" -> "learned against count"
title() { echo "$1" | sed 's/-vs-/ against /'; }

for m in $matchups; do
  shards=
  for f in "$dir/$m"-[0-9]*.jsonl "$dir/$m"-[0-9]*.jsonl.gz; do
    [ -f "$f" ] || continue
    case "$f" in
      *.gz) plain="$work/$(basename "$f" .gz)"; gzip -dc "$f" > "$plain"; shards="$shards $plain" ;;
      *) shards="$shards $f" ;;
    esac
  done
  # shellcheck disable=SC2086  # one argument per shard file
  "$skat" --log-level warn tournament --merge $shards --json > "$dir/$m.json"
done

echo "| B against A | class | deals per seating | 2:1 (A A B) | 1:2 (A B B) | both seatings |"
echo "|---|---|---|---|---|---|"
for m in $matchups; do
  report="$dir/$m.json"
  for class in suit grand null all; do
    if [ "$class" = all ]; then
      sel='.'
      deals=$(jq -r '.deals' "$report")
    else
      sel=".classes.$class"
      deals=$(jq -r ".seatings[2].classes.$class.duplicate_deals" "$report")
    fi
    cells=
    for i in 0 1 2; do
      cells="$cells | $(jq -r ".seatings[$i] | $sel | $interval" "$report" | fmt)"
    done
    label=$(title "$m"); [ "$class" = suit ] || label=
    echo "| $label | $class | $deals$cells |"
  done
done
echo
echo "| B against A | deals per seating | A's moves mean / p99 | B's moves mean / p99 | moves over 5 s (A, B) |"
echo "|---|---|---|---|---|"
for m in $matchups; do
  report="$dir/$m.json"
  # per bot over both seatings: moves-weighted mean, the larger of the two seatings' p99
  costs=$(jq -r '[.seatings[0], .seatings[1]] as $s
    | [ ($s | map(.a.move_mean_ms * .a.moves) | add) / ($s | map(.a.moves) | add),
        ($s | map(.a.move_p99_ms) | max),
        ($s | map(.b.move_mean_ms * .b.moves) | add) / ($s | map(.b.moves) | add),
        ($s | map(.b.move_p99_ms) | max),
        ($s | map(.a.timeouts) | add), ($s | map(.b.timeouts) | add) ] | @tsv' "$report" |
    awk -F '\t' '{ printf "%.1f / %.0f ms | %.1f / %.0f ms | %d, %d", $1, $2, $3, $4, $5, $6 }')
  echo "| $(title "$m") | $(jq -r '.deals' "$report") | $costs |"
done
