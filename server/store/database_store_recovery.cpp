// What the database store (server/store/database_store.h) does with the series a previous process,
// or a node taken over, left running: resumed, finished when every deal was stored, or aborted.
#include <spdlog/spdlog.h>

#include "db/accounts.h"
#include "db/tournaments.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"

namespace skat::app {

StoreResult<Recovery> DatabaseStore::recover_unfinished_series() {
  auto recovery = recover(std::nullopt);
  if (!recovery) return recovery;
  auto aborted = db::abort_running_tournaments(db_, node_);
  if (!aborted) return std::unexpected(db_failure(aborted.error()));
  if (*aborted > 0) spdlog::warn("{} tournament(s) left running by the previous process aborted", *aborted);
  return recovery;
}

// The running series of this node's tables (or of `only` among them): resumable, finished when
// complete, or aborted. A tournament table's series is aborted with the table (its director is
// gone); a node taking over another's tables aborts their tournaments too.
StoreResult<Recovery> DatabaseStore::recover(const std::optional<std::set<table::TableId>>& only) {
  db::SeriesFilter running;
  running.hide_sealed = false;  // the server's own bookkeeping sees every series
  running.status = db::SeriesStatus::Running;
  running.node = node_;  // this node's tables only ('' the single node's): another node's series play on
  std::vector<db::SeriesRecord> left;
  if (auto r = db::for_each_series(db_, running,
                                   [&](const db::SeriesRecord& s) {
                                     if (!only || (s.table_id && only->contains(*s.table_id))) left.push_back(s);
                                     return true;
                                   });
      !r)
    return std::unexpected(db_failure(r.error()));
  std::map<std::int64_t, std::string> bot_kinds;
  auto bots = db::list_bots(db_);
  if (!bots) return std::unexpected(db_failure(bots.error()));
  for (const db::BotAccount& bot : *bots) bot_kinds[bot.player_id] = bot.program_name();

  Recovery recovery;
  std::set<table::TableId> resumed;
  for (auto s = left.rbegin(); s != left.rend(); ++s) {  // newest first: a table resumes its latest series
    std::string why;
    if (!s->table_id) {
      why = "it has no table";
    } else if (resumed.contains(*s->table_id)) {
      why = "its table has a newer running series";
    } else if (auto tournament = db::is_tournament_table(db_, *s->table_id); !tournament) {
      return std::unexpected(db_failure(tournament.error()));
    } else if (*tournament) {
      why = "tournament tables are not resumed";
      if (only)
        if (auto ended = db::abort_tournaments_at_table(db_, *s->table_id); !ended)
          return std::unexpected(db_failure(ended.error()));
    }
    if (why.empty()) {
      auto games = db::list_games(db_, s->id);
      if (!games) return std::unexpected(db_failure(games.error()));
      if (std::ssize(*games) >= s->deals) {
        if (auto done = db::complete_series(db_, s->id); !done) return std::unexpected(db_failure(done.error()));
        spdlog::info("series {} (table {}): every deal was stored; finished", s->id, *s->table_id);
        ++recovery.completed;
        continue;
      }
      auto series = unfinished(*s, *games, bot_kinds);
      if (series) {
        resumed.insert(series->table);
        tables_[series->table] = LiveTable{series->deals, series->event};
        series_[{series->table, series->so_far.series_index}] = s->id;
        recovery.resumable.push_back(std::move(*series));
        continue;
      }
      why = series.error();
    }
    spdlog::warn("series {} closed as aborted: {}", s->id, why);
    if (auto closed = db::abort_series(db_, s->id); !closed) return std::unexpected(db_failure(closed.error()));
    ++recovery.aborted;
  }
  return recovery;
}

std::expected<UnfinishedSeries, std::string> DatabaseStore::unfinished(
    const db::SeriesRecord& s, const std::vector<db::GameRecord>& games,
    const std::map<std::int64_t, std::string>& bot_kinds) {
  UnfinishedSeries u;
  u.table = *s.table_id;
  u.deals = s.deals;
  u.event = s.event;
  if (const auto row = db::get_table(db_, *s.table_id)) {
    const auto config = nlohmann::json::parse(row->config, nullptr, false);
    if (config.is_object() && config.contains("private_key") && config["private_key"].is_string())
      u.private_key = config["private_key"].get<std::string>();
    u.kontra = config.is_object() && config.contains("kontra") && config["kontra"].is_boolean() &&
               config["kontra"].get<bool>();
  }
  u.so_far.started = s.started_at;
  for (std::size_t i = 0; i < 3; ++i) {
    const db::SeriesSeat& seat = s.seats[i];
    const bool bot = seat.kind == db::PlayerKind::Bot;
    const auto kind = bot_kinds.find(seat.player_id);
    u.so_far.seats[i] = table::Participant{seat.player_id, seat.name, bot,
                                           bot && kind != bot_kinds.end() ? kind->second : std::string{}};
  }
  for (const db::GameRecord& g : games) {
    if (g.index != std::ssize(u.so_far.games))
      return std::unexpected("game " + std::to_string(g.index) + " is out of order");
    auto line = read_pgn_game(g.pgn, g.index + 1);
    if (!line) return std::unexpected("game " + std::to_string(g.index) + ": " + std::string(to_string(line.error())));
    u.so_far.games.push_back(std::move(*line));
  }
  // Its number among the series played at its table.
  db::SeriesFilter at_table;
  at_table.hide_sealed = false;
  at_table.table_id = u.table;
  int earlier = 0;
  auto counted = db::for_each_series(db_, at_table, [&](const db::SeriesRecord& other) {
    if (other.id < s.id) ++earlier;
    return other.id < s.id;
  });
  if (!counted) return std::unexpected(db_failure(counted.error()).message);
  u.so_far.series_index = earlier;
  return u;
}
}  // namespace skat::app
