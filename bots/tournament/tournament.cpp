#include "bots/tournament/tournament.h"

#include <sodium.h>

#include <chrono>
#include <memory>
#include <stdexcept>

#include "bots/parallel.h"
#include "bots/play_deal.h"
#include "bots/rng.h"
#include "bots/solver/open_solver.h"
#include "bots/solver/position.h"
#include "bots/tournament/tournament_report.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "engine/scoring.h"

namespace skat::bots {

namespace {

using Clock = std::chrono::steady_clock;

// Measures every decision of the player it wraps.
class TimedPlayer : public Player {
 public:
  TimedPlayer(std::unique_ptr<Player> inner, std::vector<float>& times) : inner_(std::move(inner)), times_(times) {}
  Action decide(const SeatView& view) override {
    const auto start = Clock::now();
    Action a = inner_->decide(view);
    times_.push_back(std::chrono::duration<float, std::milli>(Clock::now() - start).count());
    return a;
  }
  std::string name() const override { return inner_->name(); }
  void use_work_budgets(bool on) override { inner_->use_work_budgets(on); }
  int clock_stops() const override { return inner_->clock_stops(); }
  ProgramFaults program_faults() const override { return inner_->program_faults(); }

 private:
  std::unique_ptr<Player> inner_;
  std::vector<float>& times_;
};

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  FastRng r(a * 0x9E3779B97F4A7C15ULL ^ b);
  return r();
}

std::vector<TournamentGame> play_deal_everywhere(const TournamentConfig& config, int index, std::uint64_t id,
                                                 OpenSolver& solver) {
  const Deal deal = *deal_from_id(id);
  std::vector<TournamentGame> games;
  for (const int b_seats : config.b_seats) {
    for (int rotation = 0; rotation < 3; ++rotation) {
      std::array<std::unique_ptr<Player>, 3> players;
      std::array<Player*, 3> seats{};
      std::array<std::vector<float>, 3> move_ms;
      for (int p = 0; p < 3; ++p) {
        const auto i = static_cast<std::size_t>(p);
        const std::uint64_t seed = tournament_seat_seed(config.seed, index, b_seats, rotation, p);
        const BotSpec& spec = b_sits_at(b_seats, rotation, p) ? config.b : config.a;
        players[i] = std::make_unique<TimedPlayer>(
            config.make_player ? config.make_player(spec, seed, p) : make_player(spec, seed), move_ms[i]);
        players[i]->use_work_budgets(true);  // a tournament is played again exactly from its seed
        seats[i] = players[i].get();
      }
      auto game = play_deal(deal, seats);
      if (!game) throw std::runtime_error("tournament: deal " + std::to_string(index) + ": " + game.error());
      TournamentGame g = tournament_game(*game, index, id, b_seats, rotation, move_ms);
      for (std::size_t p = 0; p < 3; ++p) {
        const std::size_t side = g.is_b[p] ? 1 : 0;
        g.clock_stops[side] += players[p]->clock_stops();
        g.program_faults[side] += players[p]->program_faults();
      }
      if (config.keep_games) g.record = std::make_shared<const Game>(*game);
      if (config.judge && !g.folded) {
        solver.clear();
        g.solver_wins = solver_verdict(*game, solver);
      }
      games.push_back(std::move(g));
    }
  }
  return games;
}

}  // namespace

std::optional<std::vector<int>> seatings_named(std::string_view name) {
  if (name == "2:1") return std::vector<int>{1};
  if (name == "1:2") return std::vector<int>{2};
  if (name == "both") return std::vector<int>{1, 2};
  return std::nullopt;
}

std::string seatings_text(const std::vector<int>& b_seats) {
  std::string text;
  for (const int b : b_seats) text += (text.empty() ? "" : ",") + std::string(seating_name(b));
  return text;
}

std::vector<std::uint64_t> tournament_deal_ids(std::uint64_t seed, int deals) {
  std::vector<std::uint64_t> ids(static_cast<std::size_t>(std::max(0, deals)));
  FastRng deal_rng(seed);
  for (auto& id : ids) id = deal_id(random_deal(deal_rng));
  return ids;
}

