#include "protocol/json_codec.h"

#include "protocol/json_fields.h"

namespace skat::protocol {

using detail::error;

Json card_to_json(Card card) { return card_name(card); }

Json cards_to_json(CardSet cards) {
  Json out = Json::array();
  for (Card c : cards) out.push_back(card_name(c));
  return out;
}

std::expected<Card, ProtocolError> card_from_json(const Json& j) {
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s.size() == 2)
      if (auto c = parse_card(s)) return *c;
  }
  return std::unexpected(error(ErrorCode::BadField, "not a card name (e.g. \"CJ\", \"HT\")"));
}

namespace {

std::expected<std::vector<Card>, ProtocolError> card_list(const Json& j, std::size_t max_cards) {
  if (!j.is_array() || j.size() > max_cards)
    return std::unexpected(
        error(ErrorCode::BadField, "expected a list of at most " + std::to_string(max_cards) + " cards"));
  std::vector<Card> out;
  CardSet seen;
  for (const Json& item : j) {
    auto c = card_from_json(item);
    if (!c) return std::unexpected(c.error());
    if (seen.contains(*c)) return std::unexpected(error(ErrorCode::BadField, "a card is listed twice"));
    seen.add(*c);
    out.push_back(*c);
  }
  return out;
}

std::expected<CardSet, ProtocolError> card_set_field(const Json& j, std::string_view key) {
  auto f = detail::get_field(j, key);
  if (!f) return std::unexpected(f.error());
  return cards_from_json(**f);
}

constexpr std::string_view kActionNames[] = {"bid",     "hold", "pass",    "pickup", "discard",
                                             "declare", "play", "concede", "kontra", "re"};
static_assert(std::size(kActionNames) == static_cast<std::size_t>(ActionKind::Re) + 1);

}  // namespace

std::optional<ActionKind> action_kind(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kActionNames); ++i)
    if (kActionNames[i] == name) return static_cast<ActionKind>(i);
  return std::nullopt;
}

std::string_view action_name(ActionKind kind) { return kActionNames[static_cast<std::size_t>(kind)]; }

std::expected<CardSet, ProtocolError> cards_from_json(const Json& j) {
  auto list = card_list(j, kNumCards);
  if (!list) return std::unexpected(list.error());
  CardSet out;
  for (Card c : *list) out.add(c);
  return out;
}

Json declaration_to_json(const Declaration& d) {
  return Json{{"game", std::string(1, game_letter(d.type))},
              {"hand", d.hand},
              {"schneider", d.schneider_announced},
              {"schwarz", d.schwarz_announced},
              {"ouvert", d.ouvert}};
}

namespace {

// Reads the declaration fields from an object that may hold other fields too.
std::expected<Declaration, ProtocolError> declaration_fields(const Json& j) {
  auto game = detail::get_string(j, "game", 1);
  if (!game) return std::unexpected(game.error());
  const auto type = game->empty() ? std::nullopt : parse_game_letter((*game)[0]);
  if (!type) return std::unexpected(error(ErrorCode::BadField, "field \"game\" must be one of C S H D G N"));
  Declaration d;
  d.type = *type;
  auto hand = detail::get_bool(j, "hand", false);
  auto schneider = detail::get_bool(j, "schneider", false);
  auto schwarz = detail::get_bool(j, "schwarz", false);
  auto ouvert = detail::get_bool(j, "ouvert", false);
  for (const auto* b : {&hand, &schneider, &schwarz, &ouvert})
    if (!*b) return std::unexpected(b->error());
  d.hand = *hand;
  d.schneider_announced = *schneider;
  d.schwarz_announced = *schwarz;
  d.ouvert = *ouvert;
  return d;
}

}  // namespace

std::expected<Declaration, ProtocolError> declaration_from_json(const Json& j) {
  if (auto ok = detail::check_fields(j, {"game", "hand", "schneider", "schwarz", "ouvert"}); !ok)
    return std::unexpected(ok.error());
  return declaration_fields(j);
}

Json action_to_json(const Action& a) {
  Json j{{"type", action_name(a.kind)}, {"pos", a.pos}};
  switch (a.kind) {
    case ActionKind::Bid: j["value"] = a.bid; break;
    case ActionKind::Discard: j["cards"] = Json::array({card_name(a.card), card_name(a.card2)}); break;
    case ActionKind::Play: j["card"] = card_name(a.card); break;
    case ActionKind::Declare: j.update(declaration_to_json(a.declaration)); break;
    default: break;
  }
  return j;
}

