// End to end with the real executables: `skat serve` on an ephemeral port with a temporary
// database and one `skat bot --count 3` process. A full short series is played through the
// protocol and checked in the database (every game, PGN replays, no hidden card ever reached
// another seat); then the server is SIGKILLed mid-series and restarted: finished games survive,
// the database is intact, the bots reconnect by themselves and the series goes on to its end.
// Two nodes on one database list each other to their clients, and a bot connected to one node
// plays at the other's tables; `skat bot --health-file` keeps its health file; `skat admin
// revoke-bot` disconnects the bot from a running server within seconds.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/system/system_error.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "botclient/bot_fleet.h"
#include "db/connection.h"
#include "db/games.h"
#include "db/series.h"
#include "db/transaction.h"
#include "engine/records/pgn.h"
#include "engine/records/sgf.h"
#include "protocol/json_codec.h"
#include "server/table/game_log.h"
#include "tests/net/ws_test_client.h"
#include "tests/support/eventually.h"

namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using skat::nettest::Json;
using skat::nettest::WsClient;
using namespace std::chrono_literals;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

pid_t spawn(const std::vector<std::string>& args, const fs::path& log) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    dup2(fd, 1);
    dup2(fd, 2);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

int stop(pid_t pid, int signal) {
  if (pid <= 0) return -1;
  kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

template <class F>
bool eventually(F ready, std::chrono::seconds limit = 300s) {
  return skat::test::eventually(ready, limit, 50ms);
}

unsigned short wait_for_port(const fs::path& log, std::size_t nth = 1) {
  unsigned short port = 0;
  eventually(
      [&] {
        const std::string text = slurp(log);
        const std::regex re("listening on http://[0-9.]+:([0-9]+)/");
        std::size_t seen = 0;
        for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
          if (++seen == nth) port = static_cast<unsigned short>(std::stoi((*it)[1]));
        return port != 0;
      },
      120s);
  return port;
}

class ServeTest : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(testing::TempDir()) / (std::string("skat_net_") + info->name() + "_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    stop(bots_, SIGTERM);
    stop(server_, SIGTERM);
  }

  // `skat serve` on this test's database and folder, with the test's clocks.
  std::vector<std::string> serve_args(int port) const {
    return {SKAT_BINARY,
            "serve",
            "--port",
            std::to_string(port),
            "--db",
            (dir_ / "skat.db").string(),
            "--web",
            (dir_ / "no-web").string(),
            "--bot-move-ms",
            "30000",
            "--grace-ms",
            std::to_string(grace_ms_),
            "--strength-tables",
            std::string(SKAT_SOURCE_DIR) + "/tables/t0.wtab"};
  }

  void start_server(int port = 0, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = serve_args(port);
    args.insert(args.end(), extra.begin(), extra.end());
    server_ = spawn(args, dir_ / "serve.log");
    ++starts_;
    port_ = wait_for_port(dir_ / "serve.log", starts_);
    ASSERT_NE(port_, 0) << slurp(dir_ / "serve.log");
  }

  // A second node on the same database (docs/scaling.md), logging to serve-NODE.log and sharing
  // the first server's admin token: its process and port (0 when it did not start).
  std::pair<pid_t, unsigned short> start_node(const std::string& node, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = serve_args(0);
    args.insert(args.end(), {"--node", node, "--admin-token-file", (dir_ / "admin-token").string()});
    args.insert(args.end(), extra.begin(), extra.end());
    const fs::path log = dir_ / ("serve-" + node + ".log");
    const pid_t pid = spawn(args, log);
    return {pid, wait_for_port(log)};
  }

  // A new bot account through the admin API: its token (empty when refused).
  std::string register_bot(const std::string& name) {
    std::string admin = slurp(dir_ / "admin-token");
    while (!admin.empty() && admin.back() == '\n') admin.pop_back();
    const auto r =
        skat::nettest::http_request(port_, http::verb::post, "/api/admin/bots", Json{{"name", name}}.dump(), admin);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.status == 201 ? Json::parse(r.body)["token"].get<std::string>() : std::string();
  }

  void start_bots(const std::string& prefix) {
    std::ofstream tokens(dir_ / "tokens");
    for (int i = 1; i <= 3; ++i) {
      const std::string token = register_bot(prefix + "-" + std::to_string(i));
      ASSERT_FALSE(token.empty());
      tokens << prefix << "-" << i << ' ' << token << '\n';
    }
    tokens.close();
    bots_ = spawn(
        {SKAT_BINARY, "bot", "--url", "ws://127.0.0.1:" + std::to_string(port_) + "/ws", "--name", prefix, "--count",
         "3", "--token-file", (dir_ / "tokens").string(), "--log-messages", (dir_ / "messages.log").string()},
        dir_ / "bot.log");
  }

  int free_bots(WsClient& c) {
    c.send(Json{{"type", "lobby"}});
    const auto lobby = c.read_type("lobby");
    int n = 0;
    if (lobby)
      for (const Json& p : (*lobby)["online"])
        if (p.value("bot", false) && (!p.contains("table") || p["table"].is_null())) ++n;
    return n;
  }

  // A director (guest) creates a table, invites the three bots and starts the series.
  std::int64_t start_bot_table(WsClient& c, const std::string& prefix, int deals) {
    EXPECT_TRUE(eventually([&] { return free_bots(c) >= 3; }, 120s)) << slurp(dir_ / "bot.log");
    c.send(Json{{"type", "create_table"}, {"deals", deals}});
    const auto created = c.read_type("table_created");
    EXPECT_TRUE(created);
    if (!created) return 0;
    const std::int64_t table = (*created)["table"].get<std::int64_t>();
    for (int seat = 0; seat < 3; ++seat)
      c.send(Json{
          {"type", "add_bot"}, {"table", table}, {"seat", seat}, {"bot", prefix + "-" + std::to_string(seat + 1)}});
    EXPECT_TRUE(eventually(
        [&] {
          c.send(Json{{"type", "lobby"}});
          const auto lobby = c.read_type("lobby");
          if (!lobby) return false;
          for (const Json& t : (*lobby)["tables"]) {
            if (t.value("table", std::int64_t{0}) != table) continue;
            int seated = 0;
            for (const Json& s : t["seats"]) seated += s.is_object() ? 1 : 0;
            return seated == 3;
          }
          return false;
        },
        120s));
    c.send(Json{{"type", "start_series"}, {"table", table}});
    return table;
  }

  std::optional<skat::db::SeriesRecord> series_of(std::int64_t table) {
    skat::db::OpenOptions options;
    options.create = false;
    auto c = skat::db::Connection::open((dir_ / "skat.db").string(), options);
    if (!c) return std::nullopt;
    skat::db::SeriesFilter filter;
    filter.table_id = table;
    auto list = skat::db::list_series(*c, filter);
    if (!list || list->empty()) return std::nullopt;
    return list->back();
  }

  int stored_games(std::int64_t series) { return static_cast<int>(stored_lines(series).size()); }

  // The stored game lines of a series by game index (checks that the indexes run 0, 1, 2, ...).
  std::vector<std::string> stored_lines(std::int64_t series) {
    std::vector<std::string> lines;
    auto c = skat::db::Connection::open((dir_ / "skat.db").string());
    if (!c) return lines;
    auto games = skat::db::list_games(*c, series);
    if (!games) return lines;
    for (const skat::db::GameRecord& g : *games) {
      EXPECT_EQ(g.index, std::ssize(lines)) << "series " << series << " has a gap";
      lines.push_back(g.pgn);
    }
    return lines;
  }

  // A series of `deals` games at a table of the bots named `bots`, started on the server, which is
  // killed with SIGKILL once two of its games are stored.
  struct KilledMidSeries {
    std::int64_t table = 0;
    std::int64_t series = 0;
    std::vector<std::string> before;  // the game lines stored before the kill
  };
  std::optional<KilledMidSeries> kill_mid_series(const std::string& bots, int deals) {
    KilledMidSeries killed;
    WsClient director(port_);
    director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
    if (!director.read_type("welcome")) return std::nullopt;
    killed.table = start_bot_table(director, bots, deals);
    const bool two_stored = eventually([&] {
      const auto s = series_of(killed.table);
      if (!s) return false;
      killed.series = s->id;
      return stored_games(s->id) >= 2;
    });
    if (!two_stored) return std::nullopt;
    stop(server_, SIGKILL);
    server_ = -1;
    killed.before = stored_lines(killed.series);
    EXPECT_LT(std::ssize(killed.before), deals) << "the series ended before the kill";
    return killed;
  }

  // The series killed mid-way ends in the same record with all its games, those stored before the
  // kill unchanged, played by its own bots to the end (no seat went to a stand-in); `log` is the
  // log of the server that finished it.
  void expect_finished_by_its_bots(const KilledMidSeries& killed, int deals, const fs::path& log) {
    EXPECT_TRUE(eventually([&] {
      const auto s = series_of(killed.table);
      return s && s->status == skat::db::SeriesStatus::Finished;
    })) << slurp(log);
    const auto finished = series_of(killed.table);
    ASSERT_TRUE(finished);
    EXPECT_EQ(finished->id, killed.series);
    EXPECT_EQ(finished->games_played, deals);
    const std::vector<std::string> lines = stored_lines(killed.series);
    ASSERT_EQ(std::ssize(lines), deals);
    for (std::size_t i = 0; i < killed.before.size(); ++i) EXPECT_EQ(lines[i], killed.before[i]) << "game " << i;
    const std::string text = slurp(log);
    EXPECT_NE(text.find("series resumed at game"), std::string::npos) << text;
    EXPECT_NE(text.find("invited back to table"), std::string::npos) << text;
    auto c = skat::db::Connection::open((dir_ / "skat.db").string());
    ASSERT_TRUE(c);
    const auto games = skat::db::list_games(*c, killed.series);
    ASSERT_TRUE(games);
    for (const skat::db::GameRecord& g : *games) EXPECT_EQ(g.replaced, (std::array<bool, 3>{})) << "game " << g.index;
  }

  fs::path dir_;
  pid_t server_ = -1;
  pid_t bots_ = -1;
  unsigned short port_ = 0;
  std::size_t starts_ = 0;
  int grace_ms_ = 5000;  // how long a disconnected player's seat waits before a stand-in takes it
};

