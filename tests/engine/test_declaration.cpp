// docs/rules.md §4: skat pickup or hand, the discard, the declaration and its announcements, null
// values against the bid, and Game::legal_actions for the skat and declaration phases.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "engine/game.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

constexpr int FH = kForehand;
constexpr int MH = kMiddlehand;
constexpr int RH = kRearhand;

constexpr GameType kSuitAndGrand[] = {GameType::Clubs, GameType::Spades, GameType::Hearts, GameType::Diamonds,
                                      GameType::Grand};

Deal fixed_deal() {
  return test::make_deal("CJ SJ CA CT CK SA ST HA DA D7", "HJ DJ CQ C9 SK SQ HT HK DT DK",
                         "C8 C7 S9 S8 S7 HQ H9 H8 DQ D9", "H7 D8");
}

Game after_discard(int declarer, int bid, std::string_view a = "H7", std::string_view b = "D8") {
  Game g = test::game_won_by(fixed_deal(), declarer, bid);
  test::must_apply(g, Action::pick_up(declarer));
  test::must_apply(g, Action::discard(declarer, card(a), card(b)));
  return g;
}

RuleError declare_error(Game g, const Declaration& d) {
  const auto r = g.apply(Action::declare(g.declarer(), d));
  EXPECT_FALSE(r.has_value()) << "declaration accepted";
  return r ? RuleError::WrongPhase : r.error();
}

Declaration declared(Game g, const Declaration& d) {
  test::must_apply(g, Action::declare(g.declarer(), d));
  return g.declaration();
}

using Key = std::tuple<int, bool, bool, bool, bool>;
Key key(const Declaration& d) {
  return {static_cast<int>(d.type), d.hand, d.schneider_announced, d.schwarz_announced, d.ouvert};
}

// ----- Hand games and announcements -----

TEST(Declaration, HandGameAnnouncements) {
  for (GameType t : kSuitAndGrand) {
    const Game g = test::game_won_by(fixed_deal(), MH, 18);
    EXPECT_EQ(declared(g, {t, true, false, false, false}), (Declaration{t, true, false, false, false}));
    EXPECT_EQ(declared(g, {t, true, true, false, false}), (Declaration{t, true, true, false, false}));
    // Schwarz implies schneider announced.
    EXPECT_EQ(declared(g, {t, true, false, true, false}), (Declaration{t, true, true, true, false}));
    // Suit/grand ouvert implies hand, schneider and schwarz announced.
    EXPECT_EQ(declared(g, {t, true, false, false, true}), (Declaration{t, true, true, true, true}));
    EXPECT_EQ(declared(g, {t, false, false, false, true}), (Declaration{t, true, true, true, true}));
  }
}

TEST(Declaration, DeclaringWithoutPickupIsHand) {
  Game g = test::game_won_by(fixed_deal(), RH, 18);
  test::must_apply(g, Action::declare(RH, {GameType::Spades, false, false, false, false}));
  EXPECT_TRUE(g.declaration().hand);
  EXPECT_FALSE(g.picked_up());
  EXPECT_EQ(g.discard(), cards("H7 D8"));  // the skat counts for the declarer
  EXPECT_EQ(g.play_state().declarer_points(), 0);
  EXPECT_EQ(g.hand(RH), fixed_deal().hands[RH]);
}

TEST(Declaration, NullHandAndNullOuvertHand) {
  const Game g = test::game_won_by(fixed_deal(), FH, 18);
  EXPECT_EQ(declared(g, {GameType::Null, true, false, false, false}), (Declaration{GameType::Null, true}));
  EXPECT_EQ(declared(g, {GameType::Null, true, false, false, true}),
            (Declaration{GameType::Null, true, false, false, true}));
}

TEST(Declaration, NullWithSchneiderOrSchwarzRejected) {
  const Game g = test::game_won_by(fixed_deal(), FH, 18);
  EXPECT_EQ(declare_error(g, {GameType::Null, true, true, false, false}), RuleError::AnnouncementNotAllowed);
  EXPECT_EQ(declare_error(g, {GameType::Null, true, false, true, false}), RuleError::AnnouncementNotAllowed);
  EXPECT_EQ(declare_error(g, {GameType::Null, true, true, true, true}), RuleError::AnnouncementNotAllowed);
}

