// The text form of table files (see table_files.h).
#include <charconv>
#include <cmath>
#include <vector>

#include "bots/tables/table_files.h"

namespace skat::bots {

namespace {

constexpr std::string_view kFormatLine = "skat-tables format ";

void append_u64(std::string& out, std::uint64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void append_probability(std::string& out, double p) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, p, std::chars_format::fixed, 6);
  out.append(buf, r.ptr);
}

std::string sanitized(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

// Lines of the text with their numbers (1-based); a trailing '\r' is dropped.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool parse_u64(std::string_view s, std::uint64_t& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

struct TextReader {
  LineReader lines;
  std::string error;

  bool fail(std::string_view what) {
    error = "table text line " + std::to_string(lines.number()) + ": " + std::string(what);
    return false;
  }
  bool line(std::string_view& out) { return lines.next(out) || fail("unexpected end of file"); }
  // "<keyword> <number>"
  bool number_line(std::string_view keyword, std::uint64_t& v) {
    std::string_view l;
    if (!line(l)) return false;
    const auto t = split(l);
    if (t.size() != 2 || t[0] != keyword || !parse_u64(t[1], v))
      return fail("expected \"" + std::string(keyword) + " <number>\"");
    return true;
  }
  bool header(TableMeta& meta);
  bool table(WinningTable& table);
  bool bucket(std::string_view l, const WinningTable& table, std::int64_t previous, std::uint32_t& key, Bucket& b);
};

bool TextReader::header(TableMeta& meta) {
  std::string_view l;
  if (!line(l)) return false;
  std::uint64_t format = 0;
  if (!l.starts_with(kFormatLine) || !parse_u64(l.substr(kFormatLine.size()), format))
    return fail("not a winning-table file (expected \"skat-tables format <n>\")");
  if (format != kTableFormatVersion) return fail("unsupported format version " + std::to_string(format));
  std::uint64_t version = 0;
  if (!number_line("table_version", version) || !number_line("games_folded", meta.games_folded) ||
      !number_line("watermark", meta.watermark))
    return false;
  if (version > UINT32_MAX) return fail("table version out of range");
  meta.table_version = static_cast<std::uint32_t>(version);
  if (!line(l)) return false;
  if (l != "provenance" && !l.starts_with("provenance ")) return fail("expected \"provenance <text>\"");
  meta.provenance = std::string(l.substr(std::min<std::size_t>(l.size(), 11)));
  return true;
}

bool TextReader::bucket(std::string_view l, const WinningTable& table, std::int64_t previous, std::uint32_t& key,
                        Bucket& b) {
  const PerfectHash& hash = table.hash();
  const auto t = split(l);
  const auto n = static_cast<std::size_t>(hash.features());
  if (t.size() != n + 3) return fail("expected " + std::to_string(n) + " features, won, games, probability");
  std::array<std::uint8_t, kMaxFeatures> values{};
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t v = 0;
    if (!parse_u64(t[i], v) || v >= hash.domain(static_cast<int>(i)))
      return fail("feature " + std::string(table.schema().features[i].name) + " out of its domain");
    values[i] = static_cast<std::uint8_t>(v);
  }
  if (!parse_u64(t[n], b.won) || !parse_u64(t[n + 1], b.games) || b.games == 0 || b.won > b.games)
    return fail("bad counts (need 0 ≤ won ≤ games, games ≥ 1)");
  double p = 0;
  const auto r = std::from_chars(t[n + 2].data(), t[n + 2].data() + t[n + 2].size(), p);
  if (r.ec != std::errc{} || r.ptr != t[n + 2].data() + t[n + 2].size() || std::abs(p - b.probability()) > 1e-6)
    return fail("probability does not match won / games");
  key = hash.rank(values);
  if (static_cast<std::int64_t>(key) <= previous) return fail("buckets not in increasing feature order");
  return true;
}

bool TextReader::table(WinningTable& table) {
  std::string_view l;
  if (!line(l)) return false;
  if (l != table_header(table.schema())) return fail("expected \"" + table_header(table.schema()) + "\"");
  std::uint64_t count = 0;
  if (!number_line("buckets", count)) return false;
  std::int64_t previous = -1;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint32_t key = 0;
    Bucket b;
    if (!line(l) || !bucket(l, table, previous, key, b)) return false;
    table.add_key(key, b);
    previous = key;
  }
  return true;
}

}  // namespace

std::string table_header(const TableSchema& schema) {
  std::string out = "table " + std::string(schema.name);
  for (const FeatureSpec& f : schema.features) out += " " + std::string(f.name) + ":" + std::to_string(f.domain);
  return out;
}

std::string write_tables_text(const TableSet& tables) {
  const TableMeta& m = tables.meta();
  std::string out = std::string(kFormatLine) + std::to_string(kTableFormatVersion) + "\n";
  out += "table_version " + std::to_string(m.table_version) + "\ngames_folded " + std::to_string(m.games_folded) +
         "\nwatermark " + std::to_string(m.watermark) + "\nprovenance";
  if (!m.provenance.empty()) out += " " + sanitized(m.provenance);
  out += "\n";
  std::array<std::uint8_t, kMaxFeatures> values{};
  for (const WinningTable& t : tables.tables()) {
    const auto buckets = t.foreground().sorted();
    out += table_header(t.schema()) + "\nbuckets " + std::to_string(buckets.size()) + "\n";
    for (const auto& [key, b] : buckets) {
      t.hash().unrank(key, values);
      for (int i = 0; i < t.hash().features(); ++i) {
        append_u64(out, values[static_cast<std::size_t>(i)]);
        out += ' ';
      }
      append_u64(out, b.won);
      out += ' ';
      append_u64(out, b.games);
      out += ' ';
      append_probability(out, b.probability());
      out += '\n';
    }
  }
  out += "end\n";
  return out;
}

std::expected<TableSet, std::string> read_tables_text(std::string_view text) {
  TextReader r{LineReader(text), {}};
  TableSet tables;
  if (!r.header(tables.meta())) return std::unexpected(r.error);
  for (WinningTable& t : tables.tables())
    if (!r.table(t)) return std::unexpected(r.error);
  std::string_view l;
  if (!r.line(l)) return std::unexpected(r.error);
  if (l != "end") {
    r.fail("expected \"end\"");
    return std::unexpected(r.error);
  }
  while (r.lines.next(l))
    if (!l.empty()) {
      r.fail("text after \"end\"");
      return std::unexpected(r.error);
    }
  return tables;
}

}  // namespace skat::bots
