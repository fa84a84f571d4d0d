#include "db/export.h"

#include <fmt/chrono.h>

#include <ctime>

#include "db/record_game.h"

namespace skat::db {

namespace {

// ISS DT[]: YYYY-MM-DD/hh:mm:ss/UTC.
std::string iss_time(Timestamp t) {
  return fmt::format("{:%Y-%m-%d/%H:%M:%S}/UTC", fmt::gmtime(std::chrono::system_clock::to_time_t(t)));
}

}  // namespace

std::string sgf_line_from(const SeriesRecord& series, const GameRecord& game, const Game& finished_game) {
  std::array<std::string, 3> names;
  for (int pos = 0; pos < 3; ++pos)
    names[static_cast<std::size_t>(pos)] = series.seats[static_cast<std::size_t>(pgn_seat_of(game.index, pos))].name;
  const SgfGame record = sgf_game_from(finished_game, names, std::to_string(series.id), std::to_string(game.id),
                                       iss_time(game.finished_at));
  return write_sgf_game(record);
}

std::expected<std::string, std::string> sgf_line_of(const SeriesRecord& series, const GameRecord& game,
                                                    const AuctionReader& read_auction) {
  if (!game.sgf.empty()) return game.sgf;
  std::vector<Action> auction;
  if (read_auction) {
    auto calls = read_auction(game.event_log);
    if (!calls) return std::unexpected("event log: " + calls.error());
    auction = std::move(*calls);
  }
  auto line = read_pgn_game(game.pgn, game.index + 1);
  if (!line) return std::unexpected(to_string(line.error()));
  auto engine_game = game_from_pgn(*line, auction);
  if (!engine_game) return std::unexpected(engine_game.error());
  return sgf_line_from(series, game, *engine_game);
}

std::expected<ExportReport, DbError> export_pgn(Connection& c, const SeriesFilter& filter, const ExportSink& sink) {
  ExportReport report;
  auto walked = for_each_series(c, filter, [&](const SeriesRecord& s) {
    if (s.pgn.empty()) return true;  // still running
    if (report.series > 0 && !sink("\n")) return false;
    ++report.series;
    report.games += s.games_played;
    return sink(s.pgn);
  });
  if (!walked) return std::unexpected(walked.error());
  return report;
}

std::expected<ExportReport, DbError> export_sgf(Connection& c, const SeriesFilter& filter, const ExportSink& sink,
                                                const AuctionReader& read_auction) {
  ExportReport report;
  std::optional<DbError> failure;
  auto walked = for_each_series(c, filter, [&](const SeriesRecord& s) {
    if (s.pgn.empty()) return true;
    auto games = list_games(c, s.id);
    if (!games) {
      failure = games.error();
      return false;
    }
    ++report.series;
    for (const GameRecord& g : *games) {
      auto line = sgf_line_of(s, g, read_auction);
      if (!line) {
        report.problems.push_back("series " + std::to_string(s.id) + " game " + std::to_string(g.index) + ": " +
                                  line.error());
        continue;
      }
      ++report.games;
      if (!sink(*line + "\n")) return false;
    }
    return true;
  });
  if (!walked) return std::unexpected(walked.error());
  if (failure) return std::unexpected(*failure);
  return report;
}

}  // namespace skat::db
