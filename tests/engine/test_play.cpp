// docs/rules.md §5: card play through Game::apply (turn, card held, following suit), the winner
// leads, the early ends (null, announced schwarz / ouvert), concessions, and PlayState play/undo.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "engine/game.h"
#include "engine/play_state.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

constexpr int FH = kForehand;
constexpr int MH = kMiddlehand;
constexpr int RH = kRearhand;

// FH: ♣J ♠J, clubs A 10 K, spades A 10, ♥A ♦A ♦7. MH: ♥J ♦J … RH: no jack. Skat ♥7 ♦8 (0 points).
Deal fixed_deal() {
  return test::make_deal("CJ SJ CA CT CK SA ST HA DA D7", "HJ DJ CQ C9 SK SQ HT HK DT DK",
                         "C8 C7 S9 S8 S7 HQ H9 H8 DQ D9", "H7 D8");
}

void play(Game& g, int pos, std::string_view c) { test::must_apply(g, Action::play(pos, card(c))); }

RuleError play_error(Game& g, int pos, std::string_view c) {
  const auto before = g.history().size();
  const int to_move = g.play_state().to_move();
  const CardSet hand = g.hand(pos);
  const auto r = g.apply(Action::play(pos, card(c)));
  EXPECT_FALSE(r.has_value()) << pos << " " << c;
  EXPECT_EQ(g.history().size(), before);
  EXPECT_EQ(g.play_state().to_move(), to_move);
  EXPECT_EQ(g.hand(pos), hand);
  return r ? RuleError::WrongPhase : r.error();
}

// ----- Legality -----

TEST(Play, TurnCardHeldAndFollowSuit) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  EXPECT_EQ(play_error(g, MH, "HJ"), RuleError::NotYourTurn);
  EXPECT_EQ(play_error(g, RH, "C7"), RuleError::NotYourTurn);
  EXPECT_EQ(play_error(g, FH, "HJ"), RuleError::CardNotHeld);
  EXPECT_EQ(play_error(g, FH, "H7"), RuleError::CardNotHeld);  // in the skat
  play(g, FH, "CA");
  EXPECT_EQ(play_error(g, MH, "SK"), RuleError::MustFollowSuit);
  EXPECT_EQ(play_error(g, MH, "HJ"), RuleError::MustFollowSuit);  // a jack is no club in grand
  EXPECT_EQ(play_error(g, MH, "CA"), RuleError::CardNotHeld);
  play(g, MH, "C9");  // not obliged to play the higher queen
  EXPECT_EQ(play_error(g, RH, "S7"), RuleError::MustFollowSuit);
  play(g, RH, "C7");
  ASSERT_EQ(g.tricks().size(), 1u);
  EXPECT_EQ(g.tricks()[0].winner, FH);
  EXPECT_EQ(g.tricks()[0].leader, FH);
  EXPECT_EQ(g.tricks()[0].points, 11);
  EXPECT_EQ(g.tricks()[0].cards, (std::array<Card, 3>{card("CA"), card("C9"), card("C7")}));
  EXPECT_EQ(g.to_act(), FH);                                   // the winner leads
  EXPECT_EQ(play_error(g, FH, "CA"), RuleError::CardNotHeld);  // already played
}

TEST(Play, JackLedMustBeFollowedWithTrump) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  play(g, FH, "CJ");
  EXPECT_EQ(play_error(g, MH, "CQ"), RuleError::MustFollowSuit);
  EXPECT_EQ(play_error(g, MH, "HT"), RuleError::MustFollowSuit);
  play(g, MH, "DJ");
  play(g, RH, "HQ");  // no trump: any card
  EXPECT_EQ(g.tricks().back().winner, FH);
  EXPECT_EQ(g.play_state().declarer_points(), 0);
  EXPECT_EQ(g.play_state().defender_tricks(), 1);
}

