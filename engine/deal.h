// Deals: three hands of ten (forehand, middlehand, rearhand) and the skat, the compact deal id
// (rank/unrank in the combinatorial number system, docs/rules.md §2) and uniform random deals drawn
// from a caller-supplied random generator by rejection sampling (never `% n`).
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>

#include "engine/card.h"

namespace skat {

// Positions at the table for one deal.
inline constexpr int kForehand = 0;
inline constexpr int kMiddlehand = 1;
inline constexpr int kRearhand = 2;

struct Deal {
  std::array<CardSet, 3> hands{};  // forehand, middlehand, rearhand
  CardSet skat;

  bool operator==(const Deal&) const = default;
  // True when the hands have 10 cards each, the skat 2, and together they are the 32 cards.
  bool valid() const;
};

// 32! / (10! · 10! · 10! · 2!)
inline constexpr std::uint64_t kNumDeals = 2'753'294'408'504'640ULL;

// id = ((rank_FH · C(22,10)) + rank_MH) · C(12,10) + rank_RH, each rank the combinatorial
// number system index Σ C(c_i, i) of the chosen cards among the cards still available
// (ascending card order, c_1 < c_2 < …, i from 1).
std::uint64_t deal_id(const Deal& deal);
std::optional<Deal> deal_from_id(std::uint64_t id);

// Any generator returning uniformly distributed 64-bit words.
template <class G>
concept RandomWords = requires(G& g) {
  { g() } -> std::convertible_to<std::uint64_t>;
};

// Uniform integer in [0, n) by rejection: draw the smallest covering bit width, retry above n.
template <RandomWords G>
std::uint64_t uniform_below(G& gen, std::uint64_t n) {
  if (n <= 1) return 0;
  const int width = 64 - std::countl_zero(n - 1);
  const std::uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  for (;;) {
    const std::uint64_t x = static_cast<std::uint64_t>(gen()) & mask;
    if (x < n) return x;
  }
}

// A uniformly random deal: a uniform deal id, unranked.
template <RandomWords G>
Deal random_deal(G& gen) {
  return *deal_from_id(uniform_below(gen, kNumDeals));
}

// Binomial coefficient C(n, k) for n ≤ 32.
std::uint64_t binomial(int n, int k);

}  // namespace skat
