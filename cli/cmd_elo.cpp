// `skat elo`: ratings (docs/ratings.md §2) from series scores in CSV on stdin (docs/cli.md); the
// scores are used as given (no chance correction).
#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/elo_csv.h"
#include "engine/elo.h"

namespace skat::cli {

namespace {

struct EloArgs {
  EloOptions options;
  bool trace = false;
};

int run_elo(const EloArgs& args) {
  const auto series = read_series_csv(std::cin);
  if (!series) {
    spdlog::error("elo: {}", series.error());
    return 1;
  }
  const auto result = compute_elo(*series, args.options);
  if (!result) {
    spdlog::error("elo: {}", result.error());
    return 1;
  }
  if (args.trace)
    write_trace_csv(std::cout, *series, result->traces);
  else
    write_ranking_csv(std::cout, result->ranking);
  return 0;
}

}  // namespace

void add_newcomer_k_options(CLI::App& app, EloOptions& options) {
  app.add_option("--newcomer-k", options.newcomer_k,
                 "K of a player's first series, falling linearly to --k over --newcomer-series series (0: off)")
      ->check(non_negative_number())
      ->capture_default_str();
  app.add_option("--newcomer-series", options.newcomer_series, "Series over which the newcomer K falls to --k")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
}

Command add_elo_command(CLI::App& parent) {
  auto args = std::make_shared<EloArgs>();
  CLI::App* app = parent.add_subcommand("elo", "Elo ratings from series scores (CSV on stdin, ratings.md §2)");
  app->add_option("--k", args->options.k, "Rating change per point of score above expectation")
      ->check(non_negative_number())
      ->capture_default_str();
  app->add_option("--start", args->options.start, "Rating of a new player")
      ->check(positive_number())
      ->capture_default_str();
  app->add_option("--start-from-series", args->options.start_series,
                  "A new player's rating is the start until his N-th series, then the mean of his first N series "
                  "scores (0: off)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  add_newcomer_k_options(*app, args->options);
  app->add_flag("--trace", args->trace, "Print series,player,score,expected,rating for every series instead");
  app->footer(
      "Input: CSV with header series,player1,player2,player3,score1,score2,score3, one finished series per line.\n"
      "Output: player,rating,series best first (ratings with two decimals).");
  return {app, [args] { return run_elo(*args); }};
}

}  // namespace skat::cli
