// The SQLite store as the server uses it: a table's finished game is stored with what the table
// saw happen (here: moves made by the server after the move clock ran out), a guest's session
// token is still valid after a restart (only its hash is stored), and each failure has the kind its
// callers act on (a refusal is no retry's business; a database failure is); stored analyses give way
// to games in a full database.
#include <gtest/gtest.h>

#include <filesystem>

#include "db/game_analyses.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/series.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"
#include "server/table/table.h"
#include "tests/support/test_store.h"

namespace {

using namespace std::chrono_literals;
namespace table = skat::table;

// A fresh store in the temp file `name`, and a table of one fixed deal with a second's clock per
// move, created in it.
struct StoreAndTable {
  std::string path;
  std::unique_ptr<skat::app::DatabaseStore> store;
  table::TableConfig config;
  table::TableId id = 0;
};

StoreAndTable store_and_table(const std::string& name) {
  StoreAndTable out;
  const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / name;
  std::filesystem::remove(file);
  out.path = skat::test::fresh_store(file.string());
  auto store = skat::app::DatabaseStore::open(out.path);
  EXPECT_TRUE(store) << store.error().message;
  if (!store) return out;
  out.store = std::move(*store);
  out.config.deals = 1;
  out.config.human_move_ms = 1000;
  out.config.bot_move_ms = 1000;
  out.config.deal_source = [](int) { return std::uint64_t{12345}; };
  const auto id = out.store->create_table(out.config, {});
  EXPECT_TRUE(id) << id.error().message;
  out.id = id.value_or(0);
  return out;
}

// The clock plays the series out from `now` in steps of `step`; the games it finished.
std::vector<table::FinishedGame> play_out(table::Table& t, table::TimePoint now, std::chrono::seconds step) {
  std::vector<table::FinishedGame> games;
  for (int i = 0; i < 100 && t.series_running(); ++i) {
    now += step;
    auto out = t.on_clock(now);
    for (auto& g : out.games) games.push_back(std::move(g));
  }
  return games;
}

// The one series stored for table `id`, and its games, read back from the database.
std::pair<skat::db::SeriesRecord, std::vector<skat::db::GameRecord>> stored_series(const std::string& path,
                                                                                   table::TableId id) {
  auto c = skat::db::open_database(path);
  EXPECT_TRUE(c);
  if (!c) return {};
  skat::db::SeriesFilter filter;
  filter.table_id = id;
  const auto series = skat::db::list_series(*c, filter);
  EXPECT_TRUE(series && series->size() == 1u);
  if (!series || series->size() != 1u) return {};
  auto games = skat::db::list_games(*c, series->front().id);
  EXPECT_TRUE(games);
  return {series->front(), games.value_or(std::vector<skat::db::GameRecord>{})};
}

TEST(DatabaseStore, AGameWithTimeoutsStoresThemPerSeat) {
  StoreAndTable s = store_and_table("skat_store_timeouts.sqlite");
  ASSERT_TRUE(s.store);
  table::Table t(s.id, s.config);
  table::TimePoint now = table::Clock::now();
  for (int seat = 0; seat < 3; ++seat) {
    const auto guest = s.store->create_guest("timeout-" + std::to_string(seat));
    ASSERT_TRUE(guest) << guest.error().message;
    ASSERT_TRUE(t.sit(seat, table::Participant{guest->player_id, guest->name, false, ""}, now));
  }
  ASSERT_TRUE(t.start_series(0, now));
  // Seat 2 (rearhand) passes itself; every other move is a timeout: middlehand and forehand pass.
  now += 1s;
  t.on_clock(now);  // middlehand (seat 1) times out: pass
  const auto pass = skat::protocol::parse_client_message(R"({"type":"pass","table":)" + std::to_string(s.id) + "}");
  ASSERT_TRUE(pass);
  t.command(2, *skat::protocol::body_as<skat::protocol::GameCommand>(pass->body), now);
  const auto games = play_out(t, now, 1s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].timeouts, (std::array<int, 3>{1, 1, 0}));
  ASSERT_TRUE(s.store->save_game(games[0]));

  const auto [series, stored] = stored_series(s.path, s.id);
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored.front().timeouts, (std::array<int, 3>{1, 1, 0}));
  EXPECT_EQ(stored.front().replaced, (std::array<bool, 3>{false, false, false}));
}

