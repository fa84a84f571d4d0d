#include "db/types.h"

namespace skat::db {

Timestamp now() { return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()); }

std::string_view to_string(PlayerKind kind) {
  switch (kind) {
    case PlayerKind::Human: return "human";
    case PlayerKind::Guest: return "guest";
    case PlayerKind::Bot: return "bot";
  }
  return "human";
}

std::optional<PlayerKind> parse_player_kind(std::string_view text) {
  if (text == "human") return PlayerKind::Human;
  if (text == "guest") return PlayerKind::Guest;
  if (text == "bot") return PlayerKind::Bot;
  return std::nullopt;
}

std::string_view to_string(SeriesStatus status) {
  switch (status) {
    case SeriesStatus::Running: return "running";
    case SeriesStatus::Finished: return "finished";
    case SeriesStatus::Aborted: return "aborted";
  }
  return "running";
}

std::optional<SeriesStatus> parse_series_status(std::string_view text) {
  if (text == "running") return SeriesStatus::Running;
  if (text == "finished") return SeriesStatus::Finished;
  if (text == "aborted") return SeriesStatus::Aborted;
  return std::nullopt;
}

}  // namespace skat::db
