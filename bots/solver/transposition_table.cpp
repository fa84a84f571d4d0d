#include "bots/solver/transposition_table.h"

#include <algorithm>
#include <bit>

namespace skat::bots {

TranspositionTable::TranspositionTable(std::size_t bytes) {
  const std::size_t buckets = std::bit_floor(std::max<std::size_t>(1, bytes / sizeof(Bucket)));
  buckets_.assign(buckets, Bucket{});
  mask_ = buckets - 1;
}

TranspositionTable::Bucket& TranspositionTable::bucket_of(const std::array<CardSet, 3>& hands, int tag) const {
  std::uint64_t h = (std::uint64_t{hands[0].bits()} << 32 | hands[1].bits()) * 0x9E3779B97F4A7C15ULL;
  h ^= (std::uint64_t{hands[2].bits()} << 8 | static_cast<std::uint64_t>(tag)) * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 29;
  return buckets_[static_cast<std::size_t>(h) & mask_];
}

std::optional<TranspositionTable::Hit> TranspositionTable::find(const std::array<CardSet, 3>& hands, int tag) const {
  const Bucket& b = bucket_of(hands, tag);
  for (int i = 0; i < kWays; ++i)
    if (matches(b, i, hands, tag)) {
      const Entry& e = b.entries[static_cast<std::size_t>(i)];
      return Hit{e.bounds, e.best - 1};
    }
  return std::nullopt;
}

void TranspositionTable::store(const std::array<CardSet, 3>& hands, int tag, Bounds bounds, int best) {
  Bucket& b = bucket_of(hands, tag);
  for (int i = 0; i < kWays; ++i) {
    if (matches(b, i, hands, tag)) {
      Entry& e = b.entries[static_cast<std::size_t>(i)];
      e.bounds.lower = std::max(e.bounds.lower, bounds.lower);
      e.bounds.upper = std::min(e.bounds.upper, bounds.upper);
      if (best >= 0) e.best = static_cast<std::uint8_t>(best + 1);
      return;
    }
  }
  // Evict a stale entry, else the one with the fewest cards left: it stood for the least search.
  auto worth = [&](int i) {
    const Entry& e = b.entries[static_cast<std::size_t>(i)];
    return b.generation[static_cast<std::size_t>(i)] == generation_ ? std::popcount(e.h0 | e.h1 | e.h2) + 1 : 0;
  };
  int slot = 0;
  for (int i = 1; i < kWays; ++i)
    if (worth(i) < worth(slot)) slot = i;
  b.generation[static_cast<std::size_t>(slot)] = generation_;
  Entry& victim = b.entries[static_cast<std::size_t>(slot)];
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
  for (Bucket& b : buckets_) b.generation.fill(0);
  generation_ = 1;
}

}  // namespace skat::bots
