#include "bots/tournament/crosstable.h"

#include <algorithm>
#include <cstdio>

namespace skat::bots {

std::optional<GroupFormat> group_format_named(std::string_view name) {
  if (name == "gauntlet") return GroupFormat::Gauntlet;
  if (name == "round-robin") return GroupFormat::RoundRobin;
  return std::nullopt;
}

const char* group_format_name(GroupFormat format) {
  return format == GroupFormat::Gauntlet ? "gauntlet" : "round-robin";
}

std::vector<std::pair<int, int>> group_pairings(GroupFormat format, int bots) {
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < bots; ++a) {
    for (int b = a + 1; b < bots; ++b) pairs.emplace_back(a, b);
    if (format == GroupFormat::Gauntlet) break;
  }
  return pairs;
}

std::vector<PairingResult> run_group(const std::vector<BotSpec>& bots, GroupFormat format, const TournamentConfig& base,
                                     const std::function<void(int pairing, const Progress&)>& progress) {
  std::vector<PairingResult> results;
  const auto pairs = group_pairings(format, static_cast<int>(bots.size()));
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    TournamentConfig config = base;
    config.a = bots[static_cast<std::size_t>(pairs[k].first)];
    config.b = bots[static_cast<std::size_t>(pairs[k].second)];
    PairingResult r;
    r.a = pairs[k].first;
    r.b = pairs[k].second;
    const auto start = std::chrono::steady_clock::now();
    r.games = run_tournament(
        config, progress ? ProgressFn([&](const Progress& p) { progress(static_cast<int>(k), p); }) : ProgressFn{});
    r.report =
        make_report(config, r.games, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    results.push_back(std::move(r));
  }
  return results;
}

Crosstable make_crosstable(const std::vector<std::string>& bot_specs, const std::vector<PairingResult>& results) {
  Crosstable t;
  const std::size_t n = bot_specs.size();
  std::vector<std::string> plain;
  for (const std::string& spec : bot_specs) plain.push_back(side_name(spec));
  // Two bots of one name apart by their place: "full (2)", "full (3)".
  for (std::size_t i = 0; i < n; ++i)
    t.names.push_back(std::count(plain.begin(), plain.end(), plain[i]) > 1
                          ? plain[i] + " (" + std::to_string(i + 1) + ")"
                          : plain[i]);
  t.cells.assign(n, std::vector<std::optional<CrossCell>>(n));
  t.row_mean.assign(n, 0.0);
  std::vector<int> played(n, 0);
  for (const PairingResult& r : results) {
    if (r.report.seatings.empty()) continue;
    const SeatingReport& total = r.report.seatings.back();
    CrossCell b_row{total.difference, total.ci_low, total.ci_high, total.deals,
                    r.report.sprt ? r.report.sprt->verdict : std::string()};
    CrossCell a_row{-total.difference, -total.ci_high, -total.ci_low, total.deals, {}};
    const auto a = static_cast<std::size_t>(r.a), b = static_cast<std::size_t>(r.b);
    t.cells[b][a] = b_row;
    t.cells[a][b] = a_row;
    t.row_mean[a] += a_row.difference;
    t.row_mean[b] += b_row.difference;
    ++played[a];
    ++played[b];
  }
  for (std::size_t i = 0; i < n; ++i) t.row_mean[i] = played[i] ? t.row_mean[i] / played[i] : 0.0;
  return t;
}

std::string crosstable_text(const Crosstable& t) {
  std::string out =
      "crosstable: the row's bot minus the column's, SF points per seat and game, 95 % CI (H0, H1: the "
      "pairing's sequential test, in its B's row)\n";
  std::size_t width = 4;
  for (const std::string& name : t.names) width = std::max(width, name.size());
  char cell[128];
  // At least two spaces after each column.
  auto pad = [](std::string s, std::size_t w) {
    s.append(s.size() + 2 < w ? w - s.size() : 2, ' ');
    return s;
  };
  constexpr std::size_t kCell = 30;
  out += pad("", width + 2) + pad("mean", 9);
  for (const std::string& name : t.names) out += pad(name, kCell);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += '\n';
  for (std::size_t i = 0; i < t.names.size(); ++i) {
    std::snprintf(cell, sizeof cell, "%+7.2f  ", t.row_mean[i]);
    out += pad(t.names[i], width + 2) + cell;
    for (std::size_t j = 0; j < t.names.size(); ++j) {
      const auto& c = t.cells[i][j];
      if (!c)
        std::snprintf(cell, sizeof cell, "%s", i == j ? "" : "-");
      else
        std::snprintf(cell, sizeof cell, "%+.2f [%+.2f, %+.2f]%s", c->difference, c->ci_low, c->ci_high,
                      c->sprt.empty() || c->sprt == "inconclusive" ? "" : (" " + c->sprt).c_str());
      out += pad(cell, kCell);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  return out;
}

}  // namespace skat::bots
