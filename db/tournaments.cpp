#include "db/tournaments.h"

#include <algorithm>
#include <bit>

#include "db/collect_rows.h"
#include "db/error.h"

namespace skat::db {

namespace {

using detail::error;

constexpr std::string_view kTournamentColumns =
    "SELECT id, mode, a, b, seed, deals, seatings, status, created_at, finished_at, deals_done, report, curve, "
    "started_by, seed_sha256, sealed, rated, end_reason, cancelled, ladder FROM tournaments";

TournamentRecord tournament_from(const Statement& st) {
  TournamentRecord t;
  t.id = st.int64(0);
  t.mode = st.text(1);
  t.a = st.text(2);
  t.b = st.text(3);
  t.seed = std::bit_cast<std::uint64_t>(st.int64(4));
  t.deals = st.integer(5);
  t.seatings = st.text(6);
  t.status = st.text(7);
  t.created_at = st.timestamp(8);
  t.finished_at = st.optional_timestamp(9);
  t.deals_done = st.integer(10);
  t.report = st.is_null(11) ? std::string() : st.text(11);
  t.curve = st.text(12);
  t.started_by = st.optional_int64(13);
  if (!st.is_null(14)) t.seed_sha256 = st.text(14);
  t.sealed = st.boolean(15);
  t.rated = st.boolean(16);
  if (!st.is_null(17)) t.end_reason = st.text(17);
  t.cancelled = st.boolean(18);
  t.ladder = st.boolean(19);
  return t;
}

bool is_sha256_hex(std::string_view text) {
  return text.size() == 64 &&
         std::ranges::all_of(text, [](char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); });
}

}  // namespace

