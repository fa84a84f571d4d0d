// `skat tournament`: bot A against bot B on seeded duplicate deals in the 2:1 and 1:2 seatings,
// with progress on stderr and the report of docs/evaluation.md as text (default) or JSON on stdout.
// In-process and in parallel (bots/tournament), optionally stored in a database (--db); or
// through a running server (--server; a player's tournament with their session token, or the
// operator's with the admin token), whose bot clients play it at real tables: the command starts
// it, follows its progress, prints the report the server stored and checks the revealed seed.
// A long in-process tournament can be played in shards (--first-deal, --games FILE) on different
// machines or days, and reported as one (--merge FILE…), or played again and compared game by game
// (--replay FILE); a games file records the build and data files that played it, and both modes
// refuse files of another solver or other data files unless --allow-other-build. In-process, a
// side may be an outside program (`program:CMD ARGS`, bridge/program_player.h) under --move-ms.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <expected>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <tuple>

#include "bots/bot_factory.h"
#include "bots/tournament/crosstable.h"
#include "bots/tournament/tournament.h"
#include "bots/tournament/tournament_report.h"
#include "bridge/program_player.h"
#include "cli/command.h"
#include "cli/games_provenance.h"
#include "cli/http_call.h"
#include "cli/progress_line.h"
#include "cli/tournament_games.h"
#include "db/migrations.h"
#include "db/tournaments.h"
#include "engine/records/sgf.h"
#include "server/play/tournament_director.h"
#include "server/play/tournament_json.h"

