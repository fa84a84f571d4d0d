// `skat bot`: N bot connections in one process (names NAME-1…NAME-N when N > 1), each answering
// the server with a bots:: player, the decisions on a shared pool of worker threads; runs until
// SIGINT/SIGTERM. Tokens come from --token or, for
// several accounts, from --token-file (lines "name token"). With --program it is instead the
// bridge of an outside program (bridge/program_bridge.h): --seats connections of one account, each
// playing one seat at a time with a program process of its own. Either way the connections are a
// BotFleet (botclient/bot_fleet.h): on a server of several nodes each also gets one to every
// node. --health-file keeps a health file of the connections (cli/health_file.h).
#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "botclient/bot_client.h"
#include "botclient/bot_fleet.h"
#include "bots/bot_factory.h"
#include "bots/bot_levels.h"
#include "bridge/program_bridge.h"
#include "bridge/program_player.h"
#include "cli/command.h"
#include "cli/health_file.h"
#include "cli/http_call.h"

namespace skat::cli {

namespace {

// --health-file: {"at","ok","connected","connections"} at the start, every kHealthEvery, and within
// a second of a change of the counts (on the I/O thread, until stopped). ok: a connection is welcomed.
class BotHealth {
 public:
  BotHealth(boost::asio::io_context& io, const std::string& path, const botclient::BotFleet& fleet)
      : timer_(io), writer_(path), fleet_(fleet) {}
  void start() {
    if (writer_.enabled()) tick();
  }
  void stop() {
    stopped_ = true;
    timer_.cancel();
  }

 private:
  void tick() {
    const auto now = std::chrono::steady_clock::now();
    const botclient::BotFleet::Counts counts = fleet_.counts();
    if (!written_ || now - *written_ >= kHealthEvery || counts.connected != last_.connected ||
        counts.connections != last_.connections) {
      writer_.write(nlohmann::ordered_json{{"at", unix_seconds(std::chrono::system_clock::now())},
                                           {"ok", counts.connected >= 1},
                                           {"connected", counts.connected},
                                           {"connections", counts.connections}});
      written_ = now;
      last_ = counts;
    }
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this](boost::system::error_code ec) {
      if (!ec && !stopped_) tick();
    });
  }

  boost::asio::steady_timer timer_;
  HealthFileWriter writer_;
  const botclient::BotFleet& fleet_;
  std::optional<std::chrono::steady_clock::time_point> written_;
  botclient::BotFleet::Counts last_;
  bool stopped_ = false;
};

// The exit code of `skat bot` when the server refused the token of every account it runs
// (docs/cli.md): re-keyed, revoked, renamed, deleted or disabled; retrying cannot help.
constexpr int kRefusedExit = 3;

// Runs the fleet (and its health file) until SIGINT/SIGTERM, or until the server has refused every
// one of its `accounts` (then kRefusedExit; 0 otherwise). `refusals` is set to the hook that a
// connection calls when its account is refused.
class BotRun {
 public:
  BotRun(boost::asio::io_context& io, botclient::BotFleet& fleet, BotHealth& health, std::size_t accounts)
      : io_(io), signals_(io, SIGINT, SIGTERM), fleet_(fleet), health_(health), accounts_(accounts) {}
  // The hook of a connection of `account` (BotSettings::hooks.on_refused).
  std::function<void(const std::string&)> refused_hook(std::string account) {
    return [this, account = std::move(account)](const std::string& why) {
      if (!refused_.insert(account).second) return;
      spdlog::error(
          "bot: the server refused the token of {} ({}): it was re-keyed, revoked, renamed, deleted or "
          "disabled; make a new one (POST /api/bots/ID/token) and start again",
          account, why);
      if (refused_.size() < accounts_) return;
      spdlog::error("bot: every account was refused: stopping (exit code {})", kRefusedExit);
      stop();
      io_.stop();  // nothing is left to play: no close handshake is waited for
    };
  }
  int run(boost::asio::io_context& io) {
    signals_.async_wait([this](boost::system::error_code ec, int) {
      if (ec) return;
      spdlog::info("bot: stopping");
      stop();
    });
    health_.start();
    io.run();
    return refused_.size() >= accounts_ ? kRefusedExit : 0;
  }

 private:
  void stop() {
    signals_.cancel();
    health_.stop();
    fleet_.stop();
  }
  boost::asio::io_context& io_;
  boost::asio::signal_set signals_;
  botclient::BotFleet& fleet_;
  BotHealth& health_;
  std::size_t accounts_;
  std::set<std::string> refused_;
};

// The file of --log-messages (none: no file), opened for appending; nothing when it cannot be.
std::optional<std::unique_ptr<std::ofstream>> message_log(const std::string& path) {
  if (path.empty()) return std::unique_ptr<std::ofstream>{};
  auto log = std::make_unique<std::ofstream>(path, std::ios::app);
  if (!*log) {
    spdlog::error("bot: cannot write '{}'", path);
    return std::nullopt;
  }
  return log;
}

