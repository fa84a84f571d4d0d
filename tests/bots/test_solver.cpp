// The open-card solver is proven against a plain minimax over every legal card (no pruning, no
// table, no equivalence) on random positions with up to four tricks left, for every question it
// answers; golden values of full deals are frozen so that a faster solver cannot change them.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <random>

#include "bots/solver/canonical_hands.h"
#include "bots/solver/endgame.h"
#include "bots/solver/null_analysis.h"
#include "bots/solver/open_solver.h"
#include "bots/solver/quick_tricks.h"
#include "engine/deal.h"

namespace skat::bots {
namespace {

// Declarer's final card points with the declarer maximising and the defenders minimising.
int minimax_points(PlayState& s) {
  if (s.trick_size() == 0 && (s.hand(0) | s.hand(1) | s.hand(2)).empty()) return s.declarer_points();
  const bool declarer = s.to_move() == s.declarer();
  int best = declarer ? -1 : 1000;
  for (Card c : s.legal_moves()) {
    s.play(c);
    const int v = minimax_points(s);
    s.undo();
    best = declarer ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The fewest tricks the declarer can be held to (he minimises for null) or the most he can be kept
// from (defenders' tricks, he minimises them for all-tricks): `count` picks which.
template <class Count>
int minimax_tricks(PlayState& s, Count count, bool declarer_minimises) {
  if (s.trick_size() == 0 && (s.hand(0) | s.hand(1) | s.hand(2)).empty()) return count(s);
  const bool minimiser = (s.to_move() == s.declarer()) == declarer_minimises;
  int best = minimiser ? 1000 : -1;
  for (Card c : s.legal_moves()) {
    s.play(c);
    const int v = minimax_tricks(s, count, declarer_minimises);
    s.undo();
    best = minimiser ? std::min(best, v) : std::max(best, v);
  }
  return best;
}

// A random position: a random deal and game, declarer, skat points, then random legal cards until
// at most `max_left` cards remain in the hands (possibly in the middle of a trick).
PlayState random_position(std::mt19937_64& rng, int max_left, GameType game) {
  const Deal deal = *deal_from_id(rng() % kNumDeals);
  const int declarer = static_cast<int>(rng() % 3);
  std::array<CardSet, 3> hands = deal.hands;
  const int skat_points = game == GameType::Null ? 0 : card_points(deal.skat);
  PlayState s(game, hands, declarer, skat_points);
  const int stop = static_cast<int>(rng() % static_cast<std::uint64_t>(max_left - 2)) + 3;
  while ((s.hand(0) | s.hand(1) | s.hand(2)).size() > stop) {
    const CardSet legal = s.legal_moves();
    std::vector<Card> cards;
    for (Card c : legal) cards.push_back(c);
    s.play(cards[rng() % cards.size()]);
  }
  return s;
}

// Null: does the declarer take a trick from here (more than `base` tricks) against the best
// defence? Every legal card tried; the answers at trick starts remembered (they depend only on the
// hands and the leader), so that positions with up to ten tricks left stay affordable.
using NullMemo = std::map<std::array<std::uint32_t, 4>, bool>;
bool null_caught(PlayState& s, int base, NullMemo& memo) {
  if (s.declarer_tricks() > base) return true;
  if (s.trick_size() == 0 && (s.hand(0) | s.hand(1) | s.hand(2)).empty()) return false;
  const std::array<std::uint32_t, 4> key{s.hand(0).bits(), s.hand(1).bits(), s.hand(2).bits(),
                                         static_cast<std::uint32_t>(s.to_move())};
  if (s.trick_size() == 0)
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
  const bool defender = s.to_move() != s.declarer();
  bool caught = !defender;
  for (Card c : s.legal_moves()) {
    s.play(c);
    const bool v = null_caught(s, base, memo);
    s.undo();
    if (v == defender) {
      caught = v;
      break;
    }
  }
  if (s.trick_size() == 0) memo[key] = caught;
  return caught;
}

// A random null position with between `least` and `most` cards left in the hands, stopped at a
// random point (a trick start or inside a trick) where the declarer has taken no trick yet;
// nullopt when the random play made him take one.
std::optional<PlayState> random_null_position(std::mt19937_64& rng, int least, int most) {
  const Deal deal = *deal_from_id(rng() % kNumDeals);
  PlayState s(GameType::Null, deal.hands, static_cast<int>(rng() % 3), 0, static_cast<int>(rng() % 3));
  const int stop = least + static_cast<int>(rng() % static_cast<std::uint64_t>(most - least + 1));
  while ((s.hand(0) | s.hand(1) | s.hand(2)).size() > stop) {
    // The declarer ducks when he can (lowest card under the trick's best so far), so that clean
    // positions stay common; the defenders play at random.
    const CardSet legal = s.legal_moves();
    std::vector<Card> cards;
    for (Card x : legal) cards.push_back(x);
    Card c = cards[rng() % cards.size()];
    if (s.to_move() == s.declarer() && s.trick_size() > 0) {
      const int led = s.rules().class_of[static_cast<std::size_t>(s.trick_card(0).id())];
      Card high = s.trick_card(0);
      for (int i = 1; i < s.trick_size(); ++i)
        if (s.rules().beats(s.trick_card(i), high, led)) high = s.trick_card(i);
      for (Card x : cards)
        if (!s.rules().beats(x, high, led)) c = x;
    }
    s.play(c);
    if (s.declarer_tricks() > 0) return std::nullopt;
  }
  return s;
}

TEST(OpenSolver, ExactPointsAndCardValuesEqualMinimaxUpToFourTricks) {
  std::mt19937_64 rng(5);
  OpenSolver solver;
  for (int i = 0; i < 600; ++i) {
    const auto game = static_cast<GameType>(rng() % 5);  // suits and grand
    PlayState s = random_position(rng, 12, game);
    const int expected = minimax_points(s);
    ASSERT_EQ(solver.exact_points(s), expected) << "position " << i;
    for (int t : {expected - 1, expected, expected + 1, 61, 90})
      EXPECT_EQ(solver.declarer_reaches(s, t), expected >= t) << "position " << i << " target " << t;
    for (const CardValue& v : solver.card_values(s)) {
      s.play(v.card);
      EXPECT_EQ(v.declarer_points, minimax_points(s)) << "position " << i << " card " << card_name(v.card);
      s.undo();
    }
    const int defender_tricks = minimax_tricks(
        s, [](const PlayState& p) { return p.defender_tricks(); }, true);
    EXPECT_EQ(solver.declarer_takes_all(s), defender_tricks == s.defender_tricks()) << "position " << i;
  }
}

TEST(OpenSolver, NullQuestionsEqualMinimaxUpToFourTricks) {
  std::mt19937_64 rng(6);
  OpenSolver solver;
  int clean = 0;
  for (int i = 0; i < 600; ++i) {
    PlayState s = random_position(rng, 12, GameType::Null);
    if (s.declarer_tricks() > 0) continue;  // already lost
    const int tricks = minimax_tricks(
        s, [](const PlayState& p) { return p.declarer_tricks(); }, true);
    const bool expected = tricks == 0;
    clean += expected ? 1 : 0;
    ASSERT_EQ(solver.null_declarer_clean(s), expected) << "position " << i;
    for (const CardValue& v : solver.card_values(s)) {
      s.play(v.card);
      const bool after =
          s.declarer_tricks() == 0 && minimax_tricks(
                                          s, [](const PlayState& p) { return p.declarer_tricks(); }, true) == 0;
      EXPECT_EQ(v.declarer_wins, after) << "position " << i << " card " << card_name(v.card);
      s.undo();
    }
  }
  EXPECT_GT(clean, 20);  // both answers occur
}

// The static null facts against the exhaustive search, on positions with four to ten tricks
// left: whenever a fact fires it agrees with the search.
TEST(NullAnalysis, SafeAndForcedPositionsAgreeWithExhaustiveSearch) {
  std::mt19937_64 rng(38);
  int safe = 0, forced = 0, positions = 0;
  for (int i = 0; i < 12000; ++i) {
    auto p = random_null_position(rng, 12, 30);
    if (!p) continue;
    PlayState& s = *p;
    const bool declarer_moves = s.to_move() == s.declarer();
    const bool defender_led = s.leader() != s.declarer();
    const bool start = s.trick_size() == 0;
    CardSet trick;
    for (int k = 0; k < s.trick_size(); ++k) trick.add(s.trick_card(k));
    const bool says_safe =
        defender_led && (start || declarer_moves) && null_declarer_safe(s.hands(), s.declarer(), trick);
    const bool says_forced = start && null_trick_forced(s.hands(), s.declarer(), s.leader());
    if (!says_safe && !says_forced) continue;
    ++positions;
    NullMemo memo;
    const bool caught = null_caught(s, 0, memo);
    ASSERT_FALSE(says_safe && says_forced) << "position " << i;
    if (says_safe) {
      EXPECT_FALSE(caught) << "safe, position " << i;
      ++safe;
    }
    if (says_forced) {
      // The very next trick is the declarer's, whatever anyone plays.
      EXPECT_TRUE(caught) << "forced, position " << i;
      ++forced;
    }
  }
  EXPECT_GT(safe, 100);
  EXPECT_GT(forced, 100);
}

// The null key keeps only each suit's order of live cards: a live card swapped for a played card
// of its suit with no live card between them gives the same key and the same answer.
TEST(NullAnalysis, EqualNullKeysHaveEqualAnswers) {
  std::mt19937_64 rng(3811);
  int compared = 0;
  for (int i = 0; i < 2000 && compared < 300; ++i) {
    auto p = random_null_position(rng, 9, 21);
    if (!p) continue;
    PlayState& s = *p;
    while (s.trick_size() != 0) s.play(s.legal_moves().first());
    if (s.declarer_tricks() > 0) continue;
    const std::array<CardSet, 3> hands = s.hands();
    const CardSet live = hands[0] | hands[1] | hands[2];
    std::array<CardSet, 3> other = hands;
    bool swapped = false;
    for (int h = 0; h < 3 && !swapped; ++h)
      for (Card c : hands[static_cast<std::size_t>(h)])
        for (Card gone : s.played()) {
          if (swapped || gone.suit() != c.suit()) continue;
          const int lo = std::min(c.id(), gone.id()), hi = std::max(c.id(), gone.id());
          bool between = false;
          for (Card x : live)
            if (x.id() > lo && x.id() < hi) between = true;
          if (between) continue;
          other[static_cast<std::size_t>(h)].remove(c);
          other[static_cast<std::size_t>(h)].add(gone);
          swapped = true;
        }
    if (!swapped) continue;
    ASSERT_EQ(null_canonical_hands(other), null_canonical_hands(hands)) << "position " << i;
    PlayState t(GameType::Null, other, s.declarer(), 0, s.to_move());
    PlayState u(GameType::Null, hands, s.declarer(), 0, s.to_move());
    NullMemo m1, m2;
    EXPECT_EQ(null_caught(t, 0, m1), null_caught(u, 0, m2)) << "position " << i;
    ++compared;
  }
  EXPECT_GE(compared, 200);
  // Different orders or holders give different keys.
  const auto cards = [](std::initializer_list<const char*> names) {
    CardSet set;
    for (const char* n : names) set.add(*parse_card(n));
    return set;
  };
  const std::array<CardSet, 3> a{cards({"S7", "CA"}), cards({"S9", "HT"}), cards({"DJ", "DA"})};
  const std::array<CardSet, 3> b{cards({"S9", "CA"}), cards({"S7", "HT"}), cards({"DJ", "DA"})};
  const std::array<CardSet, 3> c{cards({"S8", "CA"}), cards({"SA", "HT"}), cards({"D7", "DA"})};
  EXPECT_NE(null_canonical_hands(a), null_canonical_hands(b));
  EXPECT_EQ(null_canonical_hands(a), null_canonical_hands(c));
}

// The solver with its null facts, table keys and ordering against the exhaustive search on
// positions with four to ten tricks left (trick starts and inside tricks).
TEST(OpenSolver, NullQuestionEqualsExhaustiveSearchFromFourToTenTricks) {
  std::mt19937_64 rng(3812);
  OpenSolver solver;
  int clean = 0, compared = 0;
  for (int i = 0; i < 2000; ++i) {
    auto p = random_null_position(rng, 12, 30);
    if (!p) continue;
    PlayState& s = *p;
    NullMemo memo;
    const bool expected = !null_caught(s, 0, memo);
    clean += expected ? 1 : 0;
    ++compared;
    ASSERT_EQ(solver.null_declarer_clean(s), expected) << "position " << i;
  }
  EXPECT_GT(clean, 50);
  EXPECT_GT(compared - clean, 50);
}

TEST(Endgame, FailSoftBoundsAgreeWithMinimaxForEveryScoreAndNeed) {
  // Trick starts with at most three tricks left; every need from 0 past the most there is.
  std::mt19937_64 rng(9);
  for (int i = 0; i < 400; ++i) {
    const auto game = static_cast<GameType>(rng() % 6);
    PlayState s = random_position(rng, 9, game);
    while (s.trick_size() != 0) s.play(s.legal_moves().first());
    const bool null = game == GameType::Null;
    const EndgameCount count = null         ? EndgameCount::DeclarerTricks
                               : i % 2 == 0 ? EndgameCount::DeclarerPoints
                                            : EndgameCount::DefenderTricks;
    int truth = 0;
    if (count == EndgameCount::DeclarerPoints)
      truth = minimax_points(s) - s.declarer_points();
    else if (count == EndgameCount::DefenderTricks)
      truth = minimax_tricks(
                  s, [](const PlayState& p) { return p.defender_tricks(); }, true) -
              s.defender_tricks();
    else
      truth = minimax_tricks(
                  s, [](const PlayState& p) { return p.declarer_tricks(); }, true) -
              s.declarer_tricks();
    const Endgame endgame{s.rules(), s.declarer(), count};
    const int most = count == EndgameCount::DeclarerPoints ? 120 : 3;
    for (int need = 0; need <= most + 1; ++need) {
      std::array<CardSet, 3> hands = s.hands();
      std::uint64_t nodes = 0;
      const int v = endgame.search(hands, s.to_move(), need, nodes);
      ASSERT_EQ(hands, s.hands()) << "position " << i;
      ASSERT_EQ(v >= need, truth >= need) << "position " << i << " need " << need;
      if (v >= need)
        EXPECT_GE(truth, v) << "position " << i << " need " << need;
      else
        EXPECT_LE(truth, v) << "position " << i << " need " << need;
    }
  }
}

TEST(QuickTricks, NeverPromiseMoreThanPerfectPlayGivesTheSideOnLead) {
  // At trick starts: the leader's side ends with at least the quick tricks' points and tricks.
  std::mt19937_64 rng(8);
  int useful = 0;
  for (int i = 0; i < 800; ++i) {
    PlayState s = random_position(rng, 12, static_cast<GameType>(rng() % 5));
    while (s.trick_size() != 0) s.play(s.legal_moves().first());
    if ((s.hand(0) | s.hand(1) | s.hand(2)).empty()) continue;
    const QuickTricks q = quick_tricks(s);
    const bool declarer_leads = s.to_move() == s.declarer();
    const int remaining = card_points(s.hand(0) | s.hand(1) | s.hand(2));
    const int declarer_future = minimax_points(s) - s.declarer_points();
    const int side_points = declarer_leads ? declarer_future : remaining - declarer_future;
    EXPECT_GE(side_points, q.points) << "position " << i;
    // Tricks: what the defenders get with both sides playing for tricks; the declarer the rest.
    const int defender_future = minimax_tricks(
                                    s, [](const PlayState& p) { return p.defender_tricks(); }, true) -
                                s.defender_tricks();
    const int side_tricks = declarer_leads ? s.hand(0).size() - defender_future : defender_future;
    EXPECT_GE(side_tricks, q.tricks) << "position " << i;
    useful += q.tricks > 0 ? 1 : 0;
  }
  EXPECT_GT(useful, 100);  // the bound is not trivially zero
}

TEST(OpenSolver, ATinyTableGivesTheSameValuesAsALargeOne) {
  // Collisions and evictions must never change a value, only the time it takes.
  std::mt19937_64 rng(7);
  OpenSolver small(SolverOptions{64});
  OpenSolver large;
  for (int i = 0; i < 60; ++i) {
    const auto game = static_cast<GameType>(rng() % 5);
    PlayState s = random_position(rng, 18, game);
    EXPECT_EQ(small.exact_points(s), large.exact_points(s)) << "position " << i;
  }
}

// Full deals from the 10-card root (hand games: the skat counts for the declarer), solved once and
// frozen: deal id, game, declarer (position), the declarer's card points under perfect play (for
// null: 1 when the declarer takes no trick). Chosen among deals that solve in milliseconds.
struct Golden {
  std::uint64_t deal_id;
  GameType game;
  int declarer;
  int value;
};
constexpr Golden kGolden[] = {
    {3000000021, GameType::Diamonds, 0, 20}, {4000000028, GameType::Grand, 1, 15},
    {9000000063, GameType::Diamonds, 0, 0},  {10000000070, GameType::Grand, 1, 11},
    {12000000084, GameType::Clubs, 0, 99},   {15000000105, GameType::Diamonds, 0, 25},
    {19000000133, GameType::Spades, 1, 11},  {21000000147, GameType::Diamonds, 0, 19},
    {26000000182, GameType::Hearts, 2, 15},  {27000000189, GameType::Diamonds, 0, 26},
    {28000000196, GameType::Grand, 1, 7},    {33000000231, GameType::Diamonds, 0, 2},
    {34000000238, GameType::Grand, 1, 4},    {36000000252, GameType::Clubs, 0, 102},
    {38000000266, GameType::Hearts, 2, 13},  {39000000273, GameType::Diamonds, 0, 17},
    {5000000035, GameType::Null, 2, 1},      {11000000077, GameType::Null, 2, 0},
    {17000000119, GameType::Null, 2, 0},     {23000000161, GameType::Null, 2, 0},
    {29000000203, GameType::Null, 2, 0},
};

TEST(OpenSolver, GoldenValuesOfFullDeals) {
  OpenSolver solver;
  for (const Golden& g : kGolden) {
    const Deal deal = *deal_from_id(g.deal_id);
    PlayState root(g.game, deal.hands, g.declarer, g.game == GameType::Null ? 0 : card_points(deal.skat));
    if (g.game == GameType::Null) {
      EXPECT_EQ(solver.null_declarer_clean(root), g.value == 1) << g.deal_id;
      continue;
    }
    EXPECT_EQ(solver.exact_points(root), g.value) << g.deal_id;
    EXPECT_TRUE(solver.declarer_reaches(root, g.value)) << g.deal_id;
    EXPECT_FALSE(solver.declarer_reaches(root, g.value + 1)) << g.deal_id;
    EXPECT_EQ(solver.declarer_reaches(root, 61), g.value >= 61) << g.deal_id;
  }
}

TEST(OpenSolver, DeterministicNodeCounts) {
  // Same position, cold table: the same answer with the same number of nodes.
  const Golden& g = kGolden[4];
  const Deal deal = *deal_from_id(g.deal_id);
  std::uint64_t nodes[2];
  for (auto& n : nodes) {
    OpenSolver solver;
    PlayState root(g.game, deal.hands, g.declarer, card_points(deal.skat));
    EXPECT_EQ(solver.exact_points(root), g.value);
    n = solver.nodes();
  }
  EXPECT_EQ(nodes[0], nodes[1]);
  EXPECT_GT(nodes[0], 100u);
}

TEST(OpenSolver, AnAbortedSearchLeavesNoWrongEntryBehind) {
  // A deadline in the past stops the search at once; the same solver then answers correctly.
  const Golden& g = kGolden[4];
  const Deal deal = *deal_from_id(g.deal_id);
  OpenSolver solver;
  PlayState root(g.game, deal.hands, g.declarer, card_points(deal.skat));
  solver.set_deadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
  for (int i = 0; i < 3; ++i) {
    solver.exact_points(root);
    solver.declarer_reaches(root, 61);
  }
  EXPECT_TRUE(solver.aborted());
  solver.set_deadline(std::nullopt);
  EXPECT_FALSE(solver.aborted());
  EXPECT_EQ(solver.exact_points(root), g.value);
  EXPECT_FALSE(solver.aborted());
}

// The table key merges positions that differ only in which low cards (7, 8, 9 of a suit) or jacks
// (suit and grand) are still live: such positions have the same value.
TEST(CanonicalHands, RenamesOnlyInterchangeableCards) {
  const auto cards = [](const char* names) {
    CardSet set;
    std::string_view rest(names);
    while (!rest.empty()) {
      set.add(*parse_card(rest.substr(0, 2)));
      rest.remove_prefix(std::min<std::size_t>(3, rest.size()));
    }
    return set;
  };
  // The spade 8 gone: a live 9 and 7 are the top two places of the block, as 9 and 8.
  const std::array<CardSet, 3> a{cards("S9 CA"), cards("S7 HT"), cards("DJ DA")};
  const std::array<CardSet, 3> b{cards("S9 CA"), cards("S8 HT"), cards("DJ DA")};
  EXPECT_EQ(canonical_hands(a, GameType::Grand), canonical_hands(b, GameType::Grand));
  // A lone live jack is the club jack of the key in suit and grand games, but not in null, where
  // jacks are plain cards between 10 and queen.
  const std::array<CardSet, 3> c{cards("S9 CA"), cards("S8 HT"), cards("CJ DA")};
  EXPECT_EQ(canonical_hands(b, GameType::Hearts), canonical_hands(c, GameType::Hearts));
  EXPECT_NE(canonical_hands(b, GameType::Null), canonical_hands(c, GameType::Null));
  // Who holds which live card is kept, and so are cards with points.
  const std::array<CardSet, 3> d{cards("S8 CA"), cards("S9 HT"), cards("DJ DA")};
  EXPECT_NE(canonical_hands(b, GameType::Grand), canonical_hands(d, GameType::Grand));
  const std::array<CardSet, 3> e{cards("S9 CA"), cards("S8 HK"), cards("DJ DA")};
  EXPECT_NE(canonical_hands(b, GameType::Grand), canonical_hands(e, GameType::Grand));
}

TEST(CanonicalHands, PositionsWithEqualKeysHaveEqualValues) {
  std::mt19937_64 rng(2611);
  int compared = 0;
  for (int i = 0; i < 400 && compared < 150; ++i) {
    const GameType game = static_cast<GameType>(rng() % kNumGameTypes);
    PlayState s = random_position(rng, 12, game);
    while (s.trick_size() != 0) s.play(s.legal_moves().first());
    // Swap one live low card or jack for a played one of its block (same holder): equal keys.
    const std::array<CardSet, 3> hands = s.hands();
    const auto key = canonical_hands(hands, game);
    std::array<CardSet, 3> other = hands;
    bool swapped = false;
    for (int p = 0; p < 3 && !swapped; ++p)
      for (Card live : hands[static_cast<std::size_t>(p)])
        for (Card gone : s.played()) {
          if (swapped) continue;
          const bool low =
              live.suit() == gone.suit() && static_cast<int>(live.rank()) <= 2 && static_cast<int>(gone.rank()) <= 2;
          const bool jacks = live.is_jack() && gone.is_jack() && game != GameType::Null;
          if (!low && !jacks) continue;
          // No live card of the block between them: the live cards keep their order.
          const int lo = std::min(live.id(), gone.id()), hi = std::max(live.id(), gone.id());
          bool between = false;
          for (Card x : hands[0] | hands[1] | hands[2])
            if ((low ? x.suit() == live.suit() && static_cast<int>(x.rank()) <= 2 : x.is_jack()) && x.id() > lo &&
                x.id() < hi)
              between = true;
          if (between) continue;
          other[static_cast<std::size_t>(p)].remove(live);
          other[static_cast<std::size_t>(p)].add(gone);
          swapped = true;
        }
    if (!swapped) continue;
    ASSERT_EQ(canonical_hands(other, game), key);
    PlayState t(game, other, s.declarer(), s.declarer_points(), s.to_move());
    PlayState u(game, hands, s.declarer(), s.declarer_points(), s.to_move());
    OpenSolver fresh1, fresh2;
    if (game == GameType::Null)
      EXPECT_EQ(fresh1.null_declarer_clean(t), fresh2.null_declarer_clean(u));
    else
      EXPECT_EQ(fresh1.exact_points(t), fresh2.exact_points(u));
    EXPECT_EQ(minimax_points(t), minimax_points(u));
    ++compared;
  }
  EXPECT_GE(compared, 100);
}

}  // namespace
}  // namespace skat::bots
