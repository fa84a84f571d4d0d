#include "bots/inference/kermit_tables.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <utility>

#include "bots/inference/little_endian.h"
#include "bots/shared_files.h"

namespace skat::bots::inference {

namespace {

int count_rank(CardSet cards, Rank rank) {
  int n = 0;
  for (int s = 0; s < 4; ++s)
    if (cards.contains(Card(static_cast<Suit>(s), rank))) ++n;
  return n;
}

int suit_length(CardSet cards, Suit s) { return (cards & (CardSet::of_suit(s) - CardSet::jacks())).size(); }

}  // namespace

int hand_key(CardSet cards, std::optional<Suit> trump) {
  int jacks = 0;
  for (int s = 0; s < 4; ++s)
    if (cards.contains(Card(static_cast<Suit>(s), Rank::Jack))) jacks |= 1 << s;
  int length = 0;
  if (trump) {
    length = suit_length(cards, *trump);
  } else {
    for (int s = 0; s < 4; ++s) length = std::max(length, suit_length(cards, static_cast<Suit>(s)));
  }
  const int aces = count_rank(cards, Rank::Ace);
  const int tens = count_rank(cards, Rank::Ten);
  const int low = count_rank(cards, Rank::Seven) + count_rank(cards, Rank::Eight) + count_rank(cards, Rank::Nine);
  const int low_band = low <= 2 ? 0 : low <= 4 ? 1 : 2;
  return (((jacks * 8 + std::min(length, 7)) * 5 + aces) * 5 + tens) * 3 + low_band;
}

int coarse_key(int key) {
  const int aces = key / 15 % 5;
  const int length = key / 75 % 8;
  const int jacks = std::popcount(static_cast<unsigned>(key / 600));
  return (jacks * 8 + length) * 5 + aces;
}

int game_key(CardSet cards, GameType type) {
  return is_suit_game(type) ? hand_key(cards, trump_suit(type)) : hand_key(cards);
}

int bid_class(int bid) {
  if (bid <= 0) return 0;
  if (bid <= 18) return 1;
  if (bid <= 23) return 2;
  if (bid <= 30) return 3;
  if (bid <= 36) return 4;
  if (bid <= 48) return 5;
  return 6;
}

int declarer_outcome(int bid) { return 1 + bid_class(bid); }

KeyedCounts::KeyedCounts(int outcomes)
    : outcomes_(outcomes), counts_(static_cast<std::size_t>(kHandKeys * outcomes), 0), key_sums_(kHandKeys, 0) {
  finish();
}

void KeyedCounts::add(int key, int outcome, std::uint32_t count) {
  counts_[static_cast<std::size_t>(key * outcomes_ + outcome)] += count;
  key_sums_[static_cast<std::size_t>(key)] += count;
}

void KeyedCounts::merge(const KeyedCounts& other) {
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  for (std::size_t k = 0; k < key_sums_.size(); ++k) key_sums_[k] += other.key_sums_[k];
}

std::uint64_t KeyedCounts::records() const {
  std::uint64_t n = 0;
  for (std::uint64_t s : key_sums_) n += s;
  return n;
}

double KeyedCounts::likelihood(int key, int outcome) const {
  const double prior = coarse_[static_cast<std::size_t>(coarse_key(key) * outcomes_ + outcome)];
  return (count(key, outcome) + kKermitPrior * prior) /
         (static_cast<double>(key_sums_[static_cast<std::size_t>(key)]) + kKermitPrior);
}

void KeyedCounts::finish() {
  const auto n_out = static_cast<std::size_t>(outcomes_);
  // Overall frequencies (add-one), then per coarse key smoothed toward them.
  std::vector<double> overall(n_out, 1.0);
  std::vector<double> coarse_counts(kCoarseKeys * n_out, 0.0);
  std::vector<double> coarse_sums(kCoarseKeys, 0.0);
  for (int k = 0; k < kHandKeys; ++k)
    for (int o = 0; o < outcomes_; ++o) {
      const double n = count(k, o);
      const auto c = static_cast<std::size_t>(coarse_key(k));
      overall[static_cast<std::size_t>(o)] += n;
      coarse_counts[c * n_out + static_cast<std::size_t>(o)] += n;
      coarse_sums[c] += n;
    }
  double total = 0;
  for (double v : overall) total += v;
  for (double& v : overall) v /= total;
  coarse_.assign(kCoarseKeys * n_out, 0.0);
  for (std::size_t c = 0; c < kCoarseKeys; ++c)
    for (std::size_t o = 0; o < n_out; ++o)
      coarse_[c * n_out + o] =
          (coarse_counts[c * n_out + o] + kKermitPrior * overall[o]) / (coarse_sums[c] + kKermitPrior);
  max_.assign(n_out, 0.0);
  for (int k = 0; k < kHandKeys; ++k)
    for (int o = 0; o < outcomes_; ++o)
      max_[static_cast<std::size_t>(o)] = std::max(max_[static_cast<std::size_t>(o)], likelihood(k, o));
}

void KeyedCounts::serialize(std::string& out) const {
  std::uint32_t cells = 0;
  for (std::uint32_t n : counts_) cells += n != 0 ? 1 : 0;
  put_u32(out, cells);
  for (std::size_t i = 0; i < counts_.size(); ++i)
    if (counts_[i] != 0) {
      put_u32(out, static_cast<std::uint32_t>(i));
      put_u32(out, counts_[i]);
    }
}

bool KeyedCounts::parse(std::string_view bytes, std::size_t& at) {
  if (bytes.size() < at + 4) return false;
  const std::uint32_t cells = get_u32(bytes, at);
  at += 4;
  if ((bytes.size() - at) / 8 < cells) return false;
  for (std::uint32_t c = 0; c < cells; ++c, at += 8) {
    const std::uint32_t i = get_u32(bytes, at), n = get_u32(bytes, at + 4);
    if (i >= counts_.size()) return false;
    add(static_cast<int>(i) / outcomes_, static_cast<int>(i) % outcomes_, n);
  }
  return true;
}

namespace {

// One declarer table per game type.
std::array<KeyedCounts, kNumGameTypes> declarer_tables() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<KeyedCounts, kNumGameTypes>{((void)I, KeyedCounts(kDeclarerOutcomes))...};
  }
  (std::make_index_sequence<kNumGameTypes>{});
}

}  // namespace

