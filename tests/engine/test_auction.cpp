// docs/rules.md §3: the auction. Every path (MH to FH, RH to the survivor, FH alone, all pass),
// jump bids, illegal values, turn order, the recorded highest bids, and the 63 legal bid values.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/auction.h"
#include "engine/game.h"
#include "test_support.h"

namespace skat {
namespace {

constexpr int FH = kForehand;
constexpr int MH = kMiddlehand;
constexpr int RH = kRearhand;

void ok(const std::expected<void, RuleError>& r) { ASSERT_TRUE(r.has_value()) << to_string(r.error()); }

void fails(const std::expected<void, RuleError>& r, RuleError e) {
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), e) << to_string(r.error());
}

// Every observable of an auction, to check that rejected actions change nothing.
struct Snapshot {
  Auction::Step step;
  int to_act, bidder, listener, bid, declarer, minimum;
  std::array<int, 3> highest;
  std::array<bool, 3> passed;
  bool forehand_alone;
  explicit Snapshot(const Auction& a)
      : step(a.step()),
        to_act(a.to_act()),
        bidder(a.bidder()),
        listener(a.listener()),
        bid(a.current_bid()),
        declarer(a.declarer()),
        minimum(a.done() ? 0 : a.minimum_bid()),
        highest(a.highest()),
        passed{a.has_passed(0), a.has_passed(1), a.has_passed(2)},
        forehand_alone(a.forehand_alone()) {}
  bool operator==(const Snapshot&) const = default;
};

TEST(BidValues, ExactlyThe63GameValues) {
  const std::vector<int> expected = {18,  20,  22,  23,  24,  27,  30,  33,  35,  36,  40,  44,  45,  46,  48,  50,
                                     54,  55,  59,  60,  63,  66,  70,  72,  77,  80,  81,  84,  88,  90,  96,  99,
                                     100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154,
                                     156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264};
  const auto values = legal_bid_values();
  EXPECT_EQ(std::vector<int>(values.begin(), values.end()), expected);
  EXPECT_EQ(values.size(), 63u);
  for (int v = -5; v <= 300; ++v) {
    const bool listed = std::find(expected.begin(), expected.end(), v) != expected.end();
    EXPECT_EQ(is_legal_bid(v), listed) << v;
  }
}

// The list is exactly the set of values a game can have: suit/grand base × 2..18 levels that can
// be reached, plus the four null values; every bid is such a value.
TEST(BidValues, AreGameValues) {
  for (int v : legal_bid_values()) {
    bool found = v == 23 || v == 35 || v == 46 || v == 59;
    for (int base : {9, 10, 11, 12, 24})
      for (int m = 2; m <= 18; ++m) found = found || base * m == v;
    EXPECT_TRUE(found) << v;
  }
}

TEST(BidValues, NextBidAbove) {
  EXPECT_EQ(next_bid_above(0), 18);
  EXPECT_EQ(next_bid_above(17), 18);
  EXPECT_EQ(next_bid_above(18), 20);
  EXPECT_EQ(next_bid_above(19), 20);
  EXPECT_EQ(next_bid_above(59), 60);
  EXPECT_EQ(next_bid_above(240), 264);
  EXPECT_EQ(next_bid_above(264), 0);
  EXPECT_EQ(next_bid_above(1000), 0);
}

TEST(Auction, InitialState) {
  const Auction a;
  EXPECT_EQ(a.step(), Auction::Step::Bid);
  EXPECT_FALSE(a.done());
  EXPECT_EQ(a.to_act(), MH);  // middlehand bids first
  EXPECT_EQ(a.bidder(), MH);
  EXPECT_EQ(a.listener(), FH);
  EXPECT_EQ(a.current_bid(), 0);
  EXPECT_EQ(a.minimum_bid(), 18);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 0, 0}));
  EXPECT_EQ(a.declarer(), -1);
  EXPECT_FALSE(a.all_passed());
}

