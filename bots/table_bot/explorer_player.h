// The player that generated the base tables T0 (docs/tables.md): the explorer's contracts
// (contract_explorer.h) and card play by PIMC.
#pragma once

#include <cstdint>

#include "bots/pimc/pimc_player.h"
#include "bots/player.h"
#include "bots/table_bot/contract_explorer.h"

namespace skat::bots {

class ExplorerPlayer : public Player {
 public:
  ExplorerPlayer(std::uint64_t seed, PimcSettings pimc) : pimc_(seed, pimc), contracts_(seed ^ 0x9e3779b97f4a7c15ULL) {}
  Action decide(const SeatView& view) override {
    return view.phase == Phase::Playing ? pimc_.decide(view) : contracts_.decide(view);
  }
  std::string name() const override { return "explorer"; }

 private:
  PimcPlayer pimc_;
  ContractExplorer contracts_;
};

}  // namespace skat::bots