TEST(Play, SuitGameTrumpLedByJack) {
  Game g = test::hand_game(fixed_deal(), RH, 18, {GameType::Hearts});
  play(g, FH, "SJ");  // trump lead in hearts
  EXPECT_EQ(play_error(g, MH, "SK"), RuleError::MustFollowSuit);
  play(g, MH, "HK");  // a heart is a trump: follows, does not need to overtake
  EXPECT_EQ(play_error(g, RH, "S7"), RuleError::MustFollowSuit);
  play(g, RH, "H8");
  EXPECT_EQ(g.tricks().back().winner, FH);
  play(g, FH, "DA");
  play(g, MH, "DT");
  play(g, RH, "D9");
  EXPECT_EQ(g.tricks().back().winner, FH);
  play(g, FH, "D7");
  play(g, MH, "DK");
  // RH still holds ♦Q: must follow.
  EXPECT_EQ(play_error(g, RH, "HQ"), RuleError::MustFollowSuit);
  play(g, RH, "DQ");
  EXPECT_EQ(g.tricks().back().winner, MH);
  EXPECT_EQ(g.to_act(), MH);
}

TEST(Play, WinnerLeadsAndSkatCountsForDeclarer) {
  Game g = test::hand_game(fixed_deal(), FH, 18, {GameType::Clubs});
  EXPECT_EQ(g.play_state().declarer_points(), 0);  // ♥7 ♦8
  play(g, FH, "HA");
  play(g, MH, "HT");
  play(g, RH, "H9");
  EXPECT_EQ(g.play_state().declarer_points(), 21);
  EXPECT_EQ(g.play_state().declarer_tricks(), 1);
  play(g, FH, "D7");
  play(g, MH, "DK");
  play(g, RH, "DQ");
  EXPECT_EQ(g.tricks().back().winner, MH);
  EXPECT_EQ(g.play_state().leader(), MH);
  EXPECT_EQ(g.to_act(), MH);
  EXPECT_EQ(g.play_state().declarer_points(), 21);
}

// ----- Early ends -----

TEST(EarlyEnd, NullLostAtDeclarersFirstTrick) {
  Game g = test::hand_game(fixed_deal(), FH, 18, {GameType::Null});
  play(g, FH, "D7");
  play(g, MH, "DT");
  play(g, RH, "D9");
  EXPECT_EQ(g.tricks().back().winner, MH);  // 10 over 9 in null
  EXPECT_EQ(g.phase(), Phase::Playing);
  play(g, MH, "HT");
  play(g, RH, "H8");
  play(g, FH, "HA");  // forced: the declarer's only heart wins
  EXPECT_EQ(g.phase(), Phase::Finished);
  EXPECT_EQ(g.end_reason(), EndReason::NullTrickTaken);
  EXPECT_EQ(g.tricks().size(), 2u);
  EXPECT_FALSE(g.result().won);
  EXPECT_EQ(g.result().value, 35);
  EXPECT_EQ(g.result().list_entry, -70);
  EXPECT_EQ(g.apply(Action::play(FH, card("CJ"))).error(), RuleError::WrongPhase);
  EXPECT_TRUE(g.legal_actions(FH).empty());
  EXPECT_EQ(g.to_act(), -1);
}

TEST(EarlyEnd, AnnouncedSchwarzLostAtDefendersFirstTrick) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand, true, false, true, false});
  EXPECT_TRUE(g.declaration().schneider_announced);
  play(g, FH, "CA");
  play(g, MH, "C9");
  play(g, RH, "C7");
  EXPECT_EQ(g.phase(), Phase::Finished);
  EXPECT_EQ(g.end_reason(), EndReason::SchwarzBroken);
  const GameResult& r = g.result();
  EXPECT_FALSE(r.won);
  EXPECT_EQ(r.matadors, -2);  // MH: ♥J ♦J, no ♣J ♠J
  // without 2, game, hand, schneider, announced, schwarz, announced = 8 × 24
  EXPECT_EQ(r.multiplier, 8);
  EXPECT_EQ(r.value, 192);
  EXPECT_EQ(r.list_entry, -384);
}

TEST(EarlyEnd, OuvertLostAtDefendersFirstTrick) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand, true, false, false, true});
  EXPECT_EQ(g.declaration(), (Declaration{GameType::Grand, true, true, true, true}));
  play(g, FH, "CA");
  play(g, MH, "C9");
  play(g, RH, "C7");
  EXPECT_EQ(g.end_reason(), EndReason::SchwarzBroken);
  EXPECT_EQ(g.result().multiplier, 9);
  EXPECT_EQ(g.result().list_entry, -2 * 9 * 24);
}

