#include "server/play/tournament_director.h"

#include <sodium.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "bots/bot_factory.h"
#include "bots/tournament/tournament_report.h"
#include "common/csprng.h"
#include "common/text_rules.h"
#include "protocol/client_messages.h"
#include "protocol/server_messages.h"
#include "server/lobby/lobby.h"
#include "server/play/hub.h"
#include "server/play/table_host.h"
#include "server/play/tournament_json.h"

namespace skat::app {

using Json = nlohmann::json;

namespace {

constexpr std::size_t kFinishedKept = 4;  // finished tournaments whose games stay in memory
constexpr auto kSaveEvery = std::chrono::seconds(5);
constexpr int kCurvePoints = 50;

int mod3(int x) { return ((x % 3) + 3) % 3; }

}  // namespace

namespace {

bool players_bot(const std::string& side) {
  return side.starts_with(lobby::kAccountPrefix) || side.starts_with(lobby::kSandboxPrefix);
}

}  // namespace

bool TournamentRequest::sealed() const { return players_bot(a) || players_bot(b); }

bool TournamentRequest::rated() const {
  return !a.starts_with(lobby::kAccountPrefix) && !b.starts_with(lobby::kAccountPrefix);
}

bool house_program_online(const std::string& spec, const std::map<std::string, int>& online) {
  return std::ranges::any_of(online, [&](const auto& program) { return lobby::kind_matches(program.first, spec); });
}

int TournamentRequest::tables() const {
  const int blocks = (deals + protocol::kMaxDeals - 1) / protocol::kMaxDeals;
  return blocks * 3 * static_cast<int>(b_seats.size());
}

std::string seed_commitment(std::uint64_t seed) {
  const std::string text = std::to_string(seed);
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (const unsigned char byte : digest) {
    hex += kHex[byte >> 4];
    hex += kHex[byte & 15];
  }
  return hex;
}

std::expected<TournamentRequest, std::string> parse_tournament_request(const Json& body, bool seed_allowed) {
  constexpr std::string_view kShape =
      R"(expected {"a":…,"b":…,"deals":…,"seed":…,"seating":…,"sprt":[D0,D1],"alpha":…,"beta":…})";
  if (!body.is_object()) return std::unexpected(std::string(kShape));
  for (const auto& item : body.items())
    if (item.key() != "a" && item.key() != "b" && item.key() != "deals" && item.key() != "seed" &&
        item.key() != "seating" && item.key() != "sprt" && item.key() != "alpha" && item.key() != "beta")
      return std::unexpected("unknown field \"" + item.key().substr(0, 40) + "\"; " + std::string(kShape));
  TournamentRequest r;
  for (auto [key, spec] : {std::pair{"a", &r.a}, std::pair{"b", &r.b}}) {
    const auto it = body.find(key);
    if (it == body.end() || !it->is_string())
      return std::unexpected(std::string("\"") + key + "\" (a bot spec) is needed");
    if (const std::string& text = it->get_ref<const std::string&>(); text.starts_with(lobby::kSandboxPrefix)) {
      const std::size_t name = text.size() - lobby::kSandboxPrefix.size();
      if (name < 1 || name > bots::BotSpec::kMaxAccountBytes)
        return std::unexpected(std::string(key) + ": sandbox:NAME needs a bot's name");
      *spec = text;
      continue;
    }
    const auto parsed = bots::parse_bot_spec(it->get<std::string>(), false);
    if (!parsed) return std::unexpected(std::string(key) + ": " + parsed.error());
    if (parsed->kind == "program")
      return std::unexpected(std::string(key) +
                             ": a program plays on the server through its bot account (skat bot --program), "
                             "named \"account:NAME\"");
    *spec = parsed->describe();
  }
  if (const auto it = body.find("deals"); it != body.end()) {
    if (!it->is_number_integer() || *it < 1 || *it > kMaxTournamentDeals)
      return std::unexpected("\"deals\" must be an integer in 1.." + std::to_string(kMaxTournamentDeals));
    r.deals = it->get<int>();
  }
  if (const auto it = body.find("seed"); it != body.end()) {
    if (!seed_allowed)
      return std::unexpected(
          "\"seed\": the server draws the seed of a player's tournament (its hash is shown "
          "at the start, the seed at the end)");
    if (!it->is_number_unsigned()) return std::unexpected("\"seed\" must be an unsigned integer");
    r.seed = it->get<std::uint64_t>();
  }
  if (const auto it = body.find("seating"); it != body.end()) {
    const auto seatings = bots::seatings_named(it->is_string() ? it->get<std::string>() : "");
    if (!seatings) return std::unexpected(R"("seating" must be "2:1", "1:2" or "both")");
    r.b_seats = *seatings;
  }
  if (const auto it = body.find("sprt"); it != body.end()) {
    if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number() || !(*it)[1].is_number())
      return std::unexpected(R"("sprt" must be [D0,D1], two numbers (SF points per seat-game))");
    bots::SprtTest test{(*it)[0].get<double>(), (*it)[1].get<double>()};
    for (auto [key, p] : {std::pair{"alpha", &test.alpha}, std::pair{"beta", &test.beta}})
      if (const auto v = body.find(key); v != body.end()) {
        if (!v->is_number()) return std::unexpected(std::string("\"") + key + "\" must be a number");
        *p = v->get<double>();
      }
    if (const std::string problem = bots::sprt_problem(test); !problem.empty()) return std::unexpected(problem);
    r.sprt = test;
  } else if (body.contains("alpha") || body.contains("beta")) {
    return std::unexpected(R"("alpha" and "beta" belong to a sequential test: "sprt":[D0,D1])");
  }
  return r;
}

