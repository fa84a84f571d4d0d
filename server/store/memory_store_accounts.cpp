// Bot accounts in memory (server/store/memory_store.h): house bots; the rest needs a database.
#include "common/confusables.h"
#include "common/text_rules.h"
#include "server/store/memory_store.h"
#include "server/store/random_token.h"

namespace skat::app {

StoreResult<NewBot> MemoryStore::create_bot(std::string_view name, std::string_view kind) {
  std::lock_guard lock(mutex_);
  if (!names_.emplace(text::name_key(name), next_id_ + 1).second)
    return std::unexpected(StoreError{StoreError::Kind::Conflict, "a player named '" + std::string(name) + "' exists"});
  NewBot bot{++next_id_, std::string(name), std::string(kind), random_token()};
  bots_.emplace(std::string(name), std::pair{bot, bot.token});
  return bot;
}

// Players' own bot accounts, and the operator's switches of them, need a database.
StoreResult<NewBot> MemoryStore::create_owned_bot(std::int64_t, std::string_view, bool, int) {
  return std::unexpected(no_database());
}
StoreResult<std::vector<BotInfo>> MemoryStore::owned_bots(std::int64_t) { return std::unexpected(no_database()); }
StoreResult<BotInfo> MemoryStore::update_owned_bot(std::int64_t, std::int64_t, std::optional<std::string>,
                                                   std::optional<bool>) {
  return std::unexpected(no_database());
}
StoreResult<void> MemoryStore::delete_owned_bot(std::int64_t, std::int64_t) { return std::unexpected(no_database()); }
StoreResult<NewBot> MemoryStore::rekey_owned_bot(std::int64_t, std::int64_t) { return std::unexpected(no_database()); }
StoreResult<BotInfo> MemoryStore::set_bot_disabled(std::string_view, bool) { return std::unexpected(no_database()); }
StoreResult<BotInfo> MemoryStore::revoke_bot(std::string_view) { return std::unexpected(no_database()); }
StoreResult<BotInfo> MemoryStore::find_bot(std::string_view) { return std::unexpected(no_database()); }
StoreResult<std::vector<BotInfo>> MemoryStore::challengeable_bots() { return std::unexpected(no_database()); }
StoreResult<void> MemoryStore::set_owned_bot_program(std::int64_t, std::int64_t, const std::optional<BotProgram>&) {
  return std::unexpected(no_database());
}
StoreResult<std::optional<BotProgram>> MemoryStore::bot_program(std::int64_t) { return std::optional<BotProgram>{}; }

}  // namespace skat::app
