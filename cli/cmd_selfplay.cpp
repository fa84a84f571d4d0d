// `skat selfplay`: series of one bot kind in all three seats, in-process and in parallel over
// series, written as series PGN (docs/records.md §1) to a file or stdout; progress and a summary on
// stderr, and with --stats the statistics per game class (shares, declarer wins, accuracy
// against the open-card solver with --judge) that compare with the outer-learning paper's Table 1
// (docs/papers.md [outer-learning]).
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "bots/bot_factory.h"
#include "cli/command.h"
#include "cli/progress_line.h"
#include "cli/selfplay.h"
#include "common/csprng.h"
#include "db/import.h"
#include "db/migrations.h"

namespace skat::cli {

namespace {

struct SelfplayArgs {
  int series = 1;
  int deals = 36;
  std::optional<std::uint64_t> seed;
  std::string out = "-";
  std::string db;
  std::vector<std::string> bots{"simple"};  // one for every seat, or up to three seated in turn
  int threads = 1;
  bool judge = false;
  bool stats = false;
  std::string strengths;
};

// Seat i's name: its bot's kind, capitalised, and the seat number ("Full1", "Rule2", …).
PgnHeader make_header(int series_index, const std::vector<bots::BotSpec>& bots) {
  const std::tm local = fmt::localtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now()));
  PgnHeader h;
  h.event = "Selfplay " + std::to_string(series_index + 1);
  h.date = fmt::format("{:%d.%m.%Y}", local);
  h.time = fmt::format("{:%H:%M}", local);
  for (std::size_t i = 0; i < 3; ++i) {
    std::string name = bots[i % bots.size()].kind;
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    h.seats[i] = {name + std::to_string(i + 1), static_cast<std::int64_t>(i + 1)};
  }
  return h;
}

std::string stats_text(const SeriesStats& s) {
  static const char* kClass[] = {"suit", "grand", "null"};
  const int played = s.games - s.folded;
  std::string out = fmt::format("games {}, folded {} ({:.1f} %), declarer won {} / lost {}\n", s.games, s.folded,
                                s.games ? 100.0 * s.folded / s.games : 0.0, s.won, s.lost);
  if (s.clock_stops > 0)
    out += fmt::format("not reproducible: the wall-clock safety net cut {} searches short\n", s.clock_stops);
  for (std::size_t c = 0; c < 3; ++c) {
    const ClassStats& k = s.classes[c];
    out +=
        fmt::format("{:<5} share {:5.1f} %  declarer won {:5.1f} %  solver accuracy {}\n", kClass[c],
                    played ? 100.0 * k.games / played : 0.0, k.games ? 100.0 * k.won / k.games : 0.0,
                    k.solver.share() ? fmt::format("{:.1f} % ({} judged)", 100.0 * *k.solver.share(), k.solver.judged)
                                     : std::string("-"));
  }
  // The outer-learning paper's Table 1: each class's judged games by verdict and result.
  for (std::size_t c = 0; c < 3; ++c) {
    const ClassStats& k = s.classes[c];
    if (k.solver.judged == 0) continue;
    out += fmt::format("{:<5} verdict won: declarer won {}, lost {}; verdict lost: declarer won {}, lost {}\n",
                       kClass[c], k.by_verdict[1][1], k.by_verdict[1][0], k.by_verdict[0][1], k.by_verdict[0][0]);
  }
  return out;
}

// The series into a database as finished, table-less series (db/import: each replayed first),
// with bot players; what the nightly job then folds like any other games.
int store_series(const std::string& path, const std::vector<PgnSeries>& series) {
  auto conn = db::open_database(path);
  if (!conn) {
    spdlog::error("selfplay: --db {}: {}", path, conn.error().message);
    return 1;
  }
  std::string text;
  for (const PgnSeries& s : series) text += write_pgn(s) + "\n";
  const auto report = db::import_pgn(*conn, text, db::ImportOptions{db::PlayerKind::Bot});
  if (!report) {
    spdlog::error("selfplay: --db {}: {}", path, report.error().message);
    return 1;
  }
  for (const std::string& problem : report->problems) spdlog::error("selfplay: --db: {}", problem);
  spdlog::info("selfplay: {} series, {} games stored in {}", report->series_stored, report->games_stored, path);
  return report->ok() ? 0 : 1;
}

