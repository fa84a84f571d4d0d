// Seating, disconnects, grace and bot replacement. Decision: a human whose seat a bot took over
// may come back at any time (sit or reconnect); the bot is released at once and the record notes
// both the replacement and the return.
#include <algorithm>

#include "server/table/table_core.h"

namespace skat::table::detail {

namespace {

bool same_player(const std::optional<Participant>& p, const Participant& who) {
  return p && p->player_id == who.player_id;
}

}  // namespace

std::expected<void, ProtocolError> TableCore::sit(TableOutput& out, int seat, const Participant& who, TimePoint now) {
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  // The seat's own player coming back.
  if (same_player(s.owner, who) || (!s.owner && same_player(s.occupant, who))) {
    reconnect(out, seat, now);
    return {};
  }
  // A person has one seat at a table; a bot account may hold several (one per connection: a
  // tournament's 2:1 table seats the same program twice).
  for (int other = 0; other < 3 && !who.is_bot; ++other) {
    const SeatState& o = seats_[static_cast<std::size_t>(other)];
    if (same_player(o.occupant, who) || same_player(o.owner, who))
      return std::unexpected(ProtocolError{ErrorCode::AlreadySeated, "already seated at this table"});
  }
  if (!running_) {
    if (s.occupant) return std::unexpected(ProtocolError{ErrorCode::SeatTaken, "seat taken"});
    s = SeatState{who, std::nullopt, true, std::nullopt, false};
    emit_public(out, "seated", Json{{"seat", seat}, {"player", participant_json(who)}}, now);
    return {};
  }
  if (!s.awaiting_bot || !who.is_bot)
    return std::unexpected(ProtocolError{ErrorCode::SeriesRunning, "a series is running at this table"});
  // A replacement bot takes the seat; the displaced human (if any) stays the owner.
  if (!s.owner && s.occupant && !s.occupant->is_bot) s.owner = s.occupant;
  const std::optional<Participant> before = s.occupant;
  s.occupant = who;
  s.connected = true;
  s.grace_end.reset();
  s.awaiting_bot = false;
  if (game_) {
    replaced_[static_cast<std::size_t>(seat)] = true;
    substitute_[static_cast<std::size_t>(seat)] = who;
  }
  Json fields{{"seat", seat}, {"player", participant_json(who)}};
  if (before) fields["previous"] = participant_json(*before);
  emit_public(out, "replaced", fields, now);
  // Mid-game and the seat's turn: the bot gets its act request (and a fresh clock) now.
  if (game_ && !game_->finished() && game_->to_act() >= 0 && seat_of_pos(game_->to_act()) == seat)
    hand_turn_to(out, seat, now);
  continue_when_complete(out, now);
  return {};
}

std::expected<void, ProtocolError> TableCore::leave(TableOutput& out, int seat, TimePoint now) {
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.occupant) return std::unexpected(ProtocolError{ErrorCode::NotSeated, "seat is empty"});
  if (!running_) {
    s = SeatState{};
    emit_public(out, "left", Json{{"seat", seat}}, now);
    return {};
  }
  // Mid-series: a disconnect whose grace is already over.
  disconnect(out, seat, now);
  s.grace_end = now;
  expire_grace(out, now);
  return {};
}

std::expected<void, ProtocolError> TableCore::remove(TableOutput& out, int seat, TimePoint now) {
  if (running_) return std::unexpected(ProtocolError{ErrorCode::SeriesRunning, "the series has started"});
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.occupant) return std::unexpected(ProtocolError{ErrorCode::NotSeated, "seat is empty"});
  s = SeatState{};
  emit_public(out, "left", Json{{"seat", seat}, {"removed", true}}, now);
  return {};
}

void TableCore::disconnect(TableOutput& out, int seat, TimePoint now) {
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.occupant || !s.connected) return;
  s.connected = false;
  s.grace_end = now + std::chrono::milliseconds(config_.grace_ms);
  emit_public(out, "disconnected", Json{{"seat", seat}, {"grace_until", to_ms(*s.grace_end)}}, now);
}

