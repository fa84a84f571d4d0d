// The vocabulary shared by the repositories: ids, timestamps (milliseconds since the Unix epoch,
// UTC, as stored), player kinds and series states with their stored spellings.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace skat::db {

using Timestamp = std::chrono::sys_time<std::chrono::milliseconds>;
// The current time, truncated to milliseconds.
Timestamp now();
inline std::int64_t to_millis(Timestamp t) { return t.time_since_epoch().count(); }
inline Timestamp from_millis(std::int64_t ms) { return Timestamp(std::chrono::milliseconds(ms)); }

using PlayerId = std::int64_t;
using TableId = std::int64_t;
using SeriesId = std::int64_t;
using GameId = std::int64_t;

enum class PlayerKind : std::uint8_t { Human, Guest, Bot };
std::string_view to_string(PlayerKind kind);  // "human" "guest" "bot"
std::optional<PlayerKind> parse_player_kind(std::string_view text);

enum class SeriesStatus : std::uint8_t { Running, Finished, Aborted };
std::string_view to_string(SeriesStatus status);  // "running" "finished" "aborted"
std::optional<SeriesStatus> parse_series_status(std::string_view text);

}  // namespace skat::db
