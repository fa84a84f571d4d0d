// Declaration values and the cost of conceding, as a position can know them: worked examples, and
// over random games the range always holds what the engine then scores (exact once the skat is
// known to the declarer).
#include <gtest/gtest.h>

#include <random>

#include "engine/declaration_values.h"
#include "engine/scoring.h"
#include "test_support.h"

namespace skat {
namespace {

using test::cards;

const DeclarationValue* find(const std::vector<DeclarationValue>& values, Declaration d) {
  for (const DeclarationValue& v : values)
    if (v.declaration == d) return &v;
  return nullptr;
}

// Forehand: ♣J ♠J ♥J and clubs A 10 9, without ♦J and ♣K: the skat may add ♦J and ♣K to the chain.
const Deal kDeal = test::make_deal("CJ SJ HJ CA CT C9 SA ST HA D7",  //
                                   "DJ CQ C8 C7 SK SQ S9 HK HQ H9",  //
                                   "S8 S7 HT H8 H7 DA DT DK DQ D9",  //
                                   "CK D8");

TEST(DeclarationValues, AHandGameIsARangeOverTheSkatsTheDeclarerCannotSee) {
  const Game g = test::game_won_by(kDeal, kForehand, 18);
  const auto values = declaration_values(seat_view(g, kForehand));
  const auto* clubs = find(values, Declaration{GameType::Clubs, true, false, false, false});
  ASSERT_NE(clubs, nullptr);
  // with 3 (no ♦J in the skat) … with 7 (♦J and ♣K): 12 × (3 + game + hand) to 12 × (7 + 2)
  EXPECT_EQ(clubs->value, (ValueRange{60, 108}));
  const auto* grand = find(values, Declaration{GameType::Grand, true, false, false, false});
  ASSERT_NE(grand, nullptr);
  EXPECT_EQ(grand->value, (ValueRange{120, 144}));
  const auto* schneider = find(values, Declaration{GameType::Grand, true, true, false, false});
  ASSERT_NE(schneider, nullptr);
  EXPECT_EQ(schneider->value, (ValueRange{168, 192}));  // + schneider + announced
  const auto* null_hand = find(values, Declaration{GameType::Null, true, false, false, false});
  ASSERT_NE(null_hand, nullptr);
  EXPECT_EQ(null_hand->value, (ValueRange{35, 35}));
  // one entry per legal declaration, none for the others
  int declarations = 0;
  for (const Action& a : g.legal_actions(kForehand)) declarations += a.kind == ActionKind::Declare;
  EXPECT_EQ(static_cast<int>(values.size()), declarations);
  EXPECT_TRUE(declaration_values(seat_view(g, kMiddlehand)).empty());
}

TEST(DeclarationValues, AfterThePickupTheValueIsExact) {
  Game g = test::game_won_by(kDeal, kForehand, 18);
  test::must_apply(g, Action::pick_up(kForehand));
  test::must_apply(g, Action::discard(kForehand, test::card("D7"), test::card("D8")));
  const auto values = declaration_values(seat_view(g, kForehand));
  const auto* clubs = find(values, Declaration{GameType::Clubs, false, false, false, false});
  ASSERT_NE(clubs, nullptr);
  EXPECT_EQ(clubs->value, (ValueRange{48, 48}));  // with 3 (♣K in the skat, no ♦J): 12 × 4
  const auto* grand = find(values, Declaration{GameType::Grand, false, false, false, false});
  ASSERT_NE(grand, nullptr);
  EXPECT_EQ(grand->value, (ValueRange{96, 96}));
}

TEST(ConcessionEntry, ConcedingBeforeTheFirstCardIsSchneiderAndSchwarz) {
  // Grand with 3 after a pickup, conceded at once: 24 × (3 + game + schneider + schwarz) = 144,
  // charged twice as a lost game.
  Game g = test::pickup_game(kDeal, kForehand, 18, GameType::Grand, test::card("D7"), test::card("D8"));
  EXPECT_EQ(concession_entry(seat_view(g, kForehand)), (ValueRange{-288, -288}));
  EXPECT_EQ(concession_entry(seat_view(g, kMiddlehand)), std::nullopt);
  test::must_apply(g, Action::concede(kForehand));
  EXPECT_EQ(g.result().list_entry, -288);
}

TEST(ConcessionEntry, AlwaysHoldsWhatTheEngineScoresAndIsExactWhenTheSkatIsKnown) {
  std::mt19937_64 rng(20261125);
  int checked = 0;
  int ranges = 0;
  for (int n = 0; n < 400; ++n) {
    const Deal deal = random_deal(rng);
    const int declarer = static_cast<int>(test::pick(rng, 3));
    const bool hand = n % 2 == 0;
    Game g = test::game_won_by(deal, declarer, 18);
    if (!hand) {
      test::must_apply(g, Action::pick_up(declarer));
      const auto discards = g.legal_actions(declarer);
      test::must_apply(g, discards[test::pick(rng, discards.size())]);
    }
    // any legal declaration, with the value the declarer was told
    std::vector<Action> declares;
    for (const Action& a : g.legal_actions(declarer))
      if (a.kind == ActionKind::Declare) declares.push_back(a);
    const Action choice = declares[test::pick(rng, declares.size())];
    const SeatView before = seat_view(g, declarer);
    const auto values = declaration_values(before);
    const DeclarationValue* told = find(values, choice.declaration);
    ASSERT_NE(told, nullptr);
    GameOutcome won;
    won.declaration = choice.declaration;
    won.declarer_cards_and_skat = deal.hands[static_cast<std::size_t>(declarer)] | deal.skat;
    won.declarer_points = 61;
    won.declarer_tricks = 5;
    won.defender_tricks = 5;
    const int value = score_game(won).value;
    EXPECT_LE(told->value.lowest, value);
    EXPECT_GE(told->value.highest, value);
    if (!hand) {
      EXPECT_EQ(told->value.lowest, told->value.highest);
    }
    test::must_apply(g, choice);
    // play some cards, then concede and compare
    const int cards_to_play = static_cast<int>(test::pick(rng, 30));
    for (int i = 0; i < cards_to_play && g.phase() == Phase::Playing; ++i) {
      const auto moves = test::card_actions(g);
      test::must_apply(g, moves[test::pick(rng, moves.size())]);
    }
    if (g.phase() != Phase::Playing) continue;
    const auto entry = concession_entry(seat_view(g, declarer));
    ASSERT_TRUE(entry.has_value());
    test::must_apply(g, Action::concede(declarer));
    ASSERT_TRUE(g.finished());
    EXPECT_LE(entry->lowest, g.result().list_entry) << "game " << n;
    EXPECT_GE(entry->highest, g.result().list_entry) << "game " << n;
    if (!hand) {
      EXPECT_EQ(entry->lowest, entry->highest) << "game " << n;
    }
    ranges += entry->lowest != entry->highest;
    ++checked;
  }
  EXPECT_GT(checked, 200);
  EXPECT_GT(ranges, 0);  // hand games do leave some ranges open
}

}  // namespace
}  // namespace skat
