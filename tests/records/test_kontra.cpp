// Records of games at a table with Kontra and Re (docs/records.md §1, §2; docs/rules.md §8): the
// PGN line's two Kontra fields and the SGF's KO / RK moves are written, read back identically and
// replayed to the doubled result; malformed Kontra fields are refused with the field named.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/records/pgn.h"
#include "engine/records/replay.h"
#include "engine/records/sgf.h"
#include "record_test_support.h"

namespace skat {
namespace {

const std::vector<Game>& kontra_games() {
  static const std::vector<Game> games = [] {
    std::vector<Game> out;
    test::RandomDriver driver(0x5EED'0056'0002ULL, TableRules{.kontra = true});
    for (int i = 0; i < 300; ++i) out.push_back(driver.play_one());
    return out;
  }();
  return games;
}

TEST(KontraRecords, TheRandomGamesHoldKontraAndRe) {
  int kontra = 0, re = 0;
  for (const Game& g : kontra_games()) {
    if (g.folded()) continue;
    kontra += g.doubling() == Doubling::Kontra;
    re += g.doubling() == Doubling::Re;
  }
  EXPECT_GT(kontra, 10);
  EXPECT_GT(re, 5);
}

TEST(KontraRecords, PgnLinesCarryTheDoublingAndReplayToIt) {
  int doubled = 0;
  for (std::size_t i = 0; i < kontra_games().size(); ++i) {
    const Game& g = kontra_games()[i];
    const PgnGame line = pgn_game_from(g, static_cast<int>(i), {0, 0, 0});
    const std::string text = write_pgn_game(line);
    const auto fields = std::ranges::count(text, ' ') + 1;
    const auto read = read_pgn_game(text, 1);
    ASSERT_TRUE(read.has_value()) << text;
    EXPECT_EQ(*read, line);
    EXPECT_EQ(write_pgn_game(*read), text);
    if (g.folded()) continue;
    EXPECT_EQ(fields, 53 + 5 * static_cast<long>(g.tricks().size()) + (g.doubling() == Doubling::None ? 0 : 2));
    EXPECT_EQ(read->doubling, g.doubling());
    EXPECT_EQ(pgn_list_entry(*read), g.result().list_entry) << text;
    const ReplayOutcome r = replay_pgn(*read);
    ASSERT_TRUE(r.ok()) << text << " " << r.error.value_or("") << (r.mismatches.empty() ? "" : r.mismatches[0]);
    EXPECT_EQ(r.value, g.result().list_entry);
    EXPECT_EQ(r.doubling, g.doubling());
    doubled += g.doubling() != Doubling::None;
  }
  EXPECT_GT(doubled, 0);
}

TEST(KontraRecords, TheSeriesResultCountsTheDoubledEntries) {
  PgnSeries s;
  s.header.event = "Kontra";
  s.header.date = "03.12.2026";
  s.header.time = "01:00";
  s.header.seats = {PgnSeat{"A", 1}, PgnSeat{"B", 2}, PgnSeat{"C", 3}};
  std::vector<ListGame> list;
  for (std::size_t i = 0; i < 36; ++i) {
    const Game& g = kontra_games()[i];
    s.games.push_back(pgn_game_from(g, static_cast<int>(i), {0, 0, 0}));
    list.push_back(pgn_list_game(s.games.back()));
    if (!g.folded()) {
      EXPECT_EQ(list.back().list_entry, g.result().list_entry);
    }
  }
  fill_pgn_result(s);
  const auto sf = seeger_fabian(list);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(s.header.result[i].score, sf[i].score);
  const auto back = read_pgn(write_pgn(s));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.series, s);
}

TEST(KontraRecords, SgfLinesSayKontraAndReWhereTheyWereSaid) {
  int with_moves = 0;
  for (std::size_t i = 0; i < kontra_games().size(); ++i) {
    const Game& g = kontra_games()[i];
    const SgfGame sgf = sgf_game_from(g, {"a", "b", "c"}, "1", std::to_string(i), "2026-12-03/01:00:00/UTC");
    const std::string text = write_sgf_game(sgf);
    const auto read = read_sgf_game(text, 1);
    ASSERT_TRUE(read.has_value()) << text;
    EXPECT_EQ(write_sgf_game(*read), text);
    const ReplayOutcome r = replay_sgf(*read);
    ASSERT_TRUE(r.ok()) << text << " " << r.error.value_or("") << (r.mismatches.empty() ? "" : r.mismatches[0]);
    if (g.folded()) continue;
    EXPECT_EQ(r.value, g.result().list_entry);
    EXPECT_EQ(text.find(" KO ") != std::string::npos, g.doubling() != Doubling::None) << text;
    EXPECT_EQ(text.find(" RK ") != std::string::npos, g.doubling() == Doubling::Re) << text;
    with_moves += g.doubling() != Doubling::None;
  }
  EXPECT_GT(with_moves, 0);
}

TEST(KontraRecords, AKontraMoveOutOfTimeIsAnError) {
  const Game* doubled = nullptr;
  for (const Game& g : kontra_games())
    if (!g.folded() && g.doubling() == Doubling::Kontra && g.tricks().size() >= 2) doubled = &g;
  ASSERT_NE(doubled, nullptr);
  SgfGame sgf = sgf_game_from(*doubled, {"a", "b", "c"}, "1", "7", "2026-12-03/01:00:00/UTC");
  // A second Kontra by the same defender at the end: refused by the rules, reported with its move.
  auto moves = sgf.moves;
  const auto kontra = std::ranges::find_if(moves, [](const SgfMove& m) { return m.kind == SgfMoveKind::Kontra; });
  ASSERT_NE(kontra, moves.end());
  SgfMove again = *kontra;
  moves.insert(moves.end() - 1, again);
  sgf.moves = moves;
  const ReplayOutcome r = replay_sgf(sgf);
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("kontra_not_allowed"), std::string::npos) << *r.error;
}

