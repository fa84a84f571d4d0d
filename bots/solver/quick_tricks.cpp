#include "bots/solver/quick_tricks.h"

#include <algorithm>

#include "bots/solver/class_order.h"

namespace skat::bots {

namespace {

// The leader's unbroken run of the best live cards of class `k`: how many, and the points of the
// first `limit` of them.
struct Run {
  int length = 0;
  std::array<int, 12> points_before{};  // points of the first i cards of the run
};

Run top_run(const ClassOrder& order, int k, CardSet hand, CardSet alive) {
  Run run;
  const auto& list = order.cards[static_cast<std::size_t>(k)];
  for (int i = 0; i < order.size[static_cast<std::size_t>(k)]; ++i) {
    const Card c = list[static_cast<std::size_t>(i)];
    if (!alive.contains(c)) continue;
    if (!hand.contains(c)) break;
    run.points_before[static_cast<std::size_t>(run.length + 1)] =
        run.points_before[static_cast<std::size_t>(run.length)] + card_points(c);
    ++run.length;
  }
  return run;
}

}  // namespace

QuickTricks quick_tricks(const PlayState& s) {
  const GameRules& r = s.rules();
  const ClassOrder& order = order_for(s.game());
  const int leader = s.to_move();
  const CardSet hand = s.hand(leader);
  const CardSet alive = s.hand(0) | s.hand(1) | s.hand(2);
  const bool leader_declares = leader == s.declarer();

  std::array<CardSet, 2> opponents{};
  int m = 0;
  for (int p = 0; p < 3; ++p)
    if ((p == s.declarer()) != leader_declares) opponents[static_cast<std::size_t>(m++)] = s.hand(p);

  QuickTricks q;
  const Run trumps = top_run(order, kTrump, hand, alive);
  q.tricks = trumps.length;
  q.points = trumps.points_before[static_cast<std::size_t>(trumps.length)];
  // Each trump lead takes one trump from every opponent who still has one.
  std::array<bool, 2> can_ruff{};
  for (int j = 0; j < m; ++j)
    can_ruff[static_cast<std::size_t>(j)] =
        (opponents[static_cast<std::size_t>(j)] & r.trumps()).size() > trumps.length;

  for (int k = 0; k < kTrump; ++k) {
    const CardSet cls = r.class_cards[static_cast<std::size_t>(k)];
    if ((hand & cls).empty()) continue;
    const Run run = top_run(order, k, hand, alive);
    int safe = run.length;
    for (int j = 0; j < m; ++j)
      if (can_ruff[static_cast<std::size_t>(j)])
        safe = std::min(safe, (opponents[static_cast<std::size_t>(j)] & cls).size());
    q.tricks += safe;
    q.points += run.points_before[static_cast<std::size_t>(safe)];
  }
  return q;
}

}  // namespace skat::bots
