// A throttle for repeated log lines: at most one line per interval for each kind of event, and the
// line that does go out tells how many were held back since the previous one. Pure arithmetic on a
// passed-in clock, so tests need no sleep. Not thread-safe: one owner (e.g. a strand) uses it.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace skat::net {

class LogThrottle {
 public:
  using Clock = std::chrono::steady_clock;

  explicit LogThrottle(Clock::duration interval = std::chrono::seconds(1)) : interval_(interval) {}

  // When a line about `kind` may be written at `now`: the number of events of that kind held back
  // since the last line. Otherwise nothing, and this event counts as held back.
  std::optional<std::uint64_t> admit(const std::string& kind, Clock::time_point now) {
    const auto [it, first] = entries_.try_emplace(kind);
    Entry& entry = it->second;
    if (!first && now - entry.last < interval_) {
      ++entry.held_back;
      return std::nullopt;
    }
    entry.last = now;
    return std::exchange(entry.held_back, 0);
  }

 private:
  struct Entry {
    Clock::time_point last{};
    std::uint64_t held_back = 0;
  };
  Clock::duration interval_;
  std::map<std::string, Entry> entries_;
};

}  // namespace skat::net
