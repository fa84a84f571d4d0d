// The HTTP API's read side on SQLite: each request opens its own read connection (WAL lets it
// read while the single writer commits), so no io thread ever waits for the writer. Exports are
// pulled one page of series at a time and sent chunked.
#pragma once

#include <string>

#include "server/app/api.h"

namespace skat::app {

class SqliteReadModel : public ReadModel {
 public:
  explicit SqliteReadModel(std::string path) : path_(std::move(path)) {}
  net::HttpReply series_list(const net::HttpRequest& request) override;
  net::HttpReply series_record(const net::HttpRequest& request, std::int64_t id, bool sgf) override;
  net::HttpReply series_games(const net::HttpRequest& request, std::int64_t id) override;
  net::HttpReply export_records(const net::HttpRequest& request, bool sgf) override;
  net::HttpReply leaderboard(const net::HttpRequest& request) override;
  net::HttpReply player(const net::HttpRequest& request, std::int64_t id) override;

 private:
  std::string path_;
};

}  // namespace skat::app
