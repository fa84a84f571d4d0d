#include "server/play/tournament_director.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "bots/bot_factory.h"
#include "bots/tournament/tournament_report.h"
#include "common/csprng.h"
#include "protocol/client_messages.h"
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

bool TournamentRequest::sealed() const {
  return a.starts_with(lobby::kAccountPrefix) || b.starts_with(lobby::kAccountPrefix);
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
  constexpr std::string_view kShape = R"(expected {"a":…,"b":…,"deals":…,"seed":…,"seating":…})";
  if (!body.is_object()) return std::unexpected(std::string(kShape));
  for (const auto& item : body.items())
    if (item.key() != "a" && item.key() != "b" && item.key() != "deals" && item.key() != "seed" &&
        item.key() != "seating")
      return std::unexpected("unknown field \"" + item.key().substr(0, 40) + "\"; " + std::string(kShape));
  TournamentRequest r;
  for (auto [key, spec] : {std::pair{"a", &r.a}, std::pair{"b", &r.b}}) {
    const auto it = body.find(key);
    if (it == body.end() || !it->is_string())
      return std::unexpected(std::string("\"") + key + "\" (a bot spec) is needed");
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
  return r;
}

TournamentDirector::TournamentDirector(std::weak_ptr<Hub> hub, DbWriter& writer, const ServeConfig& config)
    : hub_(std::move(hub)), writer_(writer), config_(config) {}

table::TableConfig TournamentDirector::table_config(std::int64_t id, const TablePlan& plan,
                                                    const bots::TournamentConfig& config,
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
        (seat == plan.lone_seat) == (plan.b_seats == 1) ? config.b.describe() : config.a.describe();
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
    outside[static_cast<std::size_t>(seat)] =
        c.seat_bot_kinds[static_cast<std::size_t>(seat)].starts_with(lobby::kAccountPrefix);
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
    auto parsed = bots::parse_bot_spec(*text, false);
    if (!parsed) return std::unexpected(parsed.error());
    *spec = *parsed;
  }
  config.deals = std::clamp(request.deals, 1, kMaxTournamentDeals);
  const bool sealed = request.sealed();
  // An outside program must not know the deals in advance: its tournament's seed is drawn here.
  config.seed = request.seed ? *request.seed : sealed || request.started_by ? Csprng()() : 1;
  config.b_seats = request.b_seats;
  config.judge = false;  // the server does not spend its cores on the open-card solver

  db::TournamentRecord record;
  record.mode = "server";
  record.a = config.a.describe();
  record.b = config.b.describe();
  record.seed = config.seed;
  record.deals = config.deals;
  record.seatings = bots::seatings_text(config.b_seats);
  record.started_by = request.started_by;
  record.seed_sha256 = seed_commitment(config.seed);
  record.sealed = sealed;
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
  const auto hub = hub_.lock();
  if (!hub) return abandon("the server is stopping");
  for (const TablePlan& plan : plans) {
    table::TableConfig tc = table_config(*id, plan, config, deal_ids);
    auto table = writer_.call([tc](RecordStore& store) { return store.create_table(tc); });
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
    hub->open_managed_table(*table, std::move(tc), std::move(hooks), std::move(bots));
  }
  spdlog::info("tournament {}: {} vs {}, {} deals, seed hash {}, {} tables", *id, record.a, record.b, config.deals,
               record.seed_sha256.substr(0, 16), plans.size());
  return Started{*id, record.seed_sha256};
}

void TournamentDirector::game_finished(std::int64_t id, const TablePlan& plan, const table::FinishedGame& fg) {
  const std::lock_guard lock(mutex_);
  const auto it = running_.find(id);
  if (it == running_.end()) return;
  Running& r = it->second;
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
  if (g + 1 == plan.deals) --r.tables_left;
  if (deal_done || r.tables_left == 0) save(id, r, r.tables_left == 0);
  if (r.tables_left == 0) {
    spdlog::info("tournament {} finished: {} deals", id, r.deals_done);
    // Keep the games of the last few finished tournaments only.
    std::size_t finished = 0;
    for (auto f = running_.rbegin(); f != running_.rend(); ++f) {
      if (f->second.tables_left > 0) continue;
      if (++finished > kFinishedKept) f->second.by_deal.clear();
    }
  }
}

void TournamentDirector::save(std::int64_t id, Running& r, bool force) {
  const auto now = std::chrono::steady_clock::now();
  const int step = std::max(1, r.config.deals / kCurvePoints);
  const bool curve_due = r.deals_done > 0 && (r.deals_done % step == 0 || force);
  if (!force && !curve_due && now - r.saved < kSaveEvery) return;
  // The report over the complete deals, renumbered 0..n−1 so that every seating sees the same ones.
  std::vector<bots::TournamentGame> games;
  int n = 0;
  for (const auto& deal : r.by_deal) {
    if (deal.size() != r.games_per_deal) continue;
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
    const bots::TournamentReport made = bots::make_report(partial, games, seconds);
    report = tournament_report_json(made);
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
  if (force) progress.final_status = n == r.config.deals ? "finished" : "aborted";
  writer_.post([id, progress = std::move(progress)](TournamentStore& store) {
    if (auto ok = store.update_tournament(id, progress); !ok)
      spdlog::error("tournament {}: {}", id, ok.error().message);
  });
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
