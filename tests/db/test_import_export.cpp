// Import and export: a PGN file of self-played series goes in and comes out byte-identical;
// importing twice stores nothing new; games that do not replay are refused with their series;
// the ISS fixture games go in and come out as the same lines; SGF games are grouped into series
// by SE[] and seat rotation; PGN → SGF → PGN keeps every game line; export filters.
#include <gtest/gtest.h>

#include "db/export.h"
#include "db/import.h"
#include "db/record_game.h"
#include "engine/records/replay.h"
#include "tests/db/db_test_support.h"
#include "tests/records/record_test_support.h"
#include "tests/support/text_lines.h"

namespace skat::db {
namespace {

using skat::test::lines_of;
using test::must;

std::string selfplay_file(std::uint64_t seed, int series, int deals) {
  std::string text;
  for (int s = 0; s < series; ++s) {
    if (s > 0) text += '\n';
    text += write_pgn(
        test::selfplay_series(seed + static_cast<std::uint64_t>(s), deals, "Selfplay " + std::to_string(s + 1)));
  }
  return text;
}

std::string exported(Connection& c, bool sgf, const SeriesFilter& filter = {}) {
  std::string out;
  const ExportSink sink = [&out](std::string_view chunk) {
    out += chunk;
    return true;
  };
  const ExportReport report = must(sgf ? export_sgf(c, filter, sink, {}) : export_pgn(c, filter, sink));
  EXPECT_TRUE(report.problems.empty());
  return out;
}

TEST(ImportPgn, RoundTripIsByteIdentical) {
  Connection c = test::memory_db();
  const std::string text = selfplay_file(42, 3, 36);
  const ImportReport r = must(import_pgn(c, text));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.series_stored, 3);
  EXPECT_EQ(r.games_stored, 108);
  EXPECT_EQ(exported(c, false), text);

  const SeriesRecord s = must(get_series(c, r.stored[0]));
  EXPECT_EQ(s.status, SeriesStatus::Finished);
  EXPECT_FALSE(s.table_id);
  EXPECT_EQ(s.games_played, 36);
  EXPECT_EQ(s.event, "Selfplay 1");
  const PgnSeries first = read_pgn(text).series;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(s.seats[i].name, first.header.seats[i].name);
    EXPECT_EQ(s.seats[i].score, first.header.result[i].score);
  }
  EXPECT_EQ(must(list_games(c, s.id)).size(), 36u);
  EXPECT_EQ(must(list_players(c)).size(), 3u);  // the same three players in every series
}

TEST(ImportPgn, TheSameRecordsTwiceAreSkipped) {
  Connection c = test::memory_db();
  const std::string text = selfplay_file(7, 2, 6);
  EXPECT_EQ(must(import_pgn(c, text)).series_stored, 2);
  const ImportReport again = must(import_pgn(c, text));
  EXPECT_EQ(again.series_stored, 0);
  EXPECT_EQ(again.series_skipped, 2);
  EXPECT_TRUE(again.ok());
  EXPECT_EQ(must(list_series(c, {})).size(), 2u);
}

TEST(ImportPgn, ASeriesWithABadGameIsRefusedWhole) {
  Connection c = test::memory_db();
  PgnSeries good = test::selfplay_series(1, 6, "Good");
  PgnSeries bad = test::selfplay_series(2, 6, "Bad");
  auto played = std::find_if(bad.games.begin(), bad.games.end(), [](const PgnGame& g) { return !g.folded; });
  ASSERT_NE(played, bad.games.end());
  played->eyes = played->eyes == 60 ? 61 : 60;  // contradicts the replay
  played->won = !played->won;
  fill_pgn_result(bad);
  const std::string text = write_pgn(bad) + "\n" + write_pgn(good);
  const ImportReport r = must(import_pgn(c, text, {PlayerKind::Bot}));
  EXPECT_EQ(r.series_stored, 1);
  EXPECT_EQ(r.series_refused, 1);
  EXPECT_EQ(r.games_refused, 1);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].find("series 1 ('Bad'): game " + std::to_string(played->id)), std::string::npos)
      << r.problems[0];
  EXPECT_EQ(exported(c, false), write_pgn(good));
  EXPECT_EQ(must(find_player(c, "Simple1"))->kind, PlayerKind::Bot);
}

