// Bot accounts as they are managed: the operator's house bots (created, disabled, revoked), the
// players' own bots (docs/api.md, Bot accounts), and the lookups of the tournament form. The admin
// and bot API (server/http/api*.cpp) use it; a bot's sign-in is the IdentityStore's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/store_error.h"

namespace skat::app {

struct NewBot {
  std::int64_t player_id = 0;
  std::string name;
  std::string kind;
  std::string token;  // the secret, shown once
};

// A bot account as its owner and the tournament form see it.
struct BotInfo {
  std::int64_t player_id = 0;
  std::string name;
  std::string program;                // "account:NAME" for a player's bot, the house program otherwise
  std::optional<std::int64_t> owner;  // none: a house bot
  std::string owner_name;
  bool challenges = false;  // accepts challenges from everyone
  bool disabled = false;    // by the operator
  std::int64_t created_at = 0;
  std::string uploaded_language;  // a player's bot with an uploaded program: its language (else empty)
};

// A player's bot's uploaded program (docs/bots.md, "Upload a program").
struct BotProgram {
  std::string language;
  std::string source;
  std::int64_t updated_at = 0;  // ms since the epoch
};

class BotAccountStore {
 public:
  virtual ~BotAccountStore() = default;
  // A house bot account of the operator (Conflict when the name is taken).
  virtual StoreResult<NewBot> create_bot(std::string_view name, std::string_view kind) = 0;
  // A player's own bot (Quota beyond `max_per_owner`, Conflict when the name is taken).
  virtual StoreResult<NewBot> create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                               int max_per_owner) = 0;
  virtual StoreResult<std::vector<BotInfo>> owned_bots(std::int64_t owner) = 0;
  // Renames and/or sets the challenges of one of `owner`'s bots (NotFound when not theirs).
  virtual StoreResult<BotInfo> update_owned_bot(std::int64_t owner, std::int64_t bot, std::optional<std::string> name,
                                                std::optional<bool> challenges) = 0;
  virtual StoreResult<void> delete_owned_bot(std::int64_t owner, std::int64_t bot) = 0;
  virtual StoreResult<NewBot> rekey_owned_bot(std::int64_t owner, std::int64_t bot) = 0;
  // The operator disables (or enables again) any bot account.
  virtual StoreResult<BotInfo> set_bot_disabled(std::string_view name, bool disabled) = 0;
  // The operator revokes any bot account's token for good (`skat admin revoke-bot` alike); revoking
  // twice is no error.
  virtual StoreResult<BotInfo> revoke_bot(std::string_view name) = 0;
  // An active bot account by name (house or a player's); NotFound when there is none.
  virtual StoreResult<BotInfo> find_bot(std::string_view name) = 0;
  // Players' bots that accept challenges from everyone.
  virtual StoreResult<std::vector<BotInfo>> challengeable_bots() = 0;
  // Sets (nullopt: removes) the uploaded program of one of `owner`'s bots (NotFound when not theirs).
  virtual StoreResult<void> set_owned_bot_program(std::int64_t owner, std::int64_t bot,
                                                  const std::optional<BotProgram>& program) = 0;
  // The uploaded program of a bot (none when it has none; the server's own reading).
  virtual StoreResult<std::optional<BotProgram>> bot_program(std::int64_t bot) = 0;
};

}  // namespace skat::app
