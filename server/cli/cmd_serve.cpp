// `skat serve`: the game server (HTTP + WebSocket on one port, SQLite, the web client); see
// server/app/serve.h for what it does at start and at a graceful stop.
#include <memory>

#include "server/app/serve.h"
#include "server/cli/command.h"

namespace skat::cli {

Command add_serve_command(CLI::App& parent) {
  auto config = std::make_shared<app::ServeConfig>();
  CLI::App* app = parent.add_subcommand("serve", "Run the game server: HTTP and WebSocket (/ws) on one port");
  app->add_option("--port", config->port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  app->add_option("--bind", config->bind, "Address to listen on")->capture_default_str();
  app->add_option("--db", config->db_path, "SQLite database (created and migrated when missing)")
      ->capture_default_str();
  app->add_option("--web", config->web_dir, "Folder of the built web client")->capture_default_str();
  app->add_option("--bot-move-ms", config->bot_move_ms, "Move clock of a bot seat (ms)")
      ->check(CLI::Range(100, 3600000))
      ->capture_default_str();
  app->add_option("--human-move-ms", config->human_move_ms, "Move clock of a human seat (ms)")
      ->check(CLI::Range(100, 3600000))
      ->capture_default_str();
  app->add_option("--grace-ms", config->grace_ms, "Reconnect grace before a bot takes a seat over (ms)")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  app->add_option("--admin-token-file", config->admin_token_file,
                  "File with the admin bearer token (default: admin-token beside the database, created)");
  app->add_option("--threads", config->threads, "I/O threads")->check(CLI::Range(1, 64))->capture_default_str();
  return {app, [config] { return app::run_serve(*config); }};
}

}  // namespace skat::cli