std::expected<TournamentId, DbError> create_tournament(Connection& c, const TournamentRecord& r) {
  if (!r.seed_sha256.empty() && !is_sha256_hex(r.seed_sha256))
    return std::unexpected(error(DbErrc::Invalid, "seed_sha256 is 64 lower-case hex digits"));
  auto st = c.statement(
      "INSERT INTO tournaments (mode, a, b, seed, deals, seatings, created_at, started_by, seed_sha256, sealed, rated, "
      "ladder) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, r.mode).bind(2, r.a).bind(3, r.b).bind(4, std::bit_cast<std::int64_t>(r.seed)).bind(5, r.deals);
  st->bind(6, r.seatings).bind(7, now()).bind(8, r.started_by).bind(10, r.sealed).bind(11, r.rated);
  st->bind(12, r.ladder);
  if (r.seed_sha256.empty())
    st->bind_null(9);
  else
    st->bind(9, r.seed_sha256);
  auto id = detail::returned_id(*st);
  if (!id && id.error().code == DbErrc::MissingRow)
    return std::unexpected(error(DbErrc::NotFound, "no player with id " + std::to_string(r.started_by.value_or(0))));
  return id;
}

std::expected<void, DbError> add_tournament_table(Connection& c, TournamentId id, const TournamentTable& t) {
  auto st = c.statement(
      "INSERT INTO tournament_tables (tournament_id, table_id, b_seats, lone_seat, first_deal) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, t.table_id).bind(3, t.b_seats).bind(4, t.lone_seat).bind(5, t.first_deal);
  return st->run();
}

std::expected<void, DbError> update_tournament(Connection& c, TournamentId id, const TournamentProgress& p) {
  auto st = c.statement(
      "UPDATE tournaments SET deals_done = ?2, report = ?3, curve = ?4, status = coalesce(?5, status), "
      "finished_at = CASE WHEN ?5 IS NULL THEN NULL ELSE CAST(?6 AS BIGINT) END, end_reason = ?7, cancelled = ?8 "
      "WHERE id = ?1 AND status = 'running'");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id).bind(2, p.deals_done);
  if (p.report.empty())
    st->bind_null(3);
  else
    st->bind(3, p.report);
  st->bind(4, p.curve.empty() ? std::string("[]") : p.curve).bind(5, p.final_status).bind(6, now());
  if (p.end_reason.empty())
    st->bind_null(7);
  else
    st->bind(7, p.end_reason);
  st->bind(8, p.cancelled);
  if (auto done = st->run(); !done) return std::unexpected(done.error());
  if (c.changes() != 1)
    return std::unexpected(error(DbErrc::Invalid, "tournament " + std::to_string(id) + " is not running"));
  return {};
}

std::expected<std::vector<TournamentRecord>, DbError> list_tournaments(Connection& c, int limit) {
  auto st = c.statement(std::string(kTournamentColumns) + " ORDER BY id DESC LIMIT ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, std::clamp(limit, 1, 1000));
  std::vector<TournamentRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    out.push_back(tournament_from(*st));
  }
}

std::expected<TournamentRecord, DbError> get_tournament(Connection& c, TournamentId id) {
  auto st = c.statement(std::string(kTournamentColumns) + " WHERE id = ?1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  if (!*row) return std::unexpected(error(DbErrc::NotFound, "no tournament with id " + std::to_string(id)));
  return tournament_from(*st);
}

std::expected<std::vector<TournamentTable>, DbError> tournament_tables(Connection& c, TournamentId id) {
  auto st = c.statement(
      "SELECT t.table_id, t.b_seats, t.lone_seat, t.first_deal, s.id FROM tournament_tables t "
      "LEFT JOIN series s ON s.table_id = t.table_id WHERE t.tournament_id = ?1 ORDER BY t.first_deal, t.b_seats, "
      "t.lone_seat, s.id");
  if (!st) return std::unexpected(st.error());
  st->bind(1, id);
  std::vector<TournamentTable> out;
  for (;;) {
    auto row = st->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    const TableId table = st->int64(0);
    if (out.empty() || out.back().table_id != table)
      out.push_back(TournamentTable{table, st->integer(1), st->integer(2), st->integer(3), {}});
    if (!st->is_null(4)) out.back().series.push_back(st->int64(4));
  }
}

std::expected<bool, DbError> is_tournament_table(Connection& c, TableId table) {
  auto st = c.statement("SELECT 1 FROM tournament_tables WHERE table_id = ?1 LIMIT 1");
  if (!st) return std::unexpected(st.error());
  st->bind(1, table);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row;
}

std::expected<int, DbError> abort_tournaments_at_table(Connection& c, TableId table) {
  auto st = c.statement(
      "UPDATE tournaments SET status = 'aborted', finished_at = ?1 WHERE status = 'running' AND id IN "
      "(SELECT tournament_id FROM tournament_tables WHERE table_id = ?2)");
  if (!st) return std::unexpected(st.error());
  st->bind(1, now()).bind(2, table);
  if (auto done = st->run(); !done) return std::unexpected(done.error());
  return c.changes();
}

std::expected<std::int64_t, DbError> deals_started_since(Connection& c, PlayerId player, Timestamp since) {
  auto st = c.statement(
      "SELECT coalesce(sum(deals * CASE WHEN seatings = '2:1,1:2' THEN 2 ELSE 1 END), 0) FROM tournaments "
      "WHERE started_by = ?1 AND created_at >= ?2");
  if (!st) return std::unexpected(st.error());
  st->bind(1, player).bind(2, since);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row ? st->int64(0) : 0;
}

std::expected<int, DbError> running_tables_of(Connection& c, PlayerId player) {
  auto st = c.statement(
      "SELECT count(*) FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id "
      "WHERE t.started_by = ?1 AND t.status = 'running'");
  if (!st) return std::unexpected(st.error());
  st->bind(1, player);
  auto row = st->step();
  if (!row) return std::unexpected(row.error());
  return *row ? st->integer(0) : 0;
}

std::expected<int, DbError> abort_running_tournaments(Connection& c, std::string_view node) {
  auto st = c.statement(
      "UPDATE tournaments SET status = 'aborted', finished_at = ?1 WHERE status = 'running' AND (NOT EXISTS "
      "(SELECT 1 FROM tournament_tables tt WHERE tt.tournament_id = tournaments.id) OR EXISTS (SELECT 1 FROM "
      "tournament_tables tt JOIN tables t ON t.id = tt.table_id WHERE tt.tournament_id = tournaments.id AND "
      "t.node = ?2))");
  if (!st) return std::unexpected(st.error());
  st->bind(1, now()).bind(2, node);
  if (auto done = st->run(); !done) return std::unexpected(done.error());
  return c.changes();
}

}  // namespace skat::db
