// The leaderboard's ratings (docs/ratings.md): the chance-corrected Elo recomputed from scratch
// over every finished series in the order they finished, with each player's rating history, an
// uncertainty, series and deal counts and the Seeger-Fabian totals. Shared by the nightly job and
// its tests; the database's finished series are the input.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bots/tables/winning_table.h"
#include "db/connection.h"
#include "db/nightly.h"
#include "engine/chance_correction.h"
#include "engine/elo.h"
#include "engine/records/pgn.h"

namespace skat::nightly {

struct RatingOptions {
  EloOptions elo;  // elo.start_series: the start rating from a player's first series (0: off)
  // The leaderboard's ratings are corrected for hand luck by default (`--no-hand-luck` turns it
  // off); high value stays an option.
  ChanceOptions chance{.hand_luck = true, .high_value = false, .mean_value = 41};
  // The high-value correction's mean game value from the rated games themselves instead of
  // chance.mean_value: the mean game value of every declared game (passed deals left out) of the
  // finished series rated, a lost game counting its game value (not the doubled list entry);
  // chance.mean_value only when there is no such game.
  bool mean_from_games = false;
  int residual_window = 30;  // recent series behind a rating's uncertainty
};

// p for the hand-luck correction: the winning tables' probability of the declared game with the
// declarer's cards of a recorded game; empty when unknown.
using WinProbabilityFn = std::function<std::optional<double>(const PgnGame&)>;

// p from winning tables: the declared game with the declarer's cards; empty for a passed deal.
WinProbabilityFn table_win_probability(const bots::TableSet& tables);

struct Ratings {
  std::vector<db::RatingRow> rows;  // best rating first
  std::vector<db::HistoryPoint> history;
  int series_count = 0;
  db::SeriesId last_series = 0;
  double mean_value = 0;     // the high-value correction's mean game value actually used
  int mean_value_games = 0;  // the declared games it is the mean of (mean_from_games; else 0)
};

// The mean game value of the declared games of `series` (see RatingOptions::mean_from_games) and
// their number; empty without a declared game.
struct MeanGameValue {
  double mean = 0;
  int games = 0;
};
std::optional<MeanGameValue> mean_game_value(std::span<const db::SeriesGames> series);

// What one series gives each seat: the score the Elo uses (chance-corrected as `chance` says), the
// plain Seeger-Fabian total, and the declarer games won and lost, all over the series' rated games:
// a game a substitute bot played in (series.substituted) counts for no one.
struct SeriesFigures {
  std::array<double, 3> scores{};
  std::array<int, 3> sf{};
  std::array<int, 3> won{};
  std::array<int, 3> lost{};
  int deals = 0;        // the games rated
  int substituted = 0;  // the games left out because a substitute played in them
  // A series is rated unless every one of its games was left out.
  bool rated() const { return deals > 0 || substituted == 0; }
};
SeriesFigures series_figures(const db::SeriesGames& series, const ChanceOptions& chance,
                             const WinProbabilityFn& win_probability);

// The uncertainty of a rating: K times the standard deviation of the player's last (at most
// `window`) residuals S_i − E_i times the square root of their number, i.e. how far luck alone
// could have moved the rating over those series (0 before two series).
double rating_uncertainty(const std::vector<double>& residuals, double k, int window);

// Every finished series of the database (a game line that cannot be read counts as folded).
std::expected<Ratings, std::string> compute_ratings(db::Connection& c, const RatingOptions& options,
                                                    const WinProbabilityFn& win_probability = {});
// The same over series already read, in the order given.
std::expected<Ratings, std::string> compute_ratings(std::span<const db::SeriesGames> series,
                                                    const RatingOptions& options,
                                                    const WinProbabilityFn& win_probability = {});

// The options as stored with a snapshot: {"k","start","start_series","hand_luck","high_value",
// "mean_value","mean_value_source"} and, with the source "games", "mean_value_games";
// mean_value is the mean the ratings used (ratings.mean_value).
std::string options_json(const RatingOptions& options, const Ratings& ratings);

}  // namespace skat::nightly
