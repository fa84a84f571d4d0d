// Skat putting, the entry point the bots call (docs/papers.md [skat-selection]): the two cards to
// put for a declaration by a selectable method — hard rules then the soft linear score (default),
// or one of the baselines (von Stegen, Kinback, a plain winning-probability ranking) — and the best
// few discards by the soft score, which bidding then weighs with its winning tables.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "bots/skat_putting/hard_rules.h"
#include "bots/skat_putting/put_view.h"

namespace skat::bots::putting {

enum class PuttingMethod : std::uint8_t {
  Rules,           // hard rules + soft linear score (f1 from the probability function when given)
  VonStegen,       // the discard whose remaining ten cards have the most von Stegen points
  Kinback,         // the same with Kinback's count
  WinProbability,  // the discard with the highest caller-supplied winning probability
};

// Two distinct cards of `twelve` (which must hold exactly 12 cards). Every method ranks the admissible discards (the
// hard rules are shared: the paper ranks the 5–20 skats they leave; the hand-strength systems alone tie on most
// discards and would, say, put the trump ace and ten when that leaves the count unchanged).
// Baseline ties go to more card points put, then to the first discard in canonical order.
// Von Stegen and Kinback say nothing about null, and WinProbability needs a function: those
// cases use Rules.
std::array<Card, 2> choose_discard(CardSet twelve, const Declaration& d, PuttingMethod m,
                                   const WinProbabilityFn* p = nullptr, const PuttingContext& context = {});

struct ScoredDiscard {
  std::array<Card, 2> cards{};
  double score = 0.0;
};

// The best admissible discards by the soft score without f1, best first (ties in canonical
// order): fills `out` with up to out.size() of them and returns how many.
int top_discards(const PutView& v, std::span<ScoredDiscard> out);
std::vector<ScoredDiscard> top_discards(CardSet twelve, const Declaration& d, int k,
                                        const PuttingContext& context = {});

}  // namespace skat::bots::putting