// A person leaves at the first move and a substitute plays the game: the stored game marks the
// seat and names the substitute, who is credited with it.
TEST(DatabaseStore, AGameASubstitutePlayedNamesTheSubstitute) {
  StoreAndTable s = store_and_table("skat_store_substitute.sqlite");
  ASSERT_TRUE(s.store);
  table::Table t(s.id, s.config);
  table::TimePoint now = table::Clock::now();
  std::array<std::int64_t, 4> ids{};
  for (int p = 0; p < 4; ++p) {
    const auto guest = s.store->create_guest("sub-test-" + std::to_string(p));
    ASSERT_TRUE(guest) << guest.error().message;
    ids[static_cast<std::size_t>(p)] = guest->player_id;
  }
  for (int seat = 0; seat < 3; ++seat)
    ASSERT_TRUE(t.sit(seat, table::Participant{ids[static_cast<std::size_t>(seat)], "p", false, ""}, now));
  ASSERT_TRUE(t.start_series(0, now));
  ASSERT_TRUE(t.leave(2, now));
  ASSERT_TRUE(t.sit(2, table::Participant{ids[3], "stand-in", true, "simple"}, now));
  const auto games = play_out(t, now, 2s);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(s.store->save_game(games[0]));

  const auto [series, stored] = stored_series(s.path, s.id);
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored.front().replaced, (std::array<bool, 3>{false, false, true}));
  EXPECT_EQ(stored.front().substitutes[2], ids[3]);
  EXPECT_FALSE(stored.front().substitutes[0]);
  const skat::db::SeriesSeat& seat = series.seats[2];
  EXPECT_EQ(seat.player_id, ids[2]);  // the seat stays its player's
  EXPECT_EQ(seat.substitute.games, 1);
  ASSERT_EQ(seat.substitute.players.size(), 1u);
  EXPECT_EQ(seat.substitute.players[0].player_id, ids[3]);
}

// Anonymous analyses filled a database's quota and the next player's game was refused. Stored
// analyses take at most an eighth of the quota, the oldest making room, and a game the full
// database refuses first drops them all and is tried again.
TEST(DatabaseStore, AnalysesGiveWayToGamesInAFullDatabase) {
  SKAT_SQLITE_ONLY();  // the quota is an SQLite file's
  const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / "skat_store_analyses_quota.sqlite";
  std::filesystem::remove(file);
  constexpr std::uint64_t kQuota = std::uint64_t{1} << 20;
  auto store = skat::app::DatabaseStore::open(file.string(), kQuota);
  ASSERT_TRUE(store) << store.error().message;
  // Folded deals (every clock runs out), each saved the moment it ends.
  table::TableConfig config;
  config.deals = 5000;
  config.human_move_ms = 1000;
  config.timeouts_before_gone = 0;
  const auto id = (*store)->create_table(config, {});
  ASSERT_TRUE(id) << id.error().message;
  table::Table t(*id, config);
  table::TimePoint now = table::Clock::now();
  for (int seat = 0; seat < 3; ++seat) {
    const auto guest = (*store)->create_guest("quota-" + std::to_string(seat));
    ASSERT_TRUE(guest) << guest.error().message;
    ASSERT_TRUE(t.sit(seat, table::Participant{guest->player_id, guest->name, false, ""}, now));
  }
  ASSERT_TRUE(t.start_series(0, now));
  auto next_game = [&]() {
    for (;;) {
      now += 1s;
      auto out = t.on_clock(now);
      if (!out.games.empty()) return std::move(out.games.front());
    }
  };
  for (int i = 0; i < 40; ++i) ASSERT_TRUE((*store)->save_game(next_game())) << i;
  auto c = skat::db::open_database(file.string());
  ASSERT_TRUE(c);
  std::vector<std::int64_t> game_ids;
  {
    auto ids = c->statement("SELECT id FROM games ORDER BY id");
    ASSERT_TRUE(ids);
    while (*ids->step()) game_ids.push_back(ids->int64(0));
  }
  ASSERT_EQ(game_ids.size(), 40u);
  // 40 analyses of 60 KB each would take more than twice the quota: an eighth of it is kept, the
  // newest.
  const std::string body = "{\"x\":\"" + std::string(60'000, 'x') + "\"}";
  for (const std::int64_t game : game_ids) ASSERT_TRUE((*store)->save_analysis(game, 1, body)) << game;
  const auto held = skat::db::analyses_bytes(*c);
  ASSERT_TRUE(held);
  EXPECT_LE(*held, static_cast<std::int64_t>(kQuota / 8));
  EXPECT_GE(*held, static_cast<std::int64_t>(body.size()));
  EXPECT_TRUE(*skat::db::find_game_analysis(*c, game_ids.back(), 1));
  EXPECT_FALSE(*skat::db::find_game_analysis(*c, game_ids.front(), 1));
  // Games fill the rest: the analyses go before the first game is refused.
  int saved = 0;
  skat::app::StoreResult<void> last;
  while ((last = (*store)->save_game(next_game()))) ++saved;
  EXPECT_EQ(last.error().kind, skat::app::StoreError::Kind::Unavailable) << last.error().message;
  EXPECT_GT(saved, 0);
  EXPECT_EQ(*skat::db::analyses_bytes(*c), 0);
  EXPECT_TRUE(c->integrity_check());
}

TEST(DatabaseStore, AGuestSessionOutlivesARestart) {
  const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / "skat_store_sessions.sqlite";
  std::filesystem::remove(file);
  const std::string path = skat::test::fresh_store(file.string());
  std::string token;
  std::int64_t id = 0;
  {
    auto store = skat::app::DatabaseStore::open(path);
    ASSERT_TRUE(store) << store.error().message;
    const auto guest = (*store)->create_guest("carla");
    ASSERT_TRUE(guest) << guest.error().message;
    id = guest->player_id;
    const auto session = (*store)->create_session(id);
    ASSERT_TRUE(session) << session.error().message;
    token = *session;
    EXPECT_GE(token.size(), 32u);
  }
  auto store = skat::app::DatabaseStore::open(path);  // the server restarted
  ASSERT_TRUE(store) << store.error().message;
  const auto back = (*store)->verify_session(token);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->player_id, id);
  EXPECT_EQ(back->name, "carla");
  EXPECT_FALSE(back->bot);
  EXPECT_FALSE((*store)->verify_session(token + "0"));
  EXPECT_FALSE((*store)->verify_session(""));
}

