#include "server/store/database_store.h"

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "common/text_rules.h"
#include "db/accounts.h"
#include "db/export.h"
#include "db/guests.h"
#include "db/migrations.h"
#include "db/node_lock.h"
#include "db/nodes.h"
#include "db/players.h"
#include "db/tournaments.h"
#include "db/transaction.h"
#include "server/store/random_token.h"

namespace skat::app {

namespace {

std::string message(const db::DbError& e) { return std::string(db::to_string(e.code)) + ": " + e.message; }

db::Timestamp stamp(table::TimePoint t) { return std::chrono::time_point_cast<std::chrono::milliseconds>(t); }

}  // namespace

std::expected<std::unique_ptr<DatabaseStore>, std::string> DatabaseStore::open(const std::string& path,
                                                                               std::uint64_t max_bytes) {
  db::OpenOptions options;
  options.max_bytes = max_bytes;
  auto connection = db::open_database(path, options);
  if (!connection) return std::unexpected(message(connection.error()));
  return std::unique_ptr<DatabaseStore>(new DatabaseStore(std::move(*connection), path));
}

DatabaseStore::~DatabaseStore() = default;  // the heartbeat thread stops and joins first

std::expected<void, std::string> DatabaseStore::join_as_node(const std::string& node, std::chrono::milliseconds every,
                                                             std::chrono::milliseconds silent_after) {
  if (auto started = db::node_started(db_, node); !started) return std::unexpected(message(started.error()));
  node_ = node;
  silent_after_ = silent_after;
  heartbeat_ = std::jthread([path = path_, node, every](std::stop_token stop) {
    std::mutex m;
    std::condition_variable_any wake;
    std::optional<db::Connection> c;
    while (!stop.stop_requested()) {
      if (!c) {
        db::OpenOptions options;
        options.create = false;
        if (auto opened = db::Connection::open(path, options)) c = std::move(*opened);
      }
      if (c)
        if (auto beat = db::node_heartbeat(*c, node); !beat) {
          spdlog::warn("node {}: heartbeat: {}", node, beat.error().message);
          c.reset();
        }
      std::unique_lock lock(m);
      wake.wait_for(lock, stop, every, [] { return false; });
    }
  });
  spdlog::info("serve: node '{}' on this database (heartbeat every {} ms)", node, every.count());
  return {};
}

std::expected<std::vector<Store::NodeTables>, std::string> DatabaseStore::exchange_lobby(
    const std::string& tables_json) {
  if (node_.empty()) return std::vector<NodeTables>{};
  if (auto published = db::publish_node_lobby(db_, node_, tables_json); !published)
    return std::unexpected(message(published.error()));
  auto others = db::node_lobbies(db_, node_, db::now() - silent_after_);
  if (!others) return std::unexpected(message(others.error()));
  std::vector<NodeTables> out;
  for (db::NodeLobby& l : *others) out.push_back({std::move(l.node), std::move(l.tables_json)});
  return out;
}

std::expected<int, std::string> DatabaseStore::take_over(const std::string& silent,
                                                         std::chrono::milliseconds silent_for) {
  if (auto alive = db::NodeLock::held(path_, silent); !alive)
    return std::unexpected(message(alive.error()));
  else if (*alive)
    return 0;  // its process still runs (maybe slow to beat): it is not gone
  const auto since = db::now() - std::chrono::duration_cast<std::chrono::milliseconds>(silent_for);
  auto moved = db::take_over_node(db_, silent, node_, since);
  if (!moved) return std::unexpected(message(moved.error()));
  if (!moved->empty()) spdlog::info("serve: took over {} table(s) of node '{}'", moved->size(), silent);
  return static_cast<int>(moved->size());
}

std::expected<Recovery, std::string> DatabaseStore::take_over_silent_nodes() {
  Recovery all;
  if (node_.empty()) return all;
  auto nodes = db::list_nodes(db_);
  if (!nodes) return std::unexpected(message(nodes.error()));
  const db::Timestamp since = db::now() - silent_after_;
  for (const db::NodeRecord& n : *nodes) {
    if (n.name == node_ || n.heartbeat_at >= since) continue;
    // Silent, but its process holds its lock: slow, not gone; its tables stay where they are.
    if (auto alive = db::NodeLock::held(path_, n.name); !alive)
      return std::unexpected(message(alive.error()));
    else if (*alive)
      continue;
    auto moved = db::take_over_node(db_, n.name, node_, since);
    if (!moved) return std::unexpected(message(moved.error()));
    if (moved->empty()) continue;
    spdlog::warn("node '{}' silent since {} ms: its {} running table(s) taken over", n.name,
                 std::chrono::duration_cast<std::chrono::milliseconds>(db::now() - n.heartbeat_at).count(),
                 moved->size());
    auto recovered = recover(std::set<table::TableId>(moved->begin(), moved->end()));
    if (!recovered) return std::unexpected(recovered.error());
    all.aborted += recovered->aborted;
    all.completed += recovered->completed;
    for (UnfinishedSeries& s : recovered->resumable) all.resumable.push_back(std::move(s));
  }
  return all;
}

// Names are unique among all players after folding (db/players.h): a guest whose name is taken
// gets a short suffix (the name cut at a character boundary, so it stays valid UTF-8).
std::expected<Identity, std::string> DatabaseStore::create_guest(std::string_view name) {
  std::string candidate(name);
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto player = db::create_guest(db_, candidate);
    if (player) return person_identity(player->id, player->name);
    if (player.error().code != db::DbErrc::AlreadyExists) return std::unexpected(message(player.error()));
    candidate = std::string(text::truncate(name, 24)) + "-" + random_token().substr(0, 4);
  }
  return std::unexpected("no free guest name like '" + std::string(name) + "'");
}

