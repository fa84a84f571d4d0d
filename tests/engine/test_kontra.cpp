// docs/rules.md §8: Kontra and Re as a table option. When each may be said (a defender before his
// first card, the declarer after a Kontra before his next card), that they are refused at a table
// without the option, and that each doubles what is charged (worked examples of §6 and §7).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

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
constexpr TableRules kWithKontra{.kontra = true};

Deal fixed_deal() {
  return test::make_deal("CJ SJ CA CT CK SA ST HA DA D7", "HJ DJ CQ C9 SK SQ HT HK DT DK",
                         "C8 C7 S9 S8 S7 HQ H9 H8 DQ D9", "H7 D8");
}

// MH declares a grand hand at 18 at a table with Kontra (FH and RH defend).
Game grand_by_mh(TableRules rules = kWithKontra) {
  Game g(fixed_deal(), rules);
  test::must_apply(g, Action::make_bid(MH, 18));
  test::must_apply(g, Action::pass(FH));
  test::must_apply(g, Action::pass(RH));
  test::must_apply(g, Action::declare(MH, Declaration{GameType::Grand, true, false, false, false}));
  return g;
}

bool offers(const Game& g, int pos, ActionKind kind) {
  const auto legal = g.legal_actions(pos);
  return std::ranges::any_of(legal, [&](const Action& a) { return a.kind == kind; });
}

RuleError refused(Game& g, const Action& a) {
  const Doubling before = g.doubling();
  const auto r = g.apply(a);
  EXPECT_FALSE(r.has_value()) << describe(a);
  EXPECT_EQ(g.doubling(), before);
  return r ? RuleError::WrongPhase : r.error();
}

TEST(Kontra, RefusedAtATableWithoutTheOption) {
  Game g = grand_by_mh(TableRules{});
  EXPECT_FALSE(offers(g, FH, ActionKind::Kontra));
  EXPECT_EQ(refused(g, Action::kontra(FH)), RuleError::KontraNotAllowed);
  EXPECT_EQ(refused(g, Action::re(MH)), RuleError::ReNotAllowed);
}

TEST(Kontra, OnlyADefenderBeforeHisFirstCardAndOnlyOnce) {
  Game auction(fixed_deal(), kWithKontra);
  EXPECT_EQ(refused(auction, Action::kontra(FH)), RuleError::KontraNotAllowed);  // nothing declared yet

  Game g = grand_by_mh();
  EXPECT_TRUE(offers(g, FH, ActionKind::Kontra));
  EXPECT_TRUE(offers(g, RH, ActionKind::Kontra));  // out of turn, like a concession
  EXPECT_FALSE(offers(g, MH, ActionKind::Kontra));
  EXPECT_EQ(refused(g, Action::kontra(MH)), RuleError::KontraNotAllowed);  // the declarer
  EXPECT_EQ(refused(g, Action::re(MH)), RuleError::ReNotAllowed);          // no Kontra yet

  test::must_apply(g, Action::play(FH, card("CA")));
  EXPECT_FALSE(offers(g, FH, ActionKind::Kontra));  // FH has played his first card
  EXPECT_EQ(refused(g, Action::kontra(FH)), RuleError::KontraNotAllowed);
  test::must_apply(g, Action::play(MH, card("C9")));
  ASSERT_TRUE(offers(g, RH, ActionKind::Kontra));  // RH has not
  test::must_apply(g, Action::kontra(RH));
  EXPECT_EQ(g.doubling(), Doubling::Kontra);
  EXPECT_EQ(g.kontra_by(), RH);
  EXPECT_EQ(refused(g, Action::kontra(RH)), RuleError::KontraNotAllowed);  // once per game
  EXPECT_FALSE(offers(g, RH, ActionKind::Kontra));
  EXPECT_EQ(g.history().back(), Action::kontra(RH));
}

TEST(Kontra, ReOnlyByTheDeclarerBeforeHisNextCard) {
  Game g = grand_by_mh();
  test::must_apply(g, Action::kontra(FH));
  EXPECT_FALSE(offers(g, FH, ActionKind::Re));
  EXPECT_EQ(refused(g, Action::re(FH)), RuleError::ReNotAllowed);
  EXPECT_TRUE(offers(g, MH, ActionKind::Re));
  test::must_apply(g, Action::play(FH, card("CA")));
  EXPECT_TRUE(offers(g, MH, ActionKind::Re));  // the declarer has not played since the Kontra
  test::must_apply(g, Action::play(MH, card("C9")));
  EXPECT_FALSE(offers(g, MH, ActionKind::Re));  // too late: his next card is on the table
  EXPECT_EQ(refused(g, Action::re(MH)), RuleError::ReNotAllowed);
}

TEST(Kontra, AfterTheDeclarersFirstCardReWaitsForHisSecond) {
  Game g = grand_by_mh();
  test::must_apply(g, Action::play(FH, card("CA")));
  test::must_apply(g, Action::play(MH, card("C9")));
  test::must_apply(g, Action::kontra(RH));  // RH before his first card, MH has played one
  ASSERT_TRUE(offers(g, MH, ActionKind::Re));
  test::must_apply(g, Action::play(RH, card("C7")));  // FH takes the trick and leads again
  test::must_apply(g, Action::re(MH));
  EXPECT_EQ(g.doubling(), Doubling::Re);
  EXPECT_EQ(refused(g, Action::re(MH)), RuleError::ReNotAllowed);  // no Re twice
}

