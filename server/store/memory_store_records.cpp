// The records of the live tables in memory (server/store/memory_store.h): counted, with the last
// game's events, for the tests.
#include "server/store/memory_store.h"

namespace skat::app {

StoreResult<void> MemoryStore::save_game(const table::FinishedGame& game) {
  std::lock_guard lock(mutex_);
  game_lines_.push_back(game.pgn_line);
  last_game_events_ = game.events;
  for (const table::Participant& p : game.seats) played_.insert(p.player_id);
  return {};
}

StoreResult<void> MemoryStore::save_series(const table::FinishedSeries& series) {
  std::lock_guard lock(mutex_);
  if (series.abandoned)
    ++abandoned_series_;
  else
    series_pgn_.push_back(series.pgn);
  return {};
}

StoreResult<table::TableId> MemoryStore::create_table(const table::TableConfig&, const std::string&) {
  std::lock_guard lock(mutex_);
  return ++next_table_;
}

std::size_t MemoryStore::games() const {
  std::lock_guard lock(mutex_);
  return game_lines_.size();
}

std::size_t MemoryStore::abandoned_series() const {
  std::lock_guard lock(mutex_);
  return abandoned_series_;
}

table::Json MemoryStore::last_game_events() const {
  std::lock_guard lock(mutex_);
  return last_game_events_;
}

std::size_t MemoryStore::series() const {
  std::lock_guard lock(mutex_);
  return series_pgn_.size();
}

}  // namespace skat::app
