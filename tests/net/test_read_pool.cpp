// The HTTP API's reads off the network threads (docs/api.md, "Limits of the reads"): with every
// read thread held by a read that does not return, a WebSocket player still gets answers; a full
// read queue is a 503 and too many reads from one address a 429, both with Retry-After; an ended
// series is served from memory (the cache) while a running one is read afresh; and a bot series
// finishes while readers loop on a long series, each reading the right JSON or being told to come
// back, every read on a read thread; the analysis of a stored game is kept once made and bounded
// per address and in all.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>

#include "botclient/bot_client.h"
#include "bots/bot_factory.h"
#include "bots/play_deal.h"
#include "bots/simple_player.h"
#include "db/game_analyses.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/players.h"
#include "db/series.h"
#include "engine/records/pgn.h"
#include "server/app/server.h"
#include "server/http/database_read_model.h"
#include "server/http/game_analysis_json.h"
#include "server/http/game_replay_json.h"
#include "server/net/blocking_pool.h"
#include "server/store/database_store.h"
#include "tests/net/ws_test_client.h"

namespace {

namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using namespace std::chrono_literals;
using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace skat;

struct Reply {
  int status = 0;  // 0: no answer (connection failed or 120 s passed)
  std::string body;
  std::string retry_after;
};

// GET `target`, from the local address `from` (another loopback address is another peer).
Reply get(unsigned short port, const std::string& target, const std::string& from = "127.0.0.1") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.socket().open(asio::ip::tcp::v4());
  stream.socket().bind({asio::ip::make_address(from), 0});
  http::request<http::string_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1");
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(256 * 1024 * 1024);
  Reply reply;
  stream.expires_after(120s);
  stream.async_connect({asio::ip::make_address("127.0.0.1"), port}, [&](beast::error_code ec) {
    if (ec) return;
    http::async_write(stream, request, [&](beast::error_code write_ec, std::size_t) {
      if (write_ec) return;
      http::async_read(stream, buffer, parser, [&](beast::error_code read_ec, std::size_t) {
        if (read_ec) return;
        reply.status = static_cast<int>(parser.get().result_int());
        reply.body = parser.get().body();
        reply.retry_after = std::string(parser.get()[http::field::retry_after]);
      });
    });
  });
  io.run();
  return reply;
}

template <class T>
T must(std::expected<T, db::DbError> r) {
  if (!r) throw std::runtime_error(r.error().message);
  return std::move(*r);
}
void must(std::expected<void, db::DbError> r) {
  if (!r) throw std::runtime_error(r.error().message);
}

// A read model whose every read waits at a gate until the test opens it, then finds nothing.
class GateReads : public app::ReadModel {
 public:
  void open() {
    const std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  // Waits (up to 60 s) until `n` reads are at the gate.
  bool wait_entered(int n) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 60s, [&] { return entered_ >= n; });
  }

  app::Read<std::vector<db::SeriesRecord>> series(const db::SeriesFilter&, const db::Page&) override { return pass(); }
  app::Read<app::SeriesText> series_record(std::int64_t, bool) override { return pass(); }
  app::Read<app::SeriesWithGames> series_games(std::int64_t) override { return pass(); }
  app::Read<std::optional<std::string>> game_analysis(std::int64_t, int) override { return pass(); }
  app::NextChunk export_records(const db::SeriesFilter&, bool) override {
    return [this](std::string&) {
      (void)pass();
      return false;
    };
  }
  app::Read<app::Leaderboard> leaderboard(db::PlayerGroup) override { return pass(); }
  app::Read<app::PlayerPage> player(std::int64_t, const db::Page&) override { return pass(); }
  app::Read<std::vector<app::TournamentItem>> tournaments(int) override { return pass(); }
  app::Read<app::TournamentWithTables> tournament(std::int64_t) override { return pass(); }

 private:
  std::unexpected<app::ReadError> pass() {
    std::unique_lock lock(mutex_);
    ++entered_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_; });
    return std::unexpected(app::ReadError{true, "behind the gate"});
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  int entered_ = 0;
  bool open_ = false;
};

