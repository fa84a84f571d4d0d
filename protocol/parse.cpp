#include <limits>

#include "common/text_rules.h"
#include "protocol/client_messages.h"
#include "protocol/json_codec.h"
#include "protocol/json_fields.h"
#include "protocol/strict_json.h"

namespace skat::protocol {

using detail::error;

namespace {

constexpr std::int64_t kMaxId = std::numeric_limits<std::int64_t>::max();
using Result = std::expected<ClientBody, ProtocolError>;
using ConnectionResult = std::expected<ConnectionBody, ProtocolError>;
using LobbyResult = std::expected<LobbyBody, ProtocolError>;
using TableResult = std::expected<TableBody, ProtocolError>;

// A message of one kind as a client message.
template <class Body>
Result lift(std::expected<Body, ProtocolError> body) {
  if (!body) return std::unexpected(std::move(body.error()));
  return ClientBody{std::move(*body)};
}

std::expected<TableId, ProtocolError> table_field(const Json& j) { return detail::get_int(j, "table", 1, kMaxId); }

// A text field after the rules of common/text_rules.h (NFC, no control or format
// characters, …), still within `max_bytes` once normalised.
std::expected<std::string, ProtocolError> text_field(std::string text, std::string_view key, text::Use use,
                                                     std::size_t max_bytes) {
  auto normal = text::normalize(text, use);
  if (!normal)
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\": " + normal.error()));
  if (normal->size() > max_bytes)
    return std::unexpected(error(ErrorCode::TooLarge, "field \"" + std::string(key) + "\" is longer than " +
                                                          std::to_string(max_bytes) + " bytes"));
  return std::move(*normal);
}

ConnectionResult parse_hello(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "protocol", "name", "token", "bot", "kind", "hints", "seats"});
      !ok)
    return std::unexpected(ok.error());
  Hello h;
  auto protocol = detail::get_int(j, "protocol", 1, 1000);
  if (!protocol) return std::unexpected(protocol.error());
  if (*protocol != kProtocolVersion)
    return std::unexpected(error(ErrorCode::BadField, "unsupported protocol version (server speaks 1)"));
  h.protocol = static_cast<int>(*protocol);
  auto name = detail::get_string(j, "name", kMaxNameBytes);
  if (!name) return std::unexpected(name.error());
  if (name->empty()) return std::unexpected(error(ErrorCode::BadField, "field \"name\" must not be empty"));
  auto normal_name = text_field(std::move(*name), "name", text::Use::Name, kMaxNameBytes);
  if (!normal_name) return std::unexpected(normal_name.error());
  h.name = std::move(*normal_name);
  auto token = detail::get_opt_string(j, "token", kMaxTokenBytes);
  if (!token) return std::unexpected(token.error());
  h.token = token->value_or("");
  auto bot = detail::get_bool(j, "bot", false);
  if (!bot) return std::unexpected(bot.error());
  h.bot = *bot;
  auto kind = detail::get_opt_string(j, "kind", kMaxBotSpecBytes);
  if (!kind) return std::unexpected(kind.error());
  for (const char ch : kind->value_or(""))
    if (const auto c = static_cast<unsigned char>(ch); c <= 0x20 || c == 0x7f)
      return std::unexpected(error(ErrorCode::BadField, "blank or control character in \"kind\""));
  auto normal_kind = text_field(kind->value_or(""), "kind", text::Use::Label, kMaxBotSpecBytes);
  if (!normal_kind) return std::unexpected(normal_kind.error());
  h.kind = std::move(*normal_kind);
  if (j.contains("hints")) {
    auto hints = detail::get_bool(j, "hints", true);
    if (!hints) return std::unexpected(hints.error());
    h.hints = *hints;
  }
  auto seats = detail::get_opt_int(j, "seats", 1, kMaxBotSeats);
  if (!seats) return std::unexpected(seats.error());
  if (*seats && !h.bot) return std::unexpected(error(ErrorCode::BadField, "\"seats\" is for bots only"));
  h.seats = static_cast<int>(seats->value_or(1));
  return h;
}

