// The admin token file of `skat serve` (server/app/serve.h): created with mode 0600; an existing
// one that its group or others may read or write, or whose token is short, is refused.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "server/app/serve.h"

namespace {

namespace fs = std::filesystem;

class AdminTokenTest : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(testing::TempDir()) / (std::string("skat_admin_token_") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    old_umask_ = ::umask(022);  // the usual umask, under which a careless file is world-readable
  }
  void TearDown() override { ::umask(old_umask_); }

  std::string write(const std::string& name, const std::string& text, fs::perms mode) {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    fs::permissions(path, mode);
    return path.string();
  }
  static unsigned mode_of(const std::string& path) {
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0);
    return st.st_mode & 07777;
  }

  fs::path dir_;
  mode_t old_umask_ = 0;
};

const std::string kLongToken(64, 'a');

TEST_F(AdminTokenTest, ANewTokenFileIsPrivate) {
  const std::string path = (dir_ / "data" / "admin-token").string();
  const auto token = skat::app::load_or_create_admin_token(path);
  ASSERT_TRUE(token) << token.error();
  EXPECT_EQ(token->size(), 64u);
  EXPECT_EQ(mode_of(path), 0600u);
  const auto again = skat::app::load_or_create_admin_token(path);
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(*again, *token);
}

TEST_F(AdminTokenTest, AFileOthersMayReadIsRefused) {
  using fs::perms;
  for (const perms extra : {perms::others_read, perms::group_read, perms::others_write, perms::group_write}) {
    const std::string path = write("token", kLongToken + "\n", perms::owner_read | perms::owner_write | extra);
    const auto token = skat::app::load_or_create_admin_token(path);
    ASSERT_FALSE(token) << std::oct << mode_of(path);
    EXPECT_NE(token.error().find("chmod 600"), std::string::npos) << token.error();
    fs::remove(path);
  }
  const std::string owner_only = write("private", kLongToken + "\n", perms::owner_read);
  const auto token = skat::app::load_or_create_admin_token(owner_only);
  ASSERT_TRUE(token) << token.error();
  EXPECT_EQ(*token, kLongToken);
}

TEST_F(AdminTokenTest, AShortTokenIsRefused) {
  const std::string path = write("short", std::string(31, 'x') + "\n", fs::perms::owner_read | fs::perms::owner_write);
  const auto token = skat::app::load_or_create_admin_token(path);
  ASSERT_FALSE(token);
  EXPECT_NE(token.error().find("shorter than 32"), std::string::npos) << token.error();
  const std::string enough =
      write("enough", std::string(32, 'x') + "\r\n", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(skat::app::load_or_create_admin_token(enough).value_or(""), std::string(32, 'x'));
}

TEST_F(AdminTokenTest, AFolderIsRefused) {
  fs::create_directories(dir_ / "folder");
  fs::permissions(dir_ / "folder", fs::perms::owner_all);
  EXPECT_FALSE(skat::app::load_or_create_admin_token((dir_ / "folder").string()));
}

}  // namespace

namespace {

// Nodes sharing one token file start at once: every one of them ends with the one token written.
TEST_F(AdminTokenTest, NodesStartingAtOnceShareTheTokenOneOfThemCreated) {
  const std::string file = (dir_ / "shared" / "admin-token").string();
  constexpr int kNodes = 8;
  std::vector<std::expected<std::string, std::string>> tokens(kNodes);
  {
    std::vector<std::jthread> nodes;
    for (int i = 0; i < kNodes; ++i)
      nodes.emplace_back([&, i] { tokens[static_cast<std::size_t>(i)] = skat::app::load_or_create_admin_token(file); });
  }
  for (const auto& token : tokens) {
    ASSERT_TRUE(token) << token.error();
    EXPECT_EQ(*token, *tokens[0]);
  }
  EXPECT_EQ(mode_of(file), 0600u);
}

}  // namespace
