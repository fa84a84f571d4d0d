#include "server/app/sqlite_read_model.h"

#include <charconv>
#include <map>

#include "db/connection.h"
#include "db/export.h"
#include "db/games.h"
#include "db/leaderboard.h"
#include "db/nightly.h"
#include "db/players.h"
#include "db/series.h"
#include "server/app/game_replay_json.h"
#include "server/table/game_log.h"

namespace skat::app {

namespace http = boost::beast::http;
using Json = nlohmann::json;

namespace {

// Ratings of players with fewer rated series are marked provisional (docs/ratings.md §4).
constexpr int kProvisionalSeries = 10;

std::expected<db::Connection, std::string> open_reader(const std::string& path) {
  db::OpenOptions options;
  options.create = false;
  auto c = db::Connection::open(path, options);
  if (!c) return std::unexpected(c.error().message);
  return std::move(*c);
}

std::optional<std::int64_t> to_int(const std::string& text) {
  std::int64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
}

// from= / to=: milliseconds since the epoch or a date YYYY-MM-DD (UTC).
std::optional<db::Timestamp> to_time(const std::string& text) {
  if (const auto ms = to_int(text)) return db::from_millis(*ms);
  int y = 0, m = 0, d = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d", &y, &m, &d) != 3) return std::nullopt;
  const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(m)),
                                        std::chrono::day(static_cast<unsigned>(d))};
  if (!ymd.ok()) return std::nullopt;
  return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::sys_days(ymd));
}

struct Query {
  db::SeriesFilter filter;
  db::Page page;
  std::string error;
};

// The filters (docs/api.md "Series and records") and paging of a target; `allowed` are the
// parameters the request takes. A parameter that cannot be read is an error, never a filter
// dropped in silence.
Query parse_query(std::string_view target, std::initializer_list<std::string_view> allowed) {
  Query q;
  auto params = query_params(target, allowed);
  if (!params) {
    q.error = params.error();
    return q;
  }
  const auto get = [&](std::string_view name) -> const std::string* {
    const auto it = params->find(name);
    return it == params->end() ? nullptr : &it->second;
  };
  if (const std::string* p = get("player")) {
    if (const auto id = to_int(*p))
      q.filter.player_id = *id;
    else
      q.filter.player_name = *p;
  }
  if (const std::string* b = get("bot")) q.filter.bot_kind = *b;
  if (const std::string* f = get("from")) {
    q.filter.from = to_time(*f);
    if (!q.filter.from) q.error = "from: milliseconds or YYYY-MM-DD";
  }
  if (const std::string* t = get("to")) {
    q.filter.to = to_time(*t);
    if (!q.filter.to) q.error = "to: milliseconds or YYYY-MM-DD";
  }
  if (const std::string* t = get("table")) {
    q.filter.table_id = to_int(*t);
    if (!q.filter.table_id) q.error = "table: a number";
  }
  if (const std::string* l = get("limit")) {
    const auto v = to_int(*l);
    if (!v || *v < 1 || *v > 1000) q.error = "limit: 1..1000";
    q.page.limit = v ? static_cast<int>(std::clamp<std::int64_t>(*v, 1, 1000)) : 100;
  }
  if (const std::string* a = get("after")) {
    const auto v = to_int(*a);
    if (!v || *v < 0) q.error = "after: a series id";
    q.page.after_id = v.value_or(0);
  }
  return q;
}

// The parameters of /api/series and the exports: every filter and the paging.
Query parse_series_query(std::string_view target) {
  return parse_query(target, {"player", "bot", "from", "to", "table", "limit", "after"});
}

Json series_json(const db::SeriesRecord& s) {
  Json seats = Json::array();
  for (const db::SeriesSeat& seat : s.seats)
    seats.push_back({{"player_id", seat.player_id},
                     {"name", seat.name},
                     {"kind", db::to_string(seat.kind)},
                     {"score", seat.score},
                     {"won", seat.won},
                     {"lost", seat.lost}});
  Json j = {{"id", s.id},
            {"event", s.event},
            {"status", db::to_string(s.status)},
            {"started_at", db::to_millis(s.started_at)},
            {"deals", s.deals},
            {"games_played", s.games_played},
            {"seats", seats}};
  j["table"] = s.table_id ? Json(*s.table_id) : Json(nullptr);
  j["finished_at"] = s.finished_at ? Json(db::to_millis(*s.finished_at)) : Json(nullptr);
  return j;
}

