#include "server/http/api.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "common/text_rules.h"
#include "db/accounts.h"
#include "protocol/client_messages.h"
#include "server/http/api_query.h"
#include "server/http/game_analysis_json.h"
#include "server/http/game_replay_json.h"
#include "server/http/http_json.h"
#include "server/http/read_json.h"
#include "server/net/static_files.h"
#include "server/play/metrics.h"
#include "server/play/tournament_json.h"

namespace skat::app {

namespace http = boost::beast::http;
using Json = nlohmann::json;

namespace {

// A read's failure: 404 for what does not exist (`missing` says what), else a database error.
net::HttpReply read_failure(const net::HttpRequest& request, const ReadError& e, std::string_view missing) {
  if (e.not_found) return json_error(request, http::status::not_found, missing);
  return json_error(request, http::status::internal_server_error, "database: " + e.message);
}

// A read's data as JSON (`to_json`), or the failure's reply.
template <class T, class ToJson>
net::HttpReply json_or_failure(const net::HttpRequest& request, const Read<T>& read, std::string_view missing,
                               ToJson to_json) {
  if (!read) return read_failure(request, read.error(), missing);
  return json_reply(request, http::status::ok, to_json(*read));
}

std::string html_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

struct BotRequest {
  std::string name;
  std::string kind = "simple";
};

// {"name":"…","kind":"…"} of POST /api/admin/bots: every field checked for its JSON type and value,
// so a wrong one is a 400 and never an exception. The name follows the name rules of the
// protocol's hello (docs/protocol.md §2) and fits in it, else the bot could never log in.
std::expected<BotRequest, std::string> parse_bot_request(const Json& body) {
  if (auto ok = only_fields(body, {"name", "kind"}, R"({"name":"…","kind":"simple"})"); !ok)
    return std::unexpected(ok.error());
  BotRequest r;
  const auto name = body.find("name");
  if (name == body.end()) return std::unexpected("\"name\" must be a string");
  auto normal = bot_account_name(*name);
  if (!normal) return std::unexpected(normal.error());
  r.name = std::move(*normal);
  if (const auto kind = body.find("kind"); kind != body.end()) {
    if (!kind->is_string()) return std::unexpected("\"kind\" must be a string");
    r.kind = kind->get<std::string>();
    if (auto ok = db::validate_bot_kind(r.kind); !ok) return std::unexpected("\"kind\": " + ok.error().message);
  }
  return r;
}

bool get_or_head(const net::HttpRequest& request) {
  return request.method() == http::verb::get || request.method() == http::verb::head;
}

// Answers from memory: given at once on the network thread.
bool answered_from_memory(const net::HttpRequest& request, std::string_view path) {
  return get_or_head(request) && (path == "/healthz" || path == "/api/tables" || path == "/api/metrics");
}

// Reads of the database, some long (a series of 360 games, an export): bounded per peer address.
bool database_read(const net::HttpRequest& request, std::string_view path) {
  if (!get_or_head(request)) return false;
  return path == "/api/series" || path.starts_with("/api/series/") || path.starts_with("/api/export.") ||
         path == "/api/leaderboard" || path.starts_with("/api/players/") || path == "/api/tournaments" ||
         path.starts_with("/api/tournaments/");
}

// The series and game of /api/series/ID/games/N/analysis.
std::optional<std::pair<std::int64_t, int>> analysis_target(std::string_view path) {
  constexpr std::string_view kSeries = "/api/series/";
  constexpr std::string_view kGames = "/games/";
  constexpr std::string_view kAnalysis = "/analysis";
  if (!path.starts_with(kSeries) || !path.ends_with(kAnalysis)) return std::nullopt;
  const std::string_view rest = path.substr(kSeries.size(), path.size() - kSeries.size() - kAnalysis.size());
  const std::size_t games = rest.find(kGames);
  if (games == std::string_view::npos) return std::nullopt;
  const auto series = parse_id(rest.substr(0, games));
  const std::string_view index = rest.substr(games + kGames.size());
  int game = -1;
  const auto [end, error] = std::from_chars(index.data(), index.data() + index.size(), game);
  if (!series || error != std::errc{} || end != index.data() + index.size() || game < 0) return std::nullopt;
  return std::pair{*series, game};
}

// The id text and form of the rest of /api/series/…: ID/games, ID.pgn or ID.sgf.
std::optional<std::pair<std::string_view, SeriesCache::Form>> series_form(std::string_view rest) {
  if (rest.ends_with("/games")) return std::pair{rest.substr(0, rest.size() - 6), SeriesCache::Form::Games};
  if (rest.ends_with(".pgn")) return std::pair{rest.substr(0, rest.size() - 4), SeriesCache::Form::Pgn};
  if (rest.ends_with(".sgf")) return std::pair{rest.substr(0, rest.size() - 4), SeriesCache::Form::Sgf};
  return std::nullopt;
}

std::string_view content_type_of(SeriesCache::Form form) {
  switch (form) {
    case SeriesCache::Form::Games:
    case SeriesCache::Form::Analysis: return "application/json";
    case SeriesCache::Form::Pgn: return "application/x-chess-pgn; charset=utf-8";
    case SeriesCache::Form::Sgf: return "text/plain; charset=utf-8";
  }
  return "application/octet-stream";
}

constexpr std::string_view kAdminTokenRequired = "admin token required (Authorization: Bearer …)";

// The body of every route that takes one: a small JSON object (docs/api.md, "Limits").
constexpr std::size_t kJsonBodyBytes = 4 * 1024;

// The status page's one inline style, allowed by its hash in the page's Content-Security-Policy.
constexpr std::string_view kStatusStyle = "body{font-family:sans-serif;margin:2em}td,th{padding:0 1em;text-align:left}";

const std::string& status_page_policy() {
  static const std::string policy = [] {
    unsigned char hash[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(hash, reinterpret_cast<const unsigned char*>(kStatusStyle.data()), kStatusStyle.size());
    char base64[sodium_base64_ENCODED_LEN(crypto_hash_sha256_BYTES, sodium_base64_VARIANT_ORIGINAL)];
    sodium_bin2base64(base64, sizeof base64, hash, sizeof hash, sodium_base64_VARIANT_ORIGINAL);
    return net::content_security_policy("'sha256-" + std::string(base64) + "'");
  }();
  return policy;
}

}  // namespace

Api::Api(std::filesystem::path web_dir, std::shared_ptr<Hub> hub, std::shared_ptr<TournamentDirector> tournaments,
         DbWriter& writer, std::shared_ptr<ReadModel> reads, std::string admin_token, ApiLimits limits,
         std::string node)
    : web_dir_(std::move(web_dir)),
      hub_(std::move(hub)),
      tournaments_(std::move(tournaments)),
      writer_(writer),
      reads_(std::move(reads)),
      admin_token_(std::move(admin_token)),
      limits_(limits),
      node_(std::move(node)),
      read_slots_(std::make_shared<net::ConnectionSlots>(0, static_cast<std::size_t>(limits.reads_per_address))),
      analysis_slots_(std::make_shared<net::ConnectionSlots>(static_cast<std::size_t>(limits.analyses_at_once),
                                                             static_cast<std::size_t>(limits.analyses_per_address))),
      series_cache_(limits.series_cache_bytes),
      cached_bytes_(static_cast<double>(limits.cached_mib_per_address) * (1 << 20) / 60.0,
                    static_cast<double>(limits.cached_mib_per_address) * (1 << 20)),
      stored_analyses_(kStoredAnalysesPerAddressPerHour / 3600.0, kStoredAnalysesPerAddressPerHour) {
  metrics();  // the metrics' clock starts with the server
}

net::HeaderVerdict Api::on_header(const net::HttpRequest& request, std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (path.starts_with("/api/admin/") && !bearer_matches(request, admin_token_))
    return {0, json_error(request, http::status::unauthorized, kAdminTokenRequired)};
  const auto method = request.method();
  if (method == http::verb::get || method == http::verb::head) return {};
  // An uploaded program is larger than the small JSON objects of the other routes (a JSON string
  // may escape each byte of its source in up to six).
  if (method == http::verb::put && path.starts_with("/api/bots/") && path.ends_with("/program"))
    return {kProgramBodyBytes, std::nullopt};
  if (path.starts_with("/api/admin/") || path == "/api/bots" || path.starts_with("/api/bots/") ||
      path == "/api/tournaments")
    return {kJsonBodyBytes, std::nullopt};
  return {};  // no other route takes a body
}

net::HttpAnswer Api::handle(const net::HttpRequest& request, const net::HttpPeer& peer) {
  const std::string_view target = request.target();
  const std::string_view path = target.substr(0, target.find('?'));
  // Every query, also of the routes that read none, is well-formed and holds no control character.
  if (const auto checked = check_query(target); !checked)
    return json_error(request, http::status::bad_request, checked.error());
  if (answered_from_memory(request, path)) return respond(request);
  if (get_or_head(request))
    if (const auto analysis = analysis_target(path))
      return analysis_answer(request, peer, analysis->first, analysis->second);
  if (auto cached = cached_series(request, peer, path)) return std::move(*cached);
  // Api outlives the work: the session that runs it holds the handler.
  if (!database_read(request, path)) return net::BlockingReply([this, request] { return respond(request); });
  auto slot = read_slots_->acquire(peer.address);
  if (!slot)
    return net::retry_later_reply(request, http::status::too_many_requests,
                                  "too many reads in flight from this address; retry later");
  auto held = std::make_shared<net::ConnectionSlot>(std::move(*slot));
  return net::BlockingReply([this, request, held] {
    net::HttpReply reply = respond(request);
    if (reply.next_chunk)  // an export holds its place until its last piece
      reply.next_chunk = [held, next = std::move(reply.next_chunk)](std::string& chunk) { return next(chunk); };
    return reply;
  });
}

// An ended series' reply kept in memory, if any.
std::optional<net::HttpReply> Api::cached_series(const net::HttpRequest& request, const net::HttpPeer& peer,
                                                 std::string_view path) {
  constexpr std::string_view kSeries = "/api/series/";
  if (!get_or_head(request) || !path.starts_with(kSeries)) return std::nullopt;
  const auto form = series_form(path.substr(kSeries.size()));
  if (!form) return std::nullopt;
  const auto id = parse_id(form->first);
  if (!id) return std::nullopt;
  const auto body = series_cache_.find(*id, form->second);
  if (!body) return std::nullopt;
  return from_cache(request, peer, content_type_of(form->second), *body);
}

net::HttpReply Api::from_cache(const net::HttpRequest& request, const net::HttpPeer& peer,
                               std::string_view content_type, const std::string& body) {
  if (!cached_bytes_.spend(peer.address, body.size()))
    return net::retry_later_reply(request, http::status::too_many_requests,
                                  "this address has been sent its share of series replies; retry later");
  return net::make_reply(request, http::status::ok, content_type, body);
}

net::HttpAnswer Api::analysis_answer(const net::HttpRequest& request, const net::HttpPeer& peer, std::int64_t series,
                                     int game) {
  if (const auto body = series_cache_.find(series, SeriesCache::Form::Analysis, game))
    return from_cache(request, peer, "application/json", *body);
  auto slot = analysis_slots_->acquire(peer.address);
  if (!slot) {
    if (slot.error() == net::Refusal::per_address)
      return net::retry_later_reply(request, http::status::too_many_requests,
                                    "an analysis from this address is running; retry later");
    return net::retry_later_reply(request, http::status::service_unavailable,
                                  "the server is busy with other analyses; retry later");
  }
  auto held = std::make_shared<net::ConnectionSlot>(std::move(*slot));
  return net::BlockingReply([this, request, held, series, game, peer] {
    net::HttpReply reply = analysis_reply(request, peer, series, game);
    *held = net::ConnectionSlot{};  // free before the reply goes out: the client may ask again at once
    return reply;
  });
}

// The analysis of a stored game: only a stored game is analysed, and a game is stored once it has
// ended, so no card of a game in play is ever shown.
net::HttpReply Api::analysis_reply(const net::HttpRequest& request, const net::HttpPeer& peer, std::int64_t series,
                                   int game) {
  if (!reads_) return json_error(request, http::status::service_unavailable, "no database");
  const auto read = reads_->series_games(series);
  if (!read) return read_failure(request, read.error(), "no such series");
  const auto record = std::ranges::find(read->games, game, &db::GameRecord::index);
  if (record == read->games.end()) return json_error(request, http::status::not_found, "no such finished game");
  // made before, here or on another node: kept with the game
  const auto stored = reads_->game_analysis(record->id, kGameAnalysisVersion);
  if (stored && *stored) {
    auto body =
        expanded_analysis(Json::parse(**stored, nullptr, false)).dump(-1, ' ', false, Json::error_handler_t::replace);
    series_cache_.put(series, SeriesCache::Form::Analysis, body, game);
    return net::make_reply(request, http::status::ok, "application/json", std::move(body));
  }
  const auto analysis = game_analysis_json(*record);
  if (!analysis) return json_error(request, http::status::internal_server_error, analysis.error());
  auto reply = json_reply(request, http::status::ok, *analysis);
  series_cache_.put(series, SeriesCache::Form::Analysis, reply.response.body(), game);
  if (!stored_analyses_.spend(peer.address, 1)) return reply;  // this address has had its share stored this hour
  // kept with the game by the writer (a failure only costs making it again)
  writer_.post([id = record->id, body = compact_analysis(*analysis).dump(
                                     -1, ' ', false, Json::error_handler_t::replace)](RecordStore& records) {
    if (auto saved = records.save_analysis(id, kGameAnalysisVersion, body); !saved)
      spdlog::warn("game {}: analysis not kept: {}", id, saved.error().message);
  });
  return reply;
}

net::HttpReply Api::respond(const net::HttpRequest& request) {
  const std::string_view target = request.target();
  const std::string_view path = target.substr(0, target.find('?'));
  if (path.starts_with("/api/admin/")) return admin(request, path);
  if (path == "/api/bots" || path.starts_with("/api/bots/")) return bots_reply(request, path);
  if (path == "/api/tournaments" && request.method() == http::verb::post) return player_tournament(request);
  if (path.starts_with("/api/tournaments/") && path.ends_with("/cancel")) return cancel_tournament(request, path);
  if (request.method() != http::verb::get && request.method() != http::verb::head)
    return json_error(request, http::status::method_not_allowed, "only GET here");
  if (path == "/healthz") {
    // Degraded while finished games wait in memory because the database refuses them.
    // A named node says its name (which node the balancer reached).
    // A write set aside (the store kept refusing it alone) stays reported, with why.
    const DbWriter::Health health = writer_.health();
    Json answer = health.unsaved == 0
                      ? Json{{"status", "ok"}}
                      : Json{{"status", "degraded"}, {"unsaved_writes", health.unsaved}, {"db_error", health.error}};
    if (health.set_aside > 0) {
      answer["set_aside_writes"] = health.set_aside;
      answer["set_aside_error"] = health.set_aside_error;
    }
    if (!node_.empty()) answer["node"] = node_;
    return json_reply(request, health.unsaved == 0 ? http::status::ok : http::status::service_unavailable, answer);
  }
  if (path.starts_with("/api/")) return api(request, path);
  return static_file(request, path);
}

net::HttpReply Api::api(const net::HttpRequest& request, std::string_view path) {
  if (path == "/api/tables") return json_reply(request, http::status::ok, hub_->lobby_snapshot());
  if (path == "/api/metrics") return metrics_reply(request);
  if (!reads_) return json_error(request, http::status::service_unavailable, "no database");
  if (path == "/api/series") {
    const auto q = series_query(request.target());
    if (!q) return json_error(request, http::status::bad_request, q.error());
    return json_or_failure(request, reads_->series(q->filter, q->page), "no such series",
                           [&](const auto& list) { return series_page_json(list, q->page); });
  }
  if (path == "/api/leaderboard") {
    const auto group = group_query(request.target());
    if (!group) return json_error(request, http::status::bad_request, group.error());
    return json_or_failure(request, reads_->leaderboard(group->second), "no leaderboard",
                           [&](const Leaderboard& board) { return leaderboard_json(board, group->first); });
  }
  if (path == "/api/export.pgn") return export_reply(request, false);
  if (path == "/api/export.sgf") return export_reply(request, true);
  if (path.starts_with("/api/series/"))
    return series_reply(request, path.substr(std::string_view("/api/series/").size()));
  if (path == "/api/tournaments/options") return tournament_options(request);
  if (path == "/api/tournaments" || path.starts_with("/api/tournaments/")) return tournaments_reply(request, path);
  if (path.starts_with("/api/players/")) {
    const auto id = parse_id(path.substr(std::string_view("/api/players/").size()));
    if (!id) return json_error(request, http::status::bad_request, "bad player id");
    const auto page = page_query(request.target());
    if (!page) return json_error(request, http::status::bad_request, page.error());
    return json_or_failure(request, reads_->player(*id, *page), "no such player",
                           [&](const PlayerPage& p) { return player_json(p, *page); });
  }
  return json_error(request, http::status::not_found, "no such API");
}

// /api/series/ID.pgn, /api/series/ID.sgf and /api/series/ID/games; an ended series' reply is
// kept in the SeriesCache (a running one gains games: never kept).
net::HttpReply Api::series_reply(const net::HttpRequest& request, std::string_view rest) {
  const auto form = series_form(rest);
  if (!form) return json_error(request, http::status::not_found, "use .pgn, .sgf or /games");
  const auto id = parse_id(form->first);
  if (!id) return json_error(request, http::status::bad_request, "bad series id");
  if (form->second == SeriesCache::Form::Games) {
    const auto read = reads_->series_games(*id);
    if (!read) return read_failure(request, read.error(), "no such series");
    auto reply = json_reply(request, http::status::ok, series_games_json(read->series, read->games));
    if (read->series.status != db::SeriesStatus::Running) series_cache_.put(*id, form->second, reply.response.body());
    return reply;
  }
  auto record = reads_->series_record(*id, form->second == SeriesCache::Form::Sgf);
  if (!record) return read_failure(request, record.error(), "no such series");
  if (record->final) series_cache_.put(*id, form->second, record->text);
  return net::make_reply(request, http::status::ok, content_type_of(form->second), std::move(record->text));
}

// Pulled page by page while the client reads, sent chunked.
net::HttpReply Api::export_reply(const net::HttpRequest& request, bool sgf) {
  const auto q = series_query(request.target());
  if (!q) return json_error(request, http::status::bad_request, q.error());
  auto reply = net::make_reply(request, http::status::ok,
                               sgf ? "text/plain; charset=utf-8" : "application/x-chess-pgn; charset=utf-8", "");
  reply.next_chunk = reads_->export_records(q->filter, sgf);
  return reply;
}

// GET /api/tournaments (newest first) and /api/tournaments/ID.
net::HttpReply Api::tournaments_reply(const net::HttpRequest& request, std::string_view path) {
  if (path == "/api/tournaments")
    return json_or_failure(request, reads_->tournaments(200), "no tournaments", [this](const auto& list) {
      Json items = Json::array();
      for (const TournamentItem& t : list) items.push_back(tournament_summary_json(t.tournament, t.people));
      const Json ladder = limits_.ladder_every_s > 0
                              ? Json{{"every_s", limits_.ladder_every_s}, {"deals", limits_.ladder_deals}}
                              : Json();
      return Json{{"tournaments", items}, {"ladder", ladder}};
    });
  const auto id = parse_id(path.substr(std::string_view("/api/tournaments/").size()));
  if (!id) return json_error(request, http::status::bad_request, "bad tournament id");
  return json_or_failure(request, reads_->tournament(*id), "no such tournament", [](const TournamentWithTables& t) {
    return tournament_detail_json(t.tournament, t.tables, t.people);
  });
}

// Admin actions: POST /api/admin/bots {"name":…,"kind":…} creates a house bot account and returns
// its secret once; POST /api/admin/bots/NAME/disable (or /enable) stops any bot account from
// playing (or lets it again); POST /api/admin/bots/NAME/revoke revokes its token for good (a house
// bot gets a new one by being created again); disabled or revoked, its connections close and it
// leaves its seats at once. POST /api/admin/tournaments {"a":…,"b":…,"deals":…,"seed":…,
// "seating":…} starts a tournament through the server and returns its id.
net::HttpReply Api::admin(const net::HttpRequest& request, std::string_view path) {
  if (!bearer_matches(request, admin_token_))
    return json_error(request, http::status::unauthorized, kAdminTokenRequired);
  constexpr std::string_view kBots = "/api/admin/bots/";
  const bool disable = path.starts_with(kBots) && path.ends_with("/disable");
  const bool enable = path.starts_with(kBots) && path.ends_with("/enable");
  const bool revoke = path.starts_with(kBots) && path.ends_with("/revoke");
  if (path != "/api/admin/bots" && path != "/api/admin/tournaments" && !disable && !enable && !revoke)
    return json_error(request, http::status::not_found, "no such admin action");
  if (request.method() != http::verb::post) return json_error(request, http::status::method_not_allowed, "POST");
  if (disable || enable || revoke) {
    const std::string_view rest = path.substr(kBots.size());
    const auto name = decoded_segment(rest.substr(0, rest.rfind('/')));
    if (!name) return json_error(request, http::status::bad_request, "bad bot name in the path");
    if (revoke) {
      auto revoked = writer_.call([&](BotAccountStore& store) { return store.revoke_bot(*name); });
      if (!revoked) return store_failure(request, revoked.error());
      hub_->bot_account_changed(revoked->player_id, Hub::BotChange::Barred);
      spdlog::info("admin: bot account {} revoked", revoked->name);
      return json_reply(request, http::status::ok, Json{{"name", revoked->name}, {"revoked", true}});
    }
    auto changed = writer_.call([&](BotAccountStore& store) { return store.set_bot_disabled(*name, disable); });
    if (!changed) return store_failure(request, changed.error());
    if (disable) hub_->bot_account_changed(changed->player_id, Hub::BotChange::Barred);
    spdlog::info("admin: bot account {} {}", changed->name, disable ? "disabled" : "enabled");
    return json_reply(request, http::status::ok, Json{{"name", changed->name}, {"disabled", disable}});
  }
  const auto body_json = request_body_json(request);
  if (!body_json) return json_error(request, http::status::bad_request, body_json.error());
  const Json& body = *body_json;
  if (path == "/api/admin/tournaments") {
    const auto parsed = parse_tournament_request(body);
    if (!parsed) return json_error(request, http::status::bad_request, parsed.error());
    return start_tournament(request, *parsed, std::nullopt);
  }
  const auto bot = parse_bot_request(body);
  if (!bot) return json_error(request, http::status::bad_request, bot.error());
  auto created = writer_.call([bot = *bot](BotAccountStore& store) { return store.create_bot(bot.name, bot.kind); });
  if (!created) return store_failure(request, created.error());
  spdlog::info("admin: bot account {} ({}) created", created->name, created->kind);
  return json_reply(request, http::status::created,
                    Json{{"player_id", created->player_id},
                         {"name", created->name},
                         {"kind", created->kind},
                         {"token", created->token}});
}

// Live figures: move handling on the table strands (histograms) and counters since the start.
net::HttpReply Api::metrics_reply(const net::HttpRequest& request) {
  const Metrics& m = metrics();
  const LobbyStats stats = hub_->stats();
  const auto uptime = std::chrono::duration<double>(std::chrono::steady_clock::now() - m.started).count();
  auto load = [](const std::atomic<std::uint64_t>& counter) { return counter.load(std::memory_order_relaxed); };
  return json_reply(request, http::status::ok,
                    Json{{"uptime_s", uptime},
                         {"move_handling", m.move_handling.to_json()},
                         {"move_cpu", m.move_cpu.to_json()},
                         {"move_latency", m.move_latency.to_json()},
                         {"moves_handled", load(m.moves_handled)},
                         {"table_messages_direct", load(m.table_messages_direct)},
                         {"table_messages_via_hub", load(m.table_messages_via_hub)},
                         {"errors_sent", load(m.errors_sent)},
                         {"games_finished", load(m.games_finished)},
                         {"series_finished", load(m.series_finished)},
                         {"tables", stats.tables},
                         {"tables_playing", stats.tables_playing},
                         {"connections_open", hub_->connections()},
                         {"bots_online", stats.bots_online},
                         {"bots_free", stats.bots_free},
                         {"db_unsaved_writes", writer_.health().unsaved},
                         {"db_set_aside_writes", writer_.health().set_aside}});
}

net::HttpReply Api::static_file(const net::HttpRequest& request, std::string_view path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(web_dir_, ec)) {
    if (path == "/" || path == "/index.html") return status_page(request);
    return net::make_reply(request, http::status::not_found, "text/plain", "not found\n");
  }
  const auto file = net::resolve_static(web_dir_, path);
  if (!file) return net::make_reply(request, http::status::not_found, "text/plain", "not found\n");
  std::ifstream in(*file, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  auto reply = net::make_reply(request, http::status::ok, net::content_type(*file), body.str());
  if (request.method() == http::verb::head) reply.response.body().clear();
  return reply;
}

// The page shown when no web client is built: live figures from the hub, not a placeholder.
net::HttpReply Api::status_page(const net::HttpRequest& request) {
  const LobbyStats stats = hub_->stats();
  const Json lobby = hub_->lobby_snapshot();
  std::ostringstream html;
  html << "<!doctype html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"5\">"
       << "<title>Skat server</title><style>" << kStatusStyle << "</style></head><body><h1>Skat server</h1>"
       << "<p>Tables: " << stats.tables << " (" << stats.tables_playing
       << " playing) &middot; players online: " << stats.players_online
       << " &middot; bots online: " << stats.bots_online << " (" << stats.bots_free
       << " free)</p><h2>Tables</h2><table><tr><th>table</th><th>event</th><th>game</th><th>seats</th></tr>";
  for (const Json& t : lobby.value("tables", Json::array())) {
    html << "<tr><td>" << t.value("table", 0) << "</td><td>" << html_escape(t.value("event", "")) << "</td><td>"
         << t.value("game", 0) << " / " << t.value("deals", 0) << (t.value("running", false) ? " playing" : "")
         << "</td><td>";
    for (const Json& s : t.value("seats", Json::array()))
      html << (s.is_object() && s.contains("name") ? html_escape(s.value("name", "")) : std::string("(free)")) << " ";
    html << "</td></tr>";
  }
  html << "</table><h2>API</h2><ul>";
  for (const char* link : {"/api/tables", "/api/series", "/api/leaderboard?kind=all", "/api/export.pgn", "/healthz"})
    html << "<li><a href=\"" << link << "\">" << link << "</a></li>";
  html << "</ul><p>WebSocket: <code>/ws</code>. The web client is served from the --web folder once built.</p>"
       << "</body></html>";
  auto reply = net::make_reply(request, http::status::ok, "text/html; charset=utf-8", html.str());
  reply.response.set("Content-Security-Policy", status_page_policy());
  return reply;
}

}  // namespace skat::app
