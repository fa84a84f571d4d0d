// Tournaments through the server (docs/evaluation.md): bot A against bot B on the seeded duplicate
// deals of bots/tournament, played at real tables by bot clients under the move clock. Each
// seating gets three tables (the lone bot on seat 0, 1, 2; forehand rotates with the game, so
// every deal is played with the lone bot in every position), each a series of up to 360 deals
// (longer tournaments use more tables); the tables ask the hub for exactly the bots they need
// (by announced spec) and start as soon as they are seated. The act requests carry each seat's
// player seed, so the games equal the in-process tournament's when no move hits the clock. The
// director collects the finished games, keeps the tournament's row (progress, report, curve of
// the duplicate difference) current in the database, and ends it when every table is done. A
// table claims its bots only when all three are free (BotDispatch::request_whole); a tournament
// with a table that has waited longer than `tournament_wait` for bots that cannot come (fewer of a
// house program connected than it needs, or a player's bot not come) ends and says why, and its
// starter or the operator may cancel it: either way its tables end at once, their bots go back to
// the pool, and the games played so far are kept (the series aborted, unrated).
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
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
#include "server/play/bot_dispatch.h"
#include "server/play/sandbox_runner.h"
#include "server/serve_config.h"
#include "server/store/db_writer.h"
#include "server/table/table_types.h"

namespace skat::app {

class Hub;

struct TournamentRequest {
  // House programs (bot specs, bots/bot_factory.h) or players' bots: "sandbox:NAME" (its uploaded
  // program, which the server runs in its sandbox: rated) or "account:NAME" (its own connections:
  // a friendly match, unrated).
  std::string a, b;
  int deals = 100;
  std::optional<std::uint64_t> seed;       // none: drawn by the server (1 for the operator's house-only ones)
  std::vector<int> b_seats{1, 2};          // 1 = A A B (2:1), 2 = A B B (1:2)
  std::optional<std::int64_t> started_by;  // the player who started it (none: the operator)
  std::string started_by_name;             // that player's name, for the challenge its bots are told of
  bool ladder = false;                     // started by the server's ladder (server/play/ladder.h)
  std::optional<bots::SprtTest> sprt;      // a sequential test: it stops at the first bound crossed
  // Whether a side is a player's bot (either way): then the seed is drawn, its tables cannot be watched and its
  // series are not served until it ends (docs/api.md, Tournaments).
  bool sealed() const;
  // Whether its results count for the ratings: no side is a player's bot on its own connections
  // ("account:NAME"), which sees the duplicate deals at several tables (docs/bots.md, "What is
  // rated").
  bool rated() const;
  // The tables it plays on at once.
  int tables() const;
};

// Bounds of a request: at most this many deals, and the request's JSON form
// {"a":…,"b":…,"deals":…,"seed":…,"seating":"2:1"|"1:2"|"both","sprt":[D0,D1],"alpha":…,"beta":…}
// (a player's request has no seed; alpha and beta, 0.05 by default, only with sprt).
inline constexpr int kMaxTournamentDeals = 100'000;
std::expected<TournamentRequest, std::string> parse_tournament_request(const nlohmann::json& body,
                                                                       bool seed_allowed = true);
// The commitment to a seed shown while its tournament runs: SHA-256 of its decimal text, in hex
// (`printf %s SEED | sha256sum`).
std::string seed_commitment(std::uint64_t seed);
// Whether a house bot of `spec` (a house program's spec) is connected, by the programs connected now
// (LobbyStats::house_programs).
bool house_program_online(const std::string& spec, const std::map<std::string, int>& online);

class TournamentDirector : public std::enable_shared_from_this<TournamentDirector> {
 public:
  TournamentDirector(boost::asio::io_context& io, std::weak_ptr<Hub> hub, DbWriter& writer, const ServeConfig& config);

  struct Started {
    std::int64_t id = 0;
    std::string seed_sha256;
  };
  // Records the tournament, opens its tables and returns its id (blocks on the database writer:
  // not for the writer's own thread).
  std::expected<Started, std::string> start(const TournamentRequest& request);

