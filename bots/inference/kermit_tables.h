// Kermit's count-based inference, KI (docs/inference.md, "KI"): how likely each opponent's bidding
// and declaration are for the hand he would hold in a world. Tables over hand features count, from
// recorded games, what players with such hands did: a defender's highest bid (a class of bid
// values), a declarer's game kind and bid class (for a pickup game over his twelve cards, for a
// hand game over the ten he was dealt). Likelihoods are the counts smoothed toward coarser hand
// features and the overall frequency. The world weight is the product over the opponents.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/game.h"
#include "engine/game_type.h"

namespace skat::bots::inference {

// Hand features: which jacks (16) × longest suit without jacks, 0..7 (8) × aces (5) × tens (5) ×
// low cards 7/8/9 in three bands (0–2, 3–4, 5+): 9,600 keys; the coarse key keeps the jack count,
// the longest suit and the aces (200 keys).
inline constexpr int kHandKeys = 16 * 8 * 5 * 5 * 3;
inline constexpr int kCoarseKeys = 5 * 8 * 5;
int hand_key(CardSet cards);
int coarse_key(int key);

// Bid classes of the highest value a player bid or held: 0 (none), 18, 20–23, 24–30, 33–36,
// 40–48, 50 and more.
inline constexpr int kBidClasses = 7;
int bid_class(int bid);

enum class KermitRole : std::uint8_t { Defender = 0, DeclarerPickup = 1, DeclarerHand = 2 };
inline constexpr int kKermitRoles = 3;
// Observations per role: a defender's bid class; a declarer's game type × bid class.
constexpr int observations(KermitRole role) {
  return role == KermitRole::Defender ? kBidClasses : kNumGameTypes * kBidClasses;
}
int declarer_observation(GameType type, int bid);

class KermitTables {
 public:
  KermitTables();
  // One player's record: the cards the role is keyed on (a defender's ten dealt cards, a pickup
  // declarer's twelve, a hand declarer's ten) and what he did; `count` times.
  void add(KermitRole role, CardSet cards, int observation, std::uint32_t count = 1);
  void merge(const KermitTables& other);
  std::uint64_t records(KermitRole role) const;
  std::uint32_t count(KermitRole role, int key, int observation) const;

  // The smoothed probability of `observation` for a player keyed `key` (call finish() after adding).
  double likelihood(KermitRole role, int key, int observation) const;
  // The largest likelihood of `observation` over all keys (for rejection sampling).
  double max_likelihood(KermitRole role, int observation) const { return max_[index(role)][observation]; }
  // Computes the smoothed estimates and their maxima from the counts.
  void finish();

  // File: magic, then per role its non-zero cells (key, observation, count); little-endian.
  std::string serialize() const;
  static std::expected<KermitTables, std::string> parse(std::string_view bytes);
  static std::expected<KermitTables, std::string> load(const std::string& path);

 private:
  static std::size_t index(KermitRole role) { return static_cast<std::size_t>(role); }
  std::array<std::vector<std::uint32_t>, kKermitRoles> counts_;    // key × observation
  std::array<std::vector<double>, kKermitRoles> coarse_;           // smoothed P(obs | coarse key)
  std::array<std::vector<std::uint64_t>, kKermitRoles> key_sums_;  // records per key
  std::array<std::vector<double>, kKermitRoles> max_;              // per observation
};

inline constexpr std::string_view kKermitMagic = "SKATKI01";
// The pseudo-count of the smoothing toward the coarser estimate.
inline constexpr double kKermitPrior = 4.0;

// Counts the players of a game whose auction is over and that has a declarer (in the play phase or
// later; a passed game counts nothing): each defender's highest bid, the declarer's game type and
// bid, keyed on the cards he chose with. False when there is nothing to count.
bool add_game(KermitTables& tables, const Game& game, std::uint32_t count = 1);

// The tables at `path`, loaded once and shared afterwards (thread-safe).
std::expected<std::shared_ptr<const KermitTables>, std::string> shared_kermit_tables(const std::string& path);

}  // namespace skat::bots::inference