TournamentDirector::TournamentDirector(boost::asio::io_context& io, std::weak_ptr<Hub> hub, DbWriter& writer,
                                       const ServeConfig& config)
    : io_(io),
      hub_(std::move(hub)),
      writer_(writer),
      config_(config),
      runner_(std::make_shared<SandboxRunner>(
          io, std::filesystem::temp_directory_path() / ("skat-sandbox-" + std::to_string(::getpid())))) {}

table::TableConfig TournamentDirector::table_config(std::int64_t id, const TablePlan& plan,
                                                    const bots::TournamentConfig& config,
                                                    const std::array<std::string, 2>& sides,
                                                    const std::vector<std::uint64_t>& deal_ids) {
  table::TableConfig c;
  c.deals = plan.deals;
  c.bot_move_ms = config_.bot_move_ms;
  c.human_move_ms = config_.human_move_ms;
  c.grace_ms = config_.grace_ms;
  if (const auto hub = hub_.lock()) c.hand_strengths = hub->hand_strengths();
  c.event = "Tournament " + std::to_string(id);
  // A bot that stays away past the grace is replaced by one running the same program.
  for (int seat = 0; seat < 3; ++seat)
    c.seat_bot_kinds[static_cast<std::size_t>(seat)] =
        (seat == plan.lone_seat) == (plan.b_seats == 1) ? sides[1] : sides[0];
  auto ids = std::make_shared<const std::vector<std::uint64_t>>(deal_ids.begin() + plan.first_deal,
                                                                deal_ids.begin() + plan.first_deal + plan.deals);
  c.deal_source = [ids](int game) {
    return game >= 0 && static_cast<std::size_t>(game) < ids->size() ? (*ids)[static_cast<std::size_t>(game)]
                                                                     : ~std::uint64_t{0};
  };
  // A player's bot gets its player seed through a one-way function: nothing it receives leads
  // back to the tournament's seed, and so to the other hands (the in-process program bridge sends
  // the same value).
  std::array<bool, 3> outside{};
  for (int seat = 0; seat < 3; ++seat)
    outside[static_cast<std::size_t>(seat)] = players_bot(c.seat_bot_kinds[static_cast<std::size_t>(seat)]);
  c.seat_seed = [plan, seed = config.seed, outside](int game, int seat) {
    const int rotation = mod3(plan.lone_seat - game);
    const std::uint64_t own =
        bots::tournament_seat_seed(seed, plan.first_deal + game, plan.b_seats, rotation, mod3(seat - game));
    return outside[static_cast<std::size_t>(mod3(seat))] ? bots::blinded_seat_seed(own) : own;
  };
  return c;
}

