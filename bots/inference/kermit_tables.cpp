#include "bots/inference/kermit_tables.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "bots/shared_files.h"

namespace skat::bots::inference {

namespace {

int count_rank(CardSet cards, Rank rank) {
  int n = 0;
  for (int s = 0; s < 4; ++s)
    if (cards.contains(Card(static_cast<Suit>(s), rank))) ++n;
  return n;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint32_t get_u32(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return v;
}

}  // namespace

int hand_key(CardSet cards) {
  int jacks = 0;
  for (int s = 0; s < 4; ++s)
    if (cards.contains(Card(static_cast<Suit>(s), Rank::Jack))) jacks |= 1 << s;
  int longest = 0;
  for (int s = 0; s < 4; ++s)
    longest = std::max(longest, (cards & (CardSet::of_suit(static_cast<Suit>(s)) - CardSet::jacks())).size());
  const int aces = count_rank(cards, Rank::Ace);
  const int tens = count_rank(cards, Rank::Ten);
  const int low = count_rank(cards, Rank::Seven) + count_rank(cards, Rank::Eight) + count_rank(cards, Rank::Nine);
  const int low_band = low <= 2 ? 0 : low <= 4 ? 1 : 2;
  return (((jacks * 8 + std::min(longest, 7)) * 5 + aces) * 5 + tens) * 3 + low_band;
}

int coarse_key(int key) {
  const int aces = key / 15 % 5;
  const int longest = key / 75 % 8;
  const int jacks = std::popcount(static_cast<unsigned>(key / 600));
  return (jacks * 8 + longest) * 5 + aces;
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

int declarer_observation(GameType type, int bid) { return static_cast<int>(type) * kBidClasses + bid_class(bid); }

KermitTables::KermitTables() {
  for (int r = 0; r < kKermitRoles; ++r) {
    const int obs = observations(static_cast<KermitRole>(r));
    counts_[static_cast<std::size_t>(r)].assign(static_cast<std::size_t>(kHandKeys * obs), 0);
    key_sums_[static_cast<std::size_t>(r)].assign(kHandKeys, 0);
  }
  finish();
}

void KermitTables::add(KermitRole role, CardSet cards, int observation, std::uint32_t count) {
  const int key = hand_key(cards);
  counts_[index(role)][static_cast<std::size_t>(key * observations(role) + observation)] += count;
  key_sums_[index(role)][static_cast<std::size_t>(key)] += count;
}

void KermitTables::merge(const KermitTables& other) {
  for (std::size_t r = 0; r < kKermitRoles; ++r) {
    for (std::size_t i = 0; i < counts_[r].size(); ++i) counts_[r][i] += other.counts_[r][i];
    for (std::size_t k = 0; k < key_sums_[r].size(); ++k) key_sums_[r][k] += other.key_sums_[r][k];
  }
}

std::uint64_t KermitTables::records(KermitRole role) const {
  std::uint64_t n = 0;
  for (std::uint64_t s : key_sums_[index(role)]) n += s;
  return n;
}

std::uint32_t KermitTables::count(KermitRole role, int key, int observation) const {
  return counts_[index(role)][static_cast<std::size_t>(key * observations(role) + observation)];
}

double KermitTables::likelihood(KermitRole role, int key, int observation) const {
  const std::size_t r = index(role);
  const double prior = coarse_[r][static_cast<std::size_t>(coarse_key(key) * observations(role) + observation)];
  return (count(role, key, observation) + kKermitPrior * prior) /
         (static_cast<double>(key_sums_[r][static_cast<std::size_t>(key)]) + kKermitPrior);
}

void KermitTables::finish() {
  for (int ri = 0; ri < kKermitRoles; ++ri) {
    const auto role = static_cast<KermitRole>(ri);
    const std::size_t r = index(role);
    const int obs = observations(role);
    // Overall frequencies (add-one), then per coarse key smoothed toward them.
    std::vector<double> overall(static_cast<std::size_t>(obs), 1.0);
    std::vector<double> coarse_counts(static_cast<std::size_t>(kCoarseKeys * obs), 0.0);
    std::vector<double> coarse_sums(kCoarseKeys, 0.0);
    for (int k = 0; k < kHandKeys; ++k)
      for (int o = 0; o < obs; ++o) {
        const double n = count(role, k, o);
        overall[static_cast<std::size_t>(o)] += n;
        coarse_counts[static_cast<std::size_t>(coarse_key(k) * obs + o)] += n;
        coarse_sums[static_cast<std::size_t>(coarse_key(k))] += n;
      }
    double total = 0;
    for (double v : overall) total += v;
    for (double& v : overall) v /= total;
    coarse_[r].assign(static_cast<std::size_t>(kCoarseKeys * obs), 0.0);
    for (int c = 0; c < kCoarseKeys; ++c)
      for (int o = 0; o < obs; ++o) {
        const auto i = static_cast<std::size_t>(c * obs + o);
        coarse_[r][i] = (coarse_counts[i] + kKermitPrior * overall[static_cast<std::size_t>(o)]) /
                        (coarse_sums[static_cast<std::size_t>(c)] + kKermitPrior);
      }
    max_[r].assign(static_cast<std::size_t>(obs), 0.0);
    for (int k = 0; k < kHandKeys; ++k)
      for (int o = 0; o < obs; ++o)
        max_[r][static_cast<std::size_t>(o)] = std::max(max_[r][static_cast<std::size_t>(o)], likelihood(role, k, o));
  }
}

std::string KermitTables::serialize() const {
  std::string out(kKermitMagic);
  for (std::size_t r = 0; r < kKermitRoles; ++r) {
    std::uint32_t cells = 0;
    for (std::uint32_t n : counts_[r]) cells += n != 0;
    put_u32(out, cells);
    for (std::size_t i = 0; i < counts_[r].size(); ++i)
      if (counts_[r][i] != 0) {
        put_u32(out, static_cast<std::uint32_t>(i));
        put_u32(out, counts_[r][i]);
      }
  }
  return out;
}

std::expected<KermitTables, std::string> KermitTables::parse(std::string_view bytes) {
  if (!bytes.starts_with(kKermitMagic))
    return std::unexpected("not a KI table file (magic " + std::string(kKermitMagic) + ")");
  KermitTables t;
  std::size_t at = kKermitMagic.size();
  for (int r = 0; r < kKermitRoles; ++r) {
    if (bytes.size() < at + 4) return std::unexpected("truncated");
    const std::uint32_t cells = get_u32(bytes, at);
    at += 4;
    if ((bytes.size() - at) / 8 < cells) return std::unexpected("truncated");
    const auto role = static_cast<KermitRole>(r);
    for (std::uint32_t c = 0; c < cells; ++c, at += 8) {
      const std::uint32_t i = get_u32(bytes, at), n = get_u32(bytes, at + 4);
      if (i >= t.counts_[static_cast<std::size_t>(r)].size()) return std::unexpected("cell out of range");
      t.counts_[static_cast<std::size_t>(r)][i] += n;
      t.key_sums_[static_cast<std::size_t>(r)][i / static_cast<std::uint32_t>(observations(role))] += n;
    }
  }
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
      tables.add(KermitRole::Defender, deal.hands[at], bid_class(game.bids()[at]), count);
      continue;
    }
    const int observation = declarer_observation(game.declaration().type, game.bid());
    if (game.declaration().hand)
      tables.add(KermitRole::DeclarerHand, deal.hands[at], observation, count);
    else
      tables.add(KermitRole::DeclarerPickup, deal.hands[at] | deal.skat, observation, count);
  }
  return true;
}

std::expected<std::shared_ptr<const KermitTables>, std::string> shared_kermit_tables(const std::string& path) {
  return SharedFiles<KermitTables>::get(path, [](const std::string& file) { return KermitTables::load(file); });
}

}  // namespace skat::bots::inference