TEST(Declaration, GameStartsWithDeclarationAndForehandLeads) {
  for (int declarer : {FH, MH, RH}) {
    Game g = test::game_won_by(fixed_deal(), declarer, 18);
    EXPECT_EQ(g.to_act(), declarer);
    test::must_apply(g, Action::declare(declarer, {GameType::Grand, true}));
    EXPECT_EQ(g.phase(), Phase::Playing);
    EXPECT_EQ(g.to_act(), FH);
    EXPECT_EQ(g.play_state().to_move(), FH);
    EXPECT_EQ(g.play_state().declarer(), declarer);
    EXPECT_EQ(g.play_state().game(), GameType::Grand);
  }
}

// ----- After pickup -----

TEST(Declaration, AfterPickupNoHandNoAnnouncementsNoSuitOuvert) {
  const Game g = after_discard(MH, 18);
  for (GameType t : kSuitAndGrand) {
    EXPECT_EQ(declare_error(g, {t, true, false, false, false}), RuleError::AnnouncementNotAllowed);
    EXPECT_EQ(declare_error(g, {t, false, true, false, false}), RuleError::AnnouncementNotAllowed);
    EXPECT_EQ(declare_error(g, {t, false, false, true, false}), RuleError::AnnouncementNotAllowed);
    EXPECT_EQ(declare_error(g, {t, false, false, false, true}), RuleError::AnnouncementNotAllowed);
    EXPECT_EQ(declared(g, {t, false, false, false, false}), (Declaration{t, false, false, false, false}));
  }
  EXPECT_EQ(declare_error(g, {GameType::Null, true, false, false, false}), RuleError::AnnouncementNotAllowed);
  EXPECT_EQ(declare_error(g, {GameType::Null, true, false, false, true}), RuleError::AnnouncementNotAllowed);
  EXPECT_EQ(declared(g, {GameType::Null, false, false, false, false}), (Declaration{GameType::Null, false}));
  EXPECT_EQ(declared(g, {GameType::Null, false, false, false, true}),
            (Declaration{GameType::Null, false, false, false, true}));
}

TEST(Declaration, SuitAndGrandAlwaysAllowedWhateverTheBid) {
  const Game g = after_discard(MH, 264);
  EXPECT_EQ(declared(g, {GameType::Diamonds}).type, GameType::Diamonds);
  const Game h = test::game_won_by(fixed_deal(), MH, 264);
  EXPECT_EQ(declared(h, {GameType::Diamonds, true}).type, GameType::Diamonds);
}

// ----- Null against the bid -----

TEST(Declaration, NullBelowBidRejected) {
  struct Row {
    int bid;
    bool pickup;
    bool ouvert;
    bool allowed;
  };
  const Row rows[] = {
      {18, true, false, true},   {23, true, false, true},  {24, true, false, false},   // null 23
      {24, false, false, true},  {35, false, false, true}, {36, false, false, false},  // null hand 35
      {36, true, true, true},    {46, true, true, true},   {48, true, true, false},    // null ouvert 46
      {48, false, true, true},   {59, false, true, true},  {60, false, true, false},   // null ouvert hand 59
      {264, false, true, false},
  };
  for (const Row& r : rows) {
    Game g = test::game_won_by(fixed_deal(), FH, r.bid);
    if (r.pickup) {
      test::must_apply(g, Action::pick_up(FH));
      test::must_apply(g, Action::discard(FH, card("D7"), card("H7")));
    }
    const Declaration d{GameType::Null, !r.pickup, false, false, r.ouvert};
    const auto res = g.apply(Action::declare(FH, d));
    if (r.allowed) {
      EXPECT_TRUE(res.has_value()) << "bid " << r.bid << " ouvert " << r.ouvert << " pickup " << r.pickup;
      EXPECT_EQ(g.declaration(), d);
    } else {
      ASSERT_FALSE(res.has_value()) << "bid " << r.bid << " ouvert " << r.ouvert << " pickup " << r.pickup;
      EXPECT_EQ(res.error(), RuleError::NullBelowBid);
      EXPECT_NE(g.phase(), Phase::Playing);
    }
  }
}

// ----- Skat and discard -----

TEST(Discard, PickupGivesTwelveCards) {
  Game g = test::game_won_by(fixed_deal(), MH, 18);
  test::must_apply(g, Action::pick_up(MH));
  EXPECT_TRUE(g.picked_up());
  EXPECT_EQ(g.phase(), Phase::Discarding);
  EXPECT_EQ(g.hand(MH), fixed_deal().hands[MH] | cards("H7 D8"));
  EXPECT_EQ(g.hand(MH).size(), 12);
  EXPECT_EQ(g.hand(FH), fixed_deal().hands[FH]);
  EXPECT_EQ(g.apply(Action::pick_up(MH)).error(), RuleError::WrongPhase);
  EXPECT_EQ(g.apply(Action::declare(MH, {GameType::Grand})).error(), RuleError::WrongPhase);  // discard first
}