std::expected<TournamentDirector::Started, std::string> TournamentDirector::start(const TournamentRequest& request) {
  bots::TournamentConfig config;
  for (auto [text, spec] : {std::pair{&request.a, &config.a}, std::pair{&request.b, &config.b}}) {
    // An uploaded program is named by its account ("account:NAME" here), played by "sandbox:NAME".
    auto parsed =
        bots::parse_bot_spec(text->starts_with(lobby::kSandboxPrefix)
                                 ? std::string(lobby::kAccountPrefix) + text->substr(lobby::kSandboxPrefix.size())
                                 : *text,
                             false);
    if (!parsed) return std::unexpected(parsed.error());
    *spec = *parsed;
  }
  config.deals = std::clamp(request.deals, 1, kMaxTournamentDeals);
  const bool sealed = request.sealed();
  // An outside program must not know the deals in advance: its tournament's seed is drawn here.
  config.seed = request.seed ? *request.seed : sealed || request.started_by ? Csprng()() : 1;
  config.b_seats = request.b_seats;
  config.judge = false;  // the server does not spend its cores on the open-card solver
  config.sprt = request.sprt;

  db::TournamentRecord record;
  record.mode = "server";
  record.a = request.a.starts_with(lobby::kSandboxPrefix) ? request.a : config.a.describe();
  record.b = request.b.starts_with(lobby::kSandboxPrefix) ? request.b : config.b.describe();
  record.seed = config.seed;
  record.deals = config.deals;
  record.seatings = bots::seatings_text(config.b_seats);
  record.started_by = request.started_by;
  record.seed_sha256 = seed_commitment(config.seed);
  record.sealed = sealed;
  record.rated = request.rated();
  record.ladder = request.ladder;
  auto id = writer_.call([record](TournamentStore& store) { return store.create_tournament(record); });
  if (!id) return std::unexpected(id.error().message);

  const auto deal_ids = bots::tournament_deal_ids(config.seed, config.deals);
  std::vector<TablePlan> plans;
  for (int first = 0; first < config.deals; first += protocol::kMaxDeals)
    for (const int b_seats : config.b_seats)
      for (int lone = 0; lone < 3; ++lone)
        plans.push_back({b_seats, lone, first, std::min(protocol::kMaxDeals, config.deals - first)});
  {
    const std::lock_guard lock(mutex_);
    Running& r = running_[*id];
    r.config = config;
    r.by_deal.resize(static_cast<std::size_t>(config.deals));
    r.games_per_deal = 3 * config.b_seats.size();
    r.tables_left = static_cast<int>(plans.size());
    r.started = r.saved = std::chrono::steady_clock::now();
    r.started_by = request.started_by;
    r.sides = {record.a, record.b};
    if (config.sprt) r.sprt.emplace(*config.sprt);
  }
  // Not started after all: the row says so, and nothing waits for its games.
  auto abandon = [&](std::string why) -> std::expected<Started, std::string> {
    {
      const std::lock_guard lock(mutex_);
      running_.erase(*id);
    }
    writer_.post([tid = *id](TournamentStore& store) { (void)store.update_tournament(tid, {0, {}, "[]", "aborted"}); });
    return std::unexpected(std::move(why));
  };
  std::expected<void, std::string> leased;
  {
    const std::lock_guard lock(mutex_);
    leased = lease_sandboxes(running_[*id], plans);
    if (leased) tell_challenged(*id, running_[*id], request, config);
  }
  if (!leased) return abandon(leased.error());
  const auto hub = hub_.lock();
  if (!hub) return abandon("the server is stopping");
  for (const TablePlan& plan : plans) {
    table::TableConfig tc = table_config(*id, plan, config, {record.a, record.b}, deal_ids);
    auto table = writer_.call([tc](RecordStore& store) { return store.create_table(tc, {}); });
    if (!table) return abandon("table not created: " + table.error().message);
    const db::TournamentTable row{*table, plan.b_seats, plan.lone_seat, plan.first_deal, {}};
    writer_.post([tid = *id, row](TournamentStore& store) {
      if (auto ok = store.add_tournament_table(tid, row); !ok)
        spdlog::error("tournament {}: {}", tid, ok.error().message);
    });
    std::vector<table::BotRequest> bots;
    for (int seat = 0; seat < 3; ++seat)
      bots.push_back({seat, tc.seat_bot_kinds[static_cast<std::size_t>(seat)], {}, true});
    TableHooks hooks;
    hooks.start_when_full = true;
    hooks.sealed = sealed;
    hooks.on_game = [weak = weak_from_this(), tid = *id, plan](const table::FinishedGame& game) {
      if (const auto self = weak.lock()) self->game_finished(tid, plan, game);
    };
    {
      const std::lock_guard lock(mutex_);
      running_[*id].tables.push_back(*table);
    }
    hub->open_managed_table(*table, std::move(tc), std::move(hooks), std::move(bots));
  }
  arm_watch(*id);
  spdlog::info("tournament {}: {} vs {}, {} deals, seed hash {}, {} tables", *id, record.a, record.b, config.deals,
               record.seed_sha256.substr(0, 16), plans.size());
  return Started{*id, record.seed_sha256};
}

