#include "bots/solver/class_order.h"

#include <algorithm>

namespace skat::bots {

namespace {

ClassOrder make_order(GameType game) {
  const GameRules& r = rules_for(game);
  ClassOrder o;
  for (std::size_t k = 0; k < 5; ++k) {
    auto& list = o.cards[k];
    int n = 0;
    for (Card c : r.class_cards[k]) list[static_cast<std::size_t>(n++)] = c;
    std::sort(list.begin(), list.begin() + n, [&](Card a, Card b) {
      return r.strength[static_cast<std::size_t>(a.id())] > r.strength[static_cast<std::size_t>(b.id())];
    });
    o.size[k] = n;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j)
        o.stronger[static_cast<std::size_t>(list[static_cast<std::size_t>(i)].id())].add(
            list[static_cast<std::size_t>(j)]);
  }
  return o;
}

}  // namespace

const ClassOrder& order_for(GameType game) {
  static const std::array<ClassOrder, kNumGameTypes> orders = [] {
    std::array<ClassOrder, kNumGameTypes> all{};
    for (int g = 0; g < kNumGameTypes; ++g) all[static_cast<std::size_t>(g)] = make_order(static_cast<GameType>(g));
    return all;
  }();
  return orders[static_cast<std::size_t>(game)];
}

}  // namespace skat::bots
