#include "cli/bench_engine.h"

#include <bit>
#include <chrono>
#include <stdexcept>

#include "bots/play_deal.h"
#include "bots/rng.h"
#include "bots/simple_player.h"
#include "common/csprng.h"
#include "engine/play_state.h"

namespace skat::cli {

namespace {

using Clock = BenchClock;

constexpr std::uint64_t kDealSeed = 20250112;
constexpr std::uint64_t kPlaySeed = 7;
// Positions kept for the move generation figure: few enough to stay in cache.
constexpr std::size_t kMovegenPositions = 4096;

// The n-th (0-based) card of a set in ascending order.
Card nth_card(CardSet set, std::uint64_t n) {
  for (std::uint64_t i = 0; i < n; ++i) set.pop_first();
  return set.first();
}

struct DeclaredDeal {
  Deal deal;
  GameType game = GameType::Grand;
  int declarer = 0;
};

std::vector<DeclaredDeal> make_deals(int count) {
  Csprng gen = Csprng::from_seed(kDealSeed);
  std::vector<DeclaredDeal> deals(static_cast<std::size_t>(count));
  for (auto& d : deals) {
    d.deal = random_deal(gen);
    d.game = static_cast<GameType>(uniform_below(gen, kNumGameTypes));
    d.declarer = static_cast<int>(uniform_below(gen, 3));
  }
  return deals;
}

PlayState start_of_play(const DeclaredDeal& d) {
  return PlayState(d.game, d.deal.hands, d.declarer, card_points(d.deal.skat));
}

// Random full-game playouts of the fast play state; also keeps some positions for movegen.
double bench_playouts(const std::vector<DeclaredDeal>& deals, Fnv1a& digest, std::vector<PlayState>& positions) {
  bots::FastRng rng(kPlaySeed);
  const auto start = Clock::now();
  for (std::size_t i = 0; i < deals.size(); ++i) {
    PlayState s = start_of_play(deals[i]);
    while (!s.all_tricks_played()) {
      const CardSet moves = s.legal_moves();
      const Card c = nth_card(moves, uniform_below(rng, static_cast<std::uint64_t>(moves.size())));
      digest.add(static_cast<std::uint64_t>(c.id()));
      s.play(c);
      if (i % 16 == 0 && positions.size() < kMovegenPositions && s.tricks_done() == static_cast<int>(i / 16 % 10))
        positions.push_back(s);
    }
    digest.add(static_cast<std::uint64_t>(s.declarer_points()));
  }
  return static_cast<double>(deals.size()) / seconds_since(start);
}

double bench_movegen(const std::vector<PlayState>& positions, int rounds, Fnv1a& digest) {
  std::uint64_t acc = 0;
  const auto start = Clock::now();
  for (int r = 0; r < rounds; ++r)
    for (const PlayState& s : positions) acc = std::rotl(acc, 1) ^ s.legal_moves().bits();
  const double elapsed = seconds_since(start);
  digest.add(acc);
  return static_cast<double>(rounds) * static_cast<double>(positions.size()) / elapsed;
}

double bench_games(const std::vector<DeclaredDeal>& deals, Fnv1a& digest) {
  bots::SimplePlayer p0(kPlaySeed), p1(kPlaySeed + 1), p2(kPlaySeed + 2);
  const std::array<bots::Player*, 3> players = {&p0, &p1, &p2};
  const auto start = Clock::now();
  for (const auto& d : deals) {
    const auto game = bots::play_deal(d.deal, players);
    if (!game) throw std::logic_error("bench: " + game.error());
    for (const Action& a : game->history())
      digest.add(static_cast<std::uint64_t>(a.kind) | static_cast<std::uint64_t>(a.pos) << 8 |
                 static_cast<std::uint64_t>(a.bid) << 16 | static_cast<std::uint64_t>(a.card.id()) << 32 |
                 static_cast<std::uint64_t>(a.card2.id()) << 40 | static_cast<std::uint64_t>(a.declaration.type) << 48);
    digest.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(game->folded() ? 0 : game->result().list_entry)));
  }
  return static_cast<double>(deals.size()) / seconds_since(start);
}

}  // namespace

BenchReport run_engine_bench(bool quick) {
  const int playouts = quick ? 20'000 : 1'000'000;
  const int movegen_rounds = quick ? 500 : 50'000;
  const int games = quick ? 2'000 : 100'000;
  Fnv1a digest;
  std::vector<PlayState> positions;
  BenchReport report;
  const auto deals = make_deals(playouts);
  report.figures.push_back({"playouts_per_second", bench_playouts(deals, digest, positions), "games/s"});
  report.figures.push_back({"legal_movegen_per_second", bench_movegen(positions, movegen_rounds, digest), "gens/s"});
  const std::vector<DeclaredDeal> game_deals(deals.begin(), deals.begin() + games);
  report.figures.push_back({"game_playouts_per_second", bench_games(game_deals, digest), "games/s"});
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