// Every card named anywhere in a message.
void cards_in(const Json& j, std::vector<skat::Card>& out) {
  if (j.is_string()) {
    if (j.get<std::string>().size() == 2)
      if (auto c = skat::protocol::card_from_json(j)) out.push_back(*c);
  } else if (j.is_structured()) {
    for (const Json& v : j) cards_in(v, out);
  }
}

// What seat `seat` may have seen of game line `g` so far, given the cards played publicly.
bool may_see(const skat::PgnGame& g, int seat, skat::Card card, skat::CardSet played) {
  int pos = 0;
  while (skat::pgn_seat_of(g.id, pos) != seat) ++pos;
  if (g.hands[static_cast<std::size_t>(pos)].contains(card) || played.contains(card)) return true;
  const bool declarer = !g.folded && g.declarer == pos;
  if (declarer && !g.hand && (card == g.skat[0] || card == g.skat[1])) return true;
  if (!g.folded && g.ouvert && g.hands[static_cast<std::size_t>(g.declarer)].contains(card)) return true;
  return false;
}

void expect_no_leaks(const std::string& log, std::int64_t table, const skat::PgnSeries& series) {
  std::map<std::string, int> seat_of;
  std::map<std::pair<std::string, int>, skat::CardSet> played;  // (bot, game) → cards played so far
  int checked = 0;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    const auto tab = line.find('\t');
    const std::string bot = line.substr(0, tab);
    const Json m = Json::parse(line.substr(tab + 1), nullptr, false);
    if (!m.is_object() || m.value("table", std::int64_t{0}) != table) continue;
    const std::string type = m.value("type", "");
    if (type == "seated" && m["player"].value("name", "") == bot) seat_of[bot] = m.value("seat", -1);
    const int game = m.value("game", -1);
    if (game < 0 || type == "game_result" || type == "series_finished" || !seat_of.contains(bot)) continue;
    ASSERT_LT(static_cast<std::size_t>(game), series.games.size());
    const skat::PgnGame& g = series.games[static_cast<std::size_t>(game)];
    auto& seen = played[{bot, game}];
    if (type == "play") {
      if (auto c = skat::protocol::card_from_json(m["card"])) seen.add(*c);
    }
    std::vector<skat::Card> cards;
    cards_in(m, cards);
    for (const skat::Card c : cards) {
      EXPECT_TRUE(may_see(g, seat_of[bot], c, seen)) << bot << " saw " << skat::card_name(c) << " in " << line;
      ++checked;
    }
  }
  EXPECT_EQ(seat_of.size(), 3u);
  EXPECT_GT(checked, 100);
}

