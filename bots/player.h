// The interface every bot implements: given what its seat may know (engine/seat_view.h), choose
// one of the legal actions listed in the view. Bots never see the Game itself, so the same
// player runs in-process and as a network client on identical information.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/seat_view.h"

namespace skat::bots {

// What went wrong with an outside program (bot spec `program:`, bridge/): a request it answered
// late or unusably got the default move instead, as did one it was answering when it ended.
// Built-in players have none.
struct ProgramFaults {
  int timeouts = 0;  // no answer within the move clock
  int crashes = 0;   // the program ended unasked (it is started again at the next request)
  int garbage = 0;   // an answer that is not JSON or not one of the legal actions
  int total() const { return timeouts + crashes + garbage; }
  ProgramFaults& operator+=(const ProgramFaults& o) {
    timeouts += o.timeouts;
    crashes += o.crashes;
    garbage += o.garbage;
    return *this;
  }
  bool operator==(const ProgramFaults&) const = default;
};

class Player {
 public:
  virtual ~Player() = default;
  // Called when it is the view's turn (view.to_act == view.pos). Must return one of view.legal;
  // bots never concede out of turn. At a table with Kontra and Re a bot may double on its turn
  // (a defender before its first card, the declarer before its next); it is then asked again.
  virtual Action decide(const SeatView& view) = 0;
  virtual std::string name() const = 0;
  // A hard limit for the following decisions (a server's move clock, less a margin): players that
  // search stop by then and answer with what they have; the others ignore it. Empty: no limit
  // besides their own budget.
  virtual void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { (void)deadline; }
  // Work budgets only (tournaments, self-play): every decision depends on the seed and the
  // position alone, searches stop at their number of worlds, never at a time budget; the wall
  // clock only stops a search past a safety net (kSafetyNet, or the deadline above), and each such
  // stop is counted. Off by default: on a server the move clock rules.
  virtual void use_work_budgets(bool on) { (void)on; }
  // Decisions the safety net cut short while on work budgets (they depend on the machine).
  virtual int clock_stops() const { return 0; }
  // An outside program's faults so far (bridge/program_player.h); none for built-in players.
  virtual ProgramFaults program_faults() const { return {}; }
};

// On work budgets, the most a single search may take before the clock stops it after all.
inline constexpr std::chrono::seconds kSafetyNet{60};

// The legal action equal to `wanted`, else the first legal action of kind `fallback` (a bot's
// plan may be illegal at this moment, e.g. a hand game below the bid).
inline Action pick_legal(const std::vector<Action>& legal, const Action& wanted, ActionKind fallback) {
  if (std::ranges::find(legal, wanted) != legal.end()) return wanted;
  const auto it = std::ranges::find_if(legal, [&](const Action& a) { return a.kind == fallback; });
  if (it == legal.end()) throw std::logic_error("bot: no legal action of the expected kind");
  return *it;
}

}  // namespace skat::bots
