// The result of a game and its value (docs/rules.md §6) and the Seeger-Fabian list score (§7).
// Inputs are what happened at the table; outputs are the list entries, never side effects.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/card.h"
#include "engine/game_type.h"

namespace skat {

// Matadors over the declarer's 10 dealt cards plus the 2 dealt skat cards: +n "with n",
// −n "without n"; 0 for null.
int matadors(GameType g, CardSet declarer_cards_and_skat);

// How often a game was doubled (docs/rules.md §8): not, by Kontra (×2), by Kontra and Re (×4).
enum class Doubling : std::uint8_t { None = 0, Kontra = 1, Re = 2 };
constexpr int doubling_factor(Doubling d) { return 1 << static_cast<int>(d); }

// What happened in a played (not folded) game, as needed for scoring.
struct GameOutcome {
  Declaration declaration;  // normalised (implied announcements set)
  int bid = 0;
  CardSet declarer_cards_and_skat;  // for matadors
  int declarer_points = 0;          // incl. skat / discard, after any concession
  int declarer_tricks = 0;          // after any concession
  int defender_tricks = 0;          // after any concession
  // False when play stopped early (announced schwarz broken): schneider and schwarz are then
  // not "reached" by either side, only counted as announced.
  bool all_tricks_accounted = true;
  // Null: the declarer conceded (lost) or both defenders conceded (won); otherwise null is
  // decided by tricks.
  bool null_conceded_by_declarer = false;
  bool null_conceded_by_defenders = false;
  Doubling doubling = Doubling::None;
};

struct GameResult {
  bool won = false;
  bool overbid = false;
  int matadors = 0;        // 0 for null
  bool schneider = false;  // reached by either side (suit/grand)
  bool schwarz = false;    // a side took no trick (suit/grand)
  int multiplier = 0;      // game levels (suit/grand), 1 for null
  int value = 0;           // game value charged (after the overbid rule, × Kontra/Re), positive
  int list_entry = 0;      // +value won, −2 × value lost

  bool operator==(const GameResult&) const = default;
};

GameResult score_game(const GameOutcome& outcome);

// One deal of a series as the list sees it.
struct ListGame {
  bool folded = true;
  int declarer = 0;  // seat index 0..2 (within the three players of the series)
  bool won = false;
  int list_entry = 0;
};

struct SeegerFabianScore {
  int score = 0;
  int won = 0;   // games won as declarer
  int lost = 0;  // games lost as declarer
};

// Seeger-Fabian score per seat of a three-player series: Σ own list entries
// + 50 × (won − lost) + 40 × games lost by the two others.
std::array<SeegerFabianScore, 3> seeger_fabian(std::span<const ListGame> games);
// Seats ordered best first: higher score, then more games won, then fewer lost (docs/rules.md §7);
// seats still tied keep their seat order.
std::array<int, 3> seeger_fabian_ranking(const std::array<SeegerFabianScore, 3>& scores);
// Seeger-Fabian contribution of one game to each seat.
std::array<int, 3> seeger_fabian_points(const ListGame& game);

}  // namespace skat
