// The Elo update of docs/ratings.md §2 for three-player series: E_i = R_i · S / R and
// R_i += K · (S_i − E_i), players starting at a fixed rating, series applied in order.
// Optionally (the paper's "Including Start ELO") a player's rating is initialised from the mean
// of his first n series scores instead (EloOptions::start_series), and a newcomer's K may be
// larger, falling to K over his first series (EloOptions::newcomer_k).
// Pure and deterministic (standard library only) so the CLI and the nightly job share it:
// an incremental EloTable plus compute_elo over a whole sequence of series results.
#pragma once

#include <array>
#include <cstddef>
#include <expected>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace skat {

struct EloOptions {
  double k = 0.02;       // rating points per point of (score − expected)
  double start = 800.0;  // rating of a player's first series
  // Start rating from the player's first series ("Including Start ELO"); 0: off. With n > 0 a
  // player's first n series are his entry: in each of them his rating is `start` (for his own
  // expectation and the other two players'), and the update does not move it; after his n-th
  // series it becomes the mean of his n series scores (the S_i given, never below 0); from his
  // (n+1)-th series on he is updated as usual. The other players of those series are updated as
  // usual, so the updates no longer sum to zero (the ratings' sum drifts from players · start).
  int start_series = 0;
  // A newcomer K (the chess habit the Elo paper recalls): a larger K for a player's first series,
  // falling linearly to `k` over his first `newcomer_series` series (newcomer_k_for). 0: off, every
  // player updates with `k`. Players of one series may then move by different K, so the updates
  // no longer sum to zero.
  double newcomer_k = 0;
  int newcomer_series = 10;
};

// The K of a player who has played `series_before` series: `newcomer_k` in his first series,
// falling linearly to `k` at his newcomer_series-th (k + (newcomer_k − k) · (1 − t / n)), then `k`;
// `k` when newcomer_k is 0.
double newcomer_k_for(const EloOptions& options, int series_before);

// One finished series: the three players and their (possibly chance-adjusted) series scores.
struct SeriesResult {
  std::string series;
  std::array<std::string, 3> players;
  std::array<double, 3> scores{};
};

// What one series did to one of its players.
struct EloTraceEntry {
  std::string player;
  double score = 0;
  double expected = 0;
  double rating_before = 0;
  double rating = 0;  // after the series
};
using SeriesTrace = std::array<EloTraceEntry, 3>;

struct PlayerRating {
  std::string player;
  double rating = 0;
  int series = 0;  // number of series played
};

// The core formula on bare numbers: expected shares E_i and the updated ratings. When the
// ratings sum to zero (only possible with a non-positive start) the expectation is S/3 each.
std::array<double, 3> elo_expected(const std::array<double, 3>& ratings, const std::array<double, 3>& scores);
std::array<double, 3> elo_update(const std::array<double, 3>& ratings, const std::array<double, 3>& scores, double k);

// Ratings updated one series at a time.
class EloTable {
 public:
  explicit EloTable(EloOptions options = {}) : options_(options) {}

  // Applies one series; fails (and changes nothing) when a player appears twice or a score
  // is not finite. A player still in his entry series (start_series) keeps `start` until the
  // last of them, then takes the mean of their scores.
  std::expected<SeriesTrace, std::string> apply(const SeriesResult& series);

  // Starts a player from figures computed earlier (a stored rating): `series` played so far and
  // the sum of their scores (which matters only while he is in his entry series).
  void seed(const std::string& player, double rating, int series, double scores);

  double rating(const std::string& player) const;
  int series_played(const std::string& player) const;
  // All players, best rating first (ties by name).
  std::vector<PlayerRating> ranking() const;

 private:
  struct Entry {
    double rating = 0;
    int series = 0;
    double entry_scores = 0;  // the sum of the scores of his first start_series series
  };
  EloOptions options_;
  std::unordered_map<std::string, Entry> players_;
};

struct EloResult {
  std::vector<PlayerRating> ranking;  // best first
  std::vector<SeriesTrace> traces;    // one per series, input order
};

// Applies all series in order; the error names the 0-based index of the offending series.
std::expected<EloResult, std::string> compute_elo(std::span<const SeriesResult> series, EloOptions options = {});

}  // namespace skat
