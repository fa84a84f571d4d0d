// The analysis of a stored game as JSON (server/http/game_analysis_json.h).
#include "server/http/game_analysis_json.h"

#include "bots/solver/open_solver.h"
#include "protocol/json_codec.h"
#include "server/http/game_replay_json.h"

namespace skat::app {

using Json = nlohmann::json;

namespace {

Json card_value_json(const bots::AnalysedCard& c, bool null) {
  Json j = {{"card", protocol::card_to_json(c.card)}, {"wins", c.declarer_wins}};
  if (!null && c.exact) j["points"] = c.declarer_points;
  if (c.declarer_takes_all) j["all_tricks"] = true;
  return j;
}

Json accuracy_json(const bots::SolverAccuracy& a) {
  const auto share = a.share();
  return Json{{"decisions", a.judged}, {"best", a.agrees}, {"share", share ? Json(*share) : Json(nullptr)}};
}

Json put_json(const bots::SkatPutAnalysis& p) {
  const auto pair = [](const std::array<Card, 2>& two) {
    return Json::array({protocol::card_to_json(two[0]), protocol::card_to_json(two[1])});
  };
  Json j{{"cards", pair(p.put)}, {"valued", p.valued}, {"tried", p.tried}};
  if (p.valued) {
    j["wins"] = p.wins;
    j["bid_reachable"] = p.bid_reachable;
    j["winning"] = p.winning ? pair(*p.winning) : Json(nullptr);
    j["turning_point"] = p.turning_point;
  }
  return j;
}

Json choice_json(const bots::DeclarationAnalysis& a) {
  Json games = Json::array();
  for (const bots::GameChoice& g : a.games) {
    Json j{{"declaration", protocol::declaration_to_json(g.declaration)}, {"valued", g.valued}};
    if (g.valued) {
      j["wins"] = g.declarer_wins;
      j["points"] = g.declaration.type == GameType::Null ? Json(nullptr) : Json(g.declarer_points);
      j["list_entry"] = g.list_entry;
      j["covers_bid"] = g.covers_bid;
    }
    games.push_back(std::move(j));
  }
  return Json{{"games", std::move(games)},
              {"declared", a.declared},
              {"best", a.best ? Json(*a.best) : Json(nullptr)},
              {"turning_point", a.turning_point},
              {"bid_too_high", a.bid_too_high},
              {"put", a.put ? put_json(*a.put) : Json(nullptr)}};
}

}  // namespace

Json analysis_json(const db::GameRecord& game, const bots::GameAnalysis& analysis,
                   const std::optional<bots::DeclarationAnalysis>& choice) {
  const auto seat_of = [&](int pos) { return (game.forehand_seat + pos) % 3; };
  const bool null = analysis.declaration.type == GameType::Null;
  Json decisions = Json::array();
  for (const bots::Decision& d : analysis.decisions) {
    Json one = {{"trick", d.trick + 1},
                {"seat", seat_of(d.position)},
                {"card", protocol::card_to_json(d.played)},
                {"valued", d.valued}};
    if (d.valued) {
      Json cards = Json::array();
      for (const bots::AnalysedCard& c : d.cards) cards.push_back(card_value_json(c, null));
      one["cards"] = std::move(cards);
      one["exact"] = d.exact();
      one["best"] = card_value_json(d.best, null);
      one["played"] = card_value_json(d.played_value(), null);
      one["played_best"] = d.played_best;
      one["turning_point"] = d.turning_point;
      one["schneider_turn"] = d.schneider_turn;
      one["schwarz_turn"] = d.schwarz_turn;
    }
    decisions.push_back(std::move(one));
  }
  Json accuracy = Json::array({nullptr, nullptr, nullptr});
  for (int pos = 0; pos < 3; ++pos)
    accuracy[static_cast<std::size_t>(seat_of(pos))] = accuracy_json(analysis.accuracy[static_cast<std::size_t>(pos)]);
  return Json{{"series", game.series_id},
              {"game", game.index},
              {"folded", false},
              {"declarer", seat_of(analysis.declarer)},
              {"declaration", protocol::declaration_to_json(analysis.declaration)},
              {"target", null ? Json(nullptr) : Json(analysis.target)},
              {"decisions", std::move(decisions)},
              {"accuracy", std::move(accuracy)},
              {"choice", choice ? choice_json(*choice) : Json(nullptr)}};
}

namespace {

// The entry of `cards` (API form) for the card named `card`, if any.
const Json* entry_of(const Json& cards, const Json& card) {
  for (const Json& c : cards)
    if (c.is_object() && c.value("card", Json()) == card) return &c;
  return nullptr;
}

}  // namespace

Json compact_analysis(const Json& analysis) {
  if (!analysis.is_object() || !analysis.contains("decisions") || !analysis["decisions"].is_array()) return analysis;
  Json out = analysis;
  for (Json& d : out["decisions"]) {
    if (!d.is_object() || !d.contains("cards")) continue;
    const Json cards = d["cards"];
    Json rows = Json::array();
    for (const Json& c : cards) {
      Json row = Json::array({c.at("card"), c.at("wins"), c.value("points", Json())});
      if (c.value("all_tricks", false)) row.push_back(true);
      rows.push_back(std::move(row));
    }
    if (const Json* best = d.contains("best") ? entry_of(cards, d["best"].value("card", Json())) : nullptr;
        best && *best == d["best"])
      d["best"] = d["best"]["card"];
    if (const Json* played = entry_of(cards, d.value("card", Json()));
        played && d.contains("played") && *played == d["played"])
      d.erase("played");
    d["cards"] = std::move(rows);
  }
  out["compact"] = 1;
  return out;
}

Json expanded_analysis(const Json& stored) {
  if (!stored.is_object() || !stored.contains("compact")) return stored;
  Json out = stored;
  out.erase("compact");
  for (Json& d : out["decisions"]) {
    if (!d.is_object() || !d.contains("cards")) continue;
    Json cards = Json::array();
    for (const Json& r : d["cards"]) {
      Json c = {{"card", r.at(0)}, {"wins", r.at(1)}};
      if (!r.at(2).is_null()) c["points"] = r.at(2);
      if (r.size() > 3 && r.at(3) == true) c["all_tricks"] = true;
      cards.push_back(std::move(c));
    }
    if (d.contains("best") && d["best"].is_string())
      if (const Json* best = entry_of(cards, d["best"])) d["best"] = *best;
    if (!d.contains("played"))
      if (const Json* played = entry_of(cards, d.value("card", Json()))) d["played"] = *played;
    d["cards"] = std::move(cards);
  }
  return out;
}

std::expected<Json, std::string> game_analysis_json(const db::GameRecord& game) {
  const auto replayed = replay_game(game);
  if (!replayed) return std::unexpected(replayed.error());
  if (replayed->folded())
    return Json{{"series", game.series_id},
                {"game", game.index},
                {"folded", true},
                {"decisions", Json::array()},
                {"accuracy", Json::array({nullptr, nullptr, nullptr})}};
  bots::OpenSolver solver;
  const bots::GameAnalysis play = bots::analyse_game(*replayed, solver);
  return analysis_json(game, play, bots::analyse_declaration(*replayed, solver));
}

}  // namespace skat::app