// The database's read model, noting whether each read ran on a read thread.
class ThreadNotingReads : public app::DatabaseReadModel {
 public:
  using DatabaseReadModel::DatabaseReadModel;
  app::Read<app::SeriesWithGames> series_games(std::int64_t id) override {
    (net::BlockingPool::on_pool_thread() ? on_read_threads : elsewhere) += 1;
    return DatabaseReadModel::series_games(id);
  }
  std::atomic<int> on_read_threads = 0;
  std::atomic<int> elsewhere = 0;
};

fs::path fresh_dir() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(testing::TempDir()) / (std::string("skat_read_pool_") + info->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A series of `deals` games of three simple bots stored in the database at `path`: finished
// (with its PGN) or still running.
db::SeriesId store_series(const std::string& path, int deals, bool finished, const std::string& prefix) {
  auto c = must(db::open_database(path));
  db::NewSeries ns;
  ns.event = "Stored";
  ns.deals = deals;
  for (int i = 0; i < 3; ++i)
    ns.seats[static_cast<std::size_t>(i)] =
        must(db::create_player(c, prefix + std::to_string(i + 1), db::PlayerKind::Human)).id;
  const db::SeriesId id = must(db::create_series(c, ns)).id;
  bots::SimplePlayer a(1), b(2), d(3);
  const std::array<bots::Player*, 3> seats = {&a, &b, &d};
  PgnSeries series;
  for (int n = 0; n < deals; ++n) {
    const Deal deal = *deal_from_id(987654321ULL * static_cast<std::uint64_t>(n + 1) + 7);
    std::array<bots::Player*, 3> by_position{};
    for (int pos = 0; pos < 3; ++pos)
      by_position[static_cast<std::size_t>(pos)] = seats[static_cast<std::size_t>(pgn_seat_of(n, pos))];
    const PgnGame line = pgn_game_from(*bots::play_deal(deal, by_position), n, {0, 0, 0});
    series.games.push_back(line);
    must(db::insert_game(c, db::game_record_from(id, line)));
  }
  if (finished) {
    fill_pgn_result(series);
    if (auto r = db::finish_series(c, id, write_pgn(series), series.header.result); !r)
      throw std::runtime_error(r.error().message);
  }
  return id;
}

// One more game of a running series, as the writer adds it.
void add_game(const std::string& path, db::SeriesId id, int index) {
  auto c = must(db::open_database(path));
  bots::SimplePlayer a(4), b(5), d(6);
  const Deal deal = *deal_from_id(123123123ULL + static_cast<std::uint64_t>(index));
  const PgnGame line = pgn_game_from(*bots::play_deal(deal, {&a, &b, &d}), index, {0, 0, 0});
  must(db::insert_game(c, db::game_record_from(id, line)));
}

// The server on an SQLite database with a read model of the test's choice, and pool bots.
class ReadPoolTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fresh_dir();
    db_ = (dir_ / "skat.db").string();
    auto store = app::DatabaseStore::open(db_);
    ASSERT_TRUE(store) << store.error().message;
    store_ = std::move(*store);
  }
  void start(app::ServeConfig config, std::shared_ptr<app::ReadModel> reads, int bots = 0) {
    config.port = 0;
    config.web_dir = (dir_ / "no-web").string();
    // The accounts first: once the server runs, its writer thread owns the store's connection.
    std::vector<app::NewBot> accounts;
    for (int i = 1; i <= bots; ++i) {
      auto account = store_->create_bot("reader-bot-" + std::to_string(i), "simple");
      ASSERT_TRUE(account) << account.error().message;
      accounts.push_back(std::move(*account));
    }
    server_ =
        std::make_unique<app::Server>(config, *store_, std::move(reads), "admin-token-of-the-read-pool-tests-012");
    port_ = server_->start(false);
    for (int i = 1; i <= bots; ++i) {
      const app::NewBot* account = &accounts[static_cast<std::size_t>(i - 1)];
      botclient::BotSettings s;
      s.endpoint = {"127.0.0.1", std::to_string(port_), "/ws"};
      s.name = account->name;
      s.token = account->token;
      s.spec = *bots::parse_bot_spec("simple");
      s.seed = static_cast<std::uint64_t>(i);
      s.workers = &workers_;
      bots_.push_back(std::make_shared<botclient::BotConnection>(bot_io_, s));
      bots_.back()->start();
    }
    if (bots > 0) bot_thread_ = std::thread([this] { bot_io_.run(); });
  }
  void TearDown() override {
    done_ = true;
    if (gate_) gate_->open();
    for (std::thread& t : clients_) t.join();
    asio::post(bot_io_, [this] {
      for (auto& b : bots_) b->stop();
    });
    if (bot_thread_.joinable()) bot_thread_.join();
    workers_.join();
    if (server_) {
      server_->stop();
      server_->wait();
    }
  }
  // A GET on a thread of its own (it may wait at the gate); its reply lands in `into`.
  void get_later(const std::string& target, Reply& into, const std::string& from = "127.0.0.1") {
    clients_.emplace_back([this, target, &into, from] { into = get(port_, target, from); });
  }

  fs::path dir_;
  std::string db_;
  std::unique_ptr<app::DatabaseStore> store_;
  std::unique_ptr<app::Server> server_;
  unsigned short port_ = 0;
  std::shared_ptr<GateReads> gate_;
  std::vector<std::thread> clients_;
  std::atomic<bool> done_ = false;  // the looping clients stop
  asio::io_context bot_io_;
  asio::thread_pool workers_{2};
  std::vector<std::shared_ptr<botclient::BotConnection>> bots_;
  std::thread bot_thread_;
};

