// Table: the public façade over detail::TableCore. Every entry point catches exceptions so that
// none escapes (nlohmann::json may throw on misuse); an internal failure becomes an error message.
#include "server/table/table.h"

#include <fmt/format.h>

#include "protocol/server_messages.h"
#include "server/table/table_core.h"

namespace skat::table {

using protocol::ErrorCode;
using protocol::ProtocolError;

namespace {

ProtocolError internal_error() { return ProtocolError{ErrorCode::Internal, "internal error"}; }

bool valid_seat(int seat) { return seat >= 0 && seat <= 2; }

// A step of one seat's (nothing for another audience); a failure inside leaves the output empty.
template <class Step>
TableOutput seat_step(detail::TableCore& core, int seat, Step step) {
  TableOutput out;
  try {
    if (valid_seat(seat)) step(out);
  } catch (...) {
    out = TableOutput{};
  }
  core.finish_output(out);
  return out;
}

// One step of the core that may refuse: its output (with the next deadline) or its error; an
// exception becomes an internal error.
template <class Step>
std::expected<TableOutput, ProtocolError> guarded(const detail::TableCore& core, Step step) {
  try {
    TableOutput out;
    if (auto ok = step(out); !ok) return std::unexpected(ok.error());
    core.finish_output(out);
    return out;
  } catch (...) {
    return std::unexpected(internal_error());
  }
}

}  // namespace

Table::Table(TableId id, TableConfig config) : core_(std::make_unique<detail::TableCore>(id, std::move(config))) {}
Table::~Table() = default;
Table::Table(Table&&) noexcept = default;
Table& Table::operator=(Table&&) noexcept = default;

TableId Table::id() const { return core_->id_; }
const TableConfig& Table::config() const { return core_->config_; }
std::int64_t Table::version() const { return core_->log_.version(); }
int Table::series_index() const { return core_->series_index_; }
bool Table::series_running() const { return core_->running_; }
int Table::games_played() const { return core_->running_ ? core_->game_index_ : 0; }

std::expected<TableOutput, ProtocolError> Table::sit(int seat, const Participant& who, TimePoint now) {
  if (!valid_seat(seat)) return std::unexpected(ProtocolError{ErrorCode::BadField, "seat must be 0, 1 or 2"});
  return guarded(*core_, [&](TableOutput& out) { return core_->sit(out, seat, who, now); });
}

std::expected<TableOutput, ProtocolError> Table::leave(int seat, TimePoint now) {
  if (!valid_seat(seat)) return std::unexpected(ProtocolError{ErrorCode::NotSeated, "no such seat"});
  return guarded(*core_, [&](TableOutput& out) { return core_->leave(out, seat, now); });
}

std::expected<TableOutput, ProtocolError> Table::remove(int seat, TimePoint now) {
  if (!valid_seat(seat)) return std::unexpected(ProtocolError{ErrorCode::BadField, "seat must be 0, 1 or 2"});
  return guarded(*core_, [&](TableOutput& out) { return core_->remove(out, seat, now); });
}

std::expected<TableOutput, ProtocolError> Table::resume_series(const SeriesSoFar& so_far, TimePoint now) {
  return guarded(*core_, [&](TableOutput& out) { return core_->resume_series(out, so_far, now); });
}

std::optional<int> Table::seat_of(std::int64_t player_id) const {
  for (int s = 0; s < 3; ++s) {
    const auto& seat = core_->seats_[static_cast<std::size_t>(s)];
    if (seat.owner && seat.owner->player_id == player_id) return s;
    if (!seat.owner && seat.occupant && seat.occupant->player_id == player_id) return s;
  }
  return std::nullopt;
}

std::optional<int> Table::occupied_seat(std::int64_t player_id) const {
  for (int s = 0; s < 3; ++s) {
    const auto& occupant = core_->seats_[static_cast<std::size_t>(s)].occupant;
    if (occupant && occupant->player_id == player_id) return s;
  }
  return std::nullopt;
}

const std::optional<Participant>& Table::occupant(int seat) const {
  static const std::optional<Participant> kNone;
  return valid_seat(seat) ? core_->seats_[static_cast<std::size_t>(seat)].occupant : kNone;
}

const std::optional<Participant>& Table::owner(int seat) const {
  static const std::optional<Participant> kNone;
  return valid_seat(seat) ? core_->seats_[static_cast<std::size_t>(seat)].owner : kNone;
}

bool Table::connected(int seat) const {
  return valid_seat(seat) && core_->seats_[static_cast<std::size_t>(seat)].connected;
}

std::expected<TableOutput, ProtocolError> Table::start_series(int by_seat, TimePoint now) {
  if (!valid_seat(by_seat)) return std::unexpected(ProtocolError{ErrorCode::NotSeated, "only seated players start"});
  return guarded(*core_, [&](TableOutput& out) { return core_->start_series(out, by_seat, now); });
}

TableOutput Table::command(int seat, const protocol::GameCommand& command, TimePoint now,
                           std::optional<std::int64_t> request_id) {
  if (command.version && !core_->answers_pending_turn(*command.version)) {
    TableOutput out;
    core_->send_error(out, seat, ProtocolError{ErrorCode::Stale, "that act request is past: the turn has moved on"},
                      request_id);
    core_->finish_output(out);
    return out;
  }
  return act(seat, command.action, now, request_id);
}

TableOutput Table::act(int seat, Action action, TimePoint now, std::optional<std::int64_t> request_id) {
  TableOutput out;
  try {
    if (auto ok = core_->act(out, seat, action, now, false); !ok) {
      out = TableOutput{};
      core_->send_error(out, seat, ok.error(), request_id);
    }
  } catch (...) {
    out = TableOutput{};
    core_->send_error(out, seat, internal_error(), request_id);
  }
  core_->finish_output(out);
  return out;
}

TableOutput Table::chat(int seat, std::string_view text, TimePoint now, std::optional<std::int64_t> request_id) {
  TableOutput out;
  try {
    if (!valid_seat(seat)) {
      core_->send_error(out, seat, ProtocolError{ErrorCode::NotSeated, "spectators cannot chat"}, request_id);
    } else if (text.empty() || text.size() > protocol::kMaxChatBytes) {
      core_->send_error(out, seat, ProtocolError{ErrorCode::TooLarge, "chat text must be 1 to 300 bytes"}, request_id);
    } else {
      const auto& who = core_->seats_[static_cast<std::size_t>(seat)].occupant;
      const bool in_game = core_->running_ && core_->game_;
      switch (core_->chat_limits_.take(who ? who->player_id : 0, text.size(), in_game, now)) {
        case ChatLimits::Verdict::TooFast:
          core_->send_error(
              out, seat,
              ProtocolError{ErrorCode::ChatLimited, fmt::format("chat: {} lines at once, then one every {} s",
                                                                kChatBurst, kChatRefill.count())},
              request_id);
          break;
        case ChatLimits::Verdict::GameFull:
          core_->send_error(out, seat,
                            ProtocolError{ErrorCode::ChatFull,
                                          fmt::format("this game's chat is full ({} lines or {} bytes): wait for the "
                                                      "next game",
                                                      kMaxChatLinesPerGame, kMaxChatBytesPerGame)},
                            request_id);
          break;
        case ChatLimits::Verdict::Ok:
          core_->emit_public(out, "chat",
                             Json{{"seat", seat}, {"name", who ? who->name : ""}, {"text", std::string(text)}}, now);
          break;
      }
    }
  } catch (...) {
    out = TableOutput{};
    core_->send_error(out, seat, internal_error(), request_id);
  }
  core_->finish_output(out);
  return out;
}

TableOutput Table::end_series(TimePoint now) {
  TableOutput out;
  try {
    if (core_->running_) core_->abandon_series(out, now);
  } catch (...) {
  }
  core_->finish_output(out);
  return out;
}

TableOutput Table::on_clock(TimePoint now) {
  TableOutput out;
  try {
    core_->on_clock(out, now);
  } catch (...) {
  }
  core_->finish_output(out);
  return out;
}

TableOutput Table::disconnect(int seat, TimePoint now) {
  return seat_step(*core_, seat, [&](TableOutput& out) { core_->disconnect(out, seat, now); });
}

TableOutput Table::reconnect(int seat, TimePoint now) {
  return seat_step(*core_, seat, [&](TableOutput& out) { core_->reconnect(out, seat, now); });
}

TableOutput Table::result_wait(int seat, bool until_ready, TimePoint now) {
  return seat_step(*core_, seat, [&](TableOutput& out) { core_->set_result_wait(out, seat, until_ready, now); });
}

TableOutput Table::ready(int seat, int game, TimePoint now) {
  return seat_step(*core_, seat, [&](TableOutput& out) { core_->ready(out, seat, game, now); });
}

TableOutput Table::resume(int audience, std::int64_t last_version) const {
  TableOutput out;
  try {
    if (!valid_seat(audience) && audience != kSpectators) return out;
    if (auto missed = core_->log_.since(audience, last_version)) {
      for (auto& m : *missed) out.messages.push_back(Outbound{audience, std::move(m)});
    } else {
      out.messages.push_back(Outbound{audience, core_->state_message(audience)});
    }
    if (valid_seat(audience) && core_->game_ && core_->seat_of_pos(std::max(core_->game_->to_act(), 0)) == audience &&
        core_->game_->to_act() >= 0)
      out.messages.push_back(core_->act_message(audience));
  } catch (...) {
    out = TableOutput{};
    core_->send_error(out, audience, internal_error(), std::nullopt);
  }
  core_->finish_output(out);
  return out;
}

Json Table::state_message(int audience) const {
  try {
    return core_->state_message(audience);
  } catch (...) {
    return protocol::make_error(internal_error());
  }
}

const Game* Table::game() const { return core_->game_ ? &*core_->game_ : nullptr; }
int Table::position_of(int seat) const { return core_->position_of(seat); }

std::optional<SeatView> Table::view(int seat) const {
  if (!core_->game_ || !valid_seat(seat)) return std::nullopt;
  return seat_view(*core_->game_, core_->position_of(seat));
}

std::optional<TimePoint> Table::next_deadline() const { return core_->next_deadline(); }
std::array<int, 3> Table::series_scores() const { return core_->scores(); }

}  // namespace skat::table