TEST(ImportPgn, UnreadableAndInconsistentSeries) {
  Connection c = test::memory_db();
  PgnSeries wrong_result = test::selfplay_series(3, 3, "Result");
  wrong_result.header.result[0].score += 1;
  PgnSeries same_names = test::selfplay_series(4, 3, "Names");
  same_names.header.seats[2].name = "simple1";
  std::string broken = write_pgn(test::selfplay_series(5, 3, "Broken"));
  broken.insert(broken.rfind("\n", broken.size() - 2) + 1, "x");
  const ImportReport r = must(import_pgn(c, write_pgn(wrong_result) + "\n" + write_pgn(same_names) + "\n" + broken));
  EXPECT_EQ(r.series_stored, 0);
  EXPECT_EQ(r.series_refused, 3);
  ASSERT_EQ(r.problems.size(), 3u);
  EXPECT_NE(r.problems[0].find("Result header"), std::string::npos) << r.problems[0];
  EXPECT_NE(r.problems[1].find("three different players"), std::string::npos) << r.problems[1];
  EXPECT_NE(r.problems[2].find("series 3 ('Broken'): line"), std::string::npos) << r.problems[2];
  EXPECT_TRUE(must(list_series(c, {})).empty());
  EXPECT_TRUE(must(list_players(c)).empty());
}

TEST(ImportSgf, FixtureGamesComeOutAsTheSameLines) {
  const std::string text = test::slurp(std::string(SKAT_FIXTURES_DIR) + "/iss-games.sgf");
  ASSERT_FALSE(text.empty());
  Connection c = test::memory_db();
  const ImportReport r = must(import_sgf(c, text));
  EXPECT_TRUE(r.ok()) << (r.problems.empty() ? "" : r.problems[0]);
  EXPECT_EQ(r.games_stored, 17);
  EXPECT_EQ(r.series_stored, 17);  // every fixture game has its own SE[]
  EXPECT_EQ(exported(c, true), text);
  // Each stored game also has the PGN line of its replay, which replays to the same result.
  for (const SeriesRecord& s : must(list_series(c, {}))) {
    const auto games = must(list_games(c, s.id));
    ASSERT_EQ(games.size(), 1u);
    const auto line = read_pgn_game(games[0].pgn, 1);
    ASSERT_TRUE(line);
    const ReplayOutcome from_pgn = replay_pgn(*line);
    EXPECT_TRUE(from_pgn.ok()) << games[0].pgn;
    const ReplayOutcome from_sgf = replay_sgf(*read_sgf_game(games[0].sgf, 1));
    EXPECT_EQ(from_pgn.value, from_sgf.value);
    EXPECT_EQ(from_pgn.declarer_points, from_sgf.declarer_points);
    EXPECT_TRUE(read_pgn(s.pgn).ok());
  }
  EXPECT_EQ(must(import_sgf(c, text)).series_skipped, 17);
}

