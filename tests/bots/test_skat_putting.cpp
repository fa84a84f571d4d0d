// Skat putting (docs/papers.md [skat-selection]): the suit minigames behind f6–f8, each hard rule
// on hand-made hands, the soft score on hands whose right discard is unambiguous, von Stegen and
// Kinback against hand computations, and every method returning two distinct cards of the twelve,
// deterministically.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "bots/rng.h"
#include "bots/skat_putting/hand_strength.h"
#include "bots/skat_putting/hard_rules.h"
#include "bots/skat_putting/skat_features.h"
#include "bots/skat_putting/skat_putting.h"

namespace skat::bots::putting {
namespace {

CardSet cards(const std::string& names) {
  std::istringstream in(names);
  CardSet out;
  for (std::string name; in >> name;) {
    const auto c = parse_card(name);
    EXPECT_TRUE(c.has_value()) << name;
    if (c) out.add(*c);
  }
  return out;
}

PutView view(const std::string& twelve, GameType g, int position = kForehand) {
  const CardSet c = cards(twelve);
  EXPECT_EQ(c.size(), 12) << twelve;
  return make_view(c, Declaration{g}, PuttingContext{position, 18});
}

std::set<std::string> names(const DiscardList& list) {
  std::set<std::string> out;
  for (CardSet d : list) out.insert(card_names(d));
  return out;
}

std::string chosen(const std::string& twelve, GameType g, PuttingMethod m = PuttingMethod::Rules,
                   int position = kForehand, const WinProbabilityFn* p = nullptr) {
  const auto d = choose_discard(cards(twelve), Declaration{g}, m, p, PuttingContext{position, 18});
  return card_names(CardSet{d[0], d[1]});
}

// Plain-suit strength patterns (bit 0 = 7 … bit 6 = A).
unsigned plain(const std::string& names, Suit s = Suit::Spades) { return plain_pattern(cards(names), s); }

TEST(SuitMinigame, PlainPatternsAndTrumpPatterns) {
  EXPECT_EQ(plain("SA ST SK SQ S9 S8 S7"), kPlainAll);
  EXPECT_EQ(plain("SA ST"), kPlainAce | kPlainTen);
  EXPECT_EQ(plain("SJ"), 0u);
  EXPECT_EQ(plain("SQ S7"), 0x9u);
  EXPECT_EQ(trump_pattern(cards("CJ DJ HA"), GameType::Grand), 0x9u);
  EXPECT_EQ(trump_pattern(cards("CJ DJ HA"), GameType::Hearts), (1u << 10) | (1u << 7) | kPlainAce);
  EXPECT_EQ(trump_pattern(cards("CJ DJ HA"), GameType::Null), 0u);
}

TEST(SuitMinigame, StandingCardCounts) {
  const auto counts = [](const std::string& held, const std::string& opp) {
    const unsigned h = plain(held);
    const unsigned o = plain(opp);
    return std::array<int, 3>{sure_tricks(h, o), tricks_from_above(h, o), tricks_with_retake(h, o)};
  };
  EXPECT_EQ(counts("SA ST", "SK SQ S9 S8 S7"), (std::array<int, 3>{2, 2, 2}));
  // 10 K Q behind the ace: nothing from above; with retaking the ace falls to the Q, then 10, K.
  EXPECT_EQ(counts("ST SK SQ", "SA S9 S8 S7"), (std::array<int, 3>{0, 0, 2}));
  EXPECT_EQ(counts("SA S9", "ST SK SQ S8 S7"), (std::array<int, 3>{1, 1, 1}));
  // Worst split vs both following: the K stays guarded under the worst split only.
  EXPECT_EQ(counts("SA ST S9", "SK S8 S7"), (std::array<int, 3>{2, 3, 3}));
  EXPECT_EQ(counts("SA ST SK SQ S9", "S8 S7"), (std::array<int, 3>{5, 5, 5}));
  EXPECT_EQ(counts("SA SK SQ", "ST S9 S8 S7"), (std::array<int, 3>{1, 1, 2}));
  EXPECT_EQ(sure_high_cards(plain("SA ST S9"), plain("SK S8 S7")), 2);
}

TEST(SuitMinigame, PerSuitFeatures) {
  const SuitFeatures& good = suit_features(plain("ST S7"), plain("SK SQ S9 S8"));  // ace put
  EXPECT_EQ(good.good_ten, 1);
  EXPECT_EQ(good.lead, 1);
  const SuitFeatures& once = suit_features(plain("ST SK"), plain("SA SQ S9 S8 S7"));
  EXPECT_EQ(once.once_ten, 1);
  EXPECT_EQ(once.good_ten, 0);
  EXPECT_EQ(once.lead, 1);  // 10,K retakes shortly
  const SuitFeatures& none = suit_features(0, plain("SA ST SK SQ S9 S8 S7"));
  EXPECT_EQ(none.free, 1);
  EXPECT_EQ(none.lead, 0);
}

TEST(HardRules, SuitGamesPutNoTrump) {
  const PutView v = view("CJ SJ HA HT HK HQ H9 SA SK S7 C9 D8", GameType::Hearts);
  EXPECT_TRUE(puts_trump(v, cards("HA S7")));
  EXPECT_TRUE(puts_trump(v, cards("SJ S7")));
  EXPECT_FALSE(puts_trump(v, cards("C9 D8")));
  for (CardSet d : admissible(v)) EXPECT_TRUE((d & v.trumps).empty()) << card_names(d);
}

TEST(HardRules, OverConstrainedHandsDropRules) {
  // Ten trumps and two plain cards: the only discard without a trump.
  const PutView ten = view("CJ SJ HJ DJ CA CT CK CQ C9 C8 H7 D7", GameType::Clubs);
  EXPECT_EQ(names(admissible(ten)), (std::set<std::string>{"H7 D7"}));
  // Eleven trumps: "no trump" excludes everything and is dropped; the set is never empty.
  const PutView eleven = view("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 H7", GameType::Clubs);
  const DiscardList list = admissible(eleven);
  EXPECT_GT(list.size, 0);
  EXPECT_TRUE(names(list).contains("C7 H7"));
  EXPECT_FALSE(names(list).contains("C8 H7"));  // the 7/8/9 rule still holds
}

TEST(HardRules, TwoJackGrandKeepsItsJacks) {
  const PutView two = view("CJ HJ CA CT C9 C8 SA SK S7 HT H7 DQ", GameType::Grand);
  EXPECT_EQ(two.sub_type, SubType::TwoJackGrand);
  EXPECT_TRUE(puts_jack_in_two_jack_grand(two, cards("HJ S7")));
  EXPECT_FALSE(puts_jack_in_two_jack_grand(two, cards("H7 S7")));
  for (CardSet d : admissible(two)) EXPECT_TRUE((d & CardSet::jacks()).empty()) << card_names(d);
  const PutView three = view("CJ SJ HJ CA CT C9 C8 SA SK S7 HT H7", GameType::Grand);
  EXPECT_EQ(three.sub_type, SubType::StandardGrand);
  EXPECT_FALSE(puts_jack_in_two_jack_grand(three, cards("HJ S7")));
}

TEST(HardRules, LowCardsAndJacksGoWeakestFirst) {
  const PutView v = view("CJ SJ HJ CA CT SA ST H9 H8 H7 D8 DQ", GameType::Grand);
  EXPECT_TRUE(puts_before_weaker_equal(v, cards("H9 D8")));
  EXPECT_TRUE(puts_before_weaker_equal(v, cards("H8 D8")));
  EXPECT_TRUE(puts_before_weaker_equal(v, cards("H9 H8")));
  EXPECT_FALSE(puts_before_weaker_equal(v, cards("H7 D8")));
  EXPECT_FALSE(puts_before_weaker_equal(v, cards("H8 H7")));
  EXPECT_TRUE(puts_before_weaker_equal(v, cards("SJ D8")));  // the ♥J stays
  EXPECT_FALSE(puts_before_weaker_equal(v, cards("HJ D8")));
  for (CardSet d : admissible(v)) {
    EXPECT_FALSE(d.contains(Card(Suit::Hearts, Rank::Nine))) << card_names(d);
    EXPECT_TRUE(!d.contains(Card(Suit::Hearts, Rank::Eight)) || d.contains(Card(Suit::Hearts, Rank::Seven)));
  }
}

TEST(HardRules, TheRicherOfEquivalentCardsGoesFirst) {
  const PutView v = view("CJ SJ HJ SA ST S7 HT HK HQ C8 D8 D7", GameType::Grand);
  EXPECT_TRUE(keeps_richer_equivalent(v, cards("ST D7")));  // put the A, not the 10
  EXPECT_FALSE(keeps_richer_equivalent(v, cards("SA D7")));
  EXPECT_FALSE(keeps_richer_equivalent(v, cards("SA ST")));
  // 10 K Q behind the ace: 10 before K before Q.
  EXPECT_TRUE(keeps_richer_equivalent(v, cards("HQ D7")));
  EXPECT_TRUE(keeps_richer_equivalent(v, cards("HK HQ")));
  EXPECT_FALSE(keeps_richer_equivalent(v, cards("HT HK")));
  // A and K with the 10 out are not equivalent: the K may go alone.
  const PutView gap = view("CJ SJ HJ SA SK S7 HT HK HQ C8 D8 D7", GameType::Grand);
  EXPECT_FALSE(keeps_richer_equivalent(gap, cards("SK D7")));
}

TEST(HardRules, SoleTensArePutUnlessThreeOrMore) {
  const PutView one = view("CJ SJ HJ CA CT CK CQ SA S7 HA H8 DT", GameType::Grand);
  EXPECT_TRUE(keeps_sole_ten(one, cards("S7 H8")));
  EXPECT_FALSE(keeps_sole_ten(one, cards("S7 DT")));
  for (CardSet d : admissible(one)) EXPECT_TRUE(d.contains(Card(Suit::Diamonds, Rank::Ten))) << card_names(d);
  const PutView two = view("CJ SJ HJ CA CK CQ C9 SA S7 S8 HT DT", GameType::Grand);
  EXPECT_EQ(names(admissible(two)), (std::set<std::string>{"HT DT"}));
  const PutView suit = view("CJ SJ DA DK D9 D8 D7 SA S7 C8 C7 HT", GameType::Diamonds);
  for (CardSet d : admissible(suit)) EXPECT_TRUE(d.contains(Card(Suit::Hearts, Rank::Ten))) << card_names(d);
  const PutView three = view("CJ SJ HJ CA CK CQ C9 C8 C7 ST HT DT", GameType::Grand);
  for (CardSet d : all_discards(three.twelve)) EXPECT_FALSE(keeps_sole_ten(three, d)) << card_names(d);
}

TEST(HardRules, LowTrumpSuitGamesKeepTheirAces) {
  const PutView low = view("CJ SJ HA H7 CA CT SA ST S8 DK D9 D7", GameType::Hearts);
  EXPECT_EQ(low.sub_type, SubType::LowTrumpSuit);
  EXPECT_TRUE(puts_ace_in_low_trump_suit(low, cards("CA D7")));
  for (CardSet d : admissible(low)) EXPECT_EQ((d & cards("CA SA")).size(), 0) << card_names(d);
  // Here the tens stay as well (the ace goes before its ten, and the ace may not go).
  EXPECT_EQ(names(admissible(low)), (std::set<std::string>{"S8 D7", "S8 DK", "D7 D9", "D7 DK"}));
  const PutView high = view("CJ SJ HA HT H9 H7 CA CT S8 DK D9 D7", GameType::Hearts);
  EXPECT_EQ(high.sub_type, SubType::HighTrumpSuit);
  EXPECT_FALSE(puts_ace_in_low_trump_suit(high, cards("CA D7")));
}

TEST(HardRules, HighCardGrandKeepsAThirdCardWithoutKing) {
  const PutView v = view("DJ SA ST S8 CA CT CK HA HT H7 D7 D8", GameType::Grand);
  EXPECT_EQ(v.sub_type, SubType::HighCardGrand);
  EXPECT_TRUE(puts_ace_ten_without_king(v, cards("SA ST")));
  EXPECT_FALSE(puts_ace_ten_without_king(v, cards("CA CT")));  // the K stays
  EXPECT_TRUE(puts_ace_ten_without_king(v, cards("HA HT")));
  const PutView longer = view("DJ SA ST S8 S7 CA CT CK HA HT D7 D8", GameType::Grand);
  EXPECT_FALSE(puts_ace_ten_without_king(longer, cards("SA ST")));
  const PutView standard = view("CJ SJ HJ SA ST S8 CA CT CK HA D7 D8", GameType::Grand);
  EXPECT_FALSE(puts_ace_ten_without_king(standard, cards("SA ST")));
}

TEST(HardRules, TenWithKingIsPutBeforeLowerCards) {
  const PutView v = view("CJ SJ CA CT C9 C8 HT HK H8 SA S7 D7", GameType::Clubs);
  EXPECT_TRUE(keeps_ten_over_lower(v, cards("H8 S7")));  // no N,N' while K,10 remain
  EXPECT_TRUE(keeps_ten_over_lower(v, cards("HK S7")));  // no K,N' while N,10 remain
  EXPECT_TRUE(keeps_ten_over_lower(v, cards("HK H8")));
  EXPECT_FALSE(keeps_ten_over_lower(v, cards("HT S7")));
  EXPECT_FALSE(keeps_ten_over_lower(v, cards("HT H8")));
  EXPECT_FALSE(keeps_ten_over_lower(v, cards("S7 D7")));
  // With the ace the 10 is protected and the rule does not apply.
  const PutView ace = view("CJ SJ CA CT C9 C8 HA HT HK H8 S7 D7", GameType::Clubs);
  EXPECT_FALSE(keeps_ten_over_lower(ace, cards("H8 S7")));
}

TEST(HardRules, TenWithLowCardNotWhileAnotherSoleLowCardStays) {
  const PutView v = view("CJ SJ HJ CA CT CK SA ST SQ S8 H9 D7", GameType::Grand);
  EXPECT_TRUE(puts_ten_low_keeping_sole_low(v, cards("ST S8")));   // ♥9 and ♦7 stay sole
  EXPECT_FALSE(puts_ten_low_keeping_sole_low(v, cards("ST D7")));  // frees diamonds
  EXPECT_FALSE(puts_ten_low_keeping_sole_low(v, cards("SQ S8")));
  const PutView pair = view("CJ SJ HJ CA CT CK SA SQ ST HT H8 D7", GameType::Grand);
  EXPECT_FALSE(puts_ten_low_keeping_sole_low(pair, cards("HT H8")));  // empties hearts
  EXPECT_TRUE(puts_ten_low_keeping_sole_low(pair, cards("ST H8")));   // ♦7 stays sole
}

TEST(HardRules, HighCardTheoremPicksTheSkat) {
  // Four jacks, ♣A K, ♥A, ♠10 7, ♦10 Q 9. Putting both tens: 6 sure tricks (4 jacks, ♣A, ♥A), so
  // 4 lost, against 4 high cards secured (the two tens put, ♣A, ♥A): the theorem holds.
  const PutView v = view("CJ SJ HJ DJ CA CK ST S7 HA DT DQ D9", GameType::Grand);
  EXPECT_TRUE(high_card_theorem_holds(v, cards("ST DT")));
  EXPECT_FALSE(high_card_theorem_holds(v, cards("S7 D9")));  // 4 lost, 2 secured
  EXPECT_FALSE(high_card_theorem_holds(v, cards("CK DT")));  // 4 lost, 3 secured
  EXPECT_EQ(names(admissible(v)), (std::set<std::string>{"ST DT"}));
  // When no discard fulfils it, the rule is dropped.
  const PutView weak = view("CJ SJ HJ CA CT C7 SA S8 HK HQ D9 D8", GameType::Grand);
  for (CardSet d : all_discards(weak.twelve)) EXPECT_FALSE(high_card_theorem_holds(weak, d)) << card_names(d);
  EXPECT_GT(admissible(weak).size, 1);
  EXPECT_FALSE(high_card_theorem_holds(view("CJ SJ HJ DJ CA CK ST S7 HA DT DQ D9", GameType::Clubs), cards("ST DT")));
}

TEST(HardRules, NullPutsOnlyTheTopsOfSuits) {
  const PutView v = view("C7 C9 CJ SA H8 HT D7 D8 D9 DT DQ DK", GameType::Null);
  EXPECT_TRUE(null_keeps_higher(v, cards("C9 SA")));
  EXPECT_FALSE(null_keeps_higher(v, cards("CJ SA")));
  EXPECT_EQ(names(admissible(v)),
            (std::set<std::string>{"C9 CJ", "CJ SA", "CJ HT", "CJ DK", "SA HT", "SA DK", "H8 HT", "HT DK", "DQ DK"}));
}

TEST(HardRules, AdmissibleDiscardsListsPairsOfTheTwelve) {
  const CardSet twelve = cards("CJ SJ HJ SA ST S7 HT HK HQ C8 D8 D7");
  const auto list = admissible_discards(twelve, Declaration{GameType::Grand});
  ASSERT_FALSE(list.empty());
  for (const auto& d : list) {
    EXPECT_NE(d[0], d[1]);
    EXPECT_TRUE(twelve.contains(d[0]) && twelve.contains(d[1]));
  }
}

TEST(SoftScore, FeaturesAndScoreOfAStandardGrand) {
  // Kept: four jacks, ♣A 10 K, ♠A 10, ♥A. f6 = 4 jacks + 3 + 2 + 1; ♦ is free; good tens ♣10 ♠10;
  // ♣ ♠ ♥ are led from the top. Score 60·1 + 4·2 + 40·10 + 40·10 + 1·10 + 1·3.
  const PutView v = view("CJ SJ HJ DJ CA CT CK SA ST HA H9 D8", GameType::Grand);
  EXPECT_EQ(v.sub_type, SubType::StandardGrand);
  const SkatFeatures x = skat_features(v, cards("H9 D8"));
  EXPECT_EQ(x.f, (std::array<double, 10>{0, 0, 1, 0, 2, 0, 10, 10, 10, 3}));
  EXPECT_DOUBLE_EQ(soft_score(v, cards("H9 D8")), 881.0);
  EXPECT_EQ(chosen("CJ SJ HJ DJ CA CT CK SA ST HA H9 D8", GameType::Grand), "H9 D8");
}

TEST(SoftScore, TextbookDiscards) {
  // Seven trumps: void two side suits.
  EXPECT_EQ(chosen("CJ SJ HA HT HK HQ H9 SA SK S7 C9 D8", GameType::Hearts), "C9 D8");
  // A bare ten goes with its points.
  EXPECT_EQ(chosen("CJ SJ HJ CA CT CK CQ SA S7 HA H8 DT", GameType::Grand), "S7 DT");
  // The high-card theorem: both tens.
  EXPECT_EQ(chosen("CJ SJ HJ DJ CA CK ST S7 HA DT DQ D9", GameType::Grand), "ST DT");
  // Four trumps: eyes-oriented, aces and tens stay.
  const std::string low = chosen("CJ SJ HA H7 CA CT SA ST S8 DK D9 D7", GameType::Hearts);
  EXPECT_EQ(low, "D7 DK");
  // Null: the blank ace and the top of the gapped hearts.
  EXPECT_EQ(chosen("C7 C9 CJ SA H8 HT D7 D8 D9 DT DQ DK", GameType::Null), "SA HT");
}

TEST(SoftScore, BadTensCountAgainstRearHandOnly) {
  // Keeping ♥10 8 (ace out): f5 = 1, worth +λ5 in fore- and middlehand and −λ5 in rear hand.
  const std::string hand = "CJ SJ DA DT D9 D8 SA S7 HT H8 CK C7";
  const PutView fh = view(hand, GameType::Diamonds, kForehand);
  const PutView rh = view(hand, GameType::Diamonds, kRearhand);
  EXPECT_EQ(skat_features(fh, cards("C7 CK")).f[5], 1.0);
  EXPECT_DOUBLE_EQ(soft_score(fh, cards("C7 CK")) - soft_score(rh, cards("C7 CK")), 2 * 2.0);
  EXPECT_DOUBLE_EQ(soft_score(fh, cards("H8 HT")), soft_score(rh, cards("H8 HT")));
}

TEST(SoftScore, WinProbabilityIsFeatureOne) {
  const std::string hand = "CJ SJ HA HT HK HQ H9 SA SK S7 C9 D8";
  const WinProbabilityFn p = [](CardSet, CardSet discard) { return discard == cards("C9 S7") ? 0.9 : 0.5; };
  const PutView v = view(hand, GameType::Hearts);
  EXPECT_DOUBLE_EQ(skat_features(v, cards("C9 S7"), &p).f[1], 90.0);
  EXPECT_EQ(chosen(hand, GameType::Hearts, PuttingMethod::Rules, kForehand, &p), "C9 S7");
}

TEST(SoftScore, TopDiscardsAreTheBestAdmissibleOnesInOrder) {
  const CardSet twelve = cards("CJ SJ HA HT HK HQ H9 SA SK S7 C9 D8");
  const auto top = top_discards(twelve, Declaration{GameType::Hearts}, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(card_names(as_set(top[0].cards)), "C9 D8");
  EXPECT_GE(top[0].score, top[1].score);
  EXPECT_GE(top[1].score, top[2].score);
  EXPECT_EQ(top_discards(twelve, Declaration{GameType::Hearts}, 100).size(),
            admissible_discards(twelve, Declaration{GameType::Hearts}).size());
}

TEST(HandStrength, VonStegenByHand) {
  // Jacks 3, A/10 4, trumps 7 (clubs), ♣J ♠J +0.5, ♣J ♠J ♥J +1.
  EXPECT_DOUBLE_EQ(von_stegen(cards("CJ SJ HJ CA CT CK C7 SA HT D7"), GameType::Clubs, 18), 15.5);
  EXPECT_DOUBLE_EQ(von_stegen(cards("CJ SJ HJ CA CT CK C7 SA HT D7"), GameType::Clubs, 0), 16.0);
  EXPECT_DOUBLE_EQ(von_stegen(cards("CJ SJ HJ CA CT CK C7 SA HT D7"), GameType::Grand, 18), 8.5);
  // Three jacks without ♣J: +0.5 in a suit game.
  EXPECT_DOUBLE_EQ(von_stegen(cards("SJ HJ DJ CA CT CK C7 SA HT D7"), GameType::Clubs, 18), 14.5);
  // All four jacks: 4 + 5 A/10 + 0.5 + 1 + 0.5.
  EXPECT_DOUBLE_EQ(von_stegen(cards("CJ SJ HJ DJ CA CT SA ST HA D7"), GameType::Grand, 18), 11.0);
  EXPECT_DOUBLE_EQ(von_stegen(cards("CJ SJ HJ DJ CA CT SA ST HA D7"), GameType::Null, 18), 0.0);
}

TEST(HandStrength, KinbackByHand) {
  // Trumps ♣J ♠J ♣A 10 7: two safe tricks (the ♥J stops the ace); ♠A 10 = 2, ♥A K = 1.5,
  // bare ♦10 = 0; forehand +0.5.
  const CardSet hand = cards("CJ SJ CA CT C7 SA ST HA HK DT");
  EXPECT_EQ(kinback_safe_trump_tricks(hand, GameType::Clubs), 2);
  EXPECT_DOUBLE_EQ(kinback(hand, GameType::Clubs, kForehand), 6.0);
  EXPECT_DOUBLE_EQ(kinback(hand, GameType::Clubs, kMiddlehand), 5.5);
  // Grand: forehand 1 + three aces + two jacks.
  EXPECT_DOUBLE_EQ(kinback(hand, GameType::Grand, kForehand), 6.0);
  EXPECT_EQ(kinback_safe_trump_tricks(cards("CJ SJ HJ DJ CA CT CK"), GameType::Clubs), 7);
  // Side-suit categories (no trumps held in diamonds).
  EXPECT_DOUBLE_EQ(kinback(cards("CA CT SA SK S9 HT HK"), GameType::Diamonds, kMiddlehand), 2.0 + 1.5 + 1.0);
  EXPECT_DOUBLE_EQ(kinback(cards("CA ST SQ S7 HK H9 H8"), GameType::Diamonds, kMiddlehand), 1.0 + 0.5 + 0.5);
  EXPECT_DOUBLE_EQ(kinback(cards("HK HQ H9 H8 SA ST SK"), GameType::Diamonds, kMiddlehand), 0.0 + 2.0);
  EXPECT_DOUBLE_EQ(kinback(hand, GameType::Null, kForehand), 0.0);
}

TEST(Baselines, ChooseTheDiscardTheirSystemRanksFirst) {
  const std::string hand = "CJ SJ HA HT HK HQ H9 SA SK S7 C9 D8";
  // Von Stegen loses a point for the ♠A only; the tie goes to the most points put.
  EXPECT_EQ(chosen(hand, GameType::Hearts, PuttingMethod::VonStegen), "C9 SK");
  // Kinback keeps ♠A K (1.5); the tie goes to the first discard.
  EXPECT_EQ(chosen(hand, GameType::Hearts, PuttingMethod::Kinback), "C9 S7");
  const WinProbabilityFn points = [](CardSet, CardSet discard) { return card_points(discard) / 100.0; };
  EXPECT_EQ(chosen(hand, GameType::Hearts, PuttingMethod::WinProbability, kForehand, &points), "SK SA");
  // Without a function, and for null with the hand-strength systems, Rules decides.
  EXPECT_EQ(chosen(hand, GameType::Hearts, PuttingMethod::WinProbability), "C9 D8");
  const std::string null = "C7 C9 CJ SA H8 HT D7 D8 D9 DT DQ DK";
  EXPECT_EQ(chosen(null, GameType::Null, PuttingMethod::VonStegen), "SA HT");
  EXPECT_EQ(chosen(null, GameType::Null, PuttingMethod::Kinback), "SA HT");
}

CardSet random_twelve(FastRng& rng) {
  CardSet c;
  while (c.size() < 12) c.add(Card(static_cast<int>(rng() % kNumCards)));
  return c;
}

// Every method returns two distinct cards of the twelve; Rules agrees with the top discard and,
// in suit games with at most ten trumps, puts no trump; null puts only tops of suits.
TEST(SkatPutting, EveryMethodReturnsTwoCardsOfTheTwelve) {
  FastRng rng(2024);
  const WinProbabilityFn toy = [](CardSet ten, CardSet discard) {
    return (card_points(discard) + 3 * (ten & CardSet::jacks()).size()) / 40.0;
  };
  constexpr std::array<PuttingMethod, 4> kMethods = {PuttingMethod::Rules, PuttingMethod::VonStegen,
                                                     PuttingMethod::Kinback, PuttingMethod::WinProbability};
  for (int i = 0; i < 3000; ++i) {
    const CardSet twelve = random_twelve(rng);
    for (int g = 0; g < kNumGameTypes; ++g) {
      const Declaration d{static_cast<GameType>(g)};
      const PuttingContext context{i % 3, i % 2 == 0 ? 0 : 18};
      for (PuttingMethod m : kMethods) {
        const auto put = choose_discard(twelve, d, m, &toy, context);
        ASSERT_NE(put[0], put[1]);
        ASSERT_TRUE(twelve.contains(put[0]) && twelve.contains(put[1])) << card_names(twelve);
      }
      const PutView v = make_view(twelve, d, context);
      const DiscardList list = admissible(v);
      ASSERT_GT(list.size, 0);
      std::array<ScoredDiscard, 4> top;
      const int n = top_discards(v, top);
      ASSERT_GT(n, 0);
      const auto best = choose_discard(twelve, d, PuttingMethod::Rules, nullptr, context);
      EXPECT_EQ(as_set(best), as_set(top[0].cards));
      for (int k = 1; k < n; ++k)
        EXPECT_GE(top[static_cast<std::size_t>(k - 1)].score, top[static_cast<std::size_t>(k)].score);
      const CardSet put = as_set(best);
      const bool few_trumps = is_suit_game(d.type) && (twelve & v.trumps).size() <= 10;
      EXPECT_TRUE(!few_trumps || (put & v.trumps).empty()) << card_names(twelve);
      EXPECT_TRUE(d.type != GameType::Null || !null_keeps_higher(v, put)) << card_names(twelve);
    }
  }
}

TEST(SkatPutting, Deterministic) {
  const auto digest = [] {
    FastRng rng(77);
    std::uint64_t h = 0;
    for (int i = 0; i < 500; ++i) {
      const CardSet twelve = random_twelve(rng);
      for (int g = 0; g < kNumGameTypes; ++g)
        for (int m = 0; m < 3; ++m) {
          const auto put = choose_discard(twelve, Declaration{static_cast<GameType>(g)}, static_cast<PuttingMethod>(m));
          h = h * 1000003u + static_cast<std::uint64_t>(as_set(put).bits());
        }
    }
    return h;
  };
  EXPECT_EQ(digest(), digest());
}

}  // namespace
}  // namespace skat::bots::putting