TEST(KontraRecords, MalformedKontraFieldsAreRefused) {
  const Game* doubled = nullptr;
  for (const Game& g : kontra_games())
    if (!g.folded() && g.doubling() != Doubling::None) doubled = &g;
  ASSERT_NE(doubled, nullptr);
  const std::string text = write_pgn_game(pgn_game_from(*doubled, 4, {0, 0, 0}));
  const std::string head = text.substr(0, text.rfind(' ', text.rfind(' ') - 1));
  const auto no_position = read_pgn_game(head + " 3 1", 1);  // no position 3
  ASSERT_FALSE(no_position.has_value());
  EXPECT_NE(no_position.error().field.find("(Kontra position)"), std::string::npos) << no_position.error().field;
  EXPECT_FALSE(read_pgn_game(head + " 1 3", 1).has_value());  // no threefold doubling
  EXPECT_FALSE(read_pgn_game(head + " 1 0", 1).has_value());  // 0 is written as no fields
  EXPECT_TRUE(read_pgn_game(head + " 1 1", 1).has_value());
  // A folded game has no Kontra: its line is refused, and such a game does not replay.
  PgnGame folded;
  folded.id = 0;
  folded.folded = true;
  folded.hands = doubled->deal().hands;
  folded.skat = {doubled->deal().skat.first(), (doubled->deal().skat - CardSet{doubled->deal().skat.first()}).first()};
  folded.skat_put = folded.skat;
  folded.kontra_by = 1;
  folded.doubling = Doubling::Kontra;
  const auto read = read_pgn_game(write_pgn_game(folded), 1);
  ASSERT_FALSE(read.has_value());
  EXPECT_EQ(read.error().field, "fields");
  const ReplayOutcome r = replay_pgn(folded);
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("Kontra"), std::string::npos) << *r.error;
}

}  // namespace
}  // namespace skat
