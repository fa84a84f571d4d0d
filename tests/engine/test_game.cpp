// The Game state machine as a whole: complete games from random legal actions keep every rule
// invariant (turns, tricks, early ends, points, results), after_auction, describe/error codes,
// and determinism (same deal + same actions → identical results, replay from history).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/scoring.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

constexpr int FH = kForehand;
constexpr int MH = kMiddlehand;
constexpr int RH = kRearhand;

// Plays a whole deal with random legal actions (auction included). With `concede_per_mille`
// a concession is chosen now and then when one is offered.
void random_game(Game& g, std::mt19937_64& rng, int concede_per_mille = 0) {
  int steps = 0;
  while (!g.finished()) {
    if (++steps > 500) throw std::runtime_error("game does not end");
    if (g.phase() == Phase::Playing && concede_per_mille > 0 &&
        static_cast<int>(test::pick(rng, 1000)) < concede_per_mille) {
      const int who = static_cast<int>(test::pick(rng, 3));
      for (const Action& a : g.legal_actions(who))
        if (a.kind == ActionKind::Concede) {
          test::must_apply(g, a);
          break;
        }
      continue;
    }
    auto la = g.legal_actions(g.to_act());
    std::erase_if(la, [](const Action& a) { return a.kind == ActionKind::Concede; });
    if (la.empty()) throw std::runtime_error("no legal action");
    std::size_t k = test::pick(rng, la.size());
    // Keep auctions short and cheap: mostly pass or the smallest bid.
    if (g.phase() == Phase::Bidding && test::pick(rng, 2) == 0) k = test::pick(rng, 2) == 0 ? 0 : la.size() - 1;
    test::must_apply(g, la[k]);
  }
}

