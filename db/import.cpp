#include "db/import.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <ctime>
#include <map>

#include "db/games.h"
#include "db/players.h"
#include "db/record_game.h"
#include "db/series.h"
#include "db/transaction.h"
#include "engine/records/replay.h"

namespace skat::db {

namespace {

// The identity of imported records: a BLAKE2b-256 of their canonical text.
std::string import_key(std::string_view kind, std::string_view canonical) {
  std::array<unsigned char, 32> hash{};
  crypto_generichash(hash.data(), hash.size(), reinterpret_cast<const unsigned char*>(canonical.data()),
                     canonical.size(), nullptr, 0);
  std::string hex(hash.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), hash.data(), hash.size());
  hex.pop_back();
  return std::string(kind) + ":" + hex;
}

std::string replay_problem(const ReplayOutcome& outcome) {
  if (outcome.error) return *outcome.error;
  std::string s;
  for (const std::string& m : outcome.mismatches) s += (s.empty() ? "" : "; ") + m;
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  return out;
}

// Three names that can be three players of one series.
std::optional<std::string> seat_names_problem(const std::array<std::string, 3>& names) {
  for (const std::string& n : names)
    if (auto r = validate_player_name(n); !r) return "player '" + n + "': " + r.error().message;
  if (lower(names[0]) == lower(names[1]) || lower(names[0]) == lower(names[2]) || lower(names[1]) == lower(names[2]))
    return std::string("the three seats must be three different players");
  return std::nullopt;
}

// "DD.MM.YYYY" and "HH:MM" in the server's local time (the PGN header).
std::optional<Timestamp> pgn_start(const PgnHeader& h) {
  std::tm t{};
  int day = 0, month = 0, year = 0, hour = 0, minute = 0;
  if (std::sscanf(h.date.c_str(), "%d.%d.%d", &day, &month, &year) != 3) return std::nullopt;
  if (std::sscanf(h.time.c_str(), "%d:%d", &hour, &minute) != 2) return std::nullopt;
  t.tm_mday = day;
  t.tm_mon = month - 1;
  t.tm_year = year - 1900;
  t.tm_hour = hour;
  t.tm_min = minute;
  t.tm_isdst = -1;
  const std::time_t secs = std::mktime(&t);
  if (secs == static_cast<std::time_t>(-1)) return std::nullopt;
  return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::from_time_t(secs));
}

// ISS DT[YYYY-MM-DD/hh:mm:ss/UTC].
std::optional<Timestamp> sgf_time(std::string_view dt) {
  std::tm t{};
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (std::sscanf(std::string(dt).c_str(), "%d-%d-%d/%d:%d:%d", &year, &month, &day, &hour, &minute, &second) != 6)
    return std::nullopt;
  t.tm_year = year - 1900;
  t.tm_mon = month - 1;
  t.tm_mday = day;
  t.tm_hour = hour;
  t.tm_min = minute;
  t.tm_sec = second;
  const std::time_t secs = timegm(&t);
  if (secs == static_cast<std::time_t>(-1)) return std::nullopt;
  return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::from_time_t(secs));
}

// A series ready to store: the PGN (seat ids filled in when stored), each game's ISS line if any.
struct Prepared {
  PgnSeries pgn;
  std::vector<std::string> sgf_lines;  // empty, or one per game
  std::vector<Timestamp> finished_at;  // one per game
  Timestamp started_at{};
  Timestamp finished{};
  std::string key;
  bool keep_pgn_text = false;  // PGN import: store the text as read (source seat ids)
};

