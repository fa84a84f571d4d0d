// The open-card null model against hand-checked hands: nulls that cannot be caught are rated sure,
// the two losing null ouverts a person saw the bot declare are rated lost, and with the model the
// complete bot's contract choice no longer declares null with either; its answers depend only on
// the question.
#include <gtest/gtest.h>

#include <string>

#include "bots/bot_factory.h"
#include "bots/bot_levels.h"
#include "bots/table_bot/contract_evaluator.h"
#include "bots/table_bot/null_model.h"
#include "bots/tables/table_files.h"
#include "tests/bots/card_names.h"

namespace skat::bots {
namespace {

const TableSet& million_tables() {
  static const TableSet tables = [] {
    auto t = load_tables(std::string(SKAT_SOURCE_DIR) + "/tables/base-1m.wtab");
    if (!t) throw std::runtime_error(t.error());
    return std::move(*t);
  }();
  return tables;
}

ContractSettings with_model() {
  ContractSettings s;
  s.null_model = true;
  return s;
}

// ♣A K 10 7, ♠Q 7, ♥8, ♦J 8 7: declared null ouvert at 36 and lost in trick 3 (Kreuz ohne 3, 48,
// was there). Once the ♣7 is gone, a club led by a defender catches the ♣10.
const CardSet kClubsTenAceKing = cards("CA CK CT C7 SQ S7 H8 DJ D8 D7");
// ♣K 9 8 7, ♠A J 7, ♥8, ♦9 8 without ♦7: declared null ouvert hand at 33; the ♦7 came at once.
const CardSet kDiamondsWithoutSeven = cards("CK C9 C8 C7 SA SJ S7 H8 D9 D8");

TEST(NullModel, AHandLowInEverySuitIsSure) {
  NullModel model;
  EXPECT_DOUBLE_EQ(model.open_card_share({cards("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8"), cards("CA SA"), false, 0}), 1.0);
  // 7, 9, jack in each suit: every card lies below the defenders' next one, however they split.
  const CardSet steps = cards("C7 C9 CJ S7 S9 H7 H9 D7 D9 DJ");
  EXPECT_DOUBLE_EQ(model.open_card_share({steps, cards("HA HK"), true, 1}), 1.0);
  EXPECT_GT(model.win_probability({steps, {}, true, 2}), 0.95);
}

TEST(NullModel, TheTwoLostNullOuvertsAreRatedLost) {
  NullModel model;
  EXPECT_LT(model.win_probability({kClubsTenAceKing, cards("HA HT"), true, 1}), 0.3);
  EXPECT_LT(model.win_probability({kDiamondsWithoutSeven, {}, true, 0}), 0.3);
  EXPECT_LT(model.win_probability({kDiamondsWithoutSeven, {}, true, 2}), 0.3);
  // A single unguarded ace is caught in most deals, open or not.
  EXPECT_LT(model.open_card_share({cards("C7 C8 C9 S7 S8 H7 H8 H9 D7 DA"), cards("CA SA"), false, 0}), 0.5);
}

TEST(NullModel, TheSameQuestionGetsTheSameAnswer) {
  NullModel a, b;
  const NullQuestion q{cards("C7 C9 CQ S7 S8 ST H7 H9 D7 D9"), cards("CA SA"), false, 1};
  const double first = a.open_card_share(q);
  EXPECT_DOUBLE_EQ(a.open_card_share(q), first);
  EXPECT_DOUBLE_EQ(b.open_card_share(q), first);
  EXPECT_GT(first, 0.0);
  EXPECT_LT(first, 1.0);
  // The correction only lifts lost deals, less so when the defenders see the declarer's cards.
  EXPECT_GT(a.win_probability(q), first);
  EXPECT_LT(a.win_probability({q.ten, q.known, true, q.position}), a.win_probability(q));
}

// On the null table alone the bot bids 46 with the first hand and 59 with the second (the null
// ouvert and null ouvert hand values). With the model it stops below the bids at which it
// declared them, and does not play the second as a hand null at any bid it makes.
TEST(NullModel, WithTheModelTheBotBidsNeitherLostNullOuvert) {
  const ContractEvaluator evaluator(million_tables(), with_model());
  for (int position = 0; position < 3; ++position) {
    EXPECT_LT(evaluator.max_bid(kClubsTenAceKing, position), 36) << "position " << position;
    const int bid = evaluator.max_bid(kDiamondsWithoutSeven, position);
    EXPECT_LT(bid, 33) << "position " << position;
    for (int at = 18; at <= bid; ++at) {
      const ContractChoice hand = evaluator.best_hand_game(kDiamondsWithoutSeven, at, position);
      EXPECT_FALSE(hand.declaration.type == GameType::Null &&
                   hand.payoff > evaluator.pickup_payoff(kDiamondsWithoutSeven, at, position))
          << "position " << position << ", bid " << at;
    }
  }
}

TEST(NullModel, ASafeNullIsStillDeclared) {
  const ContractEvaluator evaluator(million_tables(), with_model());
  // No jack, no ace, every suit low: nothing but null is worth playing, and null cannot be caught.
  const ContractChoice c = evaluator.best_declaration(cards("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8"), cards("CT SK"), 18, 0);
  EXPECT_EQ(c.declaration.type, GameType::Null);
  EXPECT_GT(c.win, 0.95);
}

// ♣7 9 10 J, ♥8 J, ♦9 J Q, ♠7 with ♥9 K picked up (self-play, seed 5401: declared null at 23 and
// lost at once). Putting ♠7 ♦Q, the null table gives 0.29, just under the gate, and kept that W
// while the model had marked the other discard down to the rescue rate: null won the comparison
// of the games on the table's optimism. With the gate at 0 the model answers every null.
TEST(NullModel, AtGateZeroTheModelRatesTheNullsTheTableRatesLow) {
  const CardSet twelve = cards("C7 C9 CT CJ S7 H8 HJ D9 DJ DQ H9 HK");
  const CardSet discard = cards("S7 DQ");
  Declaration null_game;
  null_game.type = GameType::Null;
  const DeclarerContext c{null_game, twelve - discard, discard, 23, 2};
  const double table = million_tables().win_probability(c);
  ASSERT_LT(table, 0.3);
  EXPECT_DOUBLE_EQ(ContractEvaluator(million_tables(), with_model()).win_probability(c), table);
  ContractSettings every_null = with_model();
  every_null.null_model_gate = 0.0;
  NullModel model;
  const double w = model.win_probability({twelve - discard, discard, false, 2});
  EXPECT_DOUBLE_EQ(ContractEvaluator(million_tables(), every_null).win_probability(c), w);
  EXPECT_LT(w, table);
  // and the game chosen after the pickup at that bid is no longer this null
  const ContractChoice choice = ContractEvaluator(million_tables(), every_null).best_pickup_game(twelve, 23, 2);
  EXPECT_NE(choice.declaration.type, GameType::Null) << choice.win;
}

TEST(ContractEvaluator, TheDefendersBonusMakesALossDearer) {
  EXPECT_DOUBLE_EQ(expected_payoff(0.0, 24, 40), -138.0);
  EXPECT_DOUBLE_EQ(expected_payoff(1.0, 24, 40), 74.0);
  EXPECT_DOUBLE_EQ(overbid_payoff(30, 40), -150.0);
  // The bidding limit stays the declarer's own score (passing is not worth 0 against the table).
  const CardSet hand = cards("CJ DJ CA CK C9 C8 SA S9 H7 D8");
  ContractSettings table_view;
  table_view.defender_bonus = 40;
  EXPECT_EQ(ContractEvaluator(million_tables(), table_view).max_bid(hand, 1),
            ContractEvaluator(million_tables()).max_bid(hand, 1));
  // After the auction a near coin flip is worth less: the table's view of it counts the 40.
  const CardSet ten = cards("CJ DJ CA CK C9 C8 SA S9 H7 D8");
  const ContractChoice own = ContractEvaluator(million_tables()).best_declaration(ten, cards("HT HK"), 18, 1);
  const ContractChoice table =
      ContractEvaluator(million_tables(), table_view).best_declaration(ten, cards("HT HK"), 18, 1);
  EXPECT_DOUBLE_EQ(table.payoff, expected_payoff(table.win, table.value, 40));
  EXPECT_LT(table.payoff, own.payoff);
}

TEST(BotSpec, NullModelAndTablePayoffAreSettingsOfTheCompleteBot) {
  const std::string tables = ",tables=" + std::string(SKAT_SOURCE_DIR) + "/tables/base-1m.wtab";
  const auto plain = parse_bot_spec("full:worlds=4" + tables);
  const auto both = parse_bot_spec("full:worlds=4,null=model,payoff=table" + tables);
  ASSERT_TRUE(plain && both);
  EXPECT_EQ(plain->describe().find("null="), std::string::npos);
  EXPECT_EQ(plain->describe().find("payoff"), std::string::npos);
  EXPECT_TRUE(both->describe().ends_with(",null=model,payoff=table")) << both->describe();
  EXPECT_EQ(parse_bot_spec(both->describe())->describe(), both->describe());
  EXPECT_FALSE(parse_bot_spec("full:null=solver"));
  EXPECT_FALSE(parse_bot_spec("full:payoff=mine"));
  EXPECT_FALSE(parse_bot_spec("pimc:payoff=choice"));
  // the defenders' 40: in the game choice and card play (table), in the game choice only (choice)
  const auto table = table_player_settings(*both);
  EXPECT_EQ(table.contracts.defender_bonus, 40);
  EXPECT_TRUE(table.pimc.table_payoff);
  const auto choice = parse_bot_spec("full:worlds=4,payoff=choice" + tables);
  ASSERT_TRUE(choice);
  EXPECT_TRUE(choice->describe().ends_with(",payoff=choice")) << choice->describe();
  EXPECT_EQ(table_player_settings(*choice).contracts.defender_bonus, 40);
  EXPECT_FALSE(table_player_settings(*choice).pimc.table_payoff);
  EXPECT_EQ(table_player_settings(*plain).contracts.defender_bonus, 0);
  EXPECT_FALSE(table_player_settings(*plain).pimc.table_payoff);
  EXPECT_FALSE(parse_bot_spec("pimc:null=model"));
  // the gate below which the model is not asked: named only when not the default 30
  const auto gate0 = parse_bot_spec("full:worlds=4,null=model,nullgate=0" + tables);
  ASSERT_TRUE(gate0);
  EXPECT_EQ(gate0->null_gate, 0);
  EXPECT_TRUE(gate0->describe().ends_with(",null=model,nullgate=0")) << gate0->describe();
  EXPECT_EQ(parse_bot_spec("full:worlds=4,null=model,nullgate=30" + tables)->describe(),
            parse_bot_spec("full:worlds=4,null=model" + tables)->describe());
  EXPECT_FALSE(parse_bot_spec("full:nullgate=101"));
  EXPECT_FALSE(parse_bot_spec("pimc:nullgate=0"));
}

TEST(BotLevels, EverySpecOfAKnownKindHasALevelAndEachLevelsSpecItsOwn) {
  for (const BotLevel& level : kBotLevels) {
    ASSERT_TRUE(parse_bot_spec(level.spec, false)) << level.spec;
    EXPECT_EQ(bot_level(level.spec), level.name) << level.spec;
    EXPECT_EQ(find_bot_level(level.name), &level);
  }
  EXPECT_EQ(bot_level("rule"), "beginner");
  EXPECT_EQ(bot_level("pimc:worlds=40"), "club");
  EXPECT_EQ(bot_level("full:worlds=8,budget=1500"), "club");
  EXPECT_EQ(bot_level("full:worlds=16"), "strongest");
  EXPECT_EQ(bot_level("full"), "strongest");  // 20 worlds by default
  EXPECT_EQ(bot_level("account:anna-bot"), std::nullopt);
  EXPECT_EQ(bot_level("program:python3 bot.py"), std::nullopt);
  EXPECT_EQ(bot_level("mystery"), std::nullopt);
  EXPECT_EQ(find_bot_level("grandmaster"), nullptr);
}

}  // namespace
}  // namespace skat::bots
