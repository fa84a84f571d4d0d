#include "cli/bench_sampler.h"

#include <cmath>
#include <stdexcept>

#include "bots/inference/location_model.h"
#include "bots/pimc/world_sampler.h"
#include "bots/simple_player.h"
#include "common/csprng.h"
#include "engine/game.h"

namespace skat::cli {

namespace {

constexpr std::uint64_t kSamplerDealSeed = 20261127;

// The marginals that sampling-importance-resampling with `candidates` uniform candidates per world
// gives: the mean over `batches` batches of each batch's likelihood-weighted shares (and in `ess`
// the mean effective number of candidates, (sum w)^2 / sum w^2).
bots::SlotMarginals sir_marginals(const bots::HiddenInfo& info, const bots::ExactWorldSampler& learned, int candidates,
                                  int batches, bots::FastRng& rng, double* ess = nullptr) {
  const bots::WorldSampler uniform(info, bots::Inference::None);
  bots::SlotMarginals out{};
  std::vector<bots::Placement> batch;
  std::vector<double> log_w;
  for (int b = 0; b < batches; ++b) {
    batch.clear();
    log_w.clear();
    for (int k = 0; k < candidates; ++k) {
      const auto w = uniform.sample(rng);
      if (!w) throw std::runtime_error("no consistent world");
      batch.push_back(bots::placement_of(info, *w));
      log_w.push_back(learned.log_weight(batch.back()));
    }
    const double top = *std::ranges::max_element(log_w);
    double total = 0;
    double squares = 0;
    for (double& lw : log_w) {
      total += (lw = std::exp(lw - top));
      squares += lw * lw;
    }
    // the effective sample size of the batch, averaged over the batches
    if (ess != nullptr) *ess += total * total / squares / batches;
    for (std::size_t k = 0; k < batch.size(); ++k)
      for (std::size_t l = 0; l < bots::kSlots; ++l)
        for (Card c : batch[k][l]) out[static_cast<std::size_t>(c.id())][l] += log_w[k] / total / batches;
  }
  return out;
}

double max_difference(const bots::SlotMarginals& a, const bots::SlotMarginals& b) {
  double top = 0;
  for (std::size_t c = 0; c < a.size(); ++c)
    for (std::size_t l = 0; l < bots::kSlots; ++l) top = std::max(top, std::abs(a[c][l] - b[c][l]));
  return top;
}

}  // namespace

BenchReport run_sampler_bench(bool quick, const std::string& model_path) {
  const auto model = bots::inference::LocationModel::load(model_path);
  if (!model) throw std::runtime_error(model.error());
  const int deals = quick ? 2 : 12;
  const int worlds = 1000;
  const int sir_total = quick ? 20000 : 100000;  // uniform candidates per position for each SIR
  Csprng gen = Csprng::from_seed(kSamplerDealSeed);
  Fnv1a digest;
  std::vector<double> build_us, world_us, hidden, sir16_gap, sir10k_gap, sir10k_ess;
  for (int d = 0; d < deals; ++d) {
    Game game(random_deal(gen));
    std::array<bots::SimplePlayer, 3> players{bots::SimplePlayer(1), bots::SimplePlayer(2), bots::SimplePlayer(3)};
    bots::FastRng rng(static_cast<std::uint64_t>(d) + 1);
    while (!game.finished()) {
      const int pos = game.to_act();
      const SeatView view = seat_view(game, pos);
      // one position per trick of the first eight, the leader's
      if (game.phase() == Phase::Playing && game.tricks().size() < 8 && game.play_state().trick_size() == 0) {
        const bots::HiddenInfo info = bots::hidden_info(view);
        const bots::inference::CardLocations table = model->predict(view);
        auto start = BenchClock::now();
        const bots::WorldSampler sampler(info, bots::Inference::Learned, table);
        build_us.push_back(1e6 * seconds_since(start));
        start = BenchClock::now();
        for (int k = 0; k < worlds; ++k) {
          const auto w = sampler.sample(rng);
          if (!w) throw std::runtime_error("no consistent world");
          for (std::size_t p = 0; p < 3; ++p) digest.add(w->hands[p].bits());
        }
        world_us.push_back(1e6 * seconds_since(start) / worlds);
        hidden.push_back(info.unknown.size());
        const bots::ExactWorldSampler exact(bots::placement_problem(info, &table));
        const bots::SlotMarginals m = exact.marginals();
        sir16_gap.push_back(max_difference(m, sir_marginals(info, exact, 16, sir_total / 16, rng)));
        double ess = 0;
        sir10k_gap.push_back(max_difference(m, sir_marginals(info, exact, 10000, sir_total / 10000, rng, &ess)));
        sir10k_ess.push_back(ess);
      }
      if (!game.apply(players[static_cast<std::size_t>(pos)].decide(view))) break;
    }
  }
  BenchReport report;
  report.figures.push_back({"positions", static_cast<double>(build_us.size()), "positions", 0});
  report.figures.push_back({"hidden_cards", mean(hidden), "cards", 1});
  report.figures.push_back({"build_mean", mean(build_us), "us", 1});
  report.figures.push_back({"build_median", quantile(build_us, 0.5), "us", 1});
  report.figures.push_back({"build_p99", quantile(build_us, 0.99), "us", 1});
  report.figures.push_back({"world_mean", mean(world_us), "us", 2});
  report.figures.push_back({"world_median", quantile(world_us, 0.5), "us", 2});
  report.figures.push_back({"sir16_max_gap_mean", mean(sir16_gap), "probability", 3});
  report.figures.push_back({"sir16_max_gap_max", quantile(sir16_gap, 1.0), "probability", 3});
  report.figures.push_back({"sir10000_max_gap_mean", mean(sir10k_gap), "probability", 3});
  report.figures.push_back({"sir10000_max_gap_max", quantile(sir10k_gap, 1.0), "probability", 3});
  report.figures.push_back({"sir10000_effective_candidates_median", quantile(sir10k_ess, 0.5), "worlds", 1});
  report.figures.push_back({"sir10000_effective_candidates_min", quantile(sir10k_ess, 0.0), "worlds", 1});
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
