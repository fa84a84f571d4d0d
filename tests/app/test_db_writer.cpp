// The database writer when the store refuses writes (a full disk, a locked database): nothing is
// dropped, the order is kept, health() says what waits and why, and everything is saved once the
// store takes writes again; a record the store refuses as it is goes aside at once.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "engine/deal.h"
#include "server/store/db_writer.h"
#include "server/store/memory_store.h"
#include "tests/support/eventually.h"

namespace {

using namespace std::chrono_literals;

class RefusingStore : public skat::app::MemoryStore {
 public:
  skat::app::StoreResult<void> save_game(const skat::table::FinishedGame& game) override {
    if (full) return std::unexpected(skat::app::StoreError{failure, "full: database or disk is full"});
    std::lock_guard lock(mutex);
    saved.push_back(game.pgn_line);
    return {};
  }
  std::atomic<bool> full = false;
  skat::app::StoreError::Kind failure = skat::app::StoreError::Kind::Unavailable;  // how it fails while full
  std::mutex mutex;
  std::vector<std::string> saved;
};

skat::table::FinishedGame game(int index, skat::table::TableId table = 7) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(index) + 1);
  skat::table::FinishedGame g{
      .table = table,
      .game_index = index,
      .game = skat::Game(skat::random_deal(rng)),
      .pgn = {},
      .pgn_line = table == 7 ? "line " + std::to_string(index) : std::to_string(table) + "/" + std::to_string(index),
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

// The store refuses game 1 of table 9 forever (say, larger than the database may grow) and takes
// everything else.
class OneBadWriteStore : public skat::app::MemoryStore {
 public:
  skat::app::StoreResult<void> save_game(const skat::table::FinishedGame& game) override {
    if (game.table == 9 && game.game_index == 1) {
      ++refusals;
      return std::unexpected(skat::app::StoreError{failure, message});
    }
    std::lock_guard lock(mutex);
    saved.push_back(game.pgn_line);
    return {};
  }
  std::vector<std::string> saved_now() {
    std::lock_guard lock(mutex);
    return saved;
  }
  skat::app::StoreError::Kind failure = skat::app::StoreError::Kind::Unavailable;  // how it refuses game 1
  std::string message = "database or disk is full";
  std::atomic<int> refusals = 0;
  std::mutex mutex;
  std::vector<std::string> saved;
};

TEST(DbWriter, AWriteTheStoreKeepsRefusingAloneIsSetAsideAndHoldsNothingBack) {
  OneBadWriteStore store;
  skat::app::DbWriter writer(store, 10ms);
  writer.save_game(game(0, 9));
  writer.save_game(game(1, 9));  // refused, again and again
  writer.save_game(game(2, 9));  // waits behind it: a table's records keep their order
  writer.save_game(game(0, 8));  // another table's: saved at once
  EXPECT_TRUE(eventually([&] {
    const auto saved = store.saved_now();
    return std::ranges::find(saved, "8/0") != saved.end();
  }));
  // The store takes the others while it refuses this one: it is set aside, the table goes on.
  EXPECT_TRUE(eventually([&] { return writer.health().set_aside == 1 && writer.health().unsaved == 0; }));
  EXPECT_NE(writer.health().set_aside_error.find("game 1 of table 9"), std::string::npos);
  writer.save_game(game(3, 9));
  writer.save_game(game(1, 8));
  EXPECT_TRUE(eventually([&] { return store.saved_now().size() == 5; }));
  EXPECT_EQ(writer.health().unsaved, 0u);
  writer.stop();
  EXPECT_EQ(store.saved, (std::vector<std::string>{"9/0", "8/0", "9/2", "9/3", "8/1"}));
  EXPECT_EQ(writer.health().set_aside, 1u);
}

TEST(DbWriter, NothingIsSetAsideWhileTheStoreRefusesEverything) {
  RefusingStore store;
  skat::app::DbWriter writer(store, 10ms);
  store.full = true;
  writer.save_game(game(0, 7));
  writer.save_game(game(0, 8));
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 2; }));
  std::this_thread::sleep_for(20 * skat::app::DbWriter::kSetAsideAfter * 10ms);  // many retries
  EXPECT_EQ(writer.health().set_aside, 0u);
  store.full = false;
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 0; }));
  writer.stop();
  EXPECT_EQ(store.saved.size(), 2u);
}

// A locked database (Busy) is waited for like a full disk: retried, never set aside.
TEST(DbWriter, ABusyDatabaseIsRetriedUntilItTakesTheWrites) {
  RefusingStore store;
  store.failure = skat::app::StoreError::Kind::Busy;
  skat::app::DbWriter writer(store, 10ms);
  store.full = true;
  writer.save_game(game(0, 7));
  writer.save_game(game(1, 7));
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 2; }));
  std::this_thread::sleep_for(20 * skat::app::DbWriter::kSetAsideAfter * 10ms);  // many retries
  EXPECT_EQ(writer.health().set_aside, 0u);
  store.full = false;
  EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 0; }));
  writer.stop();
  EXPECT_EQ(store.saved, (std::vector<std::string>{"line 0", "line 1"}));
}

// A record the store refuses as it is (not retryable) is set aside at once, without retries; its
// table's later records are saved meanwhile, and it is tried once more at the stop.
TEST(DbWriter, ARecordTheStoreRefusesAsItIsIsSetAsideAtOnce) {
  OneBadWriteStore store;
  store.failure = skat::app::StoreError::Kind::Invalid;
  store.message = "invalid: a seat's player is not known";
  skat::app::DbWriter writer(store, 10ms);
  writer.save_game(game(0, 9));
  writer.save_game(game(1, 9));  // refused as it is
  writer.save_game(game(2, 9));  // not held back by it
  EXPECT_TRUE(eventually([&] { return store.saved_now().size() == 2; }));
  EXPECT_EQ(writer.health().set_aside, 1u);
  EXPECT_EQ(writer.health().unsaved, 0u);
  EXPECT_TRUE(writer.health().error.empty());
  EXPECT_NE(writer.health().set_aside_error.find("game 1 of table 9: invalid: a seat's player is not known"),
            std::string::npos);
  std::this_thread::sleep_for(20 * skat::app::DbWriter::kSetAsideAfter * 10ms);  // retry periods pass
  EXPECT_EQ(store.refusals, 1);
  writer.stop();
  EXPECT_EQ(store.refusals, 2);  // the last try at the stop
  EXPECT_EQ(store.saved, (std::vector<std::string>{"9/0", "9/2"}));
}

}  // namespace
