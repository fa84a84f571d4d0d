#include <cctype>
#include <string>
#include <utility>

#include "engine/records/sgf.h"
#include "engine/records/text.h"

namespace skat {

namespace {

using MoveResult = std::expected<SgfMove, std::string>;

constexpr std::string_view kGameLetters = "GCSHDN";

std::optional<std::optional<Card>> card_or_unknown(std::string_view s) {
  if (s == "??") return std::optional<Card>{};
  if (auto c = parse_card(s)) return std::optional<Card>{*c};
  return std::nullopt;
}

// Dot-separated cards ("??" allowed when `allow_unknown`); an error names the bad part.
std::expected<std::vector<std::optional<Card>>, std::string> card_list(std::string_view s, bool allow_unknown) {
  std::vector<std::optional<Card>> out;
  for (std::string_view part : text::split(s, '.')) {
    const auto c = card_or_unknown(part);
    if (!c || (!allow_unknown && !c->has_value())) return std::unexpected("bad card '" + std::string(part) + "'");
    out.push_back(*c);
  }
  return out;
}

bool all_parts_two_chars(std::string_view s) {
  for (std::string_view part : text::split(s, '.'))
    if (part.size() != 2) return false;
  return true;
}

SgfMove unknown(std::string_view who, std::string_view action) {
  SgfMove m;
  m.kind = SgfMoveKind::Unknown;
  if (who == "0" || who == "1" || who == "2") m.who = who[0] - '0';
  m.who_text = who;
  m.text = action;
  return m;
}

MoveResult world_move(std::string_view action) {
  SgfMove m;
  m.who = -1;
  for (auto [prefix, kind] : {std::pair{std::string_view("TI."), SgfMoveKind::Timeout},
                              std::pair{std::string_view("LE."), SgfMoveKind::Left}}) {
    if (!action.starts_with(prefix)) continue;
    const auto n = text::parse_int(action.substr(3));
    if (!n) return unknown("w", action);
    m.kind = kind;
    m.value = *n;
    return m;
  }
  const std::size_t parts = text::split(action, '.').size();
  if ((parts != 32 && parts != 2) || !all_parts_two_chars(action)) return unknown("w", action);
  auto cards = card_list(action, true);
  if (!cards) return std::unexpected(cards.error());
  m.kind = parts == 32 ? SgfMoveKind::Deal : SgfMoveKind::SkatShown;
  m.cards = std::move(*cards);
  return m;
}

// `<type>[O][H][S][Z][.<card>…]`; nullopt when the text is not shaped like a declaration.
std::optional<MoveResult> declaration_move(std::string_view action) {
  if (action.empty() || kGameLetters.find(action[0]) == std::string_view::npos) return std::nullopt;
  SgfDeclaration d;
  d.type = *parse_game_letter(action[0]);
  std::size_t i = 1;
  for (auto [letter, flag] :
       {std::pair{'O', &d.ouvert}, std::pair{'H', &d.hand}, std::pair{'S', &d.schneider}, std::pair{'Z', &d.schwarz}}) {
    if (i < action.size() && action[i] == letter) {
      *flag = true;
      ++i;
    }
  }
  if (i < action.size() && action[i] != '.') return std::nullopt;
  SgfMove m;
  m.kind = SgfMoveKind::Declare;
  if (i < action.size()) {
    auto cards = card_list(action.substr(i + 1), false);
    if (!cards) return std::unexpected(cards.error());
    for (const auto& c : *cards) d.cards.push_back(*c);
  }
  m.declaration = std::move(d);
  return m;
}

MoveResult player_move(int who, std::string_view who_text, std::string_view action) {
  SgfMove m;
  m.who = who;
  if (action == "y" || action == "p" || action == "s" || action == "RE") {
    m.kind = action == "y"   ? SgfMoveKind::Hold
             : action == "p" ? SgfMoveKind::Pass
             : action == "s" ? SgfMoveKind::PickUp
                             : SgfMoveKind::Resign;
    return m;
  }
  if (action == "KO" || action == "RK") {
    m.kind = action == "KO" ? SgfMoveKind::Kontra : SgfMoveKind::Re;
    return m;
  }
  if (const auto bid = text::parse_int(action); bid && *bid >= 0) {
    m.kind = SgfMoveKind::Bid;
    m.value = *bid;
    return m;
  }
  if (const auto c = parse_card(action)) {
    m.kind = SgfMoveKind::Play;
    m.cards = {*c};
    return m;
  }
  if (action == "SC" || action.starts_with("SC.")) {
    m.kind = SgfMoveKind::Show;
    if (action.size() == 2) return m;
    auto cards = card_list(action.substr(3), true);
    if (!cards) return std::unexpected(cards.error());
    m.cards = std::move(*cards);
    return m;
  }
  if (auto d = declaration_move(action)) {
    if (*d) (*d)->who = who;
    return *d;
  }
  if (text::split(action, '.').size() == 2 && all_parts_two_chars(action)) {
    auto cards = card_list(action, true);
    if (!cards) return std::unexpected(cards.error());
    m.kind = SgfMoveKind::Discard;
    m.cards = std::move(*cards);
    return m;
  }
  return unknown(who_text, action);
}

std::optional<int> result_int(std::string_view token, std::string_view key) {
  return text::parse_int(token.substr(key.size()));
}

}  // namespace

std::expected<SgfMove, std::string> parse_sgf_move(std::string_view who, std::string_view action) {
  if (who == "w") return world_move(action);
  if (who == "0" || who == "1" || who == "2") return player_move(who[0] - '0', who, action);
  return unknown(who, action);
}

std::expected<SgfResult, std::string> parse_sgf_result(std::string_view value) {
  SgfResult r;
  for (std::string_view tok : text::split_words(value)) {
    r.tokens.emplace_back(tok);
    if (tok == "passed") r.passed = true;
    if (tok == "win" || tok == "loss") r.won = tok == "win";
    if (tok == "bidok" || tok == "overbid") r.bid_ok = tok == "bidok";
    const std::pair<std::string_view, std::optional<int>*> keys[] = {
        {"d:", &r.declarer}, {"v:", &r.value},     {"m:", &r.matadors}, {"p:", &r.points},
        {"t:", &r.tricks},   {"s:", &r.schneider}, {"z:", &r.schwarz}};
    for (auto [key, field] : keys) {
      if (!tok.starts_with(key)) continue;
      *field = result_int(tok, key);
      if (!*field) return std::unexpected("bad number in '" + std::string(tok) + "'");
    }
  }
  return r;
}

namespace {

struct LineError {
  std::string field;
  std::string message;
};

// The properties of "(;NAME[value]…;)", values unescaped.
std::expected<std::vector<SgfProperty>, LineError> read_properties(std::string_view line) {
  std::size_t i = 0;
  auto skip_space = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  };
  skip_space();
  if (!line.substr(i).starts_with("(;")) return std::unexpected(LineError{"line", "expected '(;'"});
  i += 2;
  std::vector<SgfProperty> props;
  for (;;) {
    skip_space();
    if (line.substr(i).starts_with(";)")) break;
    SgfProperty p;
    while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i]))) p.name += line[i++];
    if (p.name.empty() || i >= line.size() || line[i] != '[')
      return std::unexpected(LineError{p.name.empty() ? "line" : p.name, "expected NAME[value] or ';)'"});
    for (++i; i < line.size() && line[i] != ']'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) ++i;
      // A line break inside a one-line record is damage (the writer never produces one).
      if (line[i] == '\r') return std::unexpected(LineError{p.name, "carriage return inside the value"});
      p.value += line[i];
    }
    if (i >= line.size()) return std::unexpected(LineError{p.name, "missing ']'"});
    ++i;
    props.push_back(std::move(p));
  }
  i += 2;
  skip_space();
  if (i != line.size()) return std::unexpected(LineError{"line", "unexpected text after ';)'"});
  return props;
}

