// The JSON lines of `skat replay` (docs/cli.md): one object per game with the keys in the
// documented order, the short form for folded deals, and the error form for records that cannot be
// read or replayed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/records/record_error.h"
#include "engine/records/replay.h"

namespace skat::cli {

nlohmann::ordered_json replay_json(const ReplayOutcome& outcome);
nlohmann::ordered_json read_error_json(const RecordError& error);

}  // namespace skat::cli
