// Shared helpers for the engine tests: cards and deals from ISS names, driving a Game through the
// auction to a chosen declarer and bid, and random legal playouts from a seeded generator.
// Helpers throw on misuse so that a broken fixture fails the calling test loudly.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/deal.h"
#include "engine/errors.h"
#include "engine/game.h"

namespace skat::test {

inline Card card(std::string_view name) {
  const auto c = parse_card(name);
  if (!c) throw std::invalid_argument("bad card name: " + std::string(name));
  return *c;
}

// Space-separated ISS names, e.g. "CJ SJ HA".
inline CardSet cards(std::string_view names) {
  CardSet out;
  std::size_t i = 0;
  while (i < names.size()) {
    if (names[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t end = names.find(' ', i);
    const std::string_view word = names.substr(i, end == std::string_view::npos ? names.size() - i : end - i);
    const Card c = card(word);
    if (out.contains(c)) throw std::invalid_argument("duplicate card: " + std::string(word));
    out.add(c);
    i += word.size();
  }
  return out;
}

inline Deal make_deal(std::string_view fh, std::string_view mh, std::string_view rh, std::string_view skat) {
  Deal d;
  d.hands = {cards(fh), cards(mh), cards(rh)};
  d.skat = cards(skat);
  if (!d.valid()) throw std::invalid_argument("invalid test deal");
  return d;
}

// Throws when an engine call that the test relies on fails.
inline void must(const std::expected<void, RuleError>& r, std::string_view what = "action") {
  if (!r) throw std::runtime_error(std::string(what) + " failed: " + std::string(to_string(r.error())));
}

inline void must_apply(Game& g, const Action& a) { must(g.apply(a), describe(a)); }

// A game whose auction is over: `declarer` (0 FH, 1 MH, 2 RH) won it at `bid`.
inline Game game_won_by(const Deal& deal, int declarer, int bid) {
  Game g(deal);
  switch (declarer) {
    case kForehand:
      must_apply(g, Action::make_bid(kMiddlehand, bid));
      must_apply(g, Action::hold(kForehand));
      must_apply(g, Action::pass(kMiddlehand));
      must_apply(g, Action::pass(kRearhand));
      break;
    case kMiddlehand:
      must_apply(g, Action::make_bid(kMiddlehand, bid));
      must_apply(g, Action::pass(kForehand));
      must_apply(g, Action::pass(kRearhand));
      break;
    case kRearhand:
      must_apply(g, Action::pass(kMiddlehand));
      must_apply(g, Action::make_bid(kRearhand, bid));
      must_apply(g, Action::pass(kForehand));
      break;
    default: throw std::invalid_argument("bad declarer");
  }
  if (g.phase() != Phase::SkatDecision || g.declarer() != declarer || g.bid() != bid)
    throw std::runtime_error("auction helper did not reach the skat decision");
  return g;
}

// A game in play: hand game `d` declared by `declarer` at `bid`.
inline Game hand_game(const Deal& deal, int declarer, int bid, Declaration d) {
  Game g = game_won_by(deal, declarer, bid);
  d.hand = true;
  must_apply(g, Action::declare(declarer, d));
  return g;
}

// A game in play: the declarer picked up, discarded `a` and `b`, and declared `type` (ouvert for null).
inline Game pickup_game(const Deal& deal, int declarer, int bid, GameType type, Card a, Card b, bool ouvert = false) {
  Game g = game_won_by(deal, declarer, bid);
  must_apply(g, Action::pick_up(declarer));
  must_apply(g, Action::discard(declarer, a, b));
  must_apply(g, Action::declare(declarer, Declaration{type, false, false, false, ouvert}));
  return g;
}

// Uniform index below n from the engine's rejection sampler (the tests' only randomness).
inline std::size_t pick(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::size_t>(uniform_below(rng, static_cast<std::uint64_t>(n)));
}

// The play actions (no concessions) among the legal actions of the player to move.
inline std::vector<Action> card_actions(const Game& g) {
  std::vector<Action> out;
  if (g.phase() != Phase::Playing) return out;
  for (const Action& a : g.legal_actions(g.to_act()))
    if (a.kind == ActionKind::Play) out.push_back(a);
  return out;
}

// Plays random legal cards until the game is finished.
inline void play_out_randomly(Game& g, std::mt19937_64& rng) {
  while (g.phase() == Phase::Playing) {
    const auto moves = card_actions(g);
    if (moves.empty()) throw std::runtime_error("no legal card while playing");
    must_apply(g, moves[pick(rng, moves.size())]);
  }
}

}  // namespace skat::test