// A guest signs in and asks for the lobby over the WebSocket: true when both answers came.
bool websocket_round_trip(unsigned short port) {
  WsClient c(port);
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "player"}});
  if (!c.read_type("welcome", 30s)) return false;
  c.send(Json{{"type", "lobby"}});
  return c.read_type("lobby", 30s).has_value();
}

TEST_F(ReadPoolTest, ReadsHeldOnEveryReadThreadDoNotHoldUpPlay) {
  gate_ = std::make_shared<GateReads>();
  app::ServeConfig config;
  config.threads = 2;
  config.read_threads = 2;
  start(config, gate_);
  std::array<Reply, 3> held;
  for (Reply& r : held) get_later("/api/series/1/games", r);
  ASSERT_TRUE(gate_->wait_entered(2)) << "both read threads hold a read";
  // Every read thread (and, were reads on the network threads, every network thread) is busy.
  auto played = std::async(std::launch::async, [this] { return websocket_round_trip(port_); });
  const bool answered = played.wait_for(60s) == std::future_status::ready;
  gate_->open();
  EXPECT_TRUE(answered) << "the WebSocket waited for the reads";
  EXPECT_TRUE(played.get());
  for (std::thread& t : clients_) t.join();
  clients_.clear();
  for (const Reply& r : held) EXPECT_EQ(r.status, 404) << r.body;  // the gate finds nothing
}