std::expected<Action, ProtocolError> action_from_json(const Json& j) {
  if (!j.is_object()) return std::unexpected(error(ErrorCode::BadField, "an action must be a JSON object"));
  auto type = detail::get_string(j, "type", 16);
  if (!type) return std::unexpected(type.error());
  const auto kind = action_kind(*type);
  if (!kind) return std::unexpected(error(ErrorCode::UnknownType, "unknown action \"" + *type + "\""));
  std::expected<void, ProtocolError> fields;
  switch (*kind) {
    case ActionKind::Bid: fields = detail::check_fields(j, {"type", "pos", "table", "id", "version", "value"}); break;
    case ActionKind::Discard:
      fields = detail::check_fields(j, {"type", "pos", "table", "id", "version", "cards"});
      break;
    case ActionKind::Play: fields = detail::check_fields(j, {"type", "pos", "table", "id", "version", "card"}); break;
    case ActionKind::Declare:
      fields = detail::check_fields(
          j, {"type", "pos", "table", "id", "version", "game", "hand", "schneider", "schwarz", "ouvert"});
      break;
    default: fields = detail::check_fields(j, {"type", "pos", "table", "id", "version"}); break;
  }
  if (!fields) return std::unexpected(fields.error());
  auto pos = detail::get_opt_int(j, "pos", 0, 2);
  if (!pos) return std::unexpected(pos.error());
  Action a;
  a.kind = *kind;
  a.pos = static_cast<int>(pos->value_or(0));
  switch (*kind) {
    case ActionKind::Bid: {
      auto v = detail::get_int(j, "value", 18, 264);
      if (!v) return std::unexpected(v.error());
      a.bid = static_cast<int>(*v);
      break;
    }
    case ActionKind::Discard: {
      auto f = detail::get_field(j, "cards");
      if (!f) return std::unexpected(f.error());
      auto list = card_list(**f, 2);
      if (!list) return std::unexpected(list.error());
      if (list->size() != 2) return std::unexpected(error(ErrorCode::BadField, "a discard is exactly two cards"));
      a.card = (*list)[0];
      a.card2 = (*list)[1];
      break;
    }
    case ActionKind::Play: {
      auto f = detail::get_field(j, "card");
      if (!f) return std::unexpected(f.error());
      auto c = card_from_json(**f);
      if (!c) return std::unexpected(c.error());
      a.card = *c;
      break;
    }
    case ActionKind::Declare: {
      auto d = declaration_fields(j);
      if (!d) return std::unexpected(d.error());
      a.declaration = *d;
      break;
    }
    default: break;
  }
  return a;
}

namespace {

constexpr std::string_view kPhaseNames[] = {"bidding", "skat", "discarding", "declaring", "playing", "finished"};

Json actions_to_json(const std::vector<Action>& actions) {
  Json out = Json::array();
  for (const Action& a : actions) out.push_back(action_to_json(a));
  return out;
}

Json trick_to_json(const CompletedTrick& t) {
  Json cards = Json::array();
  for (Card c : t.cards) cards.push_back(card_name(c));
  return Json{{"cards", cards}, {"leader", t.leader}, {"winner", t.winner}, {"points", t.points}};
}

// "kontra": {"by": -1..2, "re": bool}, present only at a table that plays with Kontra and Re.
std::expected<void, ProtocolError> kontra_from_json(const Json& j, SeatView& v) {
  if (!j.contains("kontra")) return {};
  const Json& k = j["kontra"];
  if (auto ok = detail::check_fields(k, {"by", "re"}); !ok) return std::unexpected(ok.error());
  auto by = detail::get_int(k, "by", -1, 2);
  if (!by) return std::unexpected(by.error());
  auto re = detail::get_bool(k, "re", false);
  if (!re) return std::unexpected(re.error());
  if (*re && *by < 0) return std::unexpected(error(ErrorCode::BadField, "\"kontra\": a Re needs a Kontra"));
  v.kontra_allowed = true;
  v.kontra_by = static_cast<int>(*by);
  v.doubling = *re ? Doubling::Re : *by >= 0 ? Doubling::Kontra : Doubling::None;
  return {};
}

template <class T>
std::unexpected<ProtocolError> fail_in(std::string_view where, const std::expected<T, ProtocolError>& e) {
  return std::unexpected(ProtocolError{e.error().code, std::string(where) + ": " + e.error().message});
}

std::expected<std::vector<Action>, ProtocolError> actions_from_json(const Json& j, std::string_view key) {
  auto f = detail::get_field(j, key);
  if (!f) return std::unexpected(f.error());
  if (!(*f)->is_array() || (*f)->size() > 512)
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\" must be a list of actions"));
  std::vector<Action> out;
  for (const Json& item : **f) {
    auto a = action_from_json(item);
    if (!a) return fail_in(key, a);
    out.push_back(*a);
  }
  return out;
}