TEST(Auction, MiddlehandBidsForehandHoldsThenPasses) {
  Auction a;
  ok(a.bid(MH, 18));
  EXPECT_EQ(a.step(), Auction::Step::Answer);
  EXPECT_EQ(a.to_act(), FH);
  ok(a.hold(FH));
  EXPECT_EQ(a.to_act(), MH);
  EXPECT_EQ(a.minimum_bid(), 20);
  ok(a.bid(MH, 20));
  ok(a.pass(FH));
  // RH now bids against the survivor MH.
  EXPECT_EQ(a.step(), Auction::Step::Bid);
  EXPECT_EQ(a.to_act(), RH);
  EXPECT_EQ(a.listener(), MH);
  EXPECT_EQ(a.minimum_bid(), 22);
  ok(a.pass(RH));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.declarer(), MH);
  EXPECT_EQ(a.current_bid(), 20);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{18, 20, 0}));
  EXPECT_TRUE(a.has_passed(FH));
  EXPECT_FALSE(a.has_passed(MH));
  EXPECT_TRUE(a.has_passed(RH));
}

TEST(Auction, ForehandSurvivesAndRearhandBidsToForehand) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.hold(FH));
  ok(a.pass(MH));
  EXPECT_EQ(a.to_act(), RH);
  EXPECT_EQ(a.listener(), FH);
  fails(a.bid(RH, 18), RuleError::BidTooLow);  // must exceed the held 18
  ok(a.bid(RH, 20));
  EXPECT_EQ(a.to_act(), FH);
  ok(a.hold(FH));
  ok(a.bid(RH, 22));
  ok(a.pass(FH));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.declarer(), RH);
  EXPECT_EQ(a.current_bid(), 22);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{20, 18, 22}));
}

TEST(Auction, ForehandHoldsRearhandAndWins) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.hold(FH));
  ok(a.pass(MH));
  ok(a.bid(RH, 20));
  ok(a.hold(FH));
  ok(a.pass(RH));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.declarer(), FH);
  EXPECT_EQ(a.current_bid(), 20);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{20, 18, 20}));
}

TEST(Auction, ForehandPassesAndRearhandBidsToMiddlehand) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.pass(FH));
  EXPECT_EQ(a.to_act(), RH);
  EXPECT_EQ(a.listener(), MH);
  ok(a.bid(RH, 20));
  EXPECT_EQ(a.to_act(), MH);
  ok(a.hold(MH));  // the senior (MH over RH) holds
  ok(a.bid(RH, 22));
  ok(a.pass(MH));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.declarer(), RH);
  EXPECT_EQ(a.current_bid(), 22);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 20, 22}));
}

TEST(Auction, MiddlehandSurvivesRearhand) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.pass(FH));
  ok(a.bid(RH, 20));
  ok(a.hold(MH));
  ok(a.pass(RH));
  EXPECT_EQ(a.declarer(), MH);
  EXPECT_EQ(a.current_bid(), 20);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 20, 20}));
}

TEST(Auction, MiddlehandPassesImmediately) {
  Auction a;
  ok(a.pass(MH));
  EXPECT_EQ(a.to_act(), RH);
  EXPECT_EQ(a.listener(), FH);
  EXPECT_EQ(a.minimum_bid(), 18);
  ok(a.bid(RH, 18));
  ok(a.hold(FH));
  ok(a.pass(RH));
  EXPECT_EQ(a.declarer(), FH);
  EXPECT_EQ(a.current_bid(), 18);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{18, 0, 18}));
}

TEST(Auction, MiddlehandPassesRearhandWins) {
  Auction a;
  ok(a.pass(MH));
  ok(a.bid(RH, 18));
  ok(a.pass(FH));
  EXPECT_EQ(a.declarer(), RH);
  EXPECT_EQ(a.current_bid(), 18);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 0, 18}));
}

TEST(Auction, RearhandPassesWithoutBidding) {
  Auction a;
  ok(a.bid(MH, 23));
  ok(a.pass(FH));
  ok(a.pass(RH));
  EXPECT_EQ(a.declarer(), MH);
  EXPECT_EQ(a.current_bid(), 23);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 23, 0}));
}

