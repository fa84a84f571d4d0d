#include "bots/skat_putting/skat_features.h"

#include <algorithm>
#include <bit>

namespace skat::bots::putting {

namespace {

using Lambdas = std::array<double, 10>;

// docs/papers.md [skat-selection] §IV.C, λ1..λ9 (index 0 unused).
constexpr Lambdas kHighCardGrand = {0, 2, 2, 2, 2, 1, 2, 4, 1, 1};
constexpr Lambdas kTwoJackGrand = {0, 3, 2, 3, 4.5, 1, 10, 4, 41, 1};  // ranges filled in below
constexpr Lambdas kStandardGrand = {0, 10, 60, 3, 4, 5, 40, 40, 1, 1};
constexpr Lambdas kHighTrumpSuit = {0, 15, 75, 2, 2, 2, 60, 60, 30, 0};
constexpr Lambdas kLowTrumpSuit = {0, 2, 35, 4, 35, 2, 40, 12, 12, 22.5};  // ranges filled in below

// The paper's ranges, resolved by the drivers it names (position, aces, trump strength):
// 2J grand  λ2 2–25: 25 in rear hand ("prefer free suits"), 2 in fore- and middlehand;
//           λ3 3–6: 6 in forehand ("put the maximum eyes, play from above"), else 3;
//           λ4 3–6: 4.5 (no driver given); λ9 1–5: 5 with at most one ace (entries are
//           scarce), else 1.
// low-trump λ2 35–100: 100 with four trumps including ♣J or ♠J ("at least four trumps if high
//           cards in trump are available": keep the number of suits small), else 35;
//           λ3 2–4: 4 (eye-oriented up to four trumps); λ4 20–50: 35 and λ9 20–25: 22.5
//           (midpoints, no driver given).
Lambdas resolve_ranges(const PutView& v, Lambdas l) {
  if (v.sub_type == SubType::TwoJackGrand) {
    l[2] = v.context.position == kRearhand ? 25 : 2;
    l[3] = v.context.position == kForehand ? 6 : 3;
    l[9] = v.aces <= 1 ? 5 : 1;
  } else if (v.sub_type == SubType::LowTrumpSuit) {
    const CardSet high_jacks{Card(Suit::Clubs, Rank::Jack), Card(Suit::Spades, Rank::Jack)};
    l[2] = v.trump_count >= 4 && !(v.twelve & high_jacks).empty() ? 100 : 35;
  }
  return l;
}

int null_danger(unsigned held, unsigned live) {
  int danger = 0;
  int i = 0;
  for (unsigned rest = held; rest != 0; rest &= rest - 1, ++i) {
    const unsigned bit = rest & (~rest + 1);
    const int rank = std::popcount(live & (bit - 1));
    danger += std::max(0, rank - 2 * i);
  }
  return danger;
}

}  // namespace

SkatFeatures skat_features(const PutView& v, CardSet discard, const WinProbabilityFn* win) {
  SkatFeatures out;
  auto& f = out.f;
  const CardSet kept = v.twelve - discard;
  f[1] = win != nullptr && *win ? 100.0 * (*win)(kept, discard) : 0.0;
  f[3] = card_points(discard);
  for (int si = 0; si < kNumSuits; ++si) {
    const auto s = static_cast<Suit>(si);
    if (!v.is_plain(s)) continue;
    const SuitFeatures& sf = suit_features(v.kept(s, discard), v.opp[static_cast<std::size_t>(si)]);
    f[2] += sf.free;
    f[4] += sf.good_ten;
    f[5] += sf.once_ten;
    f[6] += sf.sure;
    f[7] += sf.retake;
    f[8] += sf.above;
    f[9] += sf.lead;
  }
  const unsigned put_trumps = trump_pattern(discard, v.type);
  if ((v.own_trumps & put_trumps) == 0) {
    f[6] += v.trump_sure;
    f[7] += v.trump_retake;
    f[8] += v.trump_above;
  } else {
    const unsigned held = v.own_trumps & ~put_trumps;
    f[6] += sure_tricks(held, v.opp_trumps);
    f[7] += tricks_with_retake(held, v.opp_trumps);
    f[8] += tricks_from_above(held, v.opp_trumps);
  }
  return out;
}

Coefficients coefficients(const PutView& v) {
  Coefficients c;
  switch (v.sub_type) {
    case SubType::HighCardGrand: c.lambda = kHighCardGrand; break;
    case SubType::TwoJackGrand: c.lambda = resolve_ranges(v, kTwoJackGrand); break;
    case SubType::StandardGrand: c.lambda = kStandardGrand; break;
    case SubType::HighTrumpSuit: c.lambda = kHighTrumpSuit; break;
    case SubType::LowTrumpSuit: c.lambda = resolve_ranges(v, kLowTrumpSuit); break;
    case SubType::Null: break;
  }
  c.f5_sign = v.context.position == kRearhand ? -1.0 : 1.0;
  return c;
}

double soft_score(const PutView& v, CardSet discard, const WinProbabilityFn* win) {
  return soft_score(v, coefficients(v), discard, win);
}

double soft_score(const PutView& v, const Coefficients& c, CardSet discard, const WinProbabilityFn* win) {
  if (v.type == GameType::Null) return null_score(v, discard);
  const SkatFeatures x = skat_features(v, discard, win);
  double score = 0;
  for (std::size_t i = 1; i < 10; ++i) score += c.lambda[i] * x.f[i] * (i == 5 ? c.f5_sign : 1.0);
  return score;
}

double null_score(const PutView& v, CardSet discard) {
  int danger = 0;
  int free = 0;
  for (int si = 0; si < kNumSuits; ++si) {
    const int shift = 8 * si;
    const unsigned held = ((v.twelve - discard).bits() >> shift) & 0xFFu;
    const unsigned live = ~(discard.bits() >> shift) & 0xFFu;
    danger += null_danger(held, live);
    free += held == 0 ? 1 : 0;
  }
  return -10.0 * danger + free;
}

}  // namespace skat::bots::putting
