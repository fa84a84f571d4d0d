#include "server/play/ladder.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "bridge/sandbox.h"
#include "common/csprng.h"
#include "server/lobby/lobby.h"
#include "server/play/hub.h"

namespace skat::app {

std::optional<std::pair<std::string, std::string>> next_ladder_pairing(
    const std::vector<std::string>& entrants, const std::vector<std::pair<std::string, std::string>>& played) {
  std::optional<std::pair<std::string, std::string>> best;
  int fewest = 0;
  for (std::size_t i = 0; i < entrants.size(); ++i)
    for (std::size_t j = i + 1; j < entrants.size(); ++j) {
      const std::string &x = entrants[i], &y = entrants[j];
      int matches = 0, x_was_a = 0;
      for (const auto& [a, b] : played) {
        if (!((a == x && b == y) || (a == y && b == x))) continue;
        ++matches;
        x_was_a += a == x ? 1 : 0;
      }
      if (best && matches >= fewest) continue;
      fewest = matches;
      // Sides take turns: x is A unless it was A more often than y.
      best = 2 * x_was_a <= matches ? std::pair{x, y} : std::pair{y, x};
    }
  return best;
}

Ladder::Ladder(std::weak_ptr<Hub> hub, DbWriter& writer, std::shared_ptr<TournamentDirector> tournaments,
               const ServeConfig& config)
    : hub_(std::move(hub)), writer_(writer), tournaments_(std::move(tournaments)), config_(config) {}

Ladder::~Ladder() { stop(); }

void Ladder::start() {
  if (config_.ladder_every.count() <= 0 || thread_.joinable()) return;
  thread_ = std::jthread([this](std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, stop, config_.ladder_every, [] { return false; })) {
      lock.unlock();
      try {
        tick();
      } catch (const std::exception& e) {
        spdlog::error("ladder: {}", e.what());
      }
      lock.lock();
    }
  });
}

void Ladder::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

std::vector<std::string> Ladder::entrants() {
  std::vector<std::string> out;
  const auto hub = hub_.lock();
  if (!hub) return out;
  // House programs with two connections or more: both seatings can seat them.
  for (const auto& [program, connections] : hub->stats().house_programs)
    if (connections >= 2) out.push_back(program);
  // Players' uploaded programs that accept challenges, when the sandbox works here.
  if (bridge::sandbox_available()) {
    auto bots = writer_.call([](BotAccountStore& store) { return store.challengeable_bots(); });
    if (bots)
      for (const BotInfo& bot : *bots)
        if (!bot.uploaded_language.empty()) out.push_back(std::string(lobby::kSandboxPrefix) + bot.name);
  }
  std::ranges::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<std::int64_t> Ladder::tick() {
  if (running_ && tournaments_->running(*running_)) return std::nullopt;  // one match at a time
  running_.reset();
  const auto hub = hub_.lock();
  if (!hub) return std::nullopt;
  if (hub->stats().bots_free < 3 + config_.ladder_spare_bots) return std::nullopt;
  const std::vector<std::string> entrants = this->entrants();
  auto recent = writer_.call([](TournamentStore& store) { return store.tournaments(500); });
  if (!recent) return std::nullopt;
  std::vector<std::pair<std::string, std::string>> played;
  for (const db::TournamentRecord& t : *recent)
    if (t.ladder) played.emplace_back(t.a, t.b);
  const auto pairing = next_ladder_pairing(entrants, played);
  if (!pairing) return std::nullopt;
  TournamentRequest request;
  request.a = pairing->first;
  request.b = pairing->second;
  request.deals = std::max(1, config_.ladder_deals);
  request.seed = Csprng()();  // fresh deals every match
  request.ladder = true;
  const auto started = tournaments_->start(request);
  if (!started) {
    spdlog::warn("ladder: {} against {} not started: {}", request.a, request.b, started.error());
    return std::nullopt;
  }
  spdlog::info("ladder: tournament {}: {} against {}", started->id, request.a, request.b);
  running_ = started->id;
  return started->id;
}

}  // namespace skat::app