// Every rule invariant visible after a finished game.
void check_finished_game(const Game& g) {
  ASSERT_TRUE(g.finished());
  if (g.folded()) {
    EXPECT_EQ(g.declarer(), -1);
    EXPECT_TRUE(g.tricks().empty());
    EXPECT_EQ(g.bids(), (std::array<int, 3>{0, 0, 0}));
    return;
  }
  const int decl = g.declarer();
  const Declaration& d = g.declaration();
  EXPECT_EQ(d, d.normalized());
  EXPECT_EQ(g.bids()[static_cast<std::size_t>(decl)], g.bid());
  if (d.type == GameType::Null) {
    EXPECT_GE(base_value(d), g.bid());
  }
  if (g.picked_up()) {
    EXPECT_FALSE(d.hand);
    EXPECT_FALSE(d.schneider_announced);
    EXPECT_FALSE(d.schwarz_announced);
    if (d.type != GameType::Null) {
      EXPECT_FALSE(d.ouvert);
    }
  } else {
    EXPECT_TRUE(d.hand);
    EXPECT_EQ(g.discard(), g.deal().skat);
  }

  // Tricks: FH leads the first, the winner leads the next; the declarer's points are the
  // discard plus the tricks he won.
  const auto& tricks = g.tricks();
  int leader = FH;
  int declarer_points = card_points(g.discard());
  int declarer_tricks = 0;
  int defender_points = 0;
  CardSet seen;
  for (std::size_t i = 0; i < tricks.size(); ++i) {
    const CompletedTrick& t = tricks[i];
    EXPECT_EQ(t.leader, leader) << "trick " << i;
    EXPECT_EQ(t.winner, (t.leader + rules_for(d.type).trick_winner(t.cards.data(), 3)) % 3);
    EXPECT_EQ(t.points, card_points(t.cards[0]) + card_points(t.cards[1]) + card_points(t.cards[2]));
    for (Card c : t.cards) {
      EXPECT_FALSE(seen.contains(c));
      seen.add(c);
    }
    if (t.winner == decl) {
      declarer_points += t.points;
      ++declarer_tricks;
    } else {
      defender_points += t.points;
    }
    // Early ends happen exactly at the first deciding trick.
    const bool last = i + 1 == tricks.size();
    if (d.type == GameType::Null && t.winner == decl) {
      EXPECT_TRUE(last && g.end_reason() == EndReason::NullTrickTaken) << "trick " << i;
    }
    if (d.schwarz_announced && t.winner != decl) {
      EXPECT_TRUE(last && g.end_reason() == EndReason::SchwarzBroken) << "trick " << i;
    }
    leader = t.winner;
  }
  EXPECT_TRUE((seen & g.discard()).empty());
  EXPECT_EQ(g.play_state().declarer_points(), declarer_points);
  EXPECT_EQ(g.play_state().declarer_tricks(), declarer_tricks);

  const GameOutcome& o = g.outcome();
  switch (g.end_reason()) {
    case EndReason::AllTricks:
      EXPECT_EQ(tricks.size(), 10u);
      EXPECT_EQ(o.declarer_points, declarer_points);
      EXPECT_EQ(o.declarer_tricks + o.defender_tricks, 10);
      if (d.type == GameType::Null) {
        EXPECT_TRUE(g.result().won);  // it went the distance: the declarer took no trick
        EXPECT_EQ(declarer_tricks, 0);
      } else {
        EXPECT_EQ(g.result().won, declarer_points >= 61 && !g.result().overbid &&
                                      (!d.schneider_announced || declarer_points >= 90) &&
                                      (!d.schwarz_announced || o.defender_tricks == 0));
      }
      break;
    case EndReason::NullTrickTaken:
    case EndReason::SchwarzBroken: EXPECT_FALSE(g.result().won); break;
    case EndReason::DeclarerConceded:
      EXPECT_EQ(o.declarer_points, declarer_points);
      EXPECT_EQ(o.declarer_tricks, declarer_tricks);
      if (d.type == GameType::Null) {
        EXPECT_FALSE(g.result().won);
      } else {
        EXPECT_EQ(o.defender_tricks, 10 - declarer_tricks);  // the remaining tricks go to the defenders
      }
      break;
    case EndReason::DefendersConceded:
      EXPECT_TRUE(g.defender_conceded((decl + 1) % 3));
      EXPECT_TRUE(g.defender_conceded((decl + 2) % 3));
      if (d.type == GameType::Null) {
        EXPECT_TRUE(g.result().won);
      } else {
        EXPECT_EQ(o.declarer_tricks, 10 - static_cast<int>(tricks.size()) + declarer_tricks);
        EXPECT_EQ(o.declarer_points, 120 - defender_points);  // all cards not yet won go to the declarer
      }
      break;
    case EndReason::None:
    case EndReason::Folded: ADD_FAILURE() << "bad end reason"; break;
  }
  EXPECT_EQ(g.result(), score_game(o));
  EXPECT_EQ(o.declarer_cards_and_skat, g.deal().hands[static_cast<std::size_t>(decl)] | g.deal().skat);
}

TEST(Game, RandomGamesKeepAllInvariants) {
  std::mt19937_64 rng(8080);
  int played = 0;
  int null_games = 0;
  int conceded = 0;
  for (int i = 0; i < 400; ++i) {
    Game g(random_deal(rng));
    random_game(g, rng, i % 2 == 0 ? 0 : 20);
    check_finished_game(g);
    if (HasFatalFailure()) return;
    if (!g.folded()) ++played;
    if (!g.folded() && g.declaration().type == GameType::Null) ++null_games;
    if (g.end_reason() == EndReason::DeclarerConceded || g.end_reason() == EndReason::DefendersConceded) ++conceded;
  }
  EXPECT_GT(played, 100);
  EXPECT_GT(null_games, 5);
  EXPECT_GT(conceded, 5);
}