TEST_F(ServeTest, ThreeBotsPlayAFullSeriesStoredReplayableWithoutLeaks) {
  start_server();
  start_bots("fb");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "fb", 6);
  ASSERT_GT(table, 0);
  std::optional<skat::db::SeriesRecord> series;
  ASSERT_TRUE(eventually([&] {
    series = series_of(table);
    return series && series->status == skat::db::SeriesStatus::Finished;
  })) << slurp(dir_ / "serve.log");
  EXPECT_EQ(series->games_played, 6);
  EXPECT_EQ(stored_games(series->id), 6);

  const auto pgn = skat::nettest::http_get(port_, "/api/series/" + std::to_string(series->id) + ".pgn");
  ASSERT_EQ(pgn.status, 200);
  std::ofstream(dir_ / "series.pgn") << pgn.body;
  const std::string replay = std::string(SKAT_BINARY) + " replay '" + (dir_ / "series.pgn").string() + "' >'" +
                             (dir_ / "replay.jsonl").string() + "'";
  EXPECT_EQ(std::system(replay.c_str()), 0) << slurp(dir_ / "replay.jsonl");
  const auto read = skat::read_pgn(pgn.body);
  ASSERT_TRUE(read.ok());
  ASSERT_EQ(read.series.games.size(), 6u);
  expect_no_leaks(slurp(dir_ / "messages.log"), table, read.series);
  // The hand strengths (fields 17..19) come from the winning tables: 0..10, not all zero.
  int strengths = 0;
  for (const skat::PgnGame& g : read.series.games)
    for (const int s : g.strength) {
      EXPECT_GE(s, 0);
      EXPECT_LE(s, 10);
      strengths += s;
    }
  EXPECT_GT(strengths, 0);

  // The replay JSON over HTTP: every game with its deal and, when played out, 30 cards.
  const auto games = skat::nettest::http_get(port_, "/api/series/" + std::to_string(series->id) + "/games");
  ASSERT_EQ(games.status, 200);
  const Json replays = Json::parse(games.body)["games"];
  ASSERT_EQ(replays.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(replays[i]["hands"].size(), 3u);
    EXPECT_FALSE(replays[i].contains("error")) << replays[i].dump();
    EXPECT_EQ(replays[i]["result"]["folded"], read.series.games[i].folded);
    if (!read.series.games[i].folded) {
      EXPECT_EQ(replays[i]["result"]["won"], read.series.games[i].won);
    }
  }
  EXPECT_EQ(skat::nettest::http_get(port_, "/api/series/999999/games").status, 404);

  const auto list = skat::nettest::http_get(port_, "/api/series?table=" + std::to_string(table));
  EXPECT_EQ(Json::parse(list.body)["series"].size(), 1u);
  const auto exported = skat::nettest::http_get(port_, "/api/export.pgn?table=" + std::to_string(table));
  EXPECT_TRUE(exported.chunked);
  EXPECT_EQ(exported.body, pgn.body);
  // Rated right after the series, before any nightly run: live (provisional) Elo for the three.
  const auto board = skat::nettest::http_get(port_, "/api/leaderboard?kind=bots");
  ASSERT_EQ(board.status, 200);
  const Json players = Json::parse(board.body)["players"];
  ASSERT_EQ(players.size(), 3u);
  double rating_sum = 0;
  for (const Json& p : players) {
    ASSERT_TRUE(p["rating"].is_number()) << p.dump();
    EXPECT_EQ(p["live"], true);
    EXPECT_EQ(p["rated_series"], 1);
    rating_sum += p["rating"].get<double>();
  }
  EXPECT_NEAR(rating_sum, 3 * 800.0, 1e-6);
  const auto rated = skat::nettest::http_get(port_, "/api/players/" + players[0]["player_id"].dump());
  ASSERT_EQ(rated.status, 200);
  const Json history = Json::parse(rated.body)["ratings"];
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0]["live"], true);

  // The same series as ISS SGF: one line per game, readable, replayable, the same through export.
  const auto sgf = skat::nettest::http_get(port_, "/api/series/" + std::to_string(series->id) + ".sgf");
  ASSERT_EQ(sgf.status, 200);
  const auto sgf_read = skat::read_sgf(sgf.body);
  EXPECT_TRUE(sgf_read.ok());
  EXPECT_EQ(sgf_read.games.size(), 6u);
  std::ofstream(dir_ / "series.sgf") << sgf.body;
  const std::string replay_sgf = std::string(SKAT_BINARY) + " replay '" + (dir_ / "series.sgf").string() + "' >'" +
                                 (dir_ / "replay-sgf.jsonl").string() + "'";
  EXPECT_EQ(std::system(replay_sgf.c_str()), 0) << slurp(dir_ / "replay-sgf.jsonl");
  // Each line's auction is the one played: the bids, holds and passes of the game's event log.
  {
    auto c = skat::db::Connection::open((dir_ / "skat.db").string());
    ASSERT_TRUE(c);
    const auto rows = skat::db::list_games(*c, series->id);
    ASSERT_TRUE(rows);
    ASSERT_EQ(rows->size(), sgf_read.games.size());
    for (std::size_t i = 0; i < rows->size(); ++i) {
      const auto log = skat::table::auction_calls((*rows)[i].event_log);
      ASSERT_TRUE(log) << log.error();
      std::vector<skat::Action> line;
      for (const skat::SgfMove& m : sgf_read.games[i].moves) {
        if (m.kind == skat::SgfMoveKind::Bid) line.push_back(skat::Action::make_bid(m.who, m.value));
        if (m.kind == skat::SgfMoveKind::Hold) line.push_back(skat::Action::hold(m.who));
        if (m.kind == skat::SgfMoveKind::Pass) line.push_back(skat::Action::pass(m.who));
      }
      EXPECT_FALSE(log->empty());
      EXPECT_EQ(line, *log) << "game " << i;
    }
  }
  const auto exported_sgf = skat::nettest::http_get(port_, "/api/export.sgf?table=" + std::to_string(table));
  EXPECT_EQ(exported_sgf.status, 200);
  EXPECT_EQ(exported_sgf.body, sgf.body);
  EXPECT_EQ(skat::nettest::http_get(port_, "/api/series/999999.sgf").status, 404);

  // Each seat's player page lists this series with the seat's score.
  for (const auto& seat : series->seats) {
    const auto page = skat::nettest::http_get(port_, "/api/players/" + std::to_string(seat.player_id));
    ASSERT_EQ(page.status, 200) << page.body;
    const Json player = Json::parse(page.body);
    EXPECT_EQ(player["player"]["name"], seat.name);
    ASSERT_EQ(player["series"].size(), 1u);
    EXPECT_EQ(player["series"][0]["id"], series->id);
    EXPECT_TRUE(player["next_after"].is_null());
  }
  // The player's series come in pages: a page as long as the limit names where the next begins.
  const std::string first_player = "/api/players/" + std::to_string(series->seats[0].player_id);
  const auto paged = skat::nettest::http_get(port_, first_player + "?limit=1");
  ASSERT_EQ(paged.status, 200) << paged.body;
  EXPECT_EQ(Json::parse(paged.body)["next_after"], series->id);
  const auto beyond = skat::nettest::http_get(port_, first_player + "?limit=1&after=" + std::to_string(series->id));
  ASSERT_EQ(beyond.status, 200);
  EXPECT_TRUE(Json::parse(beyond.body)["series"].empty());
  EXPECT_EQ(skat::nettest::http_get(port_, first_player + "?limit=0").status, 400);
  EXPECT_EQ(skat::nettest::http_get(port_, "/api/players/999999").status, 404);
  // The bots are back in the pool after the series; SIGTERM stops the server cleanly.
  EXPECT_TRUE(eventually([&] { return free_bots(director) == 3; }, 60s));
  const int status = stop(server_, SIGTERM);
  server_ = -1;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(dir_ / "serve.log");
}

