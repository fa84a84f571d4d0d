// Pool bots to seats (server/play/bot_dispatch.h).
#include "server/play/bot_dispatch.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace skat::app {

using protocol::ErrorCode;

std::expected<void, protocol::ProtocolError> BotDispatch::invite_for_player(const protocol::AddBot& add) {
  if (!tables_.contains(add.table))
    return std::unexpected(protocol::ProtocolError{ErrorCode::NoSuchTable, "no such table"});
  const TableOrigin* creator = tables_.origin(add.table);
  if (creator) {
    auto too_many = [](int held, int cap, std::string whose) {
      return std::unexpected(protocol::ProtocolError{ErrorCode::TooManyBots,
                                                     whose + " hold " + std::to_string(held) + " pool bots (at most " +
                                                         std::to_string(cap) + "); they return after a series"});
    };
    if (const int held = held_where([&](const TableOrigin& o) { return o.player == creator->player; });
        held >= caps_.per_player)
      return too_many(held, caps_.per_player, "the tables of this table's creator");
    if (const int held = held_where([&](const TableOrigin& o) { return o.address == creator->address; });
        held >= caps_.per_address)
      return too_many(held, caps_.per_address, "the tables created from this table's address");
  }
  // A bot name, else a house program (empty: any house bot).
  auto slot = lobby_.bots().acquire_by_name(add.bot, add.table);
  if (slot && !may_invite(slot->bot, creator ? std::optional(creator->player) : std::nullopt)) {
    lobby_.bots().release(slot->bot, add.table);
    return std::unexpected(
        protocol::ProtocolError{ErrorCode::NotAllowed, "the bot '" + add.bot + "' does not accept challenges"});
  }
  if (!slot) slot = lobby_.bots().acquire_by_kind(add.bot, add.table);
  if (!slot) return std::unexpected(protocol::ProtocolError{ErrorCode::BadField, "no free bot '" + add.bot + "'"});
  if (!invite(*slot, add.table, add.seat)) {
    lobby_.bots().drop(*slot);
    return std::unexpected(protocol::ProtocolError{ErrorCode::Internal, "the bot could not be reached"});
  }
  return {};
}

bool BotDispatch::may_invite(std::int64_t bot, std::optional<std::int64_t> creator) const {
  const auto owner = owners_.find(bot);
  if (owner == owners_.end()) return true;  // a house bot
  return owner->second.second || (creator && *creator == owner->second.first);
}

void BotDispatch::set_challenges(std::int64_t bot, bool everyone) {
  if (const auto it = owners_.find(bot); it != owners_.end()) it->second.second = everyone;
}

int BotDispatch::held_where(const std::function<bool(const TableOrigin&)>& counts) const {
  return static_cast<int>(std::ranges::count_if(seated_, [&](const auto& entry) {
    const TableOrigin* origin = tables_.origin(entry.second);
    return origin && counts(*origin);
  }));
}

bool BotDispatch::invite(const lobby::BotPool::Slot& slot, TableId table, int seat) {
  const auto session = sessions_.reach_connection(slot.conn, table);
  if (!session) return false;
  seated_.emplace(slot.bot, table);
  session->send(protocol::to_text(protocol::make_invite(table, seat)));
  return true;
}

void BotDispatch::request(TableId table, std::vector<table::BotRequest> requests) {
  for (table::BotRequest& r : requests) waiting_.emplace_back(table, std::move(r));
  serve_waiting();
}

// Requests in order of arrival, first each with the bot it asked for; then the requests that are
// not exact take any free house bot (any bot beats an empty seat), and exact ones keep waiting.
void BotDispatch::serve_waiting() {
  for (const bool any_bot : {false, true}) {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      const auto& [table, request] = *it;
      if (any_bot && request.exact) {
        ++it;
        continue;
      }
      const auto slot =
          any_bot ? lobby_.bots().acquire_by_kind("", table) : lobby_.bots().acquire(request.name, request.kind, table);
      if (!slot) {
        ++it;
        continue;
      }
      if (!invite(*slot, table, request.seat)) {
        lobby_.bots().drop(*slot);
        continue;  // try this request again with another bot
      }
      spdlog::info("bot {} invited to table {} seat {}", slot->bot, table, request.seat);
      it = waiting_.erase(it);
    }
  }
}

void BotDispatch::release(std::int64_t bot, TableId table) {
  if (const auto it = std::ranges::find_if(seated_, [&](const auto& e) { return e.first == bot && e.second == table; });
      it != seated_.end())
    seated_.erase(it);
  if (!seated_.contains(bot)) lobby_.set_table(bot, std::nullopt);
  lobby_.bots().release(bot, table);
  serve_waiting();
}

void BotDispatch::expect_back(std::int64_t bot, TableId table, int seat) {
  returning_.emplace(bot, std::pair{table, seat});
  // Already connected and free (a series this node took over from a silent node: its bots came
  // here before the series did): invited back at once.
  if (lobby_.bots().is_free(bot)) invite_back(bot);
}

void BotDispatch::connected(const Identity& bot, Connection& conn, std::uint64_t conn_id, int seats) {
  lobby_.bots().add(bot.player_id, conn_id, {bot.name, bot.bot_kind, !bot.owner.has_value()}, seats);
  if (bot.owner)
    owners_[bot.player_id] = {*bot.owner, bot.challenges};
  else
    owners_.erase(bot.player_id);
  // Seats it still holds from a connection that closed: this connection plays them now.
  for (const TableId table : lobby_.bots().adopt(bot.player_id, conn_id)) conn.tables.insert(table);
}

// A bot that held a seat at a resumed table is invited back to it (if the seat went to another
// bot meanwhile, the table refuses it and it is free again).
void BotDispatch::welcomed(const Identity& bot) {
  invite_back(bot.player_id);
  serve_waiting();
}

void BotDispatch::invite_back(std::int64_t bot) {
  for (auto back = returning_.find(bot); back != returning_.end() && back->first == bot;) {
    const auto [table, seat] = back->second;
    if (!tables_.contains(table)) {
      back = returning_.erase(back);
      continue;
    }
    const auto slot = lobby_.bots().acquire_id(bot, table);
    if (!slot) break;  // no free connection now: the next one that connects
    back = returning_.erase(back);
    if (invite(*slot, table, seat))
      spdlog::info("bot {} invited back to table {} seat {}", bot, table, seat);
    else
      lobby_.bots().drop(*slot);
  }
}

bool BotDispatch::invited(std::int64_t bot, TableId table) const {
  const auto [from, to] = seated_.equal_range(bot);
  return std::any_of(from, to, [&](const auto& entry) { return entry.second == table; });
}

std::set<table::TableId> BotDispatch::holding() const {
  std::set<TableId> tables;
  for (const auto& [bot, table] : seated_) tables.insert(table);
  return tables;
}

std::set<table::TableId> BotDispatch::awaited() const {
  std::set<TableId> tables = holding();
  for (const auto& [table, request] : waiting_) tables.insert(table);
  return tables;
}

void BotDispatch::drop_requests(TableId table) {
  std::erase_if(waiting_, [&](const auto& waiting) { return waiting.first == table; });
}

}  // namespace skat::app
