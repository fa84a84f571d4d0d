#include "engine/auction.h"

#include <algorithm>

namespace skat {

namespace {
constexpr std::array<int, 63> kBids = {18,  20,  22,  23,  24,  27,  30,  33,  35,  36,  40,  44,  45,  46,  48,  50,
                                       54,  55,  59,  60,  63,  66,  70,  72,  77,  80,  81,  84,  88,  90,  96,  99,
                                       100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154,
                                       156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216, 240, 264};
}  // namespace

std::span<const int> legal_bid_values() { return kBids; }

bool is_legal_bid(int value) { return std::binary_search(kBids.begin(), kBids.end(), value); }

int next_bid_above(int value) {
  const auto it = std::upper_bound(kBids.begin(), kBids.end(), value);
  return it == kBids.end() ? 0 : *it;
}

std::expected<void, RuleError> Auction::bid(int pos, int value) {
  if (step_ != Step::Bid) return std::unexpected(step_ == Step::Done ? RuleError::WrongPhase : RuleError::NotYourTurn);
  if (pos != bidder_) return std::unexpected(RuleError::NotYourTurn);
  if (!is_legal_bid(value)) return std::unexpected(RuleError::IllegalBidValue);
  if (forehand_alone_) {
    if (value != 18) return std::unexpected(RuleError::BidTooLow);
    bid_ = highest_[0] = 18;
    finish(0);
    return {};
  }
  if (value <= bid_) return std::unexpected(RuleError::BidTooLow);
  bid_ = value;
  highest_[static_cast<std::size_t>(pos)] = value;
  step_ = Step::Answer;
  return {};
}

std::expected<void, RuleError> Auction::hold(int pos) {
  if (step_ != Step::Answer)
    return std::unexpected(step_ == Step::Done ? RuleError::WrongPhase : RuleError::NotYourTurn);
  if (pos != listener_) return std::unexpected(RuleError::NotYourTurn);
  highest_[static_cast<std::size_t>(pos)] = bid_;
  step_ = Step::Bid;
  return {};
}

std::expected<void, RuleError> Auction::pass(int pos) {
  if (step_ == Step::Done) return std::unexpected(RuleError::WrongPhase);
  if (pos != to_act()) return std::unexpected(RuleError::NotYourTurn);
  passed_[static_cast<std::size_t>(pos)] = true;
  if (forehand_alone_) {
    finish(-1);
    return {};
  }
  // The survivor of this round is the other party: the listener if the bidder passed.
  const int survivor = pos == bidder_ ? listener_ : bidder_;
  if (!rearhand_round_) {
    listener_ = survivor;
    start_rearhand_round();
    return {};
  }
  if (bid_ > 0) {
    finish(survivor);
  } else {
    // MH and RH passed without a bid: forehand alone may bid 18 or fold.
    forehand_alone_ = true;
    bidder_ = 0;
    step_ = Step::Bid;
  }
  return {};
}

void Auction::start_rearhand_round() {
  rearhand_round_ = true;
  bidder_ = 2;
  step_ = Step::Bid;
}

void Auction::finish(int declarer) {
  declarer_ = declarer;
  step_ = Step::Done;
}

}  // namespace skat
