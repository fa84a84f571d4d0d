// The analysis of a game with every hand open (bots/analysis/game_analysis.h) against positions
// checked by hand: two end positions of two tricks (a declarer's and a defender's choice that
// decides the game, one that gives away schwarz) and a whole null game whose one turning point is known; a spent node
// budget leaves the first positions without points, or without values, never the last ones.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "bots/analysis/game_analysis.h"
#include "bots/play_deal.h"
#include "bots/rule_player.h"
#include "bots/solver/position.h"
#include "bots/tournament/tournament.h"

namespace skat::bots {
namespace {

Card card(std::string_view name) { return *parse_card(name); }

CardSet cards(std::string_view names) {
  CardSet set;
  for (std::size_t i = 0; i + 1 < names.size(); i += 3) set.add(card(names.substr(i, 2)));
  return set;
}

std::vector<Card> line(std::string_view names) {
  std::vector<Card> out;
  for (std::size_t i = 0; i + 1 < names.size(); i += 3) out.push_back(card(names.substr(i, 2)));
  return out;
}

const AnalysedCard& value_of(const Decision& d, std::string_view name) {
  for (const AnalysedCard& c : d.cards)
    if (c.card == card(name)) return c;
  ADD_FAILURE() << name << " is not a legal card here";
  return d.best;
}

// Grand, the last two tricks, the declarer (forehand) on lead with 50 card points. ♠A first takes
// ♠10 and ♠8 (71), and ♠7 then wins the last trick too (♥K, ♥7: 75). ♠7 first loses to ♠10, and
// the ♥K led then takes the ♠A the declarer must throw: he stays at 50.
TEST(GameAnalysis, TheDeclarersLeadDecidesTwoTricksOfAGrand) {
  OpenSolver solver;
  PlayState start(GameType::Grand, {cards("SA S7"), cards("ST HK"), cards("S8 H7")}, 0, 50, 0);
  const Declaration grand{GameType::Grand, false, false, false, false};
  EXPECT_FALSE(analyse_play(start, grand, line("S7 ST S8 HK SA H7"), solver));  // ♠A is not rearhand's
  const auto a_line = analyse_play(start, grand, line("S7 ST S8 HK H7 SA"), solver);
  ASSERT_TRUE(a_line) << a_line.error();
  const GameAnalysis& a = *a_line;
  ASSERT_EQ(a.decisions.size(), 6u);
  const Decision& lead = a.decisions[0];
  EXPECT_EQ(lead.position, 0);
  ASSERT_EQ(lead.cards.size(), 2u);
  EXPECT_EQ(value_of(lead, "SA"), (AnalysedCard{card("SA"), 75, true, true}));
  EXPECT_EQ(value_of(lead, "S7"), (AnalysedCard{card("S7"), 50, false, true}));
  EXPECT_EQ(lead.best.card, card("SA"));
  EXPECT_FALSE(lead.played_best);
  EXPECT_TRUE(lead.turning_point);
  for (std::size_t i = 1; i < a.decisions.size(); ++i) {
    const Decision& d = a.decisions[i];
    EXPECT_EQ(d.cards.size(), 1u) << i;  // every later card is forced
    EXPECT_EQ(d.best.declarer_points, 50) << i;
    EXPECT_TRUE(d.played_best) << i;
    EXPECT_FALSE(d.turning_point) << i;
  }
  // Only decisions with a choice count: the declarer's one, missed; the defenders had none.
  EXPECT_EQ(a.accuracy[0], (SolverAccuracy{1, 0}));
  EXPECT_EQ(a.accuracy[1], (SolverAccuracy{}));
  EXPECT_EQ(a.accuracy[2], (SolverAccuracy{}));
}

// Clubs, the declarer (forehand) leads ♠A with 55 card points; middlehand, void in spades, holds
// ♣J and ♥10. Ruffing takes ♠A, ♠10 (rearhand must follow) and ♣J (23 for the defenders), and the
// ♥10 led then wins the last trick: the declarer ends at 55. Throwing ♥10 gives him 31 (86), and
// ♣J takes only the ♠7 and ♦7 of the last trick.
TEST(GameAnalysis, ADefendersRuffKeepsTheDeclarerBelow61) {
  OpenSolver solver;
  PlayState start(GameType::Clubs, {cards("SA S7"), cards("CJ HT"), cards("ST D7")}, 0, 55, 0);
  const Declaration clubs{GameType::Clubs, false, false, false, false};
  const auto wrong_line = analyse_play(start, clubs, line("SA HT ST S7 CJ D7"), solver);
  ASSERT_TRUE(wrong_line) << wrong_line.error();
  const GameAnalysis& wrong = *wrong_line;
  ASSERT_EQ(wrong.decisions.size(), 6u);
  const Decision& lead = wrong.decisions[0];
  EXPECT_EQ(value_of(lead, "SA").declarer_points, 55);
  EXPECT_EQ(value_of(lead, "S7").declarer_points, 55);  // ♠7 first: ♠10 wins, ♥10 and ♣J follow
  EXPECT_TRUE(lead.played_best);
  EXPECT_FALSE(lead.turning_point);
  const Decision& ruff = wrong.decisions[1];
  EXPECT_EQ(ruff.position, 1);
  EXPECT_EQ(value_of(ruff, "CJ"), (AnalysedCard{card("CJ"), 55, false, true}));
  EXPECT_EQ(value_of(ruff, "HT"), (AnalysedCard{card("HT"), 86, true, true}));
  EXPECT_EQ(ruff.best.card, card("CJ"));
  EXPECT_FALSE(ruff.played_best);
  EXPECT_TRUE(ruff.turning_point);
  EXPECT_EQ(wrong.accuracy[1], (SolverAccuracy{1, 0}));
  EXPECT_EQ(wrong.accuracy[0], (SolverAccuracy{1, 1}));

  const auto right_line = analyse_play(start, clubs, line("SA CJ ST HT D7 S7"), solver);
  ASSERT_TRUE(right_line) << right_line.error();
  const GameAnalysis& right = *right_line;
  EXPECT_TRUE(right.decisions[1].played_best);
  for (const Decision& d : right.decisions) EXPECT_FALSE(d.turning_point);
  EXPECT_EQ(right.accuracy[1], (SolverAccuracy{1, 1}));
}

// Grand, the last two tricks, the declarer (forehand) on lead with 109 card points and ♠A ♠7.
// ♠A first takes ♠8 and ♠9, and ♠7 then wins the last trick, both defenders void: every trick,
// the defenders schwarz. ♠7 first loses to rearhand's ♠9 (a trick without a point), and the ♥9
// led then takes the ♠A the declarer must throw: 109. The outcome and schneider stay; schwarz goes.
TEST(GameAnalysis, LeadingTheSevenGivesAwaySchwarz) {
  OpenSolver solver;
  PlayState start(GameType::Grand, {cards("SA S7"), cards("S8 H7"), cards("S9 H9")}, 0, 109, 0);
  const Declaration grand{GameType::Grand, false, false, false, false};
  const auto wrong = analyse_play(start, grand, line("S7 S8 S9 H9 SA H7"), solver);
  ASSERT_TRUE(wrong) << wrong.error();
  const Decision& lead = wrong->decisions[0];
  EXPECT_EQ(value_of(lead, "SA").declarer_points, 120);
  EXPECT_TRUE(value_of(lead, "SA").declarer_takes_all);
  EXPECT_EQ(value_of(lead, "S7").declarer_points, 109);
  EXPECT_FALSE(value_of(lead, "S7").declarer_takes_all);
  EXPECT_EQ(lead.best.card, card("SA"));
  EXPECT_FALSE(lead.played_best);
  EXPECT_FALSE(lead.turning_point);
  EXPECT_FALSE(lead.schneider_turn);
  EXPECT_TRUE(lead.schwarz_turn);

  const auto right = analyse_play(start, grand, line("SA S8 S9 S7 H7 H9"), solver);
  ASSERT_TRUE(right) << right.error();
  EXPECT_TRUE(right->decisions[0].played_best);
  for (const Decision& d : right->decisions) EXPECT_FALSE(d.schwarz_turn);
  EXPECT_TRUE(right->decisions[3].cards[0].declarer_takes_all);  // the last lead, forced, takes the last trick
}

// A null hand of forehand, who holds the 7, 8 and 9 of three suits and the ♦A: he loses as soon
// as a defender leads a diamond while he still holds it, and he is safe once he throws it. The
// defenders give him the chance: middlehand leads clubs four times, and at the fourth (trick 4),
// with the declarer void in clubs, the ♦A goes. That lead is the game's one turning point.
TEST(GameAnalysis, AWholeNullGameTurnsWhereTheDefenderLetsTheAceGo) {
  const Deal deal{{cards("C7 C8 C9 S7 S8 S9 H7 H8 H9 DA"), cards("CT CJ CQ CK ST SJ D7 D8 D9 DT"),
                   cards("SQ SK HT HJ HQ HK HA DJ DQ DK")},
                  cards("CA SA")};
  ASSERT_TRUE(deal.valid());
  Game game = *Game::after_auction(deal, 0, {18, 0, 0});
  ASSERT_TRUE(game.apply(Action::declare(0, Declaration{GameType::Null, true, false, false, false})));
  for (const Card c : line("C7 CT DJ CJ DQ C8 CQ DK C9 CK HA DA D7 HK H9 D8 HQ H8 D9 HJ H7 DT HT S9 "
                           "ST SQ S8 SK S7 SJ"))
    ASSERT_TRUE(game.apply(Action::play(game.to_act(), c))) << card_name(c);
  ASSERT_TRUE(game.finished());
  ASSERT_TRUE(game.result().won);

  OpenSolver solver;
  const GameAnalysis a = analyse_game(game, solver);
  ASSERT_EQ(a.decisions.size(), 30u);
  std::vector<int> turns;
  for (std::size_t i = 0; i < a.decisions.size(); ++i)
    if (a.decisions[i].turning_point) turns.push_back(static_cast<int>(i));
  ASSERT_EQ(turns, std::vector<int>{9});
  const Decision& turn = a.decisions[9];
  EXPECT_EQ(turn.trick, 3);
  EXPECT_EQ(turn.position, 1);
  EXPECT_EQ(turn.played, card("CK"));
  EXPECT_FALSE(turn.best.declarer_wins);
  EXPECT_FALSE(value_of(turn, "D7").declarer_wins);
  EXPECT_TRUE(value_of(turn, "CK").declarer_wins);
  // Up to the turn the declarer loses whatever is played; from it he wins if he throws the ♦A.
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(a.decisions[static_cast<std::size_t>(i)].best.declarer_wins) << i;
  const Decision& throw_ace = a.decisions[11];
  EXPECT_EQ(throw_ace.played, card("DA"));
  EXPECT_TRUE(throw_ace.best.declarer_wins);
  EXPECT_FALSE(value_of(throw_ace, "S9").declarer_wins);
  // The open-card verdict on the declared game is the first decision's best value.
  solver.clear();
  EXPECT_EQ(solver_verdict(game, solver), a.decisions[0].best.declarer_wins);
  // Middlehand chose at tricks 1-9 (following, leading) and missed once; the declarer never.
  EXPECT_EQ(a.accuracy[1], (SolverAccuracy{9, 8}));
  EXPECT_EQ(a.accuracy[0].agrees, a.accuracy[0].judged);
  EXPECT_GT(a.accuracy[0].judged, 0);
}

// A suit or grand game of three rule-based bots (the first of the seeded deals that is one).
Game declared_suit_game() {
  for (std::uint64_t id = 1;; ++id) {
    RulePlayer a(id), b(id + 1), c(id + 2);
    auto game = play_deal(*deal_from_id(id * 7919), {&a, &b, &c});
    if (game && !game->folded() && game->declaration().type != GameType::Null && game->tricks().size() == 10)
      return std::move(*game);
  }
}

TEST(GameAnalysis, ASpentPointsBudgetLeavesTheFirstCardsWithTheirOutcomeOnly) {
  const Game game = declared_suit_game();
  OpenSolver solver;
  const GameAnalysis full = analyse_game(game, solver, AnalysisLimits{std::nullopt, std::nullopt});
  ASSERT_EQ(full.decisions.size(), 30u);
  for (const Decision& d : full.decisions) {
    ASSERT_TRUE(d.exact());
    for (const AnalysedCard& c : d.cards) EXPECT_EQ(c.declarer_wins, c.declarer_points >= full.target);
  }
  solver.clear();
  const GameAnalysis part = analyse_game(game, solver, AnalysisLimits{std::nullopt, 2000});
  ASSERT_EQ(part.decisions.size(), 30u);
  EXPECT_FALSE(part.decisions.front().exact());
  EXPECT_TRUE(part.decisions.back().exact());
  bool exact = false;  // once exact (from the front), exact to the end
  SolverAccuracy judged;
  for (std::size_t i = 0; i < 30; ++i) {
    const Decision& d = part.decisions[i];
    const Decision& f = full.decisions[i];
    ASSERT_TRUE(d.valued) << i;
    EXPECT_FALSE(exact && !d.exact()) << i;
    exact = d.exact();
    ASSERT_EQ(d.cards.size(), f.cards.size());
    for (std::size_t k = 0; k < d.cards.size(); ++k) {
      EXPECT_EQ(d.cards[k].declarer_wins, f.cards[k].declarer_wins) << i;
      if (exact) {
        EXPECT_EQ(d.cards[k], f.cards[k]) << i;
      }
    }
    EXPECT_EQ(d.turning_point, f.turning_point) << i;
    if (exact && d.cards.size() > 1) judged.add(d.played_best);
  }
  // Accuracy counts the decisions whose every card has its points.
  SolverAccuracy counted;
  for (const SolverAccuracy& one : part.accuracy) counted.add(one);
  EXPECT_EQ(counted, judged);
}

TEST(GameAnalysis, ASpentOutcomeBudgetLeavesTheFirstCardsWithoutValues) {
  const Game game = declared_suit_game();
  OpenSolver solver;
  const GameAnalysis part = analyse_game(game, solver, AnalysisLimits{5000, std::nullopt});
  ASSERT_EQ(part.decisions.size(), 30u);
  EXPECT_FALSE(part.decisions.front().valued);
  EXPECT_TRUE(part.decisions.front().cards.empty());
  EXPECT_TRUE(part.decisions.back().valued);
  bool valued = false;
  for (const Decision& d : part.decisions) {
    EXPECT_FALSE(valued && !d.valued);
    valued = d.valued;
    EXPECT_EQ(d.turning_point && !d.valued, false);
  }
}

}  // namespace
}  // namespace skat::bots
