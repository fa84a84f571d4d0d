// Who a connection is: guests and their login sessions (and the purge of the guests nobody uses),
// the sign-in of bot accounts with their secret, and which connected bot accounts may no longer
// play. Sessions (server/play/sessions.*), the hub's bot check and the API's session tokens use it.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/types.h"
#include "server/store/store_error.h"

namespace skat::app {

struct Identity {
  std::int64_t player_id = 0;
  std::string name;
  bool bot = false;
  std::string bot_kind;  // bots only: the program name (house: the announced spec; a player's bot: "account:NAME")
  std::optional<std::int64_t> owner;  // a player's bot: its owner (none: a house bot of the operator)
  bool challenges = false;            // a player's bot: accepts challenges from everyone
  bool hints = true;                  // this connection wants the act requests' hints (hello "hints")
  int seats = 1;                      // this connection plays up to this many seats at once (hello "seats")
};

// A person's identity (a guest or a human), and a bot account's.
inline Identity person_identity(std::int64_t id, std::string name) {
  Identity who;
  who.player_id = id;
  who.name = std::move(name);
  return who;
}
inline Identity bot_identity(std::int64_t id, std::string name, std::string program) {
  Identity who = person_identity(id, std::move(name));
  who.bot = true;
  who.bot_kind = std::move(program);
  return who;
}

class IdentityStore {
 public:
  virtual ~IdentityStore() = default;
  // A guest player row for a display name (a new row per new guest session).
  virtual StoreResult<Identity> create_guest(std::string_view name) = 0;
  // A login session for a player: the plain token to hand to the client (the database store keeps
  // only its hash, so sessions outlive a server restart until they expire).
  virtual StoreResult<std::string> create_session(std::int64_t player_id) = 0;
  // The player of a valid session token; Unauthorized when the token is unknown or expired, or
  // belongs to a bot.
  virtual StoreResult<Identity> verify_session(std::string_view token) = 0;
  // Removes the guest players who never played a game and were created at or before
  // `created_before` or hold no session valid at `now`, except those in `keep` (online or seated
  // now) and those whose session verified since the previous purge (a hello on its way to the
  // hub); their sessions go with them. Returns how many went.
  virtual StoreResult<int> purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                               const std::set<std::int64_t>& keep) = 0;
  // The bot account if the secret verifies (tokens are stored hashed); Unauthorized otherwise.
  virtual StoreResult<Identity> verify_bot(std::string_view name, std::string_view token) = 0;
  // A house bot announced its program (kept for the leaderboard and the filters).
  virtual StoreResult<void> set_bot_program(std::int64_t player_id, std::string_view program) = 0;
  // Of these bot accounts (those connected now), the ones that may no longer play: revoked or
  // disabled (perhaps by another process).
  virtual StoreResult<std::vector<std::int64_t>> barred_bots(const std::vector<std::int64_t>& bots) = 0;
};

}  // namespace skat::app
