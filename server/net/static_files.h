// Static web files: maps a request target to a file under the web root without ever leaving it
// (no "..", no absolute paths, no NUL, no hidden files, symlinks resolved and checked) and names
// the content type from the extension.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace skat::net {

// The regular file that `target` (the URL path, query stripped) names under `root`, or nothing.
// "/" and directories map to their index.html.
std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root, std::string_view target);

std::string_view content_type(const std::filesystem::path& file);

}  // namespace skat::net
