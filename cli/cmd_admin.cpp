// `skat admin …`: operator tasks on the database. create-bot prints the new bot's secret token
// once on stdout (only its hash is stored); list-bots prints one tab-separated line per bot;
// revoke-bot stops a token from logging in; check runs the integrity check; backup writes an
// online backup that is consistent while the server runs; migrate-store copies a whole database to
// another store (SQLite to PostgreSQL or back) and proves the copy complete.
#include <fmt/chrono.h>
#include <spdlog/spdlog.h>

#include <ctime>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "db/accounts.h"
#include "db/copy_store.h"
#include "db/migrations.h"

namespace skat::cli {

namespace {

struct AdminArgs {
  std::string db = "data/skat.db";
  std::string name;
  std::string kind = "simple";
  std::string out;
  std::string from;
  std::string to;
  CLI::App* create_bot = nullptr;
  CLI::App* list_bots = nullptr;
  CLI::App* revoke_bot = nullptr;
  CLI::App* check = nullptr;
  CLI::App* backup = nullptr;
  CLI::App* migrate_store = nullptr;
};

std::string utc_text(db::Timestamp t) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::chrono::system_clock::to_time_t(t)));
}

int fail(const db::DbError& e) {
  spdlog::error("admin: {}", e.message);
  return 1;
}

// The copy, then the proof: the same rows everywhere and every series read back alike, each game
// replaying. Prints one line per table and the comparison; exit 1 on any difference.
int run_migrate_store(const AdminArgs& args) {
  db::OpenOptions source_options;
  source_options.create = false;
  auto from = db::open_database(args.from, source_options);
  if (!from) return fail(from.error());
  auto to = db::open_database(args.to);  // an empty database gets the schema
  if (!to) return fail(to.error());
  const auto started = std::chrono::steady_clock::now();
  auto copied = db::copy_store(*from, *to);
  if (!copied) return fail(copied.error());
  for (const db::TableCount& t : *copied) std::cout << t.table << '\t' << t.rows << '\n';
  auto comparison = db::compare_stores(*from, *to);
  if (!comparison) return fail(comparison.error());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!comparison->problems.empty()) {
    for (const std::string& p : comparison->problems) std::cout << "different: " << p << '\n';
    spdlog::error("admin: the copy differs from its source in {} places", comparison->problems.size());
    return 1;
  }
  std::cout << "identical: " << comparison->series << " series and " << comparison->games
            << " games compared, every game replayed\n";
  spdlog::info("admin: copied in {:.1f} s", seconds);
  return 0;
}

int run_admin(const AdminArgs& args) {
  if (args.migrate_store->parsed()) return run_migrate_store(args);
  db::OpenOptions options;
  options.create = args.create_bot->parsed();  // only creating a bot may start a new database
  auto conn = db::open_database(args.db, options);
  if (!conn) return fail(conn.error());
  if (args.create_bot->parsed()) {
    auto bot = db::create_bot(*conn, args.name, args.kind);
    if (!bot) return fail(bot.error());
    std::cout << bot->secret << '\n';
    spdlog::info("admin: bot '{}' (kind {}, player id {}) created; its token is shown only now", bot->account.name,
                 bot->account.kind, bot->account.player_id);
    return 0;
  }
  if (args.list_bots->parsed()) {
    auto bots = db::list_bots(*conn);
    if (!bots) return fail(bots.error());
    std::cout << "name\tkind\tplayer_id\tcreated_at\tstatus\n";
    for (const db::BotAccount& b : *bots)
      std::cout << b.name << '\t' << b.kind << '\t' << b.player_id << '\t' << utc_text(b.created_at) << '\t'
                << (b.revoked() ? "revoked " + utc_text(*b.revoked_at) : std::string("active")) << '\n';
    return 0;
  }
  if (args.revoke_bot->parsed()) {
    auto bot = db::revoke_bot(*conn, args.name);
    if (!bot) return fail(bot.error());
    spdlog::info("admin: bot '{}' revoked", bot->name);
    return 0;
  }
  if (args.check->parsed()) {
    if (auto r = conn->integrity_check(); !r) return fail(r.error());
    std::cout << "ok\n";
    return 0;
  }
  if (auto r = conn->backup_to(args.out); !r) return fail(r.error());
  spdlog::info("admin: backup of '{}' written to '{}'", args.db, args.out);
  return 0;
}

void add_db_option(CLI::App* app, AdminArgs& args) {
  app->add_option("--db", args.db, "SQLite file or postgresql:// URL")->capture_default_str();
}

}  // namespace

Command add_admin_command(CLI::App& parent) {
  auto args = std::make_shared<AdminArgs>();
  CLI::App* app = parent.add_subcommand(
      "admin", "Database administration: bot accounts, integrity check, backup, copying between stores");
  app->require_subcommand(1);

  args->create_bot = app->add_subcommand("create-bot", "Create a bot account and print its secret token once");
  add_db_option(args->create_bot, *args);
  args->create_bot->add_option("--name", args->name, "Bot player name")->required();
  args->create_bot->add_option("--kind", args->kind, "Bot program label (a-z 0-9 _ -)")->capture_default_str();

  args->list_bots = app->add_subcommand("list-bots", "List bot accounts (tab-separated)");
  add_db_option(args->list_bots, *args);

  args->revoke_bot = app->add_subcommand("revoke-bot", "Revoke a bot account's token");
  add_db_option(args->revoke_bot, *args);
  args->revoke_bot->add_option("name", args->name, "Bot player name")->required();

  args->check = app->add_subcommand("check", "Run PRAGMA integrity_check and foreign_key_check; prints ok");
  add_db_option(args->check, *args);

  args->backup = app->add_subcommand("backup", "Write an online backup of the database");
  add_db_option(args->backup, *args);
  args->backup->add_option("--out", args->out, "Backup file")->required();

  args->migrate_store = app->add_subcommand(
      "migrate-store", "Copy a whole database into an empty store (SQLite to PostgreSQL or back) and compare the two");
  args->migrate_store
      ->add_option("--from", args->from, "The source: an SQLite file (sqlite:PATH or PATH) or a postgresql:// URL")
      ->required();
  args->migrate_store
      ->add_option("--to", args->to, "The destination, empty (created and migrated when needed): the same forms")
      ->required();

  return {app, [args] { return run_admin(*args); }};
}

}  // namespace skat::cli
