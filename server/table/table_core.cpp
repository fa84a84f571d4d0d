#include "server/table/table_core.h"

#include <algorithm>

#include "engine/seat_view.h"
#include "protocol/json_codec.h"
#include "protocol/seat_view_text.h"
#include "protocol/server_messages.h"

namespace skat::table::detail {

std::int64_t to_ms(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

Json participant_json(const Participant& p) {
  Json j{{"id", p.player_id}, {"name", p.name}, {"bot", p.is_bot}};
  if (p.is_bot) j["kind"] = p.bot_kind;
  return j;
}

TableCore::TableCore(TableId id, TableConfig config) : id_(id), config_(std::move(config)) {
  config_.deals = std::clamp(config_.deals, 1, protocol::kMaxDeals);
}

int TableCore::clock_ms(int seat) const { return bot_clock(seat) ? config_.bot_move_ms : config_.human_move_ms; }

bool TableCore::bot_clock(int seat) const {
  const auto& who = seats_[static_cast<std::size_t>(seat)].occupant;
  return (who && who->is_bot) || unplayed(seat);
}

bool TableCore::sits_in_for_person() const {
  return std::ranges::any_of(seats_, [](const SeatState& s) { return s.owner && !s.owner->is_bot; });
}

bool TableCore::unplayed(int seat) const {
  const SeatState& s = seats_[static_cast<std::size_t>(seat)];
  return running_ && s.awaiting_bot && !s.connected;
}

bool TableCore::humans_gone() const {
  if (!running_) return false;
  bool had_people = false;
  for (const Participant& p : series_seats_) had_people = had_people || !p.is_bot;
  if (!had_people) return false;  // a table of bots plays its series to the end
  for (const SeatState& s : seats_) {
    const bool human_seated = s.occupant && !s.occupant->is_bot;
    if (human_seated && (s.connected || s.grace_end)) return false;  // here, or within the grace
  }
  return true;
}

std::optional<TimePoint> TableCore::next_deadline() const {
  std::optional<TimePoint> next = move_deadline_;
  if (held_turn_ && (!next || *held_turn_ < *next)) next = held_turn_;
  for (const SeatState& s : seats_)
    if (s.grace_end && (!next || *s.grace_end < *next)) next = s.grace_end;
  if (abandon_at_ && (!next || *abandon_at_ < *next)) next = abandon_at_;
  return next;
}

std::array<int, 3> TableCore::scores() const {
  std::array<int, 3> total{};
  for (const auto& row : list_)
    for (std::size_t s = 0; s < 3; ++s) total[s] += row[s];
  return total;
}

Json TableCore::seats_json() const {
  Json seats = Json::array();
  for (const SeatState& s : seats_) {
    if (!s.occupant) {
      seats.push_back(nullptr);
      continue;
    }
    Json j = participant_json(*s.occupant);
    j["connected"] = s.connected;
    if (s.owner) j["replacing"] = participant_json(*s.owner);
    seats.push_back(j);
  }
  return seats;
}

void TableCore::emit(TableOutput& out, std::string_view type, std::array<Json, 4> copies, Json record, TimePoint now) {
  const int game = running_ && game_ ? game_index_ : -1;
  for (Json& c : copies) {
    if (c.is_null()) c = Json::object();
    c["type"] = type;
    c["table"] = id_;
    c["game"] = game;
  }
  const std::int64_t version = log_.append(copies);
  for (std::size_t a = 0; a < 4; ++a) {
    copies[a]["version"] = version;
    out.messages.push_back(Outbound{static_cast<int>(a), std::move(copies[a])});
  }
  if (game >= 0 && record.is_object()) {
    record["type"] = type;
    record["t"] = to_ms(now);
    record["version"] = version;
    record_.push_back(std::move(record));
  }
}

void TableCore::emit_public(TableOutput& out, std::string_view type, const Json& fields, TimePoint now) {
  emit(out, type, {fields, fields, fields, fields}, fields, now);
}

void TableCore::send_error(TableOutput& out, int audience, const ProtocolError& e,
                           std::optional<std::int64_t> id) const {
  out.messages.push_back(Outbound{audience, protocol::make_error(e, id, id_)});
}

Outbound TableCore::act_message(int seat) const {
  protocol::ActHeader header;
  header.table = id_;
  header.game = game_index_;
  header.version = turn_version_;
  header.seat = seat;
  header.clock_ms = clock_ms(seat);
  header.deadline = move_deadline_ ? to_ms(*move_deadline_) : 0;
  if (config_.seat_seed) header.seed = config_.seat_seed(game_index_, seat);
  if (const auto& occupant = seats_[static_cast<std::size_t>(seat)].occupant) header.hints = occupant->wants_hints();
  return Outbound::from_text(seat, protocol::act_text(header, seat_view(*game_, position_of(seat))));
}

void TableCore::add_doublings(Json& fields) const {
  if (!config_.kontra) return;
  Json factors = Json::array();
  for (const PgnGame& g : pgn_games_) factors.push_back(doubling_factor(g.doubling));
  fields["doublings"] = std::move(factors);
}

Json TableCore::state_message(int audience) const {
  Json j{{"type", "state"},
         {"table", id_},
         {"version", log_.version()},
         {"event", config_.event},
         {"deals", config_.deals},
         {"kontra", config_.kontra},
         {"running", running_},
         {"series", series_index_},
         {"game", running_ && game_ ? game_index_ : -1},
         {"seats", seats_json()},
         {"scores", scores()},
         {"list", list_},
         {"substitutes", substitutes_},
         {"view", nullptr},
         {"forehand", nullptr},
         {"position", nullptr},
         {"deadline", move_deadline_ ? Json(to_ms(*move_deadline_)) : Json(nullptr)}};
  add_doublings(j);
  if (running_ && game_) {
    j["forehand"] = seat_of_pos(0);
    if (audience >= 0 && audience <= 2) {
      j["position"] = position_of(audience);
      j["view"] = protocol::seat_view_to_json(seat_view(*game_, position_of(audience)));
    } else {
      j["view"] = protocol::seat_view_to_json(spectator_view(*game_));
    }
  }
  return j;
}

}  // namespace skat::table::detail
