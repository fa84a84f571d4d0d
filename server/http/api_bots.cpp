// The players' side of the HTTP API (docs/api.md, "Bot accounts" and "Tournaments"): a signed-in
// player (the bearer of a session token, a guest's too) creates, lists, renames, re-keys and
// deletes their own bot accounts, sees what a tournament may name, and starts tournaments within
// their limits. A side of a tournament is a house program, one of the player's bots, or another
// player's bot that accepts challenges; the operator's requests (api.cpp) name any bot.
#include <spdlog/spdlog.h>

#include "bridge/sandbox.h"
#include "common/text_rules.h"
#include "server/http/api.h"
#include "server/http/api_query.h"
#include "server/http/http_json.h"
#include "server/lobby/lobby.h"
#include "server/play/tournament_json.h"

namespace skat::app {

namespace http = boost::beast::http;
using Json = nlohmann::json;

namespace {

constexpr std::string_view kBotShape = R"({"name":"…","challenges":"nobody"|"everyone"})";

std::expected<bool, std::string> challenges_value(const Json& value) {
  if (value == "nobody") return false;
  if (value == "everyone") return true;
  return std::unexpected(R"("challenges" must be "nobody" or "everyone")");
}

Json bot_json(const BotInfo& bot, const LobbyStats& online) {
  return Json{{"player_id", bot.player_id},
              {"name", bot.name},
              {"program", bot.program},
              {"challenges", bot.challenges ? "everyone" : "nobody"},
              {"created_at", bot.created_at},
              {"online", online.bots_connected.contains(bot.player_id)},
              {"disabled", bot.disabled},
              {"uploaded", bot.uploaded_language.empty() ? Json() : Json(bot.uploaded_language)}};
}

constexpr int kChallengesScanned = 200;  // the latest tournaments looked through for a bot's challenges
constexpr std::size_t kChallengesShown = 10;

// The tournaments of `recent` another player than `owner` started with `bot` as a side, newest
// first: [{"tournament","by":{"id","name"},"side","deals","status","end_reason","created_at"}].
Json challenges_json(const BotInfo& bot, std::int64_t owner, const std::vector<TournamentItem>& recent) {
  Json out = Json::array();
  for (const TournamentItem& item : recent) {
    const db::TournamentRecord& t = item.tournament;
    if (!t.started_by || *t.started_by == owner || out.size() >= kChallengesShown) continue;
    const auto is_bot = [&](const std::string& side) {
      return side == std::string(lobby::kAccountPrefix) + bot.name ||
             side == std::string(lobby::kSandboxPrefix) + bot.name;
    };
    if (!is_bot(t.a) && !is_bot(t.b)) continue;
    out.push_back(
        {{"tournament", t.id},
         {"by",
          item.people.started_by ? person_json(item.people.started_by->first, item.people.started_by->second) : Json()},
         {"side", is_bot(t.a) ? "a" : "b"},
         {"deals", t.deals},
         {"status", t.cancelled ? "cancelled" : t.status},
         {"end_reason", t.end_reason.empty() ? Json() : Json(t.end_reason)},
         {"created_at", db::to_millis(t.created_at)}});
  }
  return out;
}

// The languages the server offers for uploaded programs, and whether its sandbox works.
Json sandbox_json() {
  Json languages = Json::array();
  for (const bridge::SandboxLanguage& l : bridge::offered_languages()) languages.push_back(l.name);
  const auto works = bridge::sandbox_available();
  return Json{
      {"languages", languages}, {"available", works.has_value()}, {"why_not", works ? Json() : Json(works.error())}};
}

constexpr std::string_view kProgramShape = R"({"language":"python3","source":"…"})";

Json secret_json(const NewBot& bot) {
  return Json{{"player_id", bot.player_id},
              {"name", bot.name},
              {"token", bot.token},
              {"program", std::string(lobby::kAccountPrefix) + bot.name}};
}

}  // namespace

std::optional<Identity> Api::session_player(const net::HttpRequest& request) {
  const auto token = bearer_token(request);
  if (!token) return std::nullopt;
  auto who = writer_.call([token = std::string(*token)](IdentityStore& store) { return store.verify_session(token); });
  if (!who || who->bot) return std::nullopt;
  return std::move(*who);
}

net::HttpReply Api::store_failure(const net::HttpRequest& request, const StoreError& error) {
  switch (error.kind) {
    case StoreError::Kind::NotFound: return json_error(request, http::status::not_found, error.message);
    case StoreError::Kind::Conflict: return json_error(request, http::status::conflict, error.message);
    case StoreError::Kind::Quota: return json_error(request, http::status::forbidden, error.message);
    case StoreError::Kind::Invalid: return json_error(request, http::status::bad_request, error.message);
    case StoreError::Kind::Unauthorized: return json_error(request, http::status::unauthorized, error.message);
    case StoreError::Kind::Busy:
    case StoreError::Kind::Unavailable: break;
  }
  return json_error(request, http::status::service_unavailable, "database: " + error.message);
}

// /api/bots (GET the list, POST a new one), /api/bots/ID (PATCH, DELETE), /api/bots/ID/token (POST).
net::HttpReply Api::bots_reply(const net::HttpRequest& request, std::string_view path) {
  const auto player = session_player(request);
  if (!player)
    return json_error(request, http::status::unauthorized,
                      "a player's session token is needed (Authorization: Bearer <the token of welcome>)");
  const std::int64_t owner = player->player_id;
  const auto method = request.method();
  if (path == "/api/bots") {
    if (method == http::verb::get || method == http::verb::head) {
      auto bots = writer_.call([owner](BotAccountStore& store) { return store.owned_bots(owner); });
      if (!bots) return store_failure(request, bots.error());
      const LobbyStats online = hub_->stats();
      // The challenges of each bot: the latest tournaments another player started against it.
      const auto recent = reads_->tournaments(kChallengesScanned);
      Json list = Json::array();
      for (const BotInfo& bot : *bots) {
        Json one = bot_json(bot, online);
        one["challenges_received"] = recent ? challenges_json(bot, owner, *recent) : Json::array();
        list.push_back(std::move(one));
      }
      return json_reply(request, http::status::ok,
                        Json{{"bots", list}, {"limit", limits_.bots_per_owner}, {"sandbox", sandbox_json()}});
    }
    if (method != http::verb::post) return json_error(request, http::status::method_not_allowed, "GET or POST");
    const auto body_json = request_body_json(request);
    if (!body_json) return json_error(request, http::status::bad_request, body_json.error());
    const Json& body = *body_json;
    if (auto ok = only_fields(body, {"name", "challenges"}, kBotShape); !ok)
      return json_error(request, http::status::bad_request, ok.error());
    const auto name = body.contains("name")
                          ? bot_account_name(body["name"])
                          : std::expected<std::string, std::string>(std::unexpect, "\"name\" is needed");
    if (!name) return json_error(request, http::status::bad_request, name.error());
    auto challenges = body.contains("challenges") ? challenges_value(body["challenges"]) : false;
    if (!challenges) return json_error(request, http::status::bad_request, challenges.error());
    auto created = writer_.call([&](BotAccountStore& store) {
      return store.create_owned_bot(owner, *name, *challenges, limits_.bots_per_owner);
    });
    if (!created) return store_failure(request, created.error());
    spdlog::info("player {} created bot account {}", owner, created->name);
    Json reply = secret_json(*created);
    reply["challenges"] = *challenges ? "everyone" : "nobody";
    return json_reply(request, http::status::created, reply);
  }
  std::string_view rest = path.substr(std::string_view("/api/bots/").size());
  const bool rekey = rest.ends_with("/token");
  if (rekey) rest.remove_suffix(std::string_view("/token").size());
  const bool program = rest.ends_with("/program");
  if (program) rest.remove_suffix(std::string_view("/program").size());
  const auto id = parse_id(rest);
  if (!id) return json_error(request, http::status::bad_request, "bad bot id");
  if (program) return bot_program_reply(request, owner, *id);
  if (rekey) {
    if (method != http::verb::post) return json_error(request, http::status::method_not_allowed, "POST");
    auto keyed = writer_.call([&](BotAccountStore& store) { return store.rekey_owned_bot(owner, *id); });
    if (!keyed) return store_failure(request, keyed.error());
    hub_->bot_account_changed(*id, Hub::BotChange::Closed);
    return json_reply(request, http::status::ok, secret_json(*keyed));
  }
  if (method == http::verb::delete_) {
    auto deleted = writer_.call([&](BotAccountStore& store) { return store.delete_owned_bot(owner, *id); });
    if (!deleted) return store_failure(request, deleted.error());
    hub_->bot_account_changed(*id, Hub::BotChange::Barred);
    return json_reply(request, http::status::ok, Json{{"deleted", *id}});
  }
  if (method != http::verb::patch) return json_error(request, http::status::method_not_allowed, "PATCH or DELETE");
  const auto body_json = request_body_json(request);
  if (!body_json) return json_error(request, http::status::bad_request, body_json.error());
  const Json& body = *body_json;
  if (auto ok = only_fields(body, {"name", "challenges"}, kBotShape); !ok)
    return json_error(request, http::status::bad_request, ok.error());
  std::optional<std::string> name;
  if (body.contains("name")) {
    auto checked = bot_account_name(body["name"]);
    if (!checked) return json_error(request, http::status::bad_request, checked.error());
    name = std::move(*checked);
  }
  std::optional<bool> challenges;
  if (body.contains("challenges")) {
    auto checked = challenges_value(body["challenges"]);
    if (!checked) return json_error(request, http::status::bad_request, checked.error());
    challenges = *checked;
  }
  auto updated =
      writer_.call([&](BotAccountStore& store) { return store.update_owned_bot(owner, *id, name, challenges); });
  if (!updated) return store_failure(request, updated.error());
  if (name) hub_->bot_account_changed(*id, Hub::BotChange::Closed);  // it logs in under its new name
  if (challenges)
    hub_->bot_account_changed(*id, *challenges ? Hub::BotChange::ChallengesEveryone : Hub::BotChange::ChallengesNobody);
  return json_reply(request, http::status::ok, bot_json(*updated, hub_->stats()));
}

// /api/bots/ID/program: GET the uploaded program, PUT a new one, DELETE it (the owner only).
net::HttpReply Api::bot_program_reply(const net::HttpRequest& request, std::int64_t owner, std::int64_t bot) {
  const auto method = request.method();
  auto mine = writer_.call([owner](BotAccountStore& store) { return store.owned_bots(owner); });
  if (!mine) return store_failure(request, mine.error());
  const auto it = std::ranges::find(*mine, bot, &BotInfo::player_id);
  if (it == mine->end()) return json_error(request, http::status::not_found, "no such bot of yours");
  if (method == http::verb::get || method == http::verb::head) {
    auto stored = writer_.call([bot](BotAccountStore& store) { return store.bot_program(bot); });
    if (!stored) return store_failure(request, stored.error());
    if (!*stored) return json_error(request, http::status::not_found, "the bot has no uploaded program");
    return json_reply(
        request, http::status::ok,
        Json{{"language", (*stored)->language}, {"source", (*stored)->source}, {"updated_at", (*stored)->updated_at}});
  }
  if (method == http::verb::delete_) {
    auto removed = writer_.call([&](BotAccountStore& store) { return store.set_owned_bot_program(owner, bot, {}); });
    if (!removed) return store_failure(request, removed.error());
    return json_reply(request, http::status::ok, Json{{"deleted", "program"}});
  }
  if (method != http::verb::put) return json_error(request, http::status::method_not_allowed, "GET, PUT or DELETE");
  const auto body_json = request_body_json(request);
  if (!body_json) return json_error(request, http::status::bad_request, body_json.error());
  const Json& body = *body_json;
  if (auto ok = only_fields(body, {"language", "source"}, kProgramShape); !ok)
    return json_error(request, http::status::bad_request, ok.error());
  if (!body.contains("language") || !body["language"].is_string() || !body.contains("source") ||
      !body["source"].is_string())
    return json_error(request, http::status::bad_request, "expected " + std::string(kProgramShape));
  const std::string& language = body["language"].get_ref<const std::string&>();
  if (!bridge::offered_language(language))
    return json_error(request, http::status::bad_request,
                      "\"language\": this server offers " + sandbox_json()["languages"].dump());
  const std::string& source = body["source"].get_ref<const std::string&>();
  if (source.empty() || source.size() > kMaxProgramSourceBytes)
    return json_error(request, http::status::bad_request,
                      "\"source\" must hold 1.." + std::to_string(kMaxProgramSourceBytes) + " bytes");
  if (!text::valid_utf8(source)) return json_error(request, http::status::bad_request, "\"source\" must be UTF-8 text");
  const BotProgram uploaded{language, source, 0};
  auto set = writer_.call([&](BotAccountStore& store) { return store.set_owned_bot_program(owner, bot, uploaded); });
  if (!set) return store_failure(request, set.error());
  spdlog::info("player {} uploaded a {} program ({} bytes) for bot {}", owner, language, source.size(), it->name);
  return json_reply(request, http::status::ok,
                    Json{{"player_id", bot},
                         {"name", it->name},
                         {"language", language},
                         {"bytes", source.size()},
                         {"program", std::string(lobby::kSandboxPrefix) + it->name}});
}

// GET /api/tournaments/options: what a tournament may name, and the caller's limits.
net::HttpReply Api::tournament_options(const net::HttpRequest& request) {
  const auto player = session_player(request);
  const LobbyStats online = hub_->stats();
  Json house = Json::array();
  for (const auto& [program, connections] : online.house_programs)
    house.push_back(Json{{"program", program}, {"online", connections}});
  auto others = writer_.call([](BotAccountStore& store) { return store.challengeable_bots(); });
  if (!others) return store_failure(request, others.error());
  std::vector<BotInfo> bots;
  if (player) {
    auto own = writer_.call([owner = player->player_id](BotAccountStore& store) { return store.owned_bots(owner); });
    if (!own) return store_failure(request, own.error());
    bots = std::move(*own);
  }
  for (BotInfo& bot : *others)
    if (!player || bot.owner != player->player_id) bots.push_back(std::move(bot));
  Json list = Json::array();
  for (const BotInfo& bot : bots) {
    if (bot.disabled) continue;
    list.push_back(
        Json{{"program", bot.program},
             {"sandbox", bot.uploaded_language.empty() ? Json() : Json(std::string(lobby::kSandboxPrefix) + bot.name)},
             {"name", bot.name},
             {"owner", person_json(bot.owner, bot.owner_name)},
             {"mine", player && bot.owner == player->player_id},
             {"online", online.bots_connected.contains(bot.player_id)}});
  }
  Json limits = nullptr;
  if (player) {
    const auto since = db::now() - std::chrono::hours(24);
    auto usage = writer_.call([&](TournamentStore& store) { return store.tournament_usage(player->player_id, since); });
    if (!usage) return store_failure(request, usage.error());
    limits = Json{{"max_deals", limits_.tournament_max_deals},
                  {"deals_per_day", limits_.tournament_deals_per_day},
                  {"deals_today", usage->deals},
                  {"tables_at_once", limits_.tournament_tables},
                  {"tables_running", usage->tables}};
  }
  return json_reply(request, http::status::ok,
                    Json{{"house", house}, {"bots", list}, {"limits", limits}, {"sandbox", sandbox_json()}});
}

// POST /api/tournaments: a player's tournament, within their limits; the server draws the seed.
net::HttpReply Api::player_tournament(const net::HttpRequest& request) {
  const auto player = session_player(request);
  if (!player)
    return json_error(request, http::status::unauthorized,
                      "a player's session token is needed (Authorization: Bearer <the token of welcome>)");
  const auto body_json = request_body_json(request);
  if (!body_json) return json_error(request, http::status::bad_request, body_json.error());
  const Json& body = *body_json;
  const auto parsed = parse_tournament_request(body, false);
  if (!parsed) return json_error(request, http::status::bad_request, parsed.error());
  if (parsed->deals > limits_.tournament_max_deals)
    return json_error(request, http::status::bad_request,
                      "\"deals\": at most " + std::to_string(limits_.tournament_max_deals) + " for a player");
  return start_tournament(request, *parsed, player);
}

net::HttpReply Api::cancel_tournament(const net::HttpRequest& request, std::string_view path) {
  if (request.method() != http::verb::post) return json_error(request, http::status::method_not_allowed, "POST");
  std::string_view rest = path.substr(std::string_view("/api/tournaments/").size());
  rest.remove_suffix(std::string_view("/cancel").size());
  const auto id = parse_id(rest);
  if (!id) return json_error(request, http::status::bad_request, "bad tournament id");
  std::optional<std::int64_t> by;
  if (!bearer_matches(request, admin_token_)) {
    const auto player = session_player(request);
    if (!player)
      return json_error(request, http::status::unauthorized,
                        "the session token of the player who started it, or the admin token, is needed");
    by = player->player_id;
  }
  const auto cancelled = tournaments_->cancel(*id, by);
  if (!cancelled) {
    if (cancelled.error() == TournamentDirector::CancelError::NotYours)
      return json_error(request, http::status::forbidden, "only the player who started it or the operator cancels it");
    return json_error(request, http::status::conflict, "tournament " + std::to_string(*id) + " is not running here");
  }
  // The row says so before the answer goes out (the writer keeps the order of its work).
  (void)writer_.call([](TournamentStore&) -> StoreResult<void> { return {}; });
  spdlog::info("tournament {} cancelled by {}", *id, by ? "player " + std::to_string(*by) : "the operator");
  return json_reply(request, http::status::ok, Json{{"id", *id}, {"status", "cancelled"}});
}

// Checks the sides (a player's bot must exist, be enabled and, for a player, be theirs or accept
// challenges) and the player's limits, then starts it.
net::HttpReply Api::start_tournament(const net::HttpRequest& request, const TournamentRequest& tournament,
                                     std::optional<Identity> player) {
  for (const std::string* side : {&tournament.a, &tournament.b}) {
    const bool sandboxed = side->starts_with(lobby::kSandboxPrefix);
    if (!side->starts_with(lobby::kAccountPrefix) && !sandboxed) continue;
    const std::string name = side->substr(sandboxed ? lobby::kSandboxPrefix.size() : lobby::kAccountPrefix.size());
    auto bot = writer_.call([&](BotAccountStore& store) { return store.find_bot(name); });
    if (!bot) {
      if (bot.error().kind == StoreError::Kind::NotFound)
        return json_error(request, http::status::bad_request, "no bot account '" + name + "'");
      return store_failure(request, bot.error());
    }
    if (bot->disabled)
      return json_error(request, http::status::bad_request, "the bot '" + name + "' is disabled by the operator");
    if (player && bot->owner && *bot->owner != player->player_id && !bot->challenges)
      return json_error(request, http::status::forbidden, "the bot '" + name + "' does not accept challenges");
    if (sandboxed) {
      if (!bot->owner || bot->uploaded_language.empty())
        return json_error(request, http::status::bad_request,
                          "the bot '" + name + "' has no uploaded program (PUT /api/bots/ID/program)");
      if (auto works = bridge::sandbox_available(); !works)
        return json_error(request, http::status::service_unavailable, "this server has no sandbox: " + works.error());
      continue;
    }
    if (!hub_->stats().bots_connected.contains(bot->player_id))
      return json_error(request, http::status::bad_request,
                        "the bot '" + name + "' is not online: connect it first (docs/bots.md §5)");
  }
  // A house program must be played by a connected house bot; the error names those that are.
  const LobbyStats online = hub_->stats();
  for (const std::string* side : {&tournament.a, &tournament.b}) {
    if (side->starts_with(lobby::kAccountPrefix) || side->starts_with(lobby::kSandboxPrefix) ||
        house_program_online(*side, online.house_programs))
      continue;
    std::string programs;
    for (const auto& [program, connections] : online.house_programs)
      programs += (programs.empty() ? "" : ", ") + program;
    return json_error(request, http::status::bad_request,
                      "no house bot online runs '" + *side + "'; online: " + (programs.empty() ? "none" : programs));
  }
  TournamentRequest started = tournament;
  const std::lock_guard one_at_a_time(tournament_start_);
  if (player) {
    started.started_by = player->player_id;
    started.started_by_name = player->name;
    const auto since = db::now() - std::chrono::hours(24);
    auto usage = writer_.call([&](TournamentStore& store) { return store.tournament_usage(player->player_id, since); });
    if (!usage) return store_failure(request, usage.error());
    const int deals = tournament.deals * static_cast<int>(tournament.b_seats.size());
    if (usage->deals + deals > limits_.tournament_deals_per_day)
      return json_error(request, http::status::too_many_requests,
                        "deals per day: " + std::to_string(usage->deals) + " started in the last 24 hours, at most " +
                            std::to_string(limits_.tournament_deals_per_day));
    if (usage->tables + tournament.tables() > limits_.tournament_tables)
      return json_error(request, http::status::too_many_requests,
                        "tables at once: your running tournaments play at " + std::to_string(usage->tables) +
                            ", this one needs " + std::to_string(tournament.tables()) + ", at most " +
                            std::to_string(limits_.tournament_tables));
  }
  const auto id = tournaments_->start(started);
  if (!id) return json_error(request, http::status::service_unavailable, id.error());
  return json_reply(request, http::status::created, Json{{"id", id->id}, {"seed_sha256", id->seed_sha256}});
}

}  // namespace skat::app