  // Cancels a running tournament on behalf of `by` (its starter; none: the operator): its tables
  // end now, its bots go back to the pool, its row is "cancelled" with the games so far. The error
  // says why not (no such running tournament here, or `by` did not start it).
  enum class CancelError { NotRunning, NotYours };
  std::expected<void, CancelError> cancel(std::int64_t id, std::optional<std::int64_t> by);

  // A challenged bot account declines the running tournament `id` (hub, decline_challenge): it
  // ends at once as on a cancel, its row saying "declined by the bot NAME". Empty when declined,
  // else why not (no such running tournament here, or the bot was not challenged in it).
  std::string decline(std::int64_t bot_player, std::int64_t id);

  // Whether tournament `id` is running here.
  bool running(std::int64_t id) const;

  // Where the server listens: the sandbox's connections go there (server/app/server.cpp).
  void set_endpoint(std::string host, int port);

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
    std::array<std::string, 2> sides;  // A's and B's program names, as in the row
    std::vector<std::vector<bots::TournamentGame>> by_deal;
    std::size_t games_per_deal = 0;
    int deals_done = 0;
    int tables_left = 0;
    std::vector<bots::CurvePoint> curve;
    // The sequential test over the complete deals in deal order: the next deal it takes, and where
    // it stopped (the report covers the deals up to there).
    std::optional<bots::SprtWalk> sprt;
    int sprt_next = 0;
    std::optional<int> sprt_stop;
    std::chrono::steady_clock::time_point started, saved;
    std::optional<std::int64_t> started_by;
    // The bot accounts it challenges (a side on its own connections, of another owner than its
    // starter), by player id, with their names: they were told and may decline.
    std::map<std::int64_t, std::string> challenged;
    std::vector<table::TableId> tables;
    std::vector<table::TableId> tables_done;
    bool ended = false;  // cancelled or given up: its games are no longer collected
    std::shared_ptr<boost::asio::steady_timer> watch;
    // The sandbox's connections of the sides that are uploaded programs (A, B; none otherwise).
    std::array<std::shared_ptr<SandboxRunner::Lease>, 2> sandboxes;
  };

  void game_finished(std::int64_t id, const TablePlan& plan, const table::FinishedGame& game);
  // Tells each bot account that `request` challenges (recorded in `r.challenged`) of it.
  void tell_challenged(std::int64_t id, Running& r, const TournamentRequest& request,
                       const bots::TournamentConfig& config);
  // The sandbox's connections for each side that is an uploaded program, as many as its seats at
  // all tables at once; the error says why not.
  std::expected<void, std::string> lease_sandboxes(Running& r, const std::vector<TablePlan>& plans);
  // The report over the complete deals and a new curve point when due; the row is written when
  // `force` or at most every few seconds.
  void save(std::int64_t id, Running& r, bool force, std::string end_reason = {}, bool cancelled = false);
  // Ends a running tournament early (`mutex_` held): its tables end, the row says why (no reason:
  // a sequential test's stop, which ends it as finished).
  void end_early(std::int64_t id, Running& r, std::string reason, bool cancelled);
  // Feeds the deals completed in order to the sequential test; when it stops, the tournament is
  // finished there (`mutex_` held). Whether it stopped.
  bool advance_sprt(std::int64_t id, Running& r);
  // Every few seconds: whether a table has waited longer than config_.tournament_wait for bots
  // that cannot come.
  void arm_watch(std::int64_t id);
  void check_waits(std::int64_t id, const std::map<table::TableId, BotDispatch::Waiting>& waits);
  // `sides`: the programs of A and B as the tables ask for them ("sandbox:NAME" for an upload).
  table::TableConfig table_config(std::int64_t id, const TablePlan& plan, const bots::TournamentConfig& config,
                                  const std::array<std::string, 2>& sides, const std::vector<std::uint64_t>& deal_ids);

  boost::asio::io_context& io_;
  std::weak_ptr<Hub> hub_;
  DbWriter& writer_;
  ServeConfig config_;
  std::shared_ptr<SandboxRunner> runner_;
  mutable std::mutex mutex_;
  std::map<std::int64_t, Running> running_;
};

}  // namespace skat::app
