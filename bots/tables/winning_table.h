// Winning tables (docs/learning.md §1): (games, won) counts per perfect-hash key, a foreground
// table over all of a schema's features with a background table over its subset, the lookup with
// the confidence threshold and its fallbacks, and the TableSet of suit, grand, null and
// opening-lead tables with its metadata (versions, games folded, watermark, provenance).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bots/tables/features.h"
#include "bots/tables/perfect_hash.h"

namespace skat::bots {

struct Bucket {
  std::uint64_t games = 0;
  std::uint64_t won = 0;  // games the declarer won
  bool operator==(const Bucket&) const = default;
  double probability() const { return games == 0 ? 0.0 : static_cast<double>(won) / static_cast<double>(games); }
};

// Counts per key; only buckets with games are stored.
class CountTable {
 public:
  void add(std::uint32_t key, Bucket counts);
  Bucket at(std::uint32_t key) const {
    const auto it = buckets_.find(key);
    return it == buckets_.end() ? Bucket{} : it->second;
  }
  void merge(const CountTable& other);
  // The non-empty buckets in key order (= lexicographic feature order).
  std::vector<std::pair<std::uint32_t, Bucket>> sorted() const;
  std::size_t size() const { return buckets_.size(); }
  const Bucket& total() const { return total_; }
  bool operator==(const CountTable& o) const { return total_ == o.total_ && buckets_ == o.buckets_; }

 private:
  std::unordered_map<std::uint32_t, Bucket> buckets_;
  Bucket total_;
};

// Where a probability came from.
enum class EstimateSource : std::uint8_t { Foreground, Background, TableMean, Prior };

struct Estimate {
  double probability = 0;
  EstimateSource source = EstimateSource::Prior;
  std::uint64_t games = 0;  // games behind the figure (0 for the prior)
};

// Foreground over all features and background over the schema's subset. Every sample goes into
// both, so the background is always the projection of the foreground (files store only the
// foreground and rebuild the background when loading).
class WinningTable {
 public:
  explicit WinningTable(const TableSchema& schema);

  const TableSchema& schema() const { return *schema_; }
  const PerfectHash& hash() const { return hash_; }
  const PerfectHash& background_hash() const { return background_hash_; }
  const CountTable& foreground() const { return foreground_; }
  const CountTable& background() const { return background_; }

  // `features` must lie in the schema's domain (std::invalid_argument otherwise), as in estimate().
  void add(std::span<const std::uint8_t> features, bool won) { add_key(checked_key(features), {1, won ? 1u : 0u}); }
  // Adds counts to a foreground key (which must be valid) and to its background projection.
  void add_key(std::uint32_t key, Bucket counts);
  std::uint32_t background_key(std::uint32_t key) const;
  std::uint32_t checked_key(std::span<const std::uint8_t> features) const;

  // The foreground bucket when it holds ≥ threshold games; else the background bucket when it has
  // any, shrunk toward the fallback by kBackgroundSmoothing games; else the fallback itself. The
  // fallback is the mean of the whole table when it has games and `mean_fallback`, else `prior`.
  Estimate estimate(std::span<const std::uint8_t> features, std::uint64_t threshold, double prior,
                    bool mean_fallback = true) const;

  // Adds the other's counts (its background too when both are keyed alike, else re-projected).
  void merge(const WinningTable& other);
  bool operator==(const WinningTable& o) const { return foreground_ == o.foreground_; }

 private:
  const TableSchema* schema_;
  PerfectHash hash_;
  PerfectHash background_hash_;
  CountTable foreground_;
  CountTable background_;
};

struct TableMeta {
  std::uint32_t table_version = 0;  // raised by whoever publishes a new version
  std::uint64_t games_folded = 0;   // games whose counts the tables hold
  std::uint64_t watermark = 0;      // highest game sequence number folded or excluded (0: none)
  std::string provenance;           // free text: what the tables were built from
  bool operator==(const TableMeta&) const = default;
};

inline constexpr std::uint64_t kDefaultConfidence = 50;
// Pseudo-games of the fallback mixed into a background bucket.
inline constexpr double kBackgroundSmoothing = 5.0;
// A null suit's chance of not being caught, from its pattern alone (bit r: rank r held, 7 = bit 0):
// for patterns the tables have not seen (players rarely try null with them).
double null_suit_prior(unsigned pattern);
// The prior when a suit, grand or lead table has no games at all: even odds.
inline constexpr double kGamePrior = 0.5;

enum class TableKind : std::uint8_t { Suit, Grand, Null, LeadSuit, LeadGrand };

// What a thin null bucket falls back on: the suit's pattern over all null types (the classic
// 256-entry table), or its pattern within its own null type (plain, ouvert, hand, ouvert hand).
enum class NullBackground : std::uint8_t { Pattern, TypeAndPattern };
inline constexpr int kNumTableKinds = 5;

class TableSet {
 public:
  TableSet();

  TableMeta& meta() { return meta_; }
  const TableMeta& meta() const { return meta_; }
  WinningTable& table(TableKind k) { return tables_[static_cast<std::size_t>(k)]; }
  const WinningTable& table(TableKind k) const { return tables_[static_cast<std::size_t>(k)]; }
  std::span<WinningTable> tables() { return tables_; }
  std::span<const WinningTable> tables() const { return tables_; }

  // The null table's fallback (Pattern unless set). Changing it rebuilds that table's background
  // from its foreground; the counts, and so the files written, stay the same.
  NullBackground null_background() const { return null_background_; }
  void set_null_background(NullBackground background);

  // Games a foreground bucket needs before it is trusted (default kDefaultConfidence).
  std::uint64_t confidence() const { return confidence_; }
  void set_confidence(std::uint64_t games) { confidence_ = games; }

  // The declarer's winning probability: suit and grand from their tables, null as the product of
  // the four per-suit probabilities.
  double win_probability(const DeclarerContext& c) const;
  Estimate suit_or_grand_estimate(const DeclarerContext& c) const;
  Estimate null_suit_estimate(const DeclarerContext& c, Suit suit) const;
  // The declarer's winning probability after a defender's opening lead (the defenders pick the
  // lead that makes it smallest).
  Estimate lead_estimate(const LeadContext& c) const;

  // Sums the counts and games folded; keeps the larger watermark and table version, and this
  // set's provenance (the other's when this one has none).
  void merge(const TableSet& other);
  // Counts and metadata equal (the confidence is a lookup setting, not data).
  bool operator==(const TableSet& o) const { return meta_ == o.meta_ && tables_ == o.tables_; }

 private:
  TableMeta meta_;
  std::array<WinningTable, kNumTableKinds> tables_;
  std::uint64_t confidence_ = kDefaultConfidence;
  NullBackground null_background_ = NullBackground::Pattern;
};

}  // namespace skat::bots
