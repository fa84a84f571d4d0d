// docs/rules.md §1: the 32 cards, their points, ISS names, and the CardSet operations.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/card.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

TEST(Cards, NumberingIsEightTimesSuitPlusRank) {
  EXPECT_EQ(Card(Suit::Clubs, Rank::Jack).id(), 4);
  EXPECT_EQ(Card(Suit::Diamonds, Rank::Ace).id(), 31);
  EXPECT_EQ(Card(Suit::Clubs, Rank::Seven).id(), 0);
  for (int id = 0; id < kNumCards; ++id) {
    const Card c(id);
    EXPECT_EQ(c.id(), id);
    EXPECT_EQ(static_cast<int>(c.suit()), id / 8);
    EXPECT_EQ(static_cast<int>(c.rank()), id % 8);
    EXPECT_EQ(c.is_jack(), id % 8 == 4);
    EXPECT_EQ(Card(c.suit(), c.rank()), c);
  }
  EXPECT_LT(Card(3), Card(4));
}

TEST(Cards, PointsPerRank) {
  const int expected[8] = {0, 0, 0, 10, 2, 3, 4, 11};  // 7 8 9 10 J Q K A
  for (int id = 0; id < kNumCards; ++id) EXPECT_EQ(card_points(Card(id)), expected[id % 8]) << card_name(Card(id));
  EXPECT_EQ(card_points(card("CA")), 11);
  EXPECT_EQ(card_points(card("ST")), 10);
  EXPECT_EQ(card_points(card("HK")), 4);
  EXPECT_EQ(card_points(card("DQ")), 3);
  EXPECT_EQ(card_points(card("CJ")), 2);
  EXPECT_EQ(card_points(card("S9")), 0);
  EXPECT_EQ(card_points(card("H8")), 0);
  EXPECT_EQ(card_points(card("D7")), 0);
}

TEST(Cards, PointsSumTo120) {
  int sum = 0;
  for (int id = 0; id < kNumCards; ++id) sum += card_points(Card(id));
  EXPECT_EQ(sum, 120);
  EXPECT_EQ(card_points(CardSet::all()), 120);
  for (int s = 0; s < kNumSuits; ++s) EXPECT_EQ(card_points(CardSet::of_suit(static_cast<Suit>(s))), 30);
  EXPECT_EQ(card_points(CardSet::jacks()), 8);
  EXPECT_EQ(card_points(CardSet{}), 0);
  // The set sum agrees with the per-card sum on arbitrary subsets.
  for (std::uint32_t bits : {0x12345678u, 0x80000001u, 0xF0F0F0F0u, 0x0000FFFFu}) {
    int per_card = 0;
    for (Card c : CardSet(bits)) per_card += card_points(c);
    EXPECT_EQ(card_points(CardSet(bits)), per_card);
  }
}

TEST(Cards, IssNamesRoundTripForAll32) {
  std::set<std::string> names;
  for (int id = 0; id < kNumCards; ++id) {
    const Card c(id);
    const std::string name = card_name(c);
    ASSERT_EQ(name.size(), 2u);
    EXPECT_EQ(name[0], "CSHD"[id / 8]);
    EXPECT_EQ(name[1], "789TJQKA"[id % 8]);
    const auto parsed = parse_card(name);
    ASSERT_TRUE(parsed.has_value()) << name;
    EXPECT_EQ(*parsed, c);
    names.insert(name);
  }
  EXPECT_EQ(names.size(), 32u);
  EXPECT_EQ(card_name(Card(Suit::Hearts, Rank::Ten)), "HT");
  EXPECT_EQ(card_name(Card(4)), "CJ");
  EXPECT_EQ(card_name(Card(31)), "DA");
}

TEST(Cards, ParseErrors) {
  for (const char* bad : {"", "C", "CJX", "XJ", "C1", "CX", "JC", "10", "C10", " CJ", "CJ ", "cj", "Cj", "cJ", "ZZ"})
    EXPECT_FALSE(parse_card(bad).has_value()) << '"' << bad << '"';
}

