#include "bots/tournament/tournament_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "bots/bot_levels.h"
#include "bots/rng.h"

namespace skat::bots {

namespace {

int class_index(GameType t) { return t == GameType::Null ? 2 : t == GameType::Grand ? 1 : 0; }

double quantile_of(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(pos);
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

void add_moves(BotFigures& f, const std::vector<float>& ms, std::vector<double>& all) {
  for (float t : ms) {
    all.push_back(t);
    f.slow_moves += t > 5000.0F ? 1 : 0;
  }
}

void finish_moves(BotFigures& f, const std::vector<double>& all) {
  f.moves = static_cast<int>(all.size());
  double sum = 0;
  for (double t : all) sum += t;
  f.move_mean_ms = all.empty() ? 0 : sum / static_cast<double>(all.size());
  f.move_p99_ms = quantile_of(all, 0.99);
}

// Per deal: B's minus A's mean points per position, averaged over the positions. With `cls`, only
// the deals played in that game class at every table (none folded or played in another class),
// with both bots at every position.
// `deal_of`, when given, receives the deal of each difference.
std::vector<double> deal_differences(const std::vector<const TournamentGame*>& games, int deals,
                                     std::optional<int> cls = std::nullopt, std::vector<int>* deal_of = nullptr) {
  std::vector<std::array<double, 12>> acc(static_cast<std::size_t>(deals));  // per position: sum/n for A, B
  std::vector<char> state(static_cast<std::size_t>(deals), 0);               // 0 unseen, 1 counted, 2 left out
  for (const TournamentGame* g : games) {
    char& st = state[static_cast<std::size_t>(g->deal)];
    if (cls && (g->folded || class_index(g->declaration.type) != *cls)) {
      st = 2;
      continue;
    }
    if (st == 0) st = 1;
    auto& a = acc[static_cast<std::size_t>(g->deal)];
    for (std::size_t p = 0; p < 3; ++p) {
      const std::size_t base = p * 4 + (g->is_b[p] ? 2 : 0);
      a[base] += g->points[p];
      a[base + 1] += 1;
    }
  }
  std::vector<double> diffs;
  for (std::size_t d = 0; d < acc.size(); ++d) {
    if (state[d] != 1) continue;
    const auto& a = acc[d];
    double diff = 0;
    bool both = true;
    for (std::size_t p = 0; p < 3; ++p) {
      both = both && a[p * 4 + 1] > 0 && a[p * 4 + 3] > 0;
      diff += a[p * 4 + 2] / std::max(1.0, a[p * 4 + 3]) - a[p * 4] / std::max(1.0, a[p * 4 + 1]);
    }
    if (!both && cls) continue;
    diffs.push_back(diff / 3);
    if (deal_of) deal_of->push_back(static_cast<int>(d));
  }
  return diffs;
}

// The mean and its 95 % percentile-bootstrap interval over deals (2,000 resamples, fixed seed: the
// same games, the same interval).
struct Interval {
  double mean = 0, low = 0, high = 0;
};
Interval bootstrap(const std::vector<double>& diffs) {
  Interval r;
  double sum = 0;
  for (double d : diffs) sum += d;
  r.mean = diffs.empty() ? 0 : sum / static_cast<double>(diffs.size());
  FastRng rng(0xB007'57A9ULL);
  std::vector<double> means;
  if (diffs.size() > 1) {
    for (int k = 0; k < 2000; ++k) {
      double s = 0;
      for (std::size_t i = 0; i < diffs.size(); ++i) s += diffs[rng() % diffs.size()];
      means.push_back(s / static_cast<double>(diffs.size()));
    }
  }
  r.low = means.empty() ? r.mean : quantile_of(means, 0.025);
  r.high = means.empty() ? r.mean : quantile_of(means, 0.975);
  return r;
}

SeatingReport summarise(const std::string& name, const std::vector<const TournamentGame*>& games,
                        const std::vector<double>& diffs, int slots, bool per_class, const TournamentReport& header) {
  SeatingReport r;
  r.seating = name;
  r.deals = static_cast<int>(diffs.size());
  std::vector<double> a_moves, b_moves;
  for (const TournamentGame* g : games) {
    ++r.games;
    r.folded += g->folded ? 1 : 0;
    for (std::size_t p = 0; p < 3; ++p) {
      BotFigures& f = g->is_b[p] ? r.b : r.a;
      ++f.seat_games;
      f.points += g->points[p];
      if (!g->folded && static_cast<int>(p) == g->declarer) {
        ++f.declared;
        f.declared_won += g->won ? 1 : 0;
      }
    }
    add_moves(r.a, g->move_ms[0], a_moves);
    add_moves(r.b, g->move_ms[1], b_moves);
    r.a.slow_moves += g->timeouts[0];
    r.b.slow_moves += g->timeouts[1];
    r.a.clock_stops += g->clock_stops[0];
    r.b.clock_stops += g->clock_stops[1];
    r.a.program_faults += g->program_faults[0];
    r.b.program_faults += g->program_faults[1];
    if (g->folded) continue;
    ClassFigures& c = r.classes[static_cast<std::size_t>(class_index(g->declaration.type))];
    ++c.games;
    c.declarer_won += g->won ? 1 : 0;
    if (g->solver_wins) {
      c.solver.add(*g->solver_wins == g->won);
      c.solver_by_declarer[g->is_b[static_cast<std::size_t>(g->declarer)] ? 1 : 0].add(*g->solver_wins == g->won);
    }
  }
  finish_moves(r.a, a_moves);
  finish_moves(r.b, b_moves);

  const Interval all = bootstrap(diffs);
  r.difference = all.mean;
  r.ci_low = all.low;
  r.ci_high = all.high;
  for (int c = 0; c < 3 && per_class; ++c) {
    const auto in_class = deal_differences(games, slots, c);
    const Interval ci = bootstrap(in_class);
    ClassFigures& f = r.classes[static_cast<std::size_t>(c)];
    f.duplicate_deals = static_cast<int>(in_class.size());
    f.difference = ci.mean;
    f.ci_low = ci.low;
    f.ci_high = ci.high;
  }
  // The sides by name; by letter alone when their names are the same.
  const std::string a = side_name(header.a), b = side_name(header.b);
  if (r.ci_low > 0)
    r.verdict = a == b ? "B stronger" : "B (" + b + ") stronger";
  else if (r.ci_high < 0)
    r.verdict = a == b ? "A stronger" : "A (" + a + ") stronger";
  else
    r.verdict = "no significant difference at " + std::to_string(r.games) + " games";
  return r;
}

int deal_slots(const std::vector<TournamentGame>& games) {
  int slots = 0;
  for (const TournamentGame& g : games) slots = std::max(slots, g.deal + 1);
  return slots;
}

}  // namespace

std::string side_name(const std::string& spec) {
  if (spec.size() <= 24) return spec;
  for (const BotLevel& level : kBotLevels) {
    const auto parsed = parse_bot_spec(std::string(level.spec), false);
    if (spec == level.spec || (parsed && spec == parsed->describe())) return std::string(level.name);
  }
  for (const std::string_view prefix : {"account:", "sandbox:"})
    if (spec.starts_with(prefix)) return spec.substr(prefix.size());
  if (spec.starts_with("program:")) {
    // The script an interpreter runs ("python3 bots/mine.py --x" is "mine.py"), else the command.
    std::vector<std::string> words;
    for (std::size_t at = 8; at < spec.size();) {
      const std::size_t end = std::min(spec.find(' ', at), spec.size());
      if (end > at) words.push_back(spec.substr(at, end - at));
      at = end + 1;
    }
    if (words.empty()) return "program";
    std::string word = words.front();
    for (const std::string& w : words)
      if (w.find('/') != std::string::npos || w.find('.') != std::string::npos) {
        word = w;
        break;
      }
    return word.substr(word.find_last_of('/') == std::string::npos ? 0 : word.find_last_of('/') + 1);
  }
  return spec.substr(0, spec.find(':'));
}

std::vector<double> deal_difference_series(const TournamentConfig& config, const std::vector<TournamentGame>& games) {
  const int slots = deal_slots(games);
  std::vector<double> sum(static_cast<std::size_t>(slots), 0.0);
  std::vector<int> seen(static_cast<std::size_t>(slots), 0);
  for (const int b_seats : config.b_seats) {
    std::vector<const TournamentGame*> part;
    for (const TournamentGame& g : games)
      if (g.b_seats == b_seats) part.push_back(&g);
    std::vector<int> deal_of;
    const auto diffs = deal_differences(part, slots, std::nullopt, &deal_of);
    for (std::size_t i = 0; i < diffs.size(); ++i) {
      sum[static_cast<std::size_t>(deal_of[i])] += diffs[i];
      ++seen[static_cast<std::size_t>(deal_of[i])];
    }
  }
  std::vector<double> series;
  const auto seatings = static_cast<int>(config.b_seats.size());
  for (std::size_t d = 0; d < sum.size(); ++d)
    if (seatings > 0 && seen[d] == seatings) series.push_back(sum[d] / seatings);
  return series;
}

TournamentReport make_report(const TournamentConfig& config, const std::vector<TournamentGame>& games, double seconds,
                             bool per_class) {
  TournamentReport report;
  report.a = config.a.describe();
  report.b = config.b.describe();
  report.seed = config.seed;
  report.seconds = seconds;
  // Deal indexes need not start at 0 (a shard, or shards merged): slots up to the largest.
  std::set<int> dealt;
  for (const TournamentGame& g : games) dealt.insert(g.deal);
  report.deals = static_cast<int>(dealt.size());
  const int slots = deal_slots(games);
  std::vector<const TournamentGame*> all;
  for (const int b_seats : config.b_seats) {
    std::vector<const TournamentGame*> part;
    for (const TournamentGame& g : games)
      if (g.b_seats == b_seats) part.push_back(&g);
    const auto diffs = deal_differences(part, slots);
    report.seatings.push_back(summarise(seating_name(b_seats), part, diffs, slots, per_class, report));
    all.insert(all.end(), part.begin(), part.end());
  }
  const std::vector<double> total = deal_difference_series(config, games);
  report.seatings.push_back(summarise("total", all, total, slots, per_class, report));
  if (config.sprt) report.sprt = run_sprt(total, *config.sprt);
  return report;
}

std::vector<CurvePoint> difference_curve(const TournamentConfig& config, const std::vector<TournamentGame>& games,
                                         int points) {
  std::vector<CurvePoint> curve;
  const int step = std::max(1, config.deals / std::max(1, points));
  for (int n = step; n <= config.deals; n = n == config.deals ? n + 1 : std::min(config.deals, n + step)) {
    std::vector<TournamentGame> prefix;
    for (const TournamentGame& g : games)
      if (g.deal < n) prefix.push_back(g);
    TournamentConfig part = config;
    part.deals = n;
    const SeatingReport total = make_report(part, prefix, 0, false).seatings.back();
    curve.push_back({n, total.difference, total.ci_low, total.ci_high});
  }
  return curve;
}

std::string report_text(const TournamentReport& r) {
  std::string out;
  char line[512];
  auto add = [&](const char* fmt, auto... args) {
    std::snprintf(line, sizeof line, fmt, args...);
    out += line;
  };
  add("tournament: A = %s, B = %s, %d deals, seed %llu, %.0f s\n", r.a.c_str(), r.b.c_str(), r.deals,
      static_cast<unsigned long long>(r.seed), r.seconds);
  if (r.sprt) {
    const SprtResult& t = *r.sprt;
    add("SPRT H0: B - A <= %+.2f, H1: B - A >= %+.2f (alpha %.3g, beta %.3g): %s after %d deals, LLR %+.2f in "
        "[%+.2f, %+.2f]\n",
        t.test.d0, t.test.d1, t.test.alpha, t.test.beta,
        t.verdict == "inconclusive" ? "inconclusive" : (t.verdict + " accepted").c_str(), t.deals, t.llr,
        t.test.lower(), t.test.upper());
  }
  static const char* kClass[] = {"suit", "grand", "null"};
  for (const SeatingReport& s : r.seatings) {
    add("\n[%s] %d deals, %d games, %d folded\n", s.seating.c_str(), s.deals, s.games, s.folded);
    add("  %-3s %10s %9s %9s %12s %10s %10s %10s %6s\n", "bot", "seat-games", "decl won", "decl lost", "SF total",
        "SF/game", "move mean", "move p99", ">5 s");
    for (int k = 0; k < 2; ++k) {
      const BotFigures& f = k ? s.b : s.a;
      add("  %-3s %10d %9d %9d %12.0f %10.2f %8.1fms %8.1fms %6d\n", k ? "B" : "A", f.seat_games, f.declared_won,
          f.declared - f.declared_won, f.points, f.points_per_game(), f.move_mean_ms, f.move_p99_ms, f.slow_moves);
    }
    add("  duplicate difference B - A: %+.2f SF points per seat and game, 95%% CI [%+.2f, %+.2f]: %s\n", s.difference,
        s.ci_low, s.ci_high, s.verdict.c_str());
    for (int k = 0; k < 2; ++k) {
      const ProgramFaults& f = (k ? s.b : s.a).program_faults;
      if ((k ? r.b : r.a).starts_with("program:") || f.total() > 0)
        add("  program %s: %d timeouts, %d crashes, %d garbage answers\n", k ? "B" : "A", f.timeouts, f.crashes,
            f.garbage);
    }
    if (s.a.clock_stops + s.b.clock_stops > 0)
      add("  not reproducible: the wall-clock safety net cut %d searches of A and %d of B short\n", s.a.clock_stops,
          s.b.clock_stops);
    const int played = s.games - s.folded;
    for (std::size_t c = 0; c < 3; ++c) {
      const ClassFigures& f = s.classes[c];
      add("  %-5s share %5.1f%%  declarer won %5.1f%%", kClass[c], played ? 100.0 * f.games / played : 0.0,
          f.games ? 100.0 * f.declarer_won / f.games : 0.0);
      // Whose: the share of each side's declared games whose result is the open-card solver's verdict.
      if (f.solver.share()) {
        add("  declarers' solver accuracy:");
        for (std::size_t k = 0; k < 2; ++k) {
          const SolverAccuracy& side = f.solver_by_declarer[k];
          if (const auto share = side.share())
            add(" %s %5.1f%% of %d", k ? "B" : "A", 100.0 * *share, side.judged);
          else
            add(" %s -", k ? "B" : "A");
        }
      } else {
        add("  (not judged)");
      }
      if (f.duplicate_deals == 0)
        add("  B - A: no deals\n");
      else
        add("  B - A %+6.2f [%+.2f, %+.2f] over %d deals\n", f.difference, f.ci_low, f.ci_high, f.duplicate_deals);
    }
  }
  add("\n>5 s: moves that took longer than the 5 s move clock (in-process) or that the server's clock made\n");
  return out;
}

}  // namespace skat::bots
