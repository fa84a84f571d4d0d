// Replay failures: illegal moves are reported with the game id and the first offending move,
// differences from the recorded result as "field: recorded X, replayed Y"; a bad game never
// stops the others. Also the concession inference of PGN lines that end early.
#include <gtest/gtest.h>

#include "engine/records/replay.h"
#include "record_test_support.h"

namespace skat {
namespace {

// Fixture game 541932, edited per test.
std::string game_541932() {
  const std::string text = test::fixture_sgf();
  const std::size_t at = text.find("ID[541932]");
  const std::size_t begin = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  return text.substr(begin, text.find('\n', at) - begin);
}

ReplayOutcome replay_edited(std::string_view from, std::string_view to) {
  std::string line = game_541932();
  const std::size_t at = line.find(from);
  if (at == std::string::npos) throw std::runtime_error("edit not found");
  line.replace(at, from.size(), to);
  const auto g = read_sgf_game(line, 1);
  if (!g) throw std::runtime_error(to_string(g.error()));
  return replay_sgf(*g);
}

TEST(SgfReplayErrors, IllegalMoveNamesTheGameAndTheFirstOffendingMove) {
  // MH holds S9 S7 SQ and must follow the led SA.
  const ReplayOutcome r = replay_edited("0 SA 1 S7", "0 SA 1 D9");
  EXPECT_EQ(r.id, "541932");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(*r.error, "move 9 '1 D9': must_follow_suit");
}

TEST(SgfReplayErrors, CardNotHeldAndOutOfTurn) {
  EXPECT_EQ(replay_edited("0 SA 1 S7", "0 SA 1 HA").error.value_or(""), "move 9 '1 HA': card_not_held");
  EXPECT_EQ(replay_edited("1 p 2 18", "2 18 1 p").error.value_or(""), "move 2 '2 18': not_your_turn");
}

TEST(SgfReplayErrors, ResultMismatches) {
  const ReplayOutcome r = replay_edited("v:-54 m:-2", "v:-55 m:-3");
  EXPECT_FALSE(r.error.has_value());
  EXPECT_EQ(r.mismatches,
            (std::vector<std::string>{"value: recorded -55, replayed -54", "matadors: recorded -3, replayed -2"}));
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(replay_edited("d:2 loss", "d:2 win").mismatches,
            std::vector<std::string>{"won: recorded true, replayed false"});
  EXPECT_EQ(
      replay_edited("p:59 t:4 s:0 z:0", "p:60 t:4 s:1 z:0").mismatches,
      (std::vector<std::string>{"declarer_points: recorded 60, replayed 59", "schneider: recorded 1, replayed 0"}));
  EXPECT_EQ(replay_edited("bidok", "overbid").mismatches,
            std::vector<std::string>{"overbid: recorded true, replayed false"});
  EXPECT_EQ(replay_edited("R[d:2", "R[passed d:2").mismatches,
            std::vector<std::string>{"passed: recorded true, replayed false"});
}

TEST(SgfReplayErrors, IncompleteUnknownAndInterruptedRecords) {
  EXPECT_EQ(replay_edited(" 1 SQ 0 SK 1 DK 2 HT ]", " ]").error.value_or(""),
            "the record ends before the game is over");
  EXPECT_EQ(replay_edited("0 SA 1 S7", "0 SA 1 ZZ").error.value_or(""), "move 9 '1 ZZ': unknown move");
  const ReplayOutcome timeout = replay_edited("0 SA 1 S7", "0 SA w TI.1");
  ASSERT_TRUE(timeout.error.has_value());
  EXPECT_EQ(timeout.error->rfind("move 9 'w TI.1': ", 0), 0u) << *timeout.error;
  EXPECT_EQ(replay_edited("w H8.CK", "w H8.C7").error.value_or(""),
            "move 6 'w H8.C7': the skat shown is not the skat dealt");
  EXPECT_EQ(replay_edited("2 HT ]", "2 HT 0 CJ ]").error.value_or(""), "move 38 '0 CJ': after the end of the game");
  EXPECT_TRUE(replay_edited("2 HT ]", "2 HT 0 SC ]").ok());
}

TEST(SgfReplayErrors, ReadingAndReplayGoOnAfterABadGame) {
  std::string bad = game_541932();
  bad.replace(bad.find("0 SA 1 S7"), 9, "0 SA 1 D9");
  const SgfReadResult read = read_sgf(bad + "\n" + test::fixture_sgf());
  ASSERT_TRUE(read.ok());
  ASSERT_EQ(read.games.size(), 18u);
  int failed = 0;
  for (const SgfGame& g : read.games) failed += replay_sgf(g).ok() ? 0 : 1;
  EXPECT_EQ(failed, 1);
}

// ---- PGN ----

// The first played game of the driver whose ending satisfies `pred`.
template <class Pred>
Game find_game(Pred pred) {
  test::RandomDriver driver(99);
  for (int i = 0; i < 5000; ++i) {
    Game g = driver.play_one();
    if (!g.folded() && pred(g)) return g;
  }
  throw std::runtime_error("no such game");
}

Game full_suit_game() {
  return find_game([](const Game& g) {
    return g.end_reason() == EndReason::AllTricks && g.declaration().type != GameType::Null && !g.declaration().hand;
  });
}

TEST(PgnReplayErrors, IllegalCardNamesTrickAndCard) {
  PgnGame line = pgn_game_from(full_suit_game(), 3, {});
  // Let the leader of trick 1 play a card of the next player instead.
  const PgnTrick first = line.tricks[0];
  line.tricks[0].cards = {first.cards[1], first.cards[0], first.cards[2]};
  const ReplayOutcome r = replay_pgn(line);
  EXPECT_EQ(r.id, "3");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(
      r.error->rfind("trick 1 card 1 (" + card_name(first.cards[1]) + " by position 0, the leader): card_not_held", 0),
      0u)
      << *r.error;
}

TEST(PgnReplayErrors, WrongWinnerPointsAndResultFieldsAreMismatches) {
  const PgnGame good = pgn_game_from(full_suit_game(), 0, {});
  PgnGame line = good;
  line.tricks[0].winner = (good.tricks[0].winner + 1) % 3;
  line.tricks[0].points = good.tricks[0].points + 1;
  line.eyes = good.eyes + 1;
  line.won = !good.won;
  line.level = good.level + 1;
  const ReplayOutcome r = replay_pgn(line);
  EXPECT_FALSE(r.error.has_value());
  const std::vector<std::string> expected{
      "trick 1 winner: recorded " + std::to_string(line.tricks[0].winner) + ", replayed " +
          std::to_string(good.tricks[0].winner),
      "trick 1 points: recorded " + std::to_string(line.tricks[0].points) + ", replayed " +
          std::to_string(good.tricks[0].points),
      std::string("won: recorded ") + (line.won ? "true" : "false") + ", replayed " + (good.won ? "true" : "false"),
      "level: recorded " + std::to_string(line.level) + ", replayed " + std::to_string(good.level),
      "eyes: recorded " + std::to_string(line.eyes) + ", replayed " + std::to_string(good.eyes)};
  EXPECT_EQ(r.mismatches, expected);
}

TEST(PgnReplayErrors, InconsistentInputFields) {
  const PgnGame good = pgn_game_from(full_suit_game(), 0, {});
  PgnGame folded = good;
  folded.folded = true;
  EXPECT_EQ(replay_pgn(folded).error.value_or(""), "field 14 (folded) contradicts field 2 (game)");
  PgnGame hand = good;
  hand.hand = true;
  EXPECT_EQ(replay_pgn(hand).error.value_or(""), "fields 52..53 (skat put): a hand game puts the skat as dealt");
  PgnGame bid = good;
  bid.bids[static_cast<std::size_t>(good.declarer)] = 0;
  EXPECT_EQ(replay_pgn(bid).error.value_or("").rfind("fields 3..6 (declarer and bids): ", 0), 0u);
  PgnGame put = good;
  put.skat_put[1] = put.skat_put[0];
  EXPECT_EQ(replay_pgn(put).error.value_or(""), "fields 52..53 (skat put): bad_discard");
  PgnGame null_hand;
  null_hand = good;
  null_hand.game = kPgnNullHand;
  EXPECT_EQ(replay_pgn(null_hand).error.value_or(""), "field 7 (hand) contradicts field 2 (game)");
  PgnGame extra = good;
  extra.tricks.push_back(extra.tricks.back());
  EXPECT_EQ(replay_pgn(extra).error.value_or(""), "trick 11: recorded after the end of the game");
}

TEST(PgnConcession, InferredFromEyesAndResultFields) {
  const Game by_defenders = find_game([](const Game& g) {
    return g.end_reason() == EndReason::DefendersConceded && g.declaration().type != GameType::Null;
  });
  const Game by_declarer = find_game([](const Game& g) {
    return g.end_reason() == EndReason::DeclarerConceded && g.declaration().type != GameType::Null &&
           g.tricks().size() < 10;
  });
  const Game null_defenders = find_game([](const Game& g) {
    return g.end_reason() == EndReason::DefendersConceded && g.declaration().type == GameType::Null;
  });
  for (const Game* g : {&by_defenders, &by_declarer, &null_defenders}) {
    const ReplayOutcome r = replay_pgn(pgn_game_from(*g, 0, {}));
    EXPECT_TRUE(r.ok()) << r.error.value_or("") << (r.mismatches.empty() ? "" : r.mismatches[0]);
    EXPECT_EQ(r.value, g->result().list_entry);
    EXPECT_EQ(r.declarer_tricks, g->outcome().declarer_tricks);
  }
}

TEST(RecordFormats, DetectedFromTheFirstCharacter) {
  EXPECT_EQ(detect_format("\n  (;GM[Skat]"), RecordFormat::Sgf);
  EXPECT_EQ(detect_format("\xEF\xBB\xBF[Event: x]"), RecordFormat::Pgn);
  EXPECT_EQ(detect_format("0 -1 0"), RecordFormat::Unknown);
  EXPECT_EQ(detect_format(""), RecordFormat::Unknown);
}

}  // namespace
}  // namespace skat
