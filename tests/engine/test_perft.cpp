// "card-perft" (docs/architecture.md): the number of legal card sequences of 1, 2 and 3 complete
// tricks from fixed deals and contracts, frozen as golden numbers. Two independent counters must
// agree: a fast one on PlayState play/undo and a naive one that copies Game and uses
// legal_actions/apply. A sequence ends early where the game does (null: the declarer's first trick;
// announced schwarz or ouvert: the defenders' first trick); such a sequence counts once.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "engine/game.h"
#include "engine/play_state.h"
#include "test_support.h"

namespace skat {
namespace {

// Fast counter: PlayState play/undo with the early-end rules applied at trick boundaries.
std::uint64_t perft(PlayState& s, const Declaration& d, int cards_left) {
  if (cards_left == 0) return 1;
  std::uint64_t n = 0;
  for (Card c : s.legal_moves()) {
    s.play(c);
    bool ended = false;
    if (s.trick_size() == 0) {
      const int w = s.last_trick_winner();
      ended = s.all_tricks_played() || (d.type == GameType::Null && w == s.declarer()) ||
              (d.schwarz_announced && w != s.declarer());
    }
    n += ended ? 1 : perft(s, d, cards_left - 1);
    s.undo();
  }
  return n;
}

// Naive counter: only Game::legal_actions and Game::apply on copies.
std::uint64_t naive_perft(const Game& g, int cards_left) {
  if (cards_left == 0 || g.finished()) return 1;
  std::uint64_t n = 0;
  for (const Action& a : g.legal_actions(g.to_act())) {
    if (a.kind != ActionKind::Play) continue;
    Game next = g;
    test::must_apply(next, a);
    n += naive_perft(next, cards_left - 1);
  }
  return n;
}

struct PerftCase {
  const char* name;
  std::uint64_t deal_id;
  int declarer;
  Declaration declaration;                // hand games: the skat stays with the declarer's points
  std::array<std::uint64_t, 3> expected;  // 1, 2, 3 tricks
};

const PerftCase kCases[] = {
    {"clubs hand, FH declares", 1'618'033'988'749'894ULL, kForehand, {GameType::Clubs, true}, {59, 2976, 148160}},
    {"grand hand, MH declares", 987'654'321'098'765ULL, kMiddlehand, {GameType::Grand, true}, {30, 1128, 47792}},
    {"null hand, RH declares", 2'718'281'828'459'045ULL, kRearhand, {GameType::Null, true}, {45, 2101, 101617}},
    {"spades ouvert, MH declares",
     1'414'213'562'373'095ULL,
     kMiddlehand,
     {GameType::Spades, true, true, true, true},
     {46, 567, 4595}},
    {"null ouvert hand, FH declares",
     577'215'664'901'532ULL,
     kForehand,
     {GameType::Null, true, false, false, true},
     {46, 2134, 107714}},
};

Game start(const PerftCase& c) {
  const auto deal = deal_from_id(c.deal_id);
  if (!deal) throw std::runtime_error("bad deal id");
  return test::hand_game(*deal, c.declarer, 18, c.declaration);
}

TEST(Perft, FastCounterMatchesGoldenNumbers) {
  for (const PerftCase& c : kCases) {
    const Deal deal = *deal_from_id(c.deal_id);
    // Built from the deal alone, independently of Game.
    PlayState s(c.declaration.type, deal.hands, c.declarer, card_points(deal.skat));
    const Declaration d = c.declaration.normalized();
    for (int tricks = 1; tricks <= 3; ++tricks) {
      EXPECT_EQ(perft(s, d, 3 * tricks), c.expected[static_cast<std::size_t>(tricks - 1)])
          << c.name << ", " << tricks << " trick(s)";
    }
    // play/undo left the state untouched.
    EXPECT_EQ(s.tricks_done(), 0);
    EXPECT_EQ(s.trick_size(), 0);
    EXPECT_EQ(s.hands(), deal.hands);
    EXPECT_EQ(s.declarer_points(), card_points(deal.skat));
  }
}

TEST(Perft, NaiveCounterMatchesGoldenNumbers) {
  for (const PerftCase& c : kCases) {
    const Game g = start(c);
    for (int tricks = 1; tricks <= 3; ++tricks) {
      EXPECT_EQ(naive_perft(g, 3 * tricks), c.expected[static_cast<std::size_t>(tricks - 1)])
          << c.name << ", " << tricks << " trick(s)";
    }
  }
}

// The fast counter from Game's own play state agrees too (Game builds the same PlayState).
TEST(Perft, GamePlayStateMatchesDeal) {
  for (const PerftCase& c : kCases) {
    const Game g = start(c);
    PlayState s = g.play_state();
    EXPECT_EQ(perft(s, g.declaration(), 6), c.expected[1]) << c.name;
  }
}

}  // namespace
}  // namespace skat
