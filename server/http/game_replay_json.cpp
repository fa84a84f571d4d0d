// The replay JSON of stored games (server/http/game_replay_json.h).
#include "server/http/game_replay_json.h"

#include <expected>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/records/pgn.h"
#include "protocol/json_codec.h"
#include "server/table/game_log.h"
#include "server/table/table_core.h"

namespace skat::app {

using Json = nlohmann::json;

namespace {

std::unexpected<std::string> fail(std::string_view where, const RuleError& e) {
  return std::unexpected(std::string(where) + ": " + std::string(to_string(e)));
}

// The cards of the trick under way when the game ended early: the plays of the event log
// (`played`) beyond the line's tricks, when the log's plays begin with those tricks.
std::vector<Card> unfinished_trick(const PgnGame& g, const std::vector<Card>& played) {
  const std::size_t recorded = g.tricks.size() * 3;
  if (played.size() <= recorded || played.size() >= recorded + 3) return {};
  std::size_t i = 0;
  for (const PgnTrick& t : g.tricks)
    for (const Card c : t.cards)
      if (played[i++] != c) return {};
  return {played.begin() + static_cast<std::ptrdiff_t>(recorded), played.end()};
}

// The concession (by the declarer, else by both defenders) that ends `game` with the recorded result.
std::optional<Game> concede_as_recorded(const Game& game, const PgnGame& g) {
  for (const bool by_defenders : {false, true}) {
    Game conceded = game;
    for (int pos = 0; pos < 3; ++pos)
      if ((pos == g.declarer) != by_defenders) (void)conceded.apply(Action::concede(pos));
    if (conceded.finished() && conceded.result().won == g.won && conceded.outcome().declarer_points == g.eyes)
      return conceded;
  }
  return std::nullopt;
}

// The engine game of a recorded line: auction outcome, skat, declaration, Kontra and Re, the recorded tricks,
// and, when the line stops early, the cards of the unfinished trick (from the event log) and a
// concession (the one that reproduces the recorded result).
std::expected<Game, std::string> replay_line(const PgnGame& g, const std::vector<Card>& played) {
  auto start = Game::after_auction(g.deal(), g.folded ? -1 : g.declarer, g.bids, pgn_table_rules(g));
  if (!start) return fail("auction", start.error());
  Game game = std::move(*start);
  if (game.folded()) return game;
  const Declaration d = pgn_declaration(g);
  if (!d.hand) {
    if (auto r = game.apply(Action::pick_up(g.declarer)); !r) return fail("pickup", r.error());
    if (auto r = game.apply(Action::discard(g.declarer, g.skat_put[0], g.skat_put[1])); !r)
      return fail("skat put", r.error());
  }
  if (auto r = game.apply(Action::declare(g.declarer, d)); !r) return fail("declaration", r.error());
  // Kontra and Re, at a doubled game, before the first card (the line keeps no moment for them).
  for (const Action& a : pgn_doubling_actions(g))
    if (auto r = game.apply(a); !r) return fail("Kontra and Re", r.error());
  for (const PgnTrick& t : g.tricks)
    for (const Card c : t.cards)
      if (auto r = game.apply(Action::play(game.to_act(), c)); !r) return fail("trick", r.error());
  if (game.finished()) return game;
  if (const std::vector<Card> open = unfinished_trick(g, played); !open.empty()) {
    Game with_open = game;
    bool legal = true;
    for (const Card c : open) legal = legal && with_open.apply(Action::play(with_open.to_act(), c)).has_value();
    if (legal && !with_open.finished())
      if (auto conceded = concede_as_recorded(with_open, g)) return std::move(*conceded);
  }
  if (auto conceded = concede_as_recorded(game, g)) return std::move(*conceded);
  return std::unexpected(std::string("the line ends before the game does"));
}

// Bids, answers and passes in order, by seat, from the game's event log (empty for imported
// records and for a log that cannot be read).
Json auction_from_log(const db::GameRecord& record) {
  Json out = Json::array();
  const auto calls = table::auction_calls(record.event_log);
  if (!calls) return out;
  for (const Action& call : *calls) {
    Json a = {{"seat", (record.forehand_seat + call.pos) % 3}, {"type", protocol::action_name(call.kind)}};
    if (call.kind == ActionKind::Bid) a["value"] = call.bid;
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace

std::expected<Game, std::string> replay_game(const db::GameRecord& record) {
  const auto line = read_pgn_game(record.pgn, 1);
  if (!line) return std::unexpected("unreadable game line: " + line.error().message);
  return replay_line(*line, table::played_cards(record.event_log));
}

Json game_replay_json(const db::GameRecord& record) {
  Json j = {{"index", record.index}, {"deal_id", record.deal_id}, {"forehand", record.forehand_seat}};
  const auto line = read_pgn_game(record.pgn, 1);
  if (!line) {
    j["error"] = "unreadable game line: " + line.error().message;
    j["result"] = nullptr;
    return j;
  }
  const PgnGame& g = *line;
  const int fh = record.forehand_seat;
  const auto seat_of = [fh](int pos) { return (fh + pos) % 3; };
  Json hands = Json::array({Json::array(), Json::array(), Json::array()});
  Json bids = Json::array({0, 0, 0});
  for (int pos = 0; pos < 3; ++pos) {
    hands[static_cast<std::size_t>(seat_of(pos))] = protocol::cards_to_json(g.hands[static_cast<std::size_t>(pos)]);
    bids[static_cast<std::size_t>(seat_of(pos))] = g.bids[static_cast<std::size_t>(pos)];
  }
  j["hands"] = std::move(hands);
  j["skat"] = Json::array({protocol::card_to_json(g.skat[0]), protocol::card_to_json(g.skat[1])});
  j["folded"] = g.folded;
  j["auction"] = auction_from_log(record);
  j["bids"] = std::move(bids);
  j["declarer"] = g.folded ? Json(nullptr) : Json(seat_of(g.declarer));
  j["declaration"] = g.folded ? Json(nullptr) : protocol::declaration_to_json(pgn_declaration(g));
  j["skat_put"] = Json::array({protocol::card_to_json(g.skat_put[0]), protocol::card_to_json(g.skat_put[1])});
  j["points"] = record.seeger_fabian;
  j["substitutes"] = record.replaced;
  j["tricks"] = Json::array();
  const auto game = replay_line(g, table::played_cards(record.event_log));
  if (!game) {
    j["error"] = game.error();
    j["result"] = nullptr;
    return j;
  }
  for (const CompletedTrick& t : game->tricks()) {
    Json cards = Json::array();
    for (const Card c : t.cards) cards.push_back(protocol::card_to_json(c));
    j["tricks"].push_back({{"leader", seat_of(t.leader)},
                           {"cards", std::move(cards)},
                           {"winner", seat_of(t.winner)},
                           {"points", t.points}});
  }
  j["unfinished_trick"] = nullptr;
  if (const PlayState& play = game->play_state(); !g.folded && play.trick_size() > 0) {
    Json cards = Json::array();
    for (int i = 0; i < play.trick_size(); ++i) cards.push_back(protocol::card_to_json(play.trick_card(i)));
    j["unfinished_trick"] = {{"leader", seat_of(play.leader())}, {"cards", std::move(cards)}};
  }
  j["result"] = table::detail::result_json(*game, g.folded ? -1 : seat_of(g.declarer));
  return j;
}

Json series_games_json(const db::SeriesRecord& series, std::span<const db::GameRecord> games) {
  Json seats = Json::array();
  for (const db::SeriesSeat& s : series.seats)
    seats.push_back({{"player_id", s.player_id}, {"name", s.name}, {"kind", db::to_string(s.kind)}});
  // Who played each seat of a game: its player, or the substitute that sat in (null when none is
  // named: nobody played it, or it was stored before substitutes were named).
  std::map<db::PlayerId, std::string> substitutes;
  for (const db::SeriesSeat& s : series.seats)
    for (const db::SubstitutePlayer& p : s.substitute.players) substitutes.emplace(p.player_id, p.name);
  Json list = Json::array();
  for (const db::GameRecord& g : games) {
    Json game = game_replay_json(g);
    Json players = Json::array();
    for (std::size_t s = 0; s < 3; ++s) {
      const auto sub = g.substitutes[s] ? substitutes.find(*g.substitutes[s]) : substitutes.end();
      if (!g.replaced[s])
        players.push_back(seats[s]);
      else if (sub != substitutes.end())
        players.push_back({{"player_id", sub->first}, {"name", sub->second}, {"kind", "bot"}});
      else
        players.push_back(nullptr);
    }
    game["players"] = std::move(players);
    list.push_back(std::move(game));
  }
  return Json{{"series", series.id}, {"seats", std::move(seats)}, {"games", std::move(list)}};
}

}  // namespace skat::app
