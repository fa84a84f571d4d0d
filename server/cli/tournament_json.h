// The tournament report (bots/tournament/tournament_report.h) as JSON, for `skat tournament
// --json`, the database and the web pages.
#pragma once

#include <nlohmann/json.hpp>

#include "bots/tournament/tournament_report.h"

namespace skat::cli {

nlohmann::json tournament_report_json(const bots::TournamentReport& report);

}  // namespace skat::cli
