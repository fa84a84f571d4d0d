#include "cli/replay_output.h"

namespace skat::cli {

namespace {

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

}  // namespace

nlohmann::ordered_json replay_json(const ReplayOutcome& o) {
  nlohmann::ordered_json j;
  j["id"] = o.id;
  if (o.error) {
    j["error"] = *o.error;
    return j;
  }
  j["passed"] = o.passed;
  if (!o.passed) {
    j["declarer"] = o.declarer;
    j["game"] = std::string(1, o.game);
    j["hand"] = o.hand;
    j["ouvert"] = o.ouvert;
    j["schneider_announced"] = o.schneider_announced;
    j["schwarz_announced"] = o.schwarz_announced;
    j["bid"] = o.bid;
    j["matadors"] = o.matadors;
    j["declarer_points"] = o.declarer_points;
    j["declarer_tricks"] = o.declarer_tricks;
    j["won"] = o.won;
    j["overbid"] = o.overbid;
    if (o.doubling != Doubling::None) j["kontra"] = true;
    if (o.doubling == Doubling::Re) j["re"] = true;
  }
  j["value"] = o.passed ? 0 : o.value;
  if (!o.mismatches.empty()) j["mismatch"] = join(o.mismatches, "; ");
  return j;
}

nlohmann::ordered_json read_error_json(const RecordError& e) {
  nlohmann::ordered_json j;
  j["id"] = e.game_id;
  j["error"] = to_string(e);
  return j;
}

}  // namespace skat::cli
