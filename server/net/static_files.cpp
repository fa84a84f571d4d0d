#include "server/net/static_files.h"

#include <array>
#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <string>
#include <utility>

namespace skat::net {

namespace fs = std::filesystem;

namespace {

// The decoded path of a request target (query and fragment dropped); nothing when it is no
// origin-form path or holds a malformed percent-escape ("%zz", "%4").
std::optional<std::string> decoded_path(std::string_view target) {
  const auto url = boost::urls::parse_origin_form(target.substr(0, target.find_first_of("?#")));
  if (!url) return std::nullopt;
  return url->path();
}

bool is_within(const fs::path& root, const fs::path& path) {
  auto r = root.begin();
  auto p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return true;
}

}  // namespace

std::optional<fs::path> resolve_static(const fs::path& root, std::string_view target) {
  const auto decoded = decoded_path(target);
  if (!decoded || decoded->empty() || decoded->front() != '/') return std::nullopt;
  fs::path relative;
  std::size_t start = 1;
  while (start <= decoded->size()) {
    const std::size_t end = std::min(decoded->find('/', start), decoded->size());
    const std::string part = decoded->substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    if (part.front() == '.' || part.find('\0') != std::string::npos || part.find('\\') != std::string::npos)
      return std::nullopt;  // "..", ".", hidden files
    relative /= part;
  }
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path file = fs::weakly_canonical(base / relative, ec);
  if (ec || !is_within(base, file)) return std::nullopt;
  if (fs::is_directory(file, ec)) file /= "index.html";
  file = fs::canonical(file, ec);  // resolves symlinks inside the root too
  if (ec || !is_within(base, file) || !fs::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

std::string_view content_type(const fs::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".ico", "image/x-icon"},
      {".webp", "image/webp"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
  }};
  const std::string ext = file.extension().string();
  for (const auto& [suffix, type] : kTypes)
    if (ext == suffix) return type;
  return "application/octet-stream";
}

}  // namespace skat::net
