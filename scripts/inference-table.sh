#!/bin/sh
# The inference tournaments' table (docs/inference.md, "Table 3") from their shards: every games
# file DIR/<b>-vs-<a>-<first deal>.jsonl[.gz] is one shard of the matchup "infer=<b> against
# infer=<a>"; the shards of each matchup are merged (`skat tournament --merge`) into
# DIR/<b>-vs-<a>.json and printed as three Markdown tables: B − A in SF per seat-game with 95 %
# intervals per game class and seating, the moves' cost, and B's gain per class by role (the
# declarer's points on the same deal and seat; python3).
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
  echo "$shards" > "$work/$m.shards"
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
echo
echo "| B against A | class | deals | B as declarer | B as defender |"
echo "|---|---|---|---|---|"
for m in $matchups; do
  # shellcheck disable=SC2046  # one argument per shard file
  python3 - "$(title "$m")" $(cat "$work/$m.shards") <<'PY'
# Per class, from the deals declared by the same seat in the same class at all six tables, in the
# declarer's Seeger-Fabian points per game: "as declarer" is B declaring against one A and one B
# defender (1:2 seating) minus A declaring against one A and one B (2:1); "as defender" is what
# the declarer loses when one defender is B instead of A, the mean of A A -> A B (B declaring) and
# A B -> B B (A declaring). 95 % percentile bootstrap over deals, 2,000 resamples, fixed seed.
import json, random, sys
deals = {}
for path in sys.argv[2:]:
    for line in open(path):
        g = json.loads(line)
        if "deal" in g:
            deals.setdefault(g["deal"], []).append(g)
kind = {"G": "grand", "N": "null"}
rows = {c: ([], []) for c in ("suit", "grand", "null")}
for d in sorted(deals):
    games = deals[d]
    if len(games) != 6 or any(g["folded"] for g in games):
        continue
    classes = {kind.get(g["declaration"]["game"], "suit") for g in games}
    seats = {g["declarer"] for g in games}
    if len(classes) != 1 or len(seats) != 1:
        continue
    s = seats.pop()
    def mean(b_seats, b_declares):
        v = [g["points"][s] for g in games if g["b_seats"] == b_seats and g["is_b"][s] == b_declares]
        return sum(v) / len(v)
    b_vs_aa, a_vs_ab, a_vs_bb, b_vs_ab = mean(1, True), mean(1, False), mean(2, False), mean(2, True)
    decl, dfd = rows[classes.pop()]
    decl.append(b_vs_ab - a_vs_ab)
    dfd.append(((b_vs_aa - b_vs_ab) + (a_vs_ab - a_vs_bb)) / 2)
def interval(v):
    if not v:
        return "-"
    rng = random.Random(2202)
    means = sorted(sum(v[rng.randrange(len(v))] for _ in v) / len(v) for _ in range(2000))
    return f"{sum(v) / len(v):+.1f} [{means[49]:+.1f}, {means[1949]:+.1f}]"
for i, c in enumerate(("suit", "grand", "null")):
    decl, dfd = rows[c]
    print(f"| {sys.argv[1] if i == 0 else ''} | {c} | {len(decl)} | {interval(decl)} | {interval(dfd)} |")
PY
done