struct BotArgs {
  std::string url = "ws://127.0.0.1:8080/ws";
  std::string name;
  std::string token;
  std::string token_file;
  std::string kind = "simple";
  std::string level;  // a strength level (bots/bot_levels.h): its spec instead of --kind
  int count = 1;
  int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  int delay_ms = 0;
  std::uint64_t seed = 1;
  std::string log_messages;
  bool register_missing = false;
  std::string admin_token_file;
  std::string program;
  int seats = 2;
  std::string health_file;
};

// Creates the bot accounts `names` that have no token in the token file through the server's
// admin API and appends their tokens to the file (mode 0600): how scaled-out bot containers get
// their accounts. A name the server knows already whose token is lost cannot be recovered here.
bool register_missing(const BotArgs& args, const botclient::Endpoint& endpoint, const std::vector<std::string>& names,
                      std::map<std::string, std::string>& tokens, const std::string& kind) {
  const std::string admin = read_admin_token(args.admin_token_file);
  if (admin.empty()) {
    spdlog::error("bot: --register needs --admin-token-file with the server's admin token");
    return false;
  }
  const std::string base = "http://" + endpoint.host + ":" + endpoint.port;
  for (const std::string& name : names) {
    if (tokens.contains(name)) continue;
    const auto created =
        http_call(base, "POST", "/api/admin/bots", nlohmann::json{{"name", name}, {"kind", kind}}.dump(), admin);
    const auto reply = created ? nlohmann::json::parse(created->body, nullptr, false) : nlohmann::json();
    if (!created || created->status != 201 || !reply.contains("token")) {
      spdlog::error("bot: registering {}: {}", name, created ? created->body : created.error());
      return false;
    }
    tokens[name] = reply["token"].get<std::string>();
    const int fd = ::open(args.token_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    const std::string line = name + " " + tokens[name] + "\n";
    if (fd < 0 || ::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
      if (fd >= 0) ::close(fd);
      spdlog::error("bot: cannot write the token of {} to '{}'", name, args.token_file);
      return false;
    }
    ::close(fd);
    spdlog::info("bot: account {} registered", name);
  }
  return true;
}

std::map<std::string, std::string> read_tokens(const std::string& file) {
  std::map<std::string, std::string> tokens;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name, token;
    if (fields >> name >> token) tokens[name] = token;
  }
  return tokens;
}

// --program: `seats` connections of the account, each with its programs (ProgramTables).
int run_bridge(const BotArgs& args) {
  const auto parsed = bots::parse_bot_spec("program:" + args.program);
  if (!parsed) {
    spdlog::error("bot: --program: {}", parsed.error());
    return 2;
  }
  const auto endpoint = botclient::parse_ws_url(args.url);
  if (!endpoint) {
    spdlog::error("bot: --url must look like ws://host:port/ws");
    return 2;
  }
  if (args.token.empty()) {
    spdlog::error("bot: --program needs --token (the bot account's secret)");
    return 2;
  }
  if (auto works = bridge::check_program(args.program); !works) {
    spdlog::error("bot: program '{}' cannot start: {}", args.program, works.error());
    return 2;
  }
  auto log = message_log(args.log_messages);
  if (!log) return 1;
  boost::asio::io_context io(1);
  // Each connection, the first ones and those to the nodes, with its own programs and workers: one
  // decision (a wait for the program's answer) at a time, plus the programs' ends.
  std::deque<boost::asio::thread_pool> workers;
  std::vector<std::shared_ptr<bridge::ProgramTables>> programs;
  botclient::BotFleet fleet(io);
  BotHealth health(io, args.health_file, fleet);
  BotRun run(io, fleet, health, 1);
  for (int i = 1; i <= args.seats; ++i)
    fleet.add([&, i](const std::string&) {
      workers.emplace_back(2);
      programs.push_back(std::make_shared<bridge::ProgramTables>(args.program, args.name, workers.back()));
      botclient::BotSettings s;
      s.endpoint = *endpoint;
      s.name = args.name;
      s.token = args.token;
      s.spec = *parsed;
      s.seed = args.seed + static_cast<std::uint64_t>(i);
      s.message_log = log->get();
      s.workers = &workers.back();
      s.announce_kind = false;  // a player's bot: the server names its program account:NAME
      s.hooks = programs.back()->hooks();
      s.hooks.on_refused = run.refused_hook(args.name);
      return s;
    });
  spdlog::info("bot: {} connection(s) of {} to {}, each running '{}' for its seat", args.seats, args.name, args.url,
               args.program);
  const int code = run.run(io);
  for (auto& w : workers) w.join();
  bots::ProgramFaults faults;
  for (auto& p : programs) {
    p->close_all();
    faults += p->faults();
  }
  spdlog::info("bot: the program's faults: {} timeouts, {} crashes, {} garbage answers", faults.timeouts,
               faults.crashes, faults.garbage);
  return code;
}