// What legal_actions lists during play is exactly what apply accepts.
TEST(Game, LegalCardsAreExactlyTheAcceptedCards) {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 40; ++i) {
    const Deal d = random_deal(rng);
    Game g = test::hand_game(d, i % 3, 18, {static_cast<GameType>(i % kNumGameTypes)});
    while (g.phase() == Phase::Playing) {
      const int pos = g.to_act();
      CardSet listed;
      for (const Action& a : test::card_actions(g)) listed.add(a.card);
      CardSet accepted;
      for (Card c : CardSet::all()) {
        Game copy = g;
        if (copy.apply(Action::play(pos, c))) accepted.add(c);
      }
      ASSERT_EQ(listed, accepted);
      ASSERT_EQ(listed, g.play_state().legal_moves());
      // Other players may not play.
      for (int other = 0; other < 3; ++other) {
        if (other == pos) continue;
        Game copy = g;
        EXPECT_EQ(copy.apply(Action::play(other, g.hand(other).first())).error(), RuleError::NotYourTurn);
      }
      const auto moves = test::card_actions(g);
      test::must_apply(g, moves[test::pick(rng, moves.size())]);
    }
  }
}

TEST(Game, FirstLegalCardGameRunsToTheEnd) {
  const Deal d = *deal_from_id(2'000'000'000'000'000ULL);
  const Card a = d.skat.first();
  const Card b = (d.skat - CardSet{a}).first();
  Game g = test::pickup_game(d, RH, 18, GameType::Spades, a, b);
  while (g.phase() == Phase::Playing) test::must_apply(g, test::card_actions(g).front());
  EXPECT_EQ(g.end_reason(), EndReason::AllTricks);
  EXPECT_EQ(g.tricks().size(), 10u);
  check_finished_game(g);
  // History: 3 auction actions, pickup, discard, declare, 30 cards.
  EXPECT_EQ(g.history().size(), 3u + 3u + 30u);
  for (int p = 0; p < 3; ++p) EXPECT_TRUE(g.hand(p).empty());
}

// ----- after_auction -----

TEST(AfterAuction, StartsAtTheSkatDecision) {
  const Deal d = *deal_from_id(42);
  auto g = Game::after_auction(d, MH, {18, 20, 0});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->phase(), Phase::SkatDecision);
  EXPECT_EQ(g->declarer(), MH);
  EXPECT_EQ(g->bid(), 20);
  EXPECT_EQ(g->bids(), (std::array<int, 3>{18, 20, 0}));
  EXPECT_EQ(g->to_act(), MH);

  auto folded = Game::after_auction(d, -1, {0, 0, 0});
  ASSERT_TRUE(folded.has_value());
  EXPECT_TRUE(folded->folded());
  EXPECT_EQ(folded->end_reason(), EndReason::Folded);

  EXPECT_EQ(Game::after_auction(d, 3, {0, 0, 18}).error(), RuleError::NotDeclarer);
  EXPECT_EQ(Game::after_auction(d, FH, {19, 0, 0}).error(), RuleError::IllegalBidValue);
  EXPECT_EQ(Game::after_auction(d, FH, {0, 0, 0}).error(), RuleError::IllegalBidValue);
  EXPECT_EQ(Game::after_auction(d, FH, {18, 20, 0}).error(), RuleError::BidTooLow);
}

TEST(AfterAuction, SameResultAsPlayingTheAuction) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 50; ++i) {
    const Deal d = random_deal(rng);
    Game full(d);
    random_game(full, rng);
    if (full.folded()) continue;
    auto short_game = Game::after_auction(d, full.declarer(), full.bids());
    ASSERT_TRUE(short_game.has_value());
    // Replay everything after the auction.
    bool auction = true;
    for (const Action& a : full.history()) {
      if (auction && (a.kind == ActionKind::Bid || a.kind == ActionKind::Hold || a.kind == ActionKind::Pass)) continue;
      auction = false;
      test::must_apply(*short_game, a);
    }
    EXPECT_TRUE(short_game->finished());
    EXPECT_EQ(short_game->result(), full.result());
    EXPECT_EQ(short_game->end_reason(), full.end_reason());
  }
}

// ----- Determinism (same deal + same actions → same results) -----

