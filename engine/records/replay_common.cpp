#include "engine/records/replay_common.h"

namespace skat {

namespace replay {

void fill_outcome(const Game& game, ReplayOutcome& out) {
  out.passed = game.folded();
  if (out.passed) return;
  const Declaration& d = game.declaration();
  const GameResult& r = game.result();
  const GameOutcome& o = game.outcome();
  out.declarer = game.declarer();
  out.game = game_letter(d.type);
  out.hand = d.hand;
  out.ouvert = d.ouvert;
  out.schneider_announced = d.schneider_announced;
  out.schwarz_announced = d.schwarz_announced;
  out.bid = game.bid();
  out.matadors = r.matadors;
  out.declarer_points = o.declarer_points;
  out.declarer_tricks = o.declarer_tricks;
  out.won = r.won;
  out.overbid = r.overbid;
  out.value = r.list_entry;
  out.doubling = game.outcome().doubling;
  out.schneider = r.schneider;
  out.schwarz = r.schwarz;
}

void compare(std::vector<std::string>& mismatches, std::string_view field, int recorded, int replayed) {
  if (recorded == replayed) return;
  mismatches.push_back(std::string(field) + ": recorded " + std::to_string(recorded) + ", replayed " +
                       std::to_string(replayed));
}

void compare(std::vector<std::string>& mismatches, std::string_view field, bool recorded, bool replayed) {
  if (recorded == replayed) return;
  mismatches.push_back(std::string(field) + ": recorded " + (recorded ? "true" : "false") + ", replayed " +
                       (replayed ? "true" : "false"));
}

std::string rule_error_text(std::string_view where, RuleError e) {
  return std::string(where) + ": " + std::string(to_string(e));
}

}  // namespace replay

RecordFormat detect_format(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos) return RecordFormat::Unknown;
  if (text[at] == '(') return RecordFormat::Sgf;
  if (text[at] == '[') return RecordFormat::Pgn;
  return RecordFormat::Unknown;
}

}  // namespace skat
