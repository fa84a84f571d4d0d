// `skat selfplay`: series of the simple player in-process, written as series PGN (records.md §1)
// to a file or stdout; a one-line summary goes to stderr.
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "server/cli/command.h"
#include "server/cli/selfplay.h"

namespace skat::cli {

namespace {

struct SelfplayArgs {
  int series = 1;
  int deals = 36;
  std::optional<std::uint64_t> seed;
  std::string out = "-";
};

PgnHeader make_header(int series_index) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char date[16];
  char time[8];
  std::strftime(date, sizeof(date), "%d.%m.%Y", &local);
  std::strftime(time, sizeof(time), "%H:%M", &local);
  PgnHeader h;
  h.event = "Selfplay " + std::to_string(series_index + 1);
  h.date = date;
  h.time = time;
  for (int i = 0; i < 3; ++i)
    h.seats[static_cast<std::size_t>(i)] = {"Simple" + std::to_string(i + 1), static_cast<std::int64_t>(i + 1)};
  return h;
}

int run_selfplay(const SelfplayArgs& args) {
  // Without --seed the run is still reproducible: the seed drawn from OS entropy is in the summary.
  const std::uint64_t seed = args.seed ? *args.seed : Csprng()();
  std::ofstream file;
  if (args.out != "-") {
    file.open(args.out, std::ios::binary | std::ios::trunc);
    if (!file) {
      spdlog::error("selfplay: cannot open '{}' for writing", args.out);
      return 1;
    }
  }
  std::ostream& out = args.out == "-" ? std::cout : file;
  Csprng gen = Csprng::from_seed(seed);
  SeriesStats stats;
  for (int s = 0; s < args.series; ++s) {
    auto series = play_series(gen, args.deals, make_header(s), stats);
    if (!series) {
      spdlog::error("selfplay: series {}: {}", s + 1, series.error());
      return 1;
    }
    if (s > 0) out << '\n';
    out << write_pgn(*series);
  }
  out.flush();
  if (!out) {
    spdlog::error("selfplay: writing '{}' failed", args.out);
    return 1;
  }
  spdlog::info("selfplay: {} series, {} games ({} folded, declarer {} won / {} lost), seed {} -> {}", args.series,
               stats.games, stats.folded, stats.won, stats.lost, seed, args.out);
  return 0;
}

}  // namespace

Command add_selfplay_command(CLI::App& parent) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* app = parent.add_subcommand("selfplay", "Series of bots against each other in-process, written as PGN");
  app->add_option("--series", args->series, "Number of series")->check(positive_number())->capture_default_str();
  app->add_option("--deals", args->deals, "Deals per series")->check(positive_number())->capture_default_str();
  app->add_option("--seed", args->seed, "64-bit seed of the deals and bots (default: from OS entropy, logged)");
  app->add_option("--out", args->out, "Output PGN file, - for stdout")->capture_default_str();
  return {app, [args] { return run_selfplay(*args); }};
}

}  // namespace skat::cli