// SIGKILL mid-series: after the restart every finished game is there, the same bot processes
// reconnect by themselves, are invited back to their seats, and the series goes on to its end in
// the same record (docs/targets.md: "an unfinished series can be resumed").
TEST_F(ServeTest, AKilledServerResumesTheSeriesWithTheSameBots) {
  constexpr int kDeals = 48;  // long enough that the kill comes mid-series, even with fast bots
  // The bots' reconnection backs off up to 8 s, and a restart on busy cores can take seconds: a
  // grace far longer than both, so that the seats wait for their bots however slow the restart.
  grace_ms_ = 120000;
  start_server();
  start_bots("kb");
  const unsigned short old_port = port_;
  const auto killed = kill_mid_series("kb", kDeals);
  ASSERT_TRUE(killed);
  start_server(old_port);
  {
    auto c = skat::db::Connection::open((dir_ / "skat.db").string());
    ASSERT_TRUE(c);
    EXPECT_TRUE(c->integrity_check());
  }
  const auto resumed = series_of(killed->table);
  ASSERT_TRUE(resumed);
  EXPECT_EQ(resumed->id, killed->series);
  EXPECT_EQ(resumed->status, skat::db::SeriesStatus::Running);
  expect_finished_by_its_bots(*killed, kDeals, dir_ / "serve.log");
}

// A second `skat serve` on the database of a running one (as the same node) stops at once with a
// clear error, before it reads or writes anything: the first server's series goes on in the same
// record, is stored to its last game, and nothing waits unsaved. Without the lock the second one
// "recovered" the running series (aborted or resumed it) under the first one's feet.
TEST_F(ServeTest, ASecondServerOnTheSameDatabaseStopsAndLeavesTheFirstAlone) {
  constexpr int kDeals = 12;
  start_server();
  start_bots("sb");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "sb", kDeals);
  std::int64_t series = 0;
  ASSERT_TRUE(eventually([&] {
    const auto s = series_of(table);
    if (s) series = s->id;
    return s && stored_games(s->id) >= 1;
  })) << slurp(dir_ / "serve.log");

  const fs::path second_log = dir_ / "serve-second.log";
  const pid_t second = spawn(serve_args(0), second_log);
  int status = 0;
  const bool ended = eventually([&] { return waitpid(second, &status, WNOHANG) == second; }, 60s);
  if (!ended) stop(second, SIGKILL);
  ASSERT_TRUE(ended) << slurp(second_log);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  const std::string said = slurp(second_log);
  EXPECT_NE(said.find("another skat serve runs as the single node on this database"), std::string::npos) << said;
  EXPECT_EQ(said.find("listening on"), std::string::npos) << said;
  EXPECT_EQ(said.find("series left running"), std::string::npos) << said;

  EXPECT_TRUE(eventually([&] {
    const auto s = series_of(table);
    return s && s->status == skat::db::SeriesStatus::Finished;
  })) << slurp(dir_ / "serve.log");
  const auto finished = series_of(table);
  ASSERT_TRUE(finished);
  EXPECT_EQ(finished->id, series);  // the same record, never aborted or restarted
  EXPECT_EQ(stored_games(series), kDeals);
  const auto health = skat::nettest::http_get(port_, "/healthz");
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_EQ(stop(server_, SIGTERM), 0);
  server_ = -1;
  const std::string first = slurp(dir_ / "serve.log");
  EXPECT_EQ(first.find("could not be saved"), std::string::npos) << first;
}

// Game results a watcher of `table` hears within `span` (distinct game indexes).
void watch_results(WsClient& c, std::int64_t table, std::chrono::milliseconds span, std::set<int>& heard) {
  const auto end = std::chrono::steady_clock::now() + span;
  while (std::chrono::steady_clock::now() < end) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    const auto m = c.read(std::max(left, std::chrono::milliseconds(1)));
    if (!m) return;
    if (m->value("type", "") == "game_result" && m->value("table", std::int64_t{0}) == table)
      heard.insert(m->value("game", -1));
  }
}

