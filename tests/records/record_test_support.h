// Shared helpers for the record tests: reading the ISS fixture file in place, and a small
// deterministic random driver that plays engine games with legal actions only (folds, hand
// games, null, ouvert and concessions all occur), seeded through engine::uniform_below.
#pragma once

#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/game.h"

namespace skat::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string fixture_sgf() { return read_file(std::string(SKAT_FIXTURES_DIR) + "/iss-games.sgf"); }

// Plays random legal actions; biased towards low bids and few concessions so that the games
// look like games (every kind of ending still occurs over a few hundred deals).
class RandomDriver {
 public:
  explicit RandomDriver(std::uint64_t seed, TableRules rules = {}) : gen_(seed), rules_(rules) {}

  std::uint64_t below(std::uint64_t n) { return uniform_below(gen_, n); }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

  Game play_one() {
    Game game(random_deal(gen_), rules_);
    while (!game.finished()) step(game);
    return game;
  }

 private:
  void step(Game& game) {
    if (game.phase() == Phase::Playing && chance(3)) {
      const int pos = static_cast<int>(below(3));
      const auto actions = game.legal_actions(pos);
      if (!actions.empty() && actions.front().kind == ActionKind::Concede) {
        must(game.apply(actions.front()));
        return;
      }
    }
    const int pos = game.to_act();
    std::vector<Action> actions;
    for (const Action& a : game.legal_actions(pos))
      if (a.kind != ActionKind::Concede) actions.push_back(a);
    must(game.apply(choose(game, actions)));
  }

  Action choose(const Game& game, const std::vector<Action>& actions) {
    if (game.phase() == Phase::Bidding) {
      if (chance(35)) return actions.back();  // pass
      return chance(85) ? actions.front() : pick(actions);
    }
    if (game.phase() == Phase::SkatDecision && chance(60)) return actions.front();  // pick up
    return pick(actions);
  }

  const Action& pick(const std::vector<Action>& actions) { return actions[below(actions.size())]; }

  static void must(const std::expected<void, RuleError>& r) {
    if (!r) throw std::runtime_error("driver chose an illegal action");
  }

  std::mt19937_64 gen_;
  TableRules rules_;  // with Kontra, the random choices include Kontra and Re when they are legal
};

}  // namespace skat::test
