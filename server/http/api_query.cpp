// Query strings of the HTTP API (server/http/api_query.h).
#include "server/http/api_query.h"

#include <algorithm>
#include <boost/url/decode_view.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/url_view.hpp>
#include <charconv>
#include <chrono>
#include <cstdio>

#include "common/text_rules.h"

namespace skat::app {

namespace {

// A C0 control, DEL or a C1 control (U+0080..U+009F, in UTF-8 C2 80..C2 9F) in valid UTF-8.
bool has_control(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9f) return true;
  }
  return false;
}

// Why a decoded parameter name or value is refused (`what` names it), if it is.
std::optional<std::string> unreadable(std::string_view what, std::string_view decoded) {
  if (!text::valid_utf8(decoded)) return std::string(what) + ": not valid UTF-8 once decoded";
  if (has_control(decoded)) return std::string(what) + ": holds a control character once decoded";
  return std::nullopt;
}

}  // namespace

std::expected<void, std::string> check_query(std::string_view target) {
  namespace urls = boost::urls;
  const std::size_t question = target.find('?');
  if (question == std::string_view::npos) return {};
  // The query alone, as an origin-form target of its own (the path may hold what a URL may not;
  // and Boost 1.81's parse_query reads past the end of the view it is given).
  const std::string alone = "/?" + std::string(target.substr(question + 1));
  const auto url = urls::parse_origin_form(alone);
  if (!url) return std::unexpected("malformed query: " + url.error().message() + " (a '%' needs two hex digits)");
  for (const urls::param& p : url->params(urls::encoding_opts(/*space_as_plus=*/true))) {
    if (auto why = unreadable("parameter name", p.key)) return std::unexpected(*why);
    if (auto why = unreadable(std::string(text::truncate(p.key, 40)), p.value)) return std::unexpected(*why);
  }
  return {};
}

std::expected<QueryParams, std::string> query_params(std::string_view target,
                                                     std::initializer_list<std::string_view> allowed) {
  namespace urls = boost::urls;
  const auto url = urls::parse_origin_form(target);
  if (!url) return std::unexpected("malformed query: " + url.error().message() + " (a '%' needs two hex digits)");
  QueryParams params;
  for (const urls::param& p : url->params(urls::encoding_opts(/*space_as_plus=*/true))) {
    if (p.key.empty() && p.value.empty()) continue;  // "?", "a=1&&b=2"
    if (auto why = unreadable("parameter name", p.key)) return std::unexpected(*why);
    if (std::ranges::find(allowed, std::string_view(p.key)) == allowed.end())
      return std::unexpected("unknown parameter \"" + std::string(text::truncate(p.key, 40)) + "\"");
    if (auto why = unreadable(p.key, p.value)) return std::unexpected(*why);
    if (p.value.empty()) return std::unexpected(p.key + ": needs a value");
    if (!params.emplace(p.key, p.value).second) return std::unexpected(p.key + ": given twice");
  }
  return params;
}

namespace {

std::optional<std::int64_t> to_int(std::string_view text) {
  std::int64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
}

// The last millisecond of 9999-12-31 (UTC): no time of a record lies outside [0, kLastMillisecond].
constexpr std::int64_t kLastMillisecond = 253'402'300'799'999;

// from= / to=: milliseconds since the epoch (0 to the end of 9999) or a date YYYY-MM-DD (UTC).
std::optional<db::Timestamp> to_time(const std::string& text) {
  if (const auto ms = to_int(text)) {
    if (*ms < 0 || *ms > kLastMillisecond) return std::nullopt;
    return db::from_millis(*ms);
  }
  int y = 0, m = 0, d = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d", &y, &m, &d) != 3) return std::nullopt;
  const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(m)),
                                        std::chrono::day(static_cast<unsigned>(d))};
  if (!ymd.ok()) return std::nullopt;
  return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::sys_days(ymd));
}

const std::string* get(const QueryParams& params, std::string_view name) {
  const auto it = params.find(name);
  return it == params.end() ? nullptr : &it->second;
}

std::expected<db::Page, std::string> page_of(const QueryParams& params) {
  db::Page page;
  if (const std::string* l = get(params, "limit")) {
    const auto v = to_int(*l);
    if (!v || *v < 1 || *v > 1000) return std::unexpected("limit: 1..1000");
    page.limit = static_cast<int>(*v);
  }
  if (const std::string* a = get(params, "after")) {
    const auto v = to_int(*a);
    if (!v || *v < 0) return std::unexpected("after: a series id");
    page.after_id = *v;
  }
  return page;
}

}  // namespace

std::expected<SeriesQuery, std::string> series_query(std::string_view target) {
  const auto params = query_params(target, {"player", "bot", "from", "to", "table", "limit", "after"});
  if (!params) return std::unexpected(params.error());
  SeriesQuery q;
  if (const std::string* p = get(*params, "player")) {
    if (const auto id = to_int(*p)) {
      if (*id <= 0) return std::unexpected("player: a positive id or a name");
      q.filter.player_id = *id;
    } else {
      q.filter.player_name = *p;
    }
  }
  if (const std::string* b = get(*params, "bot")) q.filter.bot_kind = *b;
  if (const std::string* f = get(*params, "from")) {
    q.filter.from = to_time(*f);
    if (!q.filter.from) return std::unexpected("from: milliseconds since 1970 (up to the end of 9999) or YYYY-MM-DD");
  }
  if (const std::string* t = get(*params, "to")) {
    q.filter.to = to_time(*t);
    if (!q.filter.to) return std::unexpected("to: milliseconds since 1970 (up to the end of 9999) or YYYY-MM-DD");
  }
  if (const std::string* t = get(*params, "table")) {
    q.filter.table_id = parse_id(*t);
    if (!q.filter.table_id) return std::unexpected("table: a positive id");
  }
  auto page = page_of(*params);
  if (!page) return std::unexpected(page.error());
  q.page = *page;
  return q;
}

std::expected<db::Page, std::string> page_query(std::string_view target) {
  const auto params = query_params(target, {"limit", "after"});
  if (!params) return std::unexpected(params.error());
  return page_of(*params);
}

std::expected<std::pair<std::string, db::PlayerGroup>, std::string> group_query(std::string_view target) {
  const auto params = query_params(target, {"kind"});
  if (!params) return std::unexpected(params.error());
  const std::string* kind = get(*params, "kind");
  if (!kind || *kind == "all") return std::pair{std::string("all"), db::PlayerGroup::All};
  if (*kind == "humans") return std::pair{*kind, db::PlayerGroup::Humans};
  if (*kind == "bots") return std::pair{*kind, db::PlayerGroup::Bots};
  return std::unexpected("kind: humans, bots or all");
}

std::optional<std::int64_t> parse_id(std::string_view text) {
  const auto id = to_int(text);
  if (!id || *id <= 0) return std::nullopt;
  return id;
}

std::optional<std::string> decoded_segment(std::string_view text) {
  const auto pct = boost::urls::make_pct_string_view(text);
  if (!pct) return std::nullopt;
  const boost::urls::decode_view decoded = **pct;
  return std::string(decoded.begin(), decoded.end());
}

}  // namespace skat::app
