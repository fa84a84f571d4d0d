// The series flow: start, deal (forehand = seat game mod 3), actions checked by the engine,
// the act request with the seat's view and deadline, timeouts with default actions.
#include "engine/seat_view.h"
#include "protocol/json_codec.h"
#include "server/table/table_core.h"

namespace skat::table::detail {

std::expected<void, ProtocolError> TableCore::start_series(TableOutput& out, int by_seat, TimePoint now) {
  if (!seats_[static_cast<std::size_t>(by_seat)].occupant)
    return std::unexpected(ProtocolError{ErrorCode::NotSeated, "only seated players start a series"});
  if (running_) return std::unexpected(ProtocolError{ErrorCode::SeriesRunning, "a series is already running"});
  for (const SeatState& s : seats_)
    if (!s.occupant) return std::unexpected(ProtocolError{ErrorCode::NotReady, "three players are needed"});
  ++series_index_;
  running_ = true;
  game_index_ = 0;
  timeouts_in_a_row_ = {};
  ready_for_game_ = {-1, -1, -1};
  pgn_games_.clear();
  list_.clear();
  substitutes_.clear();
  series_started_ = now;
  for (std::size_t s = 0; s < 3; ++s) series_seats_[s] = seats_[s].owner ? *seats_[s].owner : *seats_[s].occupant;
  Json players = Json::array();
  for (const Participant& p : series_seats_) players.push_back(participant_json(p));
  Json fields{{"series", series_index_}, {"deals", config_.deals}, {"seats", players}, {"by", by_seat}};
  if (config_.kontra) fields["kontra"] = true;
  emit_public(out, "series_started", fields, now);
  start_game(out, now);
  return {};
}

std::expected<void, ProtocolError> TableCore::resume_series(TableOutput& out, const SeriesSoFar& so_far,
                                                            TimePoint now) {
  if (running_ || series_index_ >= 0 || log_.version() > 0)
    return std::unexpected(ProtocolError{ErrorCode::SeriesRunning, "only a fresh table resumes a series"});
  if (std::ssize(so_far.games) >= config_.deals)
    return std::unexpected(ProtocolError{ErrorCode::BadField, "every deal of the series has been played"});
  for (std::size_t i = 0; i < so_far.games.size(); ++i)
    if (so_far.games[i].id != static_cast<int>(i))
      return std::unexpected(ProtocolError{ErrorCode::BadField, "the games of the series are not in order"});
  for (const Participant& p : so_far.seats)
    if (p.player_id <= 0) return std::unexpected(ProtocolError{ErrorCode::BadField, "a seat of the series is empty"});
  log_.start_after(to_ms(now));
  series_index_ = std::max(0, so_far.series_index);
  running_ = true;
  timeouts_in_a_row_ = {};
  ready_for_game_ = {-1, -1, -1};
  game_index_ = static_cast<int>(so_far.games.size());
  pgn_games_ = so_far.games;
  list_.clear();
  for (const PgnGame& g : pgn_games_) list_.push_back(seeger_fabian_points(pgn_list_game(g)));
  substitutes_.assign(list_.size(), std::array<bool, 3>{});
  series_started_ = so_far.started;
  series_seats_ = so_far.seats;
  const TimePoint grace_end = now + std::chrono::milliseconds(config_.grace_ms);
  Json players = Json::array();
  for (std::size_t s = 0; s < 3; ++s) {
    seats_[s] = SeatState{so_far.seats[s], std::nullopt, false, grace_end, false};
    players.push_back(participant_json(so_far.seats[s]));
  }
  Json fields{{"series", series_index_},
              {"deals", config_.deals},
              {"seats", players},
              {"next_game", game_index_},
              {"scores", scores()},
              {"list", list_},
              {"substitutes", substitutes_},
              {"grace_until", to_ms(grace_end)}};
  if (config_.kontra) fields["kontra"] = true;
  add_doublings(fields);
  emit_public(out, "series_resumed", fields, now);
  return {};
}

void TableCore::continue_when_complete(TableOutput& out, TimePoint now) {
  if (!running_ || game_) return;
  for (const SeatState& s : seats_)
    if (!s.occupant || !s.connected) return;
  start_game(out, now);
}

void TableCore::start_game(TableOutput& out, TimePoint now) {
  std::uint64_t id = config_.deal_source ? config_.deal_source(game_index_) : kNumDeals;
  std::optional<Deal> deal = deal_from_id(id);
  if (!deal) {
    if (!rng_) rng_.emplace();
    id = uniform_below(*rng_, kNumDeals);
    deal = deal_from_id(id);
  }
  deal_id_ = id;
  game_.emplace(*deal, TableRules{.kontra = config_.kontra});
  game_started_ = now;
  record_ = Json::array();
  chat_limits_.new_game();
  timeouts_ = {};
  move_ms_ = {};
  for (std::size_t s = 0; s < 3; ++s) {
    replaced_[s] = !seats_[s].occupant || seats_[s].occupant->player_id != series_seats_[s].player_id;
    substitute_[s] = replaced_[s] ? seats_[s].occupant : std::nullopt;
  }
  // Keep the previous game's events (its result) and the current game's for resume.
  log_.forget_through(previous_game_first_version_ - 1);
  previous_game_first_version_ = game_first_version_;
  game_first_version_ = log_.version() + 1;

  std::array<Json, 4> copies;
  Json record{{"deal_id", deal_id_}, {"forehand", seat_of_pos(0)}, {"hands", Json::array()}};
  for (int seat = 0; seat < 3; ++seat) {
    const int pos = position_of(seat);
    copies[static_cast<std::size_t>(seat)] =
        Json{{"forehand", seat_of_pos(0)},
             {"position", pos},
             {"hand", protocol::cards_to_json(deal->hands[static_cast<std::size_t>(pos)])}};
    record["hands"].push_back(protocol::cards_to_json(deal->hands[static_cast<std::size_t>(pos)]));
  }
  record["skat"] = protocol::cards_to_json(deal->skat);
  copies[3] = Json{{"forehand", seat_of_pos(0)}};
  emit(out, "game_started", copies, record, now);
  send_act(out, now);
}

void TableCore::send_act(TableOutput& out, TimePoint now) {
  move_deadline_.reset();
  if (!running_ || !game_ || game_->finished()) return;
  hand_turn_to(out, seat_of_pos(game_->to_act()), now);
}

void TableCore::hand_turn_to(TableOutput& out, int seat, TimePoint now) {
  held_turn_.reset();
  // While a substitute sits in for a person who left, a game after the series' first starts after
  // the result pause, as it would with the person there: bots alone would play the rest of the
  // series in moments, and the person has until the series ends to take the seat back (§7).
  if (game_index_ > 0 && sits_in_for_person())
    if (const TimePoint start = game_started_ + std::chrono::milliseconds(config_.result_pause_ms); now < start) {
      held_turn_ = start;
      move_deadline_.reset();
      return;
    }
  move_deadline_ = clock_start(seat, now) + std::chrono::milliseconds(clock_ms(seat));
  turn_version_ = log_.version();
  out.messages.push_back(act_message(seat));
}

// A person's clock waits in a game after the series' first: the page shows the previous game's
// result meanwhile, and the clock runs once the player can act (§7): after the result pause, or
// for a player who asked for it, after its `ready` (bounded by result_wait_ms).
TimePoint TableCore::clock_start(int seat, TimePoint now) const {
  const auto s = static_cast<std::size_t>(seat);
  if (game_index_ == 0 || bot_clock(seat) || ready_for_game_[s] >= game_index_) return now;
  const int wait =
      seats_[s].waits_for_ready ? std::max(config_.result_pause_ms, config_.result_wait_ms) : config_.result_pause_ms;
  return std::max(now, game_started_ + std::chrono::milliseconds(wait));
}

void TableCore::ready(TableOutput& out, int seat, int game, TimePoint now) {
  int& ready = ready_for_game_[static_cast<std::size_t>(seat)];
  // a `ready` for a game already past (or not dealt yet) changes nothing
  if (!running_ || !game_ || game != game_index_ || ready >= game) return;
  ready = game;
  restart_waiting_clock(out, seat, now);
}

void TableCore::set_result_wait(TableOutput& out, int seat, bool until_ready, TimePoint now) {
  bool& waits = seats_[static_cast<std::size_t>(seat)].waits_for_ready;
  if (waits == until_ready) return;
  waits = until_ready;
  restart_waiting_clock(out, seat, now);
}

void TableCore::restart_waiting_clock(TableOutput& out, int seat, TimePoint now) {
  if (!running_ || !game_ || game_->finished() || game_->to_act() < 0 || seat_of_pos(game_->to_act()) != seat ||
      !move_deadline_)
    return;
  const auto clock = std::chrono::milliseconds(clock_ms(seat));
  if (*move_deadline_ - clock <= now) return;  // the clock runs already
  const TimePoint deadline = clock_start(seat, now) + clock;
  if (deadline == *move_deadline_) return;
  move_deadline_ = deadline;
  out.messages.push_back(act_message(seat));  // the same turn (version), a new deadline
}

std::expected<void, ProtocolError> TableCore::act(TableOutput& out, int seat, Action action, TimePoint now,
                                                  bool timeout) {
  if (seat < 0 || seat > 2) return std::unexpected(ProtocolError{ErrorCode::NotSeated, "spectators cannot play"});
  if (!running_ || !game_) return std::unexpected(ProtocolError{ErrorCode::SeriesNotRunning, "no game is running"});
  // A person counted as gone after timeouts, whose seat waits for a substitute, is back by moving.
  if (const SeatState& s = seats_[static_cast<std::size_t>(seat)];
      !timeout && s.occupant && !s.occupant->is_bot && !s.connected && !s.owner)
    reconnect(out, seat, now);
  const int pos = position_of(seat);
  action.pos = pos;
  const bool in_turn = game_->to_act() == pos;
  // Concessions, Kontra and Re are said out of turn (docs/rules.md §5, §8).
  const bool any_time =
      action.kind == ActionKind::Concede || action.kind == ActionKind::Kontra || action.kind == ActionKind::Re;
  if (!in_turn && !any_time) return std::unexpected(ProtocolError{ErrorCode::NotYourTurn, "it is not your turn"});
  // Answer times count from the clock's start (an answer within the result pause took none of it).
  const auto asked = move_deadline_ ? std::min(now, *move_deadline_ - std::chrono::milliseconds(clock_ms(seat))) : now;
  const int declarer_before = game_->declarer();
  const std::size_t tricks_before = game_->tricks().size();
  if (auto ok = game_->apply(action); !ok) {
    const auto code = ok.error() == RuleError::NotYourTurn ? ErrorCode::NotYourTurn : ErrorCode::IllegalAction;
    return std::unexpected(ProtocolError{code, std::string(to_string(ok.error())) + ": " + describe(action)});
  }
  if (in_turn && !timeout) {
    move_ms_[static_cast<std::size_t>(seat)].push_back(std::chrono::duration<float, std::milli>(now - asked).count());
    timeouts_in_a_row_[static_cast<std::size_t>(seat)] = 0;
  }
  if (timeout) {
    ++timeouts_[static_cast<std::size_t>(seat)];
    Json fields{{"seat", seat}};
    Json record{{"seat", seat}, {"action", protocol::action_to_json(action)}};
    emit(out, "timeout", {fields, fields, fields, fields}, record, now);
  }
  const int declarer = game_->declarer() >= 0 ? game_->declarer() : declarer_before;
  const int declarer_seat = declarer >= 0 ? seat_of_pos(declarer) : -1;
  auto copies = action_event(*game_, action, seat, declarer_seat);
  if (game_->tricks().size() > tricks_before) {
    const CompletedTrick& t = game_->tricks().back();
    for (Json& c : copies) {
      c["trick_winner"] = seat_of_pos(t.winner);
      c["trick_points"] = t.points;
    }
  }
  Json record = action_record(*game_, action, seat);
  if (timeout) record["timeout"] = true;
  emit(out, action_kind_name(action.kind), std::move(copies), std::move(record), now);
  if (any_time && action.kind != ActionKind::Concede)
    resend_act(out);
  else if (in_turn || game_->finished())
    after_action(out, now);
  if (timeout) count_timeout(out, seat, now);
  return {};
}

// A Kontra or Re changes what the player to move may do (Re now, or no Kontra any more): the
// request goes out again with the new legal actions and a new version, its clock running on.
void TableCore::resend_act(TableOutput& out) {
  if (!running_ || !game_ || game_->finished() || !move_deadline_) return;
  turn_version_ = log_.version();
  out.messages.push_back(act_message(seat_of_pos(game_->to_act())));
}

void TableCore::after_action(TableOutput& out, TimePoint now) {
  if (game_->finished()) {
    finish_game(out, now);
    return;
  }
  send_act(out, now);
}

void TableCore::on_clock(TableOutput& out, TimePoint now) {
  expire_grace(out, now);
  if (held_turn_ && *held_turn_ <= now) {
    held_turn_.reset();
    send_act(out, now);
  }
  // One default action per expired clock; the next clock starts at `now`, so this ends.
  while (running_ && game_ && move_deadline_ && *move_deadline_ <= now) {
    const int pos = game_->to_act();
    const int seat = seat_of_pos(pos);
    if (!act(out, seat, default_action(*game_, pos), now, true)) {
      move_deadline_.reset();  // cannot happen: the default is legal
      break;
    }
  }
}

}  // namespace skat::table::detail
