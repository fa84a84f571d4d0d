// Builds the JSON value from nlohmann's SAX events, refusing a repeated key (protocol/strict_json.h).
#include "protocol/strict_json.h"

#include <vector>

namespace skat::protocol {

namespace {

using Json = nlohmann::json;

class OncePerKeyBuilder final : public nlohmann::json_sax<Json> {
 public:
  Json root;
  std::string error;

  bool null() override { return add(Json(nullptr)); }
  bool boolean(bool v) override { return add(Json(v)); }
  bool number_integer(number_integer_t v) override { return add(Json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return add(Json(v)); }
  bool number_float(number_float_t v, const string_t&) override { return add(Json(v)); }
  bool string(string_t& v) override { return add(Json(std::move(v))); }
  bool binary(binary_t& v) override { return add(Json::binary(std::move(v))); }
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    Json& object = *open_.back();
    if (object.contains(k)) {
      error = "the key \"" + k + "\" appears twice in one object";
      return false;
    }
    slot_ = &object[k];
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    if (error.empty()) error = "not valid JSON";
    return false;
  }

 private:
  std::vector<Json*> open_;  // the objects and arrays being filled, innermost last
  Json* slot_ = nullptr;     // the value of the innermost object's last key

  Json* place(Json value) {
    if (open_.empty()) {
      root = std::move(value);
      return &root;
    }
    Json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    *slot_ = std::move(value);
    return slot_;
  }
  bool add(Json value) {
    place(std::move(value));
    return true;
  }
  bool open(Json container) {
    open_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
};

}  // namespace

std::expected<Json, std::string> parse_json_once_per_key(std::string_view text) {
  OncePerKeyBuilder builder;
  try {
    if (!Json::sax_parse(text, &builder))
      return std::unexpected(builder.error.empty() ? "not valid JSON" : builder.error);
  } catch (const std::exception&) {
    return std::unexpected("not valid JSON");
  }
  return std::move(builder.root);
}

}  // namespace skat::protocol
