#include "engine/scoring.h"

#include <algorithm>

namespace skat {

int matadors(GameType g, CardSet cards) {
  if (g == GameType::Null) return 0;
  std::array<Card, 11> order{};
  const int n = matador_order(g, order);
  const bool with = cards.contains(order[0]);
  int count = 0;
  while (count < n && cards.contains(order[static_cast<std::size_t>(count)]) == with) ++count;
  return with ? count : -count;
}

namespace {

GameResult score_null(const GameOutcome& o) {
  GameResult r;
  const Declaration& d = o.declaration;
  if (o.null_conceded_by_declarer)
    r.won = false;
  else if (o.null_conceded_by_defenders)
    r.won = true;
  else
    r.won = o.declarer_tricks == 0;
  r.multiplier = 1;
  r.value = null_value(d.hand, d.ouvert) * doubling_factor(o.doubling);
  r.list_entry = r.won ? r.value : -2 * r.value;
  return r;
}

}  // namespace

GameResult score_game(const GameOutcome& o) {
  const Declaration d = o.declaration.normalized();
  if (d.type == GameType::Null) return score_null(o);

  GameResult r;
  r.matadors = matadors(d.type, o.declarer_cards_and_skat);
  const int pts = o.declarer_points;
  const bool complete = o.all_tricks_accounted;
  const bool schneider_reached = complete && (pts >= 90 || pts <= 30);
  const bool schwarz_reached = complete && (o.declarer_tricks == 0 || o.defender_tricks == 0);
  r.schneider = schneider_reached;
  r.schwarz = schwarz_reached;

  // An announced level counts whether reached or not (lost at the announced level).
  int m = (r.matadors < 0 ? -r.matadors : r.matadors) + 1;
  if (d.hand) ++m;
  if (schneider_reached || d.schneider_announced) ++m;
  if (d.schneider_announced) ++m;
  if (schwarz_reached || d.schwarz_announced) ++m;
  if (d.schwarz_announced) ++m;
  if (d.ouvert) ++m;
  r.multiplier = m;

  const int base = base_value(d);
  r.value = base * m;
  bool won = pts >= 61;
  if (d.schneider_announced && pts < 90) won = false;
  if (d.schwarz_announced && o.defender_tricks > 0) won = false;
  if (r.value < o.bid) {
    // Overbid: charged at the smallest multiple of the base value that reaches the bid.
    r.overbid = true;
    r.value = (o.bid + base - 1) / base * base;
    won = false;
  }
  r.won = won;
  // Kontra and Re double what is charged; whether the game is overbid depends on the plain value.
  r.value *= doubling_factor(o.doubling);
  r.list_entry = won ? r.value : -2 * r.value;
  return r;
}

std::array<int, 3> seeger_fabian_points(const ListGame& g) {
  std::array<int, 3> pts{};
  if (g.folded) return pts;
  for (int seat = 0; seat < 3; ++seat) {
    if (seat == g.declarer)
      pts[static_cast<std::size_t>(seat)] = g.list_entry + (g.won ? 50 : -50);
    else
      pts[static_cast<std::size_t>(seat)] = g.won ? 0 : 40;
  }
  return pts;
}

std::array<SeegerFabianScore, 3> seeger_fabian(std::span<const ListGame> games) {
  std::array<SeegerFabianScore, 3> s{};
  for (const ListGame& g : games) {
    const auto pts = seeger_fabian_points(g);
    for (std::size_t i = 0; i < 3; ++i) s[i].score += pts[i];
    if (g.folded) continue;
    auto& decl = s[static_cast<std::size_t>(g.declarer)];
    (g.won ? decl.won : decl.lost) += 1;
  }
  return s;
}

std::array<int, 3> seeger_fabian_ranking(const std::array<SeegerFabianScore, 3>& scores) {
  std::array<int, 3> order = {0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const auto& x = scores[static_cast<std::size_t>(a)];
    const auto& y = scores[static_cast<std::size_t>(b)];
    if (x.score != y.score) return x.score > y.score;
    if (x.won != y.won) return x.won > y.won;
    if (x.lost != y.lost) return x.lost < y.lost;
    return a < b;
  });
  return order;
}

}  // namespace skat