int kills_wanted() {
  const char* env = std::getenv("SKAT_FAULT_KILLS");
  return env ? std::max(1, std::atoi(env)) : 50;
}

// The reliability target: SIGKILL at random moments during bot series, many times over (50 by
// default, SKAT_FAULT_KILLS to change; labelled long). After each restart the database passes
// integrity_check, every game whose result a watcher heard is stored (a game is committed before
// its result goes out), and a series that was running is resumed, in the same record, by the same
// bot processes, which come back by themselves. When a series ends, the next one begins at a new
// table; after the last restart play goes on.
TEST_F(ServeTest, ManyKillsAtRandomMomentsLoseNoFinishedGame) {
  const int kills = kills_wanted();
  std::mt19937 rng(20261122);
  std::uniform_int_distribution<int> wait_ms(50, 2500);
  start_server();
  start_bots("fb");
  std::int64_t table = 0;
  std::optional<std::int64_t> series_id;
  std::set<int> heard;  // game indexes of the current series
  int heard_total = 0, stored = 0, resumed = 0, finished = 0;
  for (int k = 0; k < kills; ++k) {
    {
      WsClient watcher(port_);
      watcher.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "watcher" + std::to_string(k)}});
      ASSERT_TRUE(watcher.read_type("welcome"));
      if (table == 0) {
        table = start_bot_table(watcher, "fb", 360);
        ASSERT_GT(table, 0) << "kill " << k;
        series_id.reset();
        heard.clear();
      }
      watcher.send(Json{{"type", "watch_table"}, {"table", table}});
      const std::size_t before = heard.size();
      watch_results(watcher, table, std::chrono::milliseconds(wait_ms(rng)), heard);
      heard_total += static_cast<int>(heard.size() - before);
      stop(server_, SIGKILL);
    }
    const int old_port = port_;
    {
      auto c = skat::db::Connection::open((dir_ / "skat.db").string());
      ASSERT_TRUE(c);
      ASSERT_TRUE(c->integrity_check()) << "kill " << k;
    }
    start_server(old_port);
    const auto series = series_of(table);
    if (!series) {  // killed before the first game was stored: nothing to resume
      ASSERT_TRUE(heard.empty()) << "kill " << k << ": a game announced as finished was lost";
      table = 0;
      continue;
    }
    if (series_id) {
      ASSERT_EQ(series->id, *series_id) << "kill " << k << ": the series was not resumed";
    }
    series_id = series->id;
    const int now_stored = stored_games(series->id);
    for (const int game : heard)
      ASSERT_LT(game, now_stored) << "kill " << k << ": game " << game << " was announced as finished and lost";
    if (series->status == skat::db::SeriesStatus::Finished) {
      ASSERT_EQ(now_stored, 360) << "kill " << k;
      stored += now_stored;
      ++finished;
      table = 0;
      continue;
    }
    ASSERT_EQ(series->status, skat::db::SeriesStatus::Running) << "kill " << k;
    ++resumed;
    if (k + 1 == kills) stored += now_stored;
  }
  std::printf("%d kills: %d game results heard, %d games stored, %d series resumed, %d series finished\n", kills,
              heard_total, stored, resumed, finished);
  EXPECT_GT(heard_total, 0);
  EXPECT_GT(resumed, 0);
  // Play goes on after the last restart: the resumed series gets further games, or a new one ends.
  if (table != 0) {
    const int last = stored_games(*series_id);
    EXPECT_TRUE(eventually([&] { return stored_games(*series_id) > last; })) << slurp(dir_ / "serve.log");
  } else {
    WsClient director(port_);
    director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "last-director"}});
    ASSERT_TRUE(director.read_type("welcome"));
    const std::int64_t again = start_bot_table(director, "fb", 3);
    EXPECT_TRUE(eventually([&] {
      const auto s = series_of(again);
      return s && s->status == skat::db::SeriesStatus::Finished;
    })) << slurp(dir_ / "serve.log");
  }
}

// A full disk, played by a quota on the database file: the server keeps playing, keeps the games
// it cannot write in memory and says so on /healthz (503, "degraded", the database's error); the
// file stays intact with every game written before.
TEST_F(ServeTest, AFullDatabaseDegradesTheHealthCheckAndTheFileStaysIntact) {
  start_server(0, {"--db-max-mib", "1"});
  start_bots("fd");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "fd", 360);
  skat::nettest::HttpResult health;
  ASSERT_TRUE(eventually([&] {
    health = skat::nettest::http_get(port_, "/healthz");
    return health.status == 503;
  })) << slurp(dir_ / "serve.log");
  const Json body = Json::parse(health.body);
  EXPECT_EQ(body.value("status", ""), "degraded");
  EXPECT_GE(body.value("unsaved_writes", 0), 1);
  EXPECT_NE(body.value("db_error", "").find("full"), std::string::npos) << health.body;
  const auto metrics = Json::parse(skat::nettest::http_get(port_, "/api/metrics").body, nullptr, false);
  EXPECT_GE(metrics.value("db_unsaved_writes", 0), 1);
  // The table goes on.
  director.send(Json{{"type", "watch_table"}, {"table", table}});
  std::set<int> heard;
  watch_results(director, table, 3s, heard);
  EXPECT_FALSE(heard.empty());
  const int status = stop(server_, SIGTERM);
  server_ = -1;
  EXPECT_TRUE(WIFEXITED(status)) << slurp(dir_ / "serve.log");
  EXPECT_NE(slurp(dir_ / "serve.log").find("database or disk is full"), std::string::npos);
  auto c = skat::db::Connection::open((dir_ / "skat.db").string());
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->integrity_check());
  const auto series = series_of(table);
  ASSERT_TRUE(series);
  EXPECT_GT(stored_games(series->id), 10);
}