TEST(Discard, AnyTwoDistinctCardsOfTheTwelve) {
  Game g = test::game_won_by(fixed_deal(), MH, 18);
  test::must_apply(g, Action::pick_up(MH));
  const Game at_discard = g;
  EXPECT_EQ(g.apply(Action::discard(MH, card("HJ"), card("HJ"))).error(), RuleError::BadDiscard);
  EXPECT_EQ(g.apply(Action::discard(MH, card("HJ"), card("CJ"))).error(), RuleError::BadDiscard);  // CJ is FH's
  EXPECT_EQ(g.apply(Action::discard(MH, card("CA"), card("HJ"))).error(), RuleError::BadDiscard);
  EXPECT_EQ(g.apply(Action::discard(FH, card("CJ"), card("SJ"))).error(), RuleError::NotDeclarer);
  EXPECT_EQ(g.phase(), Phase::Discarding);

  // Jacks and trumps may be discarded too (any 2 cards).
  test::must_apply(g, Action::discard(MH, card("DJ"), card("HT")));
  EXPECT_EQ(g.phase(), Phase::Declaring);
  EXPECT_EQ(g.discard(), cards("DJ HT"));
  EXPECT_EQ(g.hand(MH), (fixed_deal().hands[MH] | cards("H7 D8")) - cards("DJ HT"));
  EXPECT_EQ(g.apply(Action::discard(MH, card("H7"), card("D8"))).error(), RuleError::WrongPhase);

  // The discard counts for the declarer from the start of play.
  test::must_apply(g, Action::declare(MH, {GameType::Hearts}));
  EXPECT_EQ(g.play_state().declarer_points(), 12);
  EXPECT_EQ(g.play_state().hand(MH).size(), 10);
  EXPECT_FALSE(g.play_state().hand(MH).contains(card("DJ")));

  // Discarding the skat back unchanged is also allowed.
  Game back = at_discard;
  test::must_apply(back, Action::discard(MH, card("H7"), card("D8")));
  EXPECT_EQ(back.hand(MH), fixed_deal().hands[MH]);
}

TEST(Discard, OnlyTheDeclarerHandlesTheSkat) {
  Game g = test::game_won_by(fixed_deal(), RH, 18);
  EXPECT_EQ(g.apply(Action::pick_up(FH)).error(), RuleError::NotDeclarer);
  EXPECT_EQ(g.apply(Action::pick_up(MH)).error(), RuleError::NotDeclarer);
  EXPECT_EQ(g.apply(Action::declare(FH, {GameType::Grand, true})).error(), RuleError::NotDeclarer);
  EXPECT_EQ(g.apply(Action::discard(RH, card("H7"), card("D8"))).error(), RuleError::WrongPhase);  // no pickup yet
  EXPECT_EQ(g.phase(), Phase::SkatDecision);
  EXPECT_TRUE(g.history().size() == 3u);
}

// ----- legal_actions -----