// One page of series, {"series":[…],"next_after":id or null}: next_after is the id to pass as
// `after=` for the next page, null when this page is the last.
Json series_page_json(const std::vector<db::SeriesRecord>& list, const db::Page& page) {
  Json items = Json::array();
  for (const auto& s : list) items.push_back(series_json(s));
  Json body = {{"series", items}};
  body["next_after"] =
      static_cast<int>(list.size()) == page.limit && !list.empty() ? Json(list.back().id) : Json(nullptr);
  return body;
}

net::HttpReply db_failure(const net::HttpRequest& request, const std::string& what) {
  return json_error(request, http::status::internal_server_error, "database: " + what);
}

// The series `id`, or the reply saying why not (404 for an unknown id, else a database error).
std::expected<db::SeriesRecord, net::HttpReply> find_series(const net::HttpRequest& request, db::Connection& c,
                                                            std::int64_t id) {
  auto series = db::get_series(c, id);
  if (series) return std::move(*series);
  if (series.error().code == db::DbErrc::NotFound)
    return std::unexpected(json_error(request, http::status::not_found, "no such series"));
  return std::unexpected(db_failure(request, series.error().message));
}

}  // namespace

net::HttpReply SqliteReadModel::series_list(const net::HttpRequest& request) {
  const Query q = parse_series_query(request.target());
  if (!q.error.empty()) return json_error(request, http::status::bad_request, q.error);
  auto c = open_reader(path_);
  if (!c) return db_failure(request, c.error());
  auto list = db::list_series(*c, q.filter, q.page);
  if (!list) return db_failure(request, list.error().message);
  return json_reply(request, http::status::ok, series_page_json(*list, q.page));
}

net::HttpReply SqliteReadModel::series_record(const net::HttpRequest& request, std::int64_t id, bool sgf) {
  auto c = open_reader(path_);
  if (!c) return db_failure(request, c.error());
  auto series = find_series(request, *c, id);
  if (!series) return std::move(series.error());
  if (!sgf) {
    std::string pgn = series->pgn;
    if (pgn.empty()) {  // running: the games so far
      auto built = db::build_series_pgn(*c, id);
      if (!built) return db_failure(request, built.error().message);
      pgn = write_pgn(*built);
    }
    return net::make_reply(request, http::status::ok, "application/x-chess-pgn; charset=utf-8", std::move(pgn));
  }
  auto games = db::list_games(*c, id);
  if (!games) return db_failure(request, games.error().message);
  std::string text;
  for (const db::GameRecord& g : *games)
    if (auto line = db::sgf_line_of(*series, g, table::auction_calls)) text += *line + "\n";
  return net::make_reply(request, http::status::ok, "text/plain; charset=utf-8", std::move(text));
}

net::HttpReply SqliteReadModel::series_games(const net::HttpRequest& request, std::int64_t id) {
  auto c = open_reader(path_);
  if (!c) return db_failure(request, c.error());
  auto series = find_series(request, *c, id);
  if (!series) return std::move(series.error());
  auto games = db::list_games(*c, id);
  if (!games) return db_failure(request, games.error().message);
  return json_reply(request, http::status::ok, series_games_json(*series, *games));
}

// Pulled page by page while the client reads: the series PGN (finished or aborted) separated by
// a blank line, or one ISS line per game.
net::HttpReply SqliteReadModel::export_records(const net::HttpRequest& request, bool sgf) {
  Query q = parse_series_query(request.target());
  if (!q.error.empty()) return json_error(request, http::status::bad_request, q.error);
  auto reply = net::make_reply(request, http::status::ok,
                               sgf ? "text/plain; charset=utf-8" : "application/x-chess-pgn; charset=utf-8", "");
  struct Cursor {
    std::string path;
    db::SeriesFilter filter;
    db::SeriesId after = 0;
    bool first = true;
    bool done = false;
  };
  auto cursor = std::make_shared<Cursor>(Cursor{path_, q.filter});
  reply.next_chunk = [cursor, sgf](std::string& chunk) -> bool {
    if (cursor->done) return false;
    auto c = open_reader(cursor->path);
    if (!c) throw std::runtime_error(c.error());
    auto page = db::list_series(*c, cursor->filter, db::Page{cursor->after, 20});
    if (!page) throw std::runtime_error(page.error().message);
    if (page->empty()) {
      cursor->done = true;
      return false;
    }
    cursor->after = page->back().id;
    for (const db::SeriesRecord& s : *page) {
      if (s.pgn.empty()) continue;  // running
      if (!sgf) {
        if (!cursor->first) chunk += "\n";
        cursor->first = false;
        chunk += s.pgn;
        if (!s.pgn.ends_with('\n')) chunk += '\n';
        continue;
      }
      auto games = db::list_games(*c, s.id);
      if (!games) throw std::runtime_error(games.error().message);
      for (const db::GameRecord& g : *games)
        if (auto line = db::sgf_line_of(s, g, table::auction_calls)) chunk += *line + "\n";
    }
    return true;
  };
  return reply;
}

