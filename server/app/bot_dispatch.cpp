// Pool bots to seats (server/app/bot_dispatch.h).
#include "server/app/bot_dispatch.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace skat::app {

using protocol::ErrorCode;

std::expected<void, protocol::ProtocolError> BotDispatch::invite_for_player(const protocol::AddBot& add) {
  if (!tables_.contains(add.table))
    return std::unexpected(protocol::ProtocolError{ErrorCode::NoSuchTable, "no such table"});
  if (const TableOrigin* creator = tables_.origin(add.table)) {
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
  auto bot = lobby_.bots().acquire_by_name(add.bot);  // a bot name, else a kind (empty: any bot)
  if (!bot) bot = lobby_.bots().acquire_by_kind(add.bot);
  if (!bot) return std::unexpected(protocol::ProtocolError{ErrorCode::BadField, "no free bot '" + add.bot + "'"});
  if (!invite(*bot, add.table, add.seat)) {
    lobby_.bots().release(*bot);
    return std::unexpected(protocol::ProtocolError{ErrorCode::Internal, "the bot could not be reached"});
  }
  return {};
}

int BotDispatch::held_where(const std::function<bool(const TableOrigin&)>& counts) const {
  return static_cast<int>(std::ranges::count_if(seated_, [&](const auto& entry) {
    const TableOrigin* origin = tables_.origin(entry.second);
    return origin && counts(*origin);
  }));
}

bool BotDispatch::invite(std::int64_t bot, TableId table, int seat) {
  const auto session = sessions_.reach(bot, table);
  if (!session) return false;
  seated_[bot] = table;
  session->send(protocol::to_text(protocol::make_invite(table, seat)));
  return true;
}

void BotDispatch::request(TableId table, std::vector<table::BotRequest> requests) {
  for (table::BotRequest& r : requests) waiting_.emplace_back(table, std::move(r));
  serve_waiting();
}

// Requests in order of arrival, first each with the bot it asked for; then the requests that are
// not exact take any free bot (any bot beats an empty seat), and exact ones keep waiting.
void BotDispatch::serve_waiting() {
  for (const bool any_bot : {false, true}) {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      const auto& [table, request] = *it;
      if (any_bot && request.exact) {
        ++it;
        continue;
      }
      const auto bot = any_bot ? lobby_.bots().acquire_by_kind("") : lobby_.bots().acquire(request.name, request.kind);
      if (!bot) {
        ++it;
        continue;
      }
      if (!invite(*bot, table, request.seat)) {
        lobby_.bots().remove(*bot);
        continue;  // try this request again with another bot
      }
      spdlog::info("bot {} invited to table {} seat {}", *bot, table, request.seat);
      it = waiting_.erase(it);
    }
  }
}

void BotDispatch::release(std::int64_t bot) {
  seated_.erase(bot);
  lobby_.set_table(bot, std::nullopt);
  lobby_.bots().release(bot);
  serve_waiting();
}

void BotDispatch::expect_back(std::int64_t bot, TableId table, int seat) {
  returning_[bot] = {table, seat};
  // Already connected and free (a series this node took over from a silent node: its bots came
  // here before the series did): invited back at once.
  if (lobby_.bots().is_free(bot)) invite_back(bot);
}

void BotDispatch::connected(const Identity& bot, Connection& conn) {
  lobby_.bots().add(bot.player_id, bot.name, bot.bot_kind);
  if (const auto seated = seated_.find(bot.player_id); seated != seated_.end()) {
    lobby_.bots().acquire_by_name(bot.name);  // still holds its seat: not free
    conn.tables.insert(seated->second);
  }
}

// A bot that held a seat at a resumed table is invited back to it (if the seat went to another
// bot meanwhile, the table refuses it and it is free again).
void BotDispatch::welcomed(const Identity& bot) {
  invite_back(bot.player_id);
  serve_waiting();
}

void BotDispatch::invite_back(std::int64_t bot) {
  const auto back = returning_.find(bot);
  if (back == returning_.end()) return;
  const auto [table, seat] = back->second;
  returning_.erase(back);
  if (tables_.contains(table) && !seated_.contains(bot) && lobby_.bots().acquire_id(bot)) {
    if (invite(bot, table, seat))
      spdlog::info("bot {} invited back to table {} seat {}", bot, table, seat);
    else
      lobby_.bots().release(bot);
  }
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
