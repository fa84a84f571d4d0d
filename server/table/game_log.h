// Reading a finished game's recorded events (FinishedGame::events, stored as games.event_log):
// the table writes them (table_core.cpp, table_events.cpp), so their format is read here too.
// Each action event is {"type":"bid"|"hold"|"pass"|…,"pos":<position>,"seat":<seat>,…} with the
// bid's "value"; a timeout is recorded as a "timeout" event followed by the action it made.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace skat::table {

// The auction as played: every bid, hold and pass in order, as engine actions by position (0 FH,
// 1 MH, 2 RH). Empty for a log without any (games imported from records store "[]"); an error
// when the text is not a JSON array of events or a call has no position or no bid value.
std::expected<std::vector<Action>, std::string> auction_calls(std::string_view event_log);

// Every card played, in order, from the "play" events (each {"type":"play","card":"HT",…}): also
// the cards of a trick left unfinished when the game ended early, which the PGN line does not
// keep. Empty for a log without plays or that cannot be read.
std::vector<Card> played_cards(std::string_view event_log);

}  // namespace skat::table
