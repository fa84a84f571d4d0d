#include "server/app/hand_strength_cache.h"

#include <boost/asio/post.hpp>

namespace skat::app {

HandStrengthCache::HandStrengthCache(Compute compute) : compute_(std::move(compute)) {}

HandStrengthCache::~HandStrengthCache() { pool_.join(); }

void HandStrengthCache::prefetch(const Deal& deal) {
  const std::uint64_t id = deal_id(deal);
  {
    std::lock_guard lock(mutex_);
    // Deals of games that never ended (a table closed mid-game) are never taken: start afresh
    // rather than stop prefetching for good (a game in progress then works its deal out late).
    if (deals_.size() >= kMaxPending) deals_.clear();
    if (!deals_.try_emplace(id).second) return;
  }
  boost::asio::post(pool_, [this, deal, id] {
    const std::array<int, 3> strengths = compute_(deal);
    std::lock_guard lock(mutex_);
    if (const auto it = deals_.find(id); it != deals_.end()) {  // still wanted
      it->second = strengths;
      ++ahead_;
    }
  });
}

std::array<int, 3> HandStrengthCache::get(const Deal& deal) {
  const std::uint64_t id = deal_id(deal);
  {
    std::lock_guard lock(mutex_);
    if (const auto it = deals_.find(id); it != deals_.end()) {
      const std::optional<std::array<int, 3>> ready = it->second;
      deals_.erase(it);  // a background result that comes later is dropped
      if (ready) return *ready;
    }
    ++late_;
  }
  return compute_(deal);
}

std::size_t HandStrengthCache::computed_ahead() const {
  std::lock_guard lock(mutex_);
  return ahead_;
}

std::size_t HandStrengthCache::computed_late() const {
  std::lock_guard lock(mutex_);
  return late_;
}

}  // namespace skat::app
