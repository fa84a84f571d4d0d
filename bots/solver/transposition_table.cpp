#include "bots/solver/transposition_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <new>
#include <vector>

namespace skat::bots {
namespace {

// Pages of destroyed tables, kept per thread for the next table of the same size.
struct SparePages {
  void* pages = nullptr;
  std::size_t bytes = 0;
  std::uint8_t generation = 0;
};
constexpr std::size_t kMaxSpares = 4;

struct SparePool {
  std::vector<SparePages> spares;
  ~SparePool() {
    for (const SparePages& s : spares) munmap(s.pages, s.bytes);
  }
};
thread_local SparePool spare_pool;

// Zeroed pages for a table, on 2 MiB boundaries and advised as huge pages where the kernel offers
// them: a probe lands anywhere in the table, so with 4 KiB pages nearly every probe also missed the
// TLB (a 16 MiB table is 4,096 pages, 8 huge ones). Only the speed differs; the contents do not.
void* map_pages(std::size_t size) {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const bool huge = size >= kHuge;
  void* raw = mmap(nullptr, huge ? size + kHuge : size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  if (!huge) return raw;
  // A huge page more was mapped: give back the unaligned head and what is left beyond the table.
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHuge - 1) & ~(kHuge - 1);
  const std::size_t head = aligned - start;
  if (head > 0) munmap(raw, head);
  munmap(reinterpret_cast<void*>(aligned + size), kHuge - head);
  void* pages = reinterpret_cast<void*>(aligned);
  // Hints: refused or unavailable, the table works as before. The pages are faulted in here, so
  // that the first searches do not pay for zeroing them.
  madvise(pages, size, MADV_HUGEPAGE);
  madvise(pages, size, MADV_POPULATE_WRITE);
  return pages;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t bytes) {
  count_ = std::bit_floor(std::max<std::size_t>(1, bytes / sizeof(Bucket)));
  const std::size_t size = count_ * sizeof(Bucket);
  mask_ = count_ - 1;
  auto& spares = spare_pool.spares;
  if (const auto it = std::ranges::find(spares, size, &SparePages::bytes); it != spares.end()) {
    buckets_ = std::unique_ptr<Bucket[], UnmapPages>(static_cast<Bucket*>(it->pages), UnmapPages{size});
    generation_ = it->generation;
    spares.erase(it);
    clear();  // its entries are of earlier generations now
    return;
  }
  void* pages = map_pages(size);
  // Zero pages are empty buckets (tag 0, generation 0): Bucket is an aggregate of integers.
  buckets_ = std::unique_ptr<Bucket[], UnmapPages>(static_cast<Bucket*>(pages), UnmapPages{size});
}

TranspositionTable::~TranspositionTable() {
  if (!buckets_) return;  // moved from
  auto& spares = spare_pool.spares;
  if (spares.size() >= kMaxSpares) return;  // the pages are unmapped
  spares.push_back({buckets_.release(), bytes(), generation_});
}

void UnmapPages::operator()(void* pages) const { munmap(pages, bytes); }

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
  for (std::size_t i = 0; i < count_; ++i) buckets_[i].generation.fill(0);
  generation_ = 1;
}

}  // namespace skat::bots