// Stores one prepared series in one transaction. Returns false when it was imported before.
std::expected<bool, DbError> store(Connection& c, Prepared& p, const ImportOptions& options, ImportReport& report) {
  if (auto found = find_imported_series(c, p.key); !found)
    return std::unexpected(found.error());
  else if (*found)
    return false;
  auto tx = Transaction::begin(c);
  if (!tx) return std::unexpected(tx.error());
  NewSeries n;
  n.event = p.pgn.header.event;
  n.deals = static_cast<int>(p.pgn.games.size());
  n.started_at = p.started_at;
  n.import_key = p.key;
  for (std::size_t i = 0; i < 3; ++i) {
    auto player = find_or_create_player(c, p.pgn.header.seats[i].name, options.new_players);
    if (!player) return std::unexpected(player.error());
    n.seats[i] = player->id;
    if (!p.keep_pgn_text) p.pgn.header.seats[i].id = player->id;
  }
  auto series = create_series(c, n);
  if (!series) return std::unexpected(series.error());
  for (std::size_t i = 0; i < p.pgn.games.size(); ++i) {
    GameRecord g = game_record_from(series->id, p.pgn.games[i], p.finished_at[i]);
    if (!p.sgf_lines.empty()) g.sgf = p.sgf_lines[i];
    if (auto id = insert_game(c, g); !id) return std::unexpected(id.error());
  }
  const std::string text = write_pgn(p.pgn);
  if (auto r = finish_series(c, series->id, text, p.pgn.header.result, p.finished); !r)
    return std::unexpected(r.error());
  if (auto r = tx->commit(); !r) return std::unexpected(r.error());
  report.stored.push_back(series->id);
  report.games_stored += static_cast<int>(p.pgn.games.size());
  return true;
}

std::expected<void, DbError> store_counted(Connection& c, Prepared& p, const ImportOptions& options,
                                           ImportReport& report) {
  auto stored = store(c, p, options, report);
  if (!stored) return std::unexpected(stored.error());
  ++(*stored ? report.series_stored : report.series_skipped);
  return {};
}

// ---- PGN ----

// Problems of one read series; empty when it can be stored.
std::vector<std::string> check_pgn_series(const PgnReadResult& read, int& bad_games) {
  std::vector<std::string> problems;
  for (const RecordError& e : read.errors) {
    problems.push_back(to_string(e));
    ++bad_games;
  }
  const PgnSeries& s = read.series;
  for (std::size_t i = 0; i < s.games.size(); ++i) {
    const PgnGame& g = s.games[i];
    const std::string where = "game " + std::to_string(g.id) + ": ";
    if (g.id != static_cast<int>(i)) {
      problems.push_back(where + "game ids must count 0, 1, 2, … (expected " + std::to_string(i) + ")");
      ++bad_games;
      continue;
    }
    const ReplayOutcome outcome = replay_pgn(g);
    if (!outcome.ok()) {
      problems.push_back(where + replay_problem(outcome));
      ++bad_games;
      continue;
    }
    if (auto game = game_from_pgn(g); !game) {
      problems.push_back(where + game.error());
      ++bad_games;
    }
  }
  if (s.games.empty() && read.errors.empty()) problems.push_back("no game lines");
  if (problems.empty() && pgn_series_result(s.games) != s.header.result)
    problems.push_back("the Result header differs from the result of the games");
  std::array<std::string, 3> names;
  for (std::size_t i = 0; i < 3; ++i) names[i] = s.header.seats[i].name;
  if (auto p = seat_names_problem(names)) problems.push_back(*p);
  return problems;
}

// ---- SGF ----

struct SgfEntry {
  SgfGame record;
  Game game;
};

std::array<std::string, 3> players_of(const SgfGame& g) {
  return {std::string(g.property("P0")), std::string(g.property("P1")), std::string(g.property("P2"))};
}

// Whether the game, as number `n` of a series with these seats, has the PGN rotation's players.
bool follows_rotation(const SgfGame& g, int n, const std::array<std::string, 3>& seats) {
  const auto players = players_of(g);
  for (int pos = 0; pos < 3; ++pos)
    if (players[static_cast<std::size_t>(pos)] != seats[static_cast<std::size_t>(pgn_seat_of(n, pos))]) return false;
  return true;
}

// Splits the games of one SE[] group into series that follow the seat rotation.
std::vector<std::vector<const SgfEntry*>> runs_of(const std::vector<const SgfEntry*>& group) {
  std::vector<std::vector<const SgfEntry*>> runs;
  std::array<std::string, 3> seats;
  for (const SgfEntry* e : group) {
    if (runs.empty() || !follows_rotation(e->record, static_cast<int>(runs.back().size()), seats)) {
      runs.emplace_back();
      seats = players_of(e->record);
    }
    runs.back().push_back(e);
  }
  return runs;
}

