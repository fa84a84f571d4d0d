// The error of every store interface: the kind of failure, which decides how a caller reacts (an
// HTTP status, an error to the client, a retry of the write or setting it aside), and one line for
// the logs and the user.
#pragma once

#include <expected>
#include <string>

namespace skat::app {

struct StoreError {
  enum class Kind {
    NotFound,      // no such player, bot, tournament or series (of this caller)
    Conflict,      // a name or key is taken
    Invalid,       // the request or record is refused as it is (a bad name, a record the database rejects)
    Quota,         // a per-player quota is used up (bots per owner)
    Unauthorized,  // a token or secret did not verify, or is not for this kind of login
    Busy,          // the database stayed locked past the busy timeout
    Unavailable,   // the database failed (disk full, I/O, engine error), or there is none
  };
  Kind kind = Kind::Unavailable;
  std::string message;

  // The same request may succeed later, unchanged: the database failed, not the request.
  bool retryable() const { return kind == Kind::Busy || kind == Kind::Unavailable; }
};

template <class T>
using StoreResult = std::expected<T, StoreError>;

// What a store without a database answers to the requests only a database serves.
inline StoreError no_database() { return {StoreError::Kind::Unavailable, "no database"}; }

}  // namespace skat::app