void TournamentDirector::tell_challenged(std::int64_t id, Running& r, const TournamentRequest& request,
                                         const bots::TournamentConfig& config) {
  if (!request.started_by) return;  // the operator's tournaments challenge nobody
  const auto hub = hub_.lock();
  for (const auto& [side, program] : {std::pair{"a", &request.a}, std::pair{"b", &request.b}}) {
    if (!program->starts_with(lobby::kAccountPrefix)) continue;
    auto bot = writer_.call([&](BotAccountStore& store) {
      return store.find_bot(std::string_view(*program).substr(lobby::kAccountPrefix.size()));
    });
    if (!bot || !bot->owner || *bot->owner == *request.started_by) continue;
    r.challenged[bot->player_id] = bot->name;
    protocol::Challenge c;
    c.tournament = id;
    c.challenger_id = *request.started_by;
    c.challenger = request.started_by_name;
    c.side = side;
    c.a = request.a;
    c.b = request.b;
    c.deals = config.deals;
    c.seating = bots::seatings_text(config.b_seats);
    if (config.sprt) c.sprt = std::pair{config.sprt->d0, config.sprt->d1};
    if (hub) hub->tell_player(bot->player_id, protocol::to_text(protocol::make_challenge(c)));
  }
}

bool TournamentDirector::running(std::int64_t id) const {
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  return it != running_.end() && it->second.tables_left > 0 && !it->second.ended;
}

std::string TournamentDirector::decline(std::int64_t bot_player, std::int64_t id) {
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  if (it == running_.end() || it->second.tables_left == 0 || it->second.ended)
    return "tournament " + std::to_string(id) + " is not running here";
  const auto bot = it->second.challenged.find(bot_player);
  if (bot == it->second.challenged.end()) return "tournament " + std::to_string(id) + " does not challenge this bot";
  end_early(id, it->second, "declined by the bot " + bot->second, true);
  return {};
}

void TournamentDirector::set_endpoint(std::string host, int port) { runner_->set_endpoint(std::move(host), port); }

