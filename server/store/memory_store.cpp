#include "server/store/memory_store.h"

#include "common/text_rules.h"
#include "server/store/random_token.h"

namespace skat::app {

// Names are unique after folding, as in the database: a guest whose name is taken by another
// player (guest or bot) gets a short suffix.
std::expected<Identity, std::string> MemoryStore::create_guest(std::string_view name) {
  if (name.empty()) return std::unexpected("a guest needs a name");
  std::lock_guard lock(mutex_);
  std::string candidate(name);
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (names_.emplace(text::fold(candidate), next_id_ + 1).second) {
      Identity guest = person_identity(++next_id_, candidate);
      guests_[guest.player_id] = guest;
      guests_created_[guest.player_id] = db::now();
      return guest;
    }
    candidate = std::string(text::truncate(name, 24)) + "-" + random_token().substr(0, 4);
  }
  return std::unexpected("no free guest name like '" + std::string(name) + "'");
}

std::expected<std::string, std::string> MemoryStore::create_session(std::int64_t player_id) {
  std::lock_guard lock(mutex_);
  if (!guests_.contains(player_id)) return std::unexpected("no such player");
  std::string token = random_token();
  sessions_[token] = player_id;
  sessions_expire_[token] = db::now() + std::chrono::days(30);
  return token;
}

std::expected<Identity, std::string> MemoryStore::verify_session(std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token);
  if (it == sessions_.end() || sessions_expire_.at(it->first) <= db::now())
    return std::unexpected("unknown or expired session");
  signed_in_.insert(it->second);
  return guests_.at(it->second);
}

std::expected<int, std::string> MemoryStore::purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                                 const std::set<std::int64_t>& keep) {
  std::lock_guard lock(mutex_);
  std::set<std::int64_t> in_session;  // guests with a session valid at `now`
  for (const auto& [token, player] : sessions_)
    if (sessions_expire_.at(token) > now) in_session.insert(player);
  std::set<std::int64_t> doomed;
  for (const auto& [id, created] : guests_created_)
    if (!played_.contains(id) && !keep.contains(id) && !signed_in_.contains(id) &&
        (created <= created_before || !in_session.contains(id)))
      doomed.insert(id);
  signed_in_.clear();
  for (const std::int64_t id : doomed) {
    if (const auto guest = guests_.find(id); guest != guests_.end()) names_.erase(text::fold(guest->second.name));
    guests_.erase(id);
    guests_created_.erase(id);
  }
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (!doomed.contains(it->second)) {
      ++it;
      continue;
    }
    sessions_expire_.erase(it->first);
    it = sessions_.erase(it);
  }
  return static_cast<int>(doomed.size());
}

std::expected<Identity, std::string> MemoryStore::verify_bot(std::string_view name, std::string_view token) {
  std::lock_guard lock(mutex_);
  const auto it = bots_.find(name);
  if (it == bots_.end() || it->second.second != token) return std::unexpected("unknown bot or wrong token");
  const NewBot& bot = it->second.first;
  return bot_identity(bot.player_id, bot.name, bot.kind);
}

std::expected<NewBot, std::string> MemoryStore::create_bot(std::string_view name, std::string_view kind) {
  std::lock_guard lock(mutex_);
  if (!names_.emplace(text::fold(name), next_id_ + 1).second)
    return std::unexpected("a player named '" + std::string(name) + "' exists");
  NewBot bot{++next_id_, std::string(name), std::string(kind), random_token()};
  bots_.emplace(std::string(name), std::pair{bot, bot.token});
  return bot;
}

std::expected<void, std::string> MemoryStore::save_game(const table::FinishedGame& game) {
  std::lock_guard lock(mutex_);
  game_lines_.push_back(game.pgn_line);
  last_game_events_ = game.events;
  for (const table::Participant& p : game.seats) played_.insert(p.player_id);
  return {};
}

std::expected<void, std::string> MemoryStore::save_series(const table::FinishedSeries& series) {
  std::lock_guard lock(mutex_);
  if (series.abandoned)
    ++abandoned_series_;
  else
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

std::expected<std::int64_t, std::string> MemoryStore::create_tournament(const db::TournamentRecord& record) {
  std::lock_guard lock(mutex_);
  const std::int64_t id = static_cast<std::int64_t>(tournaments_.size()) + 1;
  db::TournamentRecord r = record;
  r.id = id;
  r.status = "running";
  r.created_at = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  r.finished_at.reset();
  tournaments_[id] = {std::move(r), {}};
  return id;
}

std::expected<void, std::string> MemoryStore::add_tournament_table(std::int64_t id, const db::TournamentTable& table) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end()) return std::unexpected("no tournament with id " + std::to_string(id));
  it->second.second.push_back(table);
  return {};
}

std::expected<void, std::string> MemoryStore::update_tournament(std::int64_t id, const db::TournamentProgress& p) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end() || it->second.first.status != "running")
    return std::unexpected("tournament " + std::to_string(id) + " is not running");
  db::TournamentRecord& r = it->second.first;
  r.deals_done = p.deals_done;
  r.report = p.report;
  r.curve = p.curve.empty() ? "[]" : p.curve;
  if (p.final_status) {
    r.status = *p.final_status;
    r.finished_at = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
  }
  return {};
}

std::expected<std::vector<db::TournamentRecord>, std::string> MemoryStore::tournaments(int limit) {
  std::lock_guard lock(mutex_);
  std::vector<db::TournamentRecord> out;
  for (auto it = tournaments_.rbegin(); it != tournaments_.rend() && static_cast<int>(out.size()) < limit; ++it)
    out.push_back(it->second.first);
  return out;
}

std::expected<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>, std::string> MemoryStore::tournament(
    std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end()) return std::unexpected("no tournament with id " + std::to_string(id));
  return it->second;
}

}  // namespace skat::app
