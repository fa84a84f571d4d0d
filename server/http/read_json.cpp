// JSON of the API's reads (server/http/read_json.h).
#include "server/http/read_json.h"

#include <map>
#include <set>

#include "bots/bot_levels.h"
#include "server/http/http_json.h"
#include "server/play/tournament_json.h"

namespace skat::app {

using Json = nlohmann::json;

namespace {

// A house bot's strength level (bots/bot_levels.h), from its program name, when it has one.
void add_level(Json& j, const std::string& bot_kind) {
  if (const auto level = bots::bot_level(bot_kind)) j["level"] = *level;
}

}  // namespace

Json series_json(const db::SeriesRecord& s) {
  Json seats = Json::array();
  for (const db::SeriesSeat& seat : s.seats) {
    // A seat's figures are its player's own games; a substitute's games are its own share.
    const db::SubstituteShare& sub = seat.substitute;
    Json j{{"player_id", seat.player_id},     {"name", seat.name},         {"kind", db::to_string(seat.kind)},
           {"score", seat.score - sub.score}, {"won", seat.won - sub.won}, {"lost", seat.lost - sub.lost}};
    if (sub.games > 0) {
      Json players = Json::array();
      for (const db::SubstitutePlayer& p : sub.players)
        players.push_back({{"player_id", p.player_id}, {"name", p.name}});
      j["substitute"] = {
          {"games", sub.games}, {"score", sub.score}, {"won", sub.won}, {"lost", sub.lost}, {"players", players}};
    }
    if (!seat.bot_kind.empty()) j["bot_kind"] = seat.bot_kind;  // the bot's program name
    add_level(j, seat.bot_kind);
    seats.push_back(std::move(j));
  }
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

Json series_page_json(const std::vector<db::SeriesRecord>& list, const db::Page& page) {
  Json items = Json::array();
  for (const auto& s : list) items.push_back(series_json(s));
  Json body = {{"series", items}};
  body["next_after"] =
      static_cast<int>(list.size()) == page.limit && !list.empty() ? Json(list.back().id) : Json(nullptr);
  return body;
}

Json leaderboard_json(const Leaderboard& board, const std::string& kind) {
  std::map<db::PlayerId, const db::RatingRow*> rated;
  for (const db::RatingRow& r : board.ratings) rated.emplace(r.player_id, &r);
  std::set<db::PlayerId> live;  // rated since the snapshot: their newest provisional row wins
  for (const db::RatingRow& r : board.live) {
    rated.insert_or_assign(r.player_id, &r);
    live.insert(r.player_id);
  }
  Json snapshot = nullptr;
  if (board.snapshot)
    snapshot = {{"id", board.snapshot->id},
                {"created_at", db::to_millis(board.snapshot->created_at)},
                {"series", board.snapshot->series_count},
                {"table_version", board.snapshot->table_version},
                {"options", Json::parse(board.snapshot->options, nullptr, false)}};
  Json items = Json::array();
  for (const db::LeaderboardRow& r : board.rows) {
    Json item{{"player_id", r.player_id},
              {"name", r.name},
              {"kind", db::to_string(r.kind)},
              {"bot_kind", r.bot_kind},
              {"owner", person_json(r.owner_id, r.owner_name)},
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
              {"provisional", true},
              {"live", false}};
    add_level(item, r.bot_kind);
    if (const auto it = rated.find(r.player_id); it != rated.end()) {
      item["rating"] = it->second->rating;
      item["uncertainty"] = it->second->uncertainty;
      item["rated_series"] = it->second->series;
      item["provisional"] = it->second->series < kProvisionalSeries;
      item["live"] = live.contains(r.player_id);
    }
    items.push_back(std::move(item));
  }
  return Json{{"kind", kind}, {"provisional_below", kProvisionalSeries}, {"snapshot", snapshot}, {"players", items}};
}

namespace {

// A share, or null without a game to share.
Json share(int part, int whole) { return whole > 0 ? Json(static_cast<double>(part) / whole) : Json(nullptr); }

Json player_stats_json(const db::PlayerStats& s) {
  static constexpr const char* kTypes[] = {"C", "S", "H", "D", "G", "N"};
  Json by_type = Json::object();
  for (std::size_t i = 0; i < s.by_type.size(); ++i) {
    const db::GameTypeCount& t = s.by_type[i];
    by_type[kTypes[i]] = {{"declared", t.declared}, {"won", t.won}, {"won_share", share(t.won, t.declared)}};
  }
  Json j{{"series", s.series},     {"games", s.games},
         {"declared", s.declared}, {"declared_share", share(s.declared, s.games)},
         {"won", s.won},           {"won_share", share(s.won, s.declared)},
         {"by_type", by_type},     {"score", s.score}};
  j["average_value"] = s.declared > 0 ? Json(static_cast<double>(s.value_sum) / s.declared) : Json(nullptr);
  j["score_per_36"] = s.games > 0 ? Json(static_cast<double>(s.score) * 36.0 / s.games) : Json(nullptr);
  j["best_series"] =
      s.best ? Json{{"id", s.best->id}, {"score", s.best->score}, {"games", s.best->games}} : Json(nullptr);
  return j;
}

}  // namespace

Json player_json(const PlayerPage& page, const db::Page& paging) {
  Json body = series_page_json(page.series, paging);
  Json history = Json::array();
  for (const db::HistoryPoint& h : page.ratings)
    history.push_back({{"series", h.series_id}, {"finished_at", db::to_millis(h.finished_at)}, {"rating", h.rating}});
  for (const db::HistoryPoint& h : page.live)
    history.push_back(
        {{"series", h.series_id}, {"finished_at", db::to_millis(h.finished_at)}, {"rating", h.rating}, {"live", true}});
  body["ratings"] = std::move(history);
  body["player"] = {{"id", page.player.id},
                    {"name", page.player.name},
                    {"kind", db::to_string(page.player.kind)},
                    {"created_at", db::to_millis(page.player.created_at)},
                    {"bot_kind", page.profile.bot_kind},
                    {"owner", person_json(page.profile.owner_id, page.profile.owner_name)}};
  add_level(body["player"], page.profile.bot_kind);
  if (page.stats) body["stats"] = player_stats_json(*page.stats);
  return body;
}

}  // namespace skat::app