TEST(EarlyEnd, SchneiderAnnouncedAndNullOuvertDoNotEndAtADefenderTrick) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand, true, true, false, false});
  play(g, FH, "CA");
  play(g, MH, "C9");
  play(g, RH, "C7");
  EXPECT_EQ(g.phase(), Phase::Playing);

  Game n = test::hand_game(fixed_deal(), FH, 18, {GameType::Null, true, false, false, true});
  play(n, FH, "D7");
  play(n, MH, "DT");
  play(n, RH, "D9");
  EXPECT_EQ(n.phase(), Phase::Playing);  // the defenders' trick is what the null declarer wants
}

TEST(EarlyEnd, DeclarerOfSuitGameMayLoseTricksAndPlayOn) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  play(g, FH, "CA");
  play(g, MH, "C9");
  play(g, RH, "C7");
  EXPECT_EQ(g.phase(), Phase::Playing);
}

// ----- Concessions -----

TEST(Concede, DeclarerConcedesAtStart) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  test::must_apply(g, Action::concede(MH));
  EXPECT_EQ(g.phase(), Phase::Finished);
  EXPECT_EQ(g.end_reason(), EndReason::DeclarerConceded);
  const GameOutcome& o = g.outcome();
  EXPECT_EQ(o.declarer_points, 0);  // the skat is worth 0
  EXPECT_EQ(o.declarer_tricks, 0);
  EXPECT_EQ(o.defender_tricks, 10);
  const GameResult& r = g.result();
  EXPECT_FALSE(r.won);
  EXPECT_TRUE(r.schneider);
  EXPECT_TRUE(r.schwarz);
  EXPECT_EQ(r.multiplier, 2 + 1 + 1 + 1 + 1);  // without 2, game, hand, schneider, schwarz
  EXPECT_EQ(r.list_entry, -2 * 6 * 24);
}

TEST(Concede, OneDefenderAloneDoesNotEndTheGameAndVotesPersist) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  test::must_apply(g, Action::concede(FH));
  EXPECT_EQ(g.phase(), Phase::Playing);
  EXPECT_TRUE(g.defender_conceded(FH));
  EXPECT_FALSE(g.defender_conceded(RH));
  EXPECT_EQ(g.apply(Action::concede(FH)).error(), RuleError::AlreadyConceded);
  for (const Action& a : g.legal_actions(FH)) EXPECT_NE(a.kind, ActionKind::Concede);
  // Play goes on; the vote stays.
  play(g, FH, "CA");
  play(g, MH, "C9");
  play(g, RH, "C7");
  EXPECT_TRUE(g.defender_conceded(FH));
  EXPECT_EQ(g.phase(), Phase::Playing);
  test::must_apply(g, Action::concede(RH));  // not RH's turn: concessions are any time
  EXPECT_EQ(g.phase(), Phase::Finished);
  EXPECT_EQ(g.end_reason(), EndReason::DefendersConceded);
  const GameOutcome& o = g.outcome();
  EXPECT_EQ(o.declarer_points, 120 - 11);
  EXPECT_EQ(o.declarer_tricks, 9);
  EXPECT_EQ(o.defender_tricks, 1);
  const GameResult& r = g.result();
  EXPECT_TRUE(r.won);
  EXPECT_TRUE(r.schneider);
  EXPECT_FALSE(r.schwarz);
  EXPECT_EQ(r.multiplier, 2 + 1 + 1 + 1);
  EXPECT_EQ(r.list_entry, 5 * 24);
}

TEST(Concede, DefendersConcedeMidTrick) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  play(g, FH, "CA");
  test::must_apply(g, Action::concede(RH));
  test::must_apply(g, Action::concede(FH));
  EXPECT_EQ(g.end_reason(), EndReason::DefendersConceded);
  const GameOutcome& o = g.outcome();
  EXPECT_EQ(o.declarer_points, 120);  // the open trick goes to the declarer too
  EXPECT_EQ(o.declarer_tricks, 10);
  EXPECT_EQ(o.defender_tricks, 0);
  EXPECT_TRUE(g.result().won);
  EXPECT_TRUE(g.result().schwarz);
  EXPECT_EQ(g.result().multiplier, 2 + 1 + 1 + 1 + 1);
  EXPECT_EQ(g.result().list_entry, 6 * 24);
}

