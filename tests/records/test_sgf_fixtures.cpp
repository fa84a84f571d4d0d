// The 17 real ISS games of the shared fixture file: each line reads, writes back byte-identically,
// and replays through the engine with no error and no mismatch against its R[...] result.
#include <gtest/gtest.h>

#include <map>

#include "engine/records/replay.h"
#include "engine/records/sgf.h"
#include "engine/records/text.h"
#include "record_test_support.h"

namespace skat {
namespace {

class SgfFixtures : public ::testing::Test {
 protected:
  void SetUp() override {
    text_ = test::fixture_sgf();
    read_ = read_sgf(text_);
  }
  const SgfGame& game(std::string_view id) const {
    for (const SgfGame& g : read_.games)
      if (g.id() == id) return g;
    throw std::runtime_error("no fixture game " + std::string(id));
  }
  std::string text_;
  SgfReadResult read_;
};

TEST_F(SgfFixtures, AllSeventeenLinesRead) {
  for (const RecordError& e : read_.errors) ADD_FAILURE() << to_string(e);
  EXPECT_EQ(read_.games.size(), 17u);
  EXPECT_EQ(detect_format(text_), RecordFormat::Sgf);
}

TEST_F(SgfFixtures, EachLineRoundTripsByteIdentical) {
  std::size_t n = 0;
  for (std::string_view line : text::split_lines(text_)) {
    if (text::is_blank(line)) continue;
    auto g = read_sgf_game(line, 1);
    ASSERT_TRUE(g.has_value()) << line;
    EXPECT_EQ(write_sgf_game(*g), line);
    ++n;
  }
  EXPECT_EQ(n, 17u);
  EXPECT_EQ(write_sgf(read_.games), text_);
}

TEST_F(SgfFixtures, EveryGameReplaysWithoutErrorOrMismatch) {
  for (const SgfGame& g : read_.games) {
    const ReplayOutcome r = replay_sgf(g);
    EXPECT_FALSE(r.error.has_value()) << g.id() << ": " << r.error.value_or("");
    for (const std::string& m : r.mismatches) ADD_FAILURE() << g.id() << ": " << m;
  }
}

TEST_F(SgfFixtures, LostDiamondsWithoutTwo) {
  const ReplayOutcome r = replay_sgf(game("541932"));
  EXPECT_EQ(r.declarer, 2);
  EXPECT_EQ(r.game, 'D');
  EXPECT_EQ(r.bid, 18);
  EXPECT_EQ(r.matadors, -2);
  EXPECT_EQ(r.declarer_points, 59);
  EXPECT_EQ(r.declarer_tricks, 4);
  EXPECT_FALSE(r.won);
  EXPECT_FALSE(r.overbid);
  EXPECT_EQ(r.value, -54);
}

TEST_F(SgfFixtures, GrandOuvertWonWhenBothDefendersResign) {
  // "0 CJ 0 SC 1 RE 1 H9 2 RE": MH's vote stands while play goes on; RH's completes the concession.
  const ReplayOutcome r = replay_sgf(game("727"));
  EXPECT_EQ(r.game, 'G');
  EXPECT_TRUE(r.ouvert);
  EXPECT_TRUE(r.hand);
  EXPECT_TRUE(r.schwarz_announced);
  EXPECT_TRUE(r.won);
  EXPECT_EQ(r.declarer_points, 120);
  EXPECT_EQ(r.declarer_tricks, 10);
  EXPECT_EQ(r.value, 192);
}

TEST_F(SgfFixtures, NullOuvertHandLostAtTheFirstTrick) {
  const ReplayOutcome r = replay_sgf(game("25"));
  EXPECT_EQ(r.game, 'N');
  EXPECT_TRUE(r.hand);
  EXPECT_TRUE(r.ouvert);
  EXPECT_FALSE(r.won);
  EXPECT_EQ(r.matadors, 0);
  EXPECT_EQ(r.value, -118);
}

TEST_F(SgfFixtures, SplitDeclarationAndDiscard) {
  // "2 s w DK.HK 2 D 2 D9.DQ": declaration first, discard after (newer ISS records).
  const ReplayOutcome r = replay_sgf(game("596891"));
  EXPECT_EQ(r.game, 'D');
  EXPECT_TRUE(r.overbid);
  EXPECT_EQ(r.value, -72);
  const ReplayOutcome grand = replay_sgf(game("10327743"));
  EXPECT_EQ(grand.game, 'G');
  EXPECT_EQ(grand.value, -144);
}

TEST_F(SgfFixtures, NullOuvertAfterPickupWonWhenDefendersResign) {
  const ReplayOutcome r = replay_sgf(game("1390253"));
  EXPECT_EQ(r.game, 'N');
  EXPECT_TRUE(r.ouvert);
  EXPECT_FALSE(r.hand);
  EXPECT_TRUE(r.won);
  EXPECT_EQ(r.value, 46);
}

TEST_F(SgfFixtures, SuitOuvertLostAtTheDefendersFirstTrick) {
  // ISS reports s:0 z:0 when play stops early; the replay does too (GameOutcome::all_tricks_accounted).
  const ReplayOutcome r = replay_sgf(game("13577"));
  EXPECT_EQ(r.game, 'C');
  EXPECT_TRUE(r.ouvert);
  EXPECT_FALSE(r.won);
  EXPECT_FALSE(r.schneider);
  EXPECT_FALSE(r.schwarz);
  EXPECT_EQ(r.value, -192);
}

TEST_F(SgfFixtures, HandSchwarzAnnouncedWon) {
  const ReplayOutcome r = replay_sgf(game("26496"));
  EXPECT_EQ(r.game, 'C');
  EXPECT_TRUE(r.hand);
  EXPECT_TRUE(r.schneider_announced);
  EXPECT_TRUE(r.schwarz_announced);
  EXPECT_TRUE(r.schwarz);
  EXPECT_EQ(r.value, 108);
}

TEST_F(SgfFixtures, TypedMovesOfOneLine) {
  const SgfGame& g = game("727");
  ASSERT_EQ(g.moves.size(), 10u);
  EXPECT_EQ(g.moves[0].kind, SgfMoveKind::Deal);
  EXPECT_EQ(g.moves[0].cards.size(), 32u);
  EXPECT_EQ(g.moves[3].kind, SgfMoveKind::Bid);
  EXPECT_EQ(g.moves[3].who, 0);
  EXPECT_EQ(g.moves[3].value, 18);
  EXPECT_EQ(g.moves[4].kind, SgfMoveKind::Declare);
  EXPECT_EQ(g.moves[4].declaration.type, GameType::Grand);
  EXPECT_TRUE(g.moves[4].declaration.ouvert);
  EXPECT_FALSE(g.moves[4].declaration.hand);
  EXPECT_EQ(g.moves[6].kind, SgfMoveKind::Show);
  EXPECT_EQ(g.moves[7].kind, SgfMoveKind::Resign);
  EXPECT_EQ(g.moves[7].who, 1);
  EXPECT_EQ(g.result.declarer, 0);
  EXPECT_EQ(g.result.value, 192);
  EXPECT_EQ(g.result.won, true);
  EXPECT_EQ(g.result.bid_ok, true);
  EXPECT_EQ(g.property("P1"), "mic");
  EXPECT_EQ(g.property("CO"), "");  // this older line has no CO[]
  EXPECT_EQ(g.properties[1].name, "PC");
  EXPECT_EQ(g.properties[2].name, "SE");
}

}  // namespace
}  // namespace skat
