#include "protocol/seat_view_text.h"

#include <charconv>
#include <string_view>

#include "protocol/act_hints.h"
#include "protocol/json_codec.h"

namespace skat::protocol {

namespace {

template <class Int>
void put_int(std::string& out, Int value) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

void put_bool(std::string& out, bool value) { out += value ? "true" : "false"; }

void put_card(std::string& out, Card c) {
  out += '"';
  out += card_name(c);
  out += '"';
}

void put_cards(std::string& out, CardSet cards) {
  out += '[';
  bool first = true;
  for (Card c : cards) {
    if (!first) out += ',';
    first = false;
    put_card(out, c);
  }
  out += ']';
}

void put_key(std::string& out, std::string_view key) {
  out += '"';
  out += key;
  out += "\":";
}

void put_declaration_fields(std::string& out, const Declaration& d) {
  out += "\"game\":\"";
  out += game_letter(d.type);
  out += "\",\"hand\":";
  put_bool(out, d.hand);
  out += ",\"schneider\":";
  put_bool(out, d.schneider_announced);
  out += ",\"schwarz\":";
  put_bool(out, d.schwarz_announced);
  out += ",\"ouvert\":";
  put_bool(out, d.ouvert);
}

void put_action(std::string& out, const Action& a) {
  out += "{\"type\":\"";
  out += action_name(a.kind);
  out += "\",\"pos\":";
  put_int(out, a.pos);
  switch (a.kind) {
    case ActionKind::Bid:
      out += ",\"value\":";
      put_int(out, a.bid);
      break;
    case ActionKind::Discard:
      out += ",\"cards\":[";
      put_card(out, a.card);
      out += ',';
      put_card(out, a.card2);
      out += ']';
      break;
    case ActionKind::Play:
      out += ",\"card\":";
      put_card(out, a.card);
      break;
    case ActionKind::Declare:
      out += ',';
      put_declaration_fields(out, a.declaration);
      break;
    default: break;
  }
  out += '}';
}

void put_actions(std::string& out, const std::vector<Action>& actions) {
  out += '[';
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (i) out += ',';
    put_action(out, actions[i]);
  }
  out += ']';
}

template <class T>
void put_triple(std::string& out, const std::array<T, 3>& values) {
  out += '[';
  for (std::size_t i = 0; i < 3; ++i) {
    if (i) out += ',';
    if constexpr (std::is_same_v<T, bool>)
      put_bool(out, values[i]);
    else
      put_int(out, values[i]);
  }
  out += ']';
}

}  // namespace

void append_seat_view_text(std::string& out, const SeatView& v) {
  out += "{\"pos\":";
  put_int(out, v.pos);
  out += ",\"phase\":\"";
  out += phase_name(v.phase);
  out += "\",\"to_act\":";
  put_int(out, v.to_act);
  out += ",\"hand\":";
  put_cards(out, v.hand);
  out += ",\"current_bid\":";
  put_int(out, v.current_bid);
  out += ",\"bids\":";
  put_triple(out, v.bids);
  out += ",\"declarer\":";
  put_int(out, v.declarer);
  out += ",\"bid\":";
  put_int(out, v.bid);
  out += ",\"picked_up\":";
  put_bool(out, v.picked_up);
  out += ",\"declaration\":";
  if (v.declaration) {
    out += '{';
    put_declaration_fields(out, *v.declaration);
    out += '}';
  } else {
    out += "null";
  }
  out += ",\"skat\":";
  put_cards(out, v.skat);
  out += ",\"discard\":";
  put_cards(out, v.discard);
  out += ",\"ouvert_cards\":";
  put_cards(out, v.ouvert_cards);
  out += ",\"history\":";
  put_actions(out, v.history);
  out += ",\"tricks\":[";
  for (std::size_t i = 0; i < v.tricks.size(); ++i) {
    const CompletedTrick& t = v.tricks[i];
    if (i) out += ',';
    out += "{\"cards\":[";
    for (std::size_t k = 0; k < 3; ++k) {
      if (k) out += ',';
      put_card(out, t.cards[k]);
    }
    out += "],\"leader\":";
    put_int(out, t.leader);
    out += ",\"winner\":";
    put_int(out, t.winner);
    out += ",\"points\":";
    put_int(out, t.points);
    out += '}';
  }
  out += "],\"current_trick\":[";
  for (std::size_t i = 0; i < v.current_trick.size(); ++i) {
    if (i) out += ',';
    put_card(out, v.current_trick[i]);
  }
  out += "],\"trick_leader\":";
  put_int(out, v.trick_leader);
  out += ",\"conceded\":";
  put_triple(out, v.conceded);
  out += ",\"legal\":";
  put_actions(out, v.legal);
  if (v.kontra_allowed) {
    out += ",\"kontra\":{\"by\":";
    put_int(out, v.kontra_by);
    out += v.doubling == Doubling::Re ? ",\"re\":true}" : ",\"re\":false}";
  }
  out += '}';
}

std::string act_text(const ActHeader& h, const SeatView& view) {
  std::string out;
  out.reserve(4096);
  out += "{\"type\":\"act\",\"table\":";
  put_int(out, h.table);
  put_key(out += ',', "game");
  put_int(out, h.game);
  put_key(out += ',', "version");
  put_int(out, h.version);
  put_key(out += ',', "seat");
  put_int(out, h.seat);
  put_key(out += ',', "clock_ms");
  put_int(out, h.clock_ms);
  put_key(out += ',', "deadline");
  put_int(out, h.deadline);
  if (h.seed) {
    put_key(out += ',', "seed");
    out += std::to_string(*h.seed);
  }
  put_key(out += ',', "view");
  append_seat_view_text(out, view);
  if (h.hints) append_act_hints(out, view);
  out += '}';
  return out;
}

}  // namespace skat::protocol
