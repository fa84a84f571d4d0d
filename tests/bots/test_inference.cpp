// The learned card-location inference: half floats, the features against the real deal, the
// positions of a recorded game and their data file, the model file (parsing, refusals, the forward
// pass), learned sampling (consistent worlds, drawn toward the model), and the bot settings.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "bots/bot_factory.h"
#include "bots/inference/card_features.h"
#include "bots/inference/half_float.h"
#include "bots/inference/location_model.h"
#include "bots/inference/position_data.h"
#include "bots/inference/quality.h"
#include "bots/inference/void_calibration.h"
#include "bots/pimc/world_sampler.h"
#include "bots/simple_player.h"
#include "engine/deal.h"
#include "engine/records/pgn.h"

namespace skat::bots::inference {
namespace {

TEST(HalfFloat, BitPatternsAsNumpyReadsThem) {
  EXPECT_EQ(half_to_float(0x0000), 0.0F);
  EXPECT_TRUE(std::signbit(half_to_float(0x8000)));
  EXPECT_EQ(half_to_float(0x3C00), 1.0F);
  EXPECT_EQ(half_to_float(0xC000), -2.0F);
  EXPECT_EQ(half_to_float(0x3555), 0.333251953125F);
  EXPECT_EQ(half_to_float(0x7BFF), 65504.0F);
  EXPECT_EQ(half_to_float(0x0400), 6.103515625e-05F);         // the smallest normal
  EXPECT_EQ(half_to_float(0x0001), 5.9604644775390625e-08F);  // the smallest subnormal
  EXPECT_EQ(half_to_float(0x03FF), 6.097555160522461e-05F);   // the largest subnormal
  EXPECT_TRUE(std::isinf(half_to_float(0x7C00)));
  EXPECT_TRUE(std::isnan(half_to_float(0x7E00)));
}

// Simple players play `deal`; `visit(game)` before every card of the play.
template <class Visit>
Game play_with_simple_players(const Deal& deal, std::uint64_t seed, Visit visit) {
  SimplePlayer p0(seed), p1(seed + 1), p2(seed + 2);
  std::array<Player*, 3> players{&p0, &p1, &p2};
  Game game(deal);
  while (!game.finished()) {
    const int pos = game.to_act();
    if (game.phase() == Phase::Playing) visit(game);
    EXPECT_TRUE(game.apply(players[static_cast<std::size_t>(pos)]->decide(seat_view(game, pos))));
  }
  return game;
}

CardSet bits(const Features& f, int offset) {
  CardSet s;
  for (int c = 0; c < kNumCards; ++c)
    if (f.test(static_cast<std::size_t>(offset + c))) s.add(Card(c));
  return s;
}

TEST(CardFeatures, AgreeWithTheDealAtEveryCard) {
  FastRng deals(31);
  int checked = 0;
  for (int i = 0; i < 30; ++i) {
    play_with_simple_players(random_deal(deals), 40 + static_cast<std::uint64_t>(i), [&](const Game& game) {
      const int me = game.to_act();
      const SeatView view = seat_view(game, me);
      const Features f = encode(view);
      EXPECT_EQ(bits(f, layout::kHand), view.hand);
      const GameRules& rules = rules_for(game.declaration().type);
      for (int r = 0; r < 3; ++r) {
        const int pos = (me + r) % 3;
        const CardSet played = bits(f, layout::kPlayed + 32 * r);
        EXPECT_EQ(played.size() + game.hand(pos).size(), 10);
        EXPECT_TRUE((played & game.hand(pos)).empty());
        if (r == 0) continue;
        EXPECT_TRUE((bits(f, layout::kSloughs + 32 * (r - 1)) - played).empty());
        EXPECT_TRUE((bits(f, layout::kLeads + 32 * (r - 1)) - played).empty());
        // a class shown void is truly absent from that hand
        for (int k = 0; k < 5; ++k) {
          if (f.test(static_cast<std::size_t>(layout::kVoids + 5 * (r - 1) + k))) {
            EXPECT_TRUE((game.hand(pos) & rules.class_cards[static_cast<std::size_t>(k)]).empty());
          }
        }
      }
      EXPECT_TRUE(f.test(static_cast<std::size_t>(layout::kDeclarer + relative(game.declarer(), me))));
      // the history has one card and one player per card played (up to 24)
      int cards = 0;
      for (int s = 0; s < layout::kHistorySlots; ++s)
        for (int c = 0; c < 32; ++c)
          cards += f.test(static_cast<std::size_t>(layout::kStateWidth + s * layout::kHistorySlotWidth + c)) ? 1 : 0;
      EXPECT_EQ(cards, std::min<int>(static_cast<int>(game.tricks().size() * 3 + game.play_state().trick_size()), 24));
      // the skat block only for the declarer who picked up, and then his discard
      const bool knows = me == game.declarer() && game.picked_up();
      EXPECT_EQ(bits(f, layout::kKnownSkat), knows ? game.discard() : CardSet{});
      ++checked;
    });
  }
  EXPECT_GT(checked, 300);
}

TEST(CardFeatures, LocationsAreTheHandsAndTheSkatInTheMoversFrame) {
  FastRng deals(5);
  const Deal deal = random_deal(deals);
  const auto where = locations(deal.hands, deal.skat, 1);
  for (Card c : deal.hands[1]) EXPECT_EQ(where[static_cast<std::size_t>(c.id())], kMine);
  for (Card c : deal.hands[2]) EXPECT_EQ(where[static_cast<std::size_t>(c.id())], kNext);
  for (Card c : deal.hands[0]) EXPECT_EQ(where[static_cast<std::size_t>(c.id())], kPrevious);
  for (Card c : deal.skat) EXPECT_EQ(where[static_cast<std::size_t>(c.id())], kSkat);
}

// A finished game as a PGN line, as `skat selfplay` writes it.
PgnGame recorded_game(std::uint64_t seed) {
  FastRng deals(seed);
  for (;;) {
    const Game game = play_with_simple_players(random_deal(deals), seed, [](const Game&) {});
    if (!game.folded()) return pgn_game_from(game, 1, {});
  }
}

TEST(PositionData, EveryCardOfTheFirstEightTricksRoundTripsThroughTheFile) {
  std::ostringstream file;
  write_data_header(file);
  std::vector<Position> all;
  for (std::uint64_t s = 1; s <= 6; ++s) {
    const PgnGame g = recorded_game(s);
    const auto positions = game_positions(g, 0.5F);
    ASSERT_TRUE(positions) << positions.error();
    EXPECT_EQ(positions->size(), 3 * std::min<std::size_t>(g.tricks.size(), 8));
    for (const Position& p : *positions) {
      EXPECT_EQ(p.weight, 0.5F);
      int counts[4] = {};
      for (auto l : p.target) ++counts[l];
      EXPECT_EQ(counts[kMine], 10);
      EXPECT_EQ(counts[kSkat], 2);
      write_position(file, p);
      all.push_back(p);
    }
  }
  const std::string bytes = file.str();
  EXPECT_EQ(bytes.size(), 16 + all.size() * static_cast<std::size_t>(kRecordBytes));
  const auto back = read_positions(bytes);
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ((*back)[i].features, all[i].features);
    EXPECT_EQ((*back)[i].target, all[i].target);
    EXPECT_EQ((*back)[i].trick, all[i].trick);
    EXPECT_EQ((*back)[i].game_class, all[i].game_class);
  }
  EXPECT_FALSE(read_positions(bytes.substr(0, bytes.size() - 1)));
  EXPECT_FALSE(read_positions("SKATPOS2" + bytes.substr(8)));
}

TEST(PositionData, AFoldedGameHasNoPositions) {
  PgnGame g = recorded_game(3);
  g.folded = true;
  g.game = kPgnFolded;
  EXPECT_FALSE(game_positions(g, 1.0F));
}

// A model file written here: per class one history layer (840 -> 2) and one main layer
// (362 + 2 -> 128), all weights zero but the output biases: `favour` gets +8 for `card`.
std::string tiny_model(int card, Location favour, std::uint32_t width = layout::kWidth) {
  std::string out = "SKATLOC1";
  auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  auto halves = [&](std::size_t n, std::uint16_t v) {
    for (std::size_t i = 0; i < n; ++i) {
      out.push_back(static_cast<char>(v & 0xFF));
      out.push_back(static_cast<char>(v >> 8));
    }
  };
  u32(width);
  const std::string version = "test model";
  u32(static_cast<std::uint32_t>(version.size()));
  out += version;
  for (int c = 0; c < kGameClasses; ++c) {
    u32(1);
    u32(2);
    u32(layout::kHistoryWidth);
    halves(2 * layout::kHistoryWidth, 0);
    halves(2, 0);
    u32(1);
    u32(128);
    u32(layout::kStateWidth + 2);
    halves(128 * (layout::kStateWidth + 2), 0);
    for (int o = 0; o < 128; ++o) halves(1, o == card * 4 + favour ? 0x4800 : 0);  // 8.0
  }
  return out;
}

TEST(LocationModel, ParsesAFileAndPredictsFromItsBiases) {
  const auto model = LocationModel::parse(tiny_model(5, kNext));
  ASSERT_TRUE(model) << model.error();
  EXPECT_EQ(model->version(), "test model");
  const CardLocations p = model->predict(GameClass::Grand, Features{});
  for (int c = 0; c < kNumCards; ++c) {
    float sum = 0;
    for (float q : p[static_cast<std::size_t>(c)]) sum += q;
    EXPECT_NEAR(sum, 1.0F, 1e-5);
    if (c != 5) {
      EXPECT_NEAR(p[static_cast<std::size_t>(c)][0], 0.25F, 1e-5);
    }
  }
  const float e8 = std::exp(8.0F);
  EXPECT_NEAR(p[5][kNext], e8 / (e8 + 3), 1e-4);
}

TEST(LocationModel, RefusesOtherWidthsTruncationAndTrailingBytes) {
  EXPECT_FALSE(LocationModel::parse(tiny_model(0, kMine, layout::kWidth + 1)));
  const std::string good = tiny_model(0, kMine);
  EXPECT_FALSE(LocationModel::parse(good.substr(0, good.size() - 3)));
  EXPECT_FALSE(LocationModel::parse(good + "x"));
  EXPECT_FALSE(LocationModel::parse("SKATLOCX" + good.substr(8)));
  EXPECT_FALSE(LocationModel::load("/nonexistent/model.bin"));
}

TEST(LearnedSampling, WorldsStayConsistentAndFollowTheModel) {
  FastRng deals(77);
  int checked = 0, toward = 0, hidden = 0;
  for (int i = 0; i < 12; ++i) {
    play_with_simple_players(random_deal(deals), 300 + static_cast<std::uint64_t>(i), [&](const Game& game) {
      if (game.tricks().size() != 1 || game.play_state().trick_size() != 0) return;
      const int me = game.to_act();
      const SeatView view = seat_view(game, me);
      const HiddenInfo info = hidden_info(view);
      // a model sure that the first hidden card lies with the next position, where it may lie
      const Card card = info.unknown.first();
      const int next = (me + 1) % 3;
      if (info.excluded[static_cast<std::size_t>(next)].contains(card)) return;
      const auto model = LocationModel::parse(tiny_model(card.id(), kNext));
      ASSERT_TRUE(model);
      const WorldSampler sampler(info, Inference::Learned, model->predict(view));
      FastRng rng(9);
      for (int k = 0; k < 40; ++k) {
        const auto w = sampler.sample(rng);
        ASSERT_TRUE(w);
        CardSet all = w->skat;
        for (int p = 0; p < 3; ++p) {
          const CardSet h = w->hands[static_cast<std::size_t>(p)];
          EXPECT_EQ(h.size(), game.hand(p).size());
          EXPECT_TRUE((h & all).empty());
          EXPECT_TRUE((h & info.excluded[static_cast<std::size_t>(p)]).empty());
          EXPECT_TRUE((info.known[static_cast<std::size_t>(p)] - h).empty());
          all |= h;
        }
        EXPECT_EQ(w->weight, 1.0);
        toward += w->hands[static_cast<std::size_t>(next)].contains(card) ? 1 : 0;
        ++hidden;
        ++checked;
      }
    });
  }
  EXPECT_GT(checked, 300);
  // uniformly the next position would hold it in about 10 of 22 worlds; the model pulls it there
  EXPECT_GT(static_cast<double>(toward) / hidden, 0.9);
}

TEST(LearnedSampling, AnUninformedModelSamplesLikeTheUniformSampler) {
  const PgnGame g = recorded_game(8);
  // equal probabilities for every card but card 0, which it puts in the mover's hand: no hidden
  // card is ever there, so every consistent world is as likely as under the uniform sampler
  const auto model = LocationModel::parse(tiny_model(0, kMine));
  ASSERT_TRUE(model);
  QualityTable table{};
  FastRng rng(3);
  ASSERT_TRUE(for_each_position(g, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
    add_position_quality(view, target, &*model, 400, rng, table);
  }));
  QualitySum all;
  for (const auto& row : table)
    for (const QualitySum& q : row) all.add(q);
  ASSERT_GT(all.cards, 0);
  EXPECT_NEAR(all.mean_prob(Method::Learned), all.mean_prob(Method::Uniform), 0.02);
  EXPECT_GT(all.mean_prob(Method::Uniform), 0.3);  // the sampler knows the hand sizes and voids
}