Prepared prepare_sgf_series(const std::vector<const SgfEntry*>& run) {
  Prepared p;
  const SgfGame& first = run.front()->record;
  const std::string se(first.property("SE"));
  p.pgn.header.event = se.empty() ? "ISS game " + std::string(first.id()) : "ISS series " + se;
  const auto names = players_of(first);
  for (std::size_t i = 0; i < 3; ++i) p.pgn.header.seats[i].name = names[i];
  std::string canonical;
  const Timestamp fallback = now();
  for (std::size_t n = 0; n < run.size(); ++n) {
    const SgfEntry& e = *run[n];
    p.pgn.games.push_back(pgn_game_from(e.game, static_cast<int>(n), {0, 0, 0}));
    p.sgf_lines.push_back(write_sgf_game(e.record));
    canonical += p.sgf_lines.back() + "\n";
    p.finished_at.push_back(sgf_time(e.record.property("DT")).value_or(fallback));
  }
  p.started_at = p.finished_at.front();
  p.finished = *std::max_element(p.finished_at.begin(), p.finished_at.end());
  set_pgn_date(p.pgn.header, p.started_at, p.finished);
  fill_pgn_result(p.pgn);
  p.key = import_key("sgf", canonical);
  return p;
}

std::string game_label(const SgfGame& g, int line) {
  return "line " + std::to_string(line) + (g.id().empty() ? std::string() : ", game " + std::string(g.id()));
}

}  // namespace

std::expected<ImportReport, DbError> import_pgn(Connection& c, std::string_view text, const ImportOptions& options) {
  ImportReport report;
  int number = 0;
  for (const PgnReadResult& read : read_pgn_series_list(text)) {
    ++number;
    const std::string label = "series " + std::to_string(number) + " ('" + read.series.header.event + "')";
    int bad_games = 0;
    const std::vector<std::string> problems = check_pgn_series(read, bad_games);
    if (!problems.empty()) {
      for (const std::string& p : problems) report.problems.push_back(label + ": " + p);
      ++report.series_refused;
      report.games_refused += bad_games;
      continue;
    }
    Prepared p;
    p.pgn = read.series;
    p.keep_pgn_text = true;
    p.started_at = pgn_start(p.pgn.header).value_or(now());
    p.finished = p.started_at + std::chrono::minutes(p.pgn.header.duration_minutes);
    // PGN keeps no time per game: each gets the end of its series.
    p.finished_at.assign(p.pgn.games.size(), p.finished);
    p.key = import_key("pgn", write_pgn(p.pgn));
    if (auto r = store_counted(c, p, options, report); !r) return std::unexpected(r.error());
  }
  return report;
}

std::expected<ImportReport, DbError> import_sgf(Connection& c, std::string_view text, const ImportOptions& options) {
  ImportReport report;
  std::vector<SgfEntry> entries;
  int number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    auto record = read_sgf_game(line, number);
    if (!record) {
      report.problems.push_back(to_string(record.error()));
      ++report.games_refused;
      continue;
    }
    const ReplayOutcome outcome = replay_sgf(*record);
    std::expected<Game, std::string> game = std::unexpected(replay_problem(outcome));
    if (outcome.ok()) game = game_from_sgf(*record);
    std::optional<std::string> problem;
    if (!game)
      problem = game.error();
    else
      problem = seat_names_problem(players_of(*record));
    if (problem) {
      report.problems.push_back(game_label(*record, number) + ": " + *problem);
      ++report.games_refused;
      continue;
    }
    entries.push_back(SgfEntry{std::move(*record), std::move(*game)});
  }
  // Groups by SE[] in order of first appearance; a game without SE[] is a group of its own.
  std::vector<std::vector<const SgfEntry*>> groups;
  std::map<std::string, std::size_t, std::less<>> group_of;
  for (const SgfEntry& e : entries) {
    const std::string se(e.record.property("SE"));
    if (se.empty()) {
      groups.push_back({&e});
      continue;
    }
    auto [it, fresh] = group_of.try_emplace(se, groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(&e);
  }
  for (const auto& group : groups) {
    for (const auto& run : runs_of(group)) {
      Prepared p = prepare_sgf_series(run);
      if (auto r = store_counted(c, p, options, report); !r) return std::unexpected(r.error());
    }
  }
  return report;
}

}  // namespace skat::db
