// The database store's errors: which StoreError kind each db/ error code is (server/store/
// store_error.h), with the message as the store's callers have always seen it.
#pragma once

#include "db/error.h"
#include "server/store/store_error.h"

namespace skat::app {

StoreError::Kind store_error_kind(db::DbErrc code);
// The kind, and "code: message" ("busy: database is locked").
StoreError db_failure(const db::DbError& e);
// The kind, and the message alone when the request itself was refused (a name taken, a quota used
// up: what the API shows the user), else as db_failure.
StoreError db_refusal(const db::DbError& e);

}  // namespace skat::app