LobbyResult parse_create(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "deals", "event", "private", "kontra"}); !ok)
    return std::unexpected(ok.error());
  CreateTable c;
  auto kontra = detail::get_bool(j, "kontra", false);
  if (!kontra) return std::unexpected(kontra.error());
  c.kontra = *kontra;
  auto private_table = detail::get_bool(j, "private", false);
  if (!private_table) return std::unexpected(private_table.error());
  c.private_table = *private_table;
  auto deals = detail::get_opt_int(j, "deals", 1, kMaxDeals);
  if (!deals) return std::unexpected(deals.error());
  if (*deals) c.deals = static_cast<int>(**deals);
  auto event = detail::get_opt_string(j, "event", kMaxEventBytes);
  if (!event) return std::unexpected(event.error());
  if (*event) {
    auto normal = text_field(std::move(**event), "event", text::Use::Label, kMaxEventBytes);
    if (!normal) return std::unexpected(normal.error());
    c.event = std::move(*normal);
  }
  return c;
}

// Messages of the form {"type":…,"table":n} plus the listed extra fields.
template <class T>
TableResult parse_table_only(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  return T{*table};
}

std::expected<std::string, ProtocolError> key_field(const Json& j) {
  auto key = detail::get_opt_string(j, "key", kMaxTableKeyBytes);
  if (!key) return std::unexpected(key.error());
  return key->value_or("");
}

TableResult parse_join(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "seat", "key"}); !ok)
    return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto seat = detail::get_opt_int(j, "seat", 0, 2);
  if (!seat) return std::unexpected(seat.error());
  auto key = key_field(j);
  if (!key) return std::unexpected(key.error());
  JoinTable out{*table, std::nullopt, std::move(*key)};
  if (*seat) out.seat = static_cast<int>(**seat);
  return out;
}

TableResult parse_watch(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "key"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto key = key_field(j);
  if (!key) return std::unexpected(key.error());
  return WatchTable{*table, std::move(*key)};
}

LobbyResult parse_add_bot(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "seat", "bot"}); !ok)
    return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto seat = detail::get_int(j, "seat", 0, 2);
  if (!seat) return std::unexpected(seat.error());
  auto bot = detail::get_opt_string(j, "bot", kMaxNameBytes);
  if (!bot) return std::unexpected(bot.error());
  return AddBot{*table, static_cast<int>(*seat), bot->value_or("")};
}

LobbyResult parse_decline(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "tournament"}); !ok) return std::unexpected(ok.error());
  auto tournament = detail::get_int(j, "tournament", 1, std::numeric_limits<std::int64_t>::max());
  if (!tournament) return std::unexpected(tournament.error());
  return DeclineChallenge{*tournament};
}

TableResult parse_remove(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "seat"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto seat = detail::get_int(j, "seat", 0, 2);
  if (!seat) return std::unexpected(seat.error());
  return RemovePlayer{*table, static_cast<int>(*seat)};
}

TableResult parse_resume(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "version"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto version = detail::get_int(j, "version", 0, kMaxId);
  if (!version) return std::unexpected(version.error());
  return Resume{*table, *version};
}

TableResult parse_chat(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "text"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto raw = detail::get_string(j, "text", kMaxChatBytes);
  if (!raw) return std::unexpected(raw.error());
  auto line = text_field(std::move(*raw), "text", text::Use::Chat, kMaxChatBytes);
  if (!line) return std::unexpected(line.error());
  return Chat{*table, std::move(*line)};
}

TableResult parse_result_wait(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "until_ready"}); !ok)
    return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  if (auto present = detail::get_field(j, "until_ready"); !present) return std::unexpected(present.error());
  auto until_ready = detail::get_bool(j, "until_ready", false);
  if (!until_ready) return std::unexpected(until_ready.error());
  return ResultWait{*table, *until_ready};
}

TableResult parse_ready(const Json& j) {
  if (auto ok = detail::check_fields(j, {"type", "id", "table", "game"}); !ok) return std::unexpected(ok.error());
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  auto game = detail::get_int(j, "game", 0, kMaxDeals - 1);
  if (!game) return std::unexpected(game.error());
  return Ready{*table, static_cast<int>(*game)};
}

TableResult parse_game_command(const Json& j) {
  auto table = table_field(j);
  if (!table) return std::unexpected(table.error());
  if (j.contains("pos")) return std::unexpected(error(ErrorCode::UnknownField, "unknown field \"pos\""));
  auto action = action_from_json(j);
  if (!action) return std::unexpected(action.error());
  action->pos = 0;
  GameCommand command{*table, *action, std::nullopt};
  if (j.contains("version")) {
    auto version = detail::get_int(j, "version", 0, std::numeric_limits<std::int64_t>::max());
    if (!version) return std::unexpected(version.error());
    command.version = *version;
  }
  return command;
}

