#include "nightly/provisional_ratings.h"

#include <nlohmann/json.hpp>

#include "db/provisional_ratings.h"

namespace skat::nightly {

namespace {

// A player's figures before the series: his newest provisional row, else his snapshot row, else
// none (a newcomer).
std::expected<std::optional<db::RatingRow>, std::string> figures_before(db::Connection& c,
                                                                        const std::optional<db::RatingSnapshot>& snap,
                                                                        db::PlayerId player) {
  auto provisional = db::provisional_rating(c, player);
  if (!provisional) return std::unexpected(provisional.error().message);
  if (*provisional || !snap) return *provisional;
  auto rated = db::snapshot_rating(c, snap->id, player);
  if (!rated) return std::unexpected(rated.error().message);
  return *rated;
}

}  // namespace

RatingOptions options_from_json(std::string_view json, const RatingOptions& fallback) {
  RatingOptions o = fallback;
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (!j.is_object()) return o;
  o.elo.k = j.value("k", o.elo.k);
  o.elo.start = j.value("start", o.elo.start);
  o.elo.start_series = j.value("start_series", o.elo.start_series);
  o.elo.newcomer_k = j.value("newcomer_k", o.elo.newcomer_k);
  o.elo.newcomer_series = j.value("newcomer_series", o.elo.newcomer_series);
  o.chance.hand_luck = j.value("hand_luck", o.chance.hand_luck);
  o.chance.high_value = j.value("high_value", o.chance.high_value);
  o.chance.mean_value = j.value("mean_value", o.chance.mean_value);
  o.mean_from_games = false;  // the snapshot's mean, not one of this series alone
  return o;
}

std::expected<std::vector<db::RatingRow>, std::string> rate_series_provisionally(
    db::Connection& c, db::SeriesId series, const RatingOptions& defaults, const WinProbabilityFn& win_probability) {
  auto done = db::has_provisional_ratings(c, series);
  if (!done) return std::unexpected(done.error().message);
  if (*done) return std::vector<db::RatingRow>{};
  auto games = db::finished_series_games(c, series);
  if (!games) return std::unexpected(games.error().message);
  if (!*games) return std::vector<db::RatingRow>{};
  // Not rated, as in the nightly job: one account at two seats plays itself.
  if (const auto& seats = (*games)->seats; seats[0] == seats[1] || seats[0] == seats[2] || seats[1] == seats[2])
    return std::vector<db::RatingRow>{};
  auto snap = db::latest_snapshot(c);
  if (!snap) return std::unexpected(snap.error().message);
  const RatingOptions options = *snap ? options_from_json((*snap)->options, defaults) : defaults;

  EloTable elo(options.elo);
  std::array<db::RatingRow, 3> rows{};
  SeriesResult result;
  result.series = std::to_string(series);
  const SeriesFigures figures = series_figures(**games, options.chance, win_probability);
  if (!figures.rated()) return std::vector<db::RatingRow>{};  // as in the nightly job
  for (std::size_t i = 0; i < 3; ++i) {
    const db::PlayerId player = (*games)->seats[i];
    auto before = figures_before(c, *snap, player);
    if (!before) return std::unexpected(before.error());
    rows[i] = before->value_or(db::RatingRow{});
    rows[i].player_id = player;
    if (*before) elo.seed(std::to_string(player), rows[i].rating, rows[i].series, rows[i].elo_score);
    result.players[i] = std::to_string(player);
    result.scores[i] = figures.scores[i];
  }
  auto trace = elo.apply(result);
  if (!trace) return std::unexpected("series " + std::to_string(series) + ": " + trace.error());
  for (std::size_t i = 0; i < 3; ++i) {
    db::RatingRow& r = rows[i];
    r.rating = (*trace)[i].rating;
    ++r.series;
    r.deals += figures.deals;
    r.sf_score += figures.sf[i];
    r.elo_score += figures.scores[i];
    r.won += figures.won[i];
    r.lost += figures.lost[i];
  }
  if (auto stored = db::insert_provisional_ratings(c, series, (*games)->finished_at, rows); !stored)
    return std::unexpected(stored.error().message);
  return std::vector<db::RatingRow>(rows.begin(), rows.end());
}

}  // namespace skat::nightly