KermitTables::KermitTables() : defender_(kBidClasses), pickup_(declarer_tables()), hand_(declarer_tables()) {}

void KermitTables::add_defender(CardSet dealt, int bid, std::uint32_t count) {
  defender_.add(hand_key(dealt), bid_class(bid), count);
}

void KermitTables::add_declarer(bool hand, CardSet cards, GameType type, int bid, std::uint32_t count) {
  auto& tables = hand ? hand_ : pickup_;
  for (int g = 0; g < kNumGameTypes; ++g) {
    const auto game = static_cast<GameType>(g);
    tables[static_cast<std::size_t>(g)].add(game_key(cards, game), game == type ? declarer_outcome(bid) : 0, count);
  }
}

void KermitTables::merge(const KermitTables& other) {
  defender_.merge(other.defender_);
  for (std::size_t g = 0; g < kNumGameTypes; ++g) {
    pickup_[g].merge(other.pickup_[g]);
    hand_[g].merge(other.hand_[g]);
  }
}

void KermitTables::finish() {
  defender_.finish();
  for (std::size_t g = 0; g < kNumGameTypes; ++g) {
    pickup_[g].finish();
    hand_[g].finish();
  }
}

double KermitTables::defender_likelihood(CardSet dealt, int bid) const {
  return defender_.likelihood(hand_key(dealt), bid_class(bid));
}

double KermitTables::declarer_likelihood(bool hand, CardSet cards, GameType type, int bid) const {
  return declarer(hand, type).likelihood(game_key(cards, type), declarer_outcome(bid));
}

double KermitTables::defender_max(int bid) const { return defender_.max_likelihood(bid_class(bid)); }

double KermitTables::declarer_max(bool hand, GameType type, int bid) const {
  return declarer(hand, type).max_likelihood(declarer_outcome(bid));
}

std::string KermitTables::serialize() const {
  std::string out(kKermitMagic);
  defender_.serialize(out);
  for (std::size_t g = 0; g < kNumGameTypes; ++g) pickup_[g].serialize(out);
  for (std::size_t g = 0; g < kNumGameTypes; ++g) hand_[g].serialize(out);
  return out;
}

std::expected<KermitTables, std::string> KermitTables::parse(std::string_view bytes) {
  if (!bytes.starts_with(kKermitMagic))
    return std::unexpected("not a KI table file (magic " + std::string(kKermitMagic) + ")");
  KermitTables t;
  std::size_t at = kKermitMagic.size();
  bool ok = t.defender_.parse(bytes, at);
  for (std::size_t g = 0; g < kNumGameTypes && ok; ++g) ok = t.pickup_[g].parse(bytes, at);
  for (std::size_t g = 0; g < kNumGameTypes && ok; ++g) ok = t.hand_[g].parse(bytes, at);
  if (!ok) return std::unexpected("truncated or damaged");
  if (at != bytes.size()) return std::unexpected("trailing bytes");
  t.finish();
  return t;
}

std::expected<KermitTables, std::string> KermitTables::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected("cannot open '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  auto t = parse(text.str());
  if (!t) return std::unexpected("'" + path + "': " + t.error());
  return t;
}

bool add_game(KermitTables& tables, const Game& game, std::uint32_t count) {
  const int declarer = game.declarer();
  if (declarer < 0 || game.phase() < Phase::Playing) return false;
  const Deal& deal = game.deal();
  for (int p = 0; p < 3; ++p) {
    const auto at = static_cast<std::size_t>(p);
    if (p != declarer) {
      tables.add_defender(deal.hands[at], game.bids()[at], count);
      continue;
    }
    const bool hand = game.declaration().hand;
    tables.add_declarer(hand, hand ? deal.hands[at] : deal.hands[at] | deal.skat, game.declaration().type, game.bid(),
                        count);
  }
  return true;
}

std::expected<std::shared_ptr<const KermitTables>, std::string> shared_kermit_tables(const std::string& path) {
  return SharedFiles<KermitTables>::get(path, [](const std::string& file) { return KermitTables::load(file); });
}

}  // namespace skat::bots::inference
