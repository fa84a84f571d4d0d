#include "server/app/server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/net/origin.h"

namespace skat::app {

namespace asio = boost::asio;

Server::Server(ServeConfig config, Stores stores, std::shared_ptr<ReadModel> reads, std::string admin_token,
               WriteJournal* journal)
    : config_(std::move(config)),
      io_(config_.threads),
      writer_(stores, DbWriter::kRetryEvery, journal),
      hub_(Hub::create(io_, config_, writer_)),
      tournaments_(std::make_shared<TournamentDirector>(io_, hub_, writer_, config_)),
      ladder_(std::make_unique<Ladder>(hub_, writer_, tournaments_, config_)),
      signals_(io_),
      drain_timer_(io_),
      reads_(std::move(reads)),
      admin_token_(std::move(admin_token)) {}

Server::~Server() {
  stop();
  wait();
}

unsigned short Server::start(bool handle_signals) {
  auto services = std::make_shared<net::Services>();
  services->http = std::make_shared<Api>(
      config_.web_dir, hub_, tournaments_, writer_, reads_, admin_token_,
      ApiLimits{config_.bots_per_owner, config_.player_tournament_max_deals, config_.player_tournament_deals_per_day,
                config_.player_tournament_tables, config_.reads_per_address, config_.series_cache_bytes,
                config_.analyses_at_once, config_.analyses_per_address, config_.cached_mib_per_address,
                static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(config_.ladder_every).count()),
                config_.ladder_deals},
      config_.node);
  blocking_ = std::make_unique<net::BlockingPool>(config_.read_threads, static_cast<std::size_t>(config_.read_queue));
  services->blocking = blocking_.get();
  services->ws = hub_;
  services->limits = config_.limits;
  for (const std::string& origin : config_.allowed_origins) {
    if (auto normal = net::normal_origin(origin))
      services->allowed_origins.push_back(std::move(*normal));
    else
      spdlog::warn("serve: '{}' is no origin (scheme://host[:port]); not allowed", origin);
  }
  if (!config_.node.empty()) services->node_prefix = "/n/" + config_.node;
  const auto address = asio::ip::make_address(config_.bind);
  listener_ = std::make_shared<net::Listener>(
      io_, asio::ip::tcp::endpoint(address, static_cast<unsigned short>(config_.port)), services);
  port_ = listener_->port();
  tournaments_->set_endpoint(config_.bind, port_);
  hub_->set_decline_handler(
      [weak = std::weak_ptr<TournamentDirector>(tournaments_)](std::int64_t bot, std::int64_t id) {
        const auto director = weak.lock();
        return director ? director->decline(bot, id) : std::string("the server is stopping");
      });
  listener_->run();
  hub_->start();
  ladder_->start();
  if (handle_signals) {
    signals_.add(SIGINT);
    signals_.add(SIGTERM);
    signals_.async_wait([this](boost::system::error_code ec, int signal) {
      if (ec) return;
      spdlog::info("signal {}: stopping", signal);
      stop();
    });
  }
  for (int i = 0; i < std::max(1, config_.threads); ++i)
    threads_.emplace_back([this] {
      for (;;) {
        try {
          io_.run();
          return;
        } catch (const std::exception& e) {  // handlers guard themselves; this is the last line
          spdlog::error("io thread: {}", e.what());
        }
      }
    });
  return port_;
}

void Server::stop() {
  if (stopping_.exchange(true) || threads_.empty()) return;
  ladder_->stop();
  asio::post(io_, [this] {
    boost::system::error_code ignored;
    signals_.cancel(ignored);
    if (listener_) listener_->stop();
    hub_->shutdown();
    drain(60);
  });
}

// Gives connections up to ~3 s to flush their queues and close, then ends the io threads.
void Server::drain(int checks_left) {
  if (checks_left <= 0 || hub_->connections() == 0) {
    io_.stop();
    return;
  }
  drain_timer_.expires_after(std::chrono::milliseconds(50));
  drain_timer_.async_wait([this, checks_left](boost::system::error_code ec) {
    if (!ec) drain(checks_left - 1);
  });
}

void Server::wait() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
  if (blocking_) blocking_->stop();  // before the writer: a job may wait for it
  writer_.stop();
}

}  // namespace skat::app
