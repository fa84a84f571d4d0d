// Bot accounts through the database store (server/store/database_store.h): the operator's house
// bots and switch, the players' own bots, and the lookups of the tournament form.
#include <chrono>

#include "db/accounts.h"
#include "server/store/database_store.h"
#include "server/store/db_errors.h"

namespace skat::app {

namespace {

BotInfo info(const db::BotAccount& bot) {
  BotInfo i;
  i.player_id = bot.player_id;
  i.name = bot.name;
  i.program = bot.program_name();
  i.owner = bot.owner_id;
  i.owner_name = bot.owner_name;
  i.challenges = bot.challenges == "everyone";
  i.disabled = bot.disabled();
  i.created_at = std::chrono::duration_cast<std::chrono::milliseconds>(bot.created_at.time_since_epoch()).count();
  i.uploaded_language = bot.uploaded_language;
  return i;
}

NewBot secret(const db::NewBot& bot) {
  return NewBot{bot.account.player_id, bot.account.name, bot.account.program_name(), bot.secret};
}

std::vector<BotInfo> infos(const std::vector<db::BotAccount>& bots) {
  std::vector<BotInfo> out;
  for (const db::BotAccount& bot : bots) out.push_back(info(bot));
  return out;
}

}  // namespace

StoreResult<NewBot> DatabaseStore::create_bot(std::string_view name, std::string_view kind) {
  auto bot = db::create_bot(db_, name, kind);
  if (!bot) return std::unexpected(db_failure(bot.error()));
  return NewBot{bot->account.player_id, bot->account.name, bot->account.kind, bot->secret};
}

// One of `owner`'s active bots, else NotFound (whether it exists for someone else is not told).
static StoreResult<db::BotAccount> owned(db::Connection& c, std::int64_t owner, std::int64_t bot) {
  auto account = db::get_bot(c, bot);
  if (!account && account.error().code != db::DbErrc::NotFound) return std::unexpected(db_refusal(account.error()));
  if (!account || account->owner_id != owner || account->revoked())
    return std::unexpected(StoreError{StoreError::Kind::NotFound, "no such bot of yours"});
  return std::move(*account);
}

StoreResult<NewBot> DatabaseStore::create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                                    int max_per_owner) {
  auto bot = db::create_owned_bot(db_, owner, name, challenges ? "everyone" : "nobody", max_per_owner);
  if (!bot) return std::unexpected(db_refusal(bot.error()));
  return secret(*bot);
}

StoreResult<std::vector<BotInfo>> DatabaseStore::owned_bots(std::int64_t owner) {
  auto bots = db::list_owned_bots(db_, owner);
  if (!bots) return std::unexpected(db_refusal(bots.error()));
  return infos(*bots);
}

StoreResult<BotInfo> DatabaseStore::update_owned_bot(std::int64_t owner, std::int64_t bot,
                                                     std::optional<std::string> name, std::optional<bool> challenges) {
  auto account = owned(db_, owner, bot);
  if (!account) return std::unexpected(account.error());
  if (name && *name != account->name) {
    auto renamed = db::rename_bot(db_, bot, *name);
    if (!renamed) return std::unexpected(db_refusal(renamed.error()));
    account = std::move(*renamed);
  }
  if (challenges) {
    auto set = db::set_bot_challenges(db_, bot, *challenges ? "everyone" : "nobody");
    if (!set) return std::unexpected(db_refusal(set.error()));
    account = std::move(*set);
  }
  return info(*account);
}

StoreResult<void> DatabaseStore::delete_owned_bot(std::int64_t owner, std::int64_t bot) {
  if (auto account = owned(db_, owner, bot); !account) return std::unexpected(account.error());
  if (auto revoked = db::revoke_bot_id(db_, bot); !revoked) return std::unexpected(db_refusal(revoked.error()));
  return {};
}

StoreResult<NewBot> DatabaseStore::rekey_owned_bot(std::int64_t owner, std::int64_t bot) {
  if (auto account = owned(db_, owner, bot); !account) return std::unexpected(account.error());
  auto keyed = db::rekey_bot(db_, bot);
  if (!keyed) return std::unexpected(db_refusal(keyed.error()));
  return secret(*keyed);
}

StoreResult<BotInfo> DatabaseStore::set_bot_disabled(std::string_view name, bool disabled) {
  auto bot = db::set_bot_disabled(db_, name, disabled);
  if (!bot) return std::unexpected(db_refusal(bot.error()));
  return info(*bot);
}

StoreResult<BotInfo> DatabaseStore::revoke_bot(std::string_view name) {
  auto bot = db::revoke_bot(db_, name);
  if (!bot) return std::unexpected(db_refusal(bot.error()));
  return info(*bot);
}

StoreResult<BotInfo> DatabaseStore::find_bot(std::string_view name) {
  auto bot = db::find_bot(db_, name);
  if (!bot) return std::unexpected(db_refusal(bot.error()));
  if (bot->revoked()) return std::unexpected(StoreError{StoreError::Kind::NotFound, "the bot is deleted"});
  return info(*bot);
}

StoreResult<std::vector<BotInfo>> DatabaseStore::challengeable_bots() {
  auto bots = db::challengeable_bots(db_);
  if (!bots) return std::unexpected(db_refusal(bots.error()));
  return infos(*bots);
}

StoreResult<void> DatabaseStore::set_owned_bot_program(std::int64_t owner, std::int64_t bot,
                                                       const std::optional<BotProgram>& program) {
  if (auto account = owned(db_, owner, bot); !account) return std::unexpected(account.error());
  std::optional<db::UploadedProgram> row;
  if (program) row = db::UploadedProgram{program->language, program->source, {}};
  if (auto set = db::set_uploaded_program(db_, bot, row); !set) return std::unexpected(db_refusal(set.error()));
  return {};
}

StoreResult<std::optional<BotProgram>> DatabaseStore::bot_program(std::int64_t bot) {
  auto row = db::uploaded_program(db_, bot);
  if (!row) return std::unexpected(db_refusal(row.error()));
  if (!*row) return std::optional<BotProgram>{};
  return std::optional<BotProgram>{BotProgram{(*row)->language, (*row)->source, db::to_millis((*row)->updated_at)}};
}

}  // namespace skat::app
