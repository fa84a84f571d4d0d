// Static file resolution never leaves the web root and names content types.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/net/static_files.h"

namespace {

namespace fs = std::filesystem;

TEST(StaticFiles, ResolvesInsideTheRootOnly) {
  const fs::path root = fs::path(testing::TempDir()) / "skat_static_root";
  fs::create_directories(root / "assets");
  std::ofstream(root / "index.html") << "<html></html>";
  std::ofstream(root / "assets" / "app.js") << "x";
  std::ofstream(fs::path(testing::TempDir()) / "secret.txt") << "s";
  using skat::net::resolve_static;
  EXPECT_EQ(resolve_static(root, "/"), fs::canonical(root / "index.html"));
  EXPECT_EQ(resolve_static(root, "/assets/app.js?v=1"), fs::canonical(root / "assets" / "app.js"));
  EXPECT_FALSE(resolve_static(root, "/../secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/%2e%2e/secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/assets/../../secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/.hidden"));
  EXPECT_FALSE(resolve_static(root, "/nothing.html"));
  EXPECT_FALSE(resolve_static(root, "relative"));
  EXPECT_FALSE(resolve_static(root, "/%zz"));
  EXPECT_EQ(skat::net::content_type("a/b.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(skat::net::content_type("a/b.unknown"), "application/octet-stream");
}

}  // namespace
