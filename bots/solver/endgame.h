// The last tricks of an open-card position, solved by plain enumeration: from a trick start with
// at most a few cards in each hand, every legal card of each trick is tried in turn with
// zero-window cut-offs, on bare card sets (no move ordering, no table, no PlayState). For so few
// cards this is cheaper than the general search, which hands these positions over to it.
#pragma once

#include <array>
#include <cstdint>

#include "engine/game_type.h"

namespace skat::bots {

// What the remaining tricks are scored by, and so who maximises: the declarer's card points
// (declarer maximises), the defenders' tricks or the declarer's tricks (defenders maximise).
enum class EndgameCount : std::uint8_t { DeclarerPoints, DefenderTricks, DeclarerTricks };

struct Endgame {
  const GameRules& rules;
  int declarer = 0;
  EndgameCount count = EndgameCount::DeclarerPoints;

  // Fail-soft zero-window search from a trick start (`leader` to lead, equal hand sizes): the
  // score the remaining tricks add, a lower bound when ≥ `need`, an upper bound otherwise.
  // `nodes` grows by one per card tried; when it reaches `node_limit` the search stops at once
  // and its result means nothing.
  int search(std::array<CardSet, 3>& hands, int leader, int need, std::uint64_t& nodes) const;

  std::uint64_t node_limit = ~std::uint64_t{0};

 private:
  // The `i`-th card of the trick; `winning` is the index of the card that wins it so far.
  int play_card(std::array<CardSet, 3>& hands, int leader, std::array<Card, 3>& trick, int i, int winning, int need,
                std::uint64_t& nodes) const;
  bool maximises(int player) const { return (player == declarer) == (count == EndgameCount::DeclarerPoints); }
};

}  // namespace skat::bots
