// The PGN hand strengths of the game records (fields 17..19), worked out off the table strands:
// a table asks for its deal's strengths when the game starts (prefetch: a background thread works
// them out while the game is played) and takes them when the game ends (get: the value, or worked
// out there and then when it is not ready yet). About 1 ms per deal that the strand no longer
// spends at the end of every game.
#pragma once

#include <array>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "engine/deal.h"

namespace skat::app {

class HandStrengthCache {
 public:
  using Compute = std::function<std::array<int, 3>(const Deal&)>;
  static constexpr std::size_t kMaxPending = 100'000;  // deals prefetched and not yet taken (then cleared)

  explicit HandStrengthCache(Compute compute);
  ~HandStrengthCache();  // waits for the background work
  HandStrengthCache(const HandStrengthCache&) = delete;
  HandStrengthCache& operator=(const HandStrengthCache&) = delete;

  // Any thread: starts working out this deal's strengths in the background.
  void prefetch(const Deal& deal);
  // Any thread: the deal's strengths (and forgets them).
  std::array<int, 3> get(const Deal& deal);
  // How many deals were worked out in the background, and how many at get() (tests, metrics).
  std::size_t computed_ahead() const;
  std::size_t computed_late() const;

 private:
  Compute compute_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::optional<std::array<int, 3>>> deals_;  // deal id → strengths (when done)
  std::size_t ahead_ = 0, late_ = 0;
  boost::asio::thread_pool pool_{1};
};

// A cache that works the strengths out from the winning tables in `path` (about a millisecond per
// deal: every 7th of the 231 unknown skats); none when the path is empty or the tables do not load.
std::shared_ptr<HandStrengthCache> hand_strengths_from_tables(const std::string& path);

}  // namespace skat::app
