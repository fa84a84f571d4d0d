// The fast trick-play state for search and simulation: hands as card sets, the current trick,
// card points and tricks per side, with play/undo. It checks nothing: callers pass legal cards
// (from `legal_moves`). The validating game object (game.h) is built on top of it.
#pragma once

#include <array>
#include <cstdint>

#include "engine/deal.h"
#include "engine/game_type.h"

namespace skat {

class PlayState {
 public:
  PlayState() = default;
  // Hands as held at the start of play (the declarer's after the discard), the declarer's
  // position, and the card points already counting for the declarer (the skat or discard).
  // `leader` leads the first trick (forehand at the start of a game; any position when a search
  // starts from a later trick, with the points of earlier tricks in `declarer_points_so_far`).
  PlayState(GameType game, const std::array<CardSet, 3>& hands, int declarer, int declarer_points_so_far,
            int leader = 0);

  GameType game() const { return game_; }
  const GameRules& rules() const { return *rules_; }
  int declarer() const { return declarer_; }
  int to_move() const { return to_move_; }
  int leader() const { return leader_; }
  CardSet hand(int pos) const { return hands_[static_cast<std::size_t>(pos)]; }
  const std::array<CardSet, 3>& hands() const { return hands_; }
  int trick_size() const { return trick_size_; }
  Card trick_card(int i) const { return trick_[static_cast<std::size_t>(i)]; }
  int tricks_done() const { return tricks_done_; }
  int declarer_points() const { return declarer_points_; }
  int declarer_tricks() const { return declarer_tricks_; }
  int defender_tricks() const { return tricks_done_ - declarer_tricks_; }
  CardSet played() const { return played_; }
  bool all_tricks_played() const { return tricks_done_ == 10; }
  // No card left to play: every trick complete and the hands empty (also in a position that was
  // set up with fewer than ten cards a hand).
  bool out_of_cards() const { return trick_size_ == 0 && hands_[static_cast<std::size_t>(to_move_)].size() == 0; }

  // Cards the player to move may play.
  CardSet legal_moves() const {
    const CardSet h = hands_[static_cast<std::size_t>(to_move_)];
    return trick_size_ == 0 ? h : rules_->playable(h, trick_[0]);
  }

  // Plays `card` for the player to move; completes the trick after the third card.
  void play(Card card);
  // Takes back the last card played (reopening a completed trick if needed).
  void undo();

  // Winner (position) and points of the last completed trick.
  int last_trick_winner() const { return last_winner_; }

 private:
  struct TrickRecord {
    std::uint8_t leader;
    std::uint8_t winner;
    std::uint8_t points;
  };

  GameType game_ = GameType::Grand;
  const GameRules* rules_ = nullptr;
  std::array<CardSet, 3> hands_{};
  std::array<Card, 3> trick_{};
  std::array<TrickRecord, 10> history_{};
  std::array<Card, 30> moves_{};
  CardSet played_;
  std::uint8_t declarer_ = 0;
  std::uint8_t to_move_ = 0;
  std::uint8_t leader_ = 0;
  std::uint8_t trick_size_ = 0;
  std::uint8_t tricks_done_ = 0;
  std::uint8_t declarer_tricks_ = 0;
  std::uint8_t num_moves_ = 0;
  std::int8_t last_winner_ = -1;
  int declarer_points_ = 0;
};

}  // namespace skat
