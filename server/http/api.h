// The HTTP side of the server: /healthz, the JSON API under /api (lobby snapshot, series,
// records, exports streamed chunked, leaderboard, player history, tournaments, admin actions
// behind the bearer admin token), the static web client, and a built-in status page when there
// is none. The one place where requests become replies: it bounds each route's body and checks
// the admin token before any body is read, reads the query (api_query.h), asks the ReadModel for
// data, and picks the status code. Only cheap answers from memory (/healthz, the lobby, the
// metrics, an ended series kept in the SeriesCache) are given on the network thread; everything
// else is work for the BlockingPool, and the reads of the database are bounded per peer address
// (`reads_per_address` in flight, 429 beyond), and what one address is sent from the SeriesCache by
// a byte budget (`cached_mib_per_address`, 429 beyond). The analysis of a stored game by the open-card
// solver (about a second of work) is bounded apart: `analyses_per_address` in flight from one
// address (429 beyond) and `analyses_at_once` in all (503 beyond), so that it never takes every
// read thread; once made it is kept with the game in the database (any node, any restart finds it)
// and in the SeriesCache, and answered from there.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/http/read_model.h"
#include "server/http/series_cache.h"
#include "server/net/byte_budget.h"
#include "server/net/connection_slots.h"
#include "server/net/handlers.h"
#include "server/play/hub.h"
#include "server/play/tournament_director.h"
#include "server/store/db_writer.h"

namespace skat::app {

// What players may do through the API (ServeConfig's settings of the same names).
struct ApiLimits {
  int bots_per_owner = 5;
  int tournament_max_deals = 1000;
  int tournament_deals_per_day = 2000;
  int tournament_tables = 12;
  // Reads of the database in flight from one peer address (an IPv6 /64); more are a 429.
  int reads_per_address = 4;
  // Bytes of ended series' replies kept in memory (SeriesCache).
  std::size_t series_cache_bytes = std::size_t{64} << 20;
  // Analyses of games (GET /api/series/{id}/games/{n}/analysis) in flight in all and from one address.
  int analyses_at_once = 1;
  int analyses_per_address = 1;
  // MiB of replies from the SeriesCache one address may be sent at once, refilled at as many MiB
  // a minute (more: 429).
  int cached_mib_per_address = 64;
  // The ladder's pace (0: off) and its matches' deals per seating, as GET /api/tournaments says.
  int ladder_every_s = 0;
  int ladder_deals = 4;
};

// New analyses one address may have stored with their games in an hour (the rest are served, and
// kept in memory only).
inline constexpr int kStoredAnalysesPerAddressPerHour = 30;

// The largest uploaded program (PUT /api/bots/ID/program), and that route's body bound.
inline constexpr std::size_t kMaxProgramSourceBytes = 256 * 1024;
inline constexpr std::size_t kProgramBodyBytes = 2 * kMaxProgramSourceBytes;

class Api : public net::HttpHandler {
 public:
  Api(std::filesystem::path web_dir, std::shared_ptr<Hub> hub, std::shared_ptr<TournamentDirector> tournaments,
      DbWriter& writer, std::shared_ptr<ReadModel> reads, std::string admin_token, ApiLimits limits = {},
      std::string node = {});
  // Before the body: an admin route without the admin token is a 401 at once; each route takes
  // the body it needs (docs/api.md: none for GET and HEAD, a few KiB for the JSON POSTs).
  net::HeaderVerdict on_header(const net::HttpRequest& request, std::string_view target) override;
  net::HttpAnswer handle(const net::HttpRequest& request, const net::HttpPeer& peer) override;
  const SeriesCache& series_cache() const { return series_cache_; }

 private:
  // The reply to any request (blocking: on the pool, but for the answers from memory).
  net::HttpReply respond(const net::HttpRequest& request);
  std::optional<net::HttpReply> cached_series(const net::HttpRequest& request, const net::HttpPeer& peer,
                                              std::string_view path);
  // A reply of `body` from the SeriesCache, or a 429 when the address has spent its byte budget.
  net::HttpReply from_cache(const net::HttpRequest& request, const net::HttpPeer& peer, std::string_view content_type,
                            const std::string& body);
  // GET /api/series/ID/games/N/analysis: from the cache, else bounded and on the pool.
  net::HttpAnswer analysis_answer(const net::HttpRequest& request, const net::HttpPeer& peer, std::int64_t series,
                                  int game);
  // A new analysis is stored with its game within the share of `peer` (stored_analyses_).
  net::HttpReply analysis_reply(const net::HttpRequest& request, const net::HttpPeer& peer, std::int64_t series,
                                int game);
  net::HttpReply api(const net::HttpRequest& request, std::string_view path);
  net::HttpReply series_reply(const net::HttpRequest& request, std::string_view rest);
  net::HttpReply export_reply(const net::HttpRequest& request, bool sgf);
  net::HttpReply tournaments_reply(const net::HttpRequest& request, std::string_view path);
  net::HttpReply admin(const net::HttpRequest& request, std::string_view path);
  // Players' bot accounts and tournaments (api_bots.cpp).
  std::optional<Identity> session_player(const net::HttpRequest& request);
  net::HttpReply bots_reply(const net::HttpRequest& request, std::string_view path);
  net::HttpReply player_tournament(const net::HttpRequest& request);
  net::HttpReply bot_program_reply(const net::HttpRequest& request, std::int64_t owner, std::int64_t bot);
  // POST /api/tournaments/ID/cancel: by its starter (session token) or the operator (admin token).
  net::HttpReply cancel_tournament(const net::HttpRequest& request, std::string_view path);
  net::HttpReply tournament_options(const net::HttpRequest& request);
  net::HttpReply start_tournament(const net::HttpRequest& request, const TournamentRequest& tournament,
                                  std::optional<Identity> player);
  // A store's failure as the API answers it: NotFound 404, Conflict 409, Quota 403, Invalid 400,
  // Unauthorized 401, and 503 "database: …" when the database failed (Busy, Unavailable).
  net::HttpReply store_failure(const net::HttpRequest& request, const StoreError& error);
  net::HttpReply metrics_reply(const net::HttpRequest& request);
  net::HttpReply static_file(const net::HttpRequest& request, std::string_view path);
  net::HttpReply status_page(const net::HttpRequest& request);

  std::filesystem::path web_dir_;
  std::shared_ptr<Hub> hub_;
  std::shared_ptr<TournamentDirector> tournaments_;
  DbWriter& writer_;
  std::shared_ptr<ReadModel> reads_;
  std::string admin_token_;
  ApiLimits limits_;
  std::string node_;             // this node's name (`skat serve --node`), shown by /healthz; empty: one server
  std::mutex tournament_start_;  // a player's limits are checked and the tournament started as one
  std::shared_ptr<net::ConnectionSlots> read_slots_;      // database reads in flight per peer address
  std::shared_ptr<net::ConnectionSlots> analysis_slots_;  // analyses in flight, in all and per peer address
  SeriesCache series_cache_;
  net::ByteBudget cached_bytes_;  // what each address is sent from series_cache_
  // New analyses each address has had stored: kStoredAnalysesPerAddressPerHour at once, refilled
  // over the hour (one unit each); beyond it an analysis is served and kept in memory only.
  net::ByteBudget stored_analyses_;
};

}  // namespace skat::app
