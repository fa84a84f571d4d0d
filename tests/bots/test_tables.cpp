// Winning tables: the perfect hash over every table's full domain (round trip, lexicographic key
// order), the features of hand-written hands, the lookup's fallbacks and the null product.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <vector>

#include "bots/tables/features.h"
#include "bots/tables/winning_table.h"

namespace skat::bots {
namespace {

CardSet cards(const std::string& names) {
  CardSet set;
  std::istringstream in(names);
  for (std::string name; in >> name;) {
    const auto c = parse_card(name);
    EXPECT_TRUE(c.has_value()) << name;
    if (c) set.add(*c);
  }
  return set;
}

Card card(const std::string& name) { return *parse_card(name); }

template <std::size_t N>
std::vector<std::uint8_t> vec(const std::array<std::uint8_t, N>& a) {
  return {a.begin(), a.end()};
}

// Every vector of the schema's domain in lexicographic order: ranks strictly increase (key order is
// feature order), every key is valid and unranks to its vector.
void check_full_domain(const TableSchema& schema) {
  const PerfectHash h = schema.hash();
  const auto n = schema.features.size();
  std::vector<std::uint8_t> v(n, 0), back(n, 0);
  std::uint64_t count = 0;
  std::int64_t previous = -1;
  for (;;) {
    const std::uint32_t key = h.rank(v);
    ASSERT_GT(static_cast<std::int64_t>(key), previous) << schema.name;
    ASSERT_TRUE(h.valid(key));
    h.unrank(key, back);
    ASSERT_EQ(back, v) << schema.name;
    previous = key;
    ++count;
    // Next vector: the last feature counts fastest.
    std::size_t i = n;
    while (i > 0 && v[i - 1] + 1u == schema.features[i - 1].domain) v[--i] = 0;
    if (i == 0) break;
    ++v[i - 1];
  }
  EXPECT_EQ(count, h.valid_keys()) << schema.name;
  EXPECT_LT(static_cast<std::uint64_t>(previous), h.key_space());
}

TEST(PerfectHash, EveryTableRoundTripsOverItsFullDomainInLexicographicOrder) {
  for (const TableSchema* s :
       {&suit_schema(), &grand_schema(), &null_schema(), &lead_suit_schema(), &lead_grand_schema()}) {
    check_full_domain(*s);
    // The background is a subset of the foreground, in foreground order.
    for (std::size_t i = 1; i < s->background.size(); ++i) EXPECT_LT(s->background[i - 1], s->background[i]);
  }
  EXPECT_EQ(suit_schema().hash().bits(), 21);
  EXPECT_EQ(grand_schema().hash().bits(), 19);
  EXPECT_EQ(null_schema().hash().bits(), 13);
}

TEST(PerfectHash, FieldsAreCeilLog2WideFirstFeatureHighest) {
  const std::uint32_t domains[] = {3, 8, 1, 256, 2};
  const PerfectHash h(domains);
  EXPECT_EQ(h.width(0), 2);
  EXPECT_EQ(h.width(1), 3);
  EXPECT_EQ(h.width(2), 0);
  EXPECT_EQ(h.width(3), 8);
  EXPECT_EQ(h.width(4), 1);
  const std::uint8_t v[] = {2, 5, 0, 200, 1};
  EXPECT_EQ(h.rank(v), (2u << 12) | (5u << 9) | (200u << 1) | 1u);
  EXPECT_FALSE(h.valid(3u << 12));  // first field 3 is outside its domain of 3
  EXPECT_FALSE(h.valid(1u << 14));  // above the key bits
  const std::uint32_t too_wide[] = {256, 256, 256, 256, 2};
  EXPECT_THROW((void)PerfectHash{too_wide}, std::invalid_argument);
}

TEST(Features, SuitGameOfAHandWrittenHand) {
  DeclarerContext c;
  c.declaration.type = GameType::Clubs;
  c.hand = cards("CJ HJ CA CT C9 SA S7 HT HK D7");
  c.skat_put = cards("DQ D8");
  c.bid = 24;
  // 5 trumps; ♣J+♥J; ♣A ♣10; ♠A; ♥10; losers ♠(A 7) 1 + ♥(10 K) 2 + ♦(7) 1; 24; 3 points; no void.
  EXPECT_EQ(vec(suit_features(c)), (std::vector<std::uint8_t>{2, 4, 2, 1, 1, 4, 1, 0, 0}));

  c.declaration.type = GameType::Hearts;
  c.hand = cards("CJ SJ HJ DJ HA HT HK HQ H9 H8");
  c.skat_put = cards("C7 S7");
  c.bid = 18;
  EXPECT_EQ(vec(suit_features(c)), (std::vector<std::uint8_t>{7, 7, 2, 0, 0, 0, 0, 0, 3}));

  c.declaration.type = GameType::Diamonds;
  c.hand = cards("SJ D7 D8 CA CK CQ SA ST HT H9");
  c.skat_put = cards("DA DT");
  c.bid = 40;
  // 3 trumps (≤ 3); one jack, not ♣J; no trump A/10; ♣A ♠A; ♠10 ♥10; losers ♣(A K Q) 2 + ♠(A 10) 0 +
  // ♥(10 9) 2; bid ≥ 40; 21 points; no void.
  EXPECT_EQ(vec(suit_features(c)), (std::vector<std::uint8_t>{0, 1, 0, 2, 2, 4, 3, 3, 0}));
}

TEST(Features, GrandAndNullOfHandWrittenHands) {
  DeclarerContext c;
  c.declaration.type = GameType::Grand;
  c.hand = cards("CJ SJ DJ CA CT CK SA S9 HT D7");
  c.skat_put = cards("HK DQ");
  c.bid = 48;
  c.position = 2;
  // ♣J 8 + ♠J 4 + ♦J 1; 2 aces; 2 tens; losers ♣ 0 + ♠ 1 + ♥ 1 + ♦ 1; bid ≥ 40; rearhand; 7 points.
  EXPECT_EQ(vec(grand_features(c)), (std::vector<std::uint8_t>{13, 2, 2, 3, 3, 2, 1}));

  c.declaration = Declaration{GameType::Null, false, false, false, true};
  c.hand = cards("C7 C9 CJ S8 H7 H8 D7 D9 DT DJ");
  c.skat_put = cards("CA HA");
  c.position = 0;
  EXPECT_EQ(vec(null_features(c, Suit::Clubs)), (std::vector<std::uint8_t>{1, 1, 1, 0b10101}));
  EXPECT_EQ(vec(null_features(c, Suit::Spades)), (std::vector<std::uint8_t>{1, 1, 0, 0b10}));
  EXPECT_EQ(vec(null_features(c, Suit::Diamonds)), (std::vector<std::uint8_t>{1, 1, 0, 0b11101}));
  c.declaration.hand = true;  // hand: nothing was discarded
  c.position = 1;
  EXPECT_EQ(vec(null_features(c, Suit::Hearts)), (std::vector<std::uint8_t>{3, 0, 0, 0b11}));
}

TEST(Features, OpeningLeads) {
  LeadContext c;
  c.game = GameType::Hearts;
  c.hand = cards("CA CT C8 SJ H7 S9 SK D7 D8 DQ");
  c.lead = card("C8");
  c.leader = 1;
  c.declarer = 0;
  // Trumps ♠J ♥7 (+1 for the jack) = 3; three clubs with ace and ten, led under the ace; the
  // declarer plays last.
  EXPECT_EQ(vec(lead_features(c)), (std::vector<std::uint8_t>{1, 3, 1, 1, 0, 0, 0}));
  c.lead = card("CA");
  EXPECT_EQ(lead_features(c)[kLeadSuitAcePlayed], 1);
  c.lead = card("SK");
  c.played = cards("SA S7 S8");
  c.leader = 0;
  c.declarer = 1;
  EXPECT_EQ(vec(lead_features(c)), (std::vector<std::uint8_t>{1, 2, 0, 0, 1, 0, 2}));
  c.lead = card("SJ");  // a trump: no suit to describe
  EXPECT_EQ(vec(lead_features(c)), (std::vector<std::uint8_t>{1, 0, 0, 0, 1, 0, 0}));

  c.game = GameType::Grand;
  c.played = {};
  c.lead = card("CT");
  c.partner_bid_suit = true;
  EXPECT_EQ(vec(lead_features(c)), (std::vector<std::uint8_t>{1, 3, 1, 4, 1, 1, 0}));
  c.lead = card("SJ");
  EXPECT_EQ(vec(lead_features(c)), (std::vector<std::uint8_t>{1, 0, 1, 4, 0, 0, 0}));
}

TEST(Features, Groups) {
  EXPECT_EQ(jacks_group(cards("")), 0);
  EXPECT_EQ(jacks_group(cards("DJ")), 1);
  EXPECT_EQ(jacks_group(cards("CJ")), 2);
  EXPECT_EQ(jacks_group(cards("SJ HJ")), 3);
  EXPECT_EQ(jacks_group(cards("CJ DJ")), 4);
  EXPECT_EQ(jacks_group(cards("SJ HJ DJ")), 5);
  EXPECT_EQ(jacks_group(cards("CJ SJ HJ")), 6);
  EXPECT_EQ(jacks_group(cards("CJ SJ HJ DJ")), 7);
  EXPECT_EQ(jacks_pattern(cards("CJ HJ")), 10);
  EXPECT_EQ(lost_cards(cards("CA CT C7 C8 SK HJ"), 0xF), 1 + 1);       // ♣: 3 rounds, A 10 win; ♠K alone
  EXPECT_EQ(lost_cards(cards("C7 C8 C9 S7 S8 S9 H7 H8 H9"), 0xF), 7);  // 9, capped
  EXPECT_EQ(lost_cards(cards("C7 C8 C9 S7"), 0x2), 1);                 // only spades asked
  for (auto [bid, group] : {std::pair{0, 0}, {18, 0}, {20, 1}, {24, 1}, {27, 2}, {36, 2}, {40, 3}, {264, 3}})
    EXPECT_EQ(bid_group(bid), group) << bid;
  for (auto [points, group] : {std::pair{0, 0}, {4, 0}, {5, 1}, {9, 1}, {10, 2}, {15, 2}, {16, 3}, {22, 3}})
    EXPECT_EQ(skat_group(points), group) << points;
  EXPECT_EQ(lead_seat(1, 0), 0);
  EXPECT_EQ(lead_seat(2, 0), 1);
  EXPECT_EQ(lead_seat(0, 2), 0);
  EXPECT_EQ(lead_seat(0, 1), 1);
}

TEST(WinningTable, BackgroundBelowTheThresholdThenTableMeanThenPrior) {
  WinningTable t(suit_schema());
  SuitFeatures f = {3, 4, 1, 1, 1, 2, 1, 1, 0};
  EXPECT_EQ(t.estimate(f, 50, 0.5).source, EstimateSource::Prior);
  EXPECT_DOUBLE_EQ(t.estimate(f, 50, 0.25).probability, 0.25);

  SuitFeatures other = f;  // a different foreground bucket with the same background bucket
  other[kSuitBid] = 3;
  for (int i = 0; i < 10; ++i) t.add(other, i < 2);
  SuitFeatures elsewhere = f;  // another background bucket
  elsewhere[kSuitTrumps] = 6;
  for (int i = 0; i < 4; ++i) t.add(elsewhere, true);
  for (int i = 0; i < 49; ++i) t.add(f, true);
  Estimate e = t.estimate(f, 50, 0.5);
  EXPECT_EQ(e.source, EstimateSource::Background);
  EXPECT_EQ(e.games, 59u);
  EXPECT_DOUBLE_EQ(e.probability, (51.0 + kBackgroundSmoothing * 55.0 / 63.0) / (59.0 + kBackgroundSmoothing));
  t.add(f, false);
  e = t.estimate(f, 50, 0.5);
  EXPECT_EQ(e.source, EstimateSource::Foreground);
  EXPECT_DOUBLE_EQ(e.probability, 49.0 / 50.0);

  SuitFeatures unseen = f;
  unseen[kSuitTrumps] = 0;
  e = t.estimate(unseen, 50, 0.5);
  EXPECT_EQ(e.source, EstimateSource::TableMean);
  EXPECT_DOUBLE_EQ(e.probability, 55.0 / 64.0);
  EXPECT_EQ(t.background().size(), 2u);
  EXPECT_EQ(t.foreground().size(), 3u);
}

TEST(WinningTable, RefusesFeaturesOutsideTheDomain) {
  WinningTable t(grand_schema());
  EXPECT_THROW(t.add(GrandFeatures{16, 0, 0, 0, 0, 0, 0}, true), std::invalid_argument);
  const std::uint8_t too_short[] = {1, 2};
  EXPECT_THROW((void)t.estimate(too_short, 1, 0.5), std::invalid_argument);
  EXPECT_EQ(t.foreground().size(), 0u);
}

TEST(TableSet, NullIsTheProductOverTheFourSuits) {
  TableSet tables;
  tables.set_confidence(1);
  DeclarerContext c;
  c.declaration = Declaration{GameType::Null, true, false, false, false};
  c.hand = cards("C7 C8 S7 S9 SJ H7 H8 HJ D7 D9");
  c.skat_put = cards("CA DA");
  const std::array<std::pair<int, int>, 4> counts = {{{4, 3}, {10, 9}, {5, 5}, {8, 2}}};
  for (int s = 0; s < kNumSuits; ++s) {
    const auto [games, won] = counts[static_cast<std::size_t>(s)];
    for (int i = 0; i < games; ++i) tables.table(TableKind::Null).add(null_features(c, static_cast<Suit>(s)), i < won);
  }
  EXPECT_DOUBLE_EQ(tables.win_probability(c), (3.0 / 4) * (9.0 / 10) * (5.0 / 5) * (2.0 / 8));
  EXPECT_EQ(tables.null_suit_estimate(c, Suit::Spades).source, EstimateSource::Foreground);
  // An empty null table falls back to each suit pattern's prior: here every suit is covered.
  EXPECT_NEAR(TableSet().win_probability(c), std::pow(0.95, 4), 1e-12);
  c.hand = cards("C7 CA S7 S9 SJ H7 H8 HJ D7 D9");  // a bare ace beside the seven: caught easily
  EXPECT_LT(TableSet().win_probability(c), 0.05);
}

// A thin ouvert bucket: by pattern it borrows plain nulls' record of the same pattern, by type and
// pattern only other ouvert games'. Files hold the same counts either way; merging re-projects.
TEST(TableSet, NullBackgroundByTypeKeepsOuvertApartFromPlainNulls) {
  TableSet tables;
  tables.set_confidence(50);
  DeclarerContext plain;
  plain.declaration = Declaration{GameType::Null, false, false, false, false};
  plain.hand = cards("C7 C9 S7 S9 SJ H7 H8 HJ D7 D9");
  plain.skat_put = cards("CA DA");
  DeclarerContext ouvert = plain;
  ouvert.declaration.ouvert = true;
  DeclarerContext ouvert_other = ouvert;  // another ouvert foreground bucket, the same pattern
  ouvert_other.skat_put = cards("DT DA");
  WinningTable& null = tables.table(TableKind::Null);
  for (int i = 0; i < 40; ++i) null.add(null_features(plain, Suit::Clubs), true);
  for (int i = 0; i < 10; ++i) null.add(null_features(ouvert_other, Suit::Clubs), i < 2);
  ASSERT_NE(null_features(ouvert, Suit::Clubs), null_features(ouvert_other, Suit::Clubs));
  const auto ouvert_clubs = [&](const TableSet& t) { return t.null_suit_estimate(ouvert, Suit::Clubs); };
  const double prior = null_suit_prior(null_features(ouvert, Suit::Clubs)[kNullPattern]);
  const auto shrunk = [&](double won, double games) {
    return (won + kBackgroundSmoothing * prior) / (games + kBackgroundSmoothing);
  };

  EXPECT_EQ(tables.null_background(), NullBackground::Pattern);
  EXPECT_EQ(ouvert_clubs(tables).source, EstimateSource::Background);
  EXPECT_EQ(ouvert_clubs(tables).games, 50u);
  EXPECT_DOUBLE_EQ(ouvert_clubs(tables).probability, shrunk(42, 50));

  TableSet by_type = tables;
  by_type.set_null_background(NullBackground::TypeAndPattern);
  EXPECT_EQ(by_type, tables);  // the same counts
  EXPECT_EQ(ouvert_clubs(by_type).games, 10u);
  EXPECT_DOUBLE_EQ(ouvert_clubs(by_type).probability, shrunk(2, 10));
  EXPECT_DOUBLE_EQ(by_type.null_suit_estimate(plain, Suit::Clubs).probability, shrunk(40, 40));
  EXPECT_EQ(by_type.table(TableKind::Null).background().size(), 2u);
  EXPECT_EQ(tables.table(TableKind::Null).background().size(), 1u);

  by_type.merge(tables);  // a pattern-keyed set folded into a type-keyed one
  EXPECT_EQ(ouvert_clubs(by_type).games, 20u);
  EXPECT_DOUBLE_EQ(ouvert_clubs(by_type).probability, shrunk(4, 20));
  by_type.set_null_background(NullBackground::Pattern);
  EXPECT_EQ(ouvert_clubs(by_type).games, 100u);
}

TEST(TableSet, NullSuitPriorFollowsTheCoverOfEachCard) {
  EXPECT_DOUBLE_EQ(null_suit_prior(0), 0.98);                   // void
  EXPECT_DOUBLE_EQ(null_suit_prior(0b1), 0.95);                 // 7
  EXPECT_DOUBLE_EQ(null_suit_prior(0b101), 0.95);               // 7 9
  EXPECT_DOUBLE_EQ(null_suit_prior(0b10), 0.95 * 0.45);         // bare 8
  EXPECT_DOUBLE_EQ(null_suit_prior(0b10000000), 0.03);          // bare ace
  EXPECT_GT(null_suit_prior(0b1011), null_suit_prior(0b1100));  // 7 8 10 beats 9 10
}

TEST(TableSet, DispatchesSuitAndGrandAndLeads) {
  TableSet tables;
  tables.set_confidence(2);
  DeclarerContext c;
  c.declaration.type = GameType::Spades;
  c.hand = cards("CJ SJ SA ST S9 S8 HA HT D7 D8");
  c.skat_put = cards("C7 C8");
  tables.table(TableKind::Suit).add(suit_features(c), true);
  tables.table(TableKind::Suit).add(suit_features(c), false);
  EXPECT_DOUBLE_EQ(tables.win_probability(c), 0.5);
  c.declaration.type = GameType::Grand;
  EXPECT_DOUBLE_EQ(tables.win_probability(c), kGamePrior);  // grand table is empty
  LeadContext l;
  l.game = GameType::Grand;
  l.hand = cards("CA C7 S8 S9 H7 H8 H9 D7 D8 D9");
  l.lead = card("C7");
  tables.table(TableKind::LeadGrand).add(lead_features(l), false);
  tables.table(TableKind::LeadGrand).add(lead_features(l), false);
  EXPECT_EQ(tables.lead_estimate(l).source, EstimateSource::Foreground);
  EXPECT_DOUBLE_EQ(tables.lead_estimate(l).probability, 0.0);
  l.game = GameType::Clubs;
  EXPECT_EQ(tables.lead_estimate(l).source, EstimateSource::Prior);
}

}  // namespace
}  // namespace skat::bots