// The declarer's voids at the defenders' leads: every weight asks about the same (position, suit)
// pairs against the same truth, each pair falls in one fifth of the predicted share, the truth is
// whether the declarer held none of the suit then, and a weight above 1 raises the shares.
TEST(VoidCalibration, EveryWeightAsksTheSameQuestionsAndAWeightRaisesTheShares) {
  auto rows = void_calibration_rows({1.0, 3.0});
  FastRng rng(5);
  long truly_void = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const PgnGame g = recorded_game(seed);
    ASSERT_TRUE(for_each_position(g, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
      const long before = rows[0].cases;
      add_void_calibration(view, target, nullptr, 200, rng, rows);
      if (rows[0].cases == before) return;
      // the truth, from the record: the declarer's cards when the play began, less those he played
      const int declarer = view.declarer;
      CardSet held = g.hands[static_cast<std::size_t>(declarer)];
      if (!g.hand) held = (held | CardSet{g.skat[0], g.skat[1]}) - CardSet{g.skat_put[0], g.skat_put[1]};
      for (const CompletedTrick& t : view.tricks)
        for (int i = 0; i < 3; ++i)
          if ((t.leader + i) % 3 == declarer) held.remove(t.cards[static_cast<std::size_t>(i)]);
      const GameRules& rules = rules_for(view.declaration->type);
      const HiddenInfo info = hidden_info(view);
      for (std::size_t suit = 0; suit < 4; ++suit) {
        const CardSet cards = rules.class_cards[suit];
        if ((cards & info.excluded[static_cast<std::size_t>(declarer)]).empty() && !(cards & info.unknown).empty())
          truly_void += (held & cards).empty() ? 1 : 0;
      }
    }));
  }
  ASSERT_GT(rows[0].cases, 50);
  EXPECT_EQ(rows[1].cases, rows[0].cases);
  EXPECT_EQ(rows[0].voids, truly_void);
  EXPECT_EQ(rows[1].voids, truly_void);
  for (const VoidCalibration& r : rows) {
    long in_buckets = 0;
    for (long n : r.bucket_cases) in_buckets += n;
    EXPECT_EQ(in_buckets, r.cases);
    EXPECT_LT(r.log_likelihood, 0.0);
  }
  EXPECT_GT(rows[1].predicted, rows[0].predicted);
}

