#include <string>

#include "engine/records/pgn.h"
#include "engine/records/pgn_fields.h"

namespace skat {

namespace {

// Names and the event must not break the bracketed header: brackets become parentheses and
// control characters spaces (the reader refuses both).
std::string sanitized(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c == '[') c = '(';
    if (c == ']') c = ')';
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return out;
}

void append_int(std::string& out, int v) {
  if (!out.empty()) out += ' ';
  out += std::to_string(v);
}

void append_card(std::string& out, Card c) { append_int(out, c.id()); }

std::string header_text(const PgnHeader& h) {
  std::string s = "[Event: " + sanitized(h.event) + "] [Date: " + h.date + ", " + h.time +
                  ", Duration: " + std::to_string(h.duration_minutes) + "m]\n";
  for (std::size_t i = 0; i < 3; ++i) {
    if (i > 0) s += ' ';
    s += "[Seat" + std::to_string(i + 1) + ": " + sanitized(h.seats[i].name) +
         " (ID: " + std::to_string(h.seats[i].id) + ")]";
  }
  s += "\n[Number of games: " + std::to_string(h.number_of_games) + "]\n[Result:";
  for (std::size_t i = 0; i < 3; ++i) {
    const PgnSeatResult& r = h.result[i];
    s += " Seat" + std::to_string(i + 1) + ": " + std::to_string(r.score) + " (" + std::to_string(r.won) + ":" +
         std::to_string(r.lost) + ")";
  }
  return s + "]\n";
}

}  // namespace

std::string write_pgn_game(const PgnGame& g) {
  std::string s;
  for (int v : {g.id, g.game, g.declarer, g.bids[0], g.bids[1], g.bids[2]}) append_int(s, v);
  for (bool b : {g.hand, g.schneider, g.schneider_announced, g.schwarz, g.schwarz_announced, g.ouvert, g.won, g.folded})
    append_int(s, b ? 1 : 0);
  for (int v : {g.level, g.eyes, g.strength[0], g.strength[1], g.strength[2]}) append_int(s, v);
  for (const CardSet& hand : g.hands)
    for (Card c : hand) append_card(s, c);
  for (Card c : g.skat) append_card(s, c);
  for (Card c : g.skat_put) append_card(s, c);
  for (const PgnTrick& t : g.tricks) {
    for (Card c : t.cards) append_card(s, c);
    append_int(s, t.winner);
    append_int(s, t.points);
  }
  if (g.doubling != Doubling::None) {
    append_int(s, g.kontra_by);
    append_int(s, static_cast<int>(g.doubling));
  }
  return s;
}

std::string write_pgn(const PgnSeries& series) {
  std::string s = header_text(series.header) + "\n";
  for (const PgnGame& g : series.games) s += write_pgn_game(g) + "\n";
  return s;
}

}  // namespace skat
