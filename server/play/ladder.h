// The ladder (docs/bots.md §9): while the server has idle bots it plays short rated matches among
// its entrants by itself, so that the bots' leaderboard means something without anyone starting
// tournaments by hand, as lichess's bot pool does. Entrants are the house programs online (at least
// two connections each, enough for both seatings) and players' bots with an uploaded program that
// accept challenges (the sandbox plays them; their matches are rated). Every `ladder_every` it
// starts one match, when none of its own runs and at least `ladder_spare_bots` bots beyond one
// table's three are free: a person never waits for a bot the ladder holds for long (its matches
// are `ladder_deals` deals per seating, and its tables claim bots only when all three are free).
// The pairing is the one of fewest ladder matches so far, the sides taking turns; each match has a
// fresh seed.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/play/tournament_director.h"
#include "server/serve_config.h"
#include "server/store/db_writer.h"

namespace skat::app {

class Hub;

// The next match among `entrants` (sorted, distinct programs as tournaments name them) given the
// ladder matches played so far (A, B as started): the unordered pair played least, the first such
// in entrant order; A is the one that was A less often in that pair. None for fewer than two.
std::optional<std::pair<std::string, std::string>> next_ladder_pairing(
    const std::vector<std::string>& entrants, const std::vector<std::pair<std::string, std::string>>& played);

// Its ticks run on a thread of its own (they wait for the database writer, which the I/O threads
// must not).
class Ladder {
 public:
  Ladder(std::weak_ptr<Hub> hub, DbWriter& writer, std::shared_ptr<TournamentDirector> tournaments,
         const ServeConfig& config);
  ~Ladder();
  // Starts the ticks (nothing when the ladder is off); stop() ends them.
  void start();
  void stop();
  // One tick now: starts a match when one is due; its tournament id, if it did.
  std::optional<std::int64_t> tick();

 private:
  std::vector<std::string> entrants();

  std::weak_ptr<Hub> hub_;
  DbWriter& writer_;
  std::shared_ptr<TournamentDirector> tournaments_;
  ServeConfig config_;
  std::optional<std::int64_t> running_;  // the ladder's match that may still run
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;
};

}  // namespace skat::app
