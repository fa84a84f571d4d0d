#include "server/play/tournament_json.h"

#include "protocol/json_codec.h"

namespace skat::app {

namespace {

using Json = nlohmann::json;

constexpr const char* kClass[] = {"suit", "grand", "null"};

bots::BotFigures bot_from_json(const Json& j) {
  bots::BotFigures f;
  f.seat_games = j.at("seat_games").get<int>();
  f.declared_won = j.at("declared_won").get<int>();
  f.declared = f.declared_won + j.at("declared_lost").get<int>();
  f.points = j.at("sf_total").get<double>();
  f.moves = j.at("moves").get<int>();
  f.move_mean_ms = j.at("move_mean_ms").get<double>();
  f.move_p99_ms = j.at("move_p99_ms").get<double>();
  f.slow_moves = j.at("timeouts").get<int>();
  f.clock_stops = j.value("clock_stops", 0);  // absent in reports from before it was counted
  return f;
}

Json json_or_null(const std::string& text) {
  if (text.empty()) return nullptr;
  Json j = Json::parse(text, nullptr, false);
  return j.is_discarded() ? Json() : j;
}

nlohmann::json bot_json(const bots::BotFigures& f) {
  return {{"seat_games", f.seat_games},
          {"declared_won", f.declared_won},
          {"declared_lost", f.declared - f.declared_won},
          {"sf_total", f.points},
          {"sf_per_game", f.points_per_game()},
          {"moves", f.moves},
          {"move_mean_ms", f.move_mean_ms},
          {"move_p99_ms", f.move_p99_ms},
          {"timeouts", f.slow_moves},
          {"clock_stops", f.clock_stops}};
}

// The solver figures of each side's declared games: {"a":{"judged","solver_agrees"},"b":…}.
Json by_declarer_json(const bots::ClassFigures& f) {
  Json j = Json::object();
  for (std::size_t k = 0; k < 2; ++k)
    j[k ? "b" : "a"] = {{"judged", f.solver_by_declarer[k].judged}, {"solver_agrees", f.solver_by_declarer[k].agrees}};
  return j;
}

}  // namespace

Json sprt_json(const bots::SprtResult& r) {
  return {
      {"verdict", r.verdict}, {"deals", r.deals}, {"llr", r.llr},          {"bounds", {r.test.lower(), r.test.upper()}},
      {"d0", r.test.d0},      {"d1", r.test.d1},  {"alpha", r.test.alpha}, {"beta", r.test.beta}};
}

Json person_json(const std::optional<std::int64_t>& id, const std::string& name) {
  if (!id) return nullptr;
  return Json{{"id", *id}, {"name", name}};
}

nlohmann::json tournament_report_json(const bots::TournamentReport& report) {
  nlohmann::json seatings = nlohmann::json::array();
  for (const bots::SeatingReport& s : report.seatings) {
    nlohmann::json classes = nlohmann::json::object();
    const int played = s.games - s.folded;
    for (std::size_t c = 0; c < 3; ++c) {
      const bots::ClassFigures& f = s.classes[c];
      classes[kClass[c]] = {{"games", f.games},
                            {"share", played ? static_cast<double>(f.games) / played : 0.0},
                            {"declarer_won", f.declarer_won},
                            {"judged", f.solver.judged},
                            {"solver_agrees", f.solver.agrees},
                            {"accuracy", f.solver.share().value_or(0.0)},
                            {"by_declarer", by_declarer_json(f)},
                            {"duplicate_deals", f.duplicate_deals},
                            {"difference", f.difference},
                            {"ci95", {f.ci_low, f.ci_high}}};
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
  Json j{{"a", report.a},
         {"b", report.b},
         {"seed", report.seed},
         {"deals", report.deals},
         {"seconds", report.seconds},
         {"seatings", seatings}};
  if (report.sprt) j["sprt"] = sprt_json(*report.sprt);
  return j;
}

nlohmann::json tournament_game_json(const bots::TournamentGame& g) {
  Json j{{"deal", g.deal},         {"deal_id", g.deal_id},         {"b_seats", g.b_seats},  {"rotation", g.rotation},
         {"is_b", g.is_b},         {"folded", g.folded},           {"points", g.points},    {"move_ms", g.move_ms},
         {"timeouts", g.timeouts}, {"clock_stops", g.clock_stops}, {"solver_wins", nullptr}};
  if (!g.folded) {
    j["declarer"] = g.declarer;
    j["declaration"] = protocol::declaration_to_json(g.declaration);
    j["won"] = g.won;
    j["list_entry"] = g.list_entry;
  }
  if (g.solver_wins) j["solver_wins"] = *g.solver_wins;
  return j;
}

std::optional<bots::TournamentGame> tournament_game_from_json(const Json& j) {
  try {
    bots::TournamentGame g;
    g.deal = j.at("deal").get<int>();
    g.deal_id = j.at("deal_id").get<std::uint64_t>();
    g.b_seats = j.at("b_seats").get<int>();
    g.rotation = j.at("rotation").get<int>();
    g.is_b = j.at("is_b").get<std::array<bool, 3>>();
    g.folded = j.at("folded").get<bool>();
    g.points = j.at("points").get<std::array<int, 3>>();
    g.move_ms = j.at("move_ms").get<std::array<std::vector<float>, 2>>();
    g.timeouts = j.at("timeouts").get<std::array<int, 2>>();
    g.clock_stops = j.value("clock_stops", std::array<int, 2>{});  // absent in older games files
    if (!j.at("solver_wins").is_null()) g.solver_wins = j.at("solver_wins").get<bool>();
    if (!g.folded) {
      g.declarer = j.at("declarer").get<int>();
      auto declaration = protocol::declaration_from_json(j.at("declaration"));
      if (!declaration) return std::nullopt;
      g.declaration = *declaration;
      g.won = j.at("won").get<bool>();
      g.list_entry = j.at("list_entry").get<int>();
    }
    if (g.deal < 0 || (g.b_seats != 1 && g.b_seats != 2) || g.rotation < 0 || g.rotation > 2 || g.declarer < 0 ||
        g.declarer > 2)
      return std::nullopt;
    return g;
  } catch (const Json::exception&) {
    return std::nullopt;
  }
}

std::optional<bots::TournamentReport> tournament_report_from_json(const Json& j) {
  try {
    bots::TournamentReport r;
    r.a = j.at("a").get<std::string>();
    r.b = j.at("b").get<std::string>();
    r.seed = j.at("seed").get<std::uint64_t>();
    r.deals = j.at("deals").get<int>();
    r.seconds = j.at("seconds").get<double>();
    for (const Json& s : j.at("seatings")) {
      bots::SeatingReport sr;
      sr.seating = s.at("seating").get<std::string>();
      sr.deals = s.at("deals").get<int>();
      sr.games = s.at("games").get<int>();
      sr.folded = s.at("folded").get<int>();
      sr.a = bot_from_json(s.at("a"));
      sr.b = bot_from_json(s.at("b"));
      sr.difference = s.at("difference").get<double>();
      sr.ci_low = s.at("ci95").at(0).get<double>();
      sr.ci_high = s.at("ci95").at(1).get<double>();
      sr.verdict = s.at("verdict").get<std::string>();
      for (std::size_t c = 0; c < 3; ++c) {
        const Json& cj = s.at("classes").at(kClass[c]);
        bots::ClassFigures& f = sr.classes[c];
        f.games = cj.at("games").get<int>();
        f.declarer_won = cj.at("declarer_won").get<int>();
        f.solver.judged = cj.at("judged").get<int>();
        f.solver.agrees = cj.at("solver_agrees").get<int>();
        if (const auto by = cj.find("by_declarer"); by != cj.end())  // absent in older reports
          for (std::size_t k = 0; k < 2; ++k)
            f.solver_by_declarer[k] = {by->at(k ? "b" : "a").at("judged").get<int>(),
                                       by->at(k ? "b" : "a").at("solver_agrees").get<int>()};
        // the per-class duplicate difference is absent from reports stored before it existed
        f.duplicate_deals = cj.value("duplicate_deals", 0);
        f.difference = cj.value("difference", 0.0);
        if (cj.contains("ci95")) {
          f.ci_low = cj.at("ci95").at(0).get<double>();
          f.ci_high = cj.at("ci95").at(1).get<double>();
        }
      }
      r.seatings.push_back(std::move(sr));
    }
    if (const auto t = j.find("sprt"); t != j.end()) {
      bots::SprtResult test;
      test.test = {t->at("d0").get<double>(), t->at("d1").get<double>(), t->at("alpha").get<double>(),
                   t->at("beta").get<double>()};
      test.verdict = t->at("verdict").get<std::string>();
      test.deals = t->at("deals").get<int>();
      test.llr = t->at("llr").get<double>();
      r.sprt = test;
    }
    return r;
  } catch (const Json::exception&) {
    return std::nullopt;
  }
}

Json crosstable_json(const bots::Crosstable& table) {
  Json rows = Json::array();
  for (std::size_t i = 0; i < table.names.size(); ++i) {
    Json cells = Json::array();
    for (const auto& c : table.cells[i]) {
      if (!c) {
        cells.push_back(nullptr);
        continue;
      }
      cells.push_back({{"difference", c->difference},
                       {"ci95", {c->ci_low, c->ci_high}},
                       {"deals", c->deals},
                       {"sprt", c->sprt.empty() ? Json() : Json(c->sprt)}});
    }
    rows.push_back({{"mean", table.row_mean[i]}, {"cells", std::move(cells)}});
  }
  return {{"names", table.names}, {"rows", std::move(rows)}};
}

Json curve_json(const std::vector<bots::CurvePoint>& curve) {
  Json out = Json::array();
  for (const bots::CurvePoint& p : curve)
    out.push_back({{"deals", p.deals}, {"difference", p.difference}, {"ci95", {p.ci_low, p.ci_high}}});
  return out;
}

namespace {

Json person_json(const std::optional<std::pair<std::int64_t, std::string>>& who) {
  return who ? app::person_json(who->first, who->second) : Json();
}

}  // namespace

Json program_faults_json(const bots::ProgramFaults& f) {
  return {{"timeouts", f.timeouts}, {"crashes", f.crashes}, {"garbage", f.garbage}};
}

Json tournament_summary_json(const db::TournamentRecord& t, const TournamentPeople& people) {
  Json seatings = Json::array();
  for (const char* s : {"2:1", "1:2"})
    if (t.seatings.find(s) != std::string::npos) seatings.push_back(s);
  Json j{{"id", t.id},
         {"mode", t.mode},
         {"a", t.a},
         {"b", t.b},
         {"seed", t.status == "running" ? Json() : Json(t.seed)},
         // the same, exactly: a 64-bit seed does not fit a JavaScript number
         {"seed_text", t.status == "running" ? Json() : Json(std::to_string(t.seed))},
         {"seed_sha256", t.seed_sha256.empty() ? Json() : Json(t.seed_sha256)},
         {"sealed", t.sealed},
         {"rated", t.rated},
         {"ladder", t.ladder},
         {"started_by", person_json(people.started_by)},
         {"owners", Json{{"a", person_json(people.a_owner)}, {"b", person_json(people.b_owner)}}},
         {"deals", t.deals},
         {"seatings", seatings},
         {"status", t.cancelled ? "cancelled" : t.status},
         {"end_reason", t.end_reason.empty() ? Json() : Json(t.end_reason)},
         {"created_at", db::to_millis(t.created_at)},
         {"finished_at", t.finished_at ? Json(db::to_millis(*t.finished_at)) : Json()},
         {"deals_done", t.deals_done},
         {"difference", nullptr},
         {"ci95", nullptr},
         {"verdict", nullptr}};
  const Json report = json_or_null(t.report);
  if (report.is_object() && report.contains("seatings") && !report["seatings"].empty()) {
    const Json& total = report["seatings"].back();
    j["difference"] = total.value("difference", Json());
    j["ci95"] = total.value("ci95", Json());
    j["verdict"] = total.value("verdict", Json());
  }
  return j;
}

Json tournament_detail_json(const db::TournamentRecord& t, const std::vector<db::TournamentTable>& tables,
                            const TournamentPeople& people) {
  Json j = tournament_summary_json(t, people);
  j["report"] = json_or_null(t.report);
  const Json curve = json_or_null(t.curve);
  j["curve"] = curve.is_array() ? curve : Json::array();
  Json series = Json::array();
  for (const db::TournamentTable& table : tables)
    for (const std::int64_t id : table.series)
      series.push_back({{"id", id},
                        {"table", table.table_id},
                        {"seating", bots::seating_name(table.b_seats)},
                        {"rotation", table.lone_seat},
                        {"first_deal", table.first_deal}});
  j["series"] = std::move(series);
  return j;
}

}  // namespace skat::app