struct Summary {
  std::vector<Action> history;
  EndReason end;
  GameResult result;
  int declarer_points, declarer_tricks;
  std::vector<std::array<Card, 3>> tricks;
  bool operator==(const Summary&) const = default;
};

Summary summarize(const Game& g) {
  Summary s{g.history(), g.end_reason(), g.result(), g.play_state().declarer_points(), g.play_state().declarer_tricks(),
            {}};
  for (const CompletedTrick& t : g.tricks()) s.tricks.push_back(t.cards);
  return s;
}

TEST(Determinism, SameSeedSameGames) {
  for (std::uint64_t seed : {1ULL, 2ULL, 0xDEADBEEFULL}) {
    std::mt19937_64 a(seed);
    std::mt19937_64 b(seed);
    for (int i = 0; i < 30; ++i) {
      Game ga(random_deal(a));
      Game gb(random_deal(b));
      random_game(ga, a, 10);
      random_game(gb, b, 10);
      EXPECT_TRUE(summarize(ga) == summarize(gb));
    }
  }
}

TEST(Determinism, ReplayingTheHistoryGivesIdenticalResults) {
  std::mt19937_64 rng(777);
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t id = uniform_below(rng, kNumDeals);
    Game original(*deal_from_id(id));
    random_game(original, rng, 10);
    for (int rep = 0; rep < 2; ++rep) {
      Game replay(*deal_from_id(id));  // the same deal from its id
      for (const Action& a : original.history()) test::must_apply(replay, a);
      ASSERT_TRUE(summarize(replay) == summarize(original)) << "deal " << id;
      EXPECT_EQ(replay.outcome().declarer_points, original.outcome().declarer_points);
      EXPECT_EQ(replay.folded(), original.folded());
      for (int p = 0; p < 3; ++p) EXPECT_EQ(replay.hand(p), original.hand(p));
    }
  }
}

// ----- Text forms -----

TEST(Describe, ReadableActions) {
  EXPECT_EQ(describe(Action::make_bid(1, 18)), "1 bid 18");
  EXPECT_EQ(describe(Action::hold(0)), "0 hold");
  EXPECT_EQ(describe(Action::pass(2)), "2 pass");
  EXPECT_EQ(describe(Action::pick_up(1)), "1 pickup");
  EXPECT_EQ(describe(Action::discard(0, card("CJ"), card("HT"))), "0 discard CJ HT");
  EXPECT_EQ(describe(Action::declare(2, {GameType::Grand, true})), "2 declare G hand");
  EXPECT_EQ(describe(Action::declare(2, {GameType::Hearts, true, true, true, true})),
            "2 declare H hand schneider schwarz ouvert");
  EXPECT_EQ(describe(Action::declare(0, {GameType::Null, false, false, false, true})), "0 declare N ouvert");
  EXPECT_EQ(describe(Action::play(0, card("CJ"))), "0 play CJ");
  EXPECT_EQ(describe(Action::concede(1)), "1 concede");
}

TEST(Errors, StableCodes) {
  EXPECT_EQ(to_string(RuleError::WrongPhase), "wrong_phase");
  EXPECT_EQ(to_string(RuleError::NotYourTurn), "not_your_turn");
  EXPECT_EQ(to_string(RuleError::IllegalBidValue), "illegal_bid_value");
  EXPECT_EQ(to_string(RuleError::BidTooLow), "bid_too_low");
  EXPECT_EQ(to_string(RuleError::NotDeclarer), "not_declarer");
  EXPECT_EQ(to_string(RuleError::CardNotHeld), "card_not_held");
  EXPECT_EQ(to_string(RuleError::MustFollowSuit), "must_follow_suit");
  EXPECT_EQ(to_string(RuleError::BadDiscard), "bad_discard");
  EXPECT_EQ(to_string(RuleError::AnnouncementNotAllowed), "announcement_not_allowed");
  EXPECT_EQ(to_string(RuleError::NullBelowBid), "null_below_bid");
  EXPECT_EQ(to_string(RuleError::AlreadyConceded), "already_conceded");
}

}  // namespace
}  // namespace skat
