// The solver's transposition table: positions at trick boundaries (the three hands, the leader and
// the kind of question), each with bounds on what the maximising side still gets from there and
// the card that refuted it last. Fixed size (a memory bound chosen by the caller), buckets of three
// entries in one 64-byte cache line (one miss per probe), no allocation while searching; `clear`
// is O(1) (a generation number marks the entries of earlier searches stale).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/card.h"

namespace skat::bots {

class TranspositionTable {
 public:
  // Bounds are on the future score (points or tricks still to come), 0..255.
  struct Bounds {
    std::uint8_t lower = 0;
    std::uint8_t upper = 255;
  };

  // `bytes`: memory for the buckets (rounded down to a power of two of buckets, at least one).
  explicit TranspositionTable(std::size_t bytes);

  struct Hit {
    Bounds bounds;
    int best = -1;  // the card id that last refuted this position, or -1
  };
  // What is known of this position, if anything.
  std::optional<Hit> find(const std::array<CardSet, 3>& hands, int tag) const;
  // Narrows the bounds of this position and records its refuting card (-1: none), creating the
  // entry if needed (evicting a stale entry, else the one with the fewest cards left).
  void store(const std::array<CardSet, 3>& hands, int tag, Bounds bounds, int best);
  void clear();

  std::size_t capacity() const { return buckets_.size() * kWays; }
  std::size_t bytes() const { return buckets_.size() * sizeof(Bucket); }

 private:
  static constexpr int kWays = 3;
  struct Entry {
    std::uint32_t h0 = 0, h1 = 0, h2 = 0;
    std::uint8_t tag = 0;   // leader, question kind, declarer, game; 0 = empty
    std::uint8_t best = 0;  // refuting card id + 1; 0 = none
    Bounds bounds;
  };
  struct alignas(64) Bucket {
    std::array<Entry, kWays> entries{};
    std::array<std::uint8_t, kWays> generation{};  // the generation that wrote each entry
  };
  static_assert(sizeof(Entry) == 16 && sizeof(Bucket) == 64);

  Bucket& bucket_of(const std::array<CardSet, 3>& hands, int tag) const;
  bool matches(const Bucket& b, int i, const std::array<CardSet, 3>& hands, int tag) const {
    const Entry& e = b.entries[static_cast<std::size_t>(i)];
    return b.generation[static_cast<std::size_t>(i)] == generation_ && e.tag == tag && e.h0 == hands[0].bits() &&
           e.h1 == hands[1].bits() && e.h2 == hands[2].bits();
  }

  mutable std::vector<Bucket> buckets_;
  std::uint8_t generation_ = 1;
  std::size_t mask_ = 0;
};

}  // namespace skat::bots