TEST_F(ReadPoolTest, AFullReadQueueIsA503WithRetryAfter) {
  gate_ = std::make_shared<GateReads>();
  app::ServeConfig config;
  config.read_threads = 1;
  config.read_queue = 2;
  config.reads_per_address = 100;
  start(config, gate_);
  std::array<Reply, 2> queued;
  for (Reply& r : queued) get_later("/api/leaderboard?kind=all", r);
  ASSERT_TRUE(gate_->wait_entered(1));
  for (int i = 0; i < 600 && server_->read_jobs() < 2; ++i) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(server_->read_jobs(), 2u);
  const Reply refused = get(port_, "/api/series?limit=1");
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_EQ(refused.retry_after, "1");
  EXPECT_TRUE(Json::parse(refused.body, nullptr, false).contains("error")) << refused.body;
  // Answers from memory do not queue.
  EXPECT_EQ(get(port_, "/api/tables").status, 200);
  gate_->open();
  for (std::thread& t : clients_) t.join();
  clients_.clear();
  for (const Reply& r : queued) EXPECT_EQ(r.status, 404) << r.body;
  EXPECT_EQ(get(port_, "/api/series?limit=1").status, 404);  // the queue is free again
}

TEST_F(ReadPoolTest, TooManyReadsFromOneAddressAreA429WithRetryAfter) {
  gate_ = std::make_shared<GateReads>();
  app::ServeConfig config;
  config.read_threads = 4;
  config.reads_per_address = 2;
  start(config, gate_);
  std::array<Reply, 3> held;
  get_later("/api/series/7/games", held[0]);
  get_later("/api/export.pgn", held[1]);  // its reply starts at once; its first piece waits at the gate
  ASSERT_TRUE(gate_->wait_entered(2));
  const Reply third = get(port_, "/api/players/3");
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_EQ(third.retry_after, "1");
  // Another address has its own reads; the lobby is no read of the database.
  get_later("/api/series/8/games", held[2], "127.0.0.2");
  EXPECT_TRUE(gate_->wait_entered(3));
  EXPECT_EQ(get(port_, "/api/tables").status, 200);
  gate_->open();
  for (std::thread& t : clients_) t.join();
  clients_.clear();
  EXPECT_EQ(held[0].status, 404);
  EXPECT_EQ(held[1].status, 200);
  EXPECT_EQ(held[2].status, 404);
  // Done, the address's reads are free again.
  EXPECT_EQ(get(port_, "/api/players/3").status, 404);
}

TEST_F(ReadPoolTest, AnEndedSeriesIsServedFromMemoryARunningOneAfresh) {
  const db::SeriesId ended = store_series(db_, 6, true, "ended-");
  const db::SeriesId running = store_series(db_, 2, false, "running-");
  start(app::ServeConfig{}, std::make_shared<app::DatabaseReadModel>(db_));
  const std::string base = "/api/series/" + std::to_string(ended);
  const Reply games = get(port_, base + "/games");
  const Reply pgn = get(port_, base + ".pgn");
  const Reply sgf = get(port_, base + ".sgf");
  ASSERT_EQ(games.status, 200) << games.body;
  ASSERT_EQ(Json::parse(games.body)["games"].size(), 6u);
  ASSERT_EQ(pgn.status, 200);
  ASSERT_EQ(sgf.status, 200);
  {  // The stored games and the PGN go away behind the server's back: the replies stay the same.
    auto c = must(db::open_database(db_));
    ASSERT_TRUE(c.exec("DELETE FROM games WHERE series_id = " + std::to_string(ended)));
    ASSERT_TRUE(c.exec("UPDATE series SET pgn = '' WHERE id = " + std::to_string(ended)));
  }
  EXPECT_EQ(get(port_, base + "/games").body, games.body);
  EXPECT_EQ(get(port_, base + ".pgn").body, pgn.body);
  EXPECT_EQ(get(port_, base + ".sgf").body, sgf.body);

  // A running series gains games: every read sees them.
  const std::string path = "/api/series/" + std::to_string(running) + "/games";
  EXPECT_EQ(Json::parse(get(port_, path).body)["games"].size(), 2u);
  add_game(db_, running, 2);
  EXPECT_EQ(Json::parse(get(port_, path).body)["games"].size(), 3u);
  const Reply running_pgn = get(port_, "/api/series/" + std::to_string(running) + ".pgn");
  add_game(db_, running, 3);
  EXPECT_NE(get(port_, "/api/series/" + std::to_string(running) + ".pgn").body, running_pgn.body);
}