std::expected<CompletedTrick, ProtocolError> trick_from_json(const Json& j) {
  if (auto ok = detail::check_fields(j, {"cards", "leader", "winner", "points"}); !ok)
    return std::unexpected(ok.error());
  CompletedTrick t;
  auto cards_field = detail::get_field(j, "cards");
  if (!cards_field) return std::unexpected(cards_field.error());
  auto cards = card_list(**cards_field, 3);
  if (!cards) return std::unexpected(cards.error());
  if (cards->size() != 3) return std::unexpected(error(ErrorCode::BadField, "a trick has three cards"));
  for (std::size_t i = 0; i < 3; ++i) t.cards[i] = (*cards)[i];
  auto leader = detail::get_int(j, "leader", 0, 2);
  auto winner = detail::get_int(j, "winner", 0, 2);
  auto points = detail::get_int(j, "points", 0, 120);
  for (const auto* v : {&leader, &winner, &points})
    if (!*v) return std::unexpected(v->error());
  t.leader = static_cast<int>(*leader);
  t.winner = static_cast<int>(*winner);
  t.points = static_cast<int>(*points);
  return t;
}

std::expected<std::array<int, 3>, ProtocolError> int_triple(const Json& j, std::string_view key, int lo, int hi) {
  auto f = detail::get_field(j, key);
  if (!f) return std::unexpected(f.error());
  if (!(*f)->is_array() || (*f)->size() != 3)
    return std::unexpected(error(ErrorCode::BadField, "field \"" + std::string(key) + "\" must be a list of three"));
  std::array<int, 3> out{};
  for (std::size_t i = 0; i < 3; ++i) {
    const Json wrapper{{"value", (**f)[i]}};
    auto v = detail::get_int(wrapper, "value", lo, hi);
    if (!v) return fail_in(key, v);
    out[i] = static_cast<int>(*v);
  }
  return out;
}

}  // namespace

std::string_view phase_name(Phase p) { return kPhaseNames[static_cast<std::size_t>(p)]; }

Json seat_view_to_json(const SeatView& v) {
  Json tricks = Json::array();
  for (const CompletedTrick& t : v.tricks) tricks.push_back(trick_to_json(t));
  Json current = Json::array();
  for (Card c : v.current_trick) current.push_back(card_name(c));
  Json j{{"pos", v.pos},
         {"phase", phase_name(v.phase)},
         {"to_act", v.to_act},
         {"hand", cards_to_json(v.hand)},
         {"current_bid", v.current_bid},
         {"bids", v.bids},
         {"declarer", v.declarer},
         {"bid", v.bid},
         {"picked_up", v.picked_up},
         {"declaration", v.declaration ? declaration_to_json(*v.declaration) : Json(nullptr)},
         {"skat", cards_to_json(v.skat)},
         {"discard", cards_to_json(v.discard)},
         {"ouvert_cards", cards_to_json(v.ouvert_cards)},
         {"history", actions_to_json(v.history)},
         {"tricks", tricks},
         {"current_trick", current},
         {"trick_leader", v.trick_leader},
         {"conceded", v.conceded},
         {"legal", actions_to_json(v.legal)}};
  if (v.kontra_allowed) j["kontra"] = Json{{"by", v.kontra_by}, {"re", v.doubling == Doubling::Re}};
  return j;
}

