// Table files (docs/learning.md §1). The text form is the TablePrinter / TableReader of
// docs/papers.md [outer-learning] (Fig. 6): a header (format version, table version, games folded,
// watermark, provenance), then per table a line naming its features with their domains and one line
// per non-empty foreground bucket in key order: the unranked features, won, games, probability. The
// binary form bots load at start-up carries the same metadata and buckets, little-endian, with a
// checksum. Backgrounds are not stored: loading rebuilds them from the foreground. Bad input gives
// an error message, never a crash.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

#include "bots/tables/winning_table.h"

namespace skat::bots {

inline constexpr std::uint32_t kTableFormatVersion = 1;
// First bytes of a binary table file.
inline constexpr std::string_view kTableBinaryMagic = "SKATWTAB";

std::string write_tables_text(const TableSet& tables);
std::expected<TableSet, std::string> read_tables_text(std::string_view text);

std::string write_tables_binary(const TableSet& tables);
std::expected<TableSet, std::string> read_tables_binary(std::string_view bytes);

// Either form: binary when the contents start with the magic, text otherwise.
std::expected<TableSet, std::string> read_tables(std::string_view contents);

enum class TableFileFormat : std::uint8_t { Text, Binary };
std::expected<TableSet, std::string> load_tables(const std::string& path);
// Writes `path` through a temporary file renamed over it, so a reader never sees half a file.
std::expected<void, std::string> save_tables(const std::string& path, const TableSet& tables, TableFileFormat format);

// "table <name> <feature>:<domain> …": the line that opens a table in the text form.
std::string table_header(const TableSchema& schema);

}  // namespace skat::bots
