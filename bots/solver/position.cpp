#include "bots/solver/position.h"

#include <algorithm>

namespace skat::bots {

namespace {

// The leader of the unfinished trick: the first of the positions that already played in it (one
// card fewer than the others). With no card played yet: forehand (give `leader` for later tricks).
std::expected<int, std::string> infer_leader(const std::array<CardSet, 3>& hands, int played) {
  const int most = std::max({hands[0].size(), hands[1].size(), hands[2].size()});
  if (played == 0) return 0;
  for (int leader = 0; leader < 3; ++leader) {
    bool fits = true;
    for (int k = 0; k < 3; ++k) {
      const int pos = (leader + k) % 3;
      const int expected = k < played ? most - 1 : most;
      fits = fits && hands[static_cast<std::size_t>(pos)].size() == expected;
    }
    if (fits) return leader;
  }
  return std::unexpected(std::string("the hand sizes do not fit the cards of the unfinished trick"));
}

}  // namespace

std::expected<PlayState, std::string> make_position(const PositionSpec& spec) {
  if (spec.declarer < 0 || spec.declarer > 2) return std::unexpected(std::string("declarer must be 0, 1 or 2"));
  if (spec.trick.size() > 2) return std::unexpected(std::string("an unfinished trick has at most two cards"));
  const int played = static_cast<int>(spec.trick.size());
  CardSet seen = spec.known_elsewhere;
  for (const CardSet& h : spec.hands) {
    if (!(seen & h).empty()) return std::unexpected("card named twice: " + card_names(seen & h));
    seen |= h;
  }
  for (Card c : spec.trick) {
    if (seen.contains(c)) return std::unexpected("card named twice: " + card_name(c));
    seen.add(c);
  }
  auto leader = spec.leader ? std::expected<int, std::string>(*spec.leader) : infer_leader(spec.hands, played);
  if (!leader) return std::unexpected(leader.error());
  if (*leader < 0 || *leader > 2) return std::unexpected(std::string("leader must be 0, 1 or 2"));

  // Give the trick's cards back to those who played them, then play them through the rules.
  std::array<CardSet, 3> before = spec.hands;
  for (int k = 0; k < played; ++k)
    before[static_cast<std::size_t>((*leader + k) % 3)].add(spec.trick[static_cast<std::size_t>(k)]);
  const int size = before[0].size();
  if (before[1].size() != size || before[2].size() != size || size == 0 || size > 10)
    return std::unexpected(std::string("the hands must hold equally many cards (1..10) at the start of the trick"));
  PlayState state(spec.game, before, spec.declarer, spec.declarer_points_so_far, *leader);
  for (Card c : spec.trick) {
    if (!state.legal_moves().contains(c))
      return std::unexpected("illegal card in the unfinished trick: " + card_name(c));
    state.play(c);
  }
  return state;
}

PlayState play_start(const Game& game) {
  const Deal& deal = game.deal();
  const int d = game.declarer();
  std::array<CardSet, 3> hands = deal.hands;
  const auto di = static_cast<std::size_t>(d);
  const CardSet counted = game.picked_up() ? game.discard() : deal.skat;
  if (game.picked_up()) hands[di] = (hands[di] | deal.skat) - game.discard();
  const GameType type = game.declaration().type;
  return PlayState(type, hands, d, type == GameType::Null ? 0 : card_points(counted));
}

}  // namespace skat::bots
