// libFuzzer target for the WebSocket protocol's parsers: any client message text must parse or be
// refused with an error (never crash); a parsed game command's action must survive the JSON round
// trip; and any JSON object must read as a SeatView (what the bot client does with the server's act
// requests) or be refused. Aborts otherwise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "protocol/client_messages.h"
#include "protocol/json_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto message = skat::protocol::parse_client_message(input);
  if (message) {
    (void)skat::protocol::type_name(message->body);
    if (const auto* to_table = std::get_if<skat::protocol::TableBody>(&message->body))
      (void)skat::protocol::table_of(*to_table);
    if (const auto* command = skat::protocol::body_as<skat::protocol::GameCommand>(message->body)) {
      const auto back = skat::protocol::action_from_json(skat::protocol::action_to_json(command->action));
      if (!back || !(*back == command->action)) std::abort();
    }
  }
  const auto json = nlohmann::json::parse(input, nullptr, false);
  if (json.is_object()) (void)skat::protocol::seat_view_from_json(json);
  return 0;
}
