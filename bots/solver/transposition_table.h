// The solver's transposition table: positions at trick boundaries (the three hands, the leader and
// the kind of question), each with bounds on what the maximising side still gets from there and
// the card that refuted it last. Fixed size (a memory bound chosen by the caller), buckets of three
// entries in one 64-byte cache line (one miss per probe), no allocation while searching; `clear`
// is O(1) (a generation number marks the entries of earlier searches stale). The buckets are pages
// mapped from the kernel, not heap memory: a destroyed table's pages (with its generation) wait in
// a small per-thread pool for the next table of the same size, which starts as if cleared. Players
// are created for every game, each with its own table; on the heap their 16 MiB tables fragmented
// the process to 24 GB over a tournament, and fresh pages for each would cost a fault per page.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/card.h"

namespace skat::bots {

// Gives pages from mmap back (the deleter of the table's buckets).
struct UnmapPages {
  std::size_t bytes = 0;
  void operator()(void* pages) const;
};

class TranspositionTable {
 public:
  // Bounds are on the future score (points or tricks still to come), 0..255.
  struct Bounds {
    std::uint8_t lower = 0;
    std::uint8_t upper = 255;
  };

  // `bytes`: memory for the buckets (rounded down to a power of two of buckets, at least one).
  explicit TranspositionTable(std::size_t bytes);
  ~TranspositionTable();
  TranspositionTable(TranspositionTable&&) noexcept = default;
  TranspositionTable& operator=(TranspositionTable&&) noexcept = default;

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

  std::size_t capacity() const { return count_ * kWays; }
  std::size_t bytes() const { return count_ * sizeof(Bucket); }

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

  std::size_t count_ = 0;
  std::unique_ptr<Bucket[], UnmapPages> buckets_;
  std::uint8_t generation_ = 1;
  std::size_t mask_ = 0;
};

}  // namespace skat::bots