std::uint64_t tournament_seat_seed(std::uint64_t seed, int index, int b_seats, int rotation, int position) {
  return mix(
      seed, static_cast<std::uint64_t>(index) * 64 + static_cast<std::uint64_t>(b_seats * 8 + rotation * 3 + position));
}

std::uint64_t blinded_seat_seed(std::uint64_t seat_seed) {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialised");
  std::array<unsigned char, 8> input{};
  for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<unsigned char>(seat_seed >> (8 * i));
  std::array<unsigned char, crypto_generichash_BYTES> digest{};
  crypto_generichash(digest.data(), digest.size(), input.data(), input.size(), nullptr, 0);
  std::uint64_t blinded = 0;
  for (std::size_t i = 0; i < 8; ++i) blinded |= static_cast<std::uint64_t>(digest[i]) << (8 * i);
  return blinded;
}

TournamentGame tournament_game(const Game& game, int index, std::uint64_t deal_id, int b_seats, int rotation,
                               const std::array<std::vector<float>, 3>& move_ms) {
  TournamentGame g;
  g.deal = index;
  g.deal_id = deal_id;
  g.b_seats = b_seats;
  g.rotation = rotation;
  for (int p = 0; p < 3; ++p) {
    const auto i = static_cast<std::size_t>(p);
    g.is_b[i] = b_sits_at(b_seats, rotation, p);
    auto& times = g.move_ms[g.is_b[i] ? 1 : 0];
    times.insert(times.end(), move_ms[i].begin(), move_ms[i].end());
  }
  ListGame list;
  g.folded = game.folded();
  if (!g.folded) {
    g.declarer = game.declarer();
    g.declaration = game.declaration();
    g.won = game.result().won;
    g.list_entry = game.result().list_entry;
    list = {false, g.declarer, g.won, g.list_entry};
  }
  g.points = seeger_fabian_points(list);
  return g;
}

bool solver_verdict(const Game& game, OpenSolver& solver) {
  const Declaration decl = game.declaration().normalized();
  PlayState start = play_start(game);
  if (decl.type == GameType::Null) return solver.null_declarer_clean(start);
  if (decl.schwarz_announced) return solver.declarer_takes_all(start);
  return solver.declarer_reaches(start, decl.schneider_announced ? 90 : 61);
}

std::vector<TournamentGame> run_tournament(const TournamentConfig& config, const ProgressFn& progress) {
  const int first = std::max(0, config.first_deal);
  const std::vector<std::uint64_t> ids = tournament_deal_ids(config.seed, first + config.deals);

  std::vector<std::vector<TournamentGame>> by_deal(static_cast<std::size_t>(std::max(0, config.deals)));
  const int threads = std::max(1, config.threads);
  std::vector<std::unique_ptr<OpenSolver>> solvers(static_cast<std::size_t>(threads));  // one per worker
  auto games_of = [&](int deals) {
    std::vector<TournamentGame> games;
    for (int d = 0; d < deals; ++d)
      for (const TournamentGame& g : by_deal[static_cast<std::size_t>(d)]) games.push_back(g);
    return games;
  };
  // Without a test, one batch of every deal; with one, batches of a few deals per thread, each
  // followed by the test over the deals so far.
  const int batch = config.sprt ? std::max(kSprtMinDeals, 4 * threads) : std::max(1, config.deals);
  const auto start = std::chrono::steady_clock::now();
  for (int from = 0; from < config.deals; from += batch) {
    const int count = std::min(batch, config.deals - from);
    parallel_for(
        count, threads,
        [&](int k, int worker) {
          auto& solver = solvers[static_cast<std::size_t>(worker)];
          if (!solver) solver = std::make_unique<OpenSolver>();
          const int i = from + k;
          by_deal[static_cast<std::size_t>(i)] =
              play_deal_everywhere(config, first + i, ids[static_cast<std::size_t>(first + i)], *solver);
        },
        progress ? ProgressFn([&](const Progress& p) {
          progress({from + p.done, config.deals,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
        })
                 : ProgressFn{});
    if (!config.sprt) continue;
    const SprtResult test = run_sprt(deal_difference_series(config, games_of(from + count)), *config.sprt);
    if (test.verdict != "inconclusive") return games_of(test.deals);
  }
  return games_of(config.deals);
}

}  // namespace skat::bots
