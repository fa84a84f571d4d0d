#include <string>

#include "engine/records/sgf.h"

namespace skat {

namespace {

// SGF escapes ']' and the backslash; line breaks would split the one-line record, so they become spaces.
std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == ']' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

std::string card_list(const std::vector<std::optional<Card>>& cards) {
  std::string s;
  for (const auto& c : cards) {
    if (!s.empty()) s += '.';
    s += c ? card_name(*c) : std::string("??");
  }
  return s;
}

// Appending instead of `"literal" + string` avoids a false -Wrestrict of g++ 12.
std::string prefixed(std::string_view prefix, const std::string& rest) {
  std::string s(prefix);
  s += rest;
  return s;
}

std::string declaration_text(const SgfDeclaration& d) {
  std::string s(1, game_letter(d.type));
  if (d.ouvert) s += 'O';
  if (d.hand) s += 'H';
  if (d.schneider) s += 'S';
  if (d.schwarz) s += 'Z';
  for (Card c : d.cards) {
    s += '.';
    s += card_name(c);
  }
  return s;
}

std::string action_text(const SgfMove& m) {
  switch (m.kind) {
    case SgfMoveKind::Deal:
    case SgfMoveKind::SkatShown:
    case SgfMoveKind::Discard:
    case SgfMoveKind::Play: return card_list(m.cards);
    case SgfMoveKind::Bid: return std::to_string(m.value);
    case SgfMoveKind::Hold: return "y";
    case SgfMoveKind::Pass: return "p";
    case SgfMoveKind::PickUp: return "s";
    case SgfMoveKind::Declare: return declaration_text(m.declaration);
    case SgfMoveKind::Resign: return "RE";
    case SgfMoveKind::Kontra: return "KO";
    case SgfMoveKind::Re: return "RK";
    case SgfMoveKind::Show: return m.cards.empty() ? std::string("SC") : prefixed("SC.", card_list(m.cards));
    case SgfMoveKind::Timeout: return prefixed("TI.", std::to_string(m.value));
    case SgfMoveKind::Left: return prefixed("LE.", std::to_string(m.value));
    case SgfMoveKind::Unknown: return m.text;
  }
  return m.text;
}

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) {
    if (!s.empty()) s += ' ';
    s += w;
  }
  return s;
}

}  // namespace

std::string sgf_move_text(const SgfMove& m) {
  if (m.kind == SgfMoveKind::Unknown) return m.who_text + " " + m.text;
  const std::string who = m.who < 0 ? std::string("w") : std::to_string(m.who);
  return who + " " + action_text(m);
}

std::string write_sgf_game(const SgfGame& g) {
  std::string s = "(;";
  for (const SgfProperty& p : g.properties) {
    std::string value;
    if (p.name == "MV") {
      for (const SgfMove& m : g.moves) value += sgf_move_text(m) + " ";
    } else if (p.name == "R") {
      value = join(g.result.tokens);
    } else {
      value = p.value;
    }
    s += p.name + "[" + escaped(value) + "]";
  }
  return s + " ;)";
}

std::string write_sgf(std::span<const SgfGame> games) {
  std::string s;
  for (const SgfGame& g : games) s += write_sgf_game(g) + "\n";
  return s;
}

}  // namespace skat
