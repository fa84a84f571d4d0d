// The winning features (docs/learning.md §1): the neutral description of a declarer's game and of a
// defender's opening lead, shared by the fold (recorded games) and by the bots (hypothetical
// games), and the discrete features the tables are keyed by, each with its exact domain in the
// table schemas below. Extraction is a handful of bit operations on card sets.
#pragma once

#include <array>
#include <cstdint>

#include "bots/tables/perfect_hash.h"
#include "engine/card.h"
#include "engine/game_type.h"

namespace skat::bots {

// A declarer's game as the tables see it.
struct DeclarerContext {
  Declaration declaration;  // engine/game_type.h
  CardSet hand;      // the declarer's 10 cards at the start of play (after the discard; dealt hand in hand games)
  CardSet skat_put;  // the 2 cards that count for the declarer (the discard; the skat in hand games)
  int bid = 18;      // the final bid (value the declarer must reach)
  int position = 0;  // declarer's position 0 forehand, 1 middlehand, 2 rearhand
};

// A defender's opening lead: the first trick of the game led by a defender.
struct LeadContext {
  GameType game = GameType::Grand;  // a suit game or grand (null has no lead table)
  CardSet hand;                     // the leader's cards before the lead (the lead among them)
  Card lead;                        // the card led
  CardSet played;                   // cards of the tricks before this one
  int leader = 1;                   // positions 0..2 of the leader (a defender) and of the declarer
  int declarer = 0;
  bool partner_bid_suit = false;  // the partner bid the led suit as trump: records cannot tell (false)
};

// Suit games, in key order. Trumps are the four jacks and the trump suit; "plain" suits the others.
enum SuitFeature : int {
  kSuitTrumps,         // 8: 0 = ≤ 3 trumps, k = 3 + k trumps (1..7 = 4..10)
  kSuitJacks,          // 8: jacks_group()
  kSuitTrumpTensAces,  // 3: trump ace and trump ten held, 0..2
  kSuitSideAces,       // 4: plain-suit aces, 0..3
  kSuitSideTens,       // 4: plain-suit tens, 0..3
  kSuitLostCards,      // 8: lost_cards() over the plain suits, 7 = 7 or more
  kSuitBid,            // 4: bid_group()
  kSuitSkat,           // 4: skat_group() of the points put
  kSuitFreeSuits,      // 4: plain suits without a card in the hand, 0..3
  kSuitFeatureCount
};
// Grand, in key order.
enum GrandFeature : int {
  kGrandJacks,      // 16: the jacks held as a pattern, ♣J 8 + ♠J 4 + ♥J 2 + ♦J 1
  kGrandAces,       // 5: 0..4
  kGrandTens,       // 5: 0..4
  kGrandLostCards,  // 8: lost_cards() over all four suits, 7 = 7 or more
  kGrandBid,        // 4: bid_group()
  kGrandPosition,   // 3: the declarer's position 0..2
  kGrandSkat,       // 4: skat_group()
  kGrandFeatureCount
};
// Null, one entry per suit of the hand, in key order.
enum NullFeature : int {
  kNullType,      // 4: 0 null, 1 ouvert, 2 hand, 3 ouvert hand (PGN game code − 5)
  kNullLeads,     // 2: 1 when the declarer is forehand and so leads the first trick
  kNullDiscards,  // 3: discards in this suit, 0..2 (0 in hand games: nothing was discarded)
  kNullPattern,   // 256: bit r set when the declarer holds rank r of the suit (7 = bit 0 … A = bit 7)
  kNullFeatureCount
};
// Opening lead in suit games, in key order.
enum LeadSuitFeature : int {
  kLeadSuitTrumpStrength,  // 3: leader's trumps with jacks counted twice: 0 = ≤ 1, 1 = 2..3, 2 = ≥ 4
  kLeadSuitLength,         // 8: leader's cards of the led plain suit before the lead, 1..7; 0 = a trump led
  kLeadSuitAce,            // 2: the leader holds the ace of the led suit (0 when a trump is led)
  kLeadSuitTen,            // 2: the leader holds its ten (0 when a trump is led)
  kLeadSuitSeat,           // 2: lead_seat()
  kLeadSuitPartnerBid,     // 2: LeadContext::partner_bid_suit (always 0 from records)
  kLeadSuitAcePlayed,      // 3: ace_played()
  kLeadSuitFeatureCount
};
// Opening lead in grand, in key order.
enum LeadGrandFeature : int {
  kLeadGrandSeat,        // 2: lead_seat()
  kLeadGrandLength,      // 8: leader's cards of the led suit before the lead, 1..7; 0 = a jack led
  kLeadGrandPartnerBid,  // 2: LeadContext::partner_bid_suit (always 0 from records)
  kLeadGrandJacks,       // 16: the leader's jacks as a pattern, as kGrandJacks
  kLeadGrandAce,         // 2: the leader holds the ace of the led suit (0 when a jack is led)
  kLeadGrandTen,         // 2: the leader holds its ten (0 when a jack is led)
  kLeadGrandAcePlayed,   // 3: ace_played()
  kLeadGrandFeatureCount
};

using SuitFeatures = std::array<std::uint8_t, kSuitFeatureCount>;
using GrandFeatures = std::array<std::uint8_t, kGrandFeatureCount>;
using NullFeatures = std::array<std::uint8_t, kNullFeatureCount>;
using LeadFeatures = std::array<std::uint8_t, kLeadSuitFeatureCount>;  // both lead tables have 7
static_assert(static_cast<int>(kLeadSuitFeatureCount) == static_cast<int>(kLeadGrandFeatureCount));

// Schemas (names, domains, background subsets). Backgrounds: suit (trumps, jacks, lost cards),
// grand (jacks, aces, lost cards), null (pattern: the classic 256-entry table), leads (length,
// ace, ten, ace played: the under-ace question without the seat, trumps and bidding).
const TableSchema& suit_schema();
const TableSchema& grand_schema();
const TableSchema& null_schema();
// The null table's features with the background keyed by null type and pattern (thin ouvert and
// hand buckets fall back on their own type's games, not on plain nulls'): TableSet's
// NullBackground::TypeAndPattern.
const TableSchema& null_type_schema();
const TableSchema& lead_suit_schema();
const TableSchema& lead_grand_schema();

// 0 no jack; one jack 1 (not ♣J) or 2 (♣J); two 3 / 4 (with ♣J); three 5 / 6 (with ♣J); all four 7.
int jacks_group(CardSet hand);
// Jacks as a 4-bit pattern: ♣J 8, ♠J 4, ♥J 2, ♦J 1.
int jacks_pattern(CardSet hand);
// Expected losers: for each plain suit with n > 0 cards held (jacks never count), the first
// r = min(n, 3) rounds can be lost; the run of top cards held (A, then 10, then K) wins up to r of
// them; the rest are losers. Summed over the suits given by `plain_suits` (bit s = suit s), capped at 7.
int lost_cards(CardSet hand, unsigned plain_suits);
// Final bid: 0 = ≤ 18, 1 = 20..24, 2 = 27..36, 3 = ≥ 40.
int bid_group(int bid);
// Card points put: 0 = 0..4, 1 = 5..9, 2 = 10..15, 3 = ≥ 16.
int skat_group(int points);
// 0 when the leader sits directly after the declarer (the declarer plays last to the trick),
// 1 when he sits directly before him (the declarer plays second).
int lead_seat(int leader, int declarer);
// 0 the ace of the led suit is still out (and not this lead), 1 this lead is the ace (the under-ace
// question's other branch), 2 the ace fell in an earlier trick; 0 when a trump is led.
int ace_played(const LeadContext& c);

SuitFeatures suit_features(const DeclarerContext& c);
GrandFeatures grand_features(const DeclarerContext& c);
NullFeatures null_features(const DeclarerContext& c, Suit suit);
// The suit-game or grand lead features, by c.game.
LeadFeatures lead_features(const LeadContext& c);

}  // namespace skat::bots
