// The perfect hash of the winning tables (docs/learning.md §1): a feature vector packed into an
// integer, feature i in a field of ⌈log2 |D_i|⌉ bits, the first feature in the most significant
// bits, so keys sort in the lexicographic order of the vectors (rank), and every field can be read
// back (unrank). Also the schema of one table: its named features and its background subset.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace skat::bots {

inline constexpr int kMaxFeatures = 9;

class PerfectHash {
 public:
  PerfectHash() = default;
  // 1..kMaxFeatures domains, each ≥ 1 and ≤ 256; at most 32 key bits in all (else invalid_argument).
  explicit PerfectHash(std::span<const std::uint32_t> domains);

  int features() const { return count_; }
  std::uint32_t domain(int i) const { return domain_[static_cast<std::size_t>(i)]; }
  int width(int i) const { return width_[static_cast<std::size_t>(i)]; }
  int bits() const { return bits_; }
  // Every key is below this (2^bits); not every key below it is valid (fields ≥ their domain).
  std::uint64_t key_space() const { return std::uint64_t{1} << bits_; }
  // Product of the domains: the number of valid keys.
  std::uint64_t valid_keys() const;

  // values[i] < domain(i) for i < features() (the feature functions guarantee it).
  // unrank() writes min(features(), out.size()) fields.
  std::uint32_t rank(std::span<const std::uint8_t> values) const {
    std::uint32_t key = 0;
    for (int i = 0; i < count_; ++i) {
      const auto u = static_cast<std::size_t>(i);
      key = (key << width_[u]) | values[u];
    }
    return key;
  }
  std::uint8_t field(std::uint32_t key, int i) const {
    const auto u = static_cast<std::size_t>(i);
    return static_cast<std::uint8_t>((key >> shift_[u]) & ((1u << width_[u]) - 1));
  }
  void unrank(std::uint32_t key, std::span<std::uint8_t> out) const {
    const std::size_t n = std::min(static_cast<std::size_t>(count_), out.size());
    for (std::size_t i = 0; i < n; ++i) out[i] = field(key, static_cast<int>(i));
  }
  // True when `values` has features() entries, each below its domain.
  bool in_domain(std::span<const std::uint8_t> values) const {
    if (values.size() != static_cast<std::size_t>(count_)) return false;
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i] >= domain_[i]) return false;
    return true;
  }
  // True when the key has no bits above bits() and every field lies in its domain.
  bool valid(std::uint32_t key) const;

 private:
  int count_ = 0;
  int bits_ = 0;
  std::array<std::uint32_t, kMaxFeatures> domain_{};
  std::array<std::uint8_t, kMaxFeatures> width_{};
  std::array<std::uint8_t, kMaxFeatures> shift_{};
};

struct FeatureSpec {
  std::string_view name;  // one word, written in table files
  std::uint32_t domain;   // values 0..domain-1
};

// One table's layout: the foreground features in key order, and the indices (ascending) of the
// features the background table keeps.
struct TableSchema {
  std::string_view name;
  std::vector<FeatureSpec> features;
  std::vector<int> background;

  PerfectHash hash() const;
  PerfectHash background_hash() const;
};

}  // namespace skat::bots