std::expected<SeatView, ProtocolError> seat_view_from_json(const Json& j) {
  if (auto ok = detail::check_fields(
          j, {"pos",    "phase",         "to_act",       "hand",     "current_bid", "bids",         "declarer",
              "bid",    "picked_up",     "declaration",  "skat",     "discard",     "ouvert_cards", "history",
              "tricks", "current_trick", "trick_leader", "conceded", "legal",       "kontra"});
      !ok)
    return std::unexpected(ok.error());
  SeatView v;
  auto pos = detail::get_int(j, "pos", 0, 2);
  auto to_act = detail::get_int(j, "to_act", -1, 2);
  auto current_bid = detail::get_int(j, "current_bid", 0, 264);
  auto declarer = detail::get_int(j, "declarer", -1, 2);
  auto bid = detail::get_int(j, "bid", 0, 264);
  auto leader = detail::get_int(j, "trick_leader", 0, 2);
  for (const auto* x : {&pos, &to_act, &current_bid, &declarer, &bid, &leader})
    if (!*x) return std::unexpected(x->error());
  v.pos = static_cast<int>(*pos);
  v.to_act = static_cast<int>(*to_act);
  v.current_bid = static_cast<int>(*current_bid);
  v.declarer = static_cast<int>(*declarer);
  v.bid = static_cast<int>(*bid);
  v.trick_leader = static_cast<int>(*leader);

  auto phase = detail::get_string(j, "phase", 16);
  if (!phase) return std::unexpected(phase.error());
  bool phase_found = false;
  for (std::size_t i = 0; i < std::size(kPhaseNames); ++i)
    if (kPhaseNames[i] == *phase) {
      v.phase = static_cast<Phase>(i);
      phase_found = true;
    }
  if (!phase_found) return std::unexpected(error(ErrorCode::BadField, "unknown phase \"" + *phase + "\""));

  auto picked = detail::get_bool(j, "picked_up", false);
  if (!picked) return std::unexpected(picked.error());
  v.picked_up = *picked;

  auto bids = int_triple(j, "bids", 0, 264);
  if (!bids) return std::unexpected(bids.error());
  v.bids = *bids;

  for (auto [key, target] : {std::pair{"hand", &v.hand}, std::pair{"skat", &v.skat}, std::pair{"discard", &v.discard},
                             std::pair{"ouvert_cards", &v.ouvert_cards}}) {
    auto set = card_set_field(j, key);
    if (!set) return fail_in(key, set);
    *target = *set;
  }

  auto decl = detail::get_field(j, "declaration");
  if (!decl) return std::unexpected(decl.error());
  if (!(*decl)->is_null()) {
    auto d = declaration_from_json(**decl);
    if (!d) return fail_in("declaration", d);
    v.declaration = *d;
  }

  auto history = actions_from_json(j, "history");
  if (!history) return std::unexpected(history.error());
  v.history = std::move(*history);
  auto legal = actions_from_json(j, "legal");
  if (!legal) return std::unexpected(legal.error());
  v.legal = std::move(*legal);

  auto tricks = detail::get_field(j, "tricks");
  if (!tricks) return std::unexpected(tricks.error());
  if (!(*tricks)->is_array() || (*tricks)->size() > 10)
    return std::unexpected(error(ErrorCode::BadField, "field \"tricks\" must be a list of at most 10 tricks"));
  for (const Json& t : **tricks) {
    auto trick = trick_from_json(t);
    if (!trick) return fail_in("tricks", trick);
    v.tricks.push_back(*trick);
  }

  auto current = detail::get_field(j, "current_trick");
  if (!current) return std::unexpected(current.error());
  auto current_cards = card_list(**current, 2);
  if (!current_cards) return fail_in("current_trick", current_cards);
  v.current_trick = std::move(*current_cards);

  auto conceded = detail::get_field(j, "conceded");
  if (!conceded) return std::unexpected(conceded.error());
  if (!(*conceded)->is_array() || (*conceded)->size() != 3)
    return std::unexpected(error(ErrorCode::BadField, "field \"conceded\" must be three booleans"));
  for (std::size_t i = 0; i < 3; ++i) {
    if (!(**conceded)[i].is_boolean())
      return std::unexpected(error(ErrorCode::BadField, "field \"conceded\" must be three booleans"));
    v.conceded[i] = (**conceded)[i].get<bool>();
  }
  if (auto k = kontra_from_json(j, v); !k) return std::unexpected(k.error());
  return v;
}

std::string to_text(const Json& j) {
  try {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
  } catch (...) {
    return R"({"type":"error","code":"internal","message":"unserialisable message"})";
  }
}

}  // namespace skat::protocol
