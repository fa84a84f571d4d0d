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
#include "engine/game.h"

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
// The calls of a stored game's auction as played (every bid, hold and pass in order), read from
// its event log (games.event_log); empty when the log has none. The server owns the log's format
// and passes its reader in (server/table/game_log.h: table::auction_calls), so db stays free of it.
using AuctionReader = std::function<std::expected<std::vector<Action>, std::string>(std::string_view event_log)>;

// Every game of the matching series with a PGN, one ISS line each, its auction as played wherever
// that is known:
// - a game imported from SGF is written with its original ISS line, verbatim;
// - a server game is written with the line the server stored when it inserted the game (written
//   from the live engine game: every call of the auction as played);
// - a server game stored without that line (before the server wrote it) is rebuilt from its PGN
//   line replayed through the engine (record_game.h) with the auction calls `read_auction` finds
//   in its event log; the line is the one the server would have stored;
// - a game without an event log (imported PGN, or no `read_auction`) is rebuilt from its PGN line
//   alone: the PGN keeps only each position's highest bid, so the auction is the shortest legal
//   one giving those bids (MH bidding 18, 20, 22, 23 with FH holding up to 22, then passing, and
//   RH passing, "1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 p 2 p", comes out as "1 22 0 y 1 23 0 p 2 p").
// SE[] is the series id, ID[] the game id, DT[] the game's end (UTC), P0..P2 the forehand,
// middlehand and rearhand players. A game whose line cannot be made is left out and named in
// ExportReport::problems.
std::expected<ExportReport, DbError> export_sgf(Connection& c, const SeriesFilter& filter, const ExportSink& sink,
                                                const AuctionReader& read_auction);

// The ISS line of one stored game of `series` (no newline), or what prevents it: the stored line
// when there is one, else the PGN line replayed with the auction calls `read_auction` finds in the
// event log (none, or no `read_auction`: the shortest auction giving the PGN's highest bids).
std::expected<std::string, std::string> sgf_line_of(const SeriesRecord& series, const GameRecord& game,
                                                    const AuctionReader& read_auction);
// The ISS line of `finished_game` played as the stored `game` (its id, end and index) of `series`:
// what the server stores in GameRecord::sgf right after inserting a game.
std::string sgf_line_from(const SeriesRecord& series, const GameRecord& game, const Game& finished_game);

}  // namespace skat::db
