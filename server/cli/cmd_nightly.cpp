// `skat nightly --db PATH`: the nightly job by hand (server/nightly): fold the new games into the
// next table version, recompute Seeger-Fabian and the chance-corrected Elo, write the leaderboard
// snapshot; progress on stderr, a summary on stdout, exit 1 on failure.
#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>

#include "server/cli/command.h"
#include "server/nightly/nightly_job.h"

namespace skat::cli {

namespace {

int run_nightly_command(const nightly::NightlyOptions& options) {
  const auto summary =
      nightly::run_nightly(options, [](const std::string& step) { spdlog::info("nightly: {}", step); });
  if (!summary) {
    spdlog::error("nightly: {}", summary.error());
    return 1;
  }
  std::cout << nightly::summary_text(*summary);
  return 0;
}

}  // namespace

void add_nightly_options(CLI::App& app, nightly::NightlyOptions& o) {
  app.add_option("--tables-dir", o.tables_dir, "Folder of the table versions (bots with outer learning read it)")
      ->capture_default_str();
  app.add_option("--base-tables", o.base_tables, "The tables before the first version (T0)")->capture_default_str();
  app.add_option("--k", o.ratings.elo.k, "Elo: rating change per point of score above expectation")
      ->check(non_negative_number())
      ->capture_default_str();
  app.add_option("--start", o.ratings.elo.start, "Elo: rating of a new player")
      ->check(positive_number())
      ->capture_default_str();
  app.add_flag("--hand-luck", o.ratings.chance.hand_luck, "Correct each game's value for the luck of the cards (i1)");
  app.add_flag("--high-value", o.ratings.chance.high_value, "Use the mean game value instead of the actual one (i2)");
  app.add_option("--mean-value", o.ratings.chance.mean_value, "The mean game value of --high-value")
      ->check(positive_number())
      ->capture_default_str();
}

Command add_nightly_command(CLI::App& parent) {
  auto options = std::make_shared<nightly::NightlyOptions>();
  CLI::App* app = parent.add_subcommand(
      "nightly", "The nightly job: fold new games into the next table version, scores and ratings (leaderboard)");
  app->add_option("--db", options->db_path, "The database")->capture_default_str();
  add_nightly_options(*app, *options);
  return {app, [options] { return run_nightly_command(*options); }};
}

}  // namespace skat::cli
