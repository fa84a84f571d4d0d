#include "bots/tables/fold.h"

namespace skat::bots {

FoldStats& FoldStats::operator+=(const FoldStats& o) {
  folded += o.folded;
  lead_samples += o.lead_samples;
  skipped += o.skipped;
  passed += o.passed;
  filtered += o.filtered;
  inconsistent += o.inconsistent;
  null_unattributed += o.null_unattributed;
  return *this;
}

void count_samples(TableSet& tables, const GameSamples& s) {
  const DeclarerContext& c = s.declarer;
  switch (c.declaration.type) {
    case GameType::Null:
      for (int suit = 0; suit < kNumSuits; ++suit)
        tables.table(TableKind::Null).add(null_features(c, static_cast<Suit>(suit)), suit != s.null_hit_suit);
      return;
    case GameType::Grand: tables.table(TableKind::Grand).add(grand_features(c), s.won); break;
    default: tables.table(TableKind::Suit).add(suit_features(c), s.won); break;
  }
  if (s.lead) {
    const TableKind k = c.declaration.type == GameType::Grand ? TableKind::LeadGrand : TableKind::LeadSuit;
    tables.table(k).add(lead_features(*s.lead), s.won);
  }
}

void Folder::add(std::uint64_t sequence, const PgnGame& game) {
  TableMeta& meta = tables_->meta();
  if (sequence <= meta.watermark) {
    ++stats_.skipped;
    return;
  }
  meta.watermark = sequence;
  if (is_passed_deal(game)) {
    ++stats_.passed;
    return;
  }
  const auto samples = game_samples(game);
  if (!samples) {
    ++(samples.error() == Exclusion::NullUnattributed ? stats_.null_unattributed : stats_.inconsistent);
    return;
  }
  if (exclude_ && exclude_(game)) {
    ++stats_.filtered;
    return;
  }
  count_samples(*tables_, *samples);
  ++meta.games_folded;
  ++stats_.folded;
  if (samples->lead) ++stats_.lead_samples;
}

FoldStats fold_games(TableSet& tables, std::span<const PgnGame> games, std::uint64_t first_sequence,
                     const ExclusionFilter& exclude) {
  Folder folder(tables, exclude);
  for (std::size_t i = 0; i < games.size(); ++i) folder.add(first_sequence + i, games[i]);
  return folder.stats();
}

}  // namespace skat::bots
