// The finished games and series of the tables as JSON, and back: the form the write journal
// (write_journal.h) keeps them in until the database has them. A game keeps its deal's id and
// every action, from which the engine Game is played again; its PGN line, event log, result and
// clocks as they were.
#pragma once

#include <expected>
#include <nlohmann/json.hpp>
#include <string>

#include "server/table/table_types.h"

namespace skat::app {

nlohmann::json finished_game_json(const table::FinishedGame& game);
std::expected<table::FinishedGame, std::string> finished_game_from_json(const nlohmann::json& j);
nlohmann::json finished_series_json(const table::FinishedSeries& series);
std::expected<table::FinishedSeries, std::string> finished_series_from_json(const nlohmann::json& j);

}  // namespace skat::app