// Replies from memory cost no database read: one address pulled gigabytes of a cached series in
// seconds. They are counted against a byte budget per address; another address is served on.
TEST_F(ReadPoolTest, RepliesFromMemoryAreBoundedByAByteBudgetPerAddress) {
  const db::SeriesId ended = store_series(db_, 12, true, "ended-");
  app::ServeConfig config;
  config.cached_mib_per_address = 1;
  start(config, std::make_shared<app::DatabaseReadModel>(db_));
  const std::string target = "/api/series/" + std::to_string(ended) + "/games";
  const Reply first = get(port_, target);
  ASSERT_EQ(first.status, 200);
  ASSERT_GT(first.body.size(), 1000u);
  const std::size_t fit = (std::size_t{1} << 20) / first.body.size();
  int served = 0;
  Reply refused;
  for (std::size_t i = 0; i < fit + 5; ++i) {
    Reply r = get(port_, target);
    if (r.status != 200) {
      refused = std::move(r);
      break;
    }
    ++served;
  }
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_NE(refused.body.find("its share of series replies"), std::string::npos) << refused.body;
  EXPECT_EQ(refused.retry_after, "1");
  EXPECT_LE(static_cast<std::size_t>(served), fit + 1);  // the first read came from the database
  EXPECT_EQ(get(port_, target, "127.0.0.2").status, 200);
  EXPECT_EQ(get(port_, target).status, 429);
}

TEST_F(ReadPoolTest, ABotSeriesFinishesWhileReadersLoopOnALongSeries) {
  const db::SeriesId long_series = store_series(db_, 360, true, "long-");
  auto reads = std::make_shared<ThreadNotingReads>(db_);
  std::string expected;
  {
    const auto read = reads->series_games(long_series);
    ASSERT_TRUE(read) << read.error().message;
    expected = app::series_games_json(read->series, read->games).dump();
  }
  reads->elsewhere = 0;  // that read was the test's own
  app::ServeConfig config;
  config.series_cache_bytes = 0;  // every reader reads the database
  start(config, reads, 3);

  std::atomic<int> right = 0, told_to_wait = 0;
  std::vector<std::string> wrong;
  std::mutex wrong_mutex;
  const std::string target = "/api/series/" + std::to_string(long_series) + "/games";
  for (int i = 0; i < 6; ++i)
    clients_.emplace_back([&] {
      while (!done_) {
        const Reply r = get(port_, target);
        if (r.status == 200 && r.body == expected) {
          ++right;
        } else if ((r.status == 429 || r.status == 503) && r.retry_after == "1") {
          ++told_to_wait;
          std::this_thread::sleep_for(20ms);
        } else {
          const std::lock_guard lock(wrong_mutex);
          wrong.push_back(std::to_string(r.status) + " " + r.body.substr(0, 200));
        }
      }
    });
  for (int i = 0; i < 1200 && right < 2; ++i) std::this_thread::sleep_for(50ms);

  WsClient creator(port_);
  creator.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "creator"}});
  ASSERT_TRUE(creator.read_type("welcome"));
  bool bots_online = false;
  for (int tries = 0; tries < 1200 && !bots_online; ++tries) {
    creator.send(Json{{"type", "lobby"}});
    const auto lobby = creator.read_type("lobby");
    ASSERT_TRUE(lobby);
    bots_online = (*lobby)["online"].size() >= 4;
    if (!bots_online) std::this_thread::sleep_for(50ms);
  }
  ASSERT_TRUE(bots_online);
  creator.send(Json{{"type", "create_table"}, {"deals", 6}});
  const auto created = creator.read_type("table_created");
  ASSERT_TRUE(created);
  const auto table = (*created)["table"].get<std::int64_t>();
  creator.send(Json{{"type", "watch_table"}, {"table", table}});
  for (int seat = 0; seat < 3; ++seat)
    creator.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", seat}, {"bot", ""}});
  int seated = 0;
  ASSERT_TRUE(creator.read_until([&](const Json& m) { return m.value("type", "") == "seated" && ++seated == 3; }));
  creator.send(Json{{"type", "start_series"}, {"table", table}});
  const auto finished =
      creator.read_until([](const Json& m) { return m.value("type", "") == "series_finished"; }, 300s);
  done_ = true;
  for (std::thread& t : clients_) t.join();
  clients_.clear();
  EXPECT_TRUE(finished) << "the bot series did not finish";
  EXPECT_GT(right, 0);
  EXPECT_TRUE(wrong.empty()) << wrong.size() << " wrong replies, the first: " << wrong.front();
  EXPECT_GT(reads->on_read_threads, 0);
  EXPECT_EQ(reads->elsewhere, 0) << "database reads on a network thread";
}

