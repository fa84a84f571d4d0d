// Records of engine games played by a seeded random driver: PGN series and SGF lines written,
// read back byte-identically, and replayed to the engine's own result; the header's
// Seeger-Fabian Result agrees with the engine's list entries.
#include <gtest/gtest.h>

#include "engine/records/pgn.h"
#include "engine/records/replay.h"
#include "engine/records/sgf.h"
#include "record_test_support.h"

namespace skat {
namespace {

constexpr int kGames = 600;

struct Played {
  std::vector<Game> games;
  std::vector<std::array<int, 3>> strengths;
};

const Played& played() {
  static const Played p = [] {
    Played out;
    test::RandomDriver driver(0x5EED'2025'0001ULL);
    for (int i = 0; i < kGames; ++i) {
      out.games.push_back(driver.play_one());
      out.strengths.push_back(
          {static_cast<int>(driver.below(11)), static_cast<int>(driver.below(11)), static_cast<int>(driver.below(11))});
    }
    return out;
  }();
  return p;
}

PgnSeries series_of(std::size_t first, std::size_t count) {
  PgnSeries s;
  s.header.event = "Training";
  s.header.date = "12.01.2025";
  s.header.time = "13:19";
  s.header.duration_minutes = 24;
  s.header.seats = {PgnSeat{"Human", 23}, PgnSeat{"AI1", 68}, PgnSeat{"AI2 (strong)", 67}};
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t k = first + i;
    s.games.push_back(pgn_game_from(played().games[k], static_cast<int>(i), played().strengths[k]));
  }
  fill_pgn_result(s);
  return s;
}

TEST(GeneratedGames, CoverEveryKindOfEnding) {
  int folded = 0, hand = 0, null = 0, ouvert = 0, declarer_conceded = 0, defenders_conceded = 0, null_lost = 0,
      schwarz_broken = 0, pickup = 0;
  for (const Game& g : played().games) {
    folded += g.folded();
    if (g.folded()) continue;
    hand += g.declaration().hand;
    pickup += !g.declaration().hand;
    null += g.declaration().type == GameType::Null;
    ouvert += g.declaration().ouvert;
    declarer_conceded += g.end_reason() == EndReason::DeclarerConceded;
    defenders_conceded += g.end_reason() == EndReason::DefendersConceded;
    null_lost += g.end_reason() == EndReason::NullTrickTaken;
    schwarz_broken += g.end_reason() == EndReason::SchwarzBroken;
  }
  EXPECT_GT(folded, 0);
  EXPECT_GT(hand, 0);
  EXPECT_GT(pickup, 0);
  EXPECT_GT(null, 0);
  EXPECT_GT(ouvert, 0);
  EXPECT_GT(declarer_conceded, 0);
  EXPECT_GT(defenders_conceded, 0);
  EXPECT_GT(null_lost, 0);
  EXPECT_GT(schwarz_broken, 0);
}

TEST(GeneratedGames, PgnSeriesRoundTripsByteIdentical) {
  for (std::size_t first = 0; first + 36 <= played().games.size(); first += 36) {
    const PgnSeries s = series_of(first, 36);
    const std::string text = write_pgn(s);
    const PgnReadResult r = read_pgn(text);
    for (const RecordError& e : r.errors) ADD_FAILURE() << to_string(e);
    EXPECT_EQ(r.series, s);
    EXPECT_EQ(write_pgn(r.series), text);
    EXPECT_EQ(detect_format(text), RecordFormat::Pgn);
  }
}

TEST(GeneratedGames, PgnReplayReproducesTheEngineResult) {
  for (std::size_t k = 0; k < played().games.size(); ++k) {
    const Game& game = played().games[k];
    const PgnGame line = pgn_game_from(game, static_cast<int>(k), played().strengths[k]);
    const ReplayOutcome r = replay_pgn(line);
    ASSERT_FALSE(r.error.has_value()) << k << ": " << *r.error << "\n" << write_pgn_game(line);
    for (const std::string& m : r.mismatches) ADD_FAILURE() << k << ": " << m << "\n" << write_pgn_game(line);
    EXPECT_EQ(r.passed, game.folded());
    if (game.folded()) continue;
    EXPECT_EQ(r.value, game.result().list_entry) << k;
    EXPECT_EQ(r.won, game.result().won) << k;
    EXPECT_EQ(r.declarer_points, game.outcome().declarer_points) << k;
    EXPECT_EQ(pgn_list_entry(line), game.result().list_entry) << k << "\n" << write_pgn_game(line);
  }
}

TEST(GeneratedGames, SeriesResultIsSeegerFabianOfTheEngineEntries) {
  const PgnSeries s = series_of(0, 36);
  std::vector<ListGame> list;
  for (std::size_t n = 0; n < 36; ++n) {
    const Game& g = played().games[n];
    ListGame lg;
    lg.folded = g.folded();
    if (!lg.folded) {
      lg.declarer = static_cast<int>((n + static_cast<std::size_t>(g.declarer())) % 3);
      lg.won = g.result().won;
      lg.list_entry = g.result().list_entry;
    }
    list.push_back(lg);
  }
  const auto expected = seeger_fabian(list);
  EXPECT_EQ(s.header.number_of_games, 36);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(s.header.result[i].score, expected[i].score);
    EXPECT_EQ(s.header.result[i].won, expected[i].won);
    EXPECT_EQ(s.header.result[i].lost, expected[i].lost);
  }
}

TEST(GeneratedGames, SgfLinesRoundTripAndReplay) {
  for (std::size_t k = 0; k < played().games.size(); ++k) {
    const Game& game = played().games[k];
    const SgfGame sgf =
        sgf_game_from(game, {"alice", "bob", "carol"}, "77", std::to_string(k), "2025-01-12/13:19:00/UTC");
    const std::string line = write_sgf_game(sgf);
    auto back = read_sgf_game(line, 1);
    ASSERT_TRUE(back.has_value()) << to_string(back.error()) << "\n" << line;
    EXPECT_EQ(*back, sgf) << line;
    EXPECT_EQ(write_sgf_game(*back), line);
    const ReplayOutcome r = replay_sgf(*back);
    ASSERT_FALSE(r.error.has_value()) << *r.error << "\n" << line;
    for (const std::string& m : r.mismatches) ADD_FAILURE() << m << "\n" << line;
    EXPECT_EQ(r.passed, game.folded());
    if (!game.folded()) {
      EXPECT_EQ(r.value, game.result().list_entry);
    }
  }
}

TEST(GeneratedGames, SameSeedSameRecords) {
  test::RandomDriver a(42), b(42);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(write_pgn_game(pgn_game_from(a.play_one(), i, {})), write_pgn_game(pgn_game_from(b.play_one(), i, {})));
}

}  // namespace
}  // namespace skat
