#include <expected>
#include <string>

#include "engine/records/pgn.h"
#include "engine/records/pgn_fields.h"
#include "engine/records/text.h"

namespace skat {

namespace pgn {

std::string field_name(int p) {
  const std::string n = "field " + std::to_string(p);
  auto pos_of = [](int first, int p0) { return std::to_string(p0 - first); };
  static const char* const kFixed[] = {"game id", "game", "declarer"};
  if (p >= 1 && p <= 3) return n + " (" + kFixed[p - 1] + ")";
  if (p >= 4 && p <= 6) return n + " (bid of position " + pos_of(4, p) + ")";
  static const char* const kFlags[] = {
      "hand",  "schneider", "schneider announced", "schwarz", "schwarz announced", "ouvert", "won", "folded",
      "level", "eyes"};
  if (p >= 7 && p <= 16) return n + " (" + kFlags[p - 7] + ")";
  if (p >= 17 && p <= 19) return n + " (strength of position " + pos_of(17, p) + ")";
  if (p >= kHandsField && p < kSkatField)
    return n + " (hand of position " + std::to_string((p - kHandsField) / 10) + ")";
  if (p >= kSkatField && p < kPutField) return n + " (skat)";
  if (p >= kPutField && p < kTricksField) return n + " (skat put)";
  const int trick = (p - kTricksField) / kTrickFields + 1;
  const int k = (p - kTricksField) % kTrickFields;
  const char* what = k < 3 ? "card" : (k == 3 ? "winner" : "points");
  return n + " (trick " + std::to_string(trick) + " " + what + ")";
}

}  // namespace pgn

namespace {

using text::parse_int;

// A simple forward reader over one header line.
class Cursor {
 public:
  explicit Cursor(std::string_view s) : rest_(s) {}
  bool eat(std::string_view prefix) {
    if (!rest_.starts_with(prefix)) return false;
    rest_.remove_prefix(prefix.size());
    return true;
  }
  // The text up to `delim` (consumed); nullopt when absent.
  std::optional<std::string_view> until(std::string_view delim) {
    const std::size_t at = rest_.find(delim);
    if (at == std::string_view::npos) return std::nullopt;
    const std::string_view out = rest_.substr(0, at);
    rest_.remove_prefix(at + delim.size());
    return out;
  }
  bool at_end() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

struct HeaderError {
  std::string field;
  std::string message;
};
using HeaderStep = std::expected<void, HeaderError>;

std::unexpected<HeaderError> header_error(std::string field, std::string message) {
  return std::unexpected(HeaderError{std::move(field), std::move(message)});
}

bool plain_name(std::string_view s) {
  for (char c : s)
    if (c == '[' || c == ']' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return true;
}

bool digits_pattern(std::string_view s, std::string_view pattern) {
  if (s.size() != pattern.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool want_digit = pattern[i] == '9';
    const bool is_digit = s[i] >= '0' && s[i] <= '9';
    if (want_digit ? !is_digit : s[i] != pattern[i]) return false;
  }
  return true;
}

HeaderStep parse_event_line(std::string_view line, PgnHeader& h) {
  Cursor c(line);
  if (!c.eat("[Event: ")) return header_error("Event", "expected '[Event: '");
  const auto event = c.until("] [Date: ");
  if (!event || !plain_name(*event)) return header_error("Event", "expected '<event>] [Date: ' without brackets");
  const auto date = c.until(", ");
  if (!date || !digits_pattern(*date, "99.99.9999")) return header_error("Date", "expected DD.MM.YYYY");
  const auto time = c.until(", Duration: ");
  if (!time || !digits_pattern(*time, "99:99")) return header_error("Date", "expected the time as HH:MM");
  const auto minutes = c.until("m]");
  const auto duration = minutes ? parse_int(*minutes) : std::nullopt;
  if (!duration || *duration < 0 || !c.at_end()) return header_error("Duration", "expected '<minutes>m]'");
  h.event = *event;
  h.date = *date;
  h.time = *time;
  h.duration_minutes = *duration;
  return {};
}

HeaderStep parse_seat_line(std::string_view line, PgnHeader& h) {
  Cursor c(line);
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string field = "Seat" + std::to_string(i + 1);
    if ((i > 0 && !c.eat(" ")) || !c.eat("[" + field + ": ")) return header_error(field, "expected '[" + field + ": '");
    const auto segment = c.until("]");
    if (!segment) return header_error(field, "missing ']'");
    const std::size_t at = segment->rfind(" (ID: ");
    if (at == std::string_view::npos || !segment->ends_with(")"))
      return header_error(field, "expected '<name> (ID: <id>)'");
    const std::string_view name = segment->substr(0, at);
    const std::string_view id_text = segment->substr(at + 6, segment->size() - at - 7);
    const auto id = text::parse_int64(id_text);
    if (!plain_name(name) || !id) return header_error(field, "expected '<name> (ID: <id>)'");
    h.seats[i] = {std::string(name), *id};
  }
  if (!c.at_end()) return header_error("Seat3", "unexpected text after the third seat");
  return {};
}

HeaderStep parse_count_line(std::string_view line, PgnHeader& h) {
  Cursor c(line);
  const auto count = c.eat("[Number of games: ") ? c.until("]") : std::nullopt;
  const auto n = count ? parse_int(*count) : std::nullopt;
  if (!n || *n < 0 || !c.at_end()) return header_error("Number of games", "expected '[Number of games: <n>]'");
  h.number_of_games = *n;
  return {};
}

bool parse_into(std::string_view s, int& out) {
  const auto v = parse_int(s);
  if (v) out = *v;
  return v.has_value();
}

HeaderStep parse_result_line(std::string_view line, PgnHeader& h) {
  Cursor c(line);
  if (!c.eat("[Result:")) return header_error("Result", "expected '[Result:'");
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string field = "Result Seat" + std::to_string(i + 1);
    if (!c.eat(" Seat" + std::to_string(i + 1) + ": ")) return header_error(field, "expected 'Seat<n>: '");
    const auto score = c.until(" (");
    const auto won = c.until(":");
    const auto lost = c.until(")");
    PgnSeatResult r{-1, -1, -1};
    if (score && won && lost && parse_into(*score, r.score) && parse_into(*won, r.won) && parse_into(*lost, r.lost) &&
        r.won >= 0 && r.lost >= 0) {
      h.result[i] = r;
      continue;
    }
    return header_error(field, "expected '<score> (<won>:<lost>)'");
  }
  if (!c.eat("]") || !c.at_end()) return header_error("Result", "expected ']' at the end");
  return {};
}

// ---- game lines ----

struct FieldError {
  int position;
  std::string message;
};
using FieldStep = std::expected<void, FieldError>;

std::unexpected<FieldError> field_error(int position, std::string message) {
  return std::unexpected(FieldError{position, std::move(message)});
}

class FieldReader {
 public:
  explicit FieldReader(const std::vector<int>& v) : values_(v) {}
  int at(int position) const { return values_[static_cast<std::size_t>(position - 1)]; }

