// Finished games and series as JSON and back (server/store/record_json.h).
#include "server/store/record_json.h"

#include "engine/deal.h"
#include "engine/game.h"
#include "engine/records/pgn.h"

namespace skat::app {

namespace {

using Json = nlohmann::json;

std::int64_t ms(table::TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}
table::TimePoint at(std::int64_t ms) { return table::TimePoint{} + std::chrono::milliseconds(ms); }

Json participant_json(const table::Participant& p) {
  return {{"player_id", p.player_id}, {"name", p.name}, {"is_bot", p.is_bot}, {"bot_kind", p.bot_kind}};
}

table::Participant participant_from(const Json& p) {
  return {p.at("player_id").get<std::int64_t>(), p.at("name").get<std::string>(), p.at("is_bot").get<bool>(),
          p.at("bot_kind").get<std::string>()};
}

Json seats_json(const std::array<table::Participant, 3>& seats) {
  Json out = Json::array();
  for (const table::Participant& p : seats) out.push_back(participant_json(p));
  return out;
}

std::array<table::Participant, 3> seats_from(const Json& j) {
  std::array<table::Participant, 3> seats;
  for (std::size_t s = 0; s < 3; ++s) seats[s] = participant_from(j.at(s));
  return seats;
}

Json substitutes_json(const std::array<std::optional<table::Participant>, 3>& substitutes) {
  Json out = Json::array();
  for (const auto& p : substitutes) out.push_back(p ? participant_json(*p) : Json(nullptr));
  return out;
}

// Records written before substitutes were named have none.
std::array<std::optional<table::Participant>, 3> substitutes_from(const Json& j) {
  std::array<std::optional<table::Participant>, 3> out;
  const auto it = j.find("substitutes");
  if (it == j.end()) return out;
  for (std::size_t s = 0; s < 3; ++s)
    if (!it->at(s).is_null()) out[s] = participant_from(it->at(s));
  return out;
}

// An action as [kind, pos, bid, card, card2, game type, hand, schneider, schwarz, ouvert] (card
// ids, enum values): the journal's own form, read back by the same build's action_from.
Json action_json(const Action& a) {
  const Declaration& d = a.declaration;
  return Json::array({static_cast<int>(a.kind), a.pos, a.bid, a.card.id(), a.card2.id(), static_cast<int>(d.type),
                      d.hand, d.schneider_announced, d.schwarz_announced, d.ouvert});
}

Card card_of(const Json& id) {
  const int n = id.get<int>();
  if (n < 0 || n >= 32) throw std::out_of_range("card id " + std::to_string(n));
  return Card(static_cast<Suit>(n / 8), static_cast<Rank>(n % 8));
}

Action action_from(const Json& j) {
  Action a;
  a.kind = static_cast<ActionKind>(j.at(0).get<int>());
  a.pos = j.at(1).get<int>();
  a.bid = j.at(2).get<int>();
  a.card = card_of(j.at(3));
  a.card2 = card_of(j.at(4));
  a.declaration.type = static_cast<GameType>(j.at(5).get<int>());
  a.declaration.hand = j.at(6).get<bool>();
  a.declaration.schneider_announced = j.at(7).get<bool>();
  a.declaration.schwarz_announced = j.at(8).get<bool>();
  a.declaration.ouvert = j.at(9).get<bool>();
  return a;
}

}  // namespace

Json finished_game_json(const table::FinishedGame& g) {
  Json actions = Json::array();
  for (const Action& a : g.game.history()) actions.push_back(action_json(a));
  return {{"kind", "game"},
          {"table", g.table},
          {"series_index", g.series_index},
          {"game_index", g.game_index},
          {"deal_id", g.deal_id},
          {"seats", seats_json(g.seats)},
          {"forehand_seat", g.forehand_seat},
          {"actions", actions},
          {"pgn_line", g.pgn_line},
          {"events", g.events},
          {"result", g.result},
          {"points", g.points},
          {"timeouts", g.timeouts},
          {"replaced", g.replaced},
          {"substitutes", substitutes_json(g.substitutes)},
          {"kontra", g.game.rules().kontra},
          {"move_ms", g.move_ms},
          {"series_started", ms(g.series_started)},
          {"series_deals", g.series_deals},
          {"series_event", g.series_event},
          {"started", ms(g.started)},
          {"finished", ms(g.finished)}};
}

std::expected<table::FinishedGame, std::string> finished_game_from_json(const Json& j) {
  try {
    const auto deal_id = j.at("deal_id").get<std::uint64_t>();
    const auto deal = deal_from_id(deal_id);
    if (!deal) return std::unexpected("no deal has id " + std::to_string(deal_id));
    Game game(*deal, TableRules{.kontra = j.value("kontra", false)});
    for (const Json& a : j.at("actions"))
      if (!game.apply(action_from(a))) return std::unexpected("an action the rules refuse: " + a.dump());
    const int game_index = j.at("game_index").get<int>();
    std::string pgn_line = j.at("pgn_line").get<std::string>();
    auto pgn = read_pgn_game(pgn_line, game_index + 1);
    if (!pgn) return std::unexpected("its PGN line: " + pgn.error().message);
    return table::FinishedGame{.table = j.at("table").get<table::TableId>(),
                               .series_index = j.at("series_index").get<int>(),
                               .game_index = game_index,
                               .deal_id = deal_id,
                               .seats = seats_from(j.at("seats")),
                               .forehand_seat = j.at("forehand_seat").get<int>(),
                               .game = std::move(game),
                               .pgn = std::move(*pgn),
                               .pgn_line = std::move(pgn_line),
                               .events = j.at("events"),
                               .result = j.at("result"),
                               .points = j.at("points").get<std::array<int, 3>>(),
                               .timeouts = j.at("timeouts").get<std::array<int, 3>>(),
                               .replaced = j.at("replaced").get<std::array<bool, 3>>(),
                               .substitutes = substitutes_from(j),
                               .move_ms = j.at("move_ms").get<std::array<std::vector<float>, 3>>(),
                               .started = at(j.at("started").get<std::int64_t>()),
                               .finished = at(j.at("finished").get<std::int64_t>()),
                               .series_started = at(j.at("series_started").get<std::int64_t>()),
                               .series_deals = j.at("series_deals").get<int>(),
                               .series_event = j.at("series_event").get<std::string>()};
  } catch (const std::exception& e) {
    return std::unexpected(std::string("a game record: ") + e.what());
  }
}

Json finished_series_json(const table::FinishedSeries& s) {
  Json scores = Json::array();
  for (const PgnSeatResult& r : s.scores) scores.push_back({r.score, r.won, r.lost});
  return {{"kind", "series"},
          {"table", s.table},
          {"series_index", s.series_index},
          {"seats", seats_json(s.seats)},
          {"pgn", s.pgn},
          {"scores", scores},
          {"started", ms(s.started)},
          {"finished", ms(s.finished)},
          {"abandoned", s.abandoned}};
}

std::expected<table::FinishedSeries, std::string> finished_series_from_json(const Json& j) {
  try {
    table::FinishedSeries s;
    s.table = j.at("table").get<table::TableId>();
    s.series_index = j.at("series_index").get<int>();
    s.seats = seats_from(j.at("seats"));
    s.pgn = j.at("pgn").get<std::string>();
    if (!s.pgn.empty()) {
      auto read = read_pgn(s.pgn);
      if (!read.ok()) return std::unexpected("its PGN: " + read.errors.front().message);
      s.series = std::move(read.series);
    }
    for (std::size_t i = 0; i < 3; ++i) {
      const Json& r = j.at("scores").at(i);
      s.scores[i] = {r.at(0).get<int>(), r.at(1).get<int>(), r.at(2).get<int>()};
    }
    s.started = at(j.at("started").get<std::int64_t>());
    s.finished = at(j.at("finished").get<std::int64_t>());
    s.abandoned = j.at("abandoned").get<bool>();
    return s;
  } catch (const std::exception& e) {
    return std::unexpected(std::string("a series record: ") + e.what());
  }
}

}  // namespace skat::app