namespace skat::cli {

namespace {

struct TournamentArgs {
  std::string a = "rule";
  std::string b = "pimc";
  int deals = 100;
  int first_deal = 0;
  std::uint64_t seed = 1;
  bool seed_given = false;  // --seed was on the command line
  std::string seating = "both";
  std::string games_out;
  std::string sgf_out;  // --sgf: every game card by card, one ISS SGF line each
  std::vector<std::string> merge;
  std::string replay;
  bool allow_other_build = false;
  bool deals_given = false, first_deal_given = false;  // --deals, --first-deal on the command line
  int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  int move_ms = static_cast<int>(bridge::kDefaultMoveClock.count());
  bool json = false;
  bool no_judge = false;
  bool quiet = false;
  std::string db;
  std::string server;
  std::string admin_token;
  std::string admin_token_file;
  std::string token_file;          // --server: the player's session token
  std::string sprt;                // "D0,D1": a sequential test (bots/tournament/sprt.h)
  std::vector<std::string> group;  // --bots: a gauntlet or round-robin of these (bots/tournament/crosstable.h)
  std::string format = "round-robin";
  double alpha = 0.05, beta = 0.05;
};

// The sequential test `args` asks for: none without --sprt; the error says what is wrong.
std::expected<std::optional<bots::SprtTest>, std::string> sprt_of(const TournamentArgs& args) {
  if (args.sprt.empty()) return std::nullopt;
  const std::size_t comma = args.sprt.find(',');
  bots::SprtTest test;
  try {
    std::size_t used0 = 0, used1 = 0;
    if (comma == std::string::npos) throw std::invalid_argument("no comma");
    test.d0 = std::stod(args.sprt.substr(0, comma), &used0);
    test.d1 = std::stod(args.sprt.substr(comma + 1), &used1);
    if (used0 != comma || used1 != args.sprt.size() - comma - 1) throw std::invalid_argument("trailing text");
  } catch (const std::exception&) {
    return std::unexpected("--sprt wants D0,D1 (two numbers, SF points per seat-game), not '" + args.sprt + "'");
  }
  test.alpha = args.alpha;
  test.beta = args.beta;
  if (const std::string problem = bots::sprt_problem(test); !problem.empty()) return std::unexpected(problem);
  return test;
}

// The report as JSON; a side that is an outside program (`program:`) also has its faults, as
// "program_faults" beside "timeouts" in each seating.
nlohmann::json report_json(const bots::TournamentReport& report) {
  nlohmann::json j = app::tournament_report_json(report);
  for (std::size_t i = 0; i < report.seatings.size(); ++i)
    for (const auto& [key, spec, figures] :
         {std::tuple{"a", &report.a, &report.seatings[i].a}, std::tuple{"b", &report.b, &report.seatings[i].b}})
      if (spec->starts_with("program:"))
        j["seatings"][i][key]["program_faults"] = app::program_faults_json(figures->program_faults);
  return j;
}

void print_report(const bots::TournamentReport& report, bool json) {
  if (json)
    std::cout << report_json(report).dump(2) << '\n';
  else
    std::cout << bots::report_text(report);
}

// The finished in-process tournament as a row of `db` (mode "inprocess"), with its curve.
int store_in_db(const std::string& path, const bots::TournamentConfig& config, const bots::TournamentReport& report,
                const std::vector<bots::TournamentGame>& games) {
  auto conn = db::open_database(path);
  if (!conn) {
    spdlog::error("tournament: --db {}: {}", path, conn.error().message);
    return 1;
  }
  db::TournamentRecord record;
  record.mode = "inprocess";
  record.a = report.a;
  record.b = report.b;
  record.seed = config.seed;
  record.deals = config.deals;
  record.seatings = bots::seatings_text(config.b_seats);
  auto id = db::create_tournament(*conn, record);
  if (!id) {
    spdlog::error("tournament: --db {}: {}", path, id.error().message);
    return 1;
  }
  db::TournamentProgress progress{config.deals, report_json(report).dump(),
                                  app::curve_json(bots::difference_curve(config, games)).dump(), "finished"};
  if (auto done = db::update_tournament(*conn, *id, progress); !done) {
    spdlog::error("tournament: --db {}: {}", path, done.error().message);
    return 1;
  }
  spdlog::info("tournament {} stored in {}", *id, path);
  return 0;
}

// Through a server: a player's tournament (POST /api/tournaments with the session token of
// --token-file; the server draws the seed) or the operator's (POST /api/admin/tournaments with the
// admin token), then GET /api/tournaments/ID until it ends. The exit code; the report the server
// stored in `report` (printed unless `report` is given).
int run_on_server(const TournamentArgs& args, std::optional<bots::TournamentReport>* report_out = nullptr) {
  const bool player = !args.token_file.empty();
  std::string token = player ? read_admin_token(args.token_file) : args.admin_token;
  if (!player && token.empty() && !args.admin_token_file.empty()) token = read_admin_token(args.admin_token_file);
  if (player && token.empty()) {
    spdlog::error("tournament: --token-file {}: no session token in it", args.token_file);
    return 2;
  }
  if (token.empty()) {
    spdlog::error(
        "tournament: --server needs --token-file (a player's session token) or --admin-token / --admin-token-file");
    return 2;
  }
  if (player && args.seed_given) {
    spdlog::error("tournament: the server draws the seed of a player's tournament (--seed needs the admin token)");
    return 2;
  }
  nlohmann::json request{{"a", args.a}, {"b", args.b}, {"deals", args.deals}, {"seating", args.seating}};
  if (args.seed_given) request["seed"] = args.seed;
  const auto sprt = sprt_of(args);
  if (!sprt) {
    spdlog::error("tournament: {}", sprt.error());
    return 2;
  }
  if (*sprt) {
    request["sprt"] = {(*sprt)->d0, (*sprt)->d1};
    request["alpha"] = (*sprt)->alpha;
    request["beta"] = (*sprt)->beta;
  }
  const auto started =
      http_call(args.server, "POST", player ? "/api/tournaments" : "/api/admin/tournaments", request.dump(), token);
  if (!started) {
    spdlog::error("tournament: {}", started.error());
    return 1;
  }
  const auto reply = nlohmann::json::parse(started->body, nullptr, false);
  if (started->status != 201 || !reply.contains("id")) {
    spdlog::error("tournament: the server said {}: {}", started->status, started->body);
    return 1;
  }
  const std::int64_t id = reply["id"].get<std::int64_t>();
  const std::string seed_sha256 = reply.value("seed_sha256", "");
  spdlog::info("tournament {} started on {}, seed_sha256 {}", id, args.server, seed_sha256);
  ProgressLine line("deals", std::chrono::seconds(10), 2);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const auto got = http_call(args.server, "GET", "/api/tournaments/" + std::to_string(id));
    if (!got || got->status != 200) {
      spdlog::error("tournament {}: {}", id, got ? got->body : got.error());
      return 1;
    }
    const auto t = nlohmann::json::parse(got->body, nullptr, false);
    const std::string status = t.value("status", "");
    if (!args.quiet)
      line.show({t.value("deals_done", 0), t.value("deals", 0),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    if (status != "running") {
      const auto report = app::tournament_report_from_json(t.value("report", nlohmann::json()));
      if (!report) {
        spdlog::error("tournament {} {} without a report", id, status);
        return 1;
      }
      if (report_out)
        *report_out = *report;
      else
        print_report(*report, args.json);
      if (status != "finished") spdlog::error("tournament {} was {}", id, status);
      // The seed is shown once the tournament has ended: it must be the one committed to at the start.
      if (const auto seed = t.find("seed"); seed != t.end() && seed->is_number_unsigned()) {
        const std::string text = std::to_string(seed->get<std::uint64_t>());
        if (app::seed_commitment(seed->get<std::uint64_t>()) != seed_sha256) {
          spdlog::error("tournament {}: the revealed seed {} does not have the SHA-256 {} shown at the start", id, text,
                        seed_sha256);
          return 1;
        }
        spdlog::info("tournament {}: seed {}, its SHA-256 is the seed_sha256 shown at the start", id, text);
      }
      return status == "finished" ? 0 : 1;
    }
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }
}

// Bots A and B of `config` from their specs (`load_tables`: read the full bot's tables now).
bool parse_specs(const std::string& a, const std::string& b, bots::TournamentConfig& config, bool load_tables = true) {
  for (auto [text, spec] : {std::pair{&a, &config.a}, std::pair{&b, &config.b}}) {
    auto parsed = bots::parse_bot_spec(*text, load_tables);
    if (!parsed) {
      std::cerr << "tournament: " << parsed.error() << '\n';
      return false;
    }
    *spec = *parsed;
  }
  return true;
}

// `--merge FILE…`: the report of shards played apart (`--first-deal`, `--games`), which must be of
// the same bots, seed and seating, must not overlap, and must have been played with the same solver
// and data files (their headers' builds; not compared with this binary, which plays nothing).
int run_merge(const TournamentArgs& args) {
  bots::TournamentConfig config;
  std::vector<bots::TournamentGame> games;
  std::set<std::tuple<int, int, int>> seen;
  nlohmann::json first;
  std::optional<GamesProvenance> reference;  // the build of the first shard that names one
  std::string reference_path;
  double seconds = 0;
  for (const std::string& path : args.merge) {
    auto file = read_games_file(path);
    if (!file) {
      spdlog::error("tournament: --merge {}", file.error());
      return 1;
    }
    const nlohmann::json& header = file->header;
    const auto same = [&](const char* key) {
      return header.value(key, nlohmann::json()) == first.value(key, nlohmann::json());
    };
    if (first.is_null()) {
      first = header;
    } else if (!same("a") || !same("b") || !same("seed") || !same("seating")) {
      spdlog::error("tournament: --merge {}: other bots, seed or seating than {}", path, args.merge.front());
      return 1;
    }
    if (const auto build = provenance_of_header(header); !build) {
      warn_provenance_unknown("--merge", path);
    } else if (!reference) {
      reference = build;
      reference_path = path;
    } else if (!accept_difference(
                   "--merge",
                   compare_provenance(*reference, *build, "the games of " + reference_path, "the games of " + path),
                   args.allow_other_build)) {
      return 1;
    }
    seconds += header.value("seconds", 0.0);
    for (bots::TournamentGame& game : file->games) {
      if (!seen.insert({game.deal, game.b_seats, game.rotation}).second) {
        spdlog::error("tournament: --merge {}: deal {} played twice (overlapping shards)", path, game.deal);
        return 1;
      }
      games.push_back(std::move(game));
    }
  }
  if (!parse_specs(first.value("a", ""), first.value("b", ""), config, false)) return 1;
  config.seed = first.value("seed", std::uint64_t{0});
  const auto seatings = bots::seatings_named(first.value("seating", ""));
  if (!seatings) {
    spdlog::error("tournament: --merge: unknown seating");
    return 1;
  }
  config.b_seats = *seatings;
  if (const auto test = first.find("sprt"); test != first.end() && test->is_object())
    config.sprt = bots::SprtTest{test->value("d0", 0.0), test->value("d1", 0.0), test->value("alpha", 0.05),
                                 test->value("beta", 0.05)};
  std::ranges::sort(games, {}, [](const bots::TournamentGame& g) { return std::tuple(g.deal, g.b_seats, g.rotation); });
  print_report(bots::make_report(config, games, seconds), args.json);
  return 0;
}

// The in-process tournament `args` asks for (bots, deals, seed, seating, threads, judge, outside
// programs' clock); 0, or the exit code when it cannot be played.
int in_process_config(const TournamentArgs& args, bots::TournamentConfig& config) {
  if (!parse_specs(args.a, args.b, config)) return 2;
  config.deals = args.deals;
  config.first_deal = args.first_deal;
  config.seed = args.seed;
  config.threads = args.threads;
  config.judge = !args.no_judge;
  const auto seatings = bots::seatings_named(args.seating);
  if (!seatings) {
    spdlog::error("tournament: unknown seating '{}'", args.seating);
    return 2;
  }
  config.b_seats = *seatings;
  const auto sprt = sprt_of(args);
  if (!sprt) {
    spdlog::error("tournament: {}", sprt.error());
    return 2;
  }
  config.sprt = *sprt;
  const std::chrono::milliseconds clock(args.move_ms);
  for (const bots::BotSpec* spec : {&config.a, &config.b}) {
    if (spec->kind != "program") continue;
    if (auto works = bridge::check_program(spec->program, clock); !works) {
      spdlog::error("tournament: {} cannot start: {}", spec->describe(), works.error());
      return 2;
    }
    config.make_player = [clock](const bots::BotSpec& s, std::uint64_t seed, int position) {
      return s.kind == "program" ? bridge::make_program_player(s.program, seed, position, clock)
                                 : bots::make_player(s, seed);
    };
  }
  if (config.a.kind == "account" || config.b.kind == "account") {
    spdlog::error("tournament: a bot account (account:NAME) plays through a server only (--server)");
    return 2;
  }
  return 0;
}

// Plays `config`, with progress on stderr unless `quiet`; nullopt (logged) when a game fails.
std::optional<std::vector<bots::TournamentGame>> play(const bots::TournamentConfig& config, bool quiet) {
  try {
    ProgressLine line("deals", std::chrono::seconds(10), 2);
    return bots::run_tournament(
        config, quiet ? bots::ProgressFn{} : bots::ProgressFn([&](const bots::Progress& p) { line.show(p); }));
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return std::nullopt;
  }
}

// `--replay FILE`: plays the deals of a games file again (its bots, seed, seating and deals, or the
// part of them --first-deal and --deals name) and compares every game's outcome with the recorded
// one; first the file's build is compared with this binary's (solver digest, data files, commit).
int run_replay(const TournamentArgs& args) {
  auto file = read_games_file(args.replay);
  if (!file) {
    spdlog::error("tournament: --replay {}", file.error());
    return 1;
  }
  const nlohmann::json& header = file->header;
  TournamentArgs again = args;
  again.a = header.value("a", "");
  again.b = header.value("b", "");
  again.seed = header.value("seed", std::uint64_t{0});
  again.seating = header.value("seating", "");
  again.no_judge = true;  // the outcomes are compared, not the solver's verdicts
  const int recorded_first = header.value("first_deal", 0), recorded_deals = header.value("deals", 0);
  again.first_deal = args.first_deal_given ? args.first_deal : recorded_first;
  again.deals = args.deals_given ? args.deals : recorded_first + recorded_deals - again.first_deal;
  if (again.first_deal < recorded_first || again.deals < 1 ||
      again.first_deal + again.deals > recorded_first + recorded_deals) {
    spdlog::error("tournament: --replay {}: holds deals {} to {}", args.replay, recorded_first,
                  recorded_first + recorded_deals - 1);
    return 2;
  }
  bots::TournamentConfig config;
  if (const int code = in_process_config(again, config)) return code;
  if (const auto build = provenance_of_header(header); !build) {
    warn_provenance_unknown("--replay", args.replay);
  } else {
    const auto now = current_provenance({config.a, config.b});
    if (!now) {
      spdlog::error("tournament: --replay: {}", now.error());
      return 1;
    }
    if (!accept_difference("--replay", compare_provenance(*build, *now, "the games of " + args.replay, "this build"),
                           args.allow_other_build))
      return 1;
  }
  std::map<std::tuple<int, int, int>, const bots::TournamentGame*> recorded;
  for (const bots::TournamentGame& g : file->games) recorded[{g.deal, g.b_seats, g.rotation}] = &g;
  const auto games = play(config, args.quiet);
  if (!games) return 1;
  int differ = 0;
  for (const bots::TournamentGame& g : *games) {
    const auto it = recorded.find({g.deal, g.b_seats, g.rotation});
    if (it != recorded.end() && same_outcome(*it->second, g)) continue;
    ++differ;
    std::cout << fmt::format("deal {}, seating {}, lone bot at {}: recorded {}, now {}\n", g.deal,
                             bots::seating_name(g.b_seats), g.rotation,
                             it == recorded.end() ? "nothing" : outcome_text(*it->second), outcome_text(g));
  }
  std::cout << fmt::format("replayed {} games of {}: {}\n", games->size(), args.replay,
                           differ == 0 ? "every outcome as recorded" : std::to_string(differ) + " differ");
  return differ == 0 ? 0 : 1;
}

// The group's pairings and crosstable, printed as text or JSON.
void print_group(bots::GroupFormat format, const std::vector<std::string>& names,
                 const std::vector<bots::PairingResult>& results, bool json) {
  const bots::Crosstable table = bots::make_crosstable(names, results);
  if (json) {
    nlohmann::json out{{"format", bots::group_format_name(format)}, {"bots", names}};
    out["pairings"] = nlohmann::json::array();
    for (const bots::PairingResult& r : results)
      out["pairings"].push_back({{"a", r.a}, {"b", r.b}, {"report", report_json(r.report)}});
    out["crosstable"] = app::crosstable_json(table);
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const bots::PairingResult& r : results) std::cout << bots::report_text(r.report) << '\n';
  std::cout << bots::crosstable_text(table);
}

// `--bots SPEC… --server URL`: the pairings one after another as tournaments of the server (each
// with its own seed where the server draws it), then the crosstable of their stored reports.
int run_group_on_server(const TournamentArgs& args, bots::GroupFormat format) {
  std::vector<bots::PairingResult> results;
  for (const auto& [a, b] : bots::group_pairings(format, static_cast<int>(args.group.size()))) {
    TournamentArgs one = args;
    one.a = args.group[static_cast<std::size_t>(a)];
    one.b = args.group[static_cast<std::size_t>(b)];
    spdlog::info("tournament: pairing {} against {}", one.a, one.b);
    std::optional<bots::TournamentReport> report;
    const int code = run_on_server(one, &report);
    if (!report) return code != 0 ? code : 1;
    results.push_back({a, b, std::move(*report), {}});
    if (code != 0) return code;
  }
  print_group(format, args.group, results, args.json);
  return 0;
}

// `--bots SPEC…`: a gauntlet (the first against each other) or a round-robin of every pair, each
// pairing on the same deals; each pairing's report, then the crosstable (JSON: both in one object).
int run_group_command(const TournamentArgs& args) {
  const auto format = bots::group_format_named(args.format);
  if (!format) {
    spdlog::error("tournament: --format must be gauntlet or round-robin");
    return 2;
  }
  if (!args.games_out.empty() || !args.db.empty() || !args.replay.empty()) {
    spdlog::error("tournament: --games, --db and --replay are for two bots (--a, --b), not --bots");
    return 2;
  }
  if (args.group.size() < 2 || args.group.size() > static_cast<std::size_t>(bots::kMaxGroupBots)) {
    spdlog::error("tournament: --bots names 2 to {} bots", bots::kMaxGroupBots);
    return 2;
  }
  if (!args.server.empty()) return run_group_on_server(args, *format);
  std::vector<bots::BotSpec> specs;
  std::vector<std::string> names;
  bots::TournamentConfig base;
  for (std::size_t k = 0; k < args.group.size(); ++k) {
    TournamentArgs one = args;
    one.a = args.group[k];
    one.b = args.group[k == 0 ? std::min<std::size_t>(1, args.group.size() - 1) : 0];
    bots::TournamentConfig config;
    if (const int code = in_process_config(one, config)) return code;
    specs.push_back(config.a);
    names.push_back(config.a.describe());
    if (k == 0 || config.make_player) base = config;  // the settings, with the outside programs' maker if any
  }
  const auto pairings = bots::group_pairings(*format, static_cast<int>(specs.size()));
  ProgressLine line("deals", std::chrono::seconds(10), 2);
  std::vector<bots::PairingResult> results;
  try {
    results = bots::run_group(specs, *format, base, [&](int pairing, const bots::Progress& p) {
      if (!args.quiet)
        line.show({pairing * base.deals + p.done, static_cast<int>(pairings.size()) * base.deals, p.seconds});
    });
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return 1;
  }
  print_group(*format, names, results, args.json);
  return 0;
}

// `--sgf FILE`: every game of `games` as an ISS SGF line (docs/records.md §2), the positions named
// by side and short name ("A_rule", "B_strongest"), the series by the seed, the game by deal,
// seating and the lone bot's position.
bool write_sgf_file(const std::string& path, const bots::TournamentConfig& config,
                    const std::vector<bots::TournamentGame>& games) {
  auto name = [](char side, const bots::BotSpec& spec) {
    std::string n = std::string(1, side) + "_" + bots::side_name(spec.describe());
    for (char& c : n)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') c = '_';
    return n;
  };
  const std::string a = name('A', config.a), b = name('B', config.b);
  const std::string when = fmt::format("{:%Y-%m-%d/%H:%M:%S}/UTC",
                                       std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
  std::ofstream out(path);
  for (const bots::TournamentGame& g : games) {
    if (!g.record) continue;
    std::array<std::string, 3> names;
    for (std::size_t p = 0; p < 3; ++p) names[p] = g.is_b[p] ? b : a;
    const std::string id = fmt::format("{}-{}-{}", g.deal, bots::seating_name(g.b_seats), g.rotation);
    out << write_sgf_game(sgf_game_from(*g.record, names, std::to_string(config.seed), id, when)) << '\n';
  }
  out.flush();
  if (!out) spdlog::error("tournament: --sgf {}: cannot write", path);
  return static_cast<bool>(out);
}

int run_tournament_command(const TournamentArgs& args) {
  if (!args.group.empty()) return run_group_command(args);
  if (!args.merge.empty()) return run_merge(args);
  if (!args.replay.empty()) return run_replay(args);
  if (!args.server.empty()) return run_on_server(args);
  bots::TournamentConfig config;
  if (const int code = in_process_config(args, config)) return code;
  // The build is taken before the games: the data files as the bots loaded them.
  std::optional<GamesProvenance> build;
  if (!args.games_out.empty()) {
    auto now = current_provenance({config.a, config.b});
    if (!now) {
      spdlog::error("tournament: --games: {}", now.error());
      return 1;
    }
    build = std::move(*now);
  }
  config.keep_games = !args.sgf_out.empty();
  const auto start = std::chrono::steady_clock::now();
  const auto games = play(config, args.quiet);
  if (!games) return 1;
  if (!args.sgf_out.empty() && !write_sgf_file(args.sgf_out, config, *games)) return 1;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bots::TournamentReport report = bots::make_report(config, *games, seconds);
  print_report(report, args.json);
  if (build && !write_games(args.games_out, config, args.seating, *games, seconds, *build)) return 1;
  return args.db.empty() ? 0 : store_in_db(args.db, config, report, *games);
}

}  // namespace

Command add_tournament_command(CLI::App& parent) {
  auto args = std::make_shared<TournamentArgs>();
  CLI::App* app = parent.add_subcommand(
      "tournament",
      "Bot A against bot B on duplicate deals, seatings 2:1 and 1:2, with a report (in-process or --server)");
  app->add_option("--a", args->a, "Bot A: " + std::string(bots::kBotSpecHelp))->capture_default_str();
  app->add_option("--b", args->b, "Bot B, as --a")->capture_default_str();
  CLI::Option* deals = app->add_option("--deals", args->deals, "Duplicate deals per seating")
                           ->check(positive_number())
                           ->capture_default_str();
  CLI::Option* first_deal =
      app->add_option("--first-deal", args->first_deal,
                      "Play the deals from this index of the seed's sequence on (a shard of a longer tournament)")
          ->check(CLI::NonNegativeNumber)
          ->capture_default_str();
  CLI::Option* seed = app->add_option("--seed", args->seed,
                                      "Seed of the deals and the bots (--server: only with the admin token; else "
                                      "the server draws it)")
                          ->capture_default_str();
  app->add_option("--games", args->games_out, "Also write every game to this file (one JSON line each), for --merge");
  app->add_option("--sgf", args->sgf_out,
                  "In-process: also write every game card by card to this file, one ISS SGF line each (skat replay "
                  "reads it)");
  CLI::Option* merge =
      app->add_option("--merge", args->merge, "Report on the games of these --games files (shards) instead of playing")
          ->expected(1, -1);
  app->add_option("--replay", args->replay,
                  "Play the deals of this --games file again (or those --first-deal and --deals name) and compare "
                  "each game's outcome with the recorded one")
      ->excludes(merge);
  app->add_flag("--allow-other-build", args->allow_other_build,
                "--replay, --merge: go on with a warning when the games were played with another solver (bench "
                "digest) or other data files");
  app->add_option("--seating", args->seating, "Seatings to play")
      ->check(CLI::IsMember({"2:1", "1:2", "both"}))
      ->capture_default_str();
  app->add_option("--threads", args->threads, "Deals played in parallel")
      ->check(positive_number())
      ->capture_default_str();
  app->add_option("--move-ms", args->move_ms,
                  "In-process: the move clock of an outside program (program:CMD); past it the default move")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  app->add_option("--sprt", args->sprt,
                  "D0,D1: a sequential test of H0 B - A <= D0 against H1 B - A >= D1 (SF points per seat-game); "
                  "the deals are played in order and the tournament stops at the first bound crossed, --deals at "
                  "most (docs/evaluation.md)");
  app->add_option("--alpha", args->alpha, "--sprt: the chance of accepting H1 when B - A = D0")
      ->check(CLI::Range(0.001, 0.5))
      ->capture_default_str();
  app->add_option("--beta", args->beta, "--sprt: the chance of accepting H0 when B - A = D1")
      ->check(CLI::Range(0.001, 0.5))
      ->capture_default_str();
  CLI::Option* group =
      app->add_option("--bots", args->group,
                      "A gauntlet or round-robin of these 2 to 6 bots (instead of --a and --b), each pairing on the "
                      "same deals, with a crosstable")
          ->expected(2, bots::kMaxGroupBots);
  app->add_option("--format", args->format, "--bots: gauntlet (the first against each other) or round-robin")
      ->check(CLI::IsMember({"gauntlet", "round-robin"}))
      ->needs(group)
      ->capture_default_str();
  group->excludes(merge);
  app->add_flag("--json", args->json, "Print the report as JSON");
  app->add_flag("--no-judge", args->no_judge, "Skip the open-card solver's verdict on each game (no accuracy)");
  app->add_flag("--quiet", args->quiet, "No progress on stderr");
  app->add_option("--db", args->db, "Also store the in-process tournament and its report in this database");
  CLI::Option* server =
      app->add_option("--server", args->server,
                      "Play through this server (http://host:port) with its bot clients; --threads and --no-judge "
                      "do not apply");
  CLI::Option* session = app->add_option("--token-file", args->token_file,
                                         "File holding your session token (--server): start the tournament as that "
                                         "player (POST /api/tournaments)")
                             ->needs(server);
  app->add_option("--admin-token", args->admin_token, "The server's admin token (--server)")->excludes(session);
  app->add_option("--admin-token-file", args->admin_token_file, "File holding the server's admin token (--server)")
      ->excludes(session);
  return {app, [args, seed, deals, first_deal] {
            args->seed_given = seed->count() > 0;
            args->deals_given = deals->count() > 0;
            args->first_deal_given = first_deal->count() > 0;
            return run_tournament_command(*args);
          }};
}

}  // namespace skat::cli
