// Hidden-card worlds for Monte-Carlo card play: from one position's SeatView, what is known (own
// hand, cards played, voids shown, an ouvert declarer's cards, the declarer's own skat), and
// random deals of the unknown cards consistent with it. Four kinds of inference (docs/inference.md):
// none (every consistent world alike), count (a weight from the bidding: a bid the hand could not
// support makes that world less likely), KI (Kermit's: worlds drawn in proportion to how likely
// each opponent's bids and declaration are for his hand in them, kermit_tables.h), learned
// (worlds drawn in proportion to the product of the learned card-location probabilities, the
// paper's Equation 1, drawn exactly by the dynamic program of exact_world_sampler.h), and both
// (learned-ki: in proportion to the learned probability times the KI weight).
#pragma once

#include <array>
#include <optional>

#include "bots/inference/card_features.h"
#include "bots/inference/kermit_tables.h"
#include "bots/pimc/exact_world_sampler.h"
#include "bots/rng.h"
#include "engine/seat_view.h"

namespace skat::bots {

enum class Inference { None, Count, Learned, Kermit, LearnedKermit };
// Whether an inference draws from the learned model's distribution / weighs by the KI tables.
constexpr bool uses_model(Inference i) { return i == Inference::Learned || i == Inference::LearnedKermit; }
constexpr bool uses_kermit(Inference i) { return i == Inference::Kermit || i == Inference::LearnedKermit; }

struct HiddenInfo {
  GameType game = GameType::Grand;
  int me = 0;
  int declarer = 0;
  std::array<CardSet, 3> known{};      // cards known to be held now by each position
  std::array<int, 3> hand_size{};      // cards each position holds now
  std::array<CardSet, 3> played_by{};  // cards each position has played
  std::array<CardSet, 3> excluded{};   // cards a position cannot hold (suits it showed void in)
  CardSet unknown;                     // cards whose place is hidden from `me`
  int hidden_skat = 0;                 // how many of them lie in the skat (0 or 2)
  CardSet known_skat;                  // the skat or discard when `me` knows it
  std::array<int, 3> bids{};           // highest value each position bid or held
  int final_bid = 0;                   // the declarer's bid
  bool hand_game = false;              // the declarer did not pick up the skat
};

HiddenInfo hidden_info(const SeatView& view);

// For a defender's view: the cards of each plain suit (by GameRules class 0..3) in which the
// declarer's void is still hidden from him (he has not shown void in it, and some of its cards are
// hidden); empty where not, and all empty in the declarer's own view.
std::array<CardSet, 4> declarer_open_suits(const HiddenInfo& info);

struct World {
  std::array<CardSet, 3> hands{};  // every position's cards now
  CardSet skat;                    // the two cards that count for the declarer (skat or discard)
  double weight = 1.0;
};

// The learned probabilities are floored here, so that a placement the model calls impossible stays
// merely unlikely.
inline constexpr double kLearnedFloor = 1e-6;

// The placement problem of a position's hidden cards (exact_world_sampler.h): each card of
// info.unknown may go to a position that has not shown void in its class and still lacks cards,
// or to the hidden skat; every placement weighs 1 (uniform over the consistent worlds) or, with
// `locations` (in the frame of info.me), the product of the model's probabilities (Equation 1).
PlacementProblem placement_problem(const HiddenInfo& info, const inference::CardLocations* locations = nullptr);
// A placement of the hidden cards completed by what is known; and the hidden cards' placement of a
// world.
World world_of(const HiddenInfo& info, const Placement& placement);
Placement placement_of(const HiddenInfo& info, const World& world);

// KI draws up to this many candidate worlds per world it returns (uniform ones; learned-ki: drawn
// from the learned distribution), accepting each with its KI weight over the largest possible one;
// when none is accepted, one of them in proportion to its weight.
inline constexpr int kKermitCandidates = 256;

// Draws worlds uniformly among the consistent ones (rejection first, then a constrained deal when
// voids make rejection slow) and with count inference weights them by the bids; with KI draws
// them in proportion to the KI weight (`kermit`, required for Inference::Kermit); with learned
// inference draws them exactly from the model's distribution restricted to the consistent worlds
// (`locations`, in the frame of info.me; the dynamic program is built once, here); learned-ki
// draws from that distribution with KI's rejection on top. A setting whose data is not given falls
// back: learned-ki to the one it has, learned and KI to count.
class WorldSampler {
 public:
  explicit WorldSampler(HiddenInfo info, Inference inference = Inference::Count,
                        std::optional<inference::CardLocations> locations = std::nullopt,
                        const inference::KermitTables* kermit = nullptr);
  std::optional<World> sample(FastRng& rng) const;
  const HiddenInfo& info() const { return info_; }
  // A defender's worlds weighed by `weight` to the power of the declarer's voids in them, counted
  // over the plain suits he has not shown void in and of which cards are hidden (1: no weight).
  // The learned draw places each card apart (Equation 1), so it cannot see that a declarer who
  // puts one card of a short suit puts the other too: on held-out games it gave the declarer's
  // voids 18.5 % where the truth was 31.4 % (docs/inference.md, "The declarer's voids").
  void weigh_declarer_voids(double weight);
  // The number of such voids of the declarer in a world (declarer_open_suits).
  int declarer_voids(const World& w) const;
  // The count inference's weight of a world: a quarter for each bidder whose hand at the deal could
  // not have supported his bid.
  double bid_weight(const World& w) const;
  // The KI weight of a world: the product over the opponents of the likelihood of what each bid
  // (and declared) for the hand he holds in it.
  double kermit_weight(const World& w) const;

 private:
  std::optional<World> draw_uniform(FastRng& rng) const;
  std::optional<World> draw_kermit(FastRng& rng) const;
  std::optional<World> draw_candidate(FastRng& rng) const;  // uniform, or learned for learned-ki
  bool fits(const World& w) const;
  HiddenInfo info_;
  Inference inference_;
  std::optional<ExactWorldSampler> learned_;
  const inference::KermitTables* kermit_ = nullptr;
  double kermit_max_ = 1.0;  // the largest KI weight a world could have here
  double void_weight_ = 1.0;
  std::array<CardSet, 4> open_suits_{};  // declarer_open_suits(info_) while weighing
};

}  // namespace skat::bots
