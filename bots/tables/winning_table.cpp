#include "bots/tables/winning_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace skat::bots {

void CountTable::add(std::uint32_t key, Bucket counts) {
  if (counts.games == 0) return;
  Bucket& b = buckets_[key];
  b.games += counts.games;
  b.won += counts.won;
  total_.games += counts.games;
  total_.won += counts.won;
}

void CountTable::merge(const CountTable& other) {
  for (const auto& [key, counts] : other.buckets_) add(key, counts);
}

std::vector<std::pair<std::uint32_t, Bucket>> CountTable::sorted() const {
  std::vector<std::pair<std::uint32_t, Bucket>> out(buckets_.begin(), buckets_.end());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

WinningTable::WinningTable(const TableSchema& schema)
    : schema_(&schema), hash_(schema.hash()), background_hash_(schema.background_hash()) {}

std::uint32_t WinningTable::background_key(std::uint32_t key) const {
  std::uint32_t out = 0;
  for (std::size_t i = 0; i < schema_->background.size(); ++i) {
    const int f = schema_->background[i];
    out = (out << background_hash_.width(static_cast<int>(i))) | hash_.field(key, f);
  }
  return out;
}

std::uint32_t WinningTable::checked_key(std::span<const std::uint8_t> features) const {
  if (!hash_.in_domain(features))
    throw std::invalid_argument("winning table " + std::string(schema_->name) + ": features outside the domain");
  return hash_.rank(features);
}

void WinningTable::add_key(std::uint32_t key, Bucket counts) {
  foreground_.add(key, counts);
  background_.add(background_key(key), counts);
}

void WinningTable::merge(const WinningTable& other) {
  if (other.schema_->background != schema_->background) {
    for (const auto& [key, counts] : other.foreground_.sorted()) add_key(key, counts);
    return;
  }
  foreground_.merge(other.foreground_);
  background_.merge(other.background_);
}

Estimate WinningTable::estimate(std::span<const std::uint8_t> features, std::uint64_t threshold, double prior,
                                bool mean_fallback) const {
  const std::uint32_t key = checked_key(features);
  const Bucket fore = foreground_.at(key);
  if (fore.games > 0 && fore.games >= threshold) return {fore.probability(), EstimateSource::Foreground, fore.games};
  const Bucket& all = foreground_.total();
  const bool use_mean = mean_fallback && all.games > 0;
  const double base = use_mean ? all.probability() : prior;
  const Bucket back = background_.at(background_key(key));
  if (back.games > 0) {
    // Shrunk toward the fallback so that a bucket of one or two games is not taken at face value.
    const double p = (static_cast<double>(back.won) + kBackgroundSmoothing * base) /
                     (static_cast<double>(back.games) + kBackgroundSmoothing);
    return {p, EstimateSource::Background, back.games};
  }
  if (use_mean) return {base, EstimateSource::TableMean, all.games};
  return {prior, EstimateSource::Prior, 0};
}

double null_suit_prior(unsigned pattern) {
  if (pattern == 0) return 0.98;
  // The i-th lowest card held (i = 0, 1, …) is covered when its rank is at most 2i: every lead
  // of the suit can be ducked. Each rank above that is a way to be caught.
  int danger = 0, i = 0;
  for (int rank = 0; rank < 8; ++rank)
    if ((pattern >> rank) & 1u) {
      danger += std::max(0, rank - 2 * i);
      ++i;
    }
  return danger == 0 ? 0.95 : std::max(0.03, 0.95 * std::pow(0.45, danger));
}

TableSet::TableSet()
    : tables_{WinningTable(suit_schema()), WinningTable(grand_schema()), WinningTable(null_schema()),
              WinningTable(lead_suit_schema()), WinningTable(lead_grand_schema())} {}

Estimate TableSet::suit_or_grand_estimate(const DeclarerContext& c) const {
  if (c.declaration.type == GameType::Grand)
    return table(TableKind::Grand).estimate(grand_features(c), confidence_, kGamePrior);
  return table(TableKind::Suit).estimate(suit_features(c), confidence_, kGamePrior);
}

Estimate TableSet::null_suit_estimate(const DeclarerContext& c, Suit suit) const {
  // Null data covers the hands people play null with: an unseen pattern gets the pattern's own
  // prior, not the (optimistic) mean of the table.
  const NullFeatures f = null_features(c, suit);
  return table(TableKind::Null).estimate(f, confidence_, null_suit_prior(f[kNullPattern]), false);
}

double TableSet::win_probability(const DeclarerContext& c) const {
  if (c.declaration.type != GameType::Null) return suit_or_grand_estimate(c).probability;
  double p = 1;
  for (int s = 0; s < kNumSuits; ++s) p *= null_suit_estimate(c, static_cast<Suit>(s)).probability;
  return p;
}

Estimate TableSet::lead_estimate(const LeadContext& c) const {
  const TableKind k = c.game == GameType::Grand ? TableKind::LeadGrand : TableKind::LeadSuit;
  return table(k).estimate(lead_features(c), confidence_, kGamePrior);
}

void TableSet::set_null_background(NullBackground background) {
  if (background == null_background_) return;
  WinningTable rekeyed(background == NullBackground::Pattern ? null_schema() : null_type_schema());
  rekeyed.merge(table(TableKind::Null));  // keyed otherwise: re-projected onto the new background
  table(TableKind::Null) = std::move(rekeyed);
  null_background_ = background;
}

void TableSet::merge(const TableSet& other) {
  for (std::size_t i = 0; i < tables_.size(); ++i) tables_[i].merge(other.tables_[i]);
  meta_.games_folded += other.meta_.games_folded;
  meta_.watermark = std::max(meta_.watermark, other.meta_.watermark);
  meta_.table_version = std::max(meta_.table_version, other.meta_.table_version);
  if (meta_.provenance.empty()) meta_.provenance = other.meta_.provenance;
}

}  // namespace skat::bots