TEST(Concede, DeclarerConcedesMidTrick) {
  Game g = test::hand_game(fixed_deal(), FH, 18, {GameType::Clubs});
  play(g, FH, "HA");
  play(g, MH, "HT");
  play(g, RH, "H9");  // declarer 21
  play(g, FH, "SA");
  play(g, MH, "SK");
  test::must_apply(g, Action::concede(FH));
  EXPECT_EQ(g.end_reason(), EndReason::DeclarerConceded);
  const GameOutcome& o = g.outcome();
  EXPECT_EQ(o.declarer_points, 21);
  EXPECT_EQ(o.declarer_tricks, 1);
  EXPECT_EQ(o.defender_tricks, 9);
  const GameResult& r = g.result();
  EXPECT_FALSE(r.won);
  EXPECT_TRUE(r.schneider);  // 21 ≤ 30
  EXPECT_FALSE(r.schwarz);
  // FH holds ♣J ♠J, skat has no jack: with 2 (♥J missing). 2 + game + hand + schneider = 5.
  EXPECT_EQ(r.matadors, 2);
  EXPECT_EQ(r.list_entry, -2 * 5 * 12);
}

// docs/rules.md §5: the conceding side's opponents get the remaining tricks and points, and the
// game is scored from there: a declarer who already has 61 and concedes keeps his points.
TEST(Concede, DeclarerConcessionIsScoredFromThere) {
  Game g = test::hand_game(fixed_deal(), FH, 18, {GameType::Clubs});
  const char* const tricks[][3] = {{"HA", "HT", "H9"}, {"SA", "SK", "S9"}, {"ST", "SQ", "S8"}, {"DA", "DT", "D9"}};
  for (const auto& t : tricks) {
    play(g, FH, t[0]);
    play(g, MH, t[1]);
    play(g, RH, t[2]);
    ASSERT_EQ(g.tricks().back().winner, FH);
  }
  EXPECT_EQ(g.play_state().declarer_points(), 70);
  test::must_apply(g, Action::concede(FH));
  EXPECT_EQ(g.outcome().declarer_points, 70);
  EXPECT_EQ(g.outcome().declarer_tricks, 4);
  EXPECT_EQ(g.outcome().defender_tricks, 6);
  EXPECT_TRUE(g.result().won);
  EXPECT_EQ(g.result().list_entry, 4 * 12);  // with 2, game, hand
}

TEST(Concede, NullConcessions) {
  Game won = test::hand_game(fixed_deal(), FH, 18, {GameType::Null});
  test::must_apply(won, Action::concede(MH));
  test::must_apply(won, Action::concede(RH));
  EXPECT_EQ(won.end_reason(), EndReason::DefendersConceded);
  EXPECT_TRUE(won.result().won);
  EXPECT_EQ(won.result().list_entry, 35);

  Game lost = test::hand_game(fixed_deal(), FH, 18, {GameType::Null});
  play(lost, FH, "D7");
  test::must_apply(lost, Action::concede(FH));
  EXPECT_EQ(lost.end_reason(), EndReason::DeclarerConceded);
  EXPECT_FALSE(lost.result().won);
  EXPECT_EQ(lost.result().list_entry, -70);
}

TEST(Concede, OnlyDuringPlay) {
  Game g = test::game_won_by(fixed_deal(), MH, 18);
  EXPECT_EQ(g.apply(Action::concede(MH)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::concede(FH)).error(), RuleError::WrongPhase);
  Game bidding(fixed_deal());
  EXPECT_EQ(bidding.apply(Action::concede(MH)).error(), RuleError::WrongPhase);
}

// ----- PlayState play/undo -----

struct Observables {
  GameType game;
  int declarer, to_move, leader, trick_size, tricks_done, declarer_points, declarer_tricks, defender_tricks,
      last_winner;
  std::array<CardSet, 3> hands;
  std::vector<Card> trick;
  CardSet played, legal;
  bool all_played;

