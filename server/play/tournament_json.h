// Tournaments as JSON: the report (bots/tournament/tournament_report.h) for `skat tournament
// --json`, the database and the web pages, read back by `skat tournament --server`; and the
// API's forms of a stored tournament (a list item, and one with its report, curve and series).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "bots/tournament/crosstable.h"
#include "bots/tournament/tournament_report.h"
#include "db/tournaments.h"

namespace skat::app {

// A person a reply names beside something (a bot's owner, who started a tournament):
// {"id","name"}, or null for none.
nlohmann::json person_json(const std::optional<std::int64_t>& id, const std::string& name);

// The report; a sequential test's verdict as "sprt" (sprt_json).
nlohmann::json tournament_report_json(const bots::TournamentReport& report);
// {"verdict":"H0"|"H1"|"inconclusive","deals","llr","bounds":[lower,upper],"d0","d1","alpha","beta"}
nlohmann::json sprt_json(const bots::SprtResult& result);
// The inverse of tournament_report_json (solver figures included); empty on a malformed report.
std::optional<bots::TournamentReport> tournament_report_from_json(const nlohmann::json& j);

// One game of an in-process tournament, for `skat tournament --games FILE` (one per line) and
// `--merge`: shards of a long tournament played apart make one report. The inverse is empty on a
// malformed game.
nlohmann::json tournament_game_json(const bots::TournamentGame& game);
std::optional<bots::TournamentGame> tournament_game_from_json(const nlohmann::json& j);

// {"timeouts":n,"crashes":n,"garbage":n}
nlohmann::json program_faults_json(const bots::ProgramFaults& faults);

// {"names":[…],"rows":[{"mean":d,"cells":[null|{"difference","ci95","deals","sprt"},…]},…]}: row i,
// column j is bot i minus bot j.
nlohmann::json crosstable_json(const bots::Crosstable& table);

// [{"deals":n,"difference":d,"ci95":[lo,hi]},…]
nlohmann::json curve_json(const std::vector<bots::CurvePoint>& curve);

// The people named beside a tournament: who started it, and the owners of players' bots among
// its sides (id and name each; none: the operator, or a house program).
struct TournamentPeople {
  std::optional<std::pair<std::int64_t, std::string>> started_by, a_owner, b_owner;
};

// GET /api/tournaments items: the row with the total difference, interval and verdict so far, who
// started it, the owners of its sides, the commitment to its seed, and the seed itself once it
// has ended (null while it runs).
nlohmann::json tournament_summary_json(const db::TournamentRecord& record, const TournamentPeople& people = {});
// GET /api/tournaments/ID: the summary with "report", "curve" and the "series" of its tables.
nlohmann::json tournament_detail_json(const db::TournamentRecord& record,
                                      const std::vector<db::TournamentTable>& tables,
                                      const TournamentPeople& people = {});

}  // namespace skat::app
