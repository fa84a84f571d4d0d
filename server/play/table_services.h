// What a live table asks of the rest of the server, and nothing more: bots for its seats and their
// return to the pool, where its players sit (and whose seat ended), its line in the lobby, and its
// deal's hand strengths worked out ahead. TableHost holds this interface; the app's Hub implements it (every call posts
// onto the hub strand and returns at once), so no table code reaches up into the hub.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/deal.h"
#include "protocol/server_messages.h"
#include "server/table/table_types.h"

namespace skat::app {

class TableServices {
 public:
  virtual ~TableServices() = default;

  // A seat wants a bot (a series needs one, or a bot left mid-series).
  virtual void request_bot(table::TableId table, table::BotRequest request) = 0;
  // A bot left its seat at `table`: that seat of the bot is free for other tables again.
  virtual void release_bot(std::int64_t player_id, table::TableId table) = 0;
  // The table's series was abandoned: its requests for bots still waiting are void.
  virtual void drop_bot_requests(table::TableId table) = 0;
  // Where a player now sits (nowhere: nullopt), for the online list.
  virtual void note_seat(std::int64_t player_id, std::optional<table::TableId> table) = 0;
  // A player no longer holds a seat here: its connections' messages to the table go through the
  // hub again (TableRoutes). Called before the release_bot or note_seat of the same departure.
  virtual void seat_ended(table::TableId table, std::int64_t player_id) = 0;
  // The table's lobby line changed.
  virtual void publish_table(protocol::LobbyTable summary) = 0;
  // A game of this deal has begun: its hand strengths may be worked out in the background.
  virtual void prefetch_hand_strengths(const Deal& deal) = 0;
};

}  // namespace skat::app