// The analysis of a stored game (GET /api/series/{id}/games/{n}/analysis, docs/api.md): one value
// per card played, by the seats of the replay; kept in memory once made; unknown series and games
// not stored (the game in play of a running series) are a 404.
TEST_F(ReadPoolTest, AStoredGameIsAnalysedOnceAndKept) {
  const db::SeriesId ended = store_series(db_, 4, true, "analysed-");
  const db::SeriesId running = store_series(db_, 2, false, "playing-");
  start(app::ServeConfig{}, std::make_shared<app::DatabaseReadModel>(db_));
  const Json games = Json::parse(get(port_, "/api/series/" + std::to_string(ended) + "/games").body);
  int index = -1;
  for (const Json& g : games["games"])
    if (!g["folded"].get<bool>()) {
      index = g["index"].get<int>();
      break;
    }
  ASSERT_GE(index, 0) << "a declared game among the stored ones";
  const Json& replay = games["games"][static_cast<std::size_t>(index)];
  const std::string path = "/api/series/" + std::to_string(ended) + "/games/" + std::to_string(index) + "/analysis";
  const Reply first = get(port_, path);
  ASSERT_EQ(first.status, 200) << first.body;
  const Json analysis = Json::parse(first.body);
  std::size_t cards = 0;
  for (const Json& t : replay["tricks"]) cards += t["cards"].size();
  ASSERT_EQ(analysis["decisions"].size(), cards);
  EXPECT_EQ(analysis["declarer"], replay["declarer"]);
  EXPECT_EQ(analysis["accuracy"].size(), 3u);
  std::size_t k = 0;
  for (const Json& t : replay["tricks"])
    for (std::size_t i = 0; i < t["cards"].size(); ++i, ++k) {
      const Json& d = analysis["decisions"][k];
      EXPECT_EQ(d["card"], t["cards"][i]) << k;
      EXPECT_EQ(d["seat"].get<int>(), (t["leader"].get<int>() + static_cast<int>(i)) % 3) << k;
      if (!d["valued"].get<bool>()) continue;  // the solver's budget was spent before this card
      bool listed = false;
      for (const Json& c : d["cards"]) listed = listed || c["card"] == d["card"];
      EXPECT_TRUE(listed) << k;
    }
  {  // The stored games go away behind the server's back: the analysis stays.
    auto c = must(db::open_database(db_));
    ASSERT_TRUE(c.exec("DELETE FROM games WHERE series_id = " + std::to_string(ended)));
  }
  EXPECT_EQ(get(port_, path).body, first.body);

  EXPECT_EQ(get(port_, "/api/series/999999/games/0/analysis").status, 404);
  const std::string series = "/api/series/" + std::to_string(running) + "/games/";
  EXPECT_EQ(get(port_, series + "2/analysis").status, 404);  // being played: not stored, not shown
  const Reply none = get(port_, series + "7/analysis");
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(Json::parse(none.body)["error"], "no such finished game");
  EXPECT_EQ(get(port_, series + "x/analysis").status, 404);
}