TEST(Auction, ForehandAloneBids18) {
  Auction a;
  ok(a.pass(MH));
  ok(a.pass(RH));
  EXPECT_FALSE(a.done());
  EXPECT_TRUE(a.forehand_alone());
  EXPECT_EQ(a.to_act(), FH);
  EXPECT_EQ(a.minimum_bid(), 18);
  const Snapshot before(a);
  fails(a.bid(FH, 20), RuleError::BidTooLow);  // only 18
  fails(a.bid(FH, 264), RuleError::BidTooLow);
  fails(a.bid(FH, 19), RuleError::IllegalBidValue);
  fails(a.hold(FH), RuleError::NotYourTurn);
  fails(a.bid(MH, 18), RuleError::NotYourTurn);
  EXPECT_TRUE(Snapshot(a) == before);
  ok(a.bid(FH, 18));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.declarer(), FH);
  EXPECT_EQ(a.current_bid(), 18);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{18, 0, 0}));
}

TEST(Auction, AllPassFolds) {
  Auction a;
  ok(a.pass(MH));
  ok(a.pass(RH));
  ok(a.pass(FH));
  EXPECT_TRUE(a.done());
  EXPECT_TRUE(a.all_passed());
  EXPECT_EQ(a.declarer(), -1);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{0, 0, 0}));
  fails(a.bid(FH, 18), RuleError::WrongPhase);
  fails(a.pass(FH), RuleError::WrongPhase);
  fails(a.hold(FH), RuleError::WrongPhase);
}

TEST(Auction, JumpBids) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.hold(FH));
  ok(a.bid(MH, 48));  // jump
  ok(a.hold(FH));
  ok(a.pass(MH));
  ok(a.bid(RH, 264));  // the highest value at once
  ok(a.pass(FH));
  EXPECT_EQ(a.declarer(), RH);
  EXPECT_EQ(a.current_bid(), 264);
  EXPECT_EQ(a.highest(), (std::array<int, 3>{48, 48, 264}));
  Auction b;
  ok(b.bid(MH, 100));
  EXPECT_EQ(b.current_bid(), 100);
}

TEST(Auction, BidMustExceedCurrent) {
  Auction a;
  ok(a.bid(MH, 30));
  ok(a.hold(FH));
  const Snapshot before(a);
  fails(a.bid(MH, 30), RuleError::BidTooLow);
  fails(a.bid(MH, 18), RuleError::BidTooLow);
  EXPECT_TRUE(Snapshot(a) == before);
  ok(a.bid(MH, 33));
  ok(a.pass(FH));
  fails(a.bid(RH, 33), RuleError::BidTooLow);
  fails(a.bid(RH, 20), RuleError::BidTooLow);
  ok(a.bid(RH, 35));
}

TEST(Auction, IllegalBidValues) {
  Auction a;
  const Snapshot before(a);
  for (int v : {19, 265, 0, -18, 17, 21, 25, 300, 1000}) fails(a.bid(MH, v), RuleError::IllegalBidValue);
  EXPECT_TRUE(Snapshot(a) == before);
}

TEST(Auction, WrongPlayerRejected) {
  Auction a;
  const Snapshot start(a);
  fails(a.bid(FH, 18), RuleError::NotYourTurn);
  fails(a.bid(RH, 18), RuleError::NotYourTurn);
  fails(a.pass(FH), RuleError::NotYourTurn);
  fails(a.pass(RH), RuleError::NotYourTurn);
  fails(a.hold(FH), RuleError::NotYourTurn);  // nothing to answer yet
  EXPECT_TRUE(Snapshot(a) == start);
  ok(a.bid(MH, 18));
  const Snapshot answer(a);
  fails(a.hold(MH), RuleError::NotYourTurn);
  fails(a.hold(RH), RuleError::NotYourTurn);
  fails(a.pass(MH), RuleError::NotYourTurn);
  fails(a.pass(RH), RuleError::NotYourTurn);
  EXPECT_TRUE(Snapshot(a) == answer);
}

TEST(Auction, AnsweringWhenABidIsExpectedRejected) {
  Auction a;
  ok(a.bid(MH, 18));
  ok(a.hold(FH));
  const Snapshot before(a);
  fails(a.hold(FH), RuleError::NotYourTurn);  // FH answered; MH must bid or pass
  fails(a.bid(FH, 20), RuleError::NotYourTurn);
  EXPECT_TRUE(Snapshot(a) == before);
  // And bidding when an answer is expected.
  ok(a.bid(MH, 20));
  fails(a.bid(MH, 22), RuleError::NotYourTurn);
  fails(a.bid(FH, 22), RuleError::NotYourTurn);  // the senior never bids, only holds
}

