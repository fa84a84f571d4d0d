#include "engine/play_state.h"

namespace skat {

PlayState::PlayState(GameType game, const std::array<CardSet, 3>& hands, int declarer, int declarer_points_so_far,
                     int leader)
    : game_(game),
      rules_(&rules_for(game)),
      hands_(hands),
      declarer_(static_cast<std::uint8_t>(declarer)),
      to_move_(static_cast<std::uint8_t>(leader)),
      leader_(static_cast<std::uint8_t>(leader)),
      declarer_points_(declarer_points_so_far) {}

void PlayState::play(Card card) {
  hands_[to_move_].remove(card);
  played_.add(card);
  trick_[trick_size_++] = card;
  moves_[num_moves_++] = card;
  if (trick_size_ < 3) {
    to_move_ = static_cast<std::uint8_t>(to_move_ == 2 ? 0 : to_move_ + 1);
    return;
  }
  const int winner = (leader_ + rules_->trick_winner(trick_.data(), 3)) % 3;
  const int points = card_points(trick_[0]) + card_points(trick_[1]) + card_points(trick_[2]);
  history_[tricks_done_] = {leader_, static_cast<std::uint8_t>(winner), static_cast<std::uint8_t>(points)};
  ++tricks_done_;
  if (winner == declarer_) {
    declarer_points_ += points;
    ++declarer_tricks_;
  }
  last_winner_ = static_cast<std::int8_t>(winner);
  leader_ = to_move_ = static_cast<std::uint8_t>(winner);
  trick_size_ = 0;
}

void PlayState::undo() {
  if (trick_size_ == 0) {
    // Reopen the last completed trick.
    const TrickRecord t = history_[--tricks_done_];
    if (t.winner == declarer_) {
      declarer_points_ -= t.points;
      --declarer_tricks_;
    }
    leader_ = t.leader;
    trick_size_ = 3;
    for (int i = 0; i < 3; ++i)
      trick_[static_cast<std::size_t>(i)] = moves_[static_cast<std::size_t>(num_moves_ - 3 + i)];
    to_move_ = static_cast<std::uint8_t>((leader_ + 2) % 3);
    last_winner_ = tricks_done_ > 0 ? static_cast<std::int8_t>(history_[tricks_done_ - 1].winner) : std::int8_t{-1};
  } else {
    to_move_ = static_cast<std::uint8_t>(to_move_ == 0 ? 2 : to_move_ - 1);
  }
  const Card card = moves_[--num_moves_];
  --trick_size_;
  hands_[to_move_].add(card);
  played_.remove(card);
}

}  // namespace skat
