// Perfect-information Monte-Carlo card play: for each legal card, the average Seeger-Fabian
// payoff (to this position) of the finished game over sampled worlds, each world solved by the
// open-card solver; the best card is played. Worlds are drawn in batches and solved in parallel
// (`threads`, one solver table each); the result never depends on the number of threads. Anytime:
// stops at the number of worlds or at the time budget (on work budgets: the safety net,
// Player::use_work_budgets), whichever comes first; a world still being solved at the budget's end
// is dropped (the solver is interrupted), and with no world in time the rule-based card is played.
// Optionally a world may take at most `world_nodes` solver nodes (a reproducible cap on the rare
// very hard world; such a world is dropped and another drawn), and the cards race (card_race.h):
// clearly worse cards drop out after each batch and the decision stops once the best is clear.
// As a player of its own (the `pimc` kind, the baseline "PIMC without winning tables") it bids,
// takes the skat and declares like the simple player; the complete bot (bots/table_bot) makes
// those decisions from the winning tables and uses this class for its card play.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bots/pimc/solver_pool.h"
#include "bots/pimc/world_sampler.h"
#include "bots/player.h"
#include "bots/rng.h"
#include "bots/simple_player.h"
#include "bots/solver/open_solver.h"

namespace skat::bots {

namespace inference {
class LocationModel;
}

struct PimcSettings {
  int worlds = 40;                               // worlds per decision (at most)
  std::chrono::milliseconds budget{2000};        // time per decision (at most)
  std::size_t tt_bytes = std::size_t{16} << 20;  // per thread
  int threads = 1;                               // worker threads (each with a solver table of tt_bytes)
  std::uint64_t world_nodes = 0;                 // solver nodes one world may take (0: no limit)
  bool stop_early = false;                       // race the cards (card_race.h)
  std::optional<std::chrono::steady_clock::time_point> stop_at;  // a hard limit besides the budget
  bool work_budgets = false;                    // Player::use_work_budgets: `budget` is ignored, kSafetyNet applies
  Inference inference = Inference::Count;       // how worlds are drawn (world_sampler.h)
  std::optional<Inference> declarer_inference;  // how the declarer draws them, if not by `inference`
  std::shared_ptr<const inference::LocationModel> model;  // for Inference::Learned
  std::shared_ptr<const inference::KermitTables> kermit;  // for Inference::Kermit
  // What a game is worth to the deciding position: its own Seeger-Fabian points (false), or its
  // points less the mean of the other two players' (true): a defender then also fights the
  // declarer's schneider and schwarz, and the declarer counts the defenders' 40 of a lost game.
  bool table_payoff = false;
  // Instead of points, 100 when the deciding position's side wins the game and 0 when it loses:
  // a card's payoff is then its side's winning chance in percent (Kontra and Re, below).
  bool win_chance = false;
  // A defender's worlds weighed by this per void of the declarer's (WorldSampler::weigh_declarer_voids;
  // 1: none).
  double declarer_void_weight = 1.0;
};

// Kontra and Re (docs/rules.md §8): when the view may double, the winning chance of the deciding
// position's side over sampled worlds (the best card's, each world solved open-card, with half the
// worlds and budget of a card decision) decides. A defender says Kontra when the declarer's chance
// is at most kKontraAtMost, the declarer Re when his is at least kReAtLeast. Doubling pays the
// defenders while the declarer's chance is below 2/3 (he wins V more or loses 2V more), and him
// above it; the margins allow for the estimate's error and for the answer (a Kontra at 60 % meets
// a Re). Empty when not doubling.
inline constexpr double kKontraAtMost = 0.40;
inline constexpr double kReAtLeast = 0.75;
std::optional<Action> doubling_decision(const SeatView& view, const PimcSettings& settings, FastRng& rng,
                                        SolverPool& solvers);

// A defender's answer to his partner's concession vote (docs/rules.md §5), on his own turn: he
// agrees when his side loses in every sampled world whatever it plays and giving up the rest costs
// nothing more (no schneider or schwarz that the play would have escaped). Empty: play on.
std::optional<Action> concession_answer(const SeatView& view, const PimcSettings& settings, FastRng& rng,
                                        SolverPool& solvers);

// When a search given `budget` must stop: now + budget (on work budgets: now + kSafetyNet), and
// never after `stop_at`.
std::chrono::steady_clock::time_point search_deadline(const PimcSettings& settings, std::chrono::milliseconds budget);

struct CardScore {
  Card card;
  double payoff = 0;  // weighted mean Seeger-Fabian points of the game for the deciding position
};

struct PimcDecision {
  std::vector<CardScore> cards;  // every legal card, in card order
  int worlds = 0;                // worlds evaluated
  Card best;
  bool cut_by_clock = false;   // the deadline stopped it before its worlds were done
  int dropped_worlds = 0;      // worlds past the node limit (not counted in `worlds`)
  bool stopped_early = false;  // the race found the best card before all worlds were evaluated
};

// Worlds drawn and solved per batch; the race is settled after each (from kRaceMinWorlds on).
inline constexpr int kBatchWorlds = 16;
inline constexpr int kRaceMinWorlds = 16;
inline constexpr double kRaceZ = 2.5;

// For each of `cards` (the position's own), the index of the first of them equivalent to it:
// neighbours in their class with nothing between them that is still out (unknown, in another
// hand or in the current trick) and with equal points (any points in null) win and lose the same
// tricks in every world, so PIMC solves one of them for all.
std::vector<std::size_t> equivalent_cards(const SeatView& view, const std::vector<Card>& cards);

// Evaluates the legal cards of `view` (phase playing, its turn) on the pool's solvers.
PimcDecision evaluate_cards(const SeatView& view, const PimcSettings& settings, FastRng& rng, SolverPool& solvers);

class PimcPlayer : public Player {
 public:
  PimcPlayer(std::uint64_t seed, PimcSettings settings = {})
      : settings_(settings),
        rng_(seed),
        fallback_(seed ^ 0x5bd1e995ULL),
        solvers_(settings.threads, settings.tt_bytes) {}
  Action decide(const SeatView& view) override;
  std::string name() const override { return "pimc"; }
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) override {
    settings_.stop_at = deadline;
  }
  void use_work_budgets(bool on) override { settings_.work_budgets = on; }
  int clock_stops() const override { return clock_stops_; }

 private:
  PimcSettings settings_;
  int clock_stops_ = 0;
  FastRng rng_;
  SimplePlayer fallback_;
  SolverPool solvers_;
};

}  // namespace skat::bots
