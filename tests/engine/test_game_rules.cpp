// docs/rules.md §1 and §5: trumps and following classes per game type, the card orders, trick
// winners and the duty to follow suit, checked against the rule text and a reference model.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/game_type.h"
#include "test_support.h"

namespace skat {
namespace {

using test::card;
using test::cards;

constexpr GameType kAllGames[] = {GameType::Clubs,    GameType::Spades, GameType::Hearts,
                                  GameType::Diamonds, GameType::Grand,  GameType::Null};

// The cards of one class of `g`, strongest first, as ISS names.
std::string engine_order(GameType g, int cls) {
  const GameRules& r = rules_for(g);
  std::vector<Card> v;
  for (Card c : r.class_cards[static_cast<std::size_t>(cls)]) v.push_back(c);
  std::sort(v.begin(), v.end(), [&](Card a, Card b) {
    return r.strength[static_cast<std::size_t>(a.id())] > r.strength[static_cast<std::size_t>(b.id())];
  });
  std::string out;
  for (Card c : v) {
    if (!out.empty()) out += ' ';
    out += card_name(c);
  }
  return out;
}

// ----- Reference model written from the rule text -----

char suit_letter(Suit s) { return "CSHD"[static_cast<int>(s)]; }

// Every class of `g`, strongest first (index 0..3 plain suits, 4 trumps), from docs/rules.md §1.
std::vector<std::vector<Card>> reference_orders(GameType g) {
  std::vector<std::vector<Card>> orders(5);
  const std::string plain_ranks = g == GameType::Null ? "AKQJT987" : "ATKQ987";
  for (int s = 0; s < 4; ++s) {
    const auto suit = static_cast<Suit>(s);
    if (is_suit_game(g) && trump_suit(g) == suit) continue;
    for (char r : plain_ranks) orders[static_cast<std::size_t>(s)].push_back(card(std::string{suit_letter(suit), r}));
  }
  if (g != GameType::Null) {
    for (const char* j : {"CJ", "SJ", "HJ", "DJ"}) orders[kTrump].push_back(card(j));
    if (is_suit_game(g))
      for (char r : std::string("ATKQ987")) orders[kTrump].push_back(card(std::string{suit_letter(trump_suit(g)), r}));
  }
  return orders;
}

struct Reference {
  std::array<int, 32> cls{};
  std::array<int, 32> rank{};  // 0 = strongest within the class
  explicit Reference(GameType g) {
    const auto orders = reference_orders(g);
    for (int k = 0; k < 5; ++k)
      for (std::size_t i = 0; i < orders[static_cast<std::size_t>(k)].size(); ++i) {
        const auto id = static_cast<std::size_t>(orders[static_cast<std::size_t>(k)][i].id());
        cls[id] = k;
        rank[id] = static_cast<int>(i);
      }
  }
  int winner(const Card* t, int n) const {
    auto id = [&](int i) { return static_cast<std::size_t>(t[i].id()); };
    const int led = cls[id(0)];
    int best = -1;
    for (int i = 0; i < n; ++i) {  // highest trump
      if (cls[id(i)] != kTrump) continue;
      if (best < 0 || rank[id(i)] < rank[id(best)]) best = i;
    }
    if (best >= 0) return best;
    best = 0;
    for (int i = 1; i < n; ++i)
      if (cls[id(i)] == led && rank[id(i)] < rank[id(best)]) best = i;
    return best;
  }
};

// ----- Classes -----

TEST(GameRules, SuitGameTrumpsAreJacksAndTrumpSuit) {
  for (GameType g : {GameType::Clubs, GameType::Spades, GameType::Hearts, GameType::Diamonds}) {
    const GameRules& r = rules_for(g);
    const Suit t = trump_suit(g);
    EXPECT_EQ(r.trumps(), CardSet::jacks() | CardSet::of_suit(t)) << game_letter(g);
    EXPECT_EQ(r.trumps().size(), 11);
    for (int s = 0; s < 4; ++s) {
      const auto suit = static_cast<Suit>(s);
      const CardSet expected = suit == t ? CardSet{} : CardSet::of_suit(suit) - CardSet::jacks();
      EXPECT_EQ(r.class_cards[static_cast<std::size_t>(s)], expected) << game_letter(g) << " suit " << s;
    }
    for (int id = 0; id < 32; ++id) {
      const Card c(id);
      const int expected = c.is_jack() || c.suit() == t ? kTrump : static_cast<int>(c.suit());
      EXPECT_EQ(r.class_of[static_cast<std::size_t>(id)], expected) << card_name(c);
    }
  }
}

TEST(GameRules, GrandTrumpsAreOnlyTheFourJacks) {
  const GameRules& r = rules_for(GameType::Grand);
  EXPECT_EQ(r.trumps(), CardSet::jacks());
  for (int s = 0; s < 4; ++s) {
    const auto suit = static_cast<Suit>(s);
    EXPECT_EQ(r.class_cards[static_cast<std::size_t>(s)], CardSet::of_suit(suit) - CardSet::jacks());
  }
}

TEST(GameRules, NullHasNoTrumpsAndJacksBelongToTheirSuit) {
  const GameRules& r = rules_for(GameType::Null);
  EXPECT_TRUE(r.trumps().empty());
  for (int s = 0; s < 4; ++s)
    EXPECT_EQ(r.class_cards[static_cast<std::size_t>(s)], CardSet::of_suit(static_cast<Suit>(s)));
  EXPECT_EQ(r.class_of[static_cast<std::size_t>(card("CJ").id())], 0);
  EXPECT_EQ(r.class_of[static_cast<std::size_t>(card("DJ").id())], 3);
}

TEST(GameRules, ClassesPartitionTheDeck) {
  for (GameType g : kAllGames) {
    const GameRules& r = rules_for(g);
    CardSet all;
    for (const CardSet& cs : r.class_cards) {
      EXPECT_TRUE((all & cs).empty());
      all |= cs;
      for (Card c : cs) EXPECT_TRUE(r.class_cards[r.class_of[static_cast<std::size_t>(c.id())]].contains(c));
    }
    EXPECT_EQ(all, CardSet::all()) << game_letter(g);
  }
}

// ----- Full orders of docs/rules.md §1 -----

TEST(GameRules, SuitGameOrders) {
  EXPECT_EQ(engine_order(GameType::Hearts, kTrump), "CJ SJ HJ DJ HA HT HK HQ H9 H8 H7");
  EXPECT_EQ(engine_order(GameType::Hearts, 0), "CA CT CK CQ C9 C8 C7");
  EXPECT_EQ(engine_order(GameType::Hearts, 1), "SA ST SK SQ S9 S8 S7");
  EXPECT_EQ(engine_order(GameType::Hearts, 3), "DA DT DK DQ D9 D8 D7");
  EXPECT_EQ(engine_order(GameType::Clubs, kTrump), "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7");
  EXPECT_EQ(engine_order(GameType::Spades, kTrump), "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7");
  EXPECT_EQ(engine_order(GameType::Diamonds, kTrump), "CJ SJ HJ DJ DA DT DK DQ D9 D8 D7");
  EXPECT_EQ(engine_order(GameType::Diamonds, 2), "HA HT HK HQ H9 H8 H7");
}

TEST(GameRules, GrandOrder) {
  EXPECT_EQ(engine_order(GameType::Grand, kTrump), "CJ SJ HJ DJ");
  EXPECT_EQ(engine_order(GameType::Grand, 0), "CA CT CK CQ C9 C8 C7");
  EXPECT_EQ(engine_order(GameType::Grand, 1), "SA ST SK SQ S9 S8 S7");
  EXPECT_EQ(engine_order(GameType::Grand, 2), "HA HT HK HQ H9 H8 H7");
  EXPECT_EQ(engine_order(GameType::Grand, 3), "DA DT DK DQ D9 D8 D7");
}

TEST(GameRules, NullOrder) {
  EXPECT_EQ(engine_order(GameType::Null, 0), "CA CK CQ CJ CT C9 C8 C7");
  EXPECT_EQ(engine_order(GameType::Null, 1), "SA SK SQ SJ ST S9 S8 S7");
  EXPECT_EQ(engine_order(GameType::Null, 2), "HA HK HQ HJ HT H9 H8 H7");
  EXPECT_EQ(engine_order(GameType::Null, 3), "DA DK DQ DJ DT D9 D8 D7");
}

TEST(GameRules, StrengthsWithinAClassAreDistinct) {
  for (GameType g : kAllGames) {
    const GameRules& r = rules_for(g);
    for (const CardSet& cs : r.class_cards)
      for (Card a : cs)
        for (Card b : cs) {
          if (a == b) continue;
          EXPECT_NE(r.strength[static_cast<std::size_t>(a.id())], r.strength[static_cast<std::size_t>(b.id())]);
        }
  }
}

// The order seen through `beats`: every card beats every weaker card of its class, whatever was led.
TEST(GameRules, BeatsFollowsTheOrderOfEachClass) {
  for (GameType g : kAllGames) {
    const GameRules& r = rules_for(g);
    const auto orders = reference_orders(g);
    for (int k = 0; k < 5; ++k) {
      const auto& o = orders[static_cast<std::size_t>(k)];
      for (std::size_t i = 0; i < o.size(); ++i)
        for (std::size_t j = i + 1; j < o.size(); ++j) {
          EXPECT_TRUE(r.beats(o[i], o[j], k)) << game_letter(g) << " " << card_name(o[i]) << ">" << card_name(o[j]);
          EXPECT_FALSE(r.beats(o[j], o[i], k)) << game_letter(g);
        }
    }
  }
}

// ----- Trick winners -----

TEST(TrickWinner, MatchesReferenceModelOnEveryTrick) {
  for (GameType g : kAllGames) {
    const GameRules& r = rules_for(g);
    const Reference ref(g);
    int mismatches = 0;
    for (int a = 0; a < 32; ++a)
      for (int b = 0; b < 32; ++b)
        for (int c = 0; c < 32; ++c) {
          if (a == b || a == c || b == c) continue;
          const Card t[3] = {Card(a), Card(b), Card(c)};
          if (r.trick_winner(t, 3) != ref.winner(t, 3) && ++mismatches <= 5)
            ADD_FAILURE() << game_letter(g) << ": " << card_name(t[0]) << " " << card_name(t[1]) << " "
                          << card_name(t[2]);
        }
    EXPECT_EQ(mismatches, 0) << game_letter(g);
  }
}

int winner(GameType g, std::string_view a, std::string_view b, std::string_view c) {
  const Card t[3] = {card(a), card(b), card(c)};
  return rules_for(g).trick_winner(t, 3);
}

TEST(TrickWinner, TrumpBeatsLedSuit) {
  EXPECT_EQ(winner(GameType::Hearts, "CA", "H7", "CT"), 1);
  EXPECT_EQ(winner(GameType::Hearts, "CA", "CT", "DJ"), 2);  // a jack is a trump
  EXPECT_EQ(winner(GameType::Grand, "SA", "DJ", "ST"), 1);
  EXPECT_EQ(winner(GameType::Grand, "SA", "DJ", "CJ"), 2);  // higher trump
  EXPECT_EQ(winner(GameType::Clubs, "HA", "C7", "DJ"), 2);  // DJ above every trump-suit card
  EXPECT_EQ(winner(GameType::Grand, "HA", "HT", "DA"), 0);  // in grand aces are not trumps
}

TEST(TrickWinner, OffSuitDiscardNeverWins) {
  EXPECT_EQ(winner(GameType::Hearts, "C7", "SA", "C8"), 2);
  EXPECT_EQ(winner(GameType::Hearts, "C7", "SA", "DA"), 0);
  EXPECT_EQ(winner(GameType::Grand, "D7", "CA", "SA"), 0);
  EXPECT_EQ(winner(GameType::Null, "D7", "CA", "SA"), 0);
  EXPECT_EQ(winner(GameType::Null, "D7", "CA", "D8"), 2);
}

TEST(TrickWinner, JackLedIsATrumpLead) {
  // Hearts: ♦J led is trump, so the trump ♥A cannot beat it but ♣J can; ♦A (plain) never wins.
  EXPECT_EQ(winner(GameType::Hearts, "DJ", "HA", "DA"), 0);
  EXPECT_EQ(winner(GameType::Hearts, "DJ", "HA", "CJ"), 2);
  EXPECT_EQ(winner(GameType::Grand, "HJ", "HA", "SJ"), 2);
  EXPECT_EQ(winner(GameType::Grand, "DJ", "DA", "DT"), 0);
  // In null a jack is an ordinary card of its suit: ♣Q beats ♣J, ♣10 does not.
  EXPECT_EQ(winner(GameType::Null, "CJ", "CT", "CQ"), 2);
  EXPECT_EQ(winner(GameType::Null, "CJ", "CT", "SA"), 0);
}

TEST(TrickWinner, NullOrderAKQJT987) {
  EXPECT_EQ(winner(GameType::Null, "HT", "HJ", "H9"), 1);
  EXPECT_EQ(winner(GameType::Null, "HQ", "HJ", "HK"), 2);
  EXPECT_EQ(winner(GameType::Null, "H7", "H8", "HT"), 2);
  EXPECT_EQ(winner(GameType::Null, "HA", "HK", "HT"), 0);
}

TEST(TrickWinner, TenRanksAboveKingInSuitAndGrand) {
  EXPECT_EQ(winner(GameType::Grand, "SK", "ST", "SQ"), 1);
  EXPECT_EQ(winner(GameType::Clubs, "CK", "CT", "C9"), 1);
  EXPECT_EQ(winner(GameType::Clubs, "SQ", "S9", "SK"), 2);
}

// ----- Following suit (docs/rules.md §5) -----

CardSet playable(GameType g, std::string_view hand, std::string_view led) {
  return rules_for(g).playable(cards(hand), card(led));
}

TEST(FollowSuit, MustFollowTheLedSuit) {
  EXPECT_EQ(playable(GameType::Hearts, "CA C7 SA DJ", "CK"), cards("CA C7"));
  EXPECT_EQ(playable(GameType::Grand, "SA S7 HA", "ST"), cards("SA S7"));
  EXPECT_EQ(playable(GameType::Null, "C7 CA SJ", "C9"), cards("C7 CA"));
}

TEST(FollowSuit, JackIsNotACardOfItsSuitInSuitAndGrand) {
  // ♣ led in a hearts game: ♣J is a trump and does not follow clubs.
  EXPECT_EQ(playable(GameType::Hearts, "CJ C7 HA", "CA"), cards("C7"));
  EXPECT_EQ(playable(GameType::Hearts, "CJ HA SA", "CA"), cards("CJ HA SA"));
  EXPECT_EQ(playable(GameType::Grand, "SJ SA S7 HA", "ST"), cards("SA S7"));
  // In null the jack follows its suit.
  EXPECT_EQ(playable(GameType::Null, "CJ SA", "C7"), cards("CJ"));
}

TEST(FollowSuit, JackLedMustBeFollowedWithTrump) {
  EXPECT_EQ(playable(GameType::Hearts, "CA DA H7 SJ", "DJ"), cards("H7 SJ"));
  EXPECT_EQ(playable(GameType::Hearts, "CA DA DK", "DJ"), cards("CA DA DK"));  // no trump: anything
  EXPECT_EQ(playable(GameType::Clubs, "CA DA HA", "HJ"), cards("CA"));
  EXPECT_EQ(playable(GameType::Grand, "CJ SA DA", "SJ"), cards("CJ"));
  EXPECT_EQ(playable(GameType::Grand, "SA S7 DA", "SJ"), cards("SA S7 DA"));  // spades do not follow ♠J
  // Trump-suit card led: jacks follow.
  EXPECT_EQ(playable(GameType::Spades, "DJ HA", "S7"), cards("DJ"));
}

TEST(FollowSuit, NoObligationToOvertakeOrRuff) {
  EXPECT_EQ(playable(GameType::Hearts, "CA C8 HA", "C9"), cards("CA C8"));     // may underplay
  EXPECT_EQ(playable(GameType::Hearts, "H7 SA DJ", "CA"), cards("H7 SA DJ"));  // void: any card
  EXPECT_EQ(playable(GameType::Grand, "CJ SJ DA", "HA"), cards("CJ SJ DA"));   // void: need not ruff
  EXPECT_EQ(playable(GameType::Null, "DA D7 SA", "DQ"), cards("DA D7"));       // may stay under or not
  EXPECT_EQ(playable(GameType::Null, "HA H7 SA", "DQ"), cards("HA H7 SA"));
}

TEST(GameTypes, LettersAndSuitGames) {
  std::string letters;
  for (GameType g : kAllGames) letters.push_back(game_letter(g));
  EXPECT_EQ(letters, "CSHDGN");
  for (GameType g : kAllGames) EXPECT_EQ(parse_game_letter(game_letter(g)), g);
  EXPECT_FALSE(parse_game_letter('X').has_value());
  EXPECT_FALSE(parse_game_letter('c').has_value());
  EXPECT_TRUE(is_suit_game(GameType::Diamonds));
  EXPECT_FALSE(is_suit_game(GameType::Grand));
  EXPECT_FALSE(is_suit_game(GameType::Null));
  EXPECT_EQ(trump_suit(GameType::Spades), Suit::Spades);
}

TEST(GameTypes, BaseValues) {
  EXPECT_EQ(base_value({GameType::Diamonds}), 9);
  EXPECT_EQ(base_value({GameType::Hearts}), 10);
  EXPECT_EQ(base_value({GameType::Spades}), 11);
  EXPECT_EQ(base_value({GameType::Clubs}), 12);
  EXPECT_EQ(base_value({GameType::Grand}), 24);
  EXPECT_EQ(base_value({GameType::Null, false, false, false, false}), 23);
  EXPECT_EQ(base_value({GameType::Null, true, false, false, false}), 35);
  EXPECT_EQ(base_value({GameType::Null, false, false, false, true}), 46);
  EXPECT_EQ(base_value({GameType::Null, true, false, false, true}), 59);
}

TEST(GameTypes, NormalizedAddsImpliedAnnouncements) {
  const Declaration schwarz = Declaration{GameType::Hearts, true, false, true, false}.normalized();
  EXPECT_TRUE(schwarz.schneider_announced);
  const Declaration ouvert = Declaration{GameType::Grand, false, false, false, true}.normalized();
  EXPECT_EQ(ouvert, (Declaration{GameType::Grand, true, true, true, true}));
  const Declaration null_ouvert = Declaration{GameType::Null, false, false, false, true}.normalized();
  EXPECT_EQ(null_ouvert, (Declaration{GameType::Null, false, false, false, true}));  // null ouvert is not hand
}

TEST(GameTypes, MatadorOrder) {
  std::array<Card, 11> out{};
  ASSERT_EQ(matador_order(GameType::Grand, out), 4);
  EXPECT_EQ(card_name(out[0]) + card_name(out[1]) + card_name(out[2]) + card_name(out[3]), "CJSJHJDJ");
  ASSERT_EQ(matador_order(GameType::Hearts, out), 11);
  std::string s;
  for (Card c : out) s += card_name(c);
  EXPECT_EQ(s, "CJSJHJDJHAHTHKHQH9H8H7");
}

}  // namespace
}  // namespace skat
