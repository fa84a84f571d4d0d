// The auction (docs/rules.md §3): middlehand bids to forehand, then rearhand bids to the survivor;
// the senior only holds or passes; with no bid at all forehand may bid 18 alone or fold the deal.
// Every action is validated and returns a RuleError when illegal.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <span>

#include "engine/errors.h"

namespace skat {

// The 63 legal bids, ascending.
std::span<const int> legal_bid_values();
bool is_legal_bid(int value);
// The smallest legal bid above `value` (0 when none).
int next_bid_above(int value);

class Auction {
 public:
  enum class Step : std::uint8_t {
    Bid,     // `bidder()` bids a value above `current_bid()` or passes
    Answer,  // `listener()` holds (yes) or passes
    Done,
  };

  Step step() const { return step_; }
  bool done() const { return step_ == Step::Done; }
  // Who must act now.
  int to_act() const { return step_ == Step::Answer ? listener_ : bidder_; }
  int bidder() const { return bidder_; }
  int listener() const { return listener_; }
  int current_bid() const { return bid_; }
  // Highest value each position bid or held (0 = passed without bidding), the PGN fields 4..6.
  const std::array<int, 3>& highest() const { return highest_; }
  bool has_passed(int pos) const { return passed_[static_cast<std::size_t>(pos)]; }

  // Results when done: the declarer (-1 when all passed) and the bid.
  int declarer() const { return declarer_; }
  bool all_passed() const { return done() && declarer_ < 0; }

  std::expected<void, RuleError> bid(int pos, int value);
  std::expected<void, RuleError> hold(int pos);
  std::expected<void, RuleError> pass(int pos);

  // When `to_act()` bids: the smallest value allowed (18 for forehand alone).
  int minimum_bid() const { return forehand_alone_ ? 18 : next_bid_above(bid_); }
  bool forehand_alone() const { return forehand_alone_; }

 private:
  void start_rearhand_round();
  void finish(int declarer);

  Step step_ = Step::Bid;
  int bidder_ = 1;    // MH bids first
  int listener_ = 0;  // to FH
  int bid_ = 0;
  bool forehand_alone_ = false;
  bool rearhand_round_ = false;
  int declarer_ = -1;
  std::array<int, 3> highest_{};
  std::array<bool, 3> passed_{};
};

}  // namespace skat