std::expected<void, std::string> TournamentDirector::lease_sandboxes(Running& r, const std::vector<TablePlan>& plans) {
  for (std::size_t side = 0; side < 2; ++side) {
    const std::string& program = r.sides[side];
    if (!program.starts_with(lobby::kSandboxPrefix)) continue;
    const std::string name = program.substr(lobby::kSandboxPrefix.size());
    // Its seats at every table at once: B holds one seat at a 2:1 table and two at a 1:2 one.
    int seats = 0;
    for (const TablePlan& plan : plans) seats += (side == 1) == (plan.b_seats == 1) ? 1 : 2;
    auto bot = writer_.call([&](BotAccountStore& store) { return store.find_bot(name); });
    if (!bot || !bot->owner) return std::unexpected("no player's bot '" + name + "'");
    auto source = writer_.call([id = bot->player_id](BotAccountStore& store) { return store.bot_program(id); });
    if (!source) return std::unexpected("the program of '" + name + "': " + source.error().message);
    if (!*source) return std::unexpected("the bot '" + name + "' has no uploaded program");
    auto lease = runner_->lease(bot->name, **source, seats);
    if (!lease) return std::unexpected(lease.error());
    r.sandboxes[side] = std::move(*lease);
  }
  return {};
}

void TournamentDirector::game_finished(std::int64_t id, const TablePlan& plan, const table::FinishedGame& fg) {
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  if (it == running_.end()) return;
  Running& r = it->second;
  if (r.ended) return;
  const int g = fg.game_index;
  const int index = plan.first_deal + g;
  if (index < 0 || index >= r.config.deals) return;
  // By position (forehand = seat g mod 3).
  std::array<std::vector<float>, 3> move_ms;
  for (int p = 0; p < 3; ++p) move_ms[static_cast<std::size_t>(p)] = fg.move_ms[static_cast<std::size_t>((g + p) % 3)];
  bots::TournamentGame game =
      bots::tournament_game(fg.game, index, fg.deal_id, plan.b_seats, mod3(plan.lone_seat - g), move_ms);
  for (int p = 0; p < 3; ++p)
    game.timeouts[game.is_b[static_cast<std::size_t>(p)] ? 1 : 0] += fg.timeouts[static_cast<std::size_t>((g + p) % 3)];
  auto& games = r.by_deal[static_cast<std::size_t>(index)];
  games.push_back(std::move(game));
  const bool deal_done = games.size() == r.games_per_deal;
  if (deal_done) ++r.deals_done;
  if (g + 1 == plan.deals) {
    --r.tables_left;
    r.tables_done.push_back(fg.table);
  }
  if (deal_done && r.sprt && advance_sprt(id, r)) return;
  if (deal_done || r.tables_left == 0) save(id, r, r.tables_left == 0);
  if (r.tables_left == 0) {
    spdlog::info("tournament {} finished: {} deals", id, r.deals_done);
    r.sandboxes = {};  // its sandbox connections close
    // Keep the games of the last few finished tournaments only.
    std::size_t finished = 0;
    for (auto f = running_.rbegin(); f != running_.rend(); ++f) {
      if (f->second.tables_left > 0) continue;
      if (++finished > kFinishedKept) f->second.by_deal.clear();
    }
  }
}

bool TournamentDirector::advance_sprt(std::int64_t id, Running& r) {
  while (r.sprt_next < r.config.deals && r.by_deal[static_cast<std::size_t>(r.sprt_next)].size() == r.games_per_deal) {
    // The deal alone, as deal 0: its difference without the others.
    std::vector<bots::TournamentGame> deal = r.by_deal[static_cast<std::size_t>(r.sprt_next)];
    for (bots::TournamentGame& g : deal) g.deal = 0;
    const std::vector<double> difference = bots::deal_difference_series(r.config, deal);
    ++r.sprt_next;
    if (difference.empty() || !r.sprt->add(difference.front())) continue;
    r.sprt_stop = r.sprt_next;
    spdlog::info("tournament {}: the SPRT accepted {} after {} deals", id, r.sprt->result().verdict, r.sprt_next);
    end_early(id, r, {}, false);  // no reason: with the stop recorded, it ends as finished
    return true;
  }
  return false;
}

