// The binary form of table files (see table_files.h). Layout, all integers little-endian:
//   magic "SKATWTAB" · u32 format version · u32 table version · u64 games folded · u64 watermark ·
//   u32 provenance length, its bytes · u32 number of tables · per table: u8 name length, name,
//   u8 feature count, per feature (u8 name length, name, u16 domain), u64 bucket count, per bucket
//   in key order (u32 key, u64 won, u64 games) · u64 FNV-1a of every byte before it.
#include "bots/tables/table_files.h"

namespace skat::bots {

namespace {

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

template <class T>
void put(std::string& out, T v) {
  for (std::size_t i = 0; i < sizeof(T); ++i)
    out.push_back(static_cast<char>((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xFF));
}

void put_name(std::string& out, std::string_view s) {
  put<std::uint8_t>(out, static_cast<std::uint8_t>(s.size()));
  out.append(s);
}

// Bounds-checked reading; the first failure sticks.
class Cursor {
 public:
  explicit Cursor(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    T v{};
    if (!need(sizeof(T))) return v;
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      x |= std::uint64_t{static_cast<unsigned char>(bytes_[pos_ + i])} << (8 * i);
    pos_ += sizeof(T);
    return static_cast<T>(x);
  }
  std::string_view bytes(std::size_t n) {
    if (!need(n)) return {};
    const auto s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  std::string_view name() { return bytes(get<std::uint8_t>()); }
  bool ok() const { return ok_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }

 private:
  bool need(std::size_t n) {
    if (!ok_ || n > bytes_.size() - pos_) ok_ = false;
    return ok_;
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

std::expected<void, std::string> read_table(Cursor& in, WinningTable& table) {
  const TableSchema& schema = table.schema();
  const std::string where = "table " + std::string(schema.name);
  bool same = in.name() == schema.name;
  const auto features = in.get<std::uint8_t>();
  same = same && features == schema.features.size();
  for (std::size_t i = 0; same && i < features; ++i) {
    const auto name = in.name();
    const auto domain = in.get<std::uint16_t>();
    same = name == schema.features[i].name && domain == schema.features[i].domain;
  }
  if (!in.ok()) return std::unexpected("binary tables: truncated in " + where);
  if (!same) return std::unexpected("binary tables: " + where + " does not match this program's features");
  const auto count = in.get<std::uint64_t>();
  if (!in.ok() || count > in.remaining() / 20) return std::unexpected("binary tables: bad bucket count in " + where);
  std::int64_t previous = -1;
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto key = in.get<std::uint32_t>();
    Bucket b;
    b.won = in.get<std::uint64_t>();
    b.games = in.get<std::uint64_t>();
    if (!table.hash().valid(key) || static_cast<std::int64_t>(key) <= previous)
      return std::unexpected("binary tables: invalid or unordered key in " + where);
    if (b.games == 0 || b.won > b.games) return std::unexpected("binary tables: bad counts in " + where);
    table.add_key(key, b);
    previous = key;
  }
  return {};
}

}  // namespace

std::string write_tables_binary(const TableSet& tables) {
  const TableMeta& m = tables.meta();
  std::string out(kTableBinaryMagic);
  put<std::uint32_t>(out, kTableFormatVersion);
  put<std::uint32_t>(out, m.table_version);
  put<std::uint64_t>(out, m.games_folded);
  put<std::uint64_t>(out, m.watermark);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(m.provenance.size()));
  out += m.provenance;
  put<std::uint32_t>(out, static_cast<std::uint32_t>(tables.tables().size()));
  for (const WinningTable& t : tables.tables()) {
    put_name(out, t.schema().name);
    put<std::uint8_t>(out, static_cast<std::uint8_t>(t.schema().features.size()));
    for (const FeatureSpec& f : t.schema().features) {
      put_name(out, f.name);
      put<std::uint16_t>(out, static_cast<std::uint16_t>(f.domain));
    }
    const auto buckets = t.foreground().sorted();
    put<std::uint64_t>(out, buckets.size());
    for (const auto& [key, b] : buckets) {
      put<std::uint32_t>(out, key);
      put<std::uint64_t>(out, b.won);
      put<std::uint64_t>(out, b.games);
    }
  }
  put<std::uint64_t>(out, fnv1a(out));
  return out;
}

std::expected<TableSet, std::string> read_tables_binary(std::string_view bytes) {
  if (!bytes.starts_with(kTableBinaryMagic)) return std::unexpected("binary tables: bad magic");
  if (bytes.size() < kTableBinaryMagic.size() + 8) return std::unexpected("binary tables: truncated");
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  Cursor tail(bytes.substr(body.size()));
  if (tail.get<std::uint64_t>() != fnv1a(body)) return std::unexpected("binary tables: checksum mismatch");
  Cursor in(body.substr(kTableBinaryMagic.size()));
  const auto format = in.get<std::uint32_t>();
  if (in.ok() && format != kTableFormatVersion)
    return std::unexpected("binary tables: unsupported format version " + std::to_string(format));
  TableSet tables;
  TableMeta& m = tables.meta();
  m.table_version = in.get<std::uint32_t>();
  m.games_folded = in.get<std::uint64_t>();
  m.watermark = in.get<std::uint64_t>();
  m.provenance = std::string(in.bytes(in.get<std::uint32_t>()));
  const auto count = in.get<std::uint32_t>();
  if (!in.ok()) return std::unexpected("binary tables: truncated header");
  if (count != tables.tables().size()) return std::unexpected("binary tables: wrong number of tables");
  for (WinningTable& t : tables.tables())
    if (auto r = read_table(in, t); !r) return std::unexpected(r.error());
  if (in.remaining() != 0) return std::unexpected("binary tables: trailing bytes");
  return tables;
}

}  // namespace skat::bots
