// The series a killed server left running, as the SQLite store recovers them at the next start:
// an ordinary series is handed back to be resumed (and its next games join the same record), a
// series with every deal stored is finished, a tournament table's series is aborted.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <thread>

#include "db/games.h"
#include "db/migrations.h"
#include "db/node_lock.h"
#include "db/series.h"
#include "db/tournaments.h"
#include "engine/records/pgn.h"
#include "server/store/database_store.h"
#include "tests/server/table_test_support.h"
#include "tests/support/test_store.h"

namespace {

namespace fs = std::filesystem;
using namespace skat;
using table::test::BotDriver;

constexpr int kDeals = 6;

std::string fresh_db(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("skat_series_recovery_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return test::fresh_store((dir / "skat.db").string());
}

std::unique_ptr<app::DatabaseStore> open_store(const std::string& path) {
  auto store = app::DatabaseStore::open(path);
  if (!store) throw std::runtime_error(store.error().message);
  return std::move(*store);
}

table::Participant participant(const app::Identity& who, std::string kind = {}) {
  return table::Participant{who.player_id, who.name, who.bot, std::move(kind)};
}

struct Played {
  table::TableId table = 0;
  std::array<table::Participant, 3> seats{};
  std::vector<table::FinishedGame> games;
  table::FinishedSeries series;
};

// A whole series of kDeals deals at a table the store created, played by bots; nothing stored yet.
Played play_series(app::DatabaseStore& store, const std::array<table::Participant, 3>& seats, std::uint64_t seed,
                   const std::string& private_key = {}) {
  table::TableConfig config;
  config.deals = kDeals;
  config.event = "Recovery";
  config.deal_source = table::test::seeded_deals(seed);
  Played p;
  p.table = store.create_table(config, private_key).value();
  p.seats = seats;
  table::Table t(p.table, config);
  table::TimePoint now = table::test::t0();
  for (int s = 0; s < 3; ++s) EXPECT_TRUE(t.sit(s, seats[static_cast<std::size_t>(s)], now));
  BotDriver driver(seed);
  driver.run(t, t.start_series(0, now).value(), now);
  p.games = std::move(driver.games_);
  p.series = driver.series_.at(0);
  return p;
}

std::array<table::Participant, 3> three_players(app::DatabaseStore& store, const std::string& prefix) {
  const auto bot = store.create_bot(prefix + "-bot", "simple").value();
  return {participant(store.create_guest(prefix + "-ann").value()),
          participant(store.create_guest(prefix + "-bob").value()),
          table::Participant{bot.player_id, bot.name, true, "simple"}};
}

db::SeriesRecord series_at(const std::string& path, table::TableId table) {
  auto c = db::open_database(path).value();
  db::SeriesFilter filter;
  filter.table_id = table;
  auto list = db::list_series(c, filter).value();
  EXPECT_EQ(list.size(), 1u);
  return list.at(0);
}

// A private table's series comes back private: the resumed table keeps the key of its link.
TEST(SeriesRecovery, APrivateTableComesBackWithItsKey) {
  const std::string path = fresh_db("private");
  const std::string key(64, 'k');
  {
    auto store = open_store(path);
    const Played played = play_series(*store, three_players(*store, "p"), 12, key);
    ASSERT_TRUE(store->save_game(played.games[0]));
    const Played open = play_series(*store, three_players(*store, "o"), 13);
    ASSERT_TRUE(store->save_game(open.games[0]));
  }
  const auto recovery = open_store(path)->recover_unfinished_series();
  ASSERT_TRUE(recovery) << recovery.error().message;
  ASSERT_EQ(recovery->resumable.size(), 2u);
  std::set<std::string> keys;
  for (const app::UnfinishedSeries& u : recovery->resumable) keys.insert(u.private_key);
  EXPECT_EQ(keys, (std::set<std::string>{key, ""}));
}

TEST(SeriesRecovery, ARunningSeriesComesBackAndItsNextGamesJoinTheSameRecord) {
  const std::string path = fresh_db("resume");
  Played played;
  {
    auto store = open_store(path);
    played = play_series(*store, three_players(*store, "r"), 11);
    for (int g = 0; g < 3; ++g) ASSERT_TRUE(store->save_game(played.games[static_cast<std::size_t>(g)]));
  }  // the process dies: three games stored, the series running
  auto store = open_store(path);
  const auto recovery = store->recover_unfinished_series();
  ASSERT_TRUE(recovery) << recovery.error().message;
  EXPECT_EQ(recovery->aborted, 0);
  EXPECT_EQ(recovery->completed, 0);
  ASSERT_EQ(recovery->resumable.size(), 1u);
  const app::UnfinishedSeries& u = recovery->resumable[0];
  EXPECT_EQ(u.table, played.table);
  EXPECT_EQ(u.deals, kDeals);
  EXPECT_EQ(u.event, "Recovery");
  EXPECT_EQ(u.so_far.series_index, 0);
  EXPECT_EQ(u.so_far.seats, played.seats);  // the bot with its kind
  ASSERT_EQ(u.so_far.games.size(), 3u);
  for (std::size_t g = 0; g < 3; ++g) EXPECT_EQ(write_pgn_game(u.so_far.games[g]), played.games[g].pgn_line);
  EXPECT_EQ(series_at(path, played.table).status, db::SeriesStatus::Running);

  // The resumed table's next games and its end go to the same series row.
  for (std::size_t g = 3; g < played.games.size(); ++g) ASSERT_TRUE(store->save_game(played.games[g]));
  ASSERT_TRUE(store->save_series(played.series));
  const db::SeriesRecord done = series_at(path, played.table);
  EXPECT_EQ(done.status, db::SeriesStatus::Finished);
  EXPECT_EQ(done.games_played, kDeals);
  EXPECT_EQ(done.pgn, played.series.pgn);
  // Nothing is left to recover.
  auto again = open_store(path)->recover_unfinished_series();
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->resumable.empty());
  EXPECT_EQ(again->aborted + again->completed, 0);
}

TEST(SeriesRecovery, CompleteSeriesAreFinishedAndTournamentSeriesAborted) {
  const std::string path = fresh_db("kinds");
  Played complete, tournament, ordinary;
  {
    auto store = open_store(path);
    complete = play_series(*store, three_players(*store, "c"), 21);
    tournament = play_series(*store, three_players(*store, "t"), 22);
    ordinary = play_series(*store, three_players(*store, "o"), 23);
    for (const table::FinishedGame& g : complete.games) ASSERT_TRUE(store->save_game(g));
    for (int g = 0; g < 2; ++g) ASSERT_TRUE(store->save_game(tournament.games[static_cast<std::size_t>(g)]));
    ASSERT_TRUE(store->save_game(ordinary.games[0]));
    db::TournamentRecord record;
    record.mode = "server";
    record.a = "simple";
    record.b = "random";
    record.deals = 2;
    record.seatings = "2:1";
    const auto id = store->create_tournament(record).value();
    ASSERT_TRUE(store->add_tournament_table(id, db::TournamentTable{tournament.table, 1, 0, 0, {}}));
  }
  auto store = open_store(path);
  const auto recovery = store->recover_unfinished_series();
  ASSERT_TRUE(recovery) << recovery.error().message;
  EXPECT_EQ(recovery->completed, 1);
  EXPECT_EQ(recovery->aborted, 1);
  ASSERT_EQ(recovery->resumable.size(), 1u);
  EXPECT_EQ(recovery->resumable[0].table, ordinary.table);
  EXPECT_EQ(recovery->resumable[0].so_far.games.size(), 1u);

  const db::SeriesRecord finished = series_at(path, complete.table);
  EXPECT_EQ(finished.status, db::SeriesStatus::Finished);
  EXPECT_EQ(finished.games_played, kDeals);
  EXPECT_EQ(finished.seats[0].score, complete.series.scores[0].score);
  const db::SeriesRecord aborted = series_at(path, tournament.table);
  EXPECT_EQ(aborted.status, db::SeriesStatus::Aborted);
  EXPECT_EQ(aborted.games_played, 2);
  EXPECT_EQ(store->tournaments(10).value().at(0).status, "aborted");
}

}  // namespace