TEST(BotSpecInference, SettingsParseDescribeAndRefuse) {
  auto spec = parse_bot_spec("pimc:worlds=8,infer=none");
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_EQ(spec->infer, "none");
  EXPECT_EQ(spec->describe(), "pimc:worlds=8,budget=3000,tt=16,infer=none");
  EXPECT_EQ(pimc_settings(*spec).inference, Inference::None);
  EXPECT_EQ(parse_bot_spec("pimc:worlds=8")->describe(), "pimc:worlds=8,budget=3000,tt=16");
  EXPECT_EQ(pimc_settings(*parse_bot_spec("pimc")).inference, Inference::Count);
  EXPECT_FALSE(parse_bot_spec("pimc:infer=psychic"));
  const auto missing = parse_bot_spec("pimc:infer=learned,model=/nonexistent/m.bin");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("model"), std::string::npos);
  // not loaded: a server only names such a bot; describing it names the model
  const auto named = parse_bot_spec("pimc:infer=learned,model=m.bin", false);
  ASSERT_TRUE(named);
  EXPECT_EQ(named->describe(), "pimc:worlds=20,budget=3000,tt=16,infer=learned,model=m.bin");
}

// declarer-infer: the inference of the bot's declarer games; named only when it differs from infer,
// and it loads the model or tables it needs like infer does.
TEST(BotSpecInference, TheDeclarerMayDrawByAnotherInference) {
  const auto split = parse_bot_spec("pimc:infer=learned,declarer-infer=count,model=m.bin", false);
  ASSERT_TRUE(split) << split.error();
  EXPECT_EQ(split->describe(), "pimc:worlds=20,budget=3000,tt=16,infer=learned,declarer-infer=count,model=m.bin");
  EXPECT_EQ(parse_bot_spec(split->describe(), false)->describe(), split->describe());
  const auto same = parse_bot_spec("pimc:infer=none,declarer-infer=none");
  ASSERT_TRUE(same);
  EXPECT_EQ(same->describe(), "pimc:worlds=20,budget=3000,tt=16,infer=none");
  EXPECT_FALSE(pimc_settings(*same).declarer_inference);
  const auto ki = parse_bot_spec("pimc:declarer-infer=ki,ki=k.bin", false);
  ASSERT_TRUE(ki);
  EXPECT_EQ(ki->describe(), "pimc:worlds=20,budget=3000,tt=16,declarer-infer=ki,ki=k.bin");
  const PimcSettings settings = pimc_settings(*parse_bot_spec("pimc:infer=none,declarer-infer=count"));
  EXPECT_EQ(settings.inference, Inference::None);
  EXPECT_EQ(settings.declarer_inference, Inference::Count);
  EXPECT_FALSE(parse_bot_spec("pimc:declarer-infer=psychic"));
  EXPECT_FALSE(parse_bot_spec("pimc:declarer-infer=learned,model=/nonexistent/m.bin"));
  EXPECT_FALSE(parse_bot_spec("pimc:declarer-infer=ki,ki=/nonexistent/ki.bin"));
}

}  // namespace
}  // namespace skat::bots::inference