TEST(Cards, CardNamesAscendingWithSeparator) {
  const CardSet s{card("DA"), card("CJ"), card("C7"), card("HT")};
  EXPECT_EQ(card_names(s), "C7 CJ HT DA");
  EXPECT_EQ(card_names(s, ','), "C7,CJ,HT,DA");
  EXPECT_EQ(card_names(CardSet{}), "");
  EXPECT_EQ(card_names(CardSet{card("S9")}), "S9");
}

TEST(CardSet, BasicOperations) {
  CardSet s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0);
  s.add(card("CJ"));
  s.add(card("DA"));
  s.add(card("CJ"));  // adding twice is idempotent
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(s.size(), 2);
  EXPECT_TRUE(s.contains(card("CJ")));
  EXPECT_TRUE(s.contains(card("DA")));
  EXPECT_FALSE(s.contains(card("SJ")));
  EXPECT_EQ(s.bits(), (1u << 4) | (1u << 31));
  s.remove(card("CJ"));
  s.remove(card("SJ"));  // removing an absent card is a no-op
  EXPECT_EQ(s, CardSet{card("DA")});
  EXPECT_EQ(s.first(), card("DA"));

  EXPECT_EQ(CardSet::all().size(), 32);
  EXPECT_EQ(CardSet::jacks(), cards("CJ SJ HJ DJ"));
  EXPECT_EQ(CardSet::of_suit(Suit::Spades), cards("S7 S8 S9 ST SJ SQ SK SA"));
  EXPECT_EQ(CardSet::of_suit(Suit::Diamonds), cards("D7 D8 D9 DT DJ DQ DK DA"));
  CardSet suits_union;
  for (int st = 0; st < kNumSuits; ++st) {
    EXPECT_TRUE((suits_union & CardSet::of_suit(static_cast<Suit>(st))).empty());
    suits_union |= CardSet::of_suit(static_cast<Suit>(st));
  }
  EXPECT_EQ(suits_union, CardSet::all());
}

TEST(CardSet, SetAlgebra) {
  const CardSet a = cards("CJ SJ HA H7");
  const CardSet b = cards("SJ H7 DK");
  EXPECT_EQ(a | b, cards("CJ SJ HA H7 DK"));
  EXPECT_EQ(a & b, cards("SJ H7"));
  EXPECT_EQ(a - b, cards("CJ HA"));
  EXPECT_EQ(b - a, cards("DK"));
  EXPECT_EQ((~a).size(), 28);
  EXPECT_TRUE((~a & a).empty());
  EXPECT_EQ(~a | a, CardSet::all());
  CardSet c = a;
  c |= b;
  EXPECT_EQ(c, a | b);
  c = a;
  c &= b;
  EXPECT_EQ(c, a & b);
  c = a;
  c -= b;
  EXPECT_EQ(c, a - b);
  EXPECT_NE(a, b);
}

TEST(CardSet, IterationInAscendingCardOrder) {
  const CardSet s = cards("DA HT C7 SJ CJ D7");
  std::vector<int> ids;
  for (Card c : s) ids.push_back(c.id());
  EXPECT_EQ(ids, (std::vector<int>{0, 4, 12, 19, 24, 31}));

  std::vector<int> all;
  for (Card c : CardSet::all()) all.push_back(c.id());
  ASSERT_EQ(all.size(), 32u);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(all[static_cast<std::size_t>(i)], i);

  int n = 0;
  for (Card c : CardSet{}) n += c.id() + 1;
  EXPECT_EQ(n, 0);

  // pop_first drains in the same order as iteration.
  CardSet drain = s;
  std::vector<int> popped;
  while (!drain.empty()) popped.push_back(drain.pop_first().id());
  EXPECT_EQ(popped, ids);
}

TEST(CardSet, ConstexprUsable) {
  constexpr CardSet s = CardSet::jacks() | CardSet::of_suit(Suit::Hearts);
  static_assert(s.size() == 11);
  static_assert(s.contains(Card(Suit::Clubs, Rank::Jack)));
  static_assert(card_points(Card(Suit::Hearts, Rank::Ace)) == 11);
  EXPECT_EQ(s.size(), 11);
}

}  // namespace
}  // namespace skat