TEST(Auction, PassingIsIrrevocable) {
  Auction a;
  ok(a.pass(MH));
  fails(a.bid(MH, 18), RuleError::NotYourTurn);
  ok(a.bid(RH, 18));
  fails(a.hold(MH), RuleError::NotYourTurn);
  ok(a.pass(FH));
  EXPECT_TRUE(a.done());
  fails(a.bid(MH, 20), RuleError::WrongPhase);
  fails(a.pass(RH), RuleError::WrongPhase);
}

// ----- Through Game -----

Deal some_deal() { return *deal_from_id(1'234'567'890'123ULL); }

TEST(GameAuction, AllPassIsFoldedAndFinished) {
  Game g(some_deal());
  test::must_apply(g, Action::pass(MH));
  test::must_apply(g, Action::pass(RH));
  EXPECT_EQ(g.phase(), Phase::Bidding);
  test::must_apply(g, Action::pass(FH));
  EXPECT_EQ(g.phase(), Phase::Finished);
  EXPECT_TRUE(g.finished());
  EXPECT_TRUE(g.folded());
  EXPECT_EQ(g.end_reason(), EndReason::Folded);
  EXPECT_EQ(g.to_act(), -1);
  EXPECT_EQ(g.declarer(), -1);
  EXPECT_EQ(g.bids(), (std::array<int, 3>{0, 0, 0}));
  for (int p = 0; p < 3; ++p) {
    EXPECT_TRUE(g.legal_actions(p).empty());
    EXPECT_EQ(g.hand(p), some_deal().hands[static_cast<std::size_t>(p)]);
  }
  EXPECT_EQ(g.apply(Action::make_bid(MH, 18)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::pick_up(FH)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::concede(FH)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.history().size(), 3u);
}

TEST(GameAuction, ForehandAloneDeclares) {
  Game g(some_deal());
  test::must_apply(g, Action::pass(MH));
  test::must_apply(g, Action::pass(RH));
  auto la = g.legal_actions(FH);
  ASSERT_EQ(la.size(), 2u);
  EXPECT_EQ(la[0], Action::make_bid(FH, 18));
  EXPECT_EQ(la[1], Action::pass(FH));
  test::must_apply(g, Action::make_bid(FH, 18));
  EXPECT_EQ(g.phase(), Phase::SkatDecision);
  EXPECT_EQ(g.declarer(), FH);
  EXPECT_EQ(g.bid(), 18);
  EXPECT_EQ(g.to_act(), FH);
  EXPECT_EQ(g.bids(), (std::array<int, 3>{18, 0, 0}));
}

TEST(GameAuction, LegalActionsDuringBidding) {
  Game g(some_deal());
  auto la = g.legal_actions(MH);
  ASSERT_EQ(la.size(), 64u);  // 63 bids and pass
  for (std::size_t i = 0; i < 63; ++i) EXPECT_EQ(la[i], Action::make_bid(MH, legal_bid_values()[i]));
  EXPECT_EQ(la[63], Action::pass(MH));
  EXPECT_TRUE(g.legal_actions(FH).empty());
  EXPECT_TRUE(g.legal_actions(RH).empty());

  test::must_apply(g, Action::make_bid(MH, 20));
  la = g.legal_actions(FH);
  ASSERT_EQ(la.size(), 2u);
  EXPECT_EQ(la[0], Action::hold(FH));
  EXPECT_EQ(la[1], Action::pass(FH));
  EXPECT_TRUE(g.legal_actions(MH).empty());

  test::must_apply(g, Action::hold(FH));
  la = g.legal_actions(MH);
  EXPECT_EQ(la.size(), 62u);  // 61 bids above 20 and pass
  EXPECT_EQ(la.front(), Action::make_bid(MH, 22));

  // Every listed action is accepted; anything else of the same kind is rejected.
  for (const Action& a : la) {
    Game copy = g;
    EXPECT_TRUE(copy.apply(a).has_value()) << describe(a);
  }
  Game copy = g;
  EXPECT_FALSE(copy.apply(Action::make_bid(MH, 20)).has_value());
  EXPECT_FALSE(copy.apply(Action::hold(MH)).has_value());
}

TEST(GameAuction, Bid264LeavesOnlyPass) {
  Game g(some_deal());
  test::must_apply(g, Action::make_bid(MH, 264));
  test::must_apply(g, Action::hold(FH));
  auto la = g.legal_actions(MH);
  ASSERT_EQ(la.size(), 1u);
  EXPECT_EQ(la[0], Action::pass(MH));
  test::must_apply(g, Action::pass(MH));
  la = g.legal_actions(RH);
  ASSERT_EQ(la.size(), 1u);
  EXPECT_EQ(la[0], Action::pass(RH));
  test::must_apply(g, Action::pass(RH));
  EXPECT_EQ(g.declarer(), FH);
  EXPECT_EQ(g.bid(), 264);
  EXPECT_EQ(g.bids(), (std::array<int, 3>{264, 264, 0}));
}

TEST(GameAuction, BidsFollowTheAuction) {
  Game g(some_deal());
  test::must_apply(g, Action::make_bid(MH, 18));
  EXPECT_EQ(g.bids(), (std::array<int, 3>{0, 18, 0}));
  test::must_apply(g, Action::hold(FH));
  EXPECT_EQ(g.bids(), (std::array<int, 3>{18, 18, 0}));
  test::must_apply(g, Action::pass(MH));
  test::must_apply(g, Action::make_bid(RH, 27));
  test::must_apply(g, Action::pass(FH));
  EXPECT_EQ(g.bids(), (std::array<int, 3>{18, 18, 27}));
  EXPECT_EQ(g.declarer(), RH);
  EXPECT_EQ(g.bid(), 27);
  EXPECT_EQ(g.phase(), Phase::SkatDecision);
  EXPECT_EQ(g.apply(Action::make_bid(RH, 30)).error(), RuleError::WrongPhase);
}

TEST(GameAuction, RejectedActionsAreNotRecorded) {
  Game g(some_deal());
  EXPECT_EQ(g.apply(Action::make_bid(FH, 18)).error(), RuleError::NotYourTurn);
  EXPECT_EQ(g.apply(Action::make_bid(MH, 19)).error(), RuleError::IllegalBidValue);
  EXPECT_EQ(g.apply(Action::make_bid(3, 18)).error(), RuleError::NotYourTurn);
  EXPECT_EQ(g.apply(Action::make_bid(-1, 18)).error(), RuleError::NotYourTurn);
  EXPECT_EQ(g.apply(Action::play(MH, Card(0))).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::pick_up(MH)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::declare(MH, {})).error(), RuleError::WrongPhase);
  EXPECT_TRUE(g.history().empty());
  EXPECT_EQ(g.phase(), Phase::Bidding);
  EXPECT_EQ(g.to_act(), MH);
}

