// The database store's errors by kind (server/store/db_errors.h).
#include "server/store/db_errors.h"

#include <string>

namespace skat::app {

StoreError::Kind store_error_kind(db::DbErrc code) {
  using Kind = StoreError::Kind;
  switch (code) {
    case db::DbErrc::NotFound: return Kind::NotFound;
    case db::DbErrc::AlreadyExists: return Kind::Conflict;
    case db::DbErrc::Invalid:
    case db::DbErrc::MissingRow: return Kind::Invalid;
    case db::DbErrc::LimitReached: return Kind::Quota;
    case db::DbErrc::Unauthorized: return Kind::Unauthorized;
    case db::DbErrc::Busy: return Kind::Busy;
    case db::DbErrc::Engine:
    case db::DbErrc::SchemaTooNew:
    case db::DbErrc::Corrupt:
    case db::DbErrc::Io:
    case db::DbErrc::Full: return Kind::Unavailable;
  }
  return Kind::Unavailable;
}

StoreError db_failure(const db::DbError& e) {
  return {store_error_kind(e.code), std::string(db::to_string(e.code)) + ": " + e.message};
}

StoreError db_refusal(const db::DbError& e) {
  const StoreError::Kind kind = store_error_kind(e.code);
  if (kind == StoreError::Kind::NotFound || kind == StoreError::Kind::Conflict || kind == StoreError::Kind::Invalid ||
      kind == StoreError::Kind::Quota)
    return {kind, e.message};
  return db_failure(e);
}

}  // namespace skat::app