// Guest sessions last 30 days; db/ stores only the token's hash.
std::expected<std::string, std::string> DatabaseStore::create_session(std::int64_t player_id) {
  auto session = db::create_session(db_, player_id, std::chrono::days(30));
  if (!session) return std::unexpected(message(session.error()));
  return std::move(session->token);
}

std::expected<Identity, std::string> DatabaseStore::verify_session(std::string_view token) {
  auto id = db::verify_session(db_, token);
  if (!id)
    return std::unexpected(id.error().code == db::DbErrc::Unauthorized ? "unknown or expired session"
                                                                       : message(id.error()));
  auto player = db::get_player(db_, *id);
  if (!player) return std::unexpected(message(player.error()));
  if (player->kind == db::PlayerKind::Bot) return std::unexpected("a bot logs in with its bot token");
  signed_in_.insert(player->id);
  return person_identity(player->id, player->name);
}

std::expected<int, std::string> DatabaseStore::purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                                   const std::set<std::int64_t>& keep) {
  std::set<std::int64_t> kept = keep;
  kept.insert(signed_in_.begin(), signed_in_.end());  // a guest that signed in may be on its way to the lobby
  auto purged = db::purge_unused_guests(db_, now, created_before, kept);
  if (!purged) return std::unexpected(message(purged.error()));
  signed_in_.clear();
  return *purged;
}

std::expected<Identity, std::string> DatabaseStore::verify_bot(std::string_view name, std::string_view token) {
  auto id = db::verify_bot(db_, name, token);
  if (!id)
    return std::unexpected(id.error().code == db::DbErrc::Unauthorized ? "unknown bot or wrong token"
                                                                       : message(id.error()));
  auto bot = db::get_bot(db_, *id);
  if (!bot) return std::unexpected(message(bot.error()));
  Identity who = bot_identity(bot->player_id, bot->name, bot->program_name());
  who.owner = bot->owner_id;
  who.challenges = bot->challenges == "everyone";
  return who;
}

std::expected<NewBot, std::string> DatabaseStore::create_bot(std::string_view name, std::string_view kind) {
  auto bot = db::create_bot(db_, name, kind);
  if (!bot) return std::unexpected(message(bot.error()));
  return NewBot{bot->account.player_id, bot->account.name, bot->account.kind, bot->secret};
}

