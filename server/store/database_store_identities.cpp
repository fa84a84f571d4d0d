// Who a connection is, through the database store (server/store/database_store.h): guests and
// their sessions, the purge of unused guests, the sign-in of bot accounts and which are barred.
#include "common/text_rules.h"
#include "db/accounts.h"
#include "db/guests.h"
#include "db/players.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"
#include "server/store/random_token.h"

namespace skat::app {

// Names are unique among all players after folding (db/players.h): a guest whose name is taken
// gets a short suffix (the name cut at a character boundary, so it stays valid UTF-8).
StoreResult<Identity> DatabaseStore::create_guest(std::string_view name) {
  std::string candidate(name);
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto player = db::create_guest(db_, candidate);
    if (player) return person_identity(player->id, player->name);
    if (player.error().code != db::DbErrc::AlreadyExists) return std::unexpected(db_failure(player.error()));
    candidate = std::string(text::truncate(name, 24)) + "-" + random_token().substr(0, 4);
  }
  return std::unexpected(StoreError{StoreError::Kind::Conflict, "no free guest name like '" + std::string(name) + "'"});
}

// Guest sessions last 30 days; db/ stores only the token's hash.
StoreResult<std::string> DatabaseStore::create_session(std::int64_t player_id) {
  auto session = db::create_session(db_, player_id, std::chrono::days(30));
  if (!session) return std::unexpected(db_failure(session.error()));
  return std::move(session->token);
}

StoreResult<Identity> DatabaseStore::verify_session(std::string_view token) {
  auto id = db::verify_session(db_, token);
  if (!id)
    return std::unexpected(id.error().code == db::DbErrc::Unauthorized
                               ? StoreError{StoreError::Kind::Unauthorized, "unknown or expired session"}
                               : db_failure(id.error()));
  auto player = db::get_player(db_, *id);
  if (!player) return std::unexpected(db_failure(player.error()));
  if (player->kind == db::PlayerKind::Bot)
    return std::unexpected(StoreError{StoreError::Kind::Unauthorized, "a bot logs in with its bot token"});
  signed_in_.insert(player->id);
  return person_identity(player->id, player->name);
}

StoreResult<int> DatabaseStore::purge_unused_guests(db::Timestamp now, db::Timestamp created_before,
                                                    const std::set<std::int64_t>& keep) {
  std::set<std::int64_t> kept = keep;
  kept.insert(signed_in_.begin(), signed_in_.end());  // a guest that signed in may be on its way to the lobby
  auto purged = db::purge_unused_guests(db_, now, created_before, kept);
  if (!purged) return std::unexpected(db_failure(purged.error()));
  signed_in_.clear();
  return *purged;
}

StoreResult<Identity> DatabaseStore::verify_bot(std::string_view name, std::string_view token) {
  auto id = db::verify_bot(db_, name, token);
  if (!id)
    return std::unexpected(id.error().code == db::DbErrc::Unauthorized
                               ? StoreError{StoreError::Kind::Unauthorized, "unknown bot or wrong token"}
                               : db_failure(id.error()));
  auto bot = db::get_bot(db_, *id);
  if (!bot) return std::unexpected(db_failure(bot.error()));
  Identity who = bot_identity(bot->player_id, bot->name, bot->program_name());
  who.owner = bot->owner_id;
  who.challenges = bot->challenges == "everyone";
  return who;
}

StoreResult<void> DatabaseStore::set_bot_program(std::int64_t player_id, std::string_view program) {
  if (auto ok = db::set_bot_program(db_, player_id, program); !ok) return std::unexpected(db_failure(ok.error()));
  return {};
}

StoreResult<std::vector<std::int64_t>> DatabaseStore::barred_bots(const std::vector<std::int64_t>& bots) {
  auto barred = db::barred_bots(db_, bots);
  if (!barred) return std::unexpected(db_failure(barred.error()));
  return std::move(*barred);
}

}  // namespace skat::app
