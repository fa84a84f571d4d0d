// The in-process players: every action they choose is one of the view's legal actions, whole
// games finish, and the same seeds give the same games. Also the simple player's hand rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "bots/hand_eval.h"
#include "bots/play_deal.h"
#include "bots/random_player.h"
#include "bots/simple_player.h"
#include "common/csprng.h"

namespace skat {
namespace {

// Wraps a player and fails the test when it picks an action that was not offered.
class CheckedPlayer : public bots::Player {
 public:
  explicit CheckedPlayer(std::unique_ptr<bots::Player> inner) : inner_(std::move(inner)) {}
  Action decide(const SeatView& view) override {
    const Action a = inner_->decide(view);
    const auto& legal = view.legal;
    EXPECT_NE(std::ranges::find(legal, a), legal.end()) << describe(a);
    EXPECT_NE(a.kind, ActionKind::Concede);
    return a;
  }
  std::string name() const override { return inner_->name(); }

 private:
  std::unique_ptr<bots::Player> inner_;
};

template <class P>
std::vector<std::vector<Action>> play_games(std::uint64_t seed, int count) {
  CheckedPlayer p0(std::make_unique<P>(seed)), p1(std::make_unique<P>(seed + 1)), p2(std::make_unique<P>(seed + 2));
  Csprng deals = Csprng::from_seed(seed);
  std::vector<std::vector<Action>> histories;
  for (int n = 0; n < count; ++n) {
    // Rotate the seats as in a series so that each player sits in every position.
    std::array<bots::Player*, 3> seats = {&p0, &p1, &p2};
    std::ranges::rotate(seats, seats.begin() + n % 3);
    const auto game = bots::play_deal(random_deal(deals), seats);
    EXPECT_TRUE(game) << game.error();
    if (!game) break;
    EXPECT_TRUE(game->finished());
    histories.push_back(game->history());
  }
  return histories;
}

int count_played(const std::vector<std::vector<Action>>& games) {
  return static_cast<int>(std::ranges::count_if(games, [](const std::vector<Action>& h) {
    return std::ranges::any_of(h, [](const Action& a) { return a.kind == ActionKind::Play; });
  }));
}

TEST(SimplePlayer, Plays200GamesLegallyAndDeterministically) {
  const auto first = play_games<bots::SimplePlayer>(11, 200);
  ASSERT_EQ(first.size(), 200u);
  EXPECT_EQ(play_games<bots::SimplePlayer>(11, 200), first);
  EXPECT_NE(play_games<bots::SimplePlayer>(12, 200), first);
  // Weak hands pass, but most deals are played.
  EXPECT_GT(count_played(first), 100);
  EXPECT_LT(count_played(first), 200);
}

TEST(RandomPlayer, Plays200GamesLegallyAndDeterministically) {
  const auto first = play_games<bots::RandomPlayer>(5, 200);
  ASSERT_EQ(first.size(), 200u);
  EXPECT_EQ(play_games<bots::RandomPlayer>(5, 200), first);
  EXPECT_NE(play_games<bots::RandomPlayer>(6, 200), first);
}

CardSet cards(std::initializer_list<const char*> names) {
  CardSet out;
  for (const char* n : names) out.add(*parse_card(n));
  return out;
}

TEST(HandEval, StrongSuitHandBidsItsValue) {
  // ♣J ♥J + five hearts + two side aces: hearts without 1 → 10 × 2 = 20.
  const CardSet hand = cards({"CJ", "HJ", "HA", "HT", "HK", "H9", "H8", "SA", "DA", "D7"});
  const auto game = bots::biddable_game(hand);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->type, GameType::Hearts);
  EXPECT_EQ(bots::estimated_value(*game, hand), 20);
}

TEST(HandEval, WeakHandPasses) {
  EXPECT_FALSE(bots::biddable_game(cards({"C7", "C8", "SK", "S9", "HQ", "H8", "DA", "DK", "D9", "D8"})));
}

TEST(HandEval, GrandWithThreeJacksAndAces) {
  const CardSet hand = cards({"CJ", "SJ", "DJ", "CA", "SA", "HT", "H7", "D8", "D9", "S7"});
  const auto game = bots::biddable_game(hand);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->type, GameType::Grand);
}

TEST(HandEval, NullOnlyOnVeryLowHands) {
  const CardSet low = cards({"C7", "C8", "C9", "S7", "S8", "H7", "H9", "HT", "D7", "D8"});
  const auto game = bots::biddable_game(low);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->type, GameType::Null);
}

TEST(HandEval, DiscardsLowestNonTrumps) {
  const CardSet twelve = cards({"CJ", "HJ", "HA", "HT", "HK", "H9", "H8", "SA", "DA", "D7", "S8", "CK"});
  const auto discard = bots::choose_discard(twelve, Declaration{GameType::Hearts});
  const CardSet put{discard[0], discard[1]};
  EXPECT_EQ(put, cards({"D7", "S8"}));
}

}  // namespace
}  // namespace skat
