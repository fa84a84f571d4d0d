// docs/rules.md §6 and §7: matadors, game values, won/lost, schneider/schwarz, announcements,
// overbids, null values, list entries, and the Seeger-Fabian score, table-driven with the worked
// examples.
#include <gtest/gtest.h>

#include <random>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/scoring.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

// ----- Matadors -----

TEST(Matadors, SuitGamesUpTo11) {
  EXPECT_EQ(matadors(GameType::Clubs, cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 HA")), 11);
  EXPECT_EQ(matadors(GameType::Clubs, cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 HA HT")), 10);
  EXPECT_EQ(matadors(GameType::Clubs, cards("SA ST SK SQ S9 S8 S7 HA HT HK HQ H9")), -11);
  EXPECT_EQ(matadors(GameType::Hearts, cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7 C7")), 11);
  EXPECT_EQ(matadors(GameType::Hearts, cards("H7 CA CT CK CQ C9 C8 C7 SA ST SK SQ")), -10);
  EXPECT_EQ(matadors(GameType::Hearts, cards("CJ SJ HA HT")), 2);  // ♥J missing
  EXPECT_EQ(matadors(GameType::Hearts, cards("CJ HJ DJ HA")), 1);
  EXPECT_EQ(matadors(GameType::Hearts, cards("SJ HJ DJ HA")), -1);
  EXPECT_EQ(matadors(GameType::Hearts, cards("HA HT DJ")), -3);  // ♣J ♠J ♥J missing
  EXPECT_EQ(matadors(GameType::Diamonds, cards("DA DT")), -4);
  EXPECT_EQ(matadors(GameType::Diamonds, cards("CJ SJ HJ DJ DA DT DK DQ D9")), 9);
  EXPECT_EQ(matadors(GameType::Spades, cards("CJ SJ HJ DJ SA ST SK SQ S9 S8")), 10);
}

TEST(Matadors, GrandUpTo4) {
  EXPECT_EQ(matadors(GameType::Grand, cards("CJ SJ HJ DJ CA CT CK CQ")), 4);
  EXPECT_EQ(matadors(GameType::Grand, cards("CA CT CK CQ")), -4);
  EXPECT_EQ(matadors(GameType::Grand, cards("CJ SJ DJ")), 2);
  EXPECT_EQ(matadors(GameType::Grand, cards("CJ HJ DJ")), 1);
  EXPECT_EQ(matadors(GameType::Grand, cards("SJ HJ DJ")), -1);
  EXPECT_EQ(matadors(GameType::Grand, cards("DJ")), -3);
}

TEST(Matadors, NullHasNone) { EXPECT_EQ(matadors(GameType::Null, cards("CJ SJ HJ DJ")), 0); }

// Through the game: matadors count the 2 dealt skat cards, pickup or hand, whatever is discarded.
Deal skat_jack_deal() {
  // FH holds ♠J ♥J, the skat ♣J ♦7.
  return test::make_deal("SJ HJ CA CT CK SA ST HA DA D8", "DJ CQ C9 SK SQ HT HK DT DK DQ",
                         "C8 C7 S9 S8 S7 HQ H9 H8 H7 D9", "CJ D7");
}

TEST(Matadors, SkatJackCountsInHandAndPickupGames) {
  Game hand = test::hand_game(skat_jack_deal(), kForehand, 18, {GameType::Grand});
  test::must_apply(hand, Action::concede(kForehand));
  EXPECT_EQ(hand.result().matadors, 3);  // with 3: ♣J (skat) ♠J ♥J

  Game pickup = test::pickup_game(skat_jack_deal(), kForehand, 18, GameType::Grand, card("CJ"), card("D7"));
  test::must_apply(pickup, Action::concede(kForehand));
  EXPECT_EQ(pickup.result().matadors, 3);  // the discarded ♣J still counts

  Game mh = test::hand_game(skat_jack_deal(), kMiddlehand, 18, {GameType::Grand});
  test::must_apply(mh, Action::concede(kMiddlehand));
  EXPECT_EQ(mh.result().matadors, 1);  // ♣J from the skat, ♠J missing: with 1

  Game rh = test::hand_game(skat_jack_deal(), kRearhand, 18, {GameType::Hearts});
  test::must_apply(rh, Action::concede(kRearhand));
  EXPECT_EQ(rh.result().matadors, 1);  // with 1 although RH holds no jack
}

// ----- Game values -----

struct Row {
  const char* name;
  Declaration declaration;
  int bid;
  const char* cards;  // declarer's 10 + skat (only the trumps matter)
  int points;
  int declarer_tricks;
  int defender_tricks;
  // expected
  bool won;
  bool overbid;
  int matadors;
  bool schneider;
  bool schwarz;
  int multiplier;
  int value;
  int entry;
};

GameOutcome outcome_of(const Row& r) {
  GameOutcome o;
  o.declaration = r.declaration;
  o.bid = r.bid;
  o.declarer_cards_and_skat = cards(r.cards);
  o.declarer_points = r.points;
  o.declarer_tricks = r.declarer_tricks;
  o.defender_tricks = r.defender_tricks;
  return o;
}

constexpr Declaration kPlain(GameType t) { return {t, false, false, false, false}; }
constexpr Declaration kHand(GameType t) { return {t, true, false, false, false}; }
constexpr Declaration kSchneider(GameType t) { return {t, true, true, false, false}; }
constexpr Declaration kSchwarz(GameType t) { return {t, true, true, true, false}; }
constexpr Declaration kOuvert(GameType t) { return {t, true, true, true, true}; }

constexpr GameType C = GameType::Clubs;
constexpr GameType S = GameType::Spades;
constexpr GameType H = GameType::Hearts;
constexpr GameType D = GameType::Diamonds;
constexpr GameType G = GameType::Grand;

// Trump holdings used below.
constexpr const char* kGrandWith4 = "CJ SJ HJ DJ CA";
constexpr const char* kGrandWith2 = "CJ SJ CA";
constexpr const char* kGrandWith1 = "CJ HJ";
constexpr const char* kWithout1 = "SJ HJ";  // suit/grand: ♣J missing, ♠J held
constexpr const char* kWithout2 = "HJ";
constexpr const char* kClubsWith1 = "CJ HJ CA";

const Row kRows[] = {
    // name, declaration, bid, cards, points, decl tricks, def tricks,
    //   won, overbid, matadors, schneider, schwarz, multiplier, value, entry
    // §6 worked example: grand hand with 4, schneider announced, 89 → 8 × 24 = 192, −384.
    {"grand hand with 4 schneider announced 89", kSchneider(G), 18, kGrandWith4, 89, 7, 3,  //
     false, false, 4, false, false, 8, 192, -384},
    {"grand hand with 4 schneider announced 90", kSchneider(G), 18, kGrandWith4, 90, 8, 2,  //
     true, false, 4, true, false, 8, 192, 192},
    // Overbid: bid 59, hearts → charged 60.
    {"hearts with 1 bid 59 → 60", kPlain(H), 59, "CJ HJ", 80, 6, 4,  //
     false, true, 1, false, false, 2, 60, -120},
    // Diamonds without 1, bid 22: 89 eyes → 2 × 9 = 18 < 22 → charged 27 → −54.
    {"diamonds without 1 bid 22 89 eyes", kPlain(D), 22, kWithout1, 89, 7, 3,  //
     false, true, -1, false, false, 2, 27, -54},
    // … with 90 eyes schneider lifts it to 27 → won, +27.
    {"diamonds without 1 bid 22 90 eyes", kPlain(D), 22, kWithout1, 90, 7, 3,  //
     true, false, -1, true, false, 3, 27, 27},
    // Exactly 61 wins, 60 loses.
    {"clubs with 1 61 eyes", kPlain(C), 18, kClubsWith1, 61, 5, 5, true, false, 1, false, false, 2, 24, 24},
    {"clubs with 1 60 eyes", kPlain(C), 18, kClubsWith1, 60, 5, 5, false, false, 1, false, false, 2, 24, -48},
    // Schneider by points: a side with ≤ 30.
    {"clubs schneider 90", kPlain(C), 18, kClubsWith1, 90, 8, 2, true, false, 1, true, false, 3, 36, 36},
    {"clubs 89 not schneider", kPlain(C), 18, kClubsWith1, 89, 8, 2, true, false, 1, false, false, 2, 24, 24},
    {"declarer schneidered 30", kPlain(C), 18, kClubsWith1, 30, 2, 8, false, false, 1, true, false, 3, 36, -72},
    {"declarer 31 not schneidered", kPlain(C), 18, kClubsWith1, 31, 2, 8, false, false, 1, false, false, 2, 24, -48},
    // Schwarz by tricks.
    {"clubs schwarz all tricks", kPlain(C), 18, kClubsWith1, 120, 10, 0, true, false, 1, true, true, 4, 48, 48},
    {"0-point defender trick breaks schwarz", kPlain(C), 18, kClubsWith1, 120, 9, 1,  //
     true, false, 1, true, false, 3, 36, 36},
    {"declarer schwarz with points from the skat", kPlain(C), 18, kClubsWith1, 11, 0, 10,  //
     false, false, 1, true, true, 4, 48, -96},
    {"declarer schwarz 0 points", kPlain(G), 18, kGrandWith1, 0, 0, 10, false, false, 1, true, true, 4, 96, -192},
    {"declarer 0 points one trick is not schwarz", kPlain(G), 18, kGrandWith1, 0, 1, 9,  //
     false, false, 1, true, false, 3, 72, -144},
    // Announced schneider needs 90.
    {"schneider announced 89 lost", kSchneider(S), 18, "CJ SA", 89, 8, 2, false, false, 1, false, false, 5, 55, -110},
    {"schneider announced 95 won", kSchneider(S), 18, "CJ SA", 95, 8, 2, true, false, 1, true, false, 5, 55, 55},
    // Announced schwarz needs all 10 tricks.
    {"schwarz announced 9 tricks lost", kSchwarz(H), 18, kWithout2, 120, 9, 1,  //
     false, false, -2, true, false, 8, 80, -160},
    {"schwarz announced all tricks won", kSchwarz(H), 18, kWithout2, 120, 10, 0,  //
     true, false, -2, true, true, 8, 80, 80},
    // Ouvert (implies hand, schneider and schwarz announced): grand ouvert with 4 is the top value 264.
    {"grand ouvert with 4 won", kOuvert(G), 18, kGrandWith4, 120, 10, 0, true, false, 4, true, true, 11, 264, 264},
    {"diamonds ouvert without 1 lost", kOuvert(D), 18, kWithout1, 115, 9, 1,  //
     false, false, -1, true, false, 8, 72, -144},
    // Lost = −2 × value, hand games too.
    {"spades hand with 2 lost", kHand(S), 18, "CJ SJ SA", 50, 4, 6, false, false, 2, false, false, 4, 44, -88},
    {"hearts hand without 1 lost", kHand(H), 18, kWithout1, 40, 4, 6, false, false, -1, false, false, 3, 30, -60},
    {"grand with 2 75 eyes", kPlain(G), 18, kGrandWith2, 75, 6, 4, true, false, 2, false, false, 3, 72, 72},
    // Value equal to the bid is no overbid.
    {"hearts with 5 bid 60", kPlain(H), 60, "CJ SJ HJ DJ HA", 70, 6, 4, true, false, 5, false, false, 6, 60, 60},
    // Overbid and lost on points: charged at the bid's multiple.
    {"hearts with 1 bid 30 50 eyes", kPlain(H), 30, "CJ HJ", 50, 4, 6, false, true, 1, false, false, 2, 30, -60},
    {"grand with 1 bid 50 → 72", kPlain(G), 50, kGrandWith1, 80, 8, 2, false, true, 1, false, false, 2, 72, -144},
    {"grand with 1 schneider reaches bid 50", kPlain(G), 50, kGrandWith1, 100, 8, 2,  //
     true, false, 1, true, false, 3, 72, 72},
    // A reached level lifts the value over the bid: clubs without 2, 95 eyes, bid 48 = 4 × 12.
    {"clubs without 2 schneider reaches bid 48", kPlain(C), 48, kWithout2, 95, 8, 2,  //
     true, false, -2, true, false, 4, 48, 48},
    {"clubs without 2 no schneider bid 48", kPlain(C), 48, kWithout2, 80, 8, 2,  //
     false, true, -2, false, false, 3, 48, -96},
    // Without 11 in a suit game.
    {"clubs without 11", kPlain(C), 18, "SA ST", 61, 5, 5, true, false, -11, false, false, 12, 144, 144},
};

TEST(Scoring, Table) {
  for (const Row& r : kRows) {
    const GameResult res = score_game(outcome_of(r));
    EXPECT_EQ(res.won, r.won) << r.name;
    EXPECT_EQ(res.overbid, r.overbid) << r.name;
    EXPECT_EQ(res.matadors, r.matadors) << r.name;
    EXPECT_EQ(res.schneider, r.schneider) << r.name;
    EXPECT_EQ(res.schwarz, r.schwarz) << r.name;
    EXPECT_EQ(res.multiplier, r.multiplier) << r.name;
    EXPECT_EQ(res.value, r.value) << r.name;
    EXPECT_EQ(res.list_entry, r.entry) << r.name;
    EXPECT_EQ(res.list_entry, res.won ? res.value : -2 * res.value) << r.name;
  }
}

TEST(Scoring, AnnouncementsAreNormalised) {
  // A declaration with only schwarz announced scores like schwarz + schneider announced.
  GameOutcome o;
  o.declaration = {GameType::Hearts, true, false, true, false};
  o.bid = 18;
  o.declarer_cards_and_skat = cards("CJ HJ");
  o.declarer_points = 120;
  o.declarer_tricks = 10;
  EXPECT_EQ(score_game(o).multiplier, 1 + 1 + 1 + 2 + 2);
}

TEST(Scoring, SchwarzBrokenEarlyCountsOnlyAnnouncedLevels) {
  GameOutcome o;
  o.declaration = kSchwarz(G);
  o.bid = 18;
  o.declarer_cards_and_skat = cards(kGrandWith1);
  o.declarer_points = 0;  // stopped after the defenders' first trick
  o.declarer_tricks = 0;
  o.defender_tricks = 1;
  o.all_tricks_accounted = false;
  const GameResult r = score_game(o);
  EXPECT_FALSE(r.won);
  EXPECT_EQ(r.multiplier, 1 + 1 + 1 + 2 + 2);  // with 1, game, hand, schneider ×2, schwarz ×2
  EXPECT_EQ(r.value, 7 * 24);
  EXPECT_EQ(r.list_entry, -336);
}

// ----- Null -----

TEST(Scoring, NullValues) {
  struct NullRow {
    bool hand, ouvert;
    int value;
  };
  for (const NullRow& n :
       {NullRow{false, false, 23}, NullRow{true, false, 35}, NullRow{false, true, 46}, NullRow{true, true, 59}}) {
    GameOutcome o;
    o.declaration = {GameType::Null, n.hand, false, false, n.ouvert};
    o.bid = 18;
    o.declarer_cards_and_skat = cards("CJ SJ HJ DJ");
    o.declarer_points = 40;  // card points do not matter in null
    o.declarer_tricks = 0;
    o.defender_tricks = 10;
    GameResult r = score_game(o);
    EXPECT_TRUE(r.won);
    EXPECT_EQ(r.value, n.value);
    EXPECT_EQ(r.list_entry, n.value);
    EXPECT_EQ(r.matadors, 0);
    EXPECT_EQ(r.multiplier, 1);
    EXPECT_FALSE(r.overbid);

    o.declarer_tricks = 1;
    o.defender_tricks = 9;
    r = score_game(o);
    EXPECT_FALSE(r.won);
    EXPECT_EQ(r.value, n.value);
    EXPECT_EQ(r.list_entry, -2 * n.value);  // −46, −70, −92, −118

    o.declarer_tricks = 0;
    o.null_conceded_by_declarer = true;
    EXPECT_FALSE(score_game(o).won);
    o.null_conceded_by_declarer = false;
    o.declarer_tricks = 0;
    o.defender_tricks = 2;
    o.null_conceded_by_defenders = true;
    EXPECT_TRUE(score_game(o).won);
    EXPECT_EQ(score_game(o).list_entry, n.value);
  }
}

// ----- Seeger-Fabian (§7) -----

TEST(SeegerFabian, WorkedCheck) {
  // Won grand with 2, 75 eyes → declarer +72 + 50 = +122, defenders 0.
  const Row* grand = nullptr;
  const Row* hearts = nullptr;
  for (const Row& r : kRows) {
    if (std::string_view(r.name) == "grand with 2 75 eyes") grand = &r;
    if (std::string_view(r.name) == "hearts hand without 1 lost") hearts = &r;
  }
  ASSERT_NE(grand, nullptr);
  ASSERT_NE(hearts, nullptr);
  const GameResult won = score_game(outcome_of(*grand));
  ASSERT_EQ(won.list_entry, 72);
  EXPECT_EQ(seeger_fabian_points({false, 0, won.won, won.list_entry}), (std::array<int, 3>{122, 0, 0}));
  EXPECT_EQ(seeger_fabian_points({false, 2, won.won, won.list_entry}), (std::array<int, 3>{0, 0, 122}));
  // Lost hearts hand without 1 → declarer −60 − 50 = −110, each defender +40.
  const GameResult lost = score_game(outcome_of(*hearts));
  ASSERT_EQ(lost.list_entry, -60);
  EXPECT_EQ(seeger_fabian_points({false, 1, lost.won, lost.list_entry}), (std::array<int, 3>{40, -110, 40}));
  // Folded: 0 for everyone.
  EXPECT_EQ(seeger_fabian_points({true, 0, false, 0}), (std::array<int, 3>{0, 0, 0}));
  EXPECT_EQ(seeger_fabian_points(ListGame{}), (std::array<int, 3>{0, 0, 0}));
}

TEST(SeegerFabian, SeriesTotalWithFoldedGames) {
  // A 36-deal series: six played games and 30 folded deals.
  std::vector<ListGame> games(36);    // default: folded
  games[0] = {false, 0, true, 72};    // seat 0 wins grand with 2
  games[3] = {false, 1, false, -60};  // seat 1 loses hearts hand
  games[7] = {false, 2, true, 23};    // seat 2 wins null
  games[12] = {false, 0, false, -384};
  games[20] = {false, 1, true, 264};
  games[35] = {false, 0, true, 36};
  const auto s = seeger_fabian(games);
  // Seat 0: 72 − 384 + 36 + 50·(2 − 1) + 40·(1 lost by seat 1) = −186
  EXPECT_EQ(s[0].score, 72 - 384 + 36 + 50 * (2 - 1) + 40 * 1);
  EXPECT_EQ(s[0].won, 2);
  EXPECT_EQ(s[0].lost, 1);
  // Seat 1: −60 + 264 + 50·(1 − 1) + 40·(1 lost by seat 0)
  EXPECT_EQ(s[1].score, -60 + 264 + 0 + 40 * 1);
  EXPECT_EQ(s[1].won, 1);
  EXPECT_EQ(s[1].lost, 1);
  // Seat 2: 23 + 50 + 40·(2 lost by the others)
  EXPECT_EQ(s[2].score, 23 + 50 + 80);
  EXPECT_EQ(s[2].won, 1);
  EXPECT_EQ(s[2].lost, 0);
  // The total is the sum of the per-game contributions.
  std::array<int, 3> sum{};
  for (const ListGame& g : games) {
    const auto p = seeger_fabian_points(g);
    for (std::size_t i = 0; i < 3; ++i) sum[i] += p[i];
  }
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(s[i].score, sum[i]);

  // Only folded deals: all zero.
  const std::vector<ListGame> folded(36);
  for (const auto& seat : seeger_fabian(folded)) {
    EXPECT_EQ(seat.score, 0);
    EXPECT_EQ(seat.won, 0);
    EXPECT_EQ(seat.lost, 0);
  }
  EXPECT_EQ(seeger_fabian(std::span<const ListGame>{})[0].score, 0);
}

// ----- Scoring of whole games -----

TEST(Scoring, GameResultEqualsScoreOfItsOutcome) {
  std::mt19937_64 rng(31337);
  for (int i = 0; i < 300; ++i) {
    const Deal d = random_deal(rng);
    const int declarer = i % 3;
    const auto type = static_cast<GameType>(test::pick(rng, kNumGameTypes));
    Game g = test::hand_game(d, declarer, 18, {type});
    test::play_out_randomly(g, rng);
    ASSERT_TRUE(g.finished());
    const GameOutcome& o = g.outcome();
    EXPECT_EQ(g.result(), score_game(o));
    EXPECT_EQ(o.declaration, g.declaration());
    EXPECT_EQ(o.bid, 18);
    EXPECT_EQ(o.declarer_cards_and_skat, d.hands[static_cast<std::size_t>(declarer)] | d.skat);
    if (type != GameType::Null) {
      EXPECT_EQ(g.end_reason(), EndReason::AllTricks);
      EXPECT_EQ(o.declarer_tricks + o.defender_tricks, 10);
      EXPECT_EQ(g.result().won, o.declarer_points >= 61);
    }
  }
}

TEST(SeegerFabian, RankingBreaksTiesByGamesWonThenFewerLost) {
  using Sf = SeegerFabianScore;
  EXPECT_EQ(seeger_fabian_ranking({Sf{100, 3, 1}, Sf{250, 1, 0}, Sf{-40, 0, 2}}), (std::array<int, 3>{1, 0, 2}));
  EXPECT_EQ(seeger_fabian_ranking({Sf{100, 2, 1}, Sf{100, 3, 2}, Sf{100, 3, 1}}), (std::array<int, 3>{2, 1, 0}));
  EXPECT_EQ(seeger_fabian_ranking({Sf{0, 0, 0}, Sf{0, 0, 0}, Sf{0, 0, 0}}), (std::array<int, 3>{0, 1, 2}));
}

}  // namespace
}  // namespace skat