TEST(ImportSgf, GroupsBySeriesAndSeatRotation) {
  // Six games of one PGN series exported as SGF carry SE[<series id>] and rotate the seats.
  Connection source = test::memory_db();
  must(import_pgn(source, selfplay_file(11, 2, 6)));
  const std::string sgf = exported(source, true);
  auto lines = lines_of(sgf);
  ASSERT_EQ(lines.size(), 12u);

  Connection c = test::memory_db();
  const ImportReport r = must(import_sgf(c, sgf));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.series_stored, 2);
  EXPECT_EQ(r.games_stored, 12);
  // PGN → SGF → PGN: every game line survives, and the SGF lines are kept verbatim.
  const auto series = must(list_series(c, {}));
  ASSERT_EQ(series.size(), 2u);
  const PgnSeries original = read_pgn(selfplay_file(11, 1, 6)).series;
  EXPECT_EQ(read_pgn(series[0].pgn).series.games, original.games);
  EXPECT_EQ(exported(c, true), sgf);

  // Interleaved lines of the two series still group by SE[]; a game whose players break the
  // rotation starts a series of its own.
  std::string mixed;
  for (std::size_t i = 0; i < 6; ++i) mixed += lines[i] + "\n" + lines[i + 6] + "\n";
  Connection d = test::memory_db();
  const ImportReport m = must(import_sgf(d, mixed));
  EXPECT_EQ(m.series_stored, 2);
  EXPECT_EQ(exported(d, true), sgf);
  std::string reordered = lines[0] + "\n" + lines[2] + "\n" + lines[1] + "\n";  // game 3 before game 2
  Connection e = test::memory_db();
  const ImportReport split = must(import_sgf(e, reordered));
  EXPECT_EQ(split.games_stored, 3);
  EXPECT_EQ(split.series_stored, 3);
}

// ISS lines whose auctions jump, hold and pass in other orders than the fixtures' (the fixture
// games with another auction giving the same declarer at the same bid, so R[...] still holds) go
// in and come out as the same lines, and replay without mismatch.
TEST(ImportSgf, JumpBidsHoldsAndPassesComeOutAsTheSameLines) {
  const auto fixtures = lines_of(test::slurp(std::string(SKAT_FIXTURES_DIR) + "/iss-games.sgf"));
  struct Variant {
    std::size_t line;
    std::string_view played;  // the fixture's auction
    std::string_view jumps;   // another one with the same declarer and bid
  };
  const Variant variants[] = {
      {1, "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 p 2 27 0 p ", "1 24 0 y 1 p 2 27 0 p "},
      {1, "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 p 2 27 0 p ", "1 p 2 20 0 y 2 27 0 p "},
      {2, "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p 2 24 0 y 2 27 0 y 2 30 0 y 2 33 0 y 2 35 0 y 2 36 0 y 2 40 0 y 2 p ",
       "1 23 0 y 1 p 2 36 0 y 2 40 0 y 2 p "},
      {2, "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p 2 24 0 y 2 27 0 y 2 30 0 y 2 33 0 y 2 35 0 y 2 36 0 y 2 40 0 y 2 p ",
       "1 40 0 y 1 p 2 p "},
      {3, "1 18 0 y 1 20 0 p 2 22 1 y 2 23 1 y 2 24 1 y 2 27 1 y 2 30 1 y 2 33 1 y 2 35 1 y 2 36 1 p ",
       "1 20 0 p 2 30 1 y 2 36 1 p "},
      {3, "1 18 0 y 1 20 0 p 2 22 1 y 2 23 1 y 2 24 1 y 2 27 1 y 2 30 1 y 2 33 1 y 2 35 1 y 2 36 1 p ",
       "1 p 2 36 0 p "},
  };
  std::string text;
  for (std::size_t i = 0; i < std::size(variants); ++i) {
    const Variant& v = variants[i];
    std::string line = fixtures.at(v.line);
    const std::size_t at = line.find(v.played);
    ASSERT_NE(at, std::string::npos) << v.line;
    line.replace(at, v.played.size(), v.jumps);
    const std::string se = "SE[" + std::string(read_sgf_game(fixtures[v.line], 1)->property("SE")) + "]";
    line.replace(line.find(se), se.size(), "SE[jump" + std::to_string(i) + "]");  // one series each
    const auto record = read_sgf_game(line, static_cast<int>(i) + 1);
    ASSERT_TRUE(record) << line;
    const ReplayOutcome o = replay_sgf(*record);
    EXPECT_TRUE(o.ok()) << line << "\n" << o.error.value_or("") << (o.mismatches.empty() ? "" : o.mismatches[0]);
    text += line + "\n";
  }
  Connection c = test::memory_db();
  const ImportReport r = must(import_sgf(c, text));
  EXPECT_TRUE(r.ok()) << (r.problems.empty() ? "" : r.problems[0]);
  EXPECT_EQ(r.games_stored, static_cast<int>(std::size(variants)));
  EXPECT_EQ(exported(c, true), text);
}

