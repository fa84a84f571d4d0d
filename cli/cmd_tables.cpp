// `skat tables …`: the winning tables' files. `build-t0` plays seeded explorer self-play, folds it
// and writes the base tables T0 with their provenance (and optionally the games as PGN); `fold`
// folds PGN series files into a table file (outer learning by hand); `merge` sums table files
// (folds of disjoint games, e.g. from several machines); `show` prints a table file as text.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "bots/table_bot/base_tables.h"
#include "bots/tables/fold.h"
#include "bots/tables/table_files.h"
#include "cli/command.h"
#include "cli/progress_line.h"
#include "cli/tables_generate.h"

namespace skat::cli {

namespace {

struct TablesArgs {
  int games = 10000;
  std::uint64_t seed = 1;
  int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  int worlds = 4;
  int budget_ms = 2000;
  std::string out = "tables/t0.wtab";
  std::string text_out;
  std::string pgn_out;
  std::string tables_in;
  std::vector<std::string> pgn_in;
  std::string file;
};

std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out.flush());
}

std::string today() { return fmt::format("{:%Y-%m-%d}", fmt::gmtime(std::time(nullptr))); }

std::string fold_summary(const bots::FoldStats& s) {
  return fmt::format(
      "{} folded ({} with a defenders' lead), {} passed, {} filtered, {} inconsistent, {} null "
      "unattributed, {} skipped",
      s.folded, s.lead_samples, s.passed, s.filtered, s.inconsistent, s.null_unattributed, s.skipped);
}

int build_t0(const TablesArgs& args) {
  bots::BaseTablesConfig config;
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  config.pimc.worlds = args.worlds;
  config.pimc.budget = std::chrono::milliseconds(args.budget_ms);
  ProgressLine line("games", std::chrono::seconds(30));
  bots::BaseTables t0;
  try {
    t0 = bots::build_base_tables(config, [&](const bots::Progress& p) { line.show(p); });
  } catch (const std::exception& e) {
    spdlog::error("tables build-t0: {}", e.what());
    return 1;
  }
  t0.tables.meta().table_version = 0;
  t0.tables.meta().watermark = 0;  // the watermark counts database games; T0's are not in any database
  t0.tables.meta().provenance = fmt::format(
      "T0 built {} by `{}`: {} seeded explorer self-play games (seed {}, PIMC card play {} worlds, {} ms budget); {}",
      today(),
      fmt::format("skat tables build-t0 --games {} --seed {} --worlds {} --budget {}", args.games, args.seed,
                  args.worlds, args.budget_ms),
      args.games, args.seed, args.worlds, args.budget_ms, fold_summary(t0.stats));
  if (auto saved = bots::save_tables(args.out, t0.tables, bots::TableFileFormat::Binary); !saved) {
    spdlog::error("tables build-t0: {}", saved.error());
    return 1;
  }
  if (!args.text_out.empty() && !bots::save_tables(args.text_out, t0.tables, bots::TableFileFormat::Text)) {
    spdlog::error("tables build-t0: cannot write '{}'", args.text_out);
    return 1;
  }
  if (!args.pgn_out.empty()) {
    PgnSeries series;
    series.header.event = fmt::format("T0 self-play, seed {}", args.seed);
    series.header.date = "01.01.2026";
    series.header.time = "00:00";
    for (int i = 0; i < 3; ++i)
      series.header.seats[static_cast<std::size_t>(i)] = {"Explorer" + std::to_string(i + 1), i + 1};
    series.games = std::move(t0.games);
    fill_pgn_result(series);
    if (!write_file(args.pgn_out, write_pgn(series))) {
      spdlog::error("tables build-t0: cannot write '{}'", args.pgn_out);
      return 1;
    }
  }
  std::cout << t0.tables.meta().provenance << '\n';
  return 0;
}

int fold_pgn(const TablesArgs& args) {
  bots::TableSet tables;
  if (!args.tables_in.empty()) {
    auto loaded = bots::load_tables(args.tables_in);
    if (!loaded) {
      spdlog::error("tables fold: {}", loaded.error());
      return 1;
    }
    tables = std::move(*loaded);
  }
  bots::Folder folder(tables);
  std::uint64_t sequence = tables.meta().watermark;
  for (const std::string& path : args.pgn_in) {
    const auto text = slurp(path);
    if (!text) {
      spdlog::error("tables fold: cannot read '{}'", path);
      return 1;
    }
    for (const PgnReadResult& r : read_pgn_series_list(*text)) {
      for (const RecordError& e : r.errors) spdlog::warn("tables fold: {}: {}", path, e.message);
      for (const PgnGame& g : r.series.games) folder.add(++sequence, g);
    }
  }
  tables.meta().table_version += 1;
  tables.meta().provenance += fmt::format("{}version {} ({}): folded {}", tables.meta().provenance.empty() ? "" : "; ",
                                          tables.meta().table_version, today(), fold_summary(folder.stats()));
  const auto format = args.out.ends_with(".txt") ? bots::TableFileFormat::Text : bots::TableFileFormat::Binary;
  if (auto saved = bots::save_tables(args.out, tables, format); !saved) {
    spdlog::error("tables fold: {}", saved.error());
    return 1;
  }
  std::cout << fold_summary(folder.stats()) << '\n';
  return 0;
}

