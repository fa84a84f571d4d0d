#include "engine/deal.h"

namespace skat {

namespace {

struct BinomialTable {
  std::array<std::array<std::uint64_t, 33>, 33> c{};
  constexpr BinomialTable() {
    for (int n = 0; n <= 32; ++n) {
      c[static_cast<std::size_t>(n)][0] = 1;
      for (int k = 1; k <= n; ++k)
        c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
            c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
            (k <= n - 1 ? c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)] : 0);
    }
  }
};
constexpr BinomialTable kBinomial;

constexpr std::uint64_t kRankMH = 646'646;     // C(22, 10)
constexpr std::uint64_t kRankRH = 66;          // C(12, 10)
constexpr std::uint64_t kRankFH = 64'512'240;  // C(32, 10)
static_assert(kRankFH * kRankMH * kRankRH == kNumDeals);

// Rank of `chosen` (10 cards) among `available` (ascending order defines indices).
std::uint64_t rank_subset(CardSet chosen, CardSet available) {
  std::uint64_t rank = 0;
  int index = 0;
  int i = 1;
  for (Card c : available) {
    if (chosen.contains(c)) rank += binomial(index, i++);
    ++index;
  }
  return rank;
}

// Inverse of rank_subset: the 10 cards of `available` with combinatorial rank `rank`.
CardSet unrank_subset(std::uint64_t rank, CardSet available, int k) {
  std::array<Card, 32> cards{};
  int n = 0;
  for (Card c : available) cards[static_cast<std::size_t>(n++)] = c;
  CardSet chosen;
  // Greedy from the largest element: the largest index c with C(c, i) ≤ rank.
  int c = n - 1;
  for (int i = k; i >= 1; --i) {
    while (binomial(c, i) > rank) --c;
    rank -= binomial(c, i);
    chosen.add(cards[static_cast<std::size_t>(c)]);
    --c;
  }
  return chosen;
}

}  // namespace

std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  return kBinomial.c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

bool Deal::valid() const {
  const CardSet all = hands[0] | hands[1] | hands[2] | skat;
  return hands[0].size() == 10 && hands[1].size() == 10 && hands[2].size() == 10 && skat.size() == 2 &&
         all == CardSet::all();
}

std::uint64_t deal_id(const Deal& deal) {
  const CardSet after_fh = CardSet::all() - deal.hands[0];
  const CardSet after_mh = after_fh - deal.hands[1];
  const std::uint64_t fh = rank_subset(deal.hands[0], CardSet::all());
  const std::uint64_t mh = rank_subset(deal.hands[1], after_fh);
  const std::uint64_t rh = rank_subset(deal.hands[2], after_mh);
  return (fh * kRankMH + mh) * kRankRH + rh;
}

std::optional<Deal> deal_from_id(std::uint64_t id) {
  if (id >= kNumDeals) return std::nullopt;
  const std::uint64_t rh = id % kRankRH;
  const std::uint64_t mh = (id / kRankRH) % kRankMH;
  const std::uint64_t fh = id / kRankRH / kRankMH;
  Deal d;
  d.hands[0] = unrank_subset(fh, CardSet::all(), 10);
  const CardSet after_fh = CardSet::all() - d.hands[0];
  d.hands[1] = unrank_subset(mh, after_fh, 10);
  const CardSet after_mh = after_fh - d.hands[1];
  d.hands[2] = unrank_subset(rh, after_mh, 10);
  d.skat = after_mh - d.hands[2];
  return d;
}

}  // namespace skat