TEST(ImportSgf, GamesThatDoNotReplayAreRefused) {
  const std::string text = test::slurp(std::string(SKAT_FIXTURES_DIR) + "/iss-games.sgf");
  auto lines = lines_of(text);
  ASSERT_GE(lines.size(), 3u);
  std::string v = lines[0];
  v.replace(v.find("v:-54"), 5, "v:-55");  // a recorded result the replay contradicts
  std::string input = v + "\n" + lines[1] + "\n(;GM[Skat]broken\n" + lines[2] + "\n";
  Connection c = test::memory_db();
  const ImportReport r = must(import_sgf(c, input));
  EXPECT_EQ(r.games_stored, 2);
  EXPECT_EQ(r.games_refused, 2);
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_NE(r.problems[0].find("line 1, game 541932: value: recorded -55, replayed -54"), std::string::npos)
      << r.problems[0];
  EXPECT_NE(r.problems[1].find("line 3"), std::string::npos) << r.problems[1];  // unreadable
}

TEST(Export, FiltersAndSeparators) {
  Connection c = test::memory_db();
  const std::string a = write_pgn(test::selfplay_series(1, 3, "A"));
  PgnSeries other = test::selfplay_series(2, 3, "B");
  other.header.seats[0].name = "Zed";
  other.header.date = "02.02.2025";
  const std::string b = write_pgn(other);
  must(import_pgn(c, a + "\n" + b));
  SeriesFilter f;
  f.player_name = "zed";
  EXPECT_EQ(exported(c, false, f), b);
  f = {};
  f.to = from_millis(1'738'368'000'000);  // 2025-02-01T00:00:00Z
  EXPECT_EQ(exported(c, false, f), a);
  f = {};
  f.status = SeriesStatus::Running;
  EXPECT_EQ(exported(c, false, f), "");
  EXPECT_EQ(lines_of(exported(c, true)).size(), 6u);
  // A sink that stops after the first chunk stops the export.
  int chunks = 0;
  must(export_pgn(c, {}, [&](std::string_view) { return ++chunks < 1; }));
  EXPECT_EQ(chunks, 1);
}

TEST(Export, ServerGamesBecomeSgfThroughTheEngine) {
  Connection c = test::memory_db();
  const auto ids = test::three_players(c);
  const SeriesId s = test::running_series(c, ids, 30);
  const PgnSeries played = test::selfplay_series(9, 30);
  test::insert_games(c, s, played);
  const PgnSeries pgn = must(build_series_pgn(c, s));
  must(finish_series(c, s, write_pgn(pgn), pgn.header.result));
  const auto lines = lines_of(exported(c, true));
  ASSERT_EQ(lines.size(), 30u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto record = read_sgf_game(lines[i], static_cast<int>(i) + 1);
    ASSERT_TRUE(record) << lines[i];
    EXPECT_EQ(record->property("SE"), std::to_string(s));
    EXPECT_EQ(record->property("P0"), "P" + std::to_string(i % 3 + 1));
    const ReplayOutcome o = replay_sgf(*record);
    EXPECT_TRUE(o.ok()) << lines[i];
    const ReplayOutcome p = replay_pgn(played.games[i]);
    EXPECT_EQ(o.value, p.value);
    EXPECT_EQ(o.declarer_points, p.declarer_points);
    // The game rebuilt from the SGF line gives back the same PGN line.
    const auto game = game_from_sgf(*record);
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ(pgn_game_from(*game, static_cast<int>(i), {0, 0, 0}), played.games[i]);
  }
}

