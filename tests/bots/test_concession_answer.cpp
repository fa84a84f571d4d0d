// A bot defender's answer to its partner's concession vote (bots/pimc/pimc_player.h,
// bots/concession_vote.h, docs/rules.md §5): a searching bot agrees on its turn when its side loses
// whatever it plays, the simple and rule players once the declarer's tricks hold his game; each
// plays on when the defenders can still win, when conceding would cost more, or nobody has voted.
#include <gtest/gtest.h>

#include <algorithm>
#include <ranges>
#include <string_view>
#include <vector>

#include "bots/rule_player.h"
#include "bots/simple_player.h"
#include "out_of_turn_support.h"

namespace skat::bots {
namespace {

// Middlehand declares a Null Ouvert Hand at 18 with `mh` (open, so the defenders know what the
// declarer holds); forehand leads.
Game null_hand_by_middlehand(std::string_view mh, std::string_view fh, std::string_view rh, std::string_view skat) {
  return test::declared_by_middlehand(fh, mh, rh, skat, Declaration{GameType::Null, true, false, false, true});
}

// The lowest three of every suit but diamonds, and ♦7: no card of it can take a trick.
Game sure_null() {
  return null_hand_by_middlehand("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "CJ SJ HJ DJ CA CK CQ CT SA SK",
                                 "SQ ST HA HK HQ HT DA DK DT D9", "DQ D8");
}

// Aces and kings: the declarer takes a trick whatever he does.
Game hopeless_null() {
  return null_hand_by_middlehand("CA CK SA SK HA HK DA DK CQ SQ", "CJ SJ HJ DJ CT C9 C8 C7 ST S9",
                                 "S8 S7 HQ HT H9 H8 H7 DT D9 D8", "DQ D7");
}

// The decision of the player to move (rearhand, after the first two cards).
Action decision(const Game& g, int pos) {
  EXPECT_EQ(g.to_act(), pos);
  return test::decision(g, pos);
}

// Forehand (perhaps after his vote) and the declarer play a card each: rearhand is to move.
void play_to_rearhand(Game& g) {
  for (int pos : {kForehand, kMiddlehand}) {
    const SeatView view = seat_view(g, pos);
    const auto card = std::ranges::find_if(view.legal, [](const Action& a) { return a.kind == ActionKind::Play; });
    ASSERT_NE(card, view.legal.end());
    ASSERT_TRUE(g.apply(*card));
  }
}

TEST(ConcessionAnswer, AgreesWhenTheDefendersLoseWhateverTheyPlay) {
  Game g = sure_null();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  play_to_rearhand(g);
  const Action a = decision(g, kRearhand);
  EXPECT_EQ(a.kind, ActionKind::Concede);
  ASSERT_TRUE(g.apply(a));
  EXPECT_TRUE(g.finished());
  EXPECT_TRUE(g.result().won);
}

TEST(ConcessionAnswer, PlaysOnWhileTheDefendersCanWin) {
  Game g = hopeless_null();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  play_to_rearhand(g);
  EXPECT_EQ(decision(g, kRearhand).kind, ActionKind::Play);
}

TEST(ConcessionAnswer, NeverConcedesUnasked) {
  Game g = sure_null();
  play_to_rearhand(g);
  EXPECT_EQ(decision(g, kRearhand).kind, ActionKind::Play);
}

// Middlehand's Grand Hand at 18 with the four jacks and the tens and aces of three suits; the
// defenders hold the diamonds.
Game strong_grand() {
  return test::declared_by_middlehand("CK CQ C9 C8 SK SQ S9 S8 HK HQ", "CJ SJ HJ DJ CA CT SA ST HA HT",
                                      "C7 S7 H9 H8 H7 DA DT DK DQ D9", "D8 D7",
                                      Declaration{GameType::Grand, true, false, false, false});
}

struct TrickPoints {
  int declarer = 0, defenders = 0, defenders_tricks = 0;
};
TrickPoints trick_points(const Game& g) {
  const SeatView view = seat_view(g, kForehand);
  TrickPoints p;
  for (const CompletedTrick& t : view.tricks) {
    if (t.winner == view.declarer) {
      p.declarer += t.points;
    } else {
      p.defenders += t.points;
      ++p.defenders_tricks;
    }
  }
  return p;
}

// Plays each seat's first legal card until rearhand is to move with `wanted` true of the tricks.
template <class Wanted>
bool play_until_rearhand(Game& g, Wanted wanted) {
  while (!g.finished()) {
    if (g.to_act() == kRearhand && wanted(trick_points(g))) return true;
    const SeatView view = seat_view(g, g.to_act());
    const auto card = std::ranges::find_if(view.legal, [](const Action& a) { return a.kind == ActionKind::Play; });
    if (card == view.legal.end() || !g.apply(*card)) return false;
  }
  return false;
}

// What the simple and the rule player at rearhand answer now.
std::vector<ActionKind> answers_without_search(const Game& g) {
  const SeatView view = seat_view(g, kRearhand);
  SimplePlayer simple(3);
  RulePlayer rule(3);
  std::vector<ActionKind> kinds;
  for (Player* p : std::initializer_list<Player*>{&simple, &rule}) {
    const Action a = p->decide(view);
    EXPECT_NE(std::ranges::find(view.legal, a), view.legal.end()) << describe(a);
    kinds.push_back(a.kind);
  }
  return kinds;
}

// Middlehand's Grand Hand at 18 that the defenders open with three tricks of 39 card points; from
// the fourth trick on the declarer takes every trick.
Game grand_after_three_defenders_tricks() {
  return test::declared_by_middlehand("HA HT HK DA DT DQ D9 CK CQ C9", "CJ SJ HJ DJ CA CT SA H7 H8 D7",
                                      "HQ DK D8 C8 C7 SK SQ S9 S8 S7", "ST H9",
                                      Declaration{GameType::Grand, true, false, false, false});
}

// Plays `played` (each seat's card in turn).
void play_cards(Game& g, std::string_view played) {
  for (const auto word : std::views::split(played, ' ')) {
    const std::string_view name(word.begin(), word.end());
    if (name.empty()) continue;
    const auto card = parse_card(name);
    ASSERT_TRUE(card) << name;
    ASSERT_TRUE(g.apply(Action::play(g.to_act(), *card))) << name;
  }
}

TEST(ConcessionWithoutSearch, AgreesOnceTheDeclarersTricksHoldHisGame) {
  Game g = grand_after_three_defenders_tricks();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  // Eight tricks and the declarer's lead to the ninth: his tricks hold 50 card points, rearhand plays on.
  play_cards(g, "HA H7 HQ  HT H8 D8  DA D7 DK  CK CA C7  CT C8 CQ  CJ S7 C9  SJ S8 D9  SA SK DQ  HJ");
  EXPECT_EQ(trick_points(g).declarer, 50);
  EXPECT_EQ(answers_without_search(g), (std::vector{ActionKind::Play, ActionKind::Play}));
  // After the ninth trick 65 against 39: the game is the declarer's whatever is played.
  play_cards(g, "SQ DT  DJ");
  const TrickPoints p = trick_points(g);
  EXPECT_EQ(p.declarer, 65);
  EXPECT_EQ(p.defenders, 39);
  EXPECT_EQ(answers_without_search(g), (std::vector{ActionKind::Concede, ActionKind::Concede}));
  ASSERT_TRUE(g.apply(Action::concede(kRearhand)));
  EXPECT_TRUE(g.finished());
  EXPECT_TRUE(g.result().won);
}

TEST(ConcessionWithoutSearch, PlaysOnWhileTheGameIsOpenOrUnasked) {
  Game g = strong_grand();
  ASSERT_TRUE(play_until_rearhand(g, [](const TrickPoints& p) { return p.declarer >= 61; }));
  EXPECT_EQ(answers_without_search(g), (std::vector{ActionKind::Play, ActionKind::Play}));  // nobody voted
  Game early = strong_grand();
  ASSERT_TRUE(early.apply(Action::concede(kForehand)));
  ASSERT_TRUE(play_until_rearhand(early, [](const TrickPoints& p) { return p.declarer < 61; }));
  EXPECT_EQ(answers_without_search(early), (std::vector{ActionKind::Play, ActionKind::Play}));
}

TEST(ConcessionWithoutSearch, PlaysOnWhenConcedingWouldGiveSchneiderOrSchwarz) {
  Game g = strong_grand();
  ASSERT_TRUE(play_until_rearhand(g, [](const TrickPoints& p) { return p.declarer >= 61 && p.defenders < 31; }));
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  EXPECT_EQ(answers_without_search(g), (std::vector{ActionKind::Play, ActionKind::Play}));
}

TEST(ConcessionWithoutSearch, NeverInNullWhereOnlyTheLastTrickDecides) {
  Game g = sure_null();
  ASSERT_TRUE(g.apply(Action::concede(kForehand)));
  play_to_rearhand(g);
  EXPECT_EQ(answers_without_search(g), (std::vector{ActionKind::Play, ActionKind::Play}));
}

}  // namespace
}  // namespace skat::bots
