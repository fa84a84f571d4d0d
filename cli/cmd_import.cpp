// `skat import`: a series PGN file or ISS SGF lines into the database. Every game is replayed
// through the engine first; what does not replay is reported on stderr and not stored (db/import.h
// has the rules, including how SGF games are grouped into series). The summary goes to stdout;
// the exit status is 1 when anything was refused.
#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/record_input.h"
#include "db/import.h"
#include "db/migrations.h"
#include "engine/records/replay.h"

namespace skat::cli {

namespace {

struct ImportArgs {
  std::string db = "data/skat.db";
  std::string format;  // empty: detect
  std::string new_players = "human";
  std::string input = "-";
};

int run_import(const ImportArgs& args) {
  const auto input = read_record_input("import", args.input, args.format);
  if (!input) return 1;
  const std::string& text = input->text;
  const RecordFormat format = input->format;
  if (format == RecordFormat::Unknown) {
    spdlog::error("import: cannot tell the format of '{}' (use --format pgn|sgf)", args.input);
    return 1;
  }
  auto conn = db::open_database(args.db);
  if (!conn) {
    spdlog::error("import: {}", conn.error().message);
    return 1;
  }
  db::ImportOptions options;
  options.new_players = db::parse_player_kind(args.new_players).value_or(db::PlayerKind::Human);
  auto report =
      format == RecordFormat::Sgf ? db::import_sgf(*conn, text, options) : db::import_pgn(*conn, text, options);
  if (!report) {
    spdlog::error("import: {}", report.error().message);
    return 1;
  }
  for (const std::string& p : report->problems) spdlog::warn("import: {}", p);
  std::cout << "imported " << report->series_stored << " series (" << report->games_stored << " games), skipped "
            << report->series_skipped << " imported before, refused " << report->series_refused << " series and "
            << report->games_refused << " games\n";
  if (!report->ok()) {
    spdlog::error("import: {} problems, see above", report->problems.size());
    return 1;
  }
  return 0;
}

}  // namespace

Command add_import_command(CLI::App& parent) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* app = parent.add_subcommand("import", "Series PGN or ISS SGF records into the database (replayed first)");
  app->add_option("--db", args->db, "SQLite file (created when missing) or postgresql:// URL")->capture_default_str();
  app->add_option("--format", args->format, "Record format (default: detected from the content)")
      ->check(CLI::IsMember({"pgn", "sgf"}));
  app->add_option("--new-players", args->new_players, "Kind of the players created for unknown names")
      ->check(CLI::IsMember({"human", "guest", "bot"}))
      ->capture_default_str();
  app->add_option("input", args->input, "Record file, - for stdin")->required();
  return {app, [args] { return run_import(*args); }};
}

}  // namespace skat::cli
