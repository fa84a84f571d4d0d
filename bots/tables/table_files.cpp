// Loading and saving table files in either form (see table_files.h).
#include "bots/tables/table_files.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace skat::bots {

std::expected<TableSet, std::string> read_tables(std::string_view contents) {
  if (contents.starts_with(kTableBinaryMagic)) return read_tables_binary(contents);
  return read_tables_text(contents);
}

std::expected<TableSet, std::string> load_tables(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected("cannot open table file " + path);
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return std::unexpected("cannot read table file " + path);
  auto tables = read_tables(contents.view());
  if (!tables) return std::unexpected(path + ": " + tables.error());
  return tables;
}

std::expected<void, std::string> save_tables(const std::string& path, const TableSet& tables, TableFileFormat format) {
  const std::string contents =
      format == TableFileFormat::Binary ? write_tables_binary(tables) : write_tables_text(tables);
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return std::unexpected("cannot create " + temp);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) return std::unexpected("cannot write " + temp);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    return std::unexpected("cannot rename " + temp + " to " + path);
  }
  return {};
}

}  // namespace skat::bots
