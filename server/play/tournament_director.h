// Tournaments through the server (docs/evaluation.md): bot A against bot B on the seeded duplicate
// deals of bots/tournament, played at real tables by bot clients under the move clock. Each
// seating gets three tables (the lone bot on seat 0, 1, 2; forehand rotates with the game, so
// every deal is played with the lone bot in every position), each a series of up to 360 deals
// (longer tournaments use more tables); the tables ask the hub for exactly the bots they need
// (by announced spec) and start as soon as they are seated. The act requests carry each seat's
// player seed, so the games equal the in-process tournament's when no move hits the clock. The
// director collects the finished games, keeps the tournament's row (progress, report, curve of
// the duplicate difference) current in the database, and ends it when every table is done.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"
#include "server/serve_config.h"
#include "server/store/db_writer.h"
#include "server/table/table_types.h"

namespace skat::app {

class Hub;

struct TournamentRequest {
  std::string a, b;  // house programs (bot specs, bots/bot_factory.h) or players' bots ("account:NAME")
  int deals = 100;
  std::optional<std::uint64_t> seed;       // none: drawn by the server (1 for the operator's house-only ones)
  std::vector<int> b_seats{1, 2};          // 1 = A A B (2:1), 2 = A B B (1:2)
  std::optional<std::int64_t> started_by;  // the player who started it (none: the operator)
  // Whether a side is a player's bot: then the seed is drawn, its tables cannot be watched and its
  // series are not served until it ends (docs/api.md, Tournaments).
  bool sealed() const;
  // The tables it plays on at once.
  int tables() const;
};

// Bounds of a request: at most this many deals, and the request's JSON form
// {"a":…,"b":…,"deals":…,"seed":…,"seating":"2:1"|"1:2"|"both"} (a player's request has no seed).
inline constexpr int kMaxTournamentDeals = 100'000;
std::expected<TournamentRequest, std::string> parse_tournament_request(const nlohmann::json& body,
                                                                       bool seed_allowed = true);
// The commitment to a seed shown while its tournament runs: SHA-256 of its decimal text, in hex
// (`printf %s SEED | sha256sum`).
std::string seed_commitment(std::uint64_t seed);

class TournamentDirector : public std::enable_shared_from_this<TournamentDirector> {
 public:
  TournamentDirector(std::weak_ptr<Hub> hub, DbWriter& writer, const ServeConfig& config);

  struct Started {
    std::int64_t id = 0;
    std::string seed_sha256;
  };
  // Records the tournament, opens its tables and returns its id (blocks on the database writer:
  // not for the writer's own thread).
  std::expected<Started, std::string> start(const TournamentRequest& request);

  // The games collected so far, ordered by deal, seating and rotation (tests).
  std::vector<bots::TournamentGame> games(std::int64_t id) const;

 private:
  struct TablePlan {
    int b_seats = 1;
    int lone_seat = 0;   // the lone bot's seat
    int first_deal = 0;  // tournament deal of the table's game 0
    int deals = 0;
  };
  struct Running {
    bots::TournamentConfig config;
    std::vector<std::vector<bots::TournamentGame>> by_deal;
    std::size_t games_per_deal = 0;
    int deals_done = 0;
    int tables_left = 0;
    std::vector<bots::CurvePoint> curve;
    std::chrono::steady_clock::time_point started, saved;
  };

  void game_finished(std::int64_t id, const TablePlan& plan, const table::FinishedGame& game);
  // The report over the complete deals and a new curve point when due; the row is written when
  // `force` or at most every few seconds.
  void save(std::int64_t id, Running& r, bool force);
  table::TableConfig table_config(std::int64_t id, const TablePlan& plan, const bots::TournamentConfig& config,
                                  const std::vector<std::uint64_t>& deal_ids);

  std::weak_ptr<Hub> hub_;
  DbWriter& writer_;
  ServeConfig config_;
  mutable std::mutex mutex_;
  std::map<std::int64_t, Running> running_;
};

}  // namespace skat::app