Result parse_body(const Json& j, std::string_view type) {
  if (type == "hello") return lift(parse_hello(j));
  if (type == "lobby" || type == "ping") {
    if (auto ok = detail::check_fields(j, {"type", "id"}); !ok) return std::unexpected(ok.error());
    if (type == "ping") return ClientBody{ConnectionBody{Ping{}}};
    return ClientBody{LobbyBody{LobbyRequest{}}};
  }
  if (type == "create_table") return lift(parse_create(j));
  if (type == "add_bot") return lift(parse_add_bot(j));
  if (type == "decline_challenge") return lift(parse_decline(j));
  if (type == "join_table") return lift(parse_join(j));
  if (type == "leave_table") return lift(parse_table_only<LeaveTable>(j));
  if (type == "watch_table") return lift(parse_watch(j));
  if (type == "start_series") return lift(parse_table_only<StartSeries>(j));
  if (type == "resume") return lift(parse_resume(j));
  if (type == "remove_player") return lift(parse_remove(j));
  if (type == "chat") return lift(parse_chat(j));
  if (type == "result_wait") return lift(parse_result_wait(j));
  if (type == "ready") return lift(parse_ready(j));
  if (action_kind(type)) return lift(parse_game_command(j));
  return std::unexpected(error(ErrorCode::UnknownType, "unknown message type"));
}

}  // namespace

std::string_view type_name(const ClientBody& body) {
  struct Visitor {
    std::string_view operator()(const Hello&) const { return "hello"; }
    std::string_view operator()(const Ping&) const { return "ping"; }
    std::string_view operator()(const LobbyRequest&) const { return "lobby"; }
    std::string_view operator()(const CreateTable&) const { return "create_table"; }
    std::string_view operator()(const AddBot&) const { return "add_bot"; }
    std::string_view operator()(const DeclineChallenge&) const { return "decline_challenge"; }
    std::string_view operator()(const JoinTable&) const { return "join_table"; }
    std::string_view operator()(const LeaveTable&) const { return "leave_table"; }
    std::string_view operator()(const WatchTable&) const { return "watch_table"; }
    std::string_view operator()(const StartSeries&) const { return "start_series"; }
    std::string_view operator()(const Resume&) const { return "resume"; }
    std::string_view operator()(const RemovePlayer&) const { return "remove_player"; }
    std::string_view operator()(const GameCommand& g) const { return action_name(g.action.kind); }
    std::string_view operator()(const Chat&) const { return "chat"; }
    std::string_view operator()(const ResultWait&) const { return "result_wait"; }
    std::string_view operator()(const Ready&) const { return "ready"; }
  };
  return std::visit([](const auto& kind) { return std::visit(Visitor{}, kind); }, body);
}

TableId table_of(const TableBody& body) {
  return std::visit([](const auto& m) { return m.table; }, body);
}

std::expected<ClientMessage, ProtocolError> parse_client_message(std::string_view text) {
  if (text.size() > kMaxMessageBytes)
    return std::unexpected(
        error(ErrorCode::TooLarge, "message longer than " + std::to_string(kMaxMessageBytes) + " bytes"));
  try {
    const auto parsed = parse_json_once_per_key(text);
    if (!parsed) return std::unexpected(error(ErrorCode::BadJson, parsed.error()));
    const Json& j = *parsed;
    if (!j.is_object()) return std::unexpected(error(ErrorCode::BadJson, "a message must be a JSON object"));
    auto type = detail::get_string(j, "type", 32);
    if (!type) {
      auto e = type.error();
      if (e.code == ErrorCode::MissingField || e.code == ErrorCode::TooLarge) e.code = ErrorCode::UnknownType;
      return std::unexpected(e);
    }
    ClientMessage out;
    auto id = detail::get_opt_int(j, "id", 0, kMaxId);
    if (!id) return std::unexpected(id.error());
    out.id = *id;
    auto body = parse_body(j, *type);
    if (!body) return std::unexpected(body.error());
    out.body = std::move(*body);
    return out;
  } catch (const std::exception& e) {
    return std::unexpected(error(ErrorCode::BadJson, "unreadable message"));
  }
}

std::optional<std::int64_t> message_id(std::string_view text) {
  if (text.size() > kMaxMessageBytes) return std::nullopt;
  try {
    const auto parsed = parse_json_once_per_key(text);
    if (!parsed || !parsed->is_object()) return std::nullopt;
    const Json& j = *parsed;
    auto id = detail::get_opt_int(j, "id", 0, kMaxId);
    return id ? *id : std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace skat::protocol
