#include "nightly/ratings.h"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "bots/tables/game_samples.h"
#include "engine/scoring.h"

namespace skat::nightly {

namespace {

// A player's row as it accumulates, and the residuals behind its uncertainty.
struct Player {
  db::RatingRow row;
  std::vector<double> residuals;
};

ScoredGame scored(const PgnGame& g, const ListGame& list, const WinProbabilityFn& win_probability, bool need_p) {
  ScoredGame s;
  s.folded = list.folded;
  if (s.folded) return s;
  s.declarer = list.declarer;
  s.won = list.won;
  s.value = list.won ? list.list_entry : -list.list_entry / 2;
  s.declaration = pgn_declaration(g);
  if (need_p && win_probability) s.win_probability = win_probability(g);
  return s;
}

}  // namespace

WinProbabilityFn table_win_probability(const bots::TableSet& tables) {
  return [&tables](const PgnGame& g) -> std::optional<double> {
    if (bots::is_passed_deal(g)) return std::nullopt;
    return tables.win_probability(bots::declarer_context(g));
  };
}

double rating_uncertainty(const std::vector<double>& residuals, double k, int window) {
  const std::size_t n = std::min(residuals.size(), static_cast<std::size_t>(std::max(1, window)));
  if (n < 2) return 0;
  double mean = 0;
  for (std::size_t i = residuals.size() - n; i < residuals.size(); ++i) mean += residuals[i];
  mean /= static_cast<double>(n);
  double var = 0;
  for (std::size_t i = residuals.size() - n; i < residuals.size(); ++i)
    var += (residuals[i] - mean) * (residuals[i] - mean);
  var /= static_cast<double>(n - 1);
  return k * std::sqrt(var) * std::sqrt(static_cast<double>(n));
}

std::expected<Ratings, std::string> compute_ratings(db::Connection& c, const RatingOptions& options,
                                                    const WinProbabilityFn& win_probability) {
  std::vector<db::SeriesGames> all;
  auto read = db::for_each_finished_series(c, [&](const db::SeriesGames& s) {
    all.push_back(s);
    return true;
  });
  if (!read) return std::unexpected(read.error().message);
  return compute_ratings(all, options, win_probability);
}

SeriesFigures series_figures(const db::SeriesGames& series, const ChanceOptions& chance,
                             const WinProbabilityFn& win_probability) {
  SeriesFigures f;
  std::vector<ScoredGame> games;
  for (std::size_t k = 0; k < series.games.size(); ++k) {
    if (k < series.substituted.size() && series.substituted[k]) {
      ++f.substituted;
      continue;
    }
    ++f.deals;
    const std::string& line = series.games[k];
    auto g = read_pgn_game(line, 0);
    if (!g) continue;  // unreadable: as if folded
    const ListGame list = pgn_list_game(*g);
    const ScoredGame s = scored(*g, list, win_probability, chance.hand_luck);
    games.push_back(s);
    const auto plain = seeger_fabian_points(list);
    for (std::size_t i = 0; i < 3; ++i) f.sf[i] += plain[i];
    if (!s.folded) ++(s.won ? f.won : f.lost)[static_cast<std::size_t>(s.declarer)];
  }
  f.scores = corrected_series_scores(games, chance);
  return f;
}

std::optional<MeanGameValue> mean_game_value(std::span<const db::SeriesGames> series) {
  double sum = 0;
  int games = 0;
  for (const db::SeriesGames& s : series)
    for (const std::string& line : s.games) {
      auto g = read_pgn_game(line, 0);
      if (!g) continue;
      const ListGame list = pgn_list_game(*g);
      if (list.folded) continue;
      sum += list.won ? list.list_entry : -list.list_entry / 2;
      ++games;
    }
  if (games == 0) return std::nullopt;
  return MeanGameValue{sum / games, games};
}

std::expected<Ratings, std::string> compute_ratings(std::span<const db::SeriesGames> all, const RatingOptions& options,
                                                    const WinProbabilityFn& win_probability) {
  Ratings out;
  ChanceOptions chance = options.chance;
  if (options.mean_from_games)
    if (const auto mean = mean_game_value(all)) {
      chance.mean_value = mean->mean;
      out.mean_value_games = mean->games;
    }
  out.mean_value = chance.mean_value;
  EloTable elo(options.elo);
  std::map<db::PlayerId, Player> players;
  for (const db::SeriesGames& series : all) {
    // One account at two seats (a player's bot at a tournament's 2:1 table) plays itself: Elo
    // compares a player with the others at the table, so such a series is not rated.
    const auto& seats = series.seats;
    if (seats[0] == seats[1] || seats[0] == seats[2] || seats[1] == seats[2]) continue;
    const SeriesFigures figures = series_figures(series, chance, win_probability);
    if (!figures.rated()) continue;  // substitutes played every game: rated for no one
    const auto& [scores, sf, won, lost, deals, substituted] = figures;
    SeriesResult result;
    result.series = std::to_string(series.id);
    for (std::size_t i = 0; i < 3; ++i) {
      result.players[i] = std::to_string(series.seats[i]);
      result.scores[i] = scores[i];
    }
    auto trace = elo.apply(result);
    if (!trace) return std::unexpected("series " + std::to_string(series.id) + ": " + trace.error());
    for (std::size_t i = 0; i < 3; ++i) {
      Player& p = players[series.seats[i]];
      p.residuals.push_back((*trace)[i].score - (*trace)[i].expected);
      ++p.row.series;
      p.row.deals += deals;
      p.row.sf_score += sf[i];
      p.row.elo_score += scores[i];
      p.row.won += won[i];
      p.row.lost += lost[i];
      out.history.push_back({series.seats[i], series.id, series.finished_at, (*trace)[i].rating});
    }
    ++out.series_count;
    out.last_series = std::max(out.last_series, series.id);
  }
  for (auto& [id, p] : players) {
    p.row.player_id = id;
    p.row.rating = elo.rating(std::to_string(id));
    p.row.uncertainty = rating_uncertainty(p.residuals, options.elo.k, options.residual_window);
    out.rows.push_back(std::move(p.row));
  }
  std::ranges::sort(out.rows, [](const db::RatingRow& a, const db::RatingRow& b) {
    return a.rating != b.rating ? a.rating > b.rating : a.player_id < b.player_id;
  });
  return out;
}

std::string options_json(const RatingOptions& o, const Ratings& r) {
  nlohmann::json j{{"k", o.elo.k},
                   {"start", o.elo.start},
                   {"start_series", o.elo.start_series},
                   {"newcomer_k", o.elo.newcomer_k},
                   {"newcomer_series", o.elo.newcomer_series},
                   {"hand_luck", o.chance.hand_luck},
                   {"high_value", o.chance.high_value},
                   {"mean_value", r.mean_value},
                   {"mean_value_source", o.mean_from_games ? "games" : "fixed"}};
  if (o.mean_from_games) j["mean_value_games"] = r.mean_value_games;
  return j.dump();
}

}  // namespace skat::nightly
