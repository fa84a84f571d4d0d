#include "cli/bench_elo.h"

#include <cmath>
#include <stdexcept>

#include "bots/tables/table_files.h"
#include "cli/bench_fold.h"
#include "engine/deal.h"
#include "nightly/ratings.h"

namespace skat::cli {

namespace {

constexpr int kSeries = 2'329;
constexpr int kDeals = 36;
constexpr int kPlayers = 150;
constexpr int kRuns = 5;  // the figure is the median run

std::vector<db::SeriesGames> synthetic_series(int count) {
  bots::FastRng rng(20261122);
  std::vector<db::SeriesGames> out;
  for (int s = 0; s < count; ++s) {
    db::SeriesGames series;
    series.id = s + 1;
    series.finished_at = db::Timestamp(std::chrono::milliseconds(1'795'000'000'000LL + 3'600'000LL * s));
    for (std::size_t i = 0; i < 3; ++i) {
      db::PlayerId p = 0;
      do {
        p = 1 + static_cast<db::PlayerId>(uniform_below(rng, kPlayers));
      } while (std::find(series.seats.begin(), series.seats.begin() + static_cast<std::ptrdiff_t>(i), p) !=
               series.seats.begin() + static_cast<std::ptrdiff_t>(i));
      series.seats[i] = p;
    }
    for (int g = 1; g <= kDeals; ++g) series.games.push_back(write_pgn_game(synthetic_fold_game(rng, g)));
    out.push_back(std::move(series));
  }
  return out;
}

double median_seconds(const std::function<void()>& work) {
  std::vector<double> runs;
  for (int r = 0; r < kRuns; ++r) {
    const auto start = BenchClock::now();
    work();
    runs.push_back(seconds_since(start));
  }
  return quantile(runs, 0.5);
}

}  // namespace

BenchReport run_elo_bench(bool quick, const std::string& tables_path) {
  auto tables = bots::load_tables(tables_path);
  if (!tables) throw std::runtime_error(tables.error());
  const auto series = synthetic_series(quick ? 60 : kSeries);
  const nightly::WinProbabilityFn p = nightly::table_win_probability(*tables);
  const nightly::RatingOptions luck;  // the leaderboard's default: hand luck
  nightly::RatingOptions plain;
  plain.chance.hand_luck = false;
  nightly::Ratings last;
  auto recompute = [&](const nightly::RatingOptions& o) {
    auto r = nightly::compute_ratings(series, o, p);
    if (!r) throw std::runtime_error(r.error());
    last = std::move(*r);
  };
  const double with_luck = median_seconds([&] { recompute(luck); });
  Fnv1a digest;
  for (const db::RatingRow& r : last.rows) {
    digest.add(static_cast<std::uint64_t>(r.player_id));
    digest.add(static_cast<std::uint64_t>(std::llround(r.rating * 1000)));
  }
  const double without = median_seconds([&] { recompute(plain); });
  const double games = static_cast<double>(series.size()) * kDeals;
  BenchReport report;
  report.figures = {
      {"series", static_cast<double>(series.size()), "series", 0},      {"games", games, "games", 0},
      {"players", static_cast<double>(last.rows.size()), "players", 0}, {"recompute_hand_luck", with_luck, "s", 3},
      {"recompute_hand_luck_rate", games / with_luck, "games/s", 0},    {"recompute_plain", without, "s", 3}};
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
