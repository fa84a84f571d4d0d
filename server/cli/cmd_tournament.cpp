// `skat tournament`: bot A against bot B on seeded duplicate deals in the 2:1 and 1:2 seatings,
// in-process and in parallel (bots/tournament), with progress on stderr and the report of
// evaluation.md as text (default) or JSON on stdout.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"
#include "server/cli/command.h"
#include "server/cli/progress_line.h"
#include "server/cli/tournament_json.h"

namespace skat::cli {

namespace {

struct TournamentArgs {
  std::string a = "rule";
  std::string b = "pimc";
  int deals = 100;
  std::uint64_t seed = 1;
  std::string seating = "both";
  int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  bool json = false;
  bool no_judge = false;
  bool quiet = false;
};

int run_tournament_command(const TournamentArgs& args) {
  bots::TournamentConfig config;
  for (auto [text, spec] : {std::pair{&args.a, &config.a}, std::pair{&args.b, &config.b}}) {
    auto parsed = bots::parse_bot_spec(*text);
    if (!parsed) {
      std::cerr << "tournament: " << parsed.error() << '\n';
      return 2;
    }
    *spec = *parsed;
  }
  config.deals = args.deals;
  config.seed = args.seed;
  config.threads = args.threads;
  config.judge = !args.no_judge;
  config.b_seats = args.seating == "2:1"   ? std::vector<int>{1}
                   : args.seating == "1:2" ? std::vector<int>{2}
                                           : std::vector<int>{1, 2};
  const auto start = std::chrono::steady_clock::now();
  std::vector<bots::TournamentGame> games;
  try {
    ProgressLine line("deals", std::chrono::seconds(10), 2);
    games = bots::run_tournament(
        config, args.quiet ? bots::ProgressFn{} : bots::ProgressFn([&](const bots::Progress& p) { line.show(p); }));
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return 1;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bots::TournamentReport report = bots::make_report(config, games, seconds);
  if (args.json)
    std::cout << tournament_report_json(report).dump(2) << '\n';
  else
    std::cout << bots::report_text(report);
  return 0;
}

}  // namespace

Command add_tournament_command(CLI::App& parent) {
  auto args = std::make_shared<TournamentArgs>();
  CLI::App* app = parent.add_subcommand(
      "tournament", "Bot A against bot B on duplicate deals, seatings 2:1 and 1:2, with a report (in-process)");
  app->add_option("--a", args->a, "Bot A: kind[:key=value,...], kinds random, simple, rule, pimc")
      ->capture_default_str();
  app->add_option("--b", args->b, "Bot B, as --a")->capture_default_str();
  app->add_option("--deals", args->deals, "Duplicate deals per seating")
      ->check(positive_number())
      ->capture_default_str();
  app->add_option("--seed", args->seed, "Seed of the deals and the bots")->capture_default_str();
  app->add_option("--seating", args->seating, "Seatings to play")
      ->check(CLI::IsMember({"2:1", "1:2", "both"}))
      ->capture_default_str();
  app->add_option("--threads", args->threads, "Deals played in parallel")
      ->check(positive_number())
      ->capture_default_str();
  app->add_flag("--json", args->json, "Print the report as JSON");
  app->add_flag("--no-judge", args->no_judge, "Skip the open-card solver's verdict on each game (no accuracy)");
  app->add_flag("--quiet", args->quiet, "No progress on stderr");
  return {app, [args] { return run_tournament_command(*args); }};
}

}  // namespace skat::cli
