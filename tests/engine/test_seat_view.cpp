// Seat views: each position sees its own cards, public actions, the skat and discard only as the
// declarer who picked up, the declarer's cards in ouvert games — never another hidden card.
#include <gtest/gtest.h>

#include <random>

#include "engine/seat_view.h"
#include "test_support.h"

namespace skat {
namespace {

// The cards `pos` may know at this moment of `game`.
CardSet allowed_cards(const Game& game, int pos) {
  CardSet allowed = game.deal().hands[static_cast<std::size_t>(pos)];
  for (const CompletedTrick& t : game.tricks())
    for (Card c : t.cards) allowed.add(c);
  const PlayState& play = game.play_state();
  if (game.phase() == Phase::Playing)
    for (int i = 0; i < play.trick_size(); ++i) allowed.add(play.trick_card(i));
  if (pos == game.declarer() && game.picked_up()) allowed |= game.deal().skat;
  if (game.phase() == Phase::Playing && game.declaration().ouvert) allowed |= game.hand(game.declarer());
  return allowed;
}

TEST(SeatView, NoPositionEverSeesAHiddenCard) {
  std::mt19937_64 rng(20261122);
  int views = 0;
  for (int n = 0; n < 300; ++n) {
    Game game(random_deal(rng));
    while (!game.finished()) {
      for (int pos = 0; pos < 3; ++pos) {
        const SeatView v = seat_view(game, pos);
        ASSERT_EQ(visible_cards(v) - allowed_cards(game, pos), CardSet()) << "game " << n << " pos " << pos;
        EXPECT_EQ(v.legal, game.legal_actions(pos));
        ++views;
      }
      const auto legal = game.legal_actions(game.to_act());
      std::vector<Action> choices;
      for (const Action& a : legal)
        if (a.kind != ActionKind::Concede) choices.push_back(a);
      ASSERT_FALSE(choices.empty());
      ASSERT_TRUE(game.apply(choices[uniform_below(rng, choices.size())]));
    }
  }
  EXPECT_GT(views, 10000);
}

TEST(SeatView, DeclarerSeesSkatAndDiscardOthersDoNot) {
  Game game = test::game_won_by(deal_from_id(123456789).value(), kMiddlehand, 18);
  ASSERT_TRUE(game.apply(Action::pick_up(kMiddlehand)));
  const CardSet twelve = game.hand(kMiddlehand);
  const Card a = twelve.first();
  const Card b = (twelve - CardSet{a}).first();
  ASSERT_TRUE(game.apply(Action::discard(kMiddlehand, a, b)));
  const SeatView declarer = seat_view(game, kMiddlehand);
  EXPECT_EQ(declarer.skat, game.deal().skat);
  EXPECT_EQ(declarer.discard, (CardSet{a, b}));
  for (int pos : {kForehand, kRearhand}) {
    const SeatView other = seat_view(game, pos);
    EXPECT_TRUE(other.skat.empty());
    EXPECT_TRUE(other.discard.empty());
    for (const Action& act : other.history) EXPECT_NE(act.kind, ActionKind::Discard);
  }
}

TEST(SeatView, OuvertCardsAreShownToEveryone) {
  Game game = test::game_won_by(deal_from_id(987654321).value(), kForehand, 18);
  ASSERT_TRUE(game.apply(Action::declare(kForehand, {GameType::Grand, true, false, false, true})));
  for (int pos = 0; pos < 3; ++pos) EXPECT_EQ(seat_view(game, pos).ouvert_cards, game.deal().hands[0]);
  const SeatView mh = seat_view(game, kMiddlehand);
  ASSERT_TRUE(mh.declaration.has_value());
  EXPECT_TRUE(mh.declaration->ouvert);
}

TEST(SeatView, AnsweringAndMinimumBid) {
  Game game(deal_from_id(42).value());
  SeatView mh = seat_view(game, kMiddlehand);
  EXPECT_FALSE(mh.answering());
  EXPECT_EQ(mh.minimum_bid(), 18);
  ASSERT_TRUE(game.apply(Action::make_bid(kMiddlehand, 20)));
  const SeatView fh = seat_view(game, kForehand);
  EXPECT_TRUE(fh.answering());
  EXPECT_EQ(fh.current_bid, 20);
  EXPECT_EQ(fh.minimum_bid(), 0);
}

}  // namespace
}  // namespace skat
