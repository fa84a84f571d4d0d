// `skat value` semantics (docs/cli.md, docs/rules.md §6): the worked examples of docs/rules.md,
// null values, announcements, overbids, and every kind of invalid description.
#include <gtest/gtest.h>

#include "cli/game_value.h"

namespace skat::cli {
namespace {

using Json = nlohmann::json;

Json describe(const char* game, std::vector<const char*> cards, std::vector<const char*> skat, int bid, int points,
              int tricks) {
  return Json{{"game", game}, {"declarer_cards", cards},   {"skat", skat},
              {"bid", bid},   {"declarer_points", points}, {"declarer_tricks", tricks}};
}

const std::vector<const char*> kFourJacks = {"CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "D7"};
const std::vector<const char*> kDiamondsWithout1 = {"SJ", "HJ", "DA", "DT", "DK", "DQ", "D9", "CA", "SA", "HA"};

GameValue value_of(const Json& j) {
  const auto v = evaluate_game(j);
  EXPECT_TRUE(v) << v.error();
  return v.value_or(GameValue{});
}

std::string error_of(const Json& j) {
  const auto v = evaluate_game(j);
  EXPECT_FALSE(v);
  return v ? std::string() : v.error();
}

TEST(Value, GrandHandSchneiderAnnouncedMissedIsLostAtTheAnnouncedLevel) {
  Json j = describe("G", kFourJacks, {"D8", "D9"}, 18, 89, 7);
  j["hand"] = true;
  j["schneider_announced"] = true;
  const GameValue v = value_of(j);
  EXPECT_FALSE(v.won);
  EXPECT_FALSE(v.overbid);
  EXPECT_EQ(v.matadors, 4);
  EXPECT_EQ(v.value, -384);
}

TEST(Value, OverbidChargedAtTheNextMultiple) {
  const GameValue v = value_of(describe("D", kDiamondsWithout1, {"D8", "S7"}, 22, 89, 7));
  EXPECT_FALSE(v.won);
  EXPECT_TRUE(v.overbid);
  EXPECT_EQ(v.matadors, -1);
  EXPECT_EQ(v.value, -54);
}

TEST(Value, SchneiderReachedLiftsTheValueAboveTheBid) {
  const GameValue v = value_of(describe("D", kDiamondsWithout1, {"D8", "S7"}, 22, 90, 7));
  EXPECT_TRUE(v.won);
  EXPECT_FALSE(v.overbid);
  EXPECT_EQ(v.value, 27);
}

TEST(Value, SeegerFabianWorkedCheckGames) {
  // Won grand with 2, 75 eyes: +72.
  const GameValue grand =
      value_of(describe("G", {"CJ", "SJ", "DJ", "CA", "CT", "SA", "ST", "HA", "D7", "D8"}, {"C8", "D9"}, 18, 75, 7));
  EXPECT_EQ(grand.matadors, 2);
  EXPECT_EQ(grand.value, 72);
  // Lost hearts hand without 1: −60.
  Json hearts = describe("H", {"SJ", "HJ", "HA", "HT", "HK", "HQ", "H9", "CA", "SA", "D7"}, {"D8", "D9"}, 18, 50, 4);
  hearts["hand"] = true;
  const GameValue h = value_of(hearts);
  EXPECT_EQ(h.matadors, -1);
  EXPECT_EQ(h.value, -60);
}

TEST(Value, OverbidHeartsAtBid59IsCharged60) {
  const GameValue v =
      value_of(describe("H", {"SJ", "HJ", "HA", "HT", "HK", "HQ", "H9", "CA", "SA", "D7"}, {"D8", "D9"}, 59, 80, 7));
  EXPECT_TRUE(v.overbid);
  EXPECT_EQ(v.value, -120);
}

TEST(Value, MatadorsCountTheSkat) {
  // ♣J in the skat: "with 1" (and ♠J missing stops the run).
  const GameValue v =
      value_of(describe("C", {"HJ", "CA", "CT", "CK", "CQ", "C9", "C8", "SA", "HA", "DA"}, {"CJ", "D7"}, 18, 70, 6));
  EXPECT_EQ(v.matadors, 1);
  EXPECT_EQ(v.value, 24);
}

TEST(Value, GrandOuvertWithFour) {
  Json j = describe("G", kFourJacks, {"D8", "D9"}, 18, 120, 10);
  j["ouvert"] = true;
  j["hand"] = true;
  const GameValue v = value_of(j);
  EXPECT_TRUE(v.won);
  EXPECT_EQ(v.value, 24 * 11);
}

TEST(Value, NullVariants) {
  const std::vector<const char*> hand = {"C7", "C8", "C9", "S7", "S8", "H7", "H9", "HT", "D7", "D8"};
  Json null = describe("N", hand, {"DA", "SA"}, 23, 0, 0);
  EXPECT_EQ(value_of(null).value, 23);
  EXPECT_EQ(value_of(null).matadors, 0);
  null["declarer_tricks"] = 1;
  EXPECT_EQ(value_of(null).value, -46);
  Json ouvert_hand = describe("N", hand, {"DA", "SA"}, 59, 0, 0);
  ouvert_hand["hand"] = true;
  ouvert_hand["ouvert"] = true;
  EXPECT_EQ(value_of(ouvert_hand).value, 59);
  // declarer_points may be left out for null.
  ouvert_hand.erase("declarer_points");
  EXPECT_EQ(value_of(ouvert_hand).value, 59);
}

TEST(Value, InvalidDescriptions) {
  EXPECT_NE(
      error_of(describe("C", {"XX", "HJ", "CA", "CT", "CK", "CQ", "C9", "C8", "SA", "HA"}, {"CJ", "D7"}, 18, 70, 6))
          .find("unknown card 'XX'"),
      std::string::npos);
  EXPECT_NE(
      error_of(describe("C", {"D7", "HJ", "CA", "CT", "CK", "CQ", "C9", "C8", "SA", "HA"}, {"CJ", "D7"}, 18, 70, 6))
          .find("duplicate card 'D7'"),
      std::string::npos);
  EXPECT_NE(error_of(describe("C", {"HJ", "CA"}, {"CJ", "D7"}, 18, 70, 6)).find("10 cards"), std::string::npos);
  EXPECT_NE(error_of(describe("C", kFourJacks, {"D8"}, 18, 70, 6)).find("2 cards"), std::string::npos);
  EXPECT_NE(error_of(describe("X", kFourJacks, {"D8", "D9"}, 18, 70, 6)).find("'game'"), std::string::npos);
  EXPECT_NE(error_of(describe("C", kFourJacks, {"D8", "D9"}, 19, 70, 6)).find("bid"), std::string::npos);
  EXPECT_NE(error_of(describe("C", kFourJacks, {"D8", "D9"}, 18, 121, 6)).find("declarer_points"), std::string::npos);
  EXPECT_NE(error_of(describe("C", kFourJacks, {"D8", "D9"}, 18, 100, 10)).find("120"), std::string::npos);
  EXPECT_FALSE(evaluate_game(Json::array()));
}

TEST(Value, AnnouncementsNeedAHandGame) {
  for (const char* flag : {"schneider_announced", "schwarz_announced", "ouvert"}) {
    Json j = describe("C", kFourJacks, {"D8", "D9"}, 18, 70, 6);
    j[flag] = true;
    EXPECT_NE(error_of(j).find("announcement not allowed"), std::string::npos) << flag;
    j["hand"] = true;
    EXPECT_TRUE(evaluate_game(j)) << flag;
  }
  Json null = describe("N", kFourJacks, {"D8", "D9"}, 18, 0, 0);
  null["hand"] = true;
  null["schneider_announced"] = true;
  EXPECT_NE(error_of(null).find("announcement not allowed"), std::string::npos);
}

TEST(Value, NullBelowTheBidIsRejected) {
  EXPECT_NE(error_of(describe("N", kFourJacks, {"D8", "D9"}, 24, 0, 0)).find("below the bid"), std::string::npos);
  Json hand = describe("N", kFourJacks, {"D8", "D9"}, 35, 0, 0);
  hand["hand"] = true;
  EXPECT_TRUE(evaluate_game(hand));
  hand["bid"] = 36;
  EXPECT_FALSE(evaluate_game(hand));
}

TEST(Value, JsonKeysInOrder) {
  EXPECT_EQ(to_json(GameValue{true, false, -2, 54}).dump(), R"({"won":true,"overbid":false,"matadors":-2,"value":54})");
}

}  // namespace
}  // namespace skat::cli
