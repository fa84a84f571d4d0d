// Writing, reading and checking tournament games files (see tournament_games.h).
#include "cli/tournament_games.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <fstream>
#include <set>

#include "server/play/tournament_json.h"

namespace skat::cli {

// One game of a games file (--games), with the outside programs' faults per side when there are any.
nlohmann::json game_json(const bots::TournamentGame& g) {
  nlohmann::json j = app::tournament_game_json(g);
  if (g.program_faults != std::array<bots::ProgramFaults, 2>{})
    j["program_faults"] = {app::program_faults_json(g.program_faults[0]),
                           app::program_faults_json(g.program_faults[1])};
  return j;
}

std::optional<bots::TournamentGame> game_from_json(const nlohmann::json& j) {
  auto g = app::tournament_game_from_json(j);
  if (!g || !j.contains("program_faults")) return g;
  const auto& faults = j["program_faults"];
  for (std::size_t side = 0; side < 2 && faults.is_array() && faults.size() == 2; ++side)
    if (faults[side].is_object())
      g->program_faults[side] = {faults[side].value("timeouts", 0), faults[side].value("crashes", 0),
                                 faults[side].value("garbage", 0)};
  return g;
}

// `--games FILE`: a header line (the bots, seed, seating, deals played, seconds, and the build that
// played them), then one game per line.
bool write_games(const std::string& path, const bots::TournamentConfig& config, const std::string& seating,
                 const std::vector<bots::TournamentGame>& games, double seconds, const GamesProvenance& build) {
  std::ofstream out(path);
  // A sequential test's tournament holds the deals up to where it stopped.
  std::set<int> dealt;
  for (const bots::TournamentGame& g : games) dealt.insert(g.deal);
  nlohmann::json header{{"a", config.a.describe()},
                        {"b", config.b.describe()},
                        {"seed", config.seed},
                        {"seating", seating},
                        {"first_deal", config.first_deal},
                        {"deals", config.sprt ? static_cast<int>(dealt.size()) : config.deals},
                        {"seconds", seconds},
                        {"build", provenance_json(build)}};
  if (config.sprt)
    header["sprt"] = {
        {"d0", config.sprt->d0}, {"d1", config.sprt->d1}, {"alpha", config.sprt->alpha}, {"beta", config.sprt->beta}};
  out << header.dump() << '\n';
  for (const bots::TournamentGame& g : games) out << game_json(g).dump() << '\n';
  out.flush();
  if (!out) spdlog::error("tournament: --games {}: cannot write", path);
  return static_cast<bool>(out);
}

std::expected<GamesFile, std::string> read_games_file(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!std::getline(in, line)) return std::unexpected(path + ": empty or unreadable");
  GamesFile file;
  file.header = nlohmann::json::parse(line, nullptr, false);
  if (!file.header.is_object() || !file.header.contains("a") || !file.header.contains("seating"))
    return std::unexpected(path + ": no header line");
  for (int number = 2; std::getline(in, line); ++number) {
    auto game = game_from_json(nlohmann::json::parse(line, nullptr, false));
    if (!game) return std::unexpected(fmt::format("{}:{}: not a tournament game", path, number));
    file.games.push_back(std::move(*game));
  }
  return file;
}

void warn_provenance_unknown(const char* mode, const std::string& path) {
  spdlog::warn(
      "tournament: {} {}: provenance unknown (its header names no build: written before games files "
      "recorded the commit, solver digest and data files)",
      mode, path);
}

// Logs `difference`'s conflicts (as errors, or warnings when `allow`) and notes; false when a
// conflict refuses what `mode` was to do.
bool accept_difference(const char* mode, const ProvenanceDifference& difference, bool allow) {
  for (const std::string& note : difference.notes)
    spdlog::warn("tournament: {}: {}{}", mode, note,
                 difference.conflicts.empty() ? " (same solver digest and data files)" : "");
  for (const std::string& conflict : difference.conflicts) {
    if (allow)
      spdlog::warn("tournament: {}: {}", mode, conflict);
    else
      spdlog::error("tournament: {}: {}", mode, conflict);
  }
  if (difference.conflicts.empty()) return true;
  if (allow) {
    spdlog::warn("tournament: {}: going on anyway (--allow-other-build)", mode);
    return true;
  }
  spdlog::error(
      "tournament: {}: refused, the games are of another solver or other data files (--allow-other-build "
      "goes on anyway)",
      mode);
  return false;
}

// A game's outcome in a line: how it was declared and scored.
std::string outcome_text(const bots::TournamentGame& g) {
  if (g.folded) return "folded";
  return fmt::format("declarer {} {} {}, list entry {}", g.declarer, game_letter(g.declaration.type),
                     g.won ? "won" : "lost", g.list_entry);
}

bool same_outcome(const bots::TournamentGame& x, const bots::TournamentGame& y) {
  return x.folded == y.folded && (x.folded || (x.declarer == y.declarer && x.declaration == y.declaration &&
                                               x.won == y.won && x.list_entry == y.list_entry));
}

}  // namespace skat::cli
