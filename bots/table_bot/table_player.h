// The complete bot (docs/learning.md §4, §5): bidding, hand-or-pickup, skat putting and game
// selection from the winning tables by expected Seeger-Fabian payoff (contract_evaluator.h); a
// defender's opening lead from the opening-lead tables (the led class the tables rate worst for the
// declarer, the card within it by PIMC); every other card by PIMC (bots/pimc). Deterministic for a
// seed on work budgets (Player::use_work_budgets) unless the safety net fires, which is counted.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "bots/pimc/pimc_player.h"
#include "bots/player.h"
#include "bots/table_bot/contract_evaluator.h"

namespace skat::bots {

struct TablePlayerSettings {
  PimcSettings pimc;
  ContractSettings contracts;
  bool announcements = true;  // false: hand games are declared without looking at announcements
};

class TablePlayer : public Player {
 public:
  TablePlayer(std::shared_ptr<const TableSet> tables, std::uint64_t seed, TablePlayerSettings settings = {});
  Action decide(const SeatView& view) override;
  std::string name() const override { return "full"; }
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) override {
    settings_.pimc.stop_at = deadline;
  }
  void use_work_budgets(bool on) override { settings_.pimc.work_budgets = on; }
  int clock_stops() const override { return clock_stops_; }

 private:
  Action bid_or_answer(const SeatView& view);
  Action skat_decision(const SeatView& view);
  Action play(const SeatView& view);
  // The cards of the led class the opening-lead tables rate worst for the declarer, when this is
  // a defender's first lead of the game and the tables know the situation; else none.
  std::optional<CardSet> table_lead(const SeatView& view) const;
  // Counts a card decision the safety net cut short (on work budgets); returns it.
  const PimcDecision& counted(const PimcDecision& decision);

  std::shared_ptr<const TableSet> tables_;
  TablePlayerSettings settings_;
  ContractEvaluator contracts_;
  FastRng rng_;
  SolverPool solvers_;  // PIMC card play; the first also checks announcements
  // The highest bid worth making, computed once per dealt hand.
  CardSet bid_hand_;
  int bid_position_ = -1;
  int max_bid_ = 0;
  int clock_stops_ = 0;  // searches the safety net cut short on work budgets
};

}  // namespace skat::bots
