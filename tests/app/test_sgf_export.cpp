// ISS SGF of server games carries the auction as played: games with scripted auctions (jump bids,
// holds, passes in every order) and seeded random ones are played at a table and stored through
// the SQLite store; the line the store writes, the export (db::export_sgf, the HTTP series and
// export downloads) and, for games stored without a line, the line rebuilt from the event log all
// have the event log's calls, one for one, and replay without mismatch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <expected>
#include <filesystem>

#include "db/export.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/series.h"
#include "engine/records/replay.h"
#include "server/http/database_read_model.h"
#include "server/table/game_log.h"
#include "tests/app/stored_server_games.h"
#include "tests/support/test_store.h"
#include "tests/support/text_lines.h"

namespace {

namespace fs = std::filesystem;
using namespace skat;
using app::test::auction_of;
using app::test::text_of;
using skat::test::lines_of;

std::string fresh_db(const std::string& name) {
  // The PostgreSQL copy of these tests runs beside them: a folder of its own.
  const char* pg = std::getenv("SKAT_TEST_POSTGRES");
  const fs::path dir = fs::path(testing::TempDir()) / ("skat_sgf_export_" + name + (pg && *pg ? "_pg" : ""));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return test::fresh_store((dir / "skat.db").string());
}

// The SGF export of `table`'s series: its text and its report.
struct Export {
  std::string text;
  std::expected<db::ExportReport, db::DbError> report;
};

Export export_of(db::Connection& c, table::TableId table, const db::AuctionReader& reader) {
  db::SeriesFilter filter;
  filter.table_id = table;
  Export e;
  e.report = db::export_sgf(
      c, filter,
      [&e](std::string_view chunk) {
        e.text += chunk;
        return true;
      },
      reader);
  return e;
}

// The export's text, which must come without problems.
std::string exported(db::Connection& c, table::TableId table, const db::AuctionReader& reader) {
  const Export e = export_of(c, table, reader);
  EXPECT_TRUE(e.report.has_value());
  if (e.report && !e.report->problems.empty()) ADD_FAILURE() << e.report->problems.front();
  return e.text;
}

// What GET /api/series/{id}.sgf and /api/export.sgf?table=… serve: the read model's record of one
// series, and its export pulled chunk by chunk.
std::pair<std::string, std::string> http_downloads(const std::string& path, db::SeriesId series, table::TableId table) {
  app::DatabaseReadModel reads(path);
  const auto one = reads.series_record(series, true);
  EXPECT_TRUE(one) << one.error().message;
  db::SeriesFilter filter;
  filter.table_id = table;
  const app::NextChunk next = reads.export_records(filter, true);
  std::string body;
  for (std::string chunk; next(chunk); chunk.clear()) body += chunk;
  return {one ? one->text : "", body};
}

// Each line: the calls of the game's event log, in order, and a replay without mismatch.
void expect_played_auctions(const std::vector<std::string>& lines, const std::vector<db::GameRecord>& games,
                            const std::vector<table::FinishedGame>& played) {
  ASSERT_EQ(lines.size(), games.size());
  ASSERT_EQ(games.size(), played.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i));
    const auto log = table::auction_calls(games[i].event_log);
    ASSERT_TRUE(log) << log.error();
    EXPECT_EQ(*log, auction_of(played[i].game)) << text_of(*log);  // the log is what the table played
    const auto line = read_sgf_game(lines[i], static_cast<int>(i) + 1);
    ASSERT_TRUE(line) << lines[i];
    EXPECT_EQ(line->id(), std::to_string(games[i].id));
    EXPECT_EQ(text_of(auction_of(*line)), text_of(*log)) << lines[i];
    const ReplayOutcome replayed = replay_sgf(*line);
    EXPECT_TRUE(replayed.ok()) << replayed.error.value_or("") << " "
                               << (replayed.mismatches.empty() ? "" : replayed.mismatches[0]) << "\n"
                               << lines[i];
  }
}

