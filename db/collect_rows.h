// Reads every row of a prepared statement into a vector (internal to db/).
#pragma once

#include <expected>
#include <vector>

#include "db/connection.h"

namespace skat::db::detail {

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
