#include "bots/skat_putting/skat_putting.h"

#include "bots/skat_putting/hand_strength.h"
#include "bots/skat_putting/skat_features.h"

namespace skat::bots::putting {

namespace {

// The discard of `list` with the highest (key, card points put); the first one on ties.
template <class Key>
CardSet best_of(const DiscardList& list, Key key) {
  CardSet best = list.items[0];
  double best_key = key(best);
  int best_points = card_points(best);
  for (CardSet d : list) {
    const double k = key(d);
    const int points = card_points(d);
    if (k > best_key || (k == best_key && points > best_points)) {
      best = d;
      best_key = k;
      best_points = points;
    }
  }
  return best;
}

CardSet by_rules(const PutView& v, const DiscardList& list, const WinProbabilityFn* p) {
  const Coefficients c = coefficients(v);
  CardSet best = list.items[0];
  double best_score = soft_score(v, c, best, p);
  for (CardSet d : list) {
    const double s = soft_score(v, c, d, p);
    if (s > best_score) {
      best = d;
      best_score = s;
    }
  }
  return best;
}

}  // namespace

std::array<Card, 2> choose_discard(CardSet twelve, const Declaration& d, PuttingMethod m, const WinProbabilityFn* p,
                                   const PuttingContext& context) {
  const PutView v = make_view(twelve, d, context);
  const bool null = d.type == GameType::Null;
  const DiscardList list = admissible(v);
  switch (m) {
    case PuttingMethod::VonStegen:
      if (null) break;
      return as_pair(best_of(list, [&](CardSet s) { return von_stegen(twelve - s, d.type, context.bid); }));
    case PuttingMethod::Kinback:
      if (null) break;
      return as_pair(best_of(list, [&](CardSet s) { return kinback(twelve - s, d.type, context.position); }));
    case PuttingMethod::WinProbability:
      if (p == nullptr || !*p) break;
      return as_pair(best_of(list, [&](CardSet s) { return (*p)(twelve - s, s); }));
    case PuttingMethod::Rules: break;
  }
  return as_pair(by_rules(v, list, p));
}

int top_discards(const PutView& v, std::span<ScoredDiscard> out) {
  const Coefficients c = coefficients(v);
  const int capacity = static_cast<int>(out.size());
  int n = 0;
  for (CardSet d : admissible(v)) {
    const double s = soft_score(v, c, d);
    // Insertion into the sorted prefix; equal scores keep the canonical order.
    int at = n;
    while (at > 0 && out[static_cast<std::size_t>(at - 1)].score < s) --at;
    if (at >= capacity) continue;
    if (n < capacity) ++n;
    for (int i = n - 1; i > at; --i) out[static_cast<std::size_t>(i)] = out[static_cast<std::size_t>(i - 1)];
    out[static_cast<std::size_t>(at)] = ScoredDiscard{as_pair(d), s};
  }
  return n;
}

std::vector<ScoredDiscard> top_discards(CardSet twelve, const Declaration& d, int k, const PuttingContext& context) {
  std::vector<ScoredDiscard> out(static_cast<std::size_t>(k > 0 ? k : 0));
  out.resize(static_cast<std::size_t>(top_discards(make_view(twelve, d, context), out)));
  return out;
}

}  // namespace skat::bots::putting
