#include "server/app/memory_store.h"

#include "server/app/hub.h"

namespace skat::app {

std::expected<Identity, std::string> MemoryStore::create_guest(std::string_view name) {
  if (name.empty()) return std::unexpected("a guest needs a name");
  std::lock_guard lock(mutex_);
  Identity guest{++next_id_, std::string(name), false, {}};
  guests_[guest.player_id] = guest;
  return guest;
}

std::expected<std::string, std::string> MemoryStore::create_session(std::int64_t player_id) {
  std::lock_guard lock(mutex_);
  if (!guests_.contains(player_id)) return std::unexpected("no such player");
  std::string token = random_token();
  sessions_[token] = player_id;
  return token;
}

std::expected<Identity, std::string> MemoryStore::verify_session(std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token);
  if (it == sessions_.end()) return std::unexpected("unknown or expired session");
  return guests_.at(it->second);
}

std::expected<Identity, std::string> MemoryStore::verify_bot(std::string_view name, std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = bots_.find(name);
  if (it == bots_.end() || it->second.second != token) return std::unexpected("unknown bot or wrong token");
  const NewBot& bot = it->second.first;
  return Identity{bot.player_id, bot.name, true, bot.kind};
}

std::expected<NewBot, std::string> MemoryStore::create_bot(std::string_view name, std::string_view kind) {
  std::lock_guard lock(mutex_);
  if (bots_.contains(name)) return std::unexpected("a bot of that name exists");
  NewBot bot{++next_id_, std::string(name), std::string(kind), random_token()};
  bots_.emplace(std::string(name), std::pair{bot, bot.token});
  return bot;
}

std::expected<void, std::string> MemoryStore::save_game(const table::FinishedGame& game) {
  std::lock_guard lock(mutex_);
  game_lines_.push_back(game.pgn_line);
  return {};
}

std::expected<void, std::string> MemoryStore::save_series(const table::FinishedSeries& series) {
  std::lock_guard lock(mutex_);
  series_pgn_.push_back(series.pgn);
  return {};
}

std::expected<table::TableId, std::string> MemoryStore::create_table(const table::TableConfig&) {
  std::lock_guard lock(mutex_);
  return ++next_table_;
}

std::size_t MemoryStore::games() const {
  std::lock_guard lock(mutex_);
  return game_lines_.size();
}

std::size_t MemoryStore::series() const {
  std::lock_guard lock(mutex_);
  return series_pgn_.size();
}

}  // namespace skat::app
