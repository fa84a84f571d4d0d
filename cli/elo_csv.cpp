#include "cli/elo_csv.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <istream>
#include <ostream>

namespace skat::cli {

namespace {

// Splits one CSV line; fields may be double-quoted ("" is a quote inside).
std::expected<std::vector<std::string>, std::string> split_csv(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c != '"') {
        fields.back() += c;
      } else if (i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else {
        quoted = false;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  if (quoted) return std::unexpected(std::string("unterminated quote"));
  return fields;
}

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

std::expected<double, std::string> parse_score(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
    return std::unexpected("score '" + text + "' is not a number");
  return v;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Two decimals, without a "-0.00".
std::string two_decimals(double v) {
  std::string s = fmt::format("{:.2f}", v);
  return s == "-0.00" ? "0.00" : s;
}

}  // namespace

std::expected<std::vector<SeriesResult>, std::string> read_series_csv(std::istream& in) {
  std::vector<SeriesResult> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (trim(line).empty()) continue;
    if (out.empty() && trim(line) == kSeriesCsvHeader) continue;
    const auto where = "line " + std::to_string(number) + ": ";
    auto fields = split_csv(line);
    if (!fields) return std::unexpected(where + fields.error());
    if (fields->size() != 7)
      return std::unexpected(where + "expected 7 fields (" + kSeriesCsvHeader + "), got " +
                             std::to_string(fields->size()));
    SeriesResult s;
    s.series = trim((*fields)[0]);
    for (std::size_t i = 0; i < 3; ++i) {
      s.players[i] = trim((*fields)[1 + i]);
      if (s.players[i].empty()) return std::unexpected(where + "empty player name");
      const auto score = parse_score(trim((*fields)[4 + i]));
      if (!score) return std::unexpected(where + score.error());
      s.scores[i] = *score;
    }
    out.push_back(std::move(s));
  }
  return out;
}

void write_ranking_csv(std::ostream& out, std::span<const PlayerRating> ranking) {
  out << "player,rating,series\n";
  for (const PlayerRating& p : ranking)
    out << csv_field(p.player) << ',' << two_decimals(p.rating) << ',' << p.series << '\n';
}

void write_trace_csv(std::ostream& out, std::span<const SeriesResult> series, std::span<const SeriesTrace> traces) {
  out << "series,player,score,expected,rating\n";
  for (std::size_t i = 0; i < traces.size() && i < series.size(); ++i)
    for (const EloTraceEntry& e : traces[i])
      out << csv_field(series[i].series) << ',' << csv_field(e.player) << ',' << fmt::format("{}", e.score) << ','
          << two_decimals(e.expected) << ',' << two_decimals(e.rating) << '\n';
}

}  // namespace skat::cli
