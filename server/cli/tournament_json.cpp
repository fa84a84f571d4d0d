#include "server/cli/tournament_json.h"

namespace skat::cli {

namespace {

nlohmann::json bot_json(const bots::BotFigures& f) {
  return {{"seat_games", f.seat_games},
          {"declared_won", f.declared_won},
          {"declared_lost", f.declared - f.declared_won},
          {"sf_total", f.points},
          {"sf_per_game", f.points_per_game()},
          {"moves", f.moves},
          {"move_mean_ms", f.move_mean_ms},
          {"move_p99_ms", f.move_p99_ms},
          {"timeouts", f.slow_moves}};
}

}  // namespace

nlohmann::json tournament_report_json(const bots::TournamentReport& report) {
  static const char* kClass[] = {"suit", "grand", "null"};
  nlohmann::json seatings = nlohmann::json::array();
  for (const bots::SeatingReport& s : report.seatings) {
    nlohmann::json classes = nlohmann::json::object();
    const int played = s.games - s.folded;
    for (std::size_t c = 0; c < 3; ++c) {
      const bots::ClassFigures& f = s.classes[c];
      classes[kClass[c]] = {{"games", f.games},
                            {"share", played ? static_cast<double>(f.games) / played : 0.0},
                            {"declarer_won", f.declarer_won},
                            {"judged", f.judged},
                            {"solver_agrees", f.solver_agrees},
                            {"accuracy", f.judged ? static_cast<double>(f.solver_agrees) / f.judged : 0.0}};
    }
    seatings.push_back({{"seating", s.seating},
                        {"deals", s.deals},
                        {"games", s.games},
                        {"folded", s.folded},
                        {"a", bot_json(s.a)},
                        {"b", bot_json(s.b)},
                        {"difference", s.difference},
                        {"ci95", {s.ci_low, s.ci_high}},
                        {"verdict", s.verdict},
                        {"classes", classes}});
  }
  return {{"a", report.a},
          {"b", report.b},
          {"seed", report.seed},
          {"deals", report.deals},
          {"seconds", report.seconds},
          {"seatings", seatings}};
}

}  // namespace skat::cli
