// Card sets from card names in tests: cards("CJ SA D7") (engine/card.h names).
#pragma once

#include <string_view>

#include "engine/card.h"

namespace skat::bots {

inline CardSet cards(std::string_view names) {
  CardSet s;
  while (!names.empty()) {
    const auto space = names.find(' ');
    s.add(*parse_card(names.substr(0, space)));
    names = space == std::string_view::npos ? std::string_view{} : names.substr(space + 1);
  }
  return s;
}

}  // namespace skat::bots
