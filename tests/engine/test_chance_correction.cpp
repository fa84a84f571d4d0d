// The chance corrections of docs/ratings.md §3: with both off the points are Seeger-Fabian's; hand
// luck divides the value by q = p / np clipped to [0.5, 2]; high-value games use the mean value;
// the ±50 and +40 stay; and the corrected Elo updates still sum to zero.
#include <gtest/gtest.h>

#include "engine/chance_correction.h"
#include "engine/elo.h"
#include "engine/scoring.h"

namespace skat {
namespace {

Declaration decl(GameType t, bool hand = false, bool ouvert = false) {
  Declaration d;
  d.type = t;
  d.hand = hand;
  d.ouvert = ouvert;
  return d;
}

ScoredGame game(int declarer, bool won, int value, Declaration d, std::optional<double> p) {
  return ScoredGame{false, declarer, won, value, d, p};
}

TEST(ChanceCorrection, NormalRatesOfRatingsMd) {
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Hearts)), 0.804);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Clubs, true)), 0.804);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Grand)), 0.934);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Null)), 0.620);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Null, true)), 0.711);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Null, false, true)), 0.900);
  EXPECT_DOUBLE_EQ(normal_win_rate(decl(GameType::Null, true, true)), 0.945);
  EXPECT_DOUBLE_EQ(luck_quotient(0.402, decl(GameType::Spades)), 0.5);
  EXPECT_DOUBLE_EQ(luck_quotient(0.1, decl(GameType::Spades)), 0.5);  // clipped
  EXPECT_DOUBLE_EQ(luck_quotient(0.99, decl(GameType::Null)), 0.99 / 0.62);
  EXPECT_DOUBLE_EQ(luck_quotient(1.0, decl(GameType::Null)), 1.0 / 0.62);
}

TEST(ChanceCorrection, OffIsSeegerFabian) {
  const ScoredGame won = game(1, true, 48, decl(GameType::Grand), 0.99);
  const ScoredGame lost = game(2, false, 36, decl(GameType::Clubs), 0.3);
  for (const ScoredGame& g : {won, lost}) {
    const auto sf = seeger_fabian_points(ListGame{false, g.declarer, g.won, g.won ? g.value : -2 * g.value});
    const auto c = corrected_points(g, {});
    for (std::size_t s = 0; s < 3; ++s) EXPECT_DOUBLE_EQ(c[s], sf[s]);
  }
  ScoredGame folded;
  EXPECT_EQ(corrected_points(folded, {true, true, 41}), (std::array<double, 3>{0, 0, 0}));
}

TEST(ChanceCorrection, HandLuckAndHighValue) {
  // An easy grand (p = 1, q = 1 / 0.934): worth less; a hard suit game (p = 0.402, q = 0.5): more.
  const ScoredGame easy = game(0, true, 72, decl(GameType::Grand), 1.0);
  const ScoredGame hard = game(1, false, 30, decl(GameType::Diamonds), 0.402);
  const ChanceOptions luck{true, false, 41};
  EXPECT_DOUBLE_EQ(corrected_points(easy, luck)[0], 72 * 0.934 + 50);
  EXPECT_EQ(corrected_points(hard, luck), (std::array<double, 3>{40, -2 * 60.0 - 50, 40}));
  const ChanceOptions high{false, true, 41};
  EXPECT_DOUBLE_EQ(corrected_points(easy, high)[0], 41 + 50);
  EXPECT_DOUBLE_EQ(corrected_points(hard, high)[1], -2 * 41.0 - 50);
  const ChanceOptions both{true, true, 40};
  EXPECT_DOUBLE_EQ(corrected_points(hard, both)[1], -2 * 80.0 - 50);
  // Without a probability (no tables) hand luck changes nothing.
  EXPECT_DOUBLE_EQ(corrected_points(game(0, true, 72, decl(GameType::Grand), std::nullopt), luck)[0], 122);
}

TEST(ChanceCorrection, CorrectedSeriesKeepTheRatingSum) {
  const std::vector<ScoredGame> games = {game(0, true, 72, decl(GameType::Grand), 1.0),
                                         game(1, false, 30, decl(GameType::Diamonds), 0.402),
                                         game(2, true, 23, decl(GameType::Null), 0.5)};
  for (const ChanceOptions& o : {ChanceOptions{}, ChanceOptions{true, false, 41}, ChanceOptions{false, true, 41},
                                 ChanceOptions{true, true, 41}}) {
    const auto scores = corrected_series_scores(games, o);
    const std::array<double, 3> ratings = {900, 800, 700};
    const auto after = elo_update(ratings, scores, 0.02);
    EXPECT_NEAR(after[0] + after[1] + after[2], 2400, 1e-9);
  }
  // Hand luck moves the scores: the easy grand's winner gets less than without it.
  EXPECT_LT(corrected_series_scores(games, {true, false, 41})[0], corrected_series_scores(games, {})[0]);
}

}  // namespace
}  // namespace skat