int run_selfplay(const SelfplayArgs& args) {
  if (args.bots.size() > 3) {
    std::cerr << "selfplay: --bot: at most three bots, one per seat\n";
    return 2;
  }
  SelfplayConfig config;
  config.bots.clear();
  for (const std::string& text : args.bots) {
    auto spec = bots::parse_bot_spec(text);
    if (!spec) {
      std::cerr << "selfplay: " << spec.error() << '\n';
      return 2;
    }
    config.bots.push_back(*spec);
  }
  // Without --seed the run is still reproducible: the seed drawn from OS entropy is in the summary.
  config.seed = args.seed ? *args.seed : Csprng()();
  config.series = args.series;
  config.deals = args.deals;
  config.threads = args.threads;
  config.judge = args.judge;
  if (!args.strengths.empty()) {
    auto tables = bots::shared_tables(args.strengths);
    if (!tables) {
      spdlog::error("selfplay: {}", tables.error());
      return 1;
    }
    config.strengths = *tables;
  }
  std::ofstream file;
  if (args.out != "-") {
    file.open(args.out, std::ios::binary | std::ios::trunc);
    if (!file) {
      spdlog::error("selfplay: cannot open '{}' for writing", args.out);
      return 1;
    }
  }
  std::ostream& out = args.out == "-" ? std::cout : file;
  ProgressLine line("games", std::chrono::seconds(30));
  SeriesStats stats;
  const auto series = play_selfplay(
      config, [&](int s) { return make_header(s, config.bots); }, stats,
      line.on_terminal() || args.series * args.deals >= 1000
          ? bots::ProgressFn([&](const bots::Progress& p) { line.show(p); })
          : bots::ProgressFn{});
  if (!series) {
    spdlog::error("selfplay: {}", series.error());
    return 1;
  }
  for (std::size_t s = 0; s < series->size(); ++s) {
    if (s > 0) out << '\n';
    out << write_pgn((*series)[s]);
  }
  out.flush();
  if (!out) {
    spdlog::error("selfplay: writing '{}' failed", args.out);
    return 1;
  }
  std::string lineup;
  for (const bots::BotSpec& b : config.bots) lineup += (lineup.empty() ? "" : " / ") + b.describe();
  spdlog::info("selfplay: {} series of {}, {} games ({} folded, declarer {} won / {} lost), seed {} -> {}", args.series,
               lineup, stats.games, stats.folded, stats.won, stats.lost, config.seed, args.out);
  if (args.stats) std::cerr << stats_text(stats);
  return args.db.empty() ? 0 : store_series(args.db, *series);
}

}  // namespace

Command add_selfplay_command(CLI::App& parent) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* app = parent.add_subcommand("selfplay", "Series of bots against each other in-process, written as PGN");
  app->add_option("--series", args->series, "Number of series")->check(positive_number())->capture_default_str();
  app->add_option("--deals", args->deals, "Deals per series")->check(positive_number())->capture_default_str();
  app->add_option("--seed", args->seed, "64-bit seed of the deals and bots (default: from OS entropy, logged)");
  app->add_option("--out", args->out, "Output PGN file, - for stdout")->capture_default_str();
  app->add_option("--bot", args->bots,
                  "The bot in every seat; given two or three times, seat i plays the (i mod n)-th, so each plays "
                  "every position as the dealer rotates: " +
                      std::string(bots::kBotSpecHelp))
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->capture_default_str();
  app->add_option("--threads", args->threads, "Series played in parallel")
      ->check(positive_number())
      ->capture_default_str();
  app->add_flag("--judge", args->judge, "Judge every declared game with the open-card solver (accuracy in --stats)");
  app->add_flag("--stats", args->stats, "Print statistics per game class to stderr");
  app->add_option("--db", args->db, "Also store the series in this database (as imported, finished series)");
  app->add_option("--strengths", args->strengths, "Table file for the PGN hand strengths (fields 17..19)");
  return {app, [args] { return run_selfplay(*args); }};
}

}  // namespace skat::cli
