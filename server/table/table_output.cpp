#include "server/table/table_types.h"

namespace skat::table {

std::string Outbound::serialised() const { return text.empty() ? protocol::to_text(message) : text; }

void TableOutput::append(TableOutput&& other) {
  for (auto& m : other.messages) messages.push_back(std::move(m));
  for (auto& g : other.games) games.push_back(std::move(g));
  if (other.series) series = std::move(other.series);
  for (auto& b : other.bot_requests) bot_requests.push_back(std::move(b));
  for (auto& b : other.bot_releases) bot_releases.push_back(b);
  if (other.next_deadline) next_deadline = other.next_deadline;
}

}  // namespace skat::table