std::expected<std::vector<SgfMove>, LineError> read_moves(std::string_view value) {
  const auto words = text::split_words(value);
  if (words.size() % 2 != 0) return std::unexpected(LineError{"MV", "odd number of words: a move without action"});
  std::vector<SgfMove> moves;
  for (std::size_t k = 0; k < words.size(); k += 2) {
    auto m = parse_sgf_move(words[k], words[k + 1]);
    if (!m) {
      return std::unexpected(LineError{"MV", m.error() + " in move " + std::to_string(k / 2 + 1) + " '" +
                                                 std::string(words[k]) + " " + std::string(words[k + 1]) + "'"});
    }
    moves.push_back(std::move(*m));
  }
  return moves;
}

// The ID for error messages of a line that did not parse.
std::string raw_id(std::string_view line) {
  const std::size_t at = line.find("ID[");
  if (at == std::string_view::npos) return {};
  const std::size_t end = line.find(']', at);
  return end == std::string_view::npos ? std::string() : std::string(line.substr(at + 3, end - at - 3));
}

}  // namespace

std::string_view SgfGame::property(std::string_view name) const {
  for (const SgfProperty& p : properties)
    if (p.name == name) return p.value;
  return {};
}

std::expected<SgfGame, RecordError> read_sgf_game(std::string_view line, int line_number) {
  auto fail = [&](LineError e, std::string id) {
    return std::unexpected(RecordError{line_number, std::move(e.field), std::move(e.message), std::move(id)});
  };
  auto props = read_properties(line);
  if (!props) return fail(props.error(), raw_id(line));
  SgfGame g;
  g.properties = std::move(*props);
  const std::string id(g.id());
  int mv_count = 0;
  int r_count = 0;
  for (SgfProperty& p : g.properties) {
    if (p.name != "MV" && p.name != "R") continue;
    const std::string value = std::exchange(p.value, std::string());  // held by moves / result
    if (p.name == "MV" && mv_count++ == 0) {
      auto moves = read_moves(value);
      if (!moves) return fail(moves.error(), id);
      g.moves = std::move(*moves);
    } else if (p.name == "R" && r_count++ == 0) {
      auto r = parse_sgf_result(value);
      if (!r) return fail({"R", r.error()}, id);
      g.result = std::move(*r);
    }
  }
  if (mv_count != 1) return fail({"MV", mv_count == 0 ? "missing MV[...]" : "more than one MV[...]"}, id);
  if (r_count > 1) return fail({"R", "more than one R[...]"}, id);
  return g;
}

SgfReadResult read_sgf(std::string_view input) {
  SgfReadResult out;
  const auto lines = text::split_lines(input);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (text::is_blank(lines[i])) continue;
    auto g = read_sgf_game(lines[i], static_cast<int>(i + 1));
    if (g)
      out.games.push_back(std::move(*g));
    else
      out.errors.push_back(std::move(g.error()));
  }
  return out;
}

}  // namespace skat
