// The analysis of a stored game as JSON (GET /api/series/{id}/games/{n}/analysis, docs/api.md):
// the game replayed from its record, its card play valued by the open-card solver
// (bots/analysis/game_analysis.h), and the positions turned into seats. The work of a second or
// so: called on a thread of the API's BlockingPool, never on a network or table thread.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <string>

#include "bots/analysis/declaration_analysis.h"
#include "bots/analysis/game_analysis.h"
#include "db/games.h"

namespace skat::app {

// The analysis a stored body was made by (the game_analyses table): raise it whenever the analysis,
// its node limits or its JSON change, so that stored bodies of the old one are made again.
inline constexpr int kGameAnalysisVersion = 4;

// {"series","game","folded","declarer","declaration","target","decisions":[…],"accuracy":[…×3]}
// by seat; an error text when the record cannot be replayed.
std::expected<nlohmann::json, std::string> game_analysis_json(const db::GameRecord& game);
// The JSON of an analysis of `game` (positions of the analysis, seats in the JSON).
// With `choice`, also the declaration judged ("choice": the declarer's games with the same cards).
nlohmann::json analysis_json(const db::GameRecord& game, const bots::GameAnalysis& analysis,
                             const std::optional<bots::DeclarationAnalysis>& choice = std::nullopt);

// The stored form of an analysis, in fewer bytes: each decision's cards as
// [card, wins, points or null], its `best` by its card when it is one of them, its `played` left
// out when it is the card played's entry; `"compact":1` marks it. expanded_analysis gives the API's
// JSON back exactly (a body without the mark is returned as it is).
nlohmann::json compact_analysis(const nlohmann::json& analysis);
nlohmann::json expanded_analysis(const nlohmann::json& stored);

}  // namespace skat::app
