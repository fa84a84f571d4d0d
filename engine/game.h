// The validating game state machine of one deal: auction → skat pickup or hand → discard →
// declaration → tricks → result (docs/rules.md §3–§6). Every action is checked; an illegal one
// returns a RuleError and leaves the game unchanged. Positions are 0 FH, 1 MH, 2 RH.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <vector>

#include "engine/auction.h"
#include "engine/deal.h"
#include "engine/errors.h"
#include "engine/game_type.h"
#include "engine/play_state.h"
#include "engine/scoring.h"

namespace skat {

enum class ActionKind : std::uint8_t { Bid, Hold, Pass, PickUp, Discard, Declare, Play, Concede, Kontra, Re };

struct Action {
  ActionKind kind = ActionKind::Pass;
  int pos = 0;
  int bid = 0;                // Bid
  Card card;                  // Play; first discard
  Card card2;                 // second discard
  Declaration declaration{};  // Declare

  static Action make_bid(int pos, int value) { return {ActionKind::Bid, pos, value, {}, {}, {}}; }
  static Action hold(int pos) { return {ActionKind::Hold, pos, 0, {}, {}, {}}; }
  static Action pass(int pos) { return {ActionKind::Pass, pos, 0, {}, {}, {}}; }
  static Action pick_up(int pos) { return {ActionKind::PickUp, pos, 0, {}, {}, {}}; }
  static Action discard(int pos, Card a, Card b) { return {ActionKind::Discard, pos, 0, a, b, {}}; }
  static Action declare(int pos, Declaration d) { return {ActionKind::Declare, pos, 0, {}, {}, d}; }
  static Action play(int pos, Card c) { return {ActionKind::Play, pos, 0, c, {}, {}}; }
  static Action concede(int pos) { return {ActionKind::Concede, pos, 0, {}, {}, {}}; }
  static Action kontra(int pos) { return {ActionKind::Kontra, pos, 0, {}, {}, {}}; }
  static Action re(int pos) { return {ActionKind::Re, pos, 0, {}, {}, {}}; }

  bool operator==(const Action&) const = default;
};

// A readable form such as "1 bid 18", "0 play CJ", "2 declare G hand" (for logs and errors).
std::string describe(const Action& a);

enum class Phase : std::uint8_t { Bidding, SkatDecision, Discarding, Declaring, Playing, Finished };

enum class EndReason : std::uint8_t {
  None,            // not finished
  Folded,          // all passed
  AllTricks,       // ten tricks played
  NullTrickTaken,  // the null declarer took a trick
  SchwarzBroken,   // announced schwarz / ouvert: the defenders took a trick
  DeclarerConceded,
  DefendersConceded,
};

// Table options outside the official rules (docs/rules.md §8); all off by default.
struct TableRules {
  // Kontra and Re: a defender may double the game before his first card, the declarer double
  // it again before his next card after the Kontra (docs/rules.md §8).
  bool kontra = false;
  bool operator==(const TableRules&) const = default;
};

struct CompletedTrick {
  std::array<Card, 3> cards{};  // in play order
  int leader = 0;
  int winner = 0;
  int points = 0;
};

class Game {
 public:
  explicit Game(const Deal& deal, TableRules rules = {});

  // Starts directly after an auction whose outcome is known (records that keep only final
  // bids, such as the series PGN): `highest` are the PGN bid fields, declarer −1 for a fold.
  static std::expected<Game, RuleError> after_auction(const Deal& deal, int declarer, const std::array<int, 3>& highest,
                                                      TableRules rules = {});

  std::expected<void, RuleError> apply(const Action& action);

  // Every action `pos` may take now (bids, answers, pickup, the 66 discards, declarations,
  // cards, concession). Empty when it is not that player's turn and no concession is open.
  std::vector<Action> legal_actions(int pos) const;

  Phase phase() const { return phase_; }
  bool finished() const { return phase_ == Phase::Finished; }
  bool folded() const { return end_ == EndReason::Folded; }
  EndReason end_reason() const { return end_; }
  // Who must act (−1 when finished).
  int to_act() const;

  const Deal& deal() const { return deal_; }
  const Auction& auction() const { return auction_; }
  const std::array<int, 3>& bids() const { return highest_; }
  int declarer() const { return declarer_; }
  int bid() const { return bid_; }
  bool picked_up() const { return picked_up_; }
  CardSet discard() const { return discard_; }
  const Declaration& declaration() const { return declaration_; }
  // The cards a position holds now (the declarer's 12 between pickup and discard).
  CardSet hand(int pos) const;
  const PlayState& play_state() const { return play_; }
  const std::vector<CompletedTrick>& tricks() const { return tricks_; }
  bool defender_conceded(int pos) const { return defender_concede_[static_cast<std::size_t>(pos)]; }
  const TableRules& rules() const { return rules_; }
  Doubling doubling() const { return doubling_; }
  // The defender who said Kontra (−1 when none did).
  int kontra_by() const { return kontra_by_; }
  const std::vector<Action>& history() const { return history_; }

  // Valid once finished and not folded.
  const GameOutcome& outcome() const { return outcome_; }
  const GameResult& result() const { return result_; }

 private:
  std::expected<void, RuleError> apply_auction(const Action& a);
  std::expected<void, RuleError> apply_skat(const Action& a);
  std::expected<void, RuleError> apply_declare(const Action& a);
  std::expected<void, RuleError> apply_play(const Action& a);
  std::expected<void, RuleError> apply_concede(const Action& a);
  std::expected<void, RuleError> apply_doubling(const Action& a);
  bool may_double(const Action& a) const;
  int cards_played(int pos) const { return 10 - play_.hand(pos).size(); }
  void end_auction(int declarer, int bid);
  void check_early_end();
  void finish(EndReason reason);

  Deal deal_;
  TableRules rules_;
  Auction auction_;
  Phase phase_ = Phase::Bidding;
  EndReason end_ = EndReason::None;
  std::array<int, 3> highest_{};
  int declarer_ = -1;
  int bid_ = 0;
  bool picked_up_ = false;
  CardSet declarer_cards_;  // the declarer's cards between auction and play
  CardSet discard_;
  Declaration declaration_{};
  PlayState play_;
  std::vector<CompletedTrick> tricks_;
  std::array<bool, 3> defender_concede_{};
  Doubling doubling_ = Doubling::None;
  int kontra_by_ = -1;
  int declarer_cards_at_kontra_ = 0;  // Re stays open until the declarer plays one more card
  std::vector<Action> history_;
  GameOutcome outcome_{};
  GameResult result_{};
};

}  // namespace skat
