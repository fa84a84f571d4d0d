#include "bots/tables/perfect_hash.h"

#include <bit>
#include <stdexcept>

namespace skat::bots {

PerfectHash::PerfectHash(std::span<const std::uint32_t> domains) {
  if (domains.empty() || domains.size() > kMaxFeatures) throw std::invalid_argument("perfect hash: 1..9 features");
  count_ = static_cast<int>(domains.size());
  for (std::size_t i = 0; i < domains.size(); ++i) {
    if (domains[i] == 0 || domains[i] > 256) throw std::invalid_argument("perfect hash: domain must be 1..256");
    domain_[i] = domains[i];
    width_[i] = static_cast<std::uint8_t>(std::bit_width(domains[i] - 1));
    bits_ += width_[i];
  }
  if (bits_ > 32) throw std::invalid_argument("perfect hash: more than 32 key bits");
  // The last feature sits in the lowest bits; each earlier one above all that follow it.
  int shift = 0;
  for (int i = count_ - 1; i >= 0; --i) {
    const auto u = static_cast<std::size_t>(i);
    shift_[u] = static_cast<std::uint8_t>(shift);
    shift += width_[u];
  }
}

std::uint64_t PerfectHash::valid_keys() const {
  std::uint64_t n = 1;
  for (int i = 0; i < count_; ++i) n *= domain(i);
  return n;
}

bool PerfectHash::valid(std::uint32_t key) const {
  if (bits_ < 32 && (key >> bits_) != 0) return false;
  for (int i = 0; i < count_; ++i)
    if (field(key, i) >= domain(i)) return false;
  return true;
}

PerfectHash TableSchema::hash() const {
  std::vector<std::uint32_t> domains;
  for (const FeatureSpec& f : features) domains.push_back(f.domain);
  return PerfectHash(domains);
}

PerfectHash TableSchema::background_hash() const {
  std::vector<std::uint32_t> domains;
  for (int i : background) domains.push_back(features.at(static_cast<std::size_t>(i)).domain);
  return PerfectHash(domains);
}

}  // namespace skat::bots