// Games played while the database was full were seen by their players but lost at a stop (138 of
// them once). They wait in the write journal, and the next start stores them before the series
// resumes: every game a watcher heard is in the database after the restart.
TEST_F(ServeTest, GamesSeenWhileTheDatabaseWasFullAreStoredAfterARestart) {
  start_server(0, {"--db-max-mib", "1"});
  start_bots("fj");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "fj", 360);
  ASSERT_TRUE(eventually([&] { return skat::nettest::http_get(port_, "/healthz").status == 503; }))
      << slurp(dir_ / "serve.log");
  director.send(Json{{"type", "watch_table"}, {"table", table}});
  std::set<int> heard;
  watch_results(director, table, 3s, heard);
  ASSERT_FALSE(heard.empty());
  const int status = stop(server_, SIGTERM);
  server_ = -1;
  EXPECT_TRUE(WIFEXITED(status)) << slurp(dir_ / "serve.log");
  const fs::path journal = dir_ / "skat.db-writes.jsonl";
  EXPECT_NE(slurp(dir_ / "serve.log").find("are stored at the next start"), std::string::npos);
  EXPECT_FALSE(slurp(journal).empty());
  const auto before = series_of(table);
  ASSERT_TRUE(before);
  EXPECT_LE(stored_games(before->id), *heard.rbegin());  // the last games heard were not stored
  start_server();                                        // room again: the journal is stored first
  EXPECT_NE(slurp(dir_ / "serve.log").find("are stored now"), std::string::npos) << slurp(dir_ / "serve.log");
  const auto after = series_of(table);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->id, before->id);  // the same series, no second record of it
  EXPECT_GT(stored_games(after->id), *heard.rbegin());
}

// A database another process holds the write lock on: while serving, the games wait in memory and
// /healthz says degraded with the lock as the reason; once the lock is gone every game is written,
// in order, and the file passes integrity_check.
TEST_F(ServeTest, ALockedDatabaseDegradesTheHealthCheckAndCatchesUpOnceFree) {
  start_server();
  start_bots("ld");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "ld", 360);
  ASSERT_TRUE(eventually([&] { return series_of(table).has_value(); })) << slurp(dir_ / "serve.log");
  const std::int64_t series = series_of(table)->id;
  director.send(Json{{"type", "watch_table"}, {"table", table}});
  std::set<int> heard;
  {
    auto holder = skat::db::Connection::open((dir_ / "skat.db").string());
    ASSERT_TRUE(holder);
    auto lock = skat::db::Transaction::begin(*holder);  // BEGIN IMMEDIATE: the write lock
    ASSERT_TRUE(lock);
    skat::nettest::HttpResult health;
    ASSERT_TRUE(eventually([&] {
      health = skat::nettest::http_get(port_, "/healthz");
      return health.status == 503;
    })) << slurp(dir_ / "serve.log");
    EXPECT_EQ(Json::parse(health.body).value("status", ""), "degraded");
    EXPECT_NE(Json::parse(health.body).value("db_error", "").find("busy"), std::string::npos) << health.body;
    watch_results(director, table, 3s, heard);  // the table goes on meanwhile
    EXPECT_FALSE(heard.empty());
  }  // the other process lets go
  ASSERT_TRUE(eventually([&] { return skat::nettest::http_get(port_, "/healthz").status == 200; }))
      << slurp(dir_ / "serve.log");
  EXPECT_NE(slurp(dir_ / "serve.log").find("every refused write is saved now"), std::string::npos);
  const int status = stop(server_, SIGTERM);
  server_ = -1;
  EXPECT_TRUE(WIFEXITED(status)) << slurp(dir_ / "serve.log");
  auto c = skat::db::Connection::open((dir_ / "skat.db").string());
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->integrity_check());
  const int stored = stored_games(series);  // stored_lines checks that no index is missing
  for (const int game : heard) EXPECT_LT(game, stored) << "game " << game << " was announced and not written";
}

// SIGKILL while another process held the database's write lock lost a game its players had seen
// (it waited in memory only). The journal has it: after the restart every heard game is stored.
TEST_F(ServeTest, ASigkillWhileTheDatabaseIsLockedLosesNoGameSeen) {
  start_server();
  start_bots("lk");
  WsClient director(port_);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  const std::int64_t table = start_bot_table(director, "lk", 360);
  ASSERT_TRUE(eventually([&] { return series_of(table).has_value(); })) << slurp(dir_ / "serve.log");
  const std::int64_t series = series_of(table)->id;
  director.send(Json{{"type", "watch_table"}, {"table", table}});
  std::set<int> heard;
  {
    auto holder = skat::db::Connection::open((dir_ / "skat.db").string());
    ASSERT_TRUE(holder);
    auto lock = skat::db::Transaction::begin(*holder);  // BEGIN IMMEDIATE: the write lock
    ASSERT_TRUE(lock);
    ASSERT_TRUE(eventually([&] { return skat::nettest::http_get(port_, "/healthz").status == 503; }))
        << slurp(dir_ / "serve.log");
    watch_results(director, table, 3s, heard);
    ASSERT_FALSE(heard.empty());
    stop(server_, SIGKILL);  // while the lock is held: the last games are in memory and the journal only
    server_ = -1;
  }
  EXPECT_LE(stored_games(series), *heard.rbegin());
  start_server();
  EXPECT_NE(slurp(dir_ / "serve.log").find("are stored now"), std::string::npos) << slurp(dir_ / "serve.log");
  const int stored = stored_games(series);  // stored_lines checks that no index is missing
  for (const int game : heard) EXPECT_LT(game, stored) << "game " << game << " was announced and not written";
}

// The tables of a lobby answer (HTTP or WebSocket) by id, with the node each names.
std::map<std::int64_t, std::string> lobby_nodes(const Json& lobby) {
  std::map<std::int64_t, std::string> out;
  for (const Json& t : lobby["tables"]) out[t.value("table", std::int64_t{0})] = t.value("node", "");
  return out;
}

