// The settings of `skat serve` (docs/cli.md): where to listen, the database, the web folder, the
// origins whose pages may open a WebSocket, the move clocks and grace, the admin token file, the
// size of the thread pools, the bounds on open tables, pool bots per player, new guests per address
// and how long unused guests stay, and how often connected bot accounts are checked against the
// database.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "server/net/limits.h"

namespace skat::app {

struct ServeConfig {
  int port = 8080;  // 0: an ephemeral port (tests)
  std::string bind = "127.0.0.1";
  std::string db_path = "data/skat.db";
  std::uint64_t db_max_bytes = 0;  // a quota on the database file (0: none)
  // The write journal (server/store/write_journal.h); empty: `DB-writes.jsonl` beside an SQLite
  // file (`DB-NODE-writes.jsonl` for a named node), `data/writes.jsonl` (`data/writes-NODE.jsonl`)
  // with PostgreSQL.
  std::string journal_path;
  // Several nodes on one (PostgreSQL) database, docs/scaling.md: this node's name ('' alone), the
  // silent nodes whose running series it takes over at start, and how long a node must have been
  // silent to be taken over.
  std::string node;
  std::vector<std::string> take_over;
  std::chrono::milliseconds node_heartbeat_every{2000};
  std::chrono::milliseconds node_silent_after{10000};
  std::string web_dir = "web/dist";
  // Origins (scheme://host[:port]) besides the server's own whose pages may open a WebSocket
  // (`--allow-origin`, docs/protocol.md §1).
  std::vector<std::string> allowed_origins;
  int bot_move_ms = 5000;
  int human_move_ms = 60000;
  int result_pause_ms = 0;  // `skat serve` sets 15000 (--result-pause-ms)
  int result_wait_ms = 0;   // `skat serve` sets 120000 (--result-wait-ms)
  int grace_ms = 30000;
  int abandon_after_ms = 300000;  // a series with every human gone past the grace ends as abandoned then
  int timeouts_before_gone = 3;  // a person's default moves in a row after which a substitute takes the seat (0: never)
  std::string admin_token_file;  // empty: <db folder>/admin-token, generated on first start
  int threads = 2;
  std::string strength_tables = "tables/t0.wtab";  // for the PGN hand strengths; missing: zeros
  net::Limits limits;
  // Open tables: at most this many created by one player, from one connection, from one address
  // (an IPv6 /64) and in all; a table nobody sits at, watches or is invited to, with no series
  // running, is closed after `table_idle_close`.
  int tables_per_player = 16;
  int tables_per_connection = 16;
  int tables_per_address = 64;
  int max_tables = 10000;
  std::chrono::milliseconds table_idle_close{std::chrono::minutes(10)};
  // Pool bots seated at or invited to the tables one player created.
  int bots_per_player = 4;
  // The same counted over the tables created from one address (an IPv6 /64): new guest identities
  // from one place do not add up to the whole pool.
  int bots_per_address = 8;
  // New guests one address (an IPv6 /64) may create: a bucket of this many, refilled over an hour.
  int guests_per_address_per_hour = 20;
  // A guest who has played no game is removed this long after its creation (when not online or
  // seated); the purge runs at start and then every `guest_purge_every`.
  std::chrono::hours guest_unused_after{std::chrono::days(7)};
  std::chrono::milliseconds guest_purge_every{std::chrono::hours(1)};
  // Bot accounts one player may own (POST /api/bots).
  int bots_per_owner = 5;
  // The connected bot accounts are checked against the database this often: one revoked or
  // disabled by another process (`skat admin revoke-bot`, another node) is disconnected and unseated.
  std::chrono::milliseconds bot_account_check_every{std::chrono::seconds(2)};
  // Tournaments a player starts (POST /api/tournaments; the operator's are not bounded): deals of
  // one tournament, deals (times seatings) over the last 24 hours, and tables running at once.
  int player_tournament_max_deals = 1000;
  int player_tournament_deals_per_day = 2000;
  int player_tournament_tables = 12;
  // A tournament table that has waited this long for a bot (to start, or for a substitute) ends its
  // tournament, which says why; checked every `tournament_check`.
  std::chrono::milliseconds tournament_wait{std::chrono::minutes(1)};
  std::chrono::milliseconds tournament_check{std::chrono::seconds(5)};
  // The ladder (server/play/ladder.h): every `ladder_every` (0: off) a match of `ladder_deals` deals
  // per seating between two of its entrants, one at a time, while `ladder_spare_bots` bots beyond
  // a table's three stay free.
  std::chrono::milliseconds ladder_every{0};
  int ladder_deals = 4;
  int ladder_spare_bots = 3;
  // HTTP work that may block (database reads, files, the writer) runs on `read_threads` threads
  // beside the I/O threads; at most `read_queue` requests wait or run there (more: 503), at most
  // `reads_per_address` database reads from one peer address (more: 429). Ended series' replies
  // are kept in `series_cache_bytes` of memory.
  int read_threads = 2;
  int read_queue = 32;
  int reads_per_address = 4;
  std::size_t series_cache_bytes = std::size_t{64} << 20;
  // Analyses of games by the open-card solver (about a second each, on the read threads) in
  // flight in all (more: 503) and from one address (more: 429); kept in the series cache once made.
  int analyses_at_once = 1;
  int analyses_per_address = 1;
  // Replies from that memory one address is sent: up to this many MiB at once, refilled at as many
  // a minute (more: 429).
  int cached_mib_per_address = 64;
};

}  // namespace skat::app
