// The HTTP side of the server: /healthz, the JSON API under /api (lobby snapshot, series,
// records, exports streamed chunked, leaderboard, player history, admin actions behind the
// bearer admin token), the static web client, and a built-in status page when there is none.
#pragma once

#include <expected>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>

#include "server/app/db_writer.h"
#include "server/app/hub.h"
#include "server/app/tournament_director.h"
#include "server/net/handlers.h"

namespace skat::app {

// Read-only queries of the HTTP API, answered from their own database connection(s).
class ReadModel {
 public:
  virtual ~ReadModel() = default;
  // Each returns the HTTP reply (JSON or records) for a request already routed here.
  virtual net::HttpReply series_list(const net::HttpRequest& request) = 0;
  virtual net::HttpReply series_record(const net::HttpRequest& request, std::int64_t id, bool sgf) = 0;
  // Every game of a series with deal, auction, tricks and result, for replays (game_replay_json.h).
  virtual net::HttpReply series_games(const net::HttpRequest& request, std::int64_t id) = 0;
  virtual net::HttpReply export_records(const net::HttpRequest& request, bool sgf) = 0;
  virtual net::HttpReply leaderboard(const net::HttpRequest& request) = 0;
  virtual net::HttpReply player(const net::HttpRequest& request, std::int64_t id) = 0;
};

class Api : public net::HttpHandler {
 public:
  Api(std::filesystem::path web_dir, std::shared_ptr<Hub> hub, std::shared_ptr<TournamentDirector> tournaments,
      DbWriter& writer, std::shared_ptr<ReadModel> reads, std::string admin_token);
  net::HttpReply handle(const net::HttpRequest& request) override;

 private:
  net::HttpReply api(const net::HttpRequest& request, std::string_view path);
  net::HttpReply admin(const net::HttpRequest& request, std::string_view path);
  net::HttpReply metrics_reply(const net::HttpRequest& request);
  net::HttpReply tournaments_reply(const net::HttpRequest& request, std::string_view path);
  net::HttpReply static_file(const net::HttpRequest& request, std::string_view path);
  net::HttpReply status_page(const net::HttpRequest& request);

  std::filesystem::path web_dir_;
  std::shared_ptr<Hub> hub_;
  std::shared_ptr<TournamentDirector> tournaments_;
  DbWriter& writer_;
  std::shared_ptr<ReadModel> reads_;
  std::string admin_token_;
};

// JSON reply helpers shared with the read model.
net::HttpReply json_reply(const net::HttpRequest& request, boost::beast::http::status status,
                          const nlohmann::json& body);
net::HttpReply json_error(const net::HttpRequest& request, boost::beast::http::status status, std::string_view message);
// The query parameters of a request target by name, percent-decoded ('+' is a space).
using QueryParams = std::map<std::string, std::string, std::less<>>;
// The parameters of `target`, or why it is refused (a 400, docs/api.md): a malformed target (a bad
// percent-escape such as "%zz", "%4" or a trailing "%"), a parameter not in `allowed`, one given
// twice or without a value, or a value that is not valid UTF-8 once decoded.
std::expected<QueryParams, std::string> query_params(std::string_view target,
                                                     std::initializer_list<std::string_view> allowed);

}  // namespace skat::app