// §6/§7 worked examples, doubled: a grand with 2 won with 75 (+72, SF +122), a hearts hand without 1
// lost (−60, SF −110 and +40 per defender), grand hand with 4 schneider announced made 89 (−384),
// diamonds without 1 bid 22 overbid (charged 27, −54), null ouvert lost (−92).
TEST(Kontra, DoublesWhatIsChargedInTheWorkedExamples) {
  GameOutcome grand;
  grand.declaration = {GameType::Grand, false, false, false, false};
  grand.bid = 18;
  grand.declarer_cards_and_skat = cards("CJ SJ CA");
  grand.declarer_points = 75;
  grand.declarer_tricks = 6;
  grand.defender_tricks = 4;

  GameOutcome hearts;
  hearts.declaration = {GameType::Hearts, true, false, false, false};
  hearts.bid = 18;
  hearts.declarer_cards_and_skat = cards("SJ HA");
  hearts.declarer_points = 50;
  hearts.declarer_tricks = 4;
  hearts.defender_tricks = 6;

  GameOutcome announced;
  announced.declaration = {GameType::Grand, true, true, false, false};
  announced.bid = 18;
  announced.declarer_cards_and_skat = cards("CJ SJ HJ DJ");
  announced.declarer_points = 89;
  announced.declarer_tricks = 8;
  announced.defender_tricks = 2;

  GameOutcome overbid;
  overbid.declaration = {GameType::Diamonds, false, false, false, false};
  overbid.bid = 22;
  overbid.declarer_cards_and_skat = cards("SJ DA");
  overbid.declarer_points = 89;
  overbid.declarer_tricks = 7;
  overbid.defender_tricks = 3;

  GameOutcome null_ouvert;
  null_ouvert.declaration = {GameType::Null, false, false, false, true};
  null_ouvert.bid = 23;
  null_ouvert.declarer_tricks = 1;

  struct Row {
    const GameOutcome* outcome;
    int plain_entry;
  };
  for (const Row& r :
       {Row{&grand, 72}, Row{&hearts, -60}, Row{&announced, -384}, Row{&overbid, -54}, Row{&null_ouvert, -92}}) {
    GameOutcome o = *r.outcome;
    const GameResult plain = score_game(o);
    ASSERT_EQ(plain.list_entry, r.plain_entry);
    o.doubling = Doubling::Kontra;
    const GameResult kontra = score_game(o);
    o.doubling = Doubling::Re;
    const GameResult re = score_game(o);
    EXPECT_EQ(kontra.list_entry, 2 * r.plain_entry);
    EXPECT_EQ(re.list_entry, 4 * r.plain_entry);
    EXPECT_EQ(kontra.won, plain.won);
    EXPECT_EQ(kontra.overbid, plain.overbid);  // the bid is measured against the plain value
    EXPECT_EQ(re.multiplier, plain.multiplier);
    EXPECT_EQ(re.value, 4 * plain.value);
  }
  // Seeger-Fabian: the doubled list entry, while the 50 for a game and the 40 per defender stay.
  GameOutcome won = grand;
  won.doubling = Doubling::Kontra;
  const ListGame won_game{false, 1, true, score_game(won).list_entry};
  EXPECT_EQ(seeger_fabian_points(won_game), (std::array<int, 3>{0, 144 + 50, 0}));
  GameOutcome lost = hearts;
  lost.doubling = Doubling::Re;
  const ListGame lost_game{false, 0, false, score_game(lost).list_entry};
  EXPECT_EQ(seeger_fabian_points(lost_game), (std::array<int, 3>{-240 - 50, 40, 40}));
}

TEST(Kontra, APlayedGameIsChargedTwiceOrFourTimes) {
  std::mt19937_64 rng(56);
  for (int round = 0; round < 40; ++round) {
    const Doubling level = round % 2 == 0 ? Doubling::Kontra : Doubling::Re;
    Game plain = grand_by_mh();
    Game doubled = grand_by_mh();
    test::must_apply(doubled, Action::kontra(round % 3 == 0 ? RH : FH));
    if (level == Doubling::Re) test::must_apply(doubled, Action::re(MH));
    std::mt19937_64 same = rng;
    test::play_out_randomly(plain, rng);
    test::play_out_randomly(doubled, same);
    ASSERT_TRUE(doubled.finished());
    EXPECT_EQ(doubled.outcome().doubling, level);
    EXPECT_EQ(doubled.result().list_entry, doubling_factor(level) * plain.result().list_entry);
    EXPECT_EQ(doubled.result().won, plain.result().won);
  }
}

TEST(Kontra, AConcessionKeepsTheDoubling) {
  Game g = grand_by_mh();
  test::must_apply(g, Action::kontra(FH));
  test::must_apply(g, Action::re(MH));
  test::must_apply(g, Action::concede(MH));
  ASSERT_TRUE(g.finished());
  EXPECT_FALSE(g.result().won);
  EXPECT_EQ(g.result().list_entry, -2 * 4 * g.result().multiplier * 24);
}

}  // namespace
}  // namespace skat
