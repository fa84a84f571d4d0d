// The purge of unused guests by both stores (MemoryStore, DatabaseStore), at explicit times: a guest
// who never played goes once it is older than the cut-off, with its session; guests who played a
// game stay, and so do, for one purge, those the hub keeps (online, seated) and those who signed
// in since the previous purge.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "server/store/database_store.h"
#include "server/store/memory_store.h"
#include "server/table/table.h"
#include "tests/support/test_store.h"

namespace {

using namespace std::chrono_literals;
namespace app = skat::app;
namespace table = skat::table;

// The store under test: one object behind the two interfaces the test uses.
struct StoreUnderTest {
  std::shared_ptr<void> owner;
  app::IdentityStore* identities = nullptr;
  app::RecordStore* records = nullptr;
};

template <class S>
StoreUnderTest under_test(std::unique_ptr<S> store) {
  StoreUnderTest out{nullptr, store.get(), store.get()};
  out.owner = std::move(store);
  return out;
}

// "memory" or "database" (a fresh SQLite file, or a fresh PostgreSQL schema in the ".pg" copy).
StoreUnderTest make_store(const std::string& kind) {
  if (kind == "memory") return under_test(std::make_unique<app::MemoryStore>());
  const std::filesystem::path path = std::filesystem::path(testing::TempDir()) / "skat_guest_purge.sqlite";
  std::filesystem::remove(path);
  auto store = app::DatabaseStore::open(skat::test::fresh_store(path.string()));
  EXPECT_TRUE(store) << store.error().message;
  return store ? under_test(std::move(*store)) : StoreUnderTest{};
}

class GuestPurge : public testing::TestWithParam<std::string> {};

// A guest with its session token.
std::pair<app::Identity, std::string> guest(app::IdentityStore& store, const std::string& name) {
  auto who = store.create_guest(name);
  EXPECT_TRUE(who) << who.error().message;
  auto token = store.create_session(who->player_id);
  EXPECT_TRUE(token) << token.error().message;
  return {*who, *token};
}

// One game of three guests, every move a timeout, saved by the store.
void play_one_game(app::RecordStore& store, const std::array<app::Identity, 3>& players) {
  table::TableConfig config;
  config.deals = 1;
  config.human_move_ms = 1000;
  config.deal_source = [](int) { return std::uint64_t{12345}; };
  const auto id = store.create_table(config, {});
  ASSERT_TRUE(id) << id.error().message;
  table::Table t(*id, config);
  table::TimePoint now = table::Clock::now();
  for (int seat = 0; seat < 3; ++seat) {
    const app::Identity& p = players[static_cast<std::size_t>(seat)];
    ASSERT_TRUE(t.sit(seat, table::Participant{p.player_id, p.name, false, ""}, now));
  }
  ASSERT_TRUE(t.start_series(0, now));
  std::vector<table::FinishedGame> games;
  for (int i = 0; i < 200 && t.series_running(); ++i) {
    now += 1s;
    for (auto& g : t.on_clock(now).games) games.push_back(std::move(g));
  }
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(store.save_game(games[0]));
}

TEST_P(GuestPurge, GuestsWhoNeverPlayedGoAfterTheCutOffAndPlayersStay) {
  const auto store = make_store(GetParam());
  ASSERT_TRUE(store.owner);
  const auto [a, a_token] = guest(*store.identities, "player-a");
  const auto [b, b_token] = guest(*store.identities, "player-b");
  const auto [c, c_token] = guest(*store.identities, "player-c");
  play_one_game(*store.records, {a, b, c});
  const auto [idle, idle_token] = guest(*store.identities, "idle");
  const auto [online, online_token] = guest(*store.identities, "online");
  const auto [back, back_token] = guest(*store.identities, "back");

  // Now, with the cut-off a week back, nobody is old enough and every session is valid.
  const skat::db::Timestamp now = skat::db::now();
  const auto none = store.identities->purge_unused_guests(now, now - std::chrono::days(7), {});
  ASSERT_TRUE(none) << none.error().message;
  EXPECT_EQ(*none, 0);

  // A week and a day later (no session has expired yet): the idle guest goes; the online one is
  // kept by the hub, and `back` signed in since the previous purge.
  const skat::db::Timestamp later = now + std::chrono::days(8);
  const skat::db::Timestamp cut_off = later - std::chrono::days(7);
  ASSERT_TRUE(store.identities->verify_session(back_token));
  const auto first = store.identities->purge_unused_guests(later, cut_off, {online.player_id});
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(*first, 1);
  // The next purge keeps neither of them any more.
  const auto second = store.identities->purge_unused_guests(later, cut_off, {});
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(*second, 2);
  for (const std::string& token : {idle_token, online_token, back_token})
    EXPECT_FALSE(store.identities->verify_session(token)) << "a purged guest's session goes with it";
  for (const std::string& token : {a_token, b_token, c_token})
    EXPECT_TRUE(store.identities->verify_session(token)) << "guests who played stay";
  const auto third = store.identities->purge_unused_guests(later, cut_off, {});
  ASSERT_TRUE(third) << third.error().message;
  EXPECT_EQ(*third, 0);
}

INSTANTIATE_TEST_SUITE_P(Stores, GuestPurge, testing::Values("memory", "database"),
                         [](const testing::TestParamInfo<std::string>& param) { return param.param; });

}  // namespace
