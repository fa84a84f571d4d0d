// The database writer when the store refuses writes (a full disk, a locked database): nothing is
// dropped, the order is kept, health() says what waits and why, and everything is saved once the
// store takes writes again.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "engine/deal.h"
#include "server/app/db_writer.h"
#include "server/app/memory_store.h"
#include "tests/support/eventually.h"

namespace {

using namespace std::chrono_literals;

class RefusingStore : public skat::app::MemoryStore {
 public:
  std::expected<void, std::string> save_game(const skat::table::FinishedGame& game) override {
    if (full) return std::unexpected("full: database or disk is full");
    std::lock_guard lock(mutex);
    saved.push_back(game.pgn_line);
    return {};
  }
  std::atomic<bool> full = false;
  std::mutex mutex;
  std::vector<std::string> saved;
};

skat::table::FinishedGame game(int index) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(index) + 1);
  skat::table::FinishedGame g{.table = 7,
                              .game_index = index,
                              .game = skat::Game(skat::random_deal(rng)),
                              .pgn = {},
                              .pgn_line = "line " + std::to_string(index),
                              .events = {},
                              .result = {}};
  return g;
}

template <class F>
bool eventually(F ready) {
  return skat::test::eventually(ready, 30s);
}

TEST(DbWriter, RefusedGamesWaitInOrderAndAreSavedWhenTheStoreTakesThemAgain) {
  RefusingStore store;
  skat::app::DbWriter writer(store);
  writer.save_game(game(0));
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(store.mutex);
    return store.saved.size() == 1;
  }));
  EXPECT_EQ(writer.health().unsaved, 0u);
  EXPECT_TRUE(writer.health().error.empty());

  store.full = true;
  writer.save_game(game(1));
  writer.save_game(game(2));
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 2; }));
  EXPECT_NE(writer.health().error.find("disk is full"), std::string::npos);
  store.full = false;
  writer.save_game(game(3));  // arrives while 1 and 2 wait: saved after them
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 0; }));
  EXPECT_TRUE(writer.health().error.empty());
  writer.stop();
  EXPECT_EQ(store.saved, (std::vector<std::string>{"line 0", "line 1", "line 2", "line 3"}));
}

TEST(DbWriter, AStopTriesTheWaitingWritesOnceMore) {
  RefusingStore store;
  skat::app::DbWriter writer(store);
  store.full = true;
  writer.save_game(game(0));
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 1; }));
  store.full = false;
  writer.stop();  // before the retry period is over
  EXPECT_EQ(store.saved, std::vector<std::string>{"line 0"});
}

}  // namespace