  explicit Observables(const PlayState& s)
      : game(s.game()),
        declarer(s.declarer()),
        to_move(s.to_move()),
        leader(s.leader()),
        trick_size(s.trick_size()),
        tricks_done(s.tricks_done()),
        declarer_points(s.declarer_points()),
        declarer_tricks(s.declarer_tricks()),
        defender_tricks(s.defender_tricks()),
        last_winner(s.last_trick_winner()),
        hands(s.hands()),
        played(s.played()),
        legal(s.legal_moves()),
        all_played(s.all_tricks_played()) {
    for (int i = 0; i < s.trick_size(); ++i) trick.push_back(s.trick_card(i));
  }
  bool operator==(const Observables&) const = default;
};

PlayState random_state(std::mt19937_64& rng, GameType g) {
  const Deal d = random_deal(rng);
  const int declarer = static_cast<int>(test::pick(rng, 3));
  return PlayState(g, d.hands, declarer, card_points(d.skat));
}

TEST(PlayStateUndo, FullGamesUndoToEveryPreviousState) {
  std::mt19937_64 rng(1001);
  for (int game = 0; game < 300; ++game) {
    const auto type = static_cast<GameType>(game % kNumGameTypes);
    PlayState s = random_state(rng, type);
    std::vector<Observables> history{Observables(s)};
    while (!s.all_tricks_played()) {
      const CardSet legal = s.legal_moves();
      ASSERT_FALSE(legal.empty());
      // Play, undo, and check nothing changed; then play a random card for real.
      for (Card c : legal) {
        s.play(c);
        s.undo();
        ASSERT_TRUE(Observables(s) == history.back()) << "play/undo of " << card_name(c);
      }
      std::vector<Card> options;
      for (Card c : legal) options.push_back(c);
      s.play(options[test::pick(rng, options.size())]);
      history.emplace_back(s);
    }
    EXPECT_EQ(s.tricks_done(), 10);
    EXPECT_EQ(s.played().size(), 30);
    for (int p = 0; p < 3; ++p) EXPECT_TRUE(s.hand(p).empty());
    // Unwind the whole game.
    history.pop_back();
    while (!history.empty()) {
      s.undo();
      ASSERT_TRUE(Observables(s) == history.back()) << "undo to move " << history.size() - 1;
      history.pop_back();
    }
  }
}

TEST(PlayStateUndo, PointsAndTricksAddUp) {
  std::mt19937_64 rng(2002);
  for (int game = 0; game < 200; ++game) {
    const Deal d = random_deal(rng);
    const int declarer = game % 3;
    PlayState s(static_cast<GameType>(game % kNumGameTypes), d.hands, declarer, card_points(d.skat));
    int declarer_points = card_points(d.skat);
    int defender_points = 0;
    int declarer_tricks = 0;
    EXPECT_EQ(s.to_move(), FH);
    EXPECT_EQ(s.leader(), FH);
    while (!s.all_tricks_played()) {
      std::vector<Card> options;
      for (Card c : s.legal_moves()) options.push_back(c);
      const Card c = options[test::pick(rng, options.size())];
      if (s.trick_size() < 2) {
        s.play(c);
        continue;
      }
      const int points = card_points(s.trick_card(0)) + card_points(s.trick_card(1)) + card_points(c);
      s.play(c);
      const int w = s.last_trick_winner();
      EXPECT_EQ(s.trick_size(), 0);
      EXPECT_EQ(s.to_move(), w);  // the winner leads the next trick
      EXPECT_EQ(s.leader(), w);
      if (w == declarer) {
        declarer_points += points;
        ++declarer_tricks;
      } else {
        defender_points += points;
      }
      EXPECT_EQ(s.declarer_points(), declarer_points);
      EXPECT_EQ(s.declarer_tricks(), declarer_tricks);
    }
    EXPECT_EQ(s.declarer_points() + defender_points, 120);
    EXPECT_EQ(s.declarer_tricks() + s.defender_tricks(), 10);
    EXPECT_EQ(s.played(), CardSet::all() - d.skat);
  }
}

}  // namespace
}  // namespace skat
