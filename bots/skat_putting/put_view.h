// The declarer's twelve cards seen for one declaration before putting: the context (position,
// bid), the game sub-type of docs/papers.md [skat-selection] that selects the soft-score
// coefficients, the per-suit patterns and the per-card masks that the hard rules and the soft score
// share. Built once per (twelve cards, game type) so that scoring the 66 discards costs table
// lookups only.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "bots/skat_putting/suit_minigame.h"
#include "engine/card.h"
#include "engine/deal.h"
#include "engine/game_type.h"

namespace skat::bots::putting {

// A caller-supplied winning probability of the kept ten cards with this discard (the winning
// tables live elsewhere); used by PuttingMethod::WinProbability and as f1 of the soft score.
using WinProbabilityFn = std::function<double(CardSet ten_cards, CardSet discard)>;

struct PuttingContext {
  int position = kForehand;  // kForehand, kMiddlehand or kRearhand (engine/deal.h)
  int bid = 0;               // the bid reached; 0 when none (von Stegen rewards it)
};

// docs/papers.md [skat-selection] §IV.C: the coefficients differ per sub-type. The paper does
// not define the classes exactly; we classify by the twelve cards (the same sub-type for every
// discard):
//   grand: fewer than two jacks → high-card grand; exactly two → 2J grand; three or four →
//   standard grand (the paper's separate 4J coefficients are not given);
//   suit: five or more trumps → high-trump ("from 5 trumps onwards, put trick-oriented"),
//   otherwise low-trump (eye-oriented).
enum class SubType : std::uint8_t { HighCardGrand, TwoJackGrand, StandardGrand, HighTrumpSuit, LowTrumpSuit, Null };

struct PutView {
  CardSet twelve;
  GameType type = GameType::Grand;
  PuttingContext context;
  SubType sub_type = SubType::StandardGrand;
  CardSet trumps;                     // the game's trumps (empty in null)
  std::uint8_t plain_suits{};         // bit s: suit s is a plain (non-trump) suit of the game
  std::array<std::uint8_t, 4> own{};  // plain pattern of the twelve per plain suit
  std::array<std::uint8_t, 4> opp{};  // plain pattern of the other 20 cards per plain suit
  unsigned own_trumps = 0;            // trump pattern of the twelve
  unsigned opp_trumps = 0;            // trump pattern of the other 20 cards
  int trump_sure = 0;                 // the trumps' minigame counts (f6, f7, f8) when no trump is put
  int trump_retake = 0;
  int trump_above = 0;
  int jacks = 0;
  int aces = 0;  // aces among the twelve, trump ace included
  int trump_count = 0;
  // Per card of the twelve (indexed by card id): cards of the twelve that must be put with it.
  std::array<CardSet, kNumCards> lower_equal{};        // same class, weaker, equal points
  std::array<CardSet, kNumCards> richer_equivalent{};  // same plain suit, no opponents' card between, more points
  std::array<CardSet, kNumCards> ten_over_lower{};     // the suit's ten when it holds 10 and K but no A
  std::array<CardSet, kNumCards> null_higher{};        // null: higher cards of the same suit

  bool is_plain(Suit s) const { return ((plain_suits >> static_cast<int>(s)) & 1u) != 0; }
  // The kept plain pattern of suit s after putting `discard`.
  unsigned kept(Suit s, CardSet discard) const { return own[static_cast<std::size_t>(s)] & ~plain_pattern(discard, s); }
};

// `twelve` must hold exactly 12 cards (the declarer's ten and the skat).
PutView make_view(CardSet twelve, const Declaration& d, const PuttingContext& context = {});

// Discards as two-card sets, in canonical order (pairs of ascending card ids).
struct DiscardList {
  std::array<CardSet, 66> items{};
  int size = 0;

  const CardSet* begin() const { return items.data(); }
  const CardSet* end() const { return items.data() + size; }
  void push(CardSet d) {
    if (size < 66) items[static_cast<std::size_t>(size++)] = d;
  }
};

DiscardList all_discards(CardSet twelve);
std::array<Card, 2> as_pair(CardSet discard);
inline CardSet as_set(const std::array<Card, 2>& d) { return CardSet{d[0], d[1]}; }

}  // namespace skat::bots::putting
