// Kermit's count-based inference, KI (docs/inference.md, "KI"): how likely each opponent's bidding
// and declaration are for the hand he would hold in a world. Tables over hand features count, from
// recorded games, what players with such hands did: a defender's highest bid (a class of bid
// values) over his ten dealt cards; for each game type, whether a declarer declared it and at which
// bid class, over his twelve cards (pickup games) or ten (hand games) seen from that game's trump
// suit. Likelihoods are the counts smoothed toward coarser hand features and the overall
// frequency. The world weight is the product over the opponents.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/game.h"
#include "engine/game_type.h"

namespace skat::bots::inference {

// Hand features: which jacks (16) × the length without jacks of the trump suit (of the longest suit
// when there is none), 0..7 (8) × aces (5) × tens (5) × low cards 7/8/9 in three bands (0–2, 3–4,
// 5+): 9,600 keys; the coarse key keeps the jack count, the suit length and the aces (200 keys).
inline constexpr int kHandKeys = 16 * 8 * 5 * 5 * 3;
inline constexpr int kCoarseKeys = 5 * 8 * 5;
int hand_key(CardSet cards, std::optional<Suit> trump = std::nullopt);
int coarse_key(int key);
// The key of a declarer's cards for game type `type` (its trump suit in suit games).
int game_key(CardSet cards, GameType type);

// Bid classes of the highest value a player bid or held: 0 (none), 18, 20–23, 24–30, 33–36,
// 40–48, 50 and more.
inline constexpr int kBidClasses = 7;
int bid_class(int bid);

// One table: counts per hand key and outcome, the smoothed likelihood of each outcome per key.
class KeyedCounts {
 public:
  explicit KeyedCounts(int outcomes);
  int outcomes() const { return outcomes_; }
  void add(int key, int outcome, std::uint32_t count);
  void merge(const KeyedCounts& other);
  std::uint64_t records() const;
  std::uint32_t count(int key, int outcome) const {
    return counts_[static_cast<std::size_t>(key * outcomes_ + outcome)];
  }
  // The smoothed probability of `outcome` for key `key` (after finish()).
  double likelihood(int key, int outcome) const;
  double max_likelihood(int outcome) const { return max_[static_cast<std::size_t>(outcome)]; }
  void finish();
  void serialize(std::string& out) const;
  // Reads the cells serialize() wrote from `bytes` at `at` (advanced); false when damaged.
  bool parse(std::string_view bytes, std::size_t& at);

 private:
  int outcomes_;
  std::vector<std::uint32_t> counts_;    // key × outcome
  std::vector<std::uint64_t> key_sums_;  // records per key
  std::vector<double> coarse_;           // smoothed P(outcome | coarse key)
  std::vector<double> max_;              // per outcome
};

// A declarer table's outcomes: 0 another game type was declared, 1 + bid class this one.
inline constexpr int kDeclarerOutcomes = 1 + kBidClasses;
int declarer_outcome(int bid);

class KermitTables {
 public:
  KermitTables();
  // A defender's ten dealt cards and his highest bid or hold.
  void add_defender(CardSet dealt, int bid, std::uint32_t count = 1);
  // A declarer's cards (twelve for a pickup game, the ten dealt for a hand game), game type and bid:
  // one record in each game type's table.
  void add_declarer(bool hand, CardSet cards, GameType type, int bid, std::uint32_t count = 1);
  void merge(const KermitTables& other);
  void finish();  // after adding: the smoothed estimates and their maxima

  double defender_likelihood(CardSet dealt, int bid) const;
  double declarer_likelihood(bool hand, CardSet cards, GameType type, int bid) const;
  // The largest likelihood any hand could have (for rejection sampling).
  double defender_max(int bid) const;
  double declarer_max(bool hand, GameType type, int bid) const;

  std::uint64_t defenders() const { return defender_.records(); }
  std::uint64_t declarers(bool hand) const { return declarer(hand, GameType::Grand).records(); }
  const KeyedCounts& defender_table() const { return defender_; }
  const KeyedCounts& declarer(bool hand, GameType type) const {
    return (hand ? hand_ : pickup_)[static_cast<std::size_t>(type)];
  }

  // File: magic, then per table its non-zero cells (index, count); little-endian.
  std::string serialize() const;
  static std::expected<KermitTables, std::string> parse(std::string_view bytes);
  static std::expected<KermitTables, std::string> load(const std::string& path);

 private:
  KeyedCounts defender_;
  std::array<KeyedCounts, kNumGameTypes> pickup_;
  std::array<KeyedCounts, kNumGameTypes> hand_;
};

inline constexpr std::string_view kKermitMagic = "SKATKI02";
// The pseudo-count of the smoothing toward the coarser estimate.
inline constexpr double kKermitPrior = 4.0;

// Counts the players of a game whose auction is over and that has a declarer (in the play phase or
// later; a passed game counts nothing). False when there is nothing to count.
bool add_game(KermitTables& tables, const Game& game, std::uint32_t count = 1);

// The tables at `path`, loaded once and shared afterwards (thread-safe).
std::expected<std::shared_ptr<const KermitTables>, std::string> shared_kermit_tables(const std::string& path);

}  // namespace skat::bots::inference