// Random auctions through legal_actions always terminate in a consistent state.
TEST(GameAuction, RandomAuctionsTerminateConsistently) {
  std::mt19937_64 rng(4242);
  int folded = 0;
  for (int i = 0; i < 2000; ++i) {
    Game g(some_deal());
    int steps = 0;
    while (g.phase() == Phase::Bidding) {
      const auto la = g.legal_actions(g.to_act());
      ASSERT_FALSE(la.empty());
      // Pass (always listed last), the smallest bid / hold (first), or any listed action.
      const std::size_t mode = test::pick(rng, 3);
      const std::size_t k = mode == 0 ? la.size() - 1 : mode == 1 ? 0 : test::pick(rng, la.size());
      ASSERT_EQ(la.back().kind, ActionKind::Pass);
      test::must_apply(g, la[k]);
      ASSERT_LT(++steps, 200);
    }
    if (g.folded()) {
      ++folded;
      continue;
    }
    ASSERT_EQ(g.phase(), Phase::SkatDecision);
    const int d = g.declarer();
    EXPECT_TRUE(is_legal_bid(g.bid()));
    EXPECT_EQ(g.bids()[static_cast<std::size_t>(d)], g.bid());
    for (int v : g.bids()) EXPECT_LE(v, g.bid());
    // The other two have passed.
    for (int p = 0; p < 3; ++p) EXPECT_EQ(g.auction().has_passed(p), p != d) << p;
  }
  EXPECT_GT(folded, 0);
}

}  // namespace
}  // namespace skat