void TournamentDirector::save(std::int64_t id, Running& r, bool force, std::string end_reason, bool cancelled) {
  const auto now = std::chrono::steady_clock::now();
  const int step = std::max(1, r.config.deals / kCurvePoints);
  const bool curve_due = r.deals_done > 0 && (r.deals_done % step == 0 || force);
  if (!force && !curve_due && now - r.saved < kSaveEvery) return;
  // The report over the complete deals, renumbered 0..n−1 so that every seating sees the same ones.
  // With a sequential test, the deals complete in order only, up to where it stopped.
  std::vector<bots::TournamentGame> games;
  int n = 0;
  for (const auto& deal : r.by_deal) {
    if (r.sprt_stop && n == *r.sprt_stop) break;
    if (deal.size() != r.games_per_deal) {
      if (r.sprt) break;
      continue;
    }
    for (bots::TournamentGame g : deal) {
      g.deal = n;
      games.push_back(std::move(g));
    }
    ++n;
  }
  bots::TournamentConfig partial = r.config;
  partial.deals = n;
  const double seconds = std::chrono::duration<double>(now - r.started).count();
  Json report;
  if (n > 0) {
    bots::TournamentReport made = bots::make_report(partial, games, seconds);
    made.a = r.sides[0];
    made.b = r.sides[1];
    report = tournament_report_json(made);
    // An uploaded program's faults, counted by the sandbox (all seatings together).
    for (std::size_t side = 0; side < 2; ++side)
      if (r.sandboxes[side] && report.contains("seatings") && !report["seatings"].empty())
        report["seatings"].back()[side == 0 ? "a" : "b"]["program_faults"] =
            program_faults_json(r.sandboxes[side]->faults());
    if (curve_due && (r.curve.empty() || r.curve.back().deals != n)) {
      const bots::SeatingReport& total = made.seatings.back();
      r.curve.push_back({n, total.difference, total.ci_low, total.ci_high});
    }
  }
  r.saved = now;
  db::TournamentProgress progress;
  progress.deals_done = n;
  progress.report = report.is_null() ? std::string() : report.dump();
  progress.curve = curve_json(r.curve).dump();
  if (force)
    progress.final_status = (n == r.config.deals || r.sprt_stop) && end_reason.empty() ? "finished" : "aborted";
  progress.end_reason = std::move(end_reason);
  progress.cancelled = cancelled;
  writer_.post([id, progress = std::move(progress)](TournamentStore& store) {
    if (auto ok = store.update_tournament(id, progress); !ok)
      spdlog::error("tournament {}: {}", id, ok.error().message);
  });
}

std::expected<void, TournamentDirector::CancelError> TournamentDirector::cancel(std::int64_t id,
                                                                                std::optional<std::int64_t> by) {
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  if (it == running_.end() || it->second.tables_left == 0 || it->second.ended)
    return std::unexpected(CancelError::NotRunning);
  if (by && it->second.started_by != by) return std::unexpected(CancelError::NotYours);
  end_early(id, it->second, by ? "cancelled by the player who started it" : "cancelled by the operator", true);
  return {};
}

void TournamentDirector::end_early(std::int64_t id, Running& r, std::string reason, bool cancelled) {
  r.ended = true;
  r.tables_left = 0;
  if (r.watch) r.watch->cancel();
  if (const auto hub = hub_.lock())
    for (const table::TableId table : r.tables)
      if (std::ranges::find(r.tables_done, table) == r.tables_done.end()) hub->end_managed_table(table);
  if (!reason.empty()) spdlog::info("tournament {} ended early: {}", id, reason);
  save(id, r, true, std::move(reason), cancelled);
  r.sandboxes = {};
}

