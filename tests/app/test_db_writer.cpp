// The database writer when the store refuses writes (a full disk, a locked database): nothing is
// dropped, the order is kept, health() says what waits and why, and everything is saved once the
// store takes writes again; a record the store refuses as it is goes aside at once. With a write
// journal every game is in its file until stored, and what a stopped writer could not store is
// stored from the file by the next start (records as JSON and back, unchanged).
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "engine/deal.h"
#include "server/store/db_writer.h"
#include "server/store/memory_store.h"
#include "server/store/record_json.h"
#include "server/store/write_journal.h"
#include "server/table/table.h"
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

namespace {

// Real games of a real table: folded deals, every clock running out.
std::vector<skat::table::FinishedGame> played_games(int n,
                                                    std::optional<skat::table::FinishedSeries>* series = nullptr) {
  using namespace skat::table;
  TableConfig config;
  config.deals = n;
  config.human_move_ms = 1000;
  config.timeouts_before_gone = 0;
  Table t(7, config);
  TimePoint now = Clock::now();
  for (int seat = 0; seat < 3; ++seat)
    EXPECT_TRUE(t.sit(seat, Participant{seat + 1, "p" + std::to_string(seat + 1), false, ""}, now));
  EXPECT_TRUE(t.start_series(0, now));
  std::vector<FinishedGame> games;
  for (int i = 0; i < 1000 && t.series_running(); ++i) {
    now += 1s;
    auto out = t.on_clock(now);
    for (auto& g : out.games) games.push_back(std::move(g));
    if (series && out.series) *series = std::move(out.series);
  }
  return games;
}

std::size_t lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

std::filesystem::path journal_file(const char* name) {
  const auto file = std::filesystem::path(testing::TempDir()) / name;
  std::filesystem::remove(file);
  return file;
}

}  // namespace

TEST(RecordJson, AGameAndASeriesComeBackAsTheyWere) {
  std::optional<skat::table::FinishedSeries> series;
  const auto games = played_games(2, &series);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(series);
  for (const auto& g : games) {
    const auto back = skat::app::finished_game_from_json(skat::app::finished_game_json(g));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->table, g.table);
    EXPECT_EQ(back->game_index, g.game_index);
    EXPECT_EQ(back->deal_id, g.deal_id);
    EXPECT_EQ(back->seats, g.seats);
    EXPECT_EQ(back->game.history(), g.game.history());
    EXPECT_EQ(back->pgn, g.pgn);
    EXPECT_EQ(back->pgn_line, g.pgn_line);
    EXPECT_EQ(back->events, g.events);
    EXPECT_EQ(back->points, g.points);
    EXPECT_EQ(back->timeouts, g.timeouts);
    EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(back->series_started - g.series_started).count(),
              0);
    EXPECT_EQ(back->series_deals, 2);
  }
  const auto back = skat::app::finished_series_from_json(skat::app::finished_series_json(*series));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->pgn, series->pgn);
  EXPECT_EQ(back->series, series->series);
  EXPECT_EQ(back->scores, series->scores);
  EXPECT_FALSE(skat::app::finished_game_from_json(nlohmann::json{{"table", 1}}));
}

// A game at a table with Kontra (its Kontra among the actions) and a seat a substitute played.
TEST(RecordJson, AKontraGameAndItsSubstituteComeBack) {
  using namespace skat;
  std::mt19937_64 rng(5);
  const Deal deal = random_deal(rng);
  Game game(deal, TableRules{.kontra = true});
  for (int step = 0; step < 200 && !game.finished(); ++step) {
    std::optional<Action> next;
    for (int pos = 0; pos < 3 && !next; ++pos)
      for (const Action& a : game.legal_actions(pos))
        if (a.kind == ActionKind::Kontra) next = a;
    for (const Action& a : game.legal_actions(game.to_act()))
      if (!next && a.kind != ActionKind::Concede && a.kind != ActionKind::Kontra && a.kind != ActionKind::Re) next = a;
    ASSERT_TRUE(next);
    ASSERT_TRUE(game.apply(*next));
  }
  ASSERT_TRUE(game.finished());
  ASSERT_EQ(game.doubling(), Doubling::Kontra);
  const PgnGame line = pgn_game_from(game, 0, {});
  table::FinishedGame g{.table = 7,
                        .game_index = 0,
                        .deal_id = deal_id(deal),
                        .game = game,
                        .pgn = line,
                        .pgn_line = write_pgn_game(line),
                        .events = nlohmann::json::array(),
                        .result = {},
                        .replaced = {false, true, false},
                        .substitutes = {std::nullopt, table::Participant{9, "house-1", true, "simple"}, std::nullopt}};
  const auto back = app::finished_game_from_json(app::finished_game_json(g));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->game.history(), game.history());
  EXPECT_EQ(back->game.doubling(), Doubling::Kontra);
  EXPECT_EQ(back->replaced, g.replaced);
  EXPECT_EQ(back->substitutes, g.substitutes);
}

// The database refused every game until the process stopped: they are in the journal, and the
// next start stores them, in order, and empties it.
TEST(WriteJournal, WhatTheStoreRefusedUntilTheStopIsStoredAtTheNextStart) {
  const auto file = journal_file("skat_journal_refused.jsonl");
  auto games = played_games(3);
  ASSERT_EQ(games.size(), 3u);
  std::vector<std::string> lines;
  for (const auto& g : games) lines.push_back(g.pgn_line);
  {
    auto journal = skat::app::WriteJournal::open(file.string());
    ASSERT_TRUE(journal) << journal.error();
    RefusingStore store;
    store.full = true;
    skat::app::DbWriter writer(store, 20ms, journal->get());
    for (auto& g : games) writer.save_game(std::move(g));
    EXPECT_EQ(lines_of(file), 3u);  // in the file before save_game returned
    EXPECT_TRUE(eventually([&] { return writer.health().unsaved == 3; }));
    writer.stop();
    EXPECT_TRUE(store.saved.empty());
  }
  EXPECT_EQ(lines_of(file), 3u);
  RefusingStore next;
  next.full = true;  // still full: the journal stays as it is
  EXPECT_FALSE(skat::app::replay_write_journal(file.string(), next));
  EXPECT_EQ(lines_of(file), 3u);
  next.full = false;
  const auto stored = skat::app::replay_write_journal(file.string(), next);
  ASSERT_TRUE(stored) << stored.error();
  EXPECT_EQ(*stored, 3);
  EXPECT_EQ(next.saved, lines);
  EXPECT_EQ(lines_of(file), 0u);
}

TEST(WriteJournal, IsEmptiedOnceTheStoreHasEverything) {
  const auto file = journal_file("skat_journal_stored.jsonl");
  auto journal = skat::app::WriteJournal::open(file.string());
  ASSERT_TRUE(journal) << journal.error();
  RefusingStore store;
  skat::app::DbWriter writer(store, 20ms, journal->get());
  for (auto& g : played_games(2)) writer.save_game(std::move(g));
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(store.mutex);
    return store.saved.size() == 2;
  }));
  writer.stop();
  EXPECT_EQ(lines_of(file), 0u);
  // A last line cut short (the process died while writing it) was never acknowledged: left out.
  { std::ofstream(file) << skat::app::finished_game_json(played_games(1).front()).dump() << "\n{\"kind\":\"ga"; }
  const auto read = skat::app::WriteJournal::read(file.string());
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->size(), 1u);
}
