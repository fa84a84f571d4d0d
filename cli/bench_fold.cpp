#include "cli/bench_fold.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <stdexcept>

#include "bots/tables/fold.h"
#include "bots/tables/table_files.h"
#include "engine/deal.h"

namespace skat::cli {

namespace {

constexpr std::uint64_t kFoldSeed = 20260301;
constexpr std::array<int, 14> kBids = {18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 46, 48};
// Games generated, then folded, at a time: the timing covers the fold only.
constexpr std::size_t kChunk = 50'000;

std::uint64_t below(bots::FastRng& rng, std::uint64_t n) { return uniform_below(rng, n); }

Card random_card(bots::FastRng& rng, CardSet set) {
  for (auto n = below(rng, static_cast<std::uint64_t>(set.size())); n > 0; --n) set.pop_first();
  return set.first();
}

// Null 9 %, grand 25 %, else the suit of which the declarer's 12 cards hold the most.
GameType pick_game(bots::FastRng& rng, CardSet twelve) {
  const auto roll = below(rng, 100);
  if (roll < 9) return GameType::Null;
  if (roll < 34) return GameType::Grand;
  int best = 0;
  for (int s = 1; s < kNumSuits; ++s)
    if ((twelve & CardSet::of_suit(static_cast<Suit>(s))).size() >
        (twelve & CardSet::of_suit(static_cast<Suit>(best))).size())
      best = s;
  return static_cast<GameType>(best);
}

// Two random cards that are not trumps (any two when fewer remain).
std::array<Card, 2> pick_discard(bots::FastRng& rng, CardSet twelve, GameType type) {
  CardSet pool = twelve;
  if (type != GameType::Null) pool -= rules_for(type).trumps();
  if (pool.size() < 2) pool = twelve;
  const Card a = random_card(rng, pool);
  pool.remove(a);
  return {a, random_card(rng, pool)};
}

// Suit and grand: won with a probability that grows with trumps, jacks and aces (percent).
bool coin_for(bots::FastRng& rng, CardSet hand, GameType type) {
  const int jacks = (hand & CardSet::jacks()).size();
  const int trumps = (hand & rules_for(type).trumps()).size();
  const int aces = std::popcount(hand.bits() & 0x80808080u);
  const int percent = type == GameType::Grand ? 15 * jacks + 8 * aces : 10 * trumps + 8 * jacks - 30;
  return static_cast<int>(below(rng, 100)) < std::clamp(percent, 5, 95);
}

// Random legal tricks until the defenders have led once (suit, grand) or the null game is decided.
void play_tricks(bots::FastRng& rng, PgnGame& g, GameType type, CardSet declarer_hand) {
  const GameRules& rules = rules_for(type);
  std::array<CardSet, 3> left = g.hands;
  left[static_cast<std::size_t>(g.declarer)] = declarer_hand;
  int leader = kForehand;
  for (int t = 0; t < 10; ++t) {
    PgnTrick trick;
    for (int j = 0; j < 3; ++j) {
      CardSet& hand = left[static_cast<std::size_t>((leader + j) % 3)];
      const Card c = random_card(rng, j == 0 ? hand : rules.playable(hand, trick.cards[0]));
      trick.cards[static_cast<std::size_t>(j)] = c;
      hand.remove(c);
    }
    trick.winner = (leader + rules.trick_winner(trick.cards.data(), 3)) % 3;
    const int points = card_points(CardSet{trick.cards[0], trick.cards[1], trick.cards[2]});
    trick.points = trick.winner == g.declarer ? points : -points;
    g.tricks.push_back(trick);
    if (type == GameType::Null && trick.winner == g.declarer) return;
    if (type != GameType::Null && leader != g.declarer) return;
    leader = trick.winner;
  }
}

}  // namespace

PgnGame synthetic_fold_game(bots::FastRng& rng, int id) {
  PgnGame g;
  g.id = id;
  std::array<int, kNumCards> cards{};
  std::iota(cards.begin(), cards.end(), 0);
  for (std::size_t i = cards.size() - 1; i > 0; --i) std::swap(cards[i], cards[below(rng, i + 1)]);
  for (std::size_t c = 0; c < 30; ++c) g.hands[c / 10].add(Card(cards[c]));
  g.skat = {Card(cards[30]), Card(cards[31])};
  g.skat_put = g.skat;
  if (below(rng, 100) < 3) {
    g.folded = true;
    return g;
  }
  g.declarer = static_cast<int>(below(rng, 3));
  const CardSet twelve = g.hands[static_cast<std::size_t>(g.declarer)] | CardSet{g.skat[0], g.skat[1]};
  const GameType type = pick_game(rng, twelve);
  Declaration d;
  d.type = type;
  if (type == GameType::Null) {
    const auto roll = below(rng, 100);
    d.ouvert = roll < 10 || roll >= 95;
    d.hand = roll >= 70;
  } else {
    d.hand = below(rng, 10) == 0;
  }
  g.game = pgn_game_code(d);
  g.hand = d.hand;
  g.ouvert = d.ouvert;
  if (!d.hand) g.skat_put = pick_discard(rng, twelve, type);
  const int bid = kBids[below(rng, kBids.size())];
  for (int p = 0; p < 3; ++p)
    g.bids[static_cast<std::size_t>(p)] = p == g.declarer ? bid : below(rng, 2) == 0 ? 0 : std::min(bid, 18);
  if (below(rng, 200) == 0) g.bids[static_cast<std::size_t>(g.declarer)] = 19;
  const CardSet hand = twelve - CardSet{g.skat_put[0], g.skat_put[1]};
  play_tricks(rng, g, type, hand);
  g.won = type == GameType::Null ? g.tricks.back().winner != g.declarer : coin_for(rng, hand, type);
  return g;
}

BenchReport run_fold_bench(bool quick) {
  const std::size_t total = quick ? 5'000 : 1'000'000;
  bots::FastRng rng(kFoldSeed);
  bots::TableSet tables;
  tables.meta().provenance =
      "skat bench fold: " + std::to_string(total) + " synthetic games, seed " + std::to_string(kFoldSeed);
  bots::Folder folder(tables);
  std::vector<PgnGame> chunk;
  double fold_seconds = 0;
  std::uint64_t sequence = 1;
  for (std::size_t done = 0; done < total;) {
    const std::size_t n = std::min(kChunk, total - done);
    chunk.clear();
    for (std::size_t i = 0; i < n; ++i) chunk.push_back(synthetic_fold_game(rng, static_cast<int>(done + i)));
    const auto start = BenchClock::now();
    for (const PgnGame& g : chunk) folder.add(sequence++, g);
    fold_seconds += seconds_since(start);
    done += n;
  }

  const auto path =
      (std::filesystem::temp_directory_path() / ("skat-bench-fold-" + std::to_string(::getpid()) + ".bin")).string();
  auto start = BenchClock::now();
  const auto saved = bots::save_tables(path, tables, bots::TableFileFormat::Binary);
  const double write_ms = 1000 * seconds_since(start);
  start = BenchClock::now();
  const auto loaded = bots::load_tables(path);
  const double load_ms = 1000 * seconds_since(start);
  std::error_code ignored;
  const auto bytes = std::filesystem::file_size(path, ignored);
  std::filesystem::remove(path, ignored);
  if (!saved) throw std::runtime_error(saved.error());
  if (!loaded) throw std::runtime_error(loaded.error());
  if (!(*loaded == tables)) throw std::runtime_error("the binary table file did not load back equal");

  // Look-ups as a bot makes them (features, key, bucket, fallbacks) on the last chunk's games.
  std::vector<bots::DeclarerContext> contexts;
  for (const PgnGame& g : chunk)
    if (const auto samples = bots::game_samples(g)) contexts.push_back(samples->declarer);
  const std::size_t lookups = quick ? 5'000 : 1'000'000;
  double probability_sum = 0;
  start = BenchClock::now();
  for (std::size_t i = 0; i < lookups; ++i) probability_sum += tables.win_probability(contexts[i % contexts.size()]);
  const double lookup_ns = 1e9 * seconds_since(start) / static_cast<double>(lookups);

  const bots::FoldStats& s = folder.stats();
  Fnv1a digest;
  std::uint64_t buckets = 0;
  for (std::uint64_t v : {s.folded, s.lead_samples, s.passed, s.inconsistent, s.null_unattributed}) digest.add(v);
  digest.add(static_cast<std::uint64_t>(std::llround(probability_sum * 1e6)));
  for (const bots::WinningTable& t : tables.tables()) {
    buckets += t.foreground().size();
    for (const auto& [key, b] : t.foreground().sorted()) {
      digest.add(key);
      digest.add(b.games << 32 | b.won);
    }
  }
  BenchReport report;
  auto add = [&](std::string name, double value, std::string unit, int decimals) {
    report.figures.push_back({std::move(name), value, std::move(unit), decimals});
  };
  add("games", static_cast<double>(total), "games", 0);
  add("folded", static_cast<double>(s.folded), "games", 0);
  add("excluded", static_cast<double>(s.excluded()), "games", 0);
  add("lead_samples", static_cast<double>(s.lead_samples), "games", 0);
  add("fold_time", fold_seconds, "s", 3);
  add("fold_rate", fold_seconds > 0 ? static_cast<double>(s.folded) / fold_seconds : 0, "games/s", 0);
  add("buckets", static_cast<double>(buckets), "buckets", 0);
  add("binary_size", static_cast<double>(bytes) / 1024, "KiB", 1);
  add("binary_write", write_ms, "ms", 2);
  add("table_load", load_ms, "ms", 2);
  add("lookup_mean", lookup_ns, "ns", 1);
  report.digest = digest.hash;
  return report;
}

}  // namespace skat::cli
