#include "protocol/act_hints.h"

#include "engine/declaration_values.h"

namespace skat::protocol {

namespace {

void put_range(std::string& out, const ValueRange& r) {
  out += "\"lowest\":" + std::to_string(r.lowest) + ",\"highest\":" + std::to_string(r.highest);
}

const char* flag(bool on) { return on ? "true" : "false"; }

}  // namespace

void append_act_hints(std::string& out, const SeatView& view) {
  const auto values = declaration_values(view);
  const auto concede = concession_entry(view);
  if (values.empty() && !concede) return;
  out += ",\"hints\":{";
  bool first_key = true;
  if (!values.empty()) {
    out += "\"values\":[";
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Declaration& d = values[i].declaration;
      out += i ? ",{\"game\":\"" : "{\"game\":\"";
      out += game_letter(d.type);
      out += std::string("\",\"hand\":") + flag(d.hand) + ",\"schneider\":" + flag(d.schneider_announced) +
             ",\"schwarz\":" + flag(d.schwarz_announced) + ",\"ouvert\":" + flag(d.ouvert) + ',';
      put_range(out, values[i].value);
      out += '}';
    }
    out += ']';
    first_key = false;
  }
  if (concede) {
    out += first_key ? "" : ",";
    out += "\"concede\":{";
    put_range(out, *concede);
    out += '}';
  }
  out += '}';
}

}  // namespace skat::protocol