  std::expected<int, FieldError> ranged(int position, int lo, int hi) const {
    const int v = at(position);
    if (v < lo || v > hi)
      return field_error(position,
                         std::to_string(v) + " out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }
  std::expected<bool, FieldError> flag(int position) const {
    const auto v = ranged(position, 0, 1);
    if (!v) return std::unexpected(v.error());
    return *v == 1;
  }
  std::expected<Card, FieldError> card(int position) const {
    const auto v = ranged(position, 0, kNumCards - 1);
    if (!v) return std::unexpected(v.error());
    return Card(*v);
  }

 private:
  const std::vector<int>& values_;
};

std::expected<int, FieldError> read_bid(const FieldReader& f, int position) {
  auto v = f.ranged(position, 0, 264);
  if (v && *v != 0 && !is_legal_bid(*v)) return field_error(position, std::to_string(*v) + " is not a legal bid");
  return v;
}

FieldStep read_fixed(const FieldReader& f, PgnGame& g) {
  auto set_int = [&](int& out, std::expected<int, FieldError> v) -> FieldStep {
    if (!v) return std::unexpected(v.error());
    out = *v;
    return {};
  };
  auto set_flag = [&](bool& out, int position) -> FieldStep {
    auto v = f.flag(position);
    if (!v) return std::unexpected(v.error());
    out = *v;
    return {};
  };
  FieldStep r = set_int(g.id, f.ranged(1, 0, 1'000'000'000));
  if (r) r = set_int(g.game, f.ranged(2, kPgnFolded, kPgnNullOuvertHand));
  if (r) r = set_int(g.declarer, f.ranged(3, 0, 2));
  for (int i = 0; i < 3 && r; ++i) r = set_int(g.bids[static_cast<std::size_t>(i)], read_bid(f, 4 + i));
  bool* flags[] = {&g.hand, &g.schneider, &g.schneider_announced, &g.schwarz, &g.schwarz_announced, &g.ouvert,
                   &g.won,  &g.folded};
  for (int i = 0; i < 8 && r; ++i) r = set_flag(*flags[i], 7 + i);
  if (r) r = set_int(g.level, f.ranged(15, -11, 11));
  if (r) r = set_int(g.eyes, f.ranged(16, 0, 120));
  for (int i = 0; i < 3 && r; ++i) r = set_int(g.strength[static_cast<std::size_t>(i)], f.ranged(17 + i, 0, 10));
  return r;
}

// Hands and skat must be the 32 different cards; the put two cards.
FieldStep read_cards(const FieldReader& f, PgnGame& g) {
  CardSet seen;
  for (int p = pgn::kHandsField; p < pgn::kPutField; ++p) {
    auto c = f.card(p);
    if (!c) return std::unexpected(c.error());
    if (seen.contains(*c)) return field_error(p, "card " + std::to_string(c->id()) + " appears twice in the deal");
    seen.add(*c);
    if (p < pgn::kSkatField)
      g.hands[static_cast<std::size_t>((p - pgn::kHandsField) / 10)].add(*c);
    else
      g.skat[static_cast<std::size_t>(p - pgn::kSkatField)] = *c;
  }
  for (int i = 0; i < 2; ++i) {
    auto c = f.card(pgn::kPutField + i);
    if (!c) return std::unexpected(c.error());
    g.skat_put[static_cast<std::size_t>(i)] = *c;
  }
  return {};
}

// Whether the line ends with the two Kontra fields (its length tells: 53 + 5 per trick + 2).
bool has_kontra_fields(int num_fields) {
  return num_fields > pgn::kFixedFields && (num_fields - pgn::kFixedFields) % pgn::kTrickFields == pgn::kKontraFields;
}

FieldStep read_kontra(const FieldReader& f, int num_fields, PgnGame& g) {
  auto by = f.ranged(num_fields - 1, 0, 2);
  if (!by) return field_error(num_fields - 1, "the position that said Kontra is 0..2");
  auto level = f.ranged(num_fields, 1, 2);
  if (!level) return field_error(num_fields, "the doubling is 1 (Kontra) or 2 (Kontra and Re)");
  g.kontra_by = *by;
  g.doubling = static_cast<Doubling>(*level);
  return {};
}

FieldStep read_tricks(const FieldReader& f, int num_fields, PgnGame& g) {
  if (has_kontra_fields(num_fields)) {
    if (auto r = read_kontra(f, num_fields, g); !r) return r;
    num_fields -= pgn::kKontraFields;
  }
  for (int p = pgn::kTricksField; p < num_fields; p += pgn::kTrickFields) {
    PgnTrick t;
    for (int i = 0; i < 3; ++i) {
      auto c = f.card(p + i);
      if (!c) return std::unexpected(c.error());
      t.cards[static_cast<std::size_t>(i)] = *c;
    }
    auto winner = f.ranged(p + 3, 0, 2);
    if (!winner) return std::unexpected(winner.error());
    auto points = f.ranged(p + 4, -33, 33);
    if (!points) return std::unexpected(points.error());
    t.winner = *winner;
    t.points = *points;
    g.tricks.push_back(t);
  }
  return {};
}

}  // namespace

std::expected<PgnGame, RecordError> read_pgn_game(std::string_view line, int line_number) {
  const auto words = text::split_words(line);
  RecordError err{line_number, "", "", ""};
  if (!words.empty() && text::parse_int(words[0])) err.game_id = std::string(words[0]);
  const int n = static_cast<int>(words.size());
  const int kontra = has_kontra_fields(n) ? pgn::kKontraFields : 0;
  if (n < pgn::kFixedFields || (n - kontra - pgn::kFixedFields) % pgn::kTrickFields != 0 ||
      n - kontra > pgn::kFixedFields + pgn::kMaxTricks * pgn::kTrickFields) {
    err.field = "fields";
    err.message = std::to_string(n) + " fields; expected 53 plus 5 per trick, at most 103 (2 more after Kontra)";
    return std::unexpected(err);
  }
  std::vector<int> values;
  values.reserve(words.size());
  for (int i = 0; i < n; ++i) {
    const auto v = text::parse_int(words[static_cast<std::size_t>(i)]);
    if (!v) {
      err.field = pgn::field_name(i + 1);
      err.message = "'" + std::string(words[static_cast<std::size_t>(i)]) + "' is not an integer";
      return std::unexpected(err);
    }
    values.push_back(*v);
  }
  PgnGame g;
  const FieldReader f(values);
  FieldStep r = read_fixed(f, g);
  if (r && g.folded && kontra) {
    err.field = "fields";
    err.message = std::to_string(n) + " fields; a folded game has 53 (no tricks, no Kontra)";
    return std::unexpected(err);
  }
  if (r) r = read_cards(f, g);
  if (r) r = read_tricks(f, n, g);
  if (!r) {
    const int at = r.error().position;
    err.field = kontra && at >= n - 1
                    ? "field " + std::to_string(at) + (at == n - 1 ? " (Kontra position)" : " (Kontra doubling)")
                    : pgn::field_name(at);
    err.message = r.error().message;
    return std::unexpected(err);
  }
  return g;
}

namespace {

// Reads one series whose first line is line `first_line` (1-based) of a larger text.
PgnReadResult read_pgn_at(std::string_view input, int first_line) {
  PgnReadResult out;
  const auto lines = text::split_lines(input);
  std::size_t i = 0;
  while (i < lines.size() && text::is_blank(lines[i])) ++i;
  using HeaderParser = HeaderStep (*)(std::string_view, PgnHeader&);
  constexpr HeaderParser kHeader[] = {parse_event_line, parse_seat_line, parse_count_line, parse_result_line};
  int count_line = 0;  // where "Number of games" was read, 0 when it was not
  for (HeaderParser parse : kHeader) {
    if (i >= lines.size() || !lines[i].starts_with("[")) {
      out.errors.push_back({first_line + static_cast<int>(i), "header", "missing header line", ""});
      break;
    }
    if (auto r = parse(lines[i], out.series.header); !r)
      out.errors.push_back({first_line + static_cast<int>(i), r.error().field, r.error().message, ""});
    else if (parse == parse_count_line)
      count_line = first_line + static_cast<int>(i);
    ++i;
  }
  int game_lines = 0;
  for (; i < lines.size(); ++i) {
    if (text::is_blank(lines[i])) continue;
    ++game_lines;
    auto g = read_pgn_game(lines[i], first_line + static_cast<int>(i));
    if (g)
      out.series.games.push_back(std::move(*g));
    else
      out.errors.push_back(std::move(g.error()));
  }
  if (count_line > 0 && out.series.header.number_of_games != game_lines)
    out.errors.push_back({count_line, "Number of games",
                          "the header says " + std::to_string(out.series.header.number_of_games) + ", the file has " +
                              std::to_string(game_lines) + " game lines",
                          ""});
  return out;
}

}  // namespace

PgnReadResult read_pgn(std::string_view input) { return read_pgn_at(input, 1); }

std::vector<PgnReadResult> read_pgn_series_list(std::string_view input) {
  std::vector<PgnReadResult> out;
  std::size_t begin = 0;
  int first_line = 1;
  int line = 1;
  for (std::size_t pos = 0; pos < input.size(); ++pos) {
    if (input[pos] != '\n') continue;
    ++line;
    if (input.substr(pos + 1).starts_with("[Event")) {
      out.push_back(read_pgn_at(input.substr(begin, pos + 1 - begin), first_line));
      begin = pos + 1;
      first_line = line;
    }
  }
  out.push_back(read_pgn_at(input.substr(begin), first_line));
  return out;
}

}  // namespace skat
