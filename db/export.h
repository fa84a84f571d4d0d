// Streaming export of stored series (for `skat export` and the HTTP API): the series PGN as
// stored, or ISS SGF with one line per game. Text is handed to a sink chunk by chunk in series id
// order, reading the database in pages, so a large export never sits in memory.
#pragma once

#include <expected>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.h"
#include "db/games.h"
#include "db/series.h"

namespace skat::db {

// Receives the next piece of output; returns false to stop (e.g. the client went away).
using ExportSink = std::function<bool(std::string_view chunk)>;

struct ExportReport {
  int series = 0;
  int games = 0;
  std::vector<std::string> problems;  // games that could not be written as SGF (left out)
};

// Series with a PGN (finished or aborted) that match the filter, separated by a blank line (the
// layout of `skat selfplay` files, which read_pgn_series_list reads back).
std::expected<ExportReport, DbError> export_pgn(Connection& c, const SeriesFilter& filter, const ExportSink& sink);
// Every game of the matching series with a PGN, one ISS line each. A game imported from SGF is
// written with its original ISS line. Otherwise the line is built from the stored PGN game line
// replayed through the engine (record_game.h; the PGN keeps only the highest bids, so the auction
// is the shortest legal one giving them; the server can store the real line in GameRecord::sgf
// when it inserts the game). SE[] is the series id, ID[] the game id, DT[] the game's end (UTC),
// P0..P2 the forehand, middlehand and rearhand players.
std::expected<ExportReport, DbError> export_sgf(Connection& c, const SeriesFilter& filter, const ExportSink& sink);

// The ISS line of one stored game of `series` (no newline), or what prevents it.
std::expected<std::string, std::string> sgf_line_of(const SeriesRecord& series, const GameRecord& game);

}  // namespace skat::db
