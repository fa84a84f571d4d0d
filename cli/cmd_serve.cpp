// `skat serve`: the game server (HTTP + WebSocket on one port, SQLite, the web client); see
// server/app/serve.h for what it does at start and at a graceful stop. With --nightly-at the
// nightly job (nightly/) runs every day at that UTC time beside it, on the same database.
// At start the descriptor limit is raised toward what --max-connections needs.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "cli/command.h"
#include "nightly/nightly_schedule.h"
#include "server/app/serve.h"
#include "server/net/descriptor_limit.h"
#include "server/net/origin.h"

namespace skat::cli {

namespace {

// Descriptors kept for everything but connections: the database and its WAL, the read model,
// static files being sent, the tables, the log, the event loop's own.
constexpr std::uint64_t kSpareDescriptors = 64;

void raise_descriptor_limit(const net::Limits& limits) {
  const std::uint64_t wanted = limits.max_connections == 0 ? UINT64_MAX : limits.max_connections + kSpareDescriptors;
  const auto fds = net::raise_descriptor_limit(wanted);
  if (limits.max_connections != 0 && fds.soft < wanted)
    spdlog::warn(
        "serve: the descriptor limit is {} (hard {}), below --max-connections {} plus {} spare: new "
        "connections wait once the descriptors run out",
        fds.soft, fds.hard, limits.max_connections, kSpareDescriptors);
}

struct ServeArgs {
  app::ServeConfig config;
  std::string nightly_at;
  nightly::NightlyOptions nightly;
};

int run_serve_command(ServeArgs& args) {
  std::optional<nightly::NightlySchedule> schedule;
  if (!args.nightly_at.empty()) {
    const auto at = nightly::parse_daily_time(args.nightly_at);
    if (!at) {
      spdlog::error("serve: --nightly-at must be HH:MM (UTC)");
      return 2;
    }
    args.nightly.db_path = args.config.db_path;
    schedule.emplace(args.nightly, *at);
  }
  raise_descriptor_limit(args.config.limits);
  return app::run_serve(args.config);
}

}  // namespace

Command add_serve_command(CLI::App& parent) {
  auto args = std::make_shared<ServeArgs>();
  app::ServeConfig* config = &args->config;
  CLI::App* app = parent.add_subcommand("serve", "Run the game server: HTTP and WebSocket (/ws) on one port");
  app->add_option("--port", config->port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  app->add_option("--bind", config->bind, "Address to listen on")->capture_default_str();
  app->add_option("--db", config->db_path,
                  "SQLite file (created and migrated when missing) or postgresql:// URL (migrated)")
      ->capture_default_str();
  app->add_option("--node", config->node,
                  "This server's node name when several share one database (a-z 0-9 - _, up to 32; docs/scaling.md)");
  app->add_option("--take-over", config->take_over,
                  "At start, take over the running series of this silent node (repeatable)");
  app->add_option_function<int>(
         "--node-silent-ms", [config](int ms) { config->node_silent_after = std::chrono::milliseconds(ms); },
         "How long a node's heartbeat must have stopped before --take-over takes its series (default 10000)")
      ->check(CLI::Range(1000, 3600000));
  app->add_option("--web", config->web_dir, "Folder of the built web client")->capture_default_str();
  app->add_option("--allow-origin", config->allowed_origins,
                  "An origin (scheme://host[:port]) besides the server's own whose pages may open a WebSocket "
                  "(repeatable)")
      ->check([](const std::string& origin) -> std::string {
        return net::normal_origin(origin) ? "" : "an origin is scheme://host[:port] (http or https, no path)";
      });
  app->add_option("--bot-move-ms", config->bot_move_ms, "Move clock of a bot seat (ms)")
      ->check(CLI::Range(100, 3600000))
      ->capture_default_str();
  app->add_option("--human-move-ms", config->human_move_ms, "Move clock of a human seat (ms)")
      ->check(CLI::Range(100, 3600000))
      ->capture_default_str();
  config->result_pause_ms = 15000;
  app->add_option("--result-pause-ms", config->result_pause_ms,
                  "A human seat's move clock starts no earlier than this after a game started, while the "
                  "page shows the previous result (ms)")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  config->result_wait_ms = 120000;
  app->add_option("--result-wait-ms", config->result_wait_ms,
                  "For a player whose page asks for it (after a game: until I click), the move clock waits for "
                  "the player's 'ready' instead, at most this long after the game started (ms)")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  app->add_option("--grace-ms", config->grace_ms, "Reconnect grace before a bot takes a seat over (ms)")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  app->add_option("--timeouts-before-gone", config->timeouts_before_gone,
                  "A person whose clock has run out this many moves in a row counts as gone: a bot takes the seat "
                  "until the person takes it back (0: never)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  app->add_option("--abandon-after-ms", config->abandon_after_ms,
                  "A series whose humans are all gone past the grace ends as abandoned after this (ms)")
      ->check(CLI::Range(0, 86400000))
      ->capture_default_str();
  app->add_option("--admin-token-file", config->admin_token_file,
                  "File with the admin bearer token (default: admin-token beside the database, created)");
  app->add_option("--threads", config->threads, "I/O threads")->check(CLI::Range(1, 64))->capture_default_str();
  app->add_option("--read-threads", config->read_threads,
                  "Threads for HTTP requests that read the database or files (never the I/O threads)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app->add_option("--read-queue", config->read_queue,
                  "HTTP requests waiting for or running on the read threads; more are answered 503")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app->add_option("--reads-per-address", config->reads_per_address,
                  "Database reads (series, records, exports, leaderboard, players, tournaments) in flight from one "
                  "IP address (IPv6: one /64); more are answered 429")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app->add_option("--cached-mib-per-address", config->cached_mib_per_address,
                  "MiB of ended series' replies and analyses served from memory to one IP address (IPv6: one /64) "
                  "at once, refilled at as many MiB a minute; more are answered 429")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  app->add_option("--analyses", config->analyses_at_once,
                  "Analyses of games by the open-card solver (GET /api/series/ID/games/N/analysis) running at once; "
                  "more are answered 503")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app->add_option("--analyses-per-address", config->analyses_per_address,
                  "Analyses of games in flight from one IP address (IPv6: one /64); more are answered 429")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app->add_option_function<std::size_t>(
         "--series-cache-mib", [config](std::size_t mib) { config->series_cache_bytes = mib << 20; },
         "Memory for the replies of ended series (replay JSON, PGN, SGF), MiB (default 64; 0: none)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 20));
  app->add_option("--journal", config->journal_path,
                  "The write journal: every finished game and series until the database has it, stored at the next "
                  "start (default: DB-writes.jsonl beside an SQLite file, data/writes.jsonl with PostgreSQL; "
                  "NODE in the name for a named node)");
  app->add_option_function<std::uint64_t>(
         "--db-max-mib", [config](std::uint64_t mib) { config->db_max_bytes = mib << 20; },
         "Quota on the database file (MiB): beyond it, games wait in memory as on a full disk (default: none)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 30));
  app->add_option("--tables-per-player", config->tables_per_player, "Open tables one player may have created")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app->add_option("--tables-per-connection", config->tables_per_connection,
                  "Open tables one WebSocket connection may have created")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app->add_option("--tables-per-address", config->tables_per_address,
                  "Open tables created from one IP address (IPv6: one /64)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app->add_option("--bots-per-player", config->bots_per_player,
                  "Pool bots seated at or invited to the tables one player created")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  app->add_option("--bots-per-owner", config->bots_per_owner, "Bot accounts one player may own (POST /api/bots)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  app->add_option("--player-tournament-deals", config->player_tournament_max_deals,
                  "Deals of one tournament a player starts (POST /api/tournaments)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app->add_option_function<int>(
         "--ladder-every-s",
         [config](int seconds) { config->ladder_every = std::chrono::seconds(std::max(0, seconds)); },
         "The ladder: every this many seconds a short rated match between two of its entrants (house programs, "
         "players' uploaded bots that accept challenges) while bots are idle; 0: off (docs/bots.md §9)")
      ->check(CLI::Range(0, 86400));
  app->add_option("--ladder-deals", config->ladder_deals, "The ladder's matches: deals per seating")
      ->check(CLI::Range(1, 360))
      ->capture_default_str();
  app->add_option("--ladder-spare-bots", config->ladder_spare_bots,
                  "The ladder starts a match only while this many bots beyond one table's three are free")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  app->add_option_function<int>(
         "--tournament-wait-seconds",
         [config](int seconds) { config->tournament_wait = std::chrono::seconds(std::max(1, seconds)); },
         "A tournament whose table has waited this long for a bot ends and says why (60)")
      ->check(CLI::Range(1, 86400));
  app->add_option("--player-tournament-deals-per-day", config->player_tournament_deals_per_day,
                  "Deals (times seatings) of the tournaments one player starts in 24 hours")
      ->check(CLI::Range(0, 10000000))
      ->capture_default_str();
  app->add_option("--player-tournament-tables", config->player_tournament_tables,
                  "Tables of one player's running tournaments at once")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  app->add_option("--bots-per-address", config->bots_per_address,
                  "Pool bots seated at or invited to the tables created from one IP address (IPv6: one /64)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  app->add_option("--guests-per-address-per-hour", config->guests_per_address_per_hour,
                  "New guests one IP address (IPv6: one /64) may create per hour")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app->add_option_function<int>(
         "--guest-unused-days", [config](int days) { config->guest_unused_after = std::chrono::days(days); },
         "A guest who has played no game is removed this many days after its creation (default 7)")
      ->check(CLI::Range(1, 3650));
  app->add_option("--max-tables", config->max_tables, "Open tables in all")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app->add_option_function<int>(
         "--table-idle-s", [config](int s) { config->table_idle_close = std::chrono::seconds(s); },
         "An empty table with no series running is closed after this many seconds (default 600)")
      ->check(CLI::Range(1, 86400));
  app->add_option("--max-connections", config->limits.max_connections,
                  "Open TCP connections (HTTP and WebSocket) in all; more are refused (0: no cap)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{10'000'000}))
      ->capture_default_str();
  app->add_option_function<std::size_t>(
         "--max-connections-per-address", [config](std::size_t n) { config->limits.max_connections_per_address = n; },
         "Open TCP connections from one peer address (IPv6: one /64); more are refused (0: no cap; default: a "
         "tenth of --max-connections, at most 64)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{10'000'000}));
  app->add_option_function<int>(
         "--header-timeout-s", [config](int s) { config->limits.http_header_timeout = std::chrono::seconds(s); },
         "An HTTP request's header must arrive within this many seconds of the connection or of the previous "
         "reply (default 5)")
      ->check(CLI::Range(1, 3600));
  app->add_option_function<int>(
         "--hello-timeout-s", [config](int s) { config->limits.hello_timeout = std::chrono::seconds(s); },
         "A WebSocket whose player is not welcomed within this many seconds is closed (default 10)")
      ->check(CLI::Range(1, 3600));
  app->add_option("--strength-tables", config->strength_tables,
                  "Winning tables for the hand strengths of the game records (empty: none)")
      ->capture_default_str();
  app->add_option("--nightly-at", args->nightly_at,
                  "Run the nightly job (fold, scores, ratings) every day at HH:MM UTC beside the server");
  auto* nightly_group = app->add_option_group("nightly", "Settings of the nightly job (with --nightly-at)");
  add_nightly_options(*nightly_group, args->nightly);
  return {app, [args] { return run_serve_command(*args); }};
}

}  // namespace skat::cli