std::expected<table::TableId, std::string> DatabaseStore::create_table(const table::TableConfig& config) {
  const std::string json = nlohmann::json{
      {"deals", config.deals},
      {"event", config.event},
      {"bot_move_ms", config.bot_move_ms},
      {"human_move_ms", config.human_move_ms},
      {"grace_ms",
       config.grace_ms}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  auto row = db::create_table(db_, json, node_);
  if (!row) return std::unexpected(message(row.error()));
  tables_[row->id] = LiveTable{config.deals, config.event};
  return row->id;
}

std::expected<std::int64_t, std::string> DatabaseStore::series_for(const table::FinishedGame& game) {
  const auto key = std::pair{game.table, game.series_index};
  if (const auto it = series_.find(key); it != series_.end()) return it->second;
  const LiveTable& t = tables_[game.table];
  db::NewSeries series;
  series.table_id = game.table;
  series.event = t.event;
  series.deals = t.deals;
  for (std::size_t s = 0; s < 3; ++s) series.seats[s] = game.seats[s].player_id;
  series.started_at = stamp(game.started);
  auto created = db::create_series(db_, series);
  if (!created) return std::unexpected(message(created.error()));
  series_[key] = created->id;
  return created->id;
}

std::expected<void, std::string> DatabaseStore::save_game(const table::FinishedGame& game) {
  const auto series = series_for(game);
  if (!series) return std::unexpected(series.error());
  db::GameRecord record = db::game_record_from(*series, game.pgn, stamp(game.finished));
  record.node = node_;
  record.event_log = game.events.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  record.timeouts = game.timeouts;
  record.replaced = game.replaced;
  // The ISS line is written from the engine game, every call of the auction as played; it carries
  // the game's id, so it is set right after the insert, in the same transaction.
  auto tx = db::Transaction::begin(db_);
  if (!tx) return std::unexpected(message(tx.error()));
  const auto inserted = db::insert_game(db_, record);
  if (!inserted) return std::unexpected(message(inserted.error()));
  record.id = *inserted;
  const auto series_row = db::get_series(db_, *series);
  if (!series_row) return std::unexpected(message(series_row.error()));
  if (auto r = db::set_game_sgf(db_, record.id, db::sgf_line_from(*series_row, record, game.game)); !r)
    return std::unexpected(message(r.error()));
  if (auto r = tx->commit(); !r) return std::unexpected(message(r.error()));
  return {};
}

std::expected<void, std::string> DatabaseStore::save_series(const table::FinishedSeries& series) {
  const auto key = std::pair{series.table, series.series_index};
  const auto it = series_.find(key);
  if (it == series_.end() && series.abandoned) return {};  // abandoned before its first game ended: no record
  if (it == series_.end()) return std::unexpected("series has no stored games");
  if (series.abandoned) {
    // Its humans all left: aborted with the games it has, and not rated.
    const auto aborted = db::abort_series(db_, it->second, stamp(series.finished));
    if (!aborted) return std::unexpected(message(aborted.error()));
    spdlog::info("series {} (table {}) abandoned after {} games: stored as aborted", it->second, series.table,
                 series.series.games.size());
    series_.erase(it);
    return {};
  }
  const auto finished = db::finish_series(db_, it->second, series.pgn, series.scores, stamp(series.finished));
  if (!finished) return std::unexpected(message(finished.error()));
  spdlog::info("series {} (table {}) finished and stored", it->second, series.table);
  if (rater_)
    if (auto rated = rater_(db_, it->second); !rated)
      spdlog::warn("series {}: no provisional rating: {}", it->second, rated.error());
  series_.erase(it);
  return {};
}

std::expected<Recovery, std::string> DatabaseStore::recover_unfinished_series() {
  auto recovery = recover(std::nullopt);
  if (!recovery) return recovery;
  auto aborted = db::abort_running_tournaments(db_, node_);
  if (!aborted) return std::unexpected(message(aborted.error()));
  if (*aborted > 0) spdlog::warn("{} tournament(s) left running by the previous process aborted", *aborted);
  return recovery;
}

// The running series of this node's tables (or of `only` among them): resumable, finished when
// complete, or aborted. A tournament table's series is aborted with the table (its director is
// gone); a node taking over another's tables aborts their tournaments too.
std::expected<Recovery, std::string> DatabaseStore::recover(const std::optional<std::set<table::TableId>>& only) {
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
    return std::unexpected(message(r.error()));
  std::map<std::int64_t, std::string> bot_kinds;
  auto bots = db::list_bots(db_);
  if (!bots) return std::unexpected(message(bots.error()));
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
      return std::unexpected(message(tournament.error()));
    } else if (*tournament) {
      why = "tournament tables are not resumed";
      if (only)
        if (auto ended = db::abort_tournaments_at_table(db_, *s->table_id); !ended)
          return std::unexpected(message(ended.error()));
    }
    if (why.empty()) {
      auto games = db::list_games(db_, s->id);
      if (!games) return std::unexpected(message(games.error()));
      if (std::ssize(*games) >= s->deals) {
        if (auto done = db::complete_series(db_, s->id); !done) return std::unexpected(message(done.error()));
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
    if (auto closed = db::abort_series(db_, s->id); !closed) return std::unexpected(message(closed.error()));
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
  if (!counted) return std::unexpected(message(counted.error()));
  u.so_far.series_index = earlier;
  return u;
}

std::expected<std::int64_t, std::string> DatabaseStore::create_tournament(const db::TournamentRecord& record) {
  auto id = db::create_tournament(db_, record);
  if (!id) return std::unexpected(message(id.error()));
  return *id;
}

std::expected<void, std::string> DatabaseStore::add_tournament_table(std::int64_t id,
                                                                     const db::TournamentTable& table) {
  auto done = db::add_tournament_table(db_, id, table);
  if (!done) return std::unexpected(message(done.error()));
  return {};
}

std::expected<void, std::string> DatabaseStore::update_tournament(std::int64_t id, const db::TournamentProgress& p) {
  auto done = db::update_tournament(db_, id, p);
  if (!done) return std::unexpected(message(done.error()));
  return {};
}

std::expected<std::vector<db::TournamentRecord>, std::string> DatabaseStore::tournaments(int limit) {
  auto list = db::list_tournaments(db_, limit);
  if (!list) return std::unexpected(message(list.error()));
  return std::move(*list);
}

std::expected<std::pair<db::TournamentRecord, std::vector<db::TournamentTable>>, std::string> DatabaseStore::tournament(
    std::int64_t id) {
  auto record = db::get_tournament(db_, id);
  if (!record) return std::unexpected(message(record.error()));
  auto tables = db::tournament_tables(db_, id);
  if (!tables) return std::unexpected(message(tables.error()));
  return std::pair{std::move(*record), std::move(*tables)};
}

}  // namespace skat::app