void TableCore::count_timeout(TableOutput& out, int seat, TimePoint now) {
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  int& in_a_row = timeouts_in_a_row_[static_cast<std::size_t>(seat)];
  if (!running_ || !s.occupant || s.occupant->is_bot || !s.connected) return;
  ++in_a_row;
  if (config_.timeouts_before_gone <= 0 || in_a_row < config_.timeouts_before_gone) return;
  s.connected = false;
  s.grace_end = now;
  emit_public(out, "disconnected", Json{{"seat", seat}, {"grace_until", to_ms(now)}, {"timeouts", in_a_row}}, now);
  in_a_row = 0;
  expire_grace(out, now);
}

void TableCore::reconnect(TableOutput& out, int seat, TimePoint now) {
  SeatState& s = seats_[static_cast<std::size_t>(seat)];
  timeouts_in_a_row_[static_cast<std::size_t>(seat)] = 0;
  if (const auto& back = s.owner ? s.owner : s.occupant; back && !back->is_bot)
    abandon_at_.reset();  // a person is back: the count to abandonment starts afresh
  if (s.owner) {
    // The human takes the seat back from the replacement bot.
    if (s.occupant) out.bot_releases.push_back(BotRelease{seat, s.occupant->player_id});
    s.occupant = s.owner;
    s.owner.reset();
    // Back while the game's start is held (no one has acted in it yet): the substitute played none
    // of it.
    if (game_ && held_turn_) {
      replaced_[static_cast<std::size_t>(seat)] = false;
      substitute_[static_cast<std::size_t>(seat)].reset();
    }
    s.connected = true;
    s.grace_end.reset();
    s.awaiting_bot = false;
    emit_public(out, "returned", Json{{"seat", seat}, {"player", participant_json(*s.occupant)}}, now);
    if (running_ && game_ && game_->to_act() >= 0 && seat_of_pos(game_->to_act()) == seat) hand_turn_to(out, seat, now);
    continue_when_complete(out, now);
    return;
  }
  if (!s.occupant || s.connected) return;
  s.connected = true;
  s.grace_end.reset();
  s.awaiting_bot = false;  // a bot already requested will be refused by sit() and released by the caller
  emit_public(out, "reconnected", Json{{"seat", seat}}, now);
  continue_when_complete(out, now);
}

void TableCore::expire_grace(TableOutput& out, TimePoint now) {
  for (int seat = 0; seat < 3; ++seat) {
    SeatState& s = seats_[static_cast<std::size_t>(seat)];
    if (!s.grace_end || *s.grace_end > now) continue;
    s.grace_end.reset();
    if (!running_) {
      s = SeatState{};
      emit_public(out, "left", Json{{"seat", seat}}, now);
      continue;
    }
    s.awaiting_bot = true;
    // Nobody plays the seat now: if it is its turn, the clock is a bot's from here.
    if (game_ && game_->to_act() >= 0 && seat_of_pos(game_->to_act()) == seat && move_deadline_)
      move_deadline_ = std::min(*move_deadline_, now + std::chrono::milliseconds(config_.bot_move_ms));
    const std::string& own = config_.seat_bot_kinds[static_cast<std::size_t>(seat)];
    const std::string& kind = own.empty() ? config_.replacement_bot_kind : own;
    out.bot_requests.push_back(BotRequest{seat, kind, {}, !own.empty()});
    emit_public(out, "replacing", Json{{"seat", seat}, {"kind", kind}}, now);
  }
  check_abandoned(out, now);
}

void TableCore::check_abandoned(TableOutput& out, TimePoint now) {
  if (!humans_gone()) {
    abandon_at_.reset();
    return;
  }
  if (!abandon_at_) abandon_at_ = now + std::chrono::milliseconds(config_.abandon_after_ms);
  if (*abandon_at_ > now) return;
  abandon_at_.reset();
  abandon_series(out, now);
}

}  // namespace skat::table::detail
