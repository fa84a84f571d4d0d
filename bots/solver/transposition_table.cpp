#include "bots/solver/transposition_table.h"

#include <algorithm>
#include <bit>

namespace skat::bots {

TranspositionTable::TranspositionTable(std::size_t bytes) {
  std::size_t buckets = std::max<std::size_t>(1, bytes / (2 * sizeof(Entry)));
  buckets = std::bit_floor(buckets);
  entries_.assign(2 * buckets, Entry{});
  generations_.assign(2 * buckets, 0);
  mask_ = buckets - 1;
}

std::size_t TranspositionTable::bucket_of(const std::array<CardSet, 3>& hands, int tag) const {
  std::uint64_t h = (std::uint64_t{hands[0].bits()} << 32 | hands[1].bits()) * 0x9E3779B97F4A7C15ULL;
  h ^= (std::uint64_t{hands[2].bits()} << 8 | static_cast<std::uint64_t>(tag)) * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 29;
  return 2 * (static_cast<std::size_t>(h) & mask_);
}

std::optional<TranspositionTable::Hit> TranspositionTable::find(const std::array<CardSet, 3>& hands, int tag) const {
  const std::size_t b = bucket_of(hands, tag);
  for (std::size_t i = b; i < b + 2; ++i)
    if (matches(i, hands, tag)) return Hit{entries_[i].bounds, entries_[i].best - 1};
  return std::nullopt;
}

void TranspositionTable::store(const std::array<CardSet, 3>& hands, int tag, Bounds bounds, int best) {
  const std::size_t b = bucket_of(hands, tag);
  for (std::size_t i = b; i < b + 2; ++i) {
    if (matches(i, hands, tag)) {
      Entry& e = entries_[i];
      e.bounds.lower = std::max(e.bounds.lower, bounds.lower);
      e.bounds.upper = std::min(e.bounds.upper, bounds.upper);
      if (best >= 0) e.best = static_cast<std::uint8_t>(best + 1);
      return;
    }
  }
  // Evict a stale entry, else the one with fewer cards left: it stood for less search.
  auto worth = [&](std::size_t i) {
    const Entry& e = entries_[i];
    return generations_[i] == generation_ ? std::popcount(e.h0 | e.h1 | e.h2) + 1 : 0;
  };
  const std::size_t slot = worth(b) <= worth(b + 1) ? b : b + 1;
  generations_[slot] = generation_;
  Entry& victim = entries_[slot];
  victim.h0 = hands[0].bits();
  victim.h1 = hands[1].bits();
  victim.h2 = hands[2].bits();
  victim.tag = static_cast<std::uint8_t>(tag);
  victim.best = static_cast<std::uint8_t>(best + 1);
  victim.bounds = bounds;
}

void TranspositionTable::clear() {
  if (++generation_ != 0) return;
  // Wrapped around: old generations could look current again.
  std::fill(generations_.begin(), generations_.end(), std::uint8_t{0});
  generation_ = 1;
}

}  // namespace skat::bots
