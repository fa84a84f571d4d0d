// What the HTTP API reads from the database, as data: pages of series, a series' record and
// games, the records of many series pulled a page at a time, the leaderboard with the nightly
// ratings, a player's page, and the tournaments. No HTTP here: Api alone reads the query, maps a
// failure to its status code and builds the reply. Reads run on their own connection(s), never
// through the DbWriter, so no read waits for a write. Every method may block: the API calls them
// on the threads of its BlockingPool, never on a network thread.
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/games.h"
#include "db/leaderboard.h"
#include "db/nightly.h"
#include "db/player_stats.h"
#include "db/players.h"
#include "db/series.h"
#include "db/tournaments.h"
#include "server/play/tournament_json.h"

namespace skat::app {

struct ReadError {
  bool not_found = false;  // the asked-for series, player or tournament does not exist
  std::string message;
};
template <class T>
using Read = std::expected<T, ReadError>;

// A series record as text; `final` once the series has ended (finished or aborted): the text
// never changes after that.
struct SeriesText {
  std::string text;
  bool final = false;
};

struct SeriesWithGames {
  db::SeriesRecord series;
  std::vector<db::GameRecord> games;
};

struct Leaderboard {
  std::vector<db::LeaderboardRow> rows;        // best first
  std::optional<db::RatingSnapshot> snapshot;  // the nightly job's newest, header only
  std::vector<db::RatingRow> ratings;          // that snapshot's ratings
  // Each player's newest provisional rating (after series the snapshot does not include yet).
  std::vector<db::RatingRow> live;
};

struct PlayerPage {
  db::Player player;
  db::PlayerProfile profile;              // its program and owner, for a bot
  std::vector<db::SeriesRecord> series;   // one page of the player's series
  std::vector<db::HistoryPoint> ratings;  // after each rated series, from the newest snapshot
  std::vector<db::HistoryPoint> live;     // then after each series since, provisional
  std::optional<db::PlayerStats> stats;   // with the first page only
};

struct TournamentItem {
  db::TournamentRecord tournament;
  TournamentPeople people;
};

struct TournamentWithTables {
  db::TournamentRecord tournament;
  std::vector<db::TournamentTable> tables;
  TournamentPeople people;
};

// Fills `chunk` with the next piece of an export; false once there is none. Throws when the
// database fails midway (the reply is then cut short).
using NextChunk = std::function<bool(std::string& chunk)>;

class ReadModel {
 public:
  virtual ~ReadModel() = default;
  virtual Read<std::vector<db::SeriesRecord>> series(const db::SeriesFilter& filter, const db::Page& page) = 0;
  // The series PGN (the games so far while it runs), or one ISS SGF line per game.
  virtual Read<SeriesText> series_record(std::int64_t id, bool sgf) = 0;
  virtual Read<SeriesWithGames> series_games(std::int64_t id) = 0;
  // The stored analysis of game `game` (its id) made by analysis `version`; nothing when none is.
  virtual Read<std::optional<std::string>> game_analysis(std::int64_t game, int version) = 0;
  // The records of every finished series matching the filter, read a page of series at a time as
  // the client takes them: PGN separated by blank lines, or one ISS line per game.
  virtual NextChunk export_records(const db::SeriesFilter& filter, bool sgf) = 0;
  virtual Read<Leaderboard> leaderboard(db::PlayerGroup group) = 0;
  virtual Read<PlayerPage> player(std::int64_t id, const db::Page& page) = 0;
  // Newest first, at most `limit`.
  virtual Read<std::vector<TournamentItem>> tournaments(int limit) = 0;
  virtual Read<TournamentWithTables> tournament(std::int64_t id) = 0;
};

}  // namespace skat::app
