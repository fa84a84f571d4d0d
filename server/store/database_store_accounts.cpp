// Bot accounts through the database store (server/store/database_store.h): the players' own bots,
// the operator's switch, the programs house bots announce, and what a player's tournaments use.
#include <chrono>

#include "db/accounts.h"
#include "db/tournaments.h"
#include "server/store/database_store.h"

namespace skat::app {

namespace {

AccountError account_error(const db::DbError& e) {
  using Kind = AccountError::Kind;
  switch (e.code) {
    case db::DbErrc::NotFound: return {Kind::NotFound, e.message};
    case db::DbErrc::AlreadyExists: return {Kind::Taken, e.message};
    case db::DbErrc::LimitReached: return {Kind::Limit, e.message};
    case db::DbErrc::Invalid: return {Kind::Invalid, e.message};
    default: return {Kind::Database, std::string(db::to_string(e.code)) + ": " + e.message};
  }
}

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

std::expected<void, std::string> DatabaseStore::set_bot_program(std::int64_t player_id, std::string_view program) {
  if (auto ok = db::set_bot_program(db_, player_id, program); !ok) return std::unexpected(ok.error().message);
  return {};
}

// One of `owner`'s active bots, else NotFound (whether it exists for someone else is not told).
static AccountResult<db::BotAccount> owned(db::Connection& c, std::int64_t owner, std::int64_t bot) {
  auto account = db::get_bot(c, bot);
  if (!account && account.error().code != db::DbErrc::NotFound) return std::unexpected(account_error(account.error()));
  if (!account || account->owner_id != owner || account->revoked())
    return std::unexpected(AccountError{AccountError::Kind::NotFound, "no such bot of yours"});
  return std::move(*account);
}

AccountResult<NewBot> DatabaseStore::create_owned_bot(std::int64_t owner, std::string_view name, bool challenges,
                                                      int max_per_owner) {
  auto bot = db::create_owned_bot(db_, owner, name, challenges ? "everyone" : "nobody", max_per_owner);
  if (!bot) return std::unexpected(account_error(bot.error()));
  return secret(*bot);
}

AccountResult<std::vector<BotInfo>> DatabaseStore::owned_bots(std::int64_t owner) {
  auto bots = db::list_owned_bots(db_, owner);
  if (!bots) return std::unexpected(account_error(bots.error()));
  return infos(*bots);
}

AccountResult<BotInfo> DatabaseStore::update_owned_bot(std::int64_t owner, std::int64_t bot,
                                                       std::optional<std::string> name,
                                                       std::optional<bool> challenges) {
  auto account = owned(db_, owner, bot);
  if (!account) return std::unexpected(account.error());
  if (name && *name != account->name) {
    auto renamed = db::rename_bot(db_, bot, *name);
    if (!renamed) return std::unexpected(account_error(renamed.error()));
    account = std::move(*renamed);
  }
  if (challenges) {
    auto set = db::set_bot_challenges(db_, bot, *challenges ? "everyone" : "nobody");
    if (!set) return std::unexpected(account_error(set.error()));
    account = std::move(*set);
  }
  return info(*account);
}

AccountResult<void> DatabaseStore::delete_owned_bot(std::int64_t owner, std::int64_t bot) {
  if (auto account = owned(db_, owner, bot); !account) return std::unexpected(account.error());
  if (auto revoked = db::revoke_bot_id(db_, bot); !revoked) return std::unexpected(account_error(revoked.error()));
  return {};
}

AccountResult<NewBot> DatabaseStore::rekey_owned_bot(std::int64_t owner, std::int64_t bot) {
  if (auto account = owned(db_, owner, bot); !account) return std::unexpected(account.error());
  auto keyed = db::rekey_bot(db_, bot);
  if (!keyed) return std::unexpected(account_error(keyed.error()));
  return secret(*keyed);
}

AccountResult<BotInfo> DatabaseStore::set_bot_disabled(std::string_view name, bool disabled) {
  auto bot = db::set_bot_disabled(db_, name, disabled);
  if (!bot) return std::unexpected(account_error(bot.error()));
  return info(*bot);
}

AccountResult<BotInfo> DatabaseStore::revoke_bot(std::string_view name) {
  auto bot = db::revoke_bot(db_, name);
  if (!bot) return std::unexpected(account_error(bot.error()));
  return info(*bot);
}

std::expected<std::vector<std::int64_t>, std::string> DatabaseStore::barred_bots(
    const std::vector<std::int64_t>& bots) {
  auto barred = db::barred_bots(db_, bots);
  if (!barred) return std::unexpected(barred.error().message);
  return std::move(*barred);
}

AccountResult<BotInfo> DatabaseStore::find_bot(std::string_view name) {
  auto bot = db::find_bot(db_, name);
  if (!bot) return std::unexpected(account_error(bot.error()));
  if (bot->revoked()) return std::unexpected(AccountError{AccountError::Kind::NotFound, "the bot is deleted"});
  return info(*bot);
}

AccountResult<std::vector<BotInfo>> DatabaseStore::challengeable_bots() {
  auto bots = db::challengeable_bots(db_);
  if (!bots) return std::unexpected(account_error(bots.error()));
  return infos(*bots);
}

std::expected<Store::TournamentUsage, std::string> DatabaseStore::tournament_usage(std::int64_t player,
                                                                                   db::Timestamp since) {
  auto deals = db::deals_started_since(db_, player, since);
  if (!deals) return std::unexpected(deals.error().message);
  auto tables = db::running_tables_of(db_, player);
  if (!tables) return std::unexpected(tables.error().message);
  return TournamentUsage{static_cast<int>(*deals), *tables};
}

}  // namespace skat::app