namespace {

// Two nodes share the database (docs/scaling.md): a node that restarts resumes only its own
// series; one that died is taken over by the other once its heartbeat is silent, never while it
// beats; the heir resumes the series, and its next games join the same record.
TEST(SeriesRecovery, NodesResumeTheirOwnSeriesAndTakeOverASilentNode) {
  using namespace std::chrono_literals;
  const std::string path = fresh_db("nodes");
  Played on_a, on_b;
  {
    auto a = open_store(path);
    ASSERT_TRUE(a->join_as_node("a", 20ms));
    auto b = open_store(path);
    ASSERT_TRUE(b->join_as_node("b", 20ms));
    on_a = play_series(*a, three_players(*a, "na"), 21);
    on_b = play_series(*b, three_players(*b, "nb"), 22);
    for (int g = 0; g < 2; ++g) {
      ASSERT_TRUE(a->save_game(on_a.games[static_cast<std::size_t>(g)]));
      ASSERT_TRUE(b->save_game(on_b.games[static_cast<std::size_t>(g)]));
    }
    // While a beats, b takes nothing of it.
    std::this_thread::sleep_for(60ms);
    EXPECT_EQ(b->take_over("a", 1000ms).value(), 0);
  }  // both processes die
  auto b = open_store(path);
  ASSERT_TRUE(b->join_as_node("b", 20ms));
  const auto own = b->recover_unfinished_series();
  ASSERT_TRUE(own) << own.error().message;
  ASSERT_EQ(own->resumable.size(), 1u);  // its own series, not a's
  EXPECT_EQ(own->resumable[0].table, on_b.table);
  EXPECT_EQ(own->aborted, 0);

  std::this_thread::sleep_for(120ms);  // a stays silent
  const auto moved = b->take_over("a", 100ms);
  ASSERT_TRUE(moved) << moved.error().message;
  EXPECT_EQ(*moved, 1);
  const auto adopted = b->recover_unfinished_series();
  ASSERT_TRUE(adopted) << adopted.error().message;
  std::set<table::TableId> tables;
  for (const app::UnfinishedSeries& u : adopted->resumable) tables.insert(u.table);
  EXPECT_EQ(tables, (std::set<table::TableId>{on_a.table, on_b.table}));
  for (std::size_t g = 2; g < on_a.games.size(); ++g) ASSERT_TRUE(b->save_game(on_a.games[g]));
  ASSERT_TRUE(b->save_series(on_a.series));
  const db::SeriesRecord done = series_at(path, on_a.table);
  EXPECT_EQ(done.status, db::SeriesStatus::Finished);
  EXPECT_EQ(done.games_played, kDeals);
  EXPECT_EQ(done.pgn, on_a.series.pgn);
}

// A node is gone only when its process is: one whose heartbeat stopped while it still holds its
// lock (db/node_lock.h: stuck, or slow to beat) keeps its tables; the single node ('') restarting
// on the same database resumes none of a named node's series; once the silent node's lock is
// released (its process ended), the heir takes its table over.
TEST(SeriesRecovery, ASilentNodeThatStillHoldsItsLockKeepsItsTables) {
  using namespace std::chrono_literals;
  const std::string path = fresh_db("held");
  std::optional<db::NodeLock> a_lock = db::NodeLock::acquire(path, "a").value();
  Played on_a;
  {
    auto a = open_store(path);
    ASSERT_TRUE(a->join_as_node("a", 20ms));
    on_a = play_series(*a, three_players(*a, "ha"), 23);
    ASSERT_TRUE(a->save_game(on_a.games[0]));
  }  // a's heartbeat stops; its process (the lock) lives on
  auto b = open_store(path);
  ASSERT_TRUE(b->join_as_node("b", 20ms, 100ms));
  std::this_thread::sleep_for(150ms);
  EXPECT_EQ(b->take_over("a", 100ms).value(), 0);
  const auto silent = b->take_over_silent_nodes();
  ASSERT_TRUE(silent) << silent.error().message;
  EXPECT_TRUE(silent->resumable.empty());
  {
    auto single = open_store(path);
    const auto none = single->recover_unfinished_series();
    ASSERT_TRUE(none) << none.error().message;
    EXPECT_TRUE(none->resumable.empty());
    EXPECT_EQ(none->aborted, 0);
  }
  EXPECT_EQ(series_at(path, on_a.table).status, db::SeriesStatus::Running);

  a_lock.reset();  // a's process ended
  const auto adopted = b->take_over_silent_nodes();
  ASSERT_TRUE(adopted) << adopted.error().message;
  ASSERT_EQ(adopted->resumable.size(), 1u);
  EXPECT_EQ(adopted->resumable[0].table, on_a.table);
}

}  // namespace