// An analysis is kept with its game in the database: a server finds one made before (by itself
// before a restart, or by another node) and answers with it; one it makes is written there; one
// made by another version of the analysis is made again and replaced.
TEST_F(ReadPoolTest, AnAnalysisIsKeptWithItsGame) {
  const db::SeriesId ended = store_series(db_, 6, true, "kept-");
  std::vector<db::GameRecord> declared;
  {
    auto c = must(db::open_database(db_));
    for (db::GameRecord& g : must(db::list_games(c, ended)))
      if (g.declarer_seat) declared.push_back(g);
    ASSERT_GE(declared.size(), 3u) << "three declared games among the stored ones";
    must(db::save_game_analysis(c, declared[0].id, app::kGameAnalysisVersion, R"({"made":"before"})"));
    must(db::save_game_analysis(c, declared[1].id, app::kGameAnalysisVersion + 1, R"({"made":"by another"})"));
  }
  start(app::ServeConfig{}, std::make_shared<app::DatabaseReadModel>(db_));
  const auto path = [&](const db::GameRecord& g) {
    return "/api/series/" + std::to_string(ended) + "/games/" + std::to_string(g.index) + "/analysis";
  };
  const Reply before = get(port_, path(declared[0]));
  ASSERT_EQ(before.status, 200) << before.body;
  EXPECT_EQ(before.body, R"({"made":"before"})");  // found, not made again

  for (const db::GameRecord* g : {&declared[1], &declared[2]}) {
    const Reply made = get(port_, path(*g));
    ASSERT_EQ(made.status, 200) << made.body;
    EXPECT_TRUE(Json::parse(made.body).contains("decisions")) << made.body;
    // the writer keeps it with the game, for this analysis' version
    std::optional<std::string> kept;
    for (int tries = 0; tries < 200 && !kept; ++tries) {
      auto c = must(db::open_database(db_));
      kept = must(db::find_game_analysis(c, g->id, app::kGameAnalysisVersion));
      if (!kept) std::this_thread::sleep_for(50ms);
    }
    ASSERT_TRUE(kept) << g->index;
    // kept in its compact form, which gives the same reply back
    EXPECT_EQ(app::expanded_analysis(Json::parse(*kept)), Json::parse(made.body)) << g->index;
    EXPECT_LT(static_cast<double>(kept->size()), 0.8 * static_cast<double>(made.body.size()))
        << kept->size() << " of " << made.body.size();
  }
}

TEST_F(ReadPoolTest, AnalysesAreBoundedPerAddressAndInAll) {
  gate_ = std::make_shared<GateReads>();
  app::ServeConfig config;
  config.read_threads = 4;
  config.analyses_at_once = 2;
  config.analyses_per_address = 1;
  start(config, gate_);
  std::array<Reply, 3> held;
  get_later("/api/series/7/games/0/analysis", held[0]);
  ASSERT_TRUE(gate_->wait_entered(1));
  const Reply again = get(port_, "/api/series/7/games/1/analysis");
  EXPECT_EQ(again.status, 429) << again.body;
  EXPECT_EQ(again.retry_after, "1");
  get_later("/api/series/8/games/0/analysis", held[1], "127.0.0.2");
  ASSERT_TRUE(gate_->wait_entered(2));
  const Reply third = get(port_, "/api/series/9/games/0/analysis", "127.0.0.3");
  EXPECT_EQ(third.status, 503) << third.body;
  EXPECT_EQ(third.retry_after, "1");
  // Other reads from the first address are not held up by its analysis.
  get_later("/api/series/7/games", held[2]);
  ASSERT_TRUE(gate_->wait_entered(3));
  gate_->open();
  for (std::thread& t : clients_) t.join();
  clients_.clear();
  for (const Reply& r : held) EXPECT_EQ(r.status, 404) << r.body;       // the gate finds nothing
  EXPECT_EQ(get(port_, "/api/series/7/games/1/analysis").status, 404);  // free again
}

}  // namespace
