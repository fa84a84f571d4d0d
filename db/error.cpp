#include "db/error.h"

namespace skat::db {

std::string_view to_string(DbErrc code) {
  switch (code) {
    case DbErrc::Engine: return "engine";
    case DbErrc::MissingRow: return "missing_row";
    case DbErrc::Busy: return "busy";
    case DbErrc::NotFound: return "not_found";
    case DbErrc::AlreadyExists: return "already_exists";
    case DbErrc::Invalid: return "invalid";
    case DbErrc::Unauthorized: return "unauthorized";
    case DbErrc::SchemaTooNew: return "schema_too_new";
    case DbErrc::Corrupt: return "corrupt";
    case DbErrc::Io: return "io";
    case DbErrc::Full: return "full";
    case DbErrc::LimitReached: return "limit_reached";
  }
  return "unknown";
}

namespace detail {

DbError error(DbErrc code, std::string message) { return DbError{code, std::move(message), 0}; }

}  // namespace detail

}  // namespace skat::db
