#include "engine/elo.h"

#include <algorithm>
#include <cmath>

namespace skat {

std::array<double, 3> elo_expected(const std::array<double, 3>& ratings, const std::array<double, 3>& scores) {
  const double total_score = scores[0] + scores[1] + scores[2];
  const double total_rating = ratings[0] + ratings[1] + ratings[2];
  std::array<double, 3> expected{};
  for (std::size_t i = 0; i < 3; ++i)
    expected[i] = total_rating == 0.0 ? total_score / 3.0 : ratings[i] * total_score / total_rating;
  return expected;
}

std::array<double, 3> elo_update(const std::array<double, 3>& ratings, const std::array<double, 3>& scores, double k) {
  const auto expected = elo_expected(ratings, scores);
  std::array<double, 3> updated{};
  for (std::size_t i = 0; i < 3; ++i) updated[i] = ratings[i] + k * (scores[i] - expected[i]);
  return updated;
}

double newcomer_k_for(const EloOptions& options, int series_before) {
  const int n = options.newcomer_series;
  if (options.newcomer_k <= 0 || n <= 0 || series_before >= n) return options.k;
  return options.k + (options.newcomer_k - options.k) * (1.0 - static_cast<double>(series_before) / n);
}

std::expected<SeriesTrace, std::string> EloTable::apply(const SeriesResult& s) {
  const auto& p = s.players;
  if (p[0] == p[1] || p[0] == p[2] || p[1] == p[2]) return std::unexpected(std::string("a player appears twice"));
  for (double score : s.scores)
    if (!std::isfinite(score)) return std::unexpected(std::string("a score is not a finite number"));

  std::array<double, 3> before{};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto it = players_.find(p[i]);
    before[i] = it == players_.end() ? options_.start : it->second.rating;
  }
  const auto expected = elo_expected(before, s.scores);
  SeriesTrace trace;
  const int n = options_.start_series;
  for (std::size_t i = 0; i < 3; ++i) {
    const bool fresh = !players_.contains(p[i]);
    Entry& e = players_[p[i]];
    if (fresh) e.rating = options_.start;
    const double k = newcomer_k_for(options_, e.series);
    ++e.series;
    if (n > 0 && e.series <= n) {
      // An entry series: the rating stays at the start until the n-th, then the mean score.
      e.entry_scores += s.scores[i];
      if (e.series == n) e.rating = std::max(0.0, e.entry_scores / n);
    } else {
      e.rating = before[i] + k * (s.scores[i] - expected[i]);
    }
    trace[i] = {p[i], s.scores[i], expected[i], before[i], e.rating};
  }
  return trace;
}

void EloTable::seed(const std::string& player, double rating, int series, double scores) {
  players_[player] = Entry{rating, series, scores};
}

double EloTable::rating(const std::string& player) const {
  const auto it = players_.find(player);
  return it == players_.end() ? options_.start : it->second.rating;
}

int EloTable::series_played(const std::string& player) const {
  const auto it = players_.find(player);
  return it == players_.end() ? 0 : it->second.series;
}

std::vector<PlayerRating> EloTable::ranking() const {
  std::vector<PlayerRating> out;
  out.reserve(players_.size());
  for (const auto& [name, e] : players_) out.push_back({name, e.rating, e.series});
  std::ranges::sort(out, [](const PlayerRating& a, const PlayerRating& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.player < b.player;
  });
  return out;
}

std::expected<EloResult, std::string> compute_elo(std::span<const SeriesResult> series, EloOptions options) {
  EloTable table(options);
  EloResult result;
  result.traces.reserve(series.size());
  for (std::size_t i = 0; i < series.size(); ++i) {
    auto trace = table.apply(series[i]);
    if (!trace)
      return std::unexpected("series " + series[i].series + " (#" + std::to_string(i) + "): " + trace.error());
    result.traces.push_back(std::move(*trace));
  }
  result.ranking = table.ranking();
  return result;
}

}  // namespace skat
