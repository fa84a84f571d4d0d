// What one position may know during a deal: its own cards, the public actions so far, the skat
// and discard only for the declarer who picked it up, the declarer's cards in ouvert games, and
// the actions it may take now. The server sends exactly this to a seat; bots decide from it
// alone, so in-process and networked play see the same information.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/game.h"

namespace skat {

struct SeatView {
  int pos = 0;  // 0 FH, 1 MH, 2 RH
  Phase phase = Phase::Bidding;
  int to_act = -1;
  CardSet hand;  // the cards held now (the declarer's twelve between pickup and discard)

  // Auction: the current bid, who bids and who answers now, and each position's value so far.
  int current_bid = 0;
  std::array<int, 3> bids{};

  int declarer = -1;
  int bid = 0;  // the declarer's bid once the auction is over
  bool picked_up = false;
  std::optional<Declaration> declaration;
  CardSet skat;          // the dealt skat: only for the declarer after pickup
  CardSet discard;       // only for the declarer
  CardSet ouvert_cards;  // the declarer's cards still held, in an ouvert game, for everyone

  // Every action so far that this position saw (other players' discards left out).
  std::vector<Action> history;
  std::vector<CompletedTrick> tricks;
  std::vector<Card> current_trick;  // cards of the unfinished trick in play order
  int trick_leader = 0;
  std::array<bool, 3> conceded{};  // defenders' concession votes
  bool kontra_allowed = false;     // the table plays with Kontra and Re
  Doubling doubling = Doubling::None;
  int kontra_by = -1;  // the defender who said Kontra

  std::vector<Action> legal;  // what this position may do now

  bool operator==(const SeatView&) const = default;
  // True when the auction waits for this position's yes/pass answer.
  bool answering() const;
  // The smallest bid this position may make now (0 when it may not bid).
  int minimum_bid() const;
};

SeatView seat_view(const Game& game, int pos);

// Every card a view reveals (own hand, skat, discard, ouvert cards, cards in the history and
// tricks): used to check that nothing hidden leaks.
CardSet visible_cards(const SeatView& view);

}  // namespace skat