TEST(SgfExport, ServerGamesCarryTheAuctionAsPlayed) {
  const std::string path = fresh_db("played");
  auto store = app::DatabaseStore::open(path).value();
  const auto scripts = app::test::scripted_auctions();
  const app::test::PlayedSeries scripted = app::test::play_and_store(*store, scripts, 0, 7, "scripted");
  ASSERT_EQ(scripted.games.size(), scripts.size());
  for (std::size_t i = 0; i < scripts.size(); ++i)
    EXPECT_EQ(text_of(auction_of(scripted.games[i].game)), text_of(scripts[i])) << "game " << i;
  std::vector<app::test::PlayedSeries> random;
  for (std::uint64_t seed : {11, 12})
    random.push_back(app::test::play_and_store(*store, {}, 30, seed, "random" + std::to_string(seed)));
  std::size_t long_auctions = 0;
  for (const auto& s : random)
    for (const auto& g : s.games) long_auctions += auction_of(g.game).size() >= 8 ? 1 : 0;
  EXPECT_GE(long_auctions, 20u);  // the random auctions do run long
  store.reset();

  auto c = db::open_database(path).value();
  std::vector<app::test::PlayedSeries> all = random;
  all.insert(all.begin(), scripted);
  for (const app::test::PlayedSeries& p : all) {
    SCOPED_TRACE("table " + std::to_string(p.table));
    db::SeriesFilter filter;
    filter.table_id = p.table;
    const auto series = db::list_series(c, filter).value();
    ASSERT_EQ(series.size(), 1u);
    const db::SeriesId id = series[0].id;
    auto games = db::list_games(c, id).value();
    // The store wrote each game's line when it inserted the game.
    std::string stored;
    for (const db::GameRecord& g : games) {
      EXPECT_FALSE(g.sgf.empty()) << "game " << g.index;
      stored += g.sgf + "\n";
    }
    expect_played_auctions(lines_of(stored), games, p.games);
    // The exports write those lines.
    EXPECT_EQ(exported(c, p.table, table::auction_calls), stored);
    const auto [one, every] = http_downloads(path, id, p.table);
    EXPECT_EQ(one, stored);
    EXPECT_EQ(every, stored);

    // Stored without the line (as before the store wrote it): rebuilt from the PGN line and the
    // auction of the event log, the same line.
    ASSERT_TRUE(c.exec("UPDATE games SET sgf = NULL WHERE series_id = " + std::to_string(id)));
    games = db::list_games(c, id).value();
    for (const db::GameRecord& g : games) ASSERT_TRUE(g.sgf.empty());
    const std::string rebuilt = exported(c, p.table, table::auction_calls);
    expect_played_auctions(lines_of(rebuilt), games, p.games);
    EXPECT_EQ(rebuilt, stored);
    const auto [one_again, every_again] = http_downloads(path, id, p.table);
    EXPECT_EQ(one_again, stored);
    EXPECT_EQ(every_again, stored);
  }

  // Without the event log's calls the auction is only the shortest one giving the PGN's highest
  // bids: for the first script "1 22 0 y 1 23 0 p 2 p", not the auction played.
  const auto rebuilt = lines_of(exported(c, scripted.table, {}));
  ASSERT_EQ(rebuilt.size(), scripts.size());
  EXPECT_EQ(text_of(auction_of(*read_sgf_game(rebuilt[0], 1))), "1 22 0 y 1 23 0 p 2 p");
  EXPECT_EQ(text_of(scripts[0]), "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 p 2 p");
}

TEST(SgfExport, AnEventLogWhoseAuctionDoesNotFitTheGameIsAProblem) {
  const std::string path = fresh_db("bad_log");
  auto store = app::DatabaseStore::open(path).value();
  const app::test::PlayedSeries p = app::test::play_and_store(*store, {app::test::calls("1 18 0 p 2 p")}, 0, 3, "bad");
  store.reset();
  auto c = db::open_database(path).value();
  db::SeriesFilter filter;
  filter.table_id = p.table;
  const db::SeriesId id = db::list_series(c, filter).value().at(0).id;
  ASSERT_TRUE(
      c.exec("UPDATE games SET sgf = NULL, event_log = json('[{\"type\":\"pass\",\"pos\":1,\"seat\":1}]') "
             "WHERE series_id = " +
             std::to_string(id)));
  const Export e = export_of(c, p.table, table::auction_calls);
  const auto& report = e.report;
  ASSERT_TRUE(report);
  EXPECT_EQ(report->games, 0);
  ASSERT_EQ(report->problems.size(), 1u);
  EXPECT_NE(report->problems[0].find("the auction calls end before the auction does"), std::string::npos)
      << report->problems[0];
  EXPECT_TRUE(e.text.empty());
}

TEST(SgfExport, TheEventLogsAuctionCalls) {
  const auto calls =
      table::auction_calls(R"([{"type":"game_started","forehand":2},{"type":"bid","pos":1,"seat":0,"value":18},)"
                           R"({"type":"timeout","seat":2,"action":{"type":"pass","pos":0}},)"
                           R"({"type":"pass","pos":0,"seat":2,"timeout":true},{"type":"play","pos":1,"card":"CJ"}])");
  ASSERT_TRUE(calls) << calls.error();
  EXPECT_EQ(*calls, (std::vector<Action>{Action::make_bid(1, 18), Action::pass(0)}));
  EXPECT_TRUE(table::auction_calls("[]").value().empty());
  EXPECT_FALSE(table::auction_calls("{}"));
  EXPECT_FALSE(table::auction_calls(R"([{"type":"bid","pos":1}])"));
  EXPECT_FALSE(table::auction_calls(R"([{"type":"hold","seat":1}])"));
}

}  // namespace