int merge(const TablesArgs& args) {
  bots::TableSet merged;
  std::string provenance;
  for (const std::string& path : args.pgn_in) {
    auto loaded = bots::load_tables(path);
    if (!loaded) {
      spdlog::error("tables merge: {}", loaded.error());
      return 1;
    }
    provenance += fmt::format("{}[{}] {}", provenance.empty() ? "" : " + ", path, loaded->meta().provenance);
    merged.merge(*loaded);
  }
  // One file: a conversion (e.g. text to binary) that keeps its provenance.
  if (args.pgn_in.size() > 1) merged.meta().provenance = "merge of " + provenance;
  const auto format = args.out.ends_with(".txt") ? bots::TableFileFormat::Text : bots::TableFileFormat::Binary;
  if (auto saved = bots::save_tables(args.out, merged, format); !saved) {
    spdlog::error("tables merge: {}", saved.error());
    return 1;
  }
  std::cout << fmt::format("{} games folded in {} files\n", merged.meta().games_folded, args.pgn_in.size());
  return 0;
}

int show(const TablesArgs& args) {
  auto loaded = bots::load_tables(args.file);
  if (!loaded) {
    spdlog::error("tables show: {}", loaded.error());
    return 1;
  }
  std::cout << bots::write_tables_text(*loaded);
  return 0;
}

}  // namespace

Command add_tables_command(CLI::App& parent) {
  auto args = std::make_shared<TablesArgs>();
  CLI::App* app = parent.add_subcommand(
      "tables", "Winning tables: generate games, build the base tables T0, fold PGN, merge, show a file");
  app->require_subcommand(1);
  auto selected = std::make_shared<std::function<int()>>();

  CLI::App* t0 = app->add_subcommand("build-t0", "Seeded explorer self-play folded into the base tables T0");
  t0->add_option("--games", args->games, "Games to play")->check(positive_number())->capture_default_str();
  t0->add_option("--seed", args->seed, "Seed of the deals and the players")->capture_default_str();
  t0->add_option("--threads", args->threads, "Games played in parallel")
      ->check(positive_number())
      ->capture_default_str();
  t0->add_option("--worlds", args->worlds, "PIMC worlds per card")->check(CLI::Range(1, 1000))->capture_default_str();
  t0->add_option("--budget", args->budget_ms, "PIMC time per card, ms")
      ->check(CLI::Range(1, 60000))
      ->capture_default_str();
  t0->add_option("--out", args->out, "Binary table file to write")->capture_default_str();
  t0->add_option("--text", args->text_out, "Also write the text form here");
  t0->add_option("--pgn", args->pgn_out, "Also write the games as one PGN series here");
  t0->callback([selected, args] { *selected = [args] { return build_t0(*args); }; });

  add_tables_generate(*app, selected);

  CLI::App* fold = app->add_subcommand("fold", "Fold PGN series files into a table file (a new table version)");
  fold->add_option("--tables", args->tables_in, "Table file to start from (default: empty tables)");
  fold->add_option("--out", args->out, "Table file to write (.txt: text form, else binary)")->required();
  fold->add_option("pgn", args->pgn_in, "PGN series files")->required();
  fold->callback([selected, args] { *selected = [args] { return fold_pgn(*args); }; });

  CLI::App* merge_app = app->add_subcommand("merge", "Sum table files (partial folds of disjoint games)");
  merge_app->add_option("--out", args->out, "Table file to write (.txt: text form, else binary)")->required();
  merge_app->add_option("files", args->pgn_in, "Table files")->required();
  merge_app->callback([selected, args] { *selected = [args] { return merge(*args); }; });

  CLI::App* show_app = app->add_subcommand("show", "Print a table file in the text form");
  show_app->add_option("file", args->file, "Table file (text or binary)")->required();
  show_app->callback([selected, args] { *selected = [args] { return show(*args); }; });

  return {app, [selected, args] { return *selected ? (*selected)() : 2; }};
}

}  // namespace skat::cli