void TournamentDirector::arm_watch(std::int64_t id) {
  std::shared_ptr<boost::asio::steady_timer> timer;
  {
    const std::lock_guard lock(mutex_);
    const auto it = running_.find(id);
    if (it == running_.end() || it->second.ended || it->second.tables_left == 0) return;
    if (!it->second.watch) it->second.watch = std::make_shared<boost::asio::steady_timer>(io_);
    timer = it->second.watch;
  }
  timer->expires_after(config_.tournament_check);
  timer->async_wait([weak = weak_from_this(), id](boost::system::error_code ec) {
    const auto self = weak.lock();
    if (!self || ec) return;
    const auto hub = self->hub_.lock();
    if (!hub) return;
    std::vector<table::TableId> tables;
    {
      const std::lock_guard lock(self->mutex_);
      const auto it = self->running_.find(id);
      if (it == self->running_.end() || it->second.ended || it->second.tables_left == 0) return;
      tables = it->second.tables;
    }
    hub->waiting_at(std::move(tables), [weak, id](std::map<table::TableId, BotDispatch::Waiting> waits) {
      if (const auto director = weak.lock()) {
        director->check_waits(id, waits);
        director->arm_watch(id);
      }
    });
  });
}

void TournamentDirector::check_waits(std::int64_t id, const std::map<table::TableId, BotDispatch::Waiting>& waits) {
  const auto now = std::chrono::steady_clock::now();
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  if (it == running_.end() || it->second.ended || it->second.tables_left == 0) return;
  const auto hub = hub_.lock();
  const std::map<std::string, int> online = hub ? hub->stats().house_programs : std::map<std::string, int>{};
  for (const auto& [table, wait] : waits) {
    if (now - wait.since < config_.tournament_wait) continue;
    // What it waits for, by program: "2 × rule, 1 × simple".
    std::map<std::string, int> wanted;
    for (const table::BotRequest& r : wait.requests) ++wanted[r.name.empty() ? r.kind : r.name];
    // House bots that are connected but busy at other tables free up in time (the table holds
    // none meanwhile): it waits on. It cannot start when fewer of a house program are connected than
    // it needs, or when a player's bot on its own connections has not come in the time.
    const bool hopeless = std::ranges::any_of(wanted, [&](const auto& want) {
      if (want.first.starts_with(lobby::kSandboxPrefix)) return false;  // the server's own connections
      if (want.first.starts_with(lobby::kAccountPrefix)) return true;
      int connected = 0;
      for (const auto& [program, connections] : online)
        if (lobby::kind_matches(program, want.first)) connected += connections;
      return connected < want.second;
    });
    if (!hopeless) continue;
    std::string what;
    for (const auto& [program, n] : wanted) what += (what.empty() ? "" : ", ") + std::to_string(n) + " × " + program;
    std::string programs;
    for (const auto& [program, connections] : online)
      programs += (programs.empty() ? "" : ", ") + program + " (" + std::to_string(connections) + ")";
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(config_.tournament_wait).count();
    std::string reason = "table " + std::to_string(table) + " waited " + std::to_string(seconds) +
                         " s for bots it could not get (" + what +
                         "); house programs online: " + (programs.empty() ? "none" : programs);
    reason = std::string(text::truncate(reason, 500));
    end_early(id, it->second, std::move(reason), false);
    return;
  }
}

std::vector<bots::TournamentGame> TournamentDirector::games(std::int64_t id) const {
  const std::lock_guard lock(mutex_);
  std::vector<bots::TournamentGame> out;
  const auto it = running_.find(id);
  if (it == running_.end()) return out;
  for (const auto& deal : it->second.by_deal) {
    std::vector<bots::TournamentGame> sorted = deal;
    std::ranges::sort(sorted, [](const auto& x, const auto& y) {
      return std::pair{x.b_seats, x.rotation} < std::pair{y.b_seats, y.rotation};
    });
    out.insert(out.end(), sorted.begin(), sorted.end());
  }
  return out;
}

}  // namespace skat::app
