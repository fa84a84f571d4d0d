// Internal to db/: reading every row of a prepared statement into a vector, and the id an insert
// returned.
#pragma once

#include <expected>
#include <vector>

#include "db/connection.h"

namespace skat::db::detail {

// The id an `INSERT … RETURNING id` gave (0 when it inserted nothing), run to its end.
inline std::expected<std::int64_t, DbError> returned_id(Statement& st) {
  auto row = st.step();
  if (!row) return std::unexpected(row.error());
  const std::int64_t id = *row ? st.int64(0) : 0;
  if (auto done = st.run(); !done) return std::unexpected(done.error());
  return id;
}

template <class T, class F>
std::expected<std::vector<T>, DbError> collect(Statement& st, F row_of) {
  std::vector<T> out;
  for (;;) {
    auto row = st.step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return out;
    out.push_back(row_of(st));
  }
}

}  // namespace skat::db::detail