int run_bot(const BotArgs& args) {
  if (!args.program.empty()) return run_bridge(args);
  std::string kind = args.kind;
  if (!args.level.empty()) {
    const bots::BotLevel* level = bots::find_bot_level(args.level);
    if (!level) {
      spdlog::error("bot: --level must be beginner, club or strongest");
      return 1;
    }
    kind = std::string(level->spec);
  }
  const auto parsed = bots::parse_bot_spec(kind);
  if (!parsed) {
    spdlog::error("bot: --kind: {}", parsed.error());
    return 1;
  }
  const bots::BotSpec spec = *parsed;
  if (spec.kind == "program" || spec.kind == "account") {
    spdlog::error("bot: --kind names a built-in program; an outside program runs with --program CMD");
    return 1;
  }
  const auto endpoint = botclient::parse_ws_url(args.url);
  if (!endpoint) {
    spdlog::error("bot: --url must look like ws://host:port/ws");
    return 1;
  }
  std::vector<std::string> names;
  for (int i = 1; i <= args.count; ++i)
    names.push_back(args.count == 1 ? args.name : args.name + "-" + std::to_string(i));
  std::map<std::string, std::string> tokens;
  if (!args.token_file.empty()) {
    tokens = read_tokens(args.token_file);
    if (args.register_missing && !register_missing(args, *endpoint, names, tokens, spec.kind)) return 1;
    if (tokens.empty()) {
      spdlog::error("bot: no tokens in '{}'", args.token_file);
      return 1;
    }
  } else if (args.register_missing) {
    spdlog::error("bot: --register needs --token-file (where the new tokens are kept)");
    return 1;
  }
  std::vector<std::string> secrets;
  for (const std::string& name : names) {
    const auto t = tokens.find(name);
    secrets.push_back(t != tokens.end() ? t->second : args.token);
    if (secrets.back().empty()) {
      spdlog::error("bot: no token for {} (use --token or --token-file)", name);
      return 1;
    }
  }
  auto log = message_log(args.log_messages);
  if (!log) return 1;
  boost::asio::io_context io(1);
  boost::asio::thread_pool workers(static_cast<std::size_t>(args.threads));
  botclient::BotFleet fleet(io);
  BotHealth health(io, args.health_file, fleet);
  BotRun run(io, fleet, health, names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    fleet.add([&, i](const std::string&) {
      botclient::BotSettings s;
      s.endpoint = *endpoint;
      s.name = names[i];
      s.token = secrets[i];
      s.spec = spec;
      s.seed = args.seed + i + 1;
      s.message_log = log->get();
      s.workers = &workers;
      s.delay = std::chrono::milliseconds(args.delay_ms);
      s.hooks.on_refused = run.refused_hook(names[i]);
      return s;
    });
  spdlog::info("bot: {} {} bot(s) connecting to {}", args.count, kind, args.url);
  const int code = run.run(io);
  workers.join();
  return code;
}

}  // namespace

Command add_bot_command(CLI::App& parent) {
  auto args = std::make_shared<BotArgs>();
  CLI::App* app = parent.add_subcommand("bot", "Run bot clients that connect to a skat server");
  app->add_option("--url", args->url, "Server WebSocket URL")->capture_default_str();
  app->add_option("--name", args->name, "Bot account name (NAME-1…NAME-N with --count N)")->required();
  app->add_option("--token", args->token, "The account's secret token");
  app->add_option("--token-file", args->token_file, "File of 'name token' lines, one per bot account");
  auto* kind = app->add_option("--kind", args->kind, "Player program: " + std::string(bots::kBotSpecHelp))
                   ->capture_default_str();
  app->add_option("--level", args->level,
                  "A strength level's program instead of --kind: beginner, club or strongest (docs/bots.md)")
      ->excludes(kind);
  app->add_option("--count", args->count, "Bot connections in this process")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app->add_option("--threads", args->threads, "Decisions computed in parallel (all connections share them)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  app->add_option("--delay-ms", args->delay_ms, "Answer no sooner than this after a request (tests the move clock)")
      ->check(CLI::Range(0, 600000));
  app->add_option("--seed", args->seed, "Seed of the players' generators")->capture_default_str();
  app->add_option("--log-messages", args->log_messages, "Append every received message to FILE (debug)");
  app->add_flag("--register", args->register_missing,
                "Create the accounts missing from --token-file through the server's admin API (and keep their "
                "tokens there)");
  app->add_option("--admin-token-file", args->admin_token_file, "File holding the server's admin token (--register)");
  auto* program =
      app->add_option("--program", args->program,
                      "Bridge an outside program (CMD ARGS, run by /bin/sh) to the server instead: it "
                      "reads the seat's messages as JSON lines and answers each act with one (docs/bots.md)");
  app->add_option("--seats", args->seats, "With --program: connections of the account, each playing one seat")
      ->check(CLI::Range(1, 64))
      ->capture_default_str()
      ->needs(program);
  app->add_option("--health-file", args->health_file,
                  "Keep a health file (JSON: at, ok, connected, connections) for skat health --file");
  for (const char* other : {"--kind", "--level", "--count", "--token-file", "--register", "--delay-ms"})
    program->excludes(app->get_option_no_throw(other));
  return {app, [args] { return run_bot(*args); }};
}

}  // namespace skat::cli
