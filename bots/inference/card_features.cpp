#include "bots/inference/card_features.h"

#include <vector>

namespace skat::bots::inference {

namespace {

using namespace layout;

void set_cards(Features& f, int offset, CardSet cards) {
  for (Card c : cards) f.set(static_cast<std::size_t>(offset + c.id()));
}

void set(Features& f, int index) { f.set(static_cast<std::size_t>(index)); }

// The games whose base value divides a bid (a bidder usually bids multiples of the game he has in
// mind), and null's four values: several may hold.
void set_bid_type(Features& f, int offset, int bid) {
  if (bid <= 0) return;
  constexpr int bases[] = {9, 10, 11, 12, 24};
  for (int i = 0; i < 5; ++i)
    if (bid % bases[i] == 0) set(f, offset + i);
  if (bid == 23 || bid == 35 || bid == 46 || bid == 59) set(f, offset + 5);
}

// Ranges of the highest bid: a proxy for the bidder's multiplier (his matadors).
void set_bid_size(Features& f, int offset, int bid) {
  if (bid <= 0) return;
  const int bucket = bid <= 23 ? 0 : bid <= 35 ? 1 : bid <= 48 ? 2 : bid <= 72 ? 3 : 4;
  set(f, offset + bucket);
}

}  // namespace

GameClass game_class(GameType type) {
  if (type == GameType::Null) return GameClass::Null;
  return type == GameType::Grand ? GameClass::Grand : GameClass::Suit;
}

const char* game_class_name(GameClass c) {
  switch (c) {
    case GameClass::Suit: return "suit";
    case GameClass::Grand: return "grand";
    case GameClass::Null: return "null";
  }
  return "?";
}

Features encode(const SeatView& view) {
  Features f;
  const int me = view.pos;
  const GameType type = view.declaration ? view.declaration->type : GameType::Grand;
  const GameRules& rules = rules_for(type);
  set_cards(f, kHand, view.hand);
  if (view.declarer == me && view.picked_up) set_cards(f, kKnownSkat, view.discard);

  // The card play in order: every completed trick, then the unfinished one.
  struct Played {
    Card card;
    int by;   // relative position
    int led;  // the trick's led class
    bool lead;
  };
  std::vector<Played> play;
  auto add_trick = [&](const Card* cards, int n, int leader) {
    const int led = rules.class_of[static_cast<std::size_t>(cards[0].id())];
    for (int i = 0; i < n; ++i) play.push_back({cards[i], relative((leader + i) % 3, me), led, i == 0});
  };
  for (const CompletedTrick& t : view.tricks) add_trick(t.cards.data(), 3, t.leader);
  if (!view.current_trick.empty())
    add_trick(view.current_trick.data(), static_cast<int>(view.current_trick.size()), view.trick_leader);
  for (Card c : view.current_trick) set(f, kTrick + c.id());

  for (std::size_t i = 0; i < play.size(); ++i) {
    const Played& p = play[i];
    set(f, kPlayed + 32 * p.by + p.card.id());
    if (i < static_cast<std::size_t>(kHistorySlots)) {
      const int slot = kStateWidth + static_cast<int>(i) * kHistorySlotWidth;
      set(f, slot + p.card.id());
      set(f, slot + 32 + p.by);
    }
    if (p.by == 0) continue;
    const int opponent = p.by - 1;  // 0 next, 1 previous
    if (p.lead) set(f, kLeads + 32 * opponent + p.card.id());
    const int cls = rules.class_of[static_cast<std::size_t>(p.card.id())];
    if (!p.lead && cls != p.led) {
      set(f, kVoids + 5 * opponent + p.led);
      if (cls != kTrump) set(f, kSloughs + 32 * opponent + p.card.id());
    }
  }

  for (int opponent = 0; opponent < 2; ++opponent) {
    const int bid = view.bids[static_cast<std::size_t>((me + 1 + opponent) % 3)];
    set_bid_type(f, kBidType + 6 * opponent, bid);
    set_bid_size(f, kBidSize + 5 * opponent, bid);
  }
  if (view.declarer >= 0) set(f, kDeclarer + relative(view.declarer, me));
  if (is_suit_game(type)) set(f, kTrumpSuit + static_cast<int>(type));
  if (type == GameType::Grand) set(f, kTrumpSuit + 4);
  if (view.declaration) {
    if (view.declaration->hand) set(f, kFlags);
    if (view.declaration->ouvert) set(f, kFlags + 1);
  }
  return f;
}

std::array<std::uint8_t, kNumCards> locations(const std::array<CardSet, 3>& hands, CardSet skat, int me) {
  std::array<std::uint8_t, kNumCards> where{};
  for (int p = 0; p < 3; ++p)
    for (Card c : hands[static_cast<std::size_t>(p)])
      where[static_cast<std::size_t>(c.id())] = static_cast<std::uint8_t>(relative(p, me));
  for (Card c : skat) where[static_cast<std::size_t>(c.id())] = kSkat;
  return where;
}

}  // namespace skat::bots::inference