using Kind = skat::app::StoreError::Kind;

TEST(DatabaseStore, EachFailureHasTheKindItsCallersActOn) {
  const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / "skat_store_errors.sqlite";
  std::filesystem::remove(file);
  auto opened = skat::app::DatabaseStore::open(skat::test::fresh_store(file.string()));
  ASSERT_TRUE(opened) << opened.error().message;
  skat::app::DatabaseStore& store = **opened;

  const auto session = store.verify_session("no-such-token");
  ASSERT_FALSE(session);
  EXPECT_EQ(session.error().kind, Kind::Unauthorized);
  EXPECT_EQ(session.error().message, "unknown or expired session");
  const auto bot = store.verify_bot("nobody", "no-token");
  ASSERT_FALSE(bot);
  EXPECT_EQ(bot.error().kind, Kind::Unauthorized);
  EXPECT_EQ(bot.error().message, "unknown bot or wrong token");

  ASSERT_TRUE(store.create_bot("house-1", "simple"));
  const auto taken = store.create_bot("HOUSE-1", "simple");
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().kind, Kind::Conflict);
  const auto owner = store.create_guest("owner");
  ASSERT_TRUE(owner) << owner.error().message;
  ASSERT_TRUE(store.create_owned_bot(owner->player_id, "owned-1", false, 1));
  const auto second = store.create_owned_bot(owner->player_id, "owned-2", false, 1);
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().kind, Kind::Quota);
  const auto missing = store.find_bot("nobody");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, Kind::NotFound);

  // A record refused as it is: retrying it cannot help.
  table::FinishedSeries series;
  series.table = 424242;
  const auto unstored = store.save_series(series);
  ASSERT_FALSE(unstored);
  EXPECT_EQ(unstored.error().kind, Kind::NotFound);
  EXPECT_FALSE(unstored.error().retryable());
  const auto ended = store.update_tournament(424242, {1, {}, "[]", "finished"});
  ASSERT_FALSE(ended);
  EXPECT_EQ(ended.error().kind, Kind::Invalid);
  EXPECT_FALSE(ended.error().retryable());
}

// The database's own failures are retryable; the refusals of a request or record are not.
TEST(DatabaseStore, DatabaseFailuresAreRetryableAndRefusalsAreNot) {
  using skat::db::DbErrc;
  for (const DbErrc code : {DbErrc::Busy, DbErrc::Full, DbErrc::Io, DbErrc::Engine, DbErrc::Corrupt})
    EXPECT_TRUE(skat::app::db_failure({code, "x"}).retryable()) << skat::db::to_string(code);
  for (const DbErrc code : {DbErrc::NotFound, DbErrc::AlreadyExists, DbErrc::Invalid, DbErrc::MissingRow,
                            DbErrc::Unauthorized, DbErrc::LimitReached})
    EXPECT_FALSE(skat::app::db_failure({code, "x"}).retryable()) << skat::db::to_string(code);
  EXPECT_EQ(skat::app::db_failure({DbErrc::Busy, "database is locked"}).kind, Kind::Busy);
  EXPECT_EQ(skat::app::db_failure({DbErrc::Busy, "database is locked"}).message, "busy: database is locked");
  EXPECT_EQ(skat::app::db_refusal({DbErrc::AlreadyExists, "the name is taken"}).message, "the name is taken");
  EXPECT_EQ(skat::app::db_refusal({DbErrc::Full, "disk full"}).message, "full: disk full");
}

}  // namespace
