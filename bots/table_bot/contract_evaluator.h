// The declarer's decisions from the winning tables (docs/learning.md §4): for a game, a discard and
// a bid level, the winning probability W (the tables'; for null optionally the open-card null
// model, null_model.h) and the expected Seeger-Fabian payoff C = (50 + V)·W − (50 + 2V + B)·(1 − W),
// V the game value, B the defenders' bonus counted against the declarer (0, or the 2 × 40 / 2 = 40
// by which a lost game lifts each defender above him); the best pickup game for twelve known
// cards (each game type with the soft score's best discards), the best hand game and the pickup
// payoff as means over every possible skat (the 231 pairs of the 22 unseen cards), and from these
// the highest bid worth making.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "bots/skat_putting/skat_putting.h"
#include "bots/table_bot/null_model.h"
#include "bots/tables/winning_table.h"
#include "engine/card.h"
#include "engine/deal.h"
#include "engine/game_type.h"

namespace skat::bots {

struct ContractSettings {
  // A bid is made while its expected payoff exceeds this (lower: more aggressive).
  double aggressiveness_threshold = 0.0;
  int discards_per_game = 2;  // the soft score's best discards weighed with the tables, per game type
  // How the discard is chosen: the hard rules and soft score weighed with the tables (default), or
  // one baseline (von Stegen, Kinback, or the plain winning probability from the tables).
  putting::PuttingMethod putting = putting::PuttingMethod::Rules;
  // Null games' W from the open-card null model (null_model.h) wherever the tables give null at
  // least null_model_gate; otherwise from the null table alone. A gate of 0 asks the model of every
  // null: a null the tables rate just under the gate otherwise keeps the tables' optimistic W and
  // wins the comparison with the discards and games the model has marked down.
  bool null_model = false;
  double null_model_gate = 0.3;
  NullModelSettings null_settings;
  // What a lost game costs the declarer besides −(50 + 2V): 0 (his own score only), or 40 (the
  // Seeger-Fabian points each defender gains, so that C is his change against the table). For the
  // game choices after the auction; the bidding limit (max_bid) weighs his own score.
  int defender_bonus = 0;
};

struct ContractChoice {
  Declaration declaration;
  std::array<Card, 2> discard{};  // pickup games
  double win = 0;                 // the tables' winning probability
  int value = 0;                  // game value if won without schneider (null: the fixed value)
  double payoff = -1e9;           // expected Seeger-Fabian payoff for the declarer
};

// The PGN hand strengths (records fields 17..19) of a deal: each position's hand_strength in
// tenths, rounded (every `stride`-th unknown skat, as in hand_strength).
std::array<int, 3> pgn_hand_strengths(const TableSet& tables, const Deal& deal, int stride = 1);

// C = (50 + V)·W − (50 + 2V + defender_bonus)·(1 − W).
double expected_payoff(double win, int value, int defender_bonus = 0);
// A game that cannot reach the bid: lost at no less than the bid, −(50 + 2·bid + defender_bonus).
double overbid_payoff(int bid, int defender_bonus = 0);

class ContractEvaluator {
 public:
  ContractEvaluator(const TableSet& tables, ContractSettings settings = {});

  // After pickup: the best declaration (no hand game) and discard for twelve cards at this bid,
  // among the games whose value reaches the bid (if none does: the least bad, as an overbid).
  ContractChoice best_pickup_game(CardSet twelve, int bid, int position) const;
  // The declaration for ten kept cards and a discard already made.
  ContractChoice best_declaration(CardSet ten, CardSet discard, int bid, int position) const;
  // The best hand game for ten cards, its payoff the mean over the unknown skats (pairs of `unseen`).
  ContractChoice best_hand_game(CardSet hand, int bid, int position) const;
  // The mean over the unknown skats of the best pickup game's payoff.
  double pickup_payoff(CardSet hand, int bid, int position) const;
  // The highest legal bid whose expected payoff (picking up or playing hand, whichever is better)
  // exceeds the aggressiveness threshold; 0 when even 18 does not.
  int max_bid(CardSet hand, int position) const;
  // The best winning probability of any game for a dealt hand, over the unknown skats (the PGN
  // hand strength, in [0, 1]); every `stride`-th of the 231 skats only when stride > 1 (faster).
  double hand_strength(CardSet hand, int position, int stride = 1) const;
  // The winning probability the decisions use: the tables', or for null the null model's.
  double win_probability(const DeclarerContext& c) const;
  const ContractSettings& settings() const { return settings_; }

 private:
  // The discards weighed for a game: the soft score's best few, or the baseline method's choice.
  std::vector<std::array<Card, 2>> candidate_discards(CardSet twelve, const Declaration& d, int bid, int position,
                                                      int how_many) const;

  double payoff_at(double win, int value, int bid) const;

  const TableSet& tables_;
  ContractSettings settings_;
  std::shared_ptr<NullModel> null_model_;  // when settings_.null_model: its solver and remembered answers
};

}  // namespace skat::bots
