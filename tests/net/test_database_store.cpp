// The SQLite store as the server uses it: a table's finished game is stored with what the table
// saw happen (here: moves made by the server after the move clock ran out), and a guest's session
// token is still valid after a restart (only its hash is stored).
#include <gtest/gtest.h>

#include <filesystem>

#include "db/games.h"
#include "db/migrations.h"
#include "db/series.h"
#include "server/store/database_store.h"
#include "server/table/table.h"
#include "tests/support/test_store.h"

namespace {

using namespace std::chrono_literals;
namespace table = skat::table;

TEST(DatabaseStore, AGameWithTimeoutsStoresThemPerSeat) {
  const std::filesystem::path file = std::filesystem::path(testing::TempDir()) / "skat_store_timeouts.sqlite";
  std::filesystem::remove(file);
  const std::string path = skat::test::fresh_store(file.string());
  auto store = skat::app::DatabaseStore::open(path);
  ASSERT_TRUE(store) << store.error().message;

  table::TableConfig config;
  config.deals = 1;
  config.human_move_ms = 1000;
  config.deal_source = [](int) { return std::uint64_t{12345}; };
  const auto id = (*store)->create_table(config);
  ASSERT_TRUE(id) << id.error().message;
  table::Table t(*id, config);
  table::TimePoint now = table::Clock::now();
  for (int seat = 0; seat < 3; ++seat) {
    const auto guest = (*store)->create_guest("timeout-" + std::to_string(seat));
    ASSERT_TRUE(guest) << guest.error().message;
    ASSERT_TRUE(t.sit(seat, table::Participant{guest->player_id, guest->name, false, ""}, now));
  }
  ASSERT_TRUE(t.start_series(0, now));
  // Seat 2 (rearhand) passes itself; every other move is a timeout: middlehand and forehand pass.
  now += 1s;
  t.on_clock(now);  // middlehand (seat 1) times out: pass
  const auto pass = skat::protocol::parse_client_message(R"({"type":"pass","table":)" + std::to_string(*id) + "}");
  ASSERT_TRUE(pass);
  t.command(2, *skat::protocol::body_as<skat::protocol::GameCommand>(pass->body), now);
  std::vector<table::FinishedGame> games;
  for (int i = 0; i < 100 && t.series_running(); ++i) {
    now += 1s;
    auto out = t.on_clock(now);
    for (auto& g : out.games) games.push_back(std::move(g));
  }
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].timeouts, (std::array<int, 3>{1, 1, 0}));
  ASSERT_TRUE((*store)->save_game(games[0]));

  auto c = skat::db::open_database(path);
  ASSERT_TRUE(c);
  skat::db::SeriesFilter filter;
  filter.table_id = *id;
  const auto series = skat::db::list_series(*c, filter);
  ASSERT_TRUE(series);
  ASSERT_EQ(series->size(), 1u);
  const auto stored = skat::db::list_games(*c, series->front().id);
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  EXPECT_EQ(stored->front().timeouts, (std::array<int, 3>{1, 1, 0}));
  EXPECT_EQ(stored->front().replaced, (std::array<bool, 3>{false, false, false}));
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

}  // namespace