// Random legal games (folds, hand and null games, ouvert, concessions by either side): the game
// rebuilt from the PGN line gives the same line again, and its SGF line replays to the same result.
TEST(RecordGame, PgnLinesOfRandomGamesRebuild) {
  skat::test::RandomDriver driver(2024);
  for (int n = 0; n < 600; ++n) {
    const Game played = driver.play_one();
    const PgnGame line = pgn_game_from(played, n, {0, 0, 0});
    const auto rebuilt = game_from_pgn(line);
    ASSERT_TRUE(rebuilt) << n << ": " << rebuilt.error() << "\n" << write_pgn_game(line);
    EXPECT_EQ(pgn_game_from(*rebuilt, n, {0, 0, 0}), line) << n;
    EXPECT_EQ(rebuilt->bids(), played.bids()) << n;
    const SgfGame sgf = sgf_game_from(*rebuilt, {"a", "b", "c"}, "1", std::to_string(n), "2025-01-01/00:00:00/UTC");
    const ReplayOutcome o = replay_sgf(sgf);
    EXPECT_TRUE(o.ok()) << n << ": " << write_sgf_game(sgf);
    const auto again = game_from_sgf(sgf);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(pgn_game_from(*again, n, {0, 0, 0}), line) << n;
  }
}

// The same with the auction as played: the rebuilt game has those calls, gives the same line, and
// its SGF line replays. Calls that do not fit the line are refused.
TEST(RecordGame, PgnLinesWithTheAuctionAsPlayedKeepIt) {
  skat::test::RandomDriver driver(77);
  const auto auction_of = [](const Game& g) {
    std::vector<Action> calls;
    for (const Action& a : g.history())
      if (a.kind == ActionKind::Bid || a.kind == ActionKind::Hold || a.kind == ActionKind::Pass) calls.push_back(a);
    return calls;
  };
  int longer = 0;  // games whose auction is longer than the rebuilt one
  for (int n = 0; n < 300; ++n) {
    const Game played = driver.play_one();
    const PgnGame line = pgn_game_from(played, n, {0, 0, 0});
    const std::vector<Action> calls = auction_of(played);
    const auto rebuilt = game_from_pgn(line, calls);
    ASSERT_TRUE(rebuilt) << n << ": " << rebuilt.error() << "\n" << write_pgn_game(line);
    EXPECT_EQ(auction_of(*rebuilt), calls) << n;
    EXPECT_EQ(pgn_game_from(*rebuilt, n, {0, 0, 0}), line) << n;
    const SgfGame sgf = sgf_game_from(*rebuilt, {"a", "b", "c"}, "1", std::to_string(n), "2025-01-01/00:00:00/UTC");
    EXPECT_TRUE(replay_sgf(sgf).ok()) << n << ": " << write_sgf_game(sgf);
    longer += auction_of(*game_from_pgn(line)).size() < calls.size() ? 1 : 0;
  }
  EXPECT_GT(longer, 30);
  // Calls that stop early, that do not give the line's bids, or that are not auction calls.
  const Game played = driver.play_one();
  const PgnGame line = pgn_game_from(played, 0, {0, 0, 0});
  const std::vector<Action> calls = auction_of(played);
  EXPECT_NE(game_from_pgn(line, std::vector<Action>(calls.begin(), calls.end() - 1)).error().find("end before"),
            std::string::npos);
  std::vector<Action> other = line.bids == std::array<int, 3>{0, 0, 0}
                                  ? std::vector<Action>{Action::make_bid(1, 18), Action::pass(0), Action::pass(2)}
                                  : std::vector<Action>{Action::pass(1), Action::pass(2), Action::pass(0)};
  EXPECT_NE(game_from_pgn(line, other).error().find("do not give the line's bids"), std::string::npos);
  EXPECT_NE(game_from_pgn(line, std::vector<Action>{Action::pick_up(0)}).error().find("not a bid, hold or pass"),
            std::string::npos);
}

}  // namespace
}  // namespace skat::db
