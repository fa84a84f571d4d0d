#include "db/error.h"

namespace skat::db {

std::string_view to_string(DbErrc code) {
  switch (code) {
    case DbErrc::Sqlite: return "sqlite";
    case DbErrc::Busy: return "busy";
    case DbErrc::NotFound: return "not_found";
    case DbErrc::AlreadyExists: return "already_exists";
    case DbErrc::Invalid: return "invalid";
    case DbErrc::Unauthorized: return "unauthorized";
    case DbErrc::SchemaTooNew: return "schema_too_new";
    case DbErrc::Corrupt: return "corrupt";
    case DbErrc::Io: return "io";
    case DbErrc::Full: return "full";
  }
  return "unknown";
}

}  // namespace skat::db
