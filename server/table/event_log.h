// The versioned event log of one table: each event gets the next version and is stored once per
// audience (seats 0..2 and spectators), already redacted. Bounded: old events are dropped
// (kept: at least the current game's), and `since` says when a resume needs a full state.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace skat::table {

class EventLog {
 public:
  static constexpr std::size_t kMaxEvents = 4096;
  static constexpr int kAudiences = 4;  // seats 0..2, spectators (3)

  std::int64_t version() const { return version_; }
  // Appends one event (version = version()+1); each audience's copy gets "version" set.
  std::int64_t append(std::array<nlohmann::json, kAudiences> copies);
  // Events of `audience` with version > last, or empty when some are no longer kept.
  std::optional<std::vector<nlohmann::json>> since(int audience, std::int64_t last) const;
  // On an empty log: the next event gets version + 1, and every version up to `version` counts as
  // no longer kept (a resume from one of them gets the full state).
  void start_after(std::int64_t version);
  // Drops events up to and including `version` (kept history starts after it).
  void forget_through(std::int64_t version);

 private:
  struct Entry {
    std::int64_t version;
    std::array<nlohmann::json, kAudiences> copies;
  };
  std::deque<Entry> entries_;
  std::int64_t version_ = 0;
};

}  // namespace skat::table