// Two nodes on one database (docs/scaling.md; here an SQLite file both open on this host): each
// node's lobby shows the other's tables named with their node, over HTTP and over the WebSocket,
// within seconds of their opening (each node publishes its tables through the store every second).
TEST_F(ServeTest, TwoNodesShowEachOthersTablesInTheirLobbies) {
  start_server(0, {"--node", "a"});
  const unsigned short a_port = port_;
  const auto [b, b_port] = start_node("b");
  ASSERT_NE(b_port, 0) << slurp(dir_ / "serve-b.log");

  WsClient on_a(a_port);
  on_a.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "alice"}});
  ASSERT_TRUE(on_a.read_type("welcome"));
  on_a.send(Json{{"type", "create_table"}, {"deals", 3}});
  const auto made_a = on_a.read_type("table_created");
  ASSERT_TRUE(made_a);
  const std::int64_t table_a = (*made_a)["table"].get<std::int64_t>();

  WsClient on_b(b_port);
  on_b.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "bert"}});
  ASSERT_TRUE(on_b.read_type("welcome"));
  on_b.send(Json{{"type", "create_table"}, {"deals", 3}});
  const auto made_b = on_b.read_type("table_created");
  ASSERT_TRUE(made_b);
  const std::int64_t table_b = (*made_b)["table"].get<std::int64_t>();
  EXPECT_NE(table_a, table_b);  // one store hands out the ids

  const std::map<std::int64_t, std::string> both{{table_a, "a"}, {table_b, "b"}};
  EXPECT_TRUE(eventually(
      [&] {
        const auto r = skat::nettest::http_request(b_port, http::verb::get, "/api/tables", "", "");
        return r.status == 200 && lobby_nodes(Json::parse(r.body, nullptr, false)) == both;
      },
      30s))
      << skat::nettest::http_request(b_port, http::verb::get, "/api/tables", "", "").body;
  EXPECT_TRUE(eventually(
      [&] {
        on_a.send(Json{{"type", "lobby"}});
        const auto lobby = on_a.read_type("lobby");
        return lobby && lobby_nodes(*lobby) == both;
      },
      30s));

  // A client is sent to a table's node: node b answers a join or a watch of a's table with
  // `other_node` naming a, and b also listens on the balancer's route to it, /n/b/ws.
  on_b.send(Json{{"type", "watch_table"}, {"table", table_a}, {"id", 7}});
  const auto elsewhere = on_b.read_type("error");
  ASSERT_TRUE(elsewhere);
  EXPECT_EQ((*elsewhere)["code"], "other_node");
  EXPECT_EQ((*elsewhere)["node"], "a");
  EXPECT_EQ((*elsewhere)["table"], table_a);
  EXPECT_EQ((*elsewhere)["id"], 7);
  on_b.send(Json{{"type", "add_bot"}, {"table", table_a}, {"seat", 1}});
  const auto bot_elsewhere = on_b.read_type("error");
  ASSERT_TRUE(bot_elsewhere);
  EXPECT_EQ((*bot_elsewhere)["code"], "other_node");
  on_b.send(Json{{"type", "join_table"}, {"table", table_a + table_b + 100}});
  const auto unknown = on_b.read_type("error");
  ASSERT_TRUE(unknown);
  EXPECT_EQ((*unknown)["code"], "no_such_table");
  {
    WsClient routed(b_port, "/n/b/ws");
    routed.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "carl"}});
    const auto welcome = routed.read_type("welcome");
    ASSERT_TRUE(welcome);
    EXPECT_EQ((*welcome)["node"], "b");
    routed.send(Json{{"type", "join_table"}, {"table", table_b}});
    const auto seated = routed.read_type("seated");
    ASSERT_TRUE(seated);
    EXPECT_EQ((*seated)["table"], table_b);
  }
  EXPECT_THROW(WsClient(b_port, "/n/a/ws"), boost::system::system_error);  // not node b's route
  // Its HTTP requests too: /n/b/… is b's own route, and /healthz names the node that answered.
  const auto health = skat::nettest::http_get(b_port, "/n/b/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(Json::parse(health.body, nullptr, false), (Json{{"status", "ok"}, {"node", "b"}}));
  EXPECT_EQ(Json::parse(skat::nettest::http_get(a_port, "/healthz").body, nullptr, false)["node"], "a");
  const auto routed_lobby = skat::nettest::http_get(b_port, "/n/b/api/tables");
  EXPECT_EQ(routed_lobby.status, 200);
  EXPECT_EQ(lobby_nodes(Json::parse(routed_lobby.body, nullptr, false)), both);
  EXPECT_EQ(skat::nettest::http_get(b_port, "/n/a/healthz").status, 404);  // not b's route
  stop(b, SIGTERM);
  // A node that stopped drops out of the others' lobby once it has been silent for 10 s.
  EXPECT_TRUE(eventually(
      [&] {
        const auto r = skat::nettest::http_request(a_port, http::verb::get, "/api/tables", "", "");
        return r.status == 200 &&
               lobby_nodes(Json::parse(r.body, nullptr, false)) == std::map<std::int64_t, std::string>{{table_a, "a"}};
      },
      60s));
}

// Two nodes on one database: node a is killed mid-series; node b, hearing no heartbeat from a for
// 3 s, takes over a's table and resumes the series in the same record; the bots come back to b (a
// balancer would send their reconnections there: here a new bot process with the same accounts
// connects to b) and play it to the end. No finished game is lost or stored twice.
TEST_F(ServeTest, ASilentNodesSeriesGoOnAtAnotherNode) {
  constexpr int kDeals = 24;
  grace_ms_ = 120000;
  start_server(0, {"--node", "a"});
  const auto [b, b_port] = start_node("b", {"--node-silent-ms", "3000"});
  ASSERT_NE(b_port, 0) << slurp(dir_ / "serve-b.log");
  start_bots("tb");
  const auto killed = kill_mid_series("tb", kDeals);
  ASSERT_TRUE(killed);
  stop(bots_, SIGKILL);
  bots_ = spawn({SKAT_BINARY, "bot", "--url", "ws://127.0.0.1:" + std::to_string(b_port) + "/ws", "--name", "tb",
                 "--count", "3", "--token-file", (dir_ / "tokens").string()},
                dir_ / "bot-b.log");
  // The bots were already connected to b when it took the series over: invited back at once, not
  // after the grace.
  expect_finished_by_its_bots(*killed, kDeals, dir_ / "serve-b.log");
  const std::string log = slurp(dir_ / "serve-b.log");
  EXPECT_NE(log.find("taken over"), std::string::npos) << log;
  stop(b, SIGTERM);
}

// The nodes a welcome lists, on a new connection of the bot account `name` to `port`.
Json welcome_nodes(unsigned short port, const std::string& name, const std::string& token) {
  WsClient c(port);
  c.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", name}, {"token", token}, {"bot", true}});
  const auto welcome = c.read_type("welcome");
  return welcome ? welcome->value("nodes", Json()) : Json();
}

