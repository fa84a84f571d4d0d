#include "server/play/hand_strength_cache.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "bots/table_bot/contract_evaluator.h"
#include "bots/tables/table_files.h"

namespace skat::app {

namespace {

// Every 7th of the 231 unknown skats: about a millisecond per deal, worked out in the background
// while the game is played.
constexpr int kStrengthStride = 7;

}  // namespace

std::shared_ptr<HandStrengthCache> hand_strengths_from_tables(const std::string& path) {
  if (path.empty()) return {};
  auto tables = bots::load_tables(path);
  if (!tables) {
    spdlog::warn("hub: no hand strengths in the records ({})", tables.error());
    return {};
  }
  auto shared = std::make_shared<const bots::TableSet>(std::move(*tables));
  return std::make_shared<HandStrengthCache>(
      [shared](const Deal& deal) { return bots::pgn_hand_strengths(*shared, deal, kStrengthStride); });
}

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