net::HttpReply SqliteReadModel::leaderboard(const net::HttpRequest& request) {
  const auto params = query_params(request.target(), {"kind"});
  if (!params) return json_error(request, http::status::bad_request, params.error());
  const std::string kind = params->contains("kind") ? params->at("kind") : "all";
  db::PlayerGroup group = db::PlayerGroup::All;
  if (kind == "humans")
    group = db::PlayerGroup::Humans;
  else if (kind == "bots")
    group = db::PlayerGroup::Bots;
  else if (kind != "all")
    return json_error(request, http::status::bad_request, "kind: humans, bots or all");
  auto c = open_reader(path_);
  if (!c) return db_failure(request, c.error());
  auto rows = db::leaderboard(*c, group);
  if (!rows) return db_failure(request, rows.error().message);
  // The ratings of the newest snapshot of the nightly job, by player.
  auto snapshot = db::latest_snapshot(*c);
  if (!snapshot) return db_failure(request, snapshot.error().message);
  std::map<db::PlayerId, db::RatingRow> rated;
  Json snapshot_json = nullptr;
  if (*snapshot) {
    auto ratings = db::snapshot_ratings(*c, (*snapshot)->id);
    if (!ratings) return db_failure(request, ratings.error().message);
    for (db::RatingRow& r : *ratings) rated.emplace(r.player_id, std::move(r));
    snapshot_json = {{"id", (*snapshot)->id},
                     {"created_at", db::to_millis((*snapshot)->created_at)},
                     {"series", (*snapshot)->series_count},
                     {"table_version", (*snapshot)->table_version},
                     {"options", Json::parse((*snapshot)->options, nullptr, false)}};
  }
  Json items = Json::array();
  for (const db::LeaderboardRow& r : *rows) {
    Json item{{"player_id", r.player_id},
              {"name", r.name},
              {"kind", db::to_string(r.kind)},
              {"bot_kind", r.bot_kind},
              {"series", r.series},
              {"deals", r.deals},
              {"declared", r.declared},
              {"won", r.won},
              {"lost", r.lost},
              {"score", r.score},
              {"score_per_36", r.score_per_36},
              {"rating", nullptr},
              {"uncertainty", nullptr},
              {"rated_series", 0},
              {"provisional", true}};
    if (const auto it = rated.find(r.player_id); it != rated.end()) {
      item["rating"] = it->second.rating;
      item["uncertainty"] = it->second.uncertainty;
      item["rated_series"] = it->second.series;
      item["provisional"] = it->second.series < kProvisionalSeries;
    }
    items.push_back(std::move(item));
  }
  return json_reply(
      request, http::status::ok,
      Json{{"kind", kind}, {"provisional_below", kProvisionalSeries}, {"snapshot", snapshot_json}, {"players", items}});
}

net::HttpReply SqliteReadModel::player(const net::HttpRequest& request, std::int64_t id) {
  const Query q = parse_query(request.target(), {"limit", "after"});
  if (!q.error.empty()) return json_error(request, http::status::bad_request, q.error);
  auto c = open_reader(path_);
  if (!c) return db_failure(request, c.error());
  auto p = db::get_player(*c, id);
  if (!p) {
    if (p.error().code == db::DbErrc::NotFound) return json_error(request, http::status::not_found, "no such player");
    return db_failure(request, p.error().message);
  }
  db::SeriesFilter filter;
  filter.player_id = id;
  auto list = db::list_series(*c, filter, q.page);
  if (!list) return db_failure(request, list.error().message);
  Json body = series_page_json(*list, q.page);
  // The rating after each of the player's series, from the newest snapshot.
  Json history = Json::array();
  auto snapshot = db::latest_snapshot(*c);
  if (!snapshot) return db_failure(request, snapshot.error().message);
  if (*snapshot) {
    auto points = db::rating_history(*c, (*snapshot)->id, id);
    if (!points) return db_failure(request, points.error().message);
    for (const db::HistoryPoint& h : *points)
      history.push_back({{"series", h.series_id}, {"finished_at", db::to_millis(h.finished_at)}, {"rating", h.rating}});
  }
  body["ratings"] = std::move(history);
  body["player"] = {
      {"id", p->id}, {"name", p->name}, {"kind", db::to_string(p->kind)}, {"created_at", db::to_millis(p->created_at)}};
  return json_reply(request, http::status::ok, body);
}

}  // namespace skat::app
