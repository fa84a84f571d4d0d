// What one recorded game (a PGN game line) contributes to the winning tables: the declarer's
// context and result, the defenders' opening lead, the suit a lost null game was lost in; or why
// it contributes nothing (a passed deal, a record that contradicts itself). Checks only what the
// tables rely on; full legality is replay's business (engine/records/replay.h).
#pragma once

#include <cstdint>
#include <expected>
#include <optional>

#include "bots/tables/features.h"
#include "engine/records/pgn.h"

namespace skat::bots {

enum class Exclusion : std::uint8_t {
  Passed,            // nobody played (field 2 = −1 or field 14 set)
  Inconsistent,      // the record contradicts itself (see game_samples())
  NullUnattributed,  // a lost null game without a trick taken by the declarer (he resigned): no suit to blame
};

struct GameSamples {
  DeclarerContext declarer;
  bool won = false;                 // field 13
  std::optional<LeadContext> lead;  // suit and grand: the first trick led by a defender, when recorded
  int null_hit_suit = -1;           // lost null: the suit led to the first trick the declarer took
};

// Nobody played: field 2 = −1 or field 14 set.
bool is_passed_deal(const PgnGame& g);

// The declarer's context of a played game: hand = dealt hand + skat − skat put, bid = the
// declarer's bid field, position = field 3. No checks.
DeclarerContext declarer_context(const PgnGame& g);

// The samples of a game. Inconsistent: a game code or declarer out of range; hands not three
// disjoint sets of 10 and a skat of 2 making up the 32 cards; a discard not among the declarer's
// 12 cards, or different from the skat in a hand game; a declarer bid that is not a legal bid;
// more than 10 tricks, a trick card not in its player's remaining hand (leader of trick 1 is
// forehand, then the previous winner) or a recorded trick winner the rules disagree with; a won
// null game in which the declarer took a trick.
std::expected<GameSamples, Exclusion> game_samples(const PgnGame& g);

// True for a suit/grand/null game with fewer than 10 tricks that did not end by rule (a lost null
// game, a broken schwarz announcement): a concession. Such games are folded by default (their
// result is the recorded result); pass this as the fold's filter to leave them out.
bool ended_by_concession(const PgnGame& g);

}  // namespace skat::bots
