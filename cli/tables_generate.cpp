#include "cli/tables_generate.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "bots/table_bot/table_generator.h"
#include "bots/tables/table_files.h"
#include "cli/command.h"
#include "cli/progress_line.h"

namespace skat::cli {

namespace {

namespace fs = std::filesystem;

struct GenerateArgs {
  std::uint64_t games = 100000;
  std::uint64_t first_game = 0;
  std::uint64_t seed = 1;
  int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  std::string card_play = "open";
  std::uint64_t node_limit = 0;
  int worlds = 3;
  int budget_ms = 1000;
  int block = 10000;
  std::string out;
  std::string pgn_out;
  bool keep_parts = false;
};

std::string settings_text(const GenerateArgs& a) {
  std::string text = fmt::format("--seed {} --card-play {}", a.seed, a.card_play);
  if (a.card_play == "pimc") text += fmt::format(" --worlds {} --budget {}", a.worlds, a.budget_ms);
  if (a.card_play == "open") text += fmt::format(" --nodes {}", a.node_limit);
  return text;
}

std::string stats_text(const bots::FoldStats& s) {
  return fmt::format("{} folded ({} with a defenders' lead), {} passed, {} inconsistent, {} null unattributed",
                     s.folded, s.lead_samples, s.passed, s.inconsistent, s.null_unattributed);
}

// The part file of games [first, first + count): its provenance names the run's settings and the
// range, so that a resumed run takes only parts of the same run.
fs::path part_path(const fs::path& dir, std::uint64_t first, std::uint64_t count) {
  return dir / fmt::format("games-{:010}-{:010}.wtab", first, first + count);
}
std::string part_provenance(const GenerateArgs& a, std::uint64_t first, std::uint64_t count) {
  return fmt::format("generator part: games {} to {} of `skat tables generate {}`", first, first + count - 1,
                     settings_text(a));
}

int generate(const GenerateArgs& args) {
  bots::GeneratorConfig config;
  config.seed = args.seed;
  config.threads = args.threads;
  config.card_play = args.card_play == "pimc" ? bots::GeneratedCardPlay::Pimc : bots::GeneratedCardPlay::Open;
  config.node_limit = args.node_limit;
  config.pimc.worlds = args.worlds;
  config.pimc.budget = std::chrono::milliseconds(args.budget_ms);
  config.keep_games = !args.pgn_out.empty();
  const fs::path parts = fs::path(args.out).concat(".parts");
  std::error_code ec;
  fs::create_directories(parts, ec);
  if (ec) {
    spdlog::error("tables generate: cannot create '{}': {}", parts.string(), ec.message());
    return 1;
  }

  bots::TableSet total;
  bots::FoldStats stats;
  bots::OpenPlayCounts open;
  std::vector<PgnGame> games;
  std::uint64_t resumed = 0;
  const auto start = std::chrono::steady_clock::now();
  ProgressLine line("games", std::chrono::seconds(60));
  for (std::uint64_t done = 0; done < args.games;) {
    const std::uint64_t count = std::min<std::uint64_t>(static_cast<std::uint64_t>(args.block), args.games - done);
    const std::uint64_t first = args.first_game + done;
    const fs::path part = part_path(parts, first, count);
    const std::string provenance = part_provenance(args, first, count);
    if (fs::exists(part) && args.pgn_out.empty()) {
      auto loaded = bots::load_tables(part.string());
      if (!loaded || loaded->meta().provenance.rfind(provenance, 0) != 0) {
        spdlog::error("tables generate: '{}' is not a part of this run ({}): remove it or the parts folder",
                      part.string(), loaded ? loaded->meta().provenance : loaded.error());
        return 1;
      }
      total.merge(*loaded);
      resumed += count;
    } else {
      config.first_game = first;
      config.games = static_cast<int>(count);
      bots::GeneratedTables block;
      try {
        block = bots::generate_tables(config, [&](const bots::Progress& p) {
          line.show({static_cast<int>(done - resumed) + p.done, static_cast<int>(args.games - resumed),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
        });
      } catch (const std::exception& e) {
        spdlog::error("tables generate: {}", e.what());
        return 1;
      }
      block.tables.meta().provenance = provenance + ": " + stats_text(block.stats);
      if (auto saved = bots::save_tables(part.string(), block.tables, bots::TableFileFormat::Binary); !saved) {
        spdlog::error("tables generate: {}", saved.error());
        return 1;
      }
      total.merge(block.tables);
      stats += block.stats;
      open += block.open;
      for (PgnGame& g : block.games) games.push_back(std::move(g));
    }
    done += count;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  total.meta().table_version = 0;
  total.meta().watermark = 0;  // the watermark counts database games; generated games are in none
  total.meta().provenance = fmt::format(
      "generated {:%Y-%m-%d} by `skat tables generate --games {} --first-game {} {}`: {} games folded",
      fmt::gmtime(std::time(nullptr)), args.games, args.first_game, settings_text(args), total.meta().games_folded);
  if (auto saved = bots::save_tables(args.out, total, bots::TableFileFormat::Binary); !saved) {
    spdlog::error("tables generate: {}", saved.error());
    return 1;
  }
  if (!args.pgn_out.empty()) {
    PgnSeries series;
    series.header.event = fmt::format("generated games, {}", settings_text(args));
    series.header.date = "01.01.2026";
    series.header.time = "00:00";
    for (int i = 0; i < 3; ++i)
      series.header.seats[static_cast<std::size_t>(i)] = {"Explorer" + std::to_string(i + 1), i + 1};
    series.games = std::move(games);
    fill_pgn_result(series);
    std::ofstream out(args.pgn_out, std::ios::binary | std::ios::trunc);
    out << write_pgn(series);
    if (!out.flush()) {
      spdlog::error("tables generate: cannot write '{}'", args.pgn_out);
      return 1;
    }
  }
  if (!args.keep_parts) fs::remove_all(parts, ec);
  const std::uint64_t played = args.games - resumed;
  std::cout << total.meta().provenance << '\n'
            << fmt::format("played {} games in {:.1f} s ({:.1f} games/s; {} resumed from parts)", played, seconds,
                           seconds > 0 ? static_cast<double>(played) / seconds : 0.0, resumed)
            << '\n';
  if (played > 0) std::cout << "this run: " << stats_text(stats) << '\n';
  if (open.played > 0)
    std::cout << fmt::format(
                     "open-card play: {} of {} games solved before the first card; {} cards by rule while "
                     "unsolved ({:.2f} per game)",
                     open.verdict_from_first_card, open.played, open.cards_by_rule_unsolved,
                     static_cast<double>(open.cards_by_rule_unsolved) / static_cast<double>(open.played))
              << '\n';
  return 0;
}

}  // namespace

void add_tables_generate(CLI::App& tables, const std::shared_ptr<std::function<int()>>& selected) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* app = tables.add_subcommand(
      "generate", "Fast seeded explorer games folded into a table file, in resumable blocks (docs/tables.md)");
  app->add_option("--games", args->games, "Games to play")->check(CLI::Range(1ULL, 1ULL << 31))->capture_default_str();
  app->add_option("--first-game", args->first_game, "Index of the first game (shards: disjoint ranges)")
      ->check(CLI::Range(0ULL, 1ULL << 40))
      ->capture_default_str();
  app->add_option("--seed", args->seed, "Seed of the deals and the players")->capture_default_str();
  app->add_option("--threads", args->threads, "Games played in parallel")
      ->check(positive_number())
      ->capture_default_str();
  app->add_option("--card-play", args->card_play, "open (the open-card verdict) or pimc (as T0)")
      ->check(CLI::IsMember({"open", "pimc"}))
      ->capture_default_str();
  app->add_option("--nodes", args->node_limit, "open: solver nodes per question (0: no limit; see docs/tables.md)")
      ->capture_default_str();
  app->add_option("--worlds", args->worlds, "pimc: worlds per card")->check(CLI::Range(1, 1000))->capture_default_str();
  app->add_option("--budget", args->budget_ms, "pimc: time per card, ms")
      ->check(CLI::Range(1, 60000))
      ->capture_default_str();
  app->add_option("--block", args->block, "Games per part file (a stopped run resumes at its last part)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app->add_option("--out", args->out, "Binary table file to write (parts in OUT.parts until done)")->required();
  app->add_flag("--keep-parts", args->keep_parts, "Keep OUT.parts when done (to extend the run later)");
  app->add_option("--pgn", args->pgn_out, "Also write the games as one PGN series (no resuming then)");
  app->callback([selected, args] { *selected = [args] { return generate(*args); }; });
}

}  // namespace skat::cli
