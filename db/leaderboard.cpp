#include "db/leaderboard.h"

#include <algorithm>
#include <string_view>

#include "db/accounts.h"
#include "db/series.h"

namespace skat::db {

namespace {

// The games of each finished series that a substitute bot played in (games.replaced): they count for
// no one (docs/ratings.md §7), so their deals, Seeger-Fabian points and declarer games are taken
// off each seat's series figures.
constexpr std::string_view kSubstitutedSql =
    "SELECT series_id, count(*) AS deals, sum(sf1) AS sf0, sum(sf2) AS sf1, sum(sf3) AS sf2, "
    "sum(CASE WHEN declarer_seat = 0 AND won = 1 THEN 1 ELSE 0 END) AS won0, "
    "sum(CASE WHEN declarer_seat = 1 AND won = 1 THEN 1 ELSE 0 END) AS won1, "
    "sum(CASE WHEN declarer_seat = 2 AND won = 1 THEN 1 ELSE 0 END) AS won2, "
    "sum(CASE WHEN declarer_seat = 0 AND won = 0 THEN 1 ELSE 0 END) AS lost0, "
    "sum(CASE WHEN declarer_seat = 1 AND won = 0 THEN 1 ELSE 0 END) AS lost1, "
    "sum(CASE WHEN declarer_seat = 2 AND won = 0 THEN 1 ELSE 0 END) AS lost2 "
    "FROM games WHERE replaced <> 0 GROUP BY series_id";

// The substituted games' figure of the seat: `name` followed by the seat number (0 without any).
std::string of_seat(std::string_view name) {
  const std::string n(name);
  return "coalesce(CASE ss.seat WHEN 0 THEN sub." + n + "0 WHEN 1 THEN sub." + n + "1 ELSE sub." + n + "2 END, 0)";
}

std::string leaderboard_sql(PlayerGroup group) {
  std::string sql = "SELECT p.id, p.name, p.kind, coalesce(" + std::string(kProgramNameSql) +
                    ", ''), count(*), sum(s.games_played - coalesce(sub.deals, 0)), sum(ss.won - " + of_seat("won") +
                    "), sum(ss.lost - " + of_seat("lost") + "), sum(ss.score - " + of_seat("sf") +
                    "), b.owner_id, o.name FROM series_seats ss JOIN series s ON s.id = ss.series_id "
                    "JOIN players p ON p.id = ss.player_id LEFT JOIN bot_accounts b ON b.player_id = p.id "
                    "LEFT JOIN players o ON o.id = b.owner_id LEFT JOIN (" +
                    std::string(kSubstitutedSql) +
                    ") sub ON sub.series_id = s.id WHERE s.status = 'finished' AND NOT " +
                    std::string(kUncountedSeriesSql);
  if (group == PlayerGroup::Humans) sql += " AND p.kind IN ('human', 'guest')";
  if (group == PlayerGroup::Bots) sql += " AND p.kind = 'bot'";
  return sql + " GROUP BY p.id, p.name, p.kind, b.kind, b.program, b.owner_id, o.name";
}

}  // namespace

std::expected<std::vector<LeaderboardRow>, DbError> leaderboard(Connection& c, PlayerGroup group) {
  auto st = c.statement(leaderboard_sql(group));
  if (!st) return std::unexpected(st.error());
  std::vector<LeaderboardRow> rows;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    LeaderboardRow r;
    r.player_id = st->int64(0);
    r.name = st->text(1);
    r.kind = parse_player_kind(st->text(2)).value_or(PlayerKind::Human);
    r.bot_kind = st->text(3);
    r.series = st->integer(4);
    r.deals = st->integer(5);
    r.won = st->integer(6);
    r.lost = st->integer(7);
    r.declared = r.won + r.lost;
    r.score = st->integer(8);
    r.owner_id = st->optional_int64(9);
    if (!st->is_null(10)) r.owner_name = st->text(10);
    r.score_per_36 = r.deals > 0 ? static_cast<double>(r.score) * 36.0 / static_cast<double>(r.deals) : 0.0;
    rows.push_back(std::move(r));
  }
  std::sort(rows.begin(), rows.end(), [](const LeaderboardRow& a, const LeaderboardRow& b) {
    if (a.score_per_36 != b.score_per_36) return a.score_per_36 > b.score_per_36;
    if (a.score != b.score) return a.score > b.score;
    return a.player_id < b.player_id;
  });
  return rows;
}

}  // namespace skat::db
