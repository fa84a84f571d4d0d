// The end of a game (result event, PGN line, event log, Seeger-Fabian points) and of a series
// (series PGN with header and Result, final scores).
#include <fmt/chrono.h>

#include <ctime>

#include "protocol/json_codec.h"
#include "server/table/table_core.h"

namespace skat::table::detail {

namespace {

// "DD.MM.YYYY" and "HH:MM" in the server's local time (docs/records.md §1).
std::pair<std::string, std::string> local_date_time(TimePoint t) {
  const std::tm local = fmt::localtime(Clock::to_time_t(t));
  return {fmt::format("{:%d.%m.%Y}", local), fmt::format("{:%H:%M}", local)};
}

}  // namespace

void TableCore::finish_game(TableOutput& out, TimePoint now) {
  move_deadline_.reset();
  const Game& game = *game_;
  FinishedGame fg{
      .table = id_,
      .series_index = series_index_,
      .game_index = game_index_,
      .deal_id = deal_id_,
      .seats = {},
      .forehand_seat = seat_of_pos(0),
      .game = game,
      .pgn = pgn_game_from(game, game_index_,
                           config_.hand_strengths ? config_.hand_strengths(game.deal()) : std::array<int, 3>{}),
      .pgn_line = {},
      .events = {},
      .result = {},
      .points = {},
      .timeouts = timeouts_,
      .replaced = replaced_,
      .substitutes = substitute_,
      .move_ms = move_ms_,
      .started = game_started_,
      .finished = now,
      .series_started = series_started_,
      .series_deals = config_.deals,
      .series_event = config_.event};
  fg.pgn_line = write_pgn_game(fg.pgn);
  // The series' players, also where a substitute finished the game in a seat: the record credits
  // the seat to its player, and `replaced` marks the game (docs/ratings.md §7).
  fg.seats = series_seats_;
  fg.points = seeger_fabian_points(pgn_list_game(fg.pgn));
  pgn_games_.push_back(fg.pgn);
  list_.push_back(fg.points);
  substitutes_.push_back(replaced_);

  const int declarer_seat = game.folded() ? -1 : seat_of_pos(game.declarer());
  fg.result = result_json(game, declarer_seat);
  Json fields{{"result", fg.result},
              {"points", fg.points},
              {"scores", scores()},
              {"list", list_},
              {"substitutes", substitutes_}};
  add_doublings(fields);
  // Once the game is over every card is open: the skat as dealt and the two cards put (in a hand
  // game the skat again) go to everyone, seats and spectators (docs/protocol.md §4).
  fields["skat"] = protocol::cards_to_json(game.deal().skat);
  if (!game.folded()) fields["discard"] = protocol::cards_to_json(game.discard());
  emit_public(out, "game_result", fields, now);
  fg.events = std::move(record_);
  record_ = Json::array();
  out.games.push_back(std::move(fg));

  ++game_index_;
  if (game_index_ >= config_.deals) {
    finish_series(out, now);
    return;
  }
  start_game(out, now);
}

void TableCore::finish_series(TableOutput& out, TimePoint now) {
  FinishedSeries fs;
  fs.table = id_;
  fs.series_index = series_index_;
  fs.seats = series_seats_;
  fs.started = series_started_;
  fs.finished = now;
  PgnHeader& h = fs.series.header;
  h.event = config_.event;
  std::tie(h.date, h.time) = local_date_time(series_started_);
  h.duration_minutes =
      static_cast<int>(std::chrono::duration_cast<std::chrono::minutes>(now - series_started_).count());
  for (std::size_t s = 0; s < 3; ++s) h.seats[s] = PgnSeat{series_seats_[s].name, series_seats_[s].player_id};
  fs.series.games = pgn_games_;
  fill_pgn_result(fs.series);
  fs.scores = h.result;
  fs.pgn = write_pgn(fs.series);

  Json scores = Json::array();
  for (const PgnSeatResult& r : fs.scores) scores.push_back(Json{{"score", r.score}, {"won", r.won}, {"lost", r.lost}});
  fs.abandoned = abandoning_;
  running_ = false;
  game_.reset();
  record_ = Json::array();
  move_deadline_.reset();
  Json fields{{"series", series_index_}, {"scores", scores}, {"list", list_}, {"substitutes", substitutes_}};
  if (abandoning_) fields["abandoned"] = true;
  add_doublings(fields);
  emit_public(out, "series_finished", fields, now);
  out.series = std::move(fs);
}

void TableCore::abandon_series(TableOutput& out, TimePoint now) {
  abandoning_ = true;
  finish_series(out, now);  // the game in progress is dropped with the series' end
  abandoning_ = false;
  // Nobody is to come: no bot for a seat, and the gone humans' seats are free again (the bots
  // seated leave like after every series, see TableHost).
  out.bot_requests.clear();
  for (int seat = 0; seat < 3; ++seat) {
    SeatState& s = seats_[static_cast<std::size_t>(seat)];
    s.owner.reset();
    s.awaiting_bot = false;
    s.grace_end.reset();
    if (s.occupant && !s.occupant->is_bot && !s.connected) {
      s = SeatState{};
      emit_public(out, "left", Json{{"seat", seat}}, now);
    }
  }
}

}  // namespace skat::table::detail