TEST(LegalActions, SkatDecisionListsExactlyTheLegalChoices) {
  for (int bid : {18, 24, 35, 36, 59, 60, 120}) {
    const Game g = test::game_won_by(fixed_deal(), MH, bid);
    const auto la = g.legal_actions(MH);
    EXPECT_TRUE(g.legal_actions(FH).empty());
    EXPECT_TRUE(g.legal_actions(RH).empty());
    ASSERT_FALSE(la.empty());
    EXPECT_EQ(std::count(la.begin(), la.end(), Action::pick_up(MH)), 1);

    std::set<Key> listed;
    for (const Action& a : la) {
      if (a.kind == ActionKind::PickUp) continue;
      ASSERT_EQ(a.kind, ActionKind::Declare);
      EXPECT_TRUE(listed.insert(key(a.declaration)).second) << "duplicate " << describe(a);
      Game copy = g;
      EXPECT_TRUE(copy.apply(a).has_value()) << describe(a);
      EXPECT_EQ(copy.declaration(), a.declaration) << "listed declaration is not normalised";
    }
    // Every accepted declaration (all flag combinations) is listed, in normalised form.
    std::set<Key> accepted;
    for (int t = 0; t < kNumGameTypes; ++t)
      for (int flags = 0; flags < 16; ++flags) {
        const Declaration d{static_cast<GameType>(t), (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0,
                            (flags & 8) != 0};
        Game copy = g;
        if (copy.apply(Action::declare(MH, d))) accepted.insert(key(copy.declaration()));
      }
    EXPECT_EQ(listed, accepted) << "bid " << bid;
    // 5 suit/grand games × (plain, schneider, schwarz, ouvert) + null hand / null ouvert hand by bid.
    const std::size_t nulls = (bid <= 35 ? 1u : 0u) + (bid <= 59 ? 1u : 0u);
    EXPECT_EQ(listed.size(), 20u + nulls) << "bid " << bid;
  }
}

TEST(LegalActions, DiscardingLists66Pairs) {
  Game g = test::game_won_by(fixed_deal(), FH, 18);
  test::must_apply(g, Action::pick_up(FH));
  const auto la = g.legal_actions(FH);
  ASSERT_EQ(la.size(), 66u);
  std::set<std::uint32_t> pairs;
  const CardSet twelve = g.hand(FH);
  for (const Action& a : la) {
    ASSERT_EQ(a.kind, ActionKind::Discard);
    EXPECT_NE(a.card, a.card2);
    EXPECT_TRUE(twelve.contains(a.card));
    EXPECT_TRUE(twelve.contains(a.card2));
    pairs.insert(CardSet{a.card, a.card2}.bits());
    Game copy = g;
    EXPECT_TRUE(copy.apply(a).has_value()) << describe(a);
  }
  EXPECT_EQ(pairs.size(), 66u);
  EXPECT_TRUE(g.legal_actions(MH).empty());
}

TEST(LegalActions, DeclaringAfterPickup) {
  struct Row {
    int bid;
    std::size_t count;
  };
  for (const Row& r : {Row{18, 7}, Row{23, 7}, Row{24, 6}, Row{46, 6}, Row{48, 5}, Row{264, 5}}) {
    const Game g = after_discard(RH, r.bid);
    const auto la = g.legal_actions(RH);
    EXPECT_EQ(la.size(), r.count) << "bid " << r.bid;
    std::set<Key> listed;
    for (const Action& a : la) {
      ASSERT_EQ(a.kind, ActionKind::Declare);
      listed.insert(key(a.declaration));
      Game copy = g;
      EXPECT_TRUE(copy.apply(a).has_value()) << describe(a);
    }
    std::set<Key> accepted;
    for (int t = 0; t < kNumGameTypes; ++t)
      for (int flags = 0; flags < 16; ++flags) {
        const Declaration d{static_cast<GameType>(t), (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0,
                            (flags & 8) != 0};
        Game copy = g;
        if (copy.apply(Action::declare(RH, d))) accepted.insert(key(copy.declaration()));
      }
    EXPECT_EQ(listed, accepted) << "bid " << r.bid;
    EXPECT_TRUE(g.legal_actions(FH).empty());
  }
}

TEST(LegalActions, PlayingOffersCardsAndConcessions) {
  Game g = test::hand_game(fixed_deal(), MH, 18, {GameType::Grand});
  auto la = g.legal_actions(FH);
  // FH leads: every card, plus the defender's concession.
  EXPECT_EQ(std::count_if(la.begin(), la.end(), [](const Action& a) { return a.kind == ActionKind::Play; }), 10);
  EXPECT_EQ(std::count(la.begin(), la.end(), Action::concede(FH)), 1);
  la = g.legal_actions(MH);  // declarer, not to move: only the concession
  ASSERT_EQ(la.size(), 1u);
  EXPECT_EQ(la[0], Action::concede(MH));
  la = g.legal_actions(RH);
  ASSERT_EQ(la.size(), 1u);
  EXPECT_EQ(la[0], Action::concede(RH));
}

// Positions outside 0..2 have no actions in any phase (and apply rejects them).
TEST(LegalActions, InvalidPositionsHaveNone) {
  Game g(fixed_deal());
  std::vector<Game> phases{g};
  phases.push_back(test::game_won_by(fixed_deal(), MH, 18));
  phases.push_back(after_discard(MH, 18));
  phases.push_back(test::hand_game(fixed_deal(), MH, 18, {GameType::Grand}));
  for (const Game& p : phases)
    for (int pos : {-1, 3, 4, 100}) {
      EXPECT_TRUE(p.legal_actions(pos).empty()) << "pos " << pos << " phase " << static_cast<int>(p.phase());
      Game copy = p;
      EXPECT_FALSE(copy.apply(Action::concede(pos)).has_value());
      EXPECT_FALSE(copy.apply(Action::pass(pos)).has_value());
    }
}

}  // namespace
}  // namespace skat
