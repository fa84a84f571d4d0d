// `skat export`: finished series out of the database, streamed as series PGN (the stored text,
// series separated by a blank line) or ISS SGF (one line per game; db/export.h says how each
// line is made). Dates are UTC days; --to is inclusive.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/command.h"
#include "db/export.h"
#include "db/migrations.h"
#include "db/players.h"
#include "server/table/game_log.h"

namespace skat::cli {

namespace {

struct ExportArgs {
  std::string db = "data/skat.db";
  std::string format = "pgn";
  std::string player;
  std::string from;
  std::string to;
  std::optional<std::int64_t> table;
  std::string status = "finished";
  std::string out = "-";
};

std::optional<std::chrono::sys_days> parse_day(const std::string& text) {
  int y = 0;
  unsigned m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2u-%2u%c", &y, &m, &d, &tail) != 3) return std::nullopt;
  const std::chrono::year_month_day day{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}};
  if (!day.ok()) return std::nullopt;
  return std::chrono::sys_days{day};
}

CLI::Validator day_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return parse_day(text) ? std::string() : "'" + text + "' is not a date YYYY-MM-DD";
      },
      "YYYY-MM-DD", "date");
}

db::SeriesFilter filter_of(const ExportArgs& args) {
  db::SeriesFilter f;
  if (!args.player.empty()) f.player_name = args.player;
  if (!args.from.empty()) f.from = std::chrono::time_point_cast<std::chrono::milliseconds>(*parse_day(args.from));
  if (!args.to.empty())  // inclusive: up to the start of the next day
    f.to = std::chrono::time_point_cast<std::chrono::milliseconds>(*parse_day(args.to) + std::chrono::days{1});
  f.table_id = args.table;
  if (args.status != "all") f.status = db::parse_series_status(args.status);
  return f;
}

int run_export(const ExportArgs& args) {
  db::OpenOptions options;
  options.create = false;  // exporting from a database that does not exist is a mistake
  auto conn = db::open_database(args.db, options);
  if (!conn) {
    spdlog::error("export: {}", conn.error().message);
    return 1;
  }
  if (!args.player.empty()) {
    auto player = db::find_player(*conn, args.player);
    if (!player || !*player) {
      spdlog::error("export: {}", player ? "no player named '" + args.player + "'" : player.error().message);
      return 1;
    }
  }
  std::ofstream file;
  if (args.out != "-") {
    file.open(args.out, std::ios::binary | std::ios::trunc);
    if (!file) {
      spdlog::error("export: cannot open '{}' for writing", args.out);
      return 1;
    }
  }
  std::ostream& out = args.out == "-" ? std::cout : file;
  const db::ExportSink sink = [&out](std::string_view chunk) {
    out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    return static_cast<bool>(out);
  };
  const db::SeriesFilter filter = filter_of(args);
  auto report = args.format == "sgf" ? db::export_sgf(*conn, filter, sink, table::auction_calls)
                                     : db::export_pgn(*conn, filter, sink);
  out.flush();
  if (!report) {
    spdlog::error("export: {}", report.error().message);
    return 1;
  }
  if (!out) {
    spdlog::error("export: writing '{}' failed", args.out);
    return 1;
  }
  for (const std::string& p : report->problems) spdlog::warn("export: left out {}", p);
  spdlog::info("export: {} series, {} games as {} -> {}", report->series, report->games, args.format, args.out);
  if (!report->problems.empty()) {
    spdlog::error("export: {} games could not be written", report->problems.size());
    return 1;
  }
  return 0;
}

}  // namespace

Command add_export_command(CLI::App& parent) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* app = parent.add_subcommand("export", "Stored series out of the database as PGN or ISS SGF");
  app->add_option("--db", args->db, "SQLite file or postgresql:// URL")->capture_default_str();
  app->add_option("--format", args->format, "pgn (series PGN) or sgf (one ISS line per game)")
      ->check(CLI::IsMember({"pgn", "sgf"}))
      ->capture_default_str();
  app->add_option("--player", args->player, "Only series with this player");
  app->add_option("--from", args->from, "Only series started on or after this day (UTC)")->check(day_check());
  app->add_option("--to", args->to, "Only series started on or before this day (UTC)")->check(day_check());
  app->add_option("--table", args->table, "Only series of this table id");
  app->add_option("--status", args->status, "finished, aborted or all")
      ->check(CLI::IsMember({"finished", "aborted", "all"}))
      ->capture_default_str();
  app->add_option("--out", args->out, "Output file, - for stdout")->capture_default_str();
  return {app, [args] { return run_export(*args); }};
}

}  // namespace skat::cli