// Two nodes on one database: both welcome with the two live nodes. A bot fleet connected only to
// node a (through /ws) connects to each listed node at its route /n/NAME/ws (here each node's own
// port: no balancer), and a table created on node b seats the bot through its connection there.
TEST_F(ServeTest, ABotConnectedToOneNodeSitsAtATableOfTheOther) {
  start_server(0, {"--node", "a"});
  const unsigned short a_port = port_;
  const auto [b, b_port] = start_node("b");
  ASSERT_NE(b_port, 0) << slurp(dir_ / "serve-b.log");
  const std::string token = register_bot("nb");
  ASSERT_FALSE(token.empty());
  const Json both = Json::array({"a", "b"});
  EXPECT_TRUE(eventually([&] { return welcome_nodes(a_port, "nb", token) == both; }, 30s));
  EXPECT_TRUE(eventually([&] { return welcome_nodes(b_port, "nb", token) == both; }, 30s));

  const auto spec = skat::bots::parse_bot_spec("simple");
  ASSERT_TRUE(spec);
  boost::asio::io_context io;
  skat::botclient::BotFleet fleet(io, [&](const skat::botclient::Endpoint& first, const std::string& node) {
    skat::botclient::Endpoint e = skat::botclient::route_to_node(first, node);
    e.port = std::to_string(node == "b" ? b_port : a_port);
    return e;
  });
  fleet.add([&](const std::string&) {
    skat::botclient::BotSettings s;
    s.endpoint = {"127.0.0.1", std::to_string(a_port), "/ws"};
    s.name = "nb";
    s.token = token;
    s.spec = *spec;
    return s;
  });
  std::thread io_thread([&] { io.run(); });
  EXPECT_TRUE(eventually([&] { return fleet.counts().connected == 3; }, 60s));
  EXPECT_EQ(fleet.counts().connections, 3);  // /ws, /n/a/ws and /n/b/ws
  EXPECT_EQ(fleet.nodes_of(0), (std::vector<std::string>{"a", "b"}));

  WsClient director(b_port);
  director.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "director"}});
  ASSERT_TRUE(director.read_type("welcome"));
  director.send(Json{{"type", "create_table"}, {"deals", 3}});
  const auto created = director.read_type("table_created");
  ASSERT_TRUE(created);
  const std::int64_t table = (*created)["table"].get<std::int64_t>();
  director.send(Json{{"type", "add_bot"}, {"table", table}, {"seat", 0}, {"bot", "nb"}, {"id", 1}});
  EXPECT_TRUE(eventually(
      [&] {
        director.send(Json{{"type", "lobby"}});
        const auto lobby = director.read_until(
            [](const Json& m) { return m.value("type", "") == "lobby" || m.value("type", "") == "error"; });
        if (!lobby || lobby->value("type", "") == "error") return false;
        for (const Json& t : (*lobby)["tables"])
          if (t.value("table", std::int64_t{0}) == table && t["seats"][0].is_object())
            return t["seats"][0].value("name", "") == "nb";
        return false;
      },
      30s));

  boost::asio::post(io, [&] { fleet.stop(); });
  io_thread.join();
  stop(b, SIGTERM);
}

// `skat bot --health-file`: written at the start and kept current: ok with its one connection
// welcomed (and `skat health --file` agrees), not ok once the server is gone.
TEST_F(ServeTest, ABotProcessKeepsItsHealthFile) {
  start_server();
  const std::string token = register_bot("hb");
  ASSERT_FALSE(token.empty());
  const fs::path health = dir_ / "bot-health.json";
  bots_ = spawn({SKAT_BINARY, "bot", "--url", "ws://127.0.0.1:" + std::to_string(port_) + "/ws", "--name", "hb",
                 "--token", token, "--health-file", health.string()},
                dir_ / "bot.log");
  auto state = [&] {
    const Json j = Json::parse(slurp(health), nullptr, false);
    return j.is_object() ? j : Json::object();
  };
  EXPECT_TRUE(eventually([&] { return state().value("ok", false); }, 60s)) << slurp(dir_ / "bot.log");
  const Json up = state();
  EXPECT_EQ(up["connected"], 1);
  EXPECT_EQ(up["connections"], 1);
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  EXPECT_LE(std::abs(up.value("at", std::int64_t{0}) - now), 60) << up;
  const pid_t check = spawn({SKAT_BINARY, "health", "--file", health.string()}, dir_ / "health.log");
  int status = 0;
  waitpid(check, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(dir_ / "health.log");

  stop(server_, SIGTERM);
  server_ = -1;
  EXPECT_TRUE(eventually([&] { return state().value("connected", -1) == 0; }, 60s)) << slurp(health);
  EXPECT_FALSE(state().value("ok", true));
}

// `skat admin revoke-bot` is another process on the server's database: the running server notices
// within a few seconds and disconnects the bot (which can no longer log in).
TEST_F(ServeTest, SkatAdminRevokeBotDisconnectsTheBotFromARunningServer) {
  start_server();
  const std::string token = register_bot("cli-1");
  ASSERT_FALSE(token.empty());
  WsClient bot(port_);
  bot.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "cli-1"}, {"token", token}, {"bot", true}});
  ASSERT_TRUE(bot.read_type("welcome"));
  const pid_t admin =
      spawn({SKAT_BINARY, "admin", "revoke-bot", "cli-1", "--db", (dir_ / "skat.db").string()}, dir_ / "admin.log");
  int status = 0;
  waitpid(admin, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(dir_ / "admin.log");
  const auto revoked_at = std::chrono::steady_clock::now();
  while (bot.read(15s)) {
  }
  EXPECT_TRUE(bot.closed());
  EXPECT_FALSE(bot.timed_out()) << slurp(dir_ / "serve.log");
  EXPECT_LT(std::chrono::steady_clock::now() - revoked_at, 10s);
  WsClient again(port_);
  again.send(Json{{"type", "hello"}, {"protocol", 1}, {"name", "cli-1"}, {"token", token}, {"bot", true}});
  EXPECT_TRUE(skat::nettest::is_error(again.read(), "auth_failed"));
}

}  // namespace
