// `skat health [--url http://127.0.0.1:8080]`: exit 0 when the server answers GET /healthz with
// 200, else 1 with the reason on stderr (the container health check of docker-compose.yml).
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/http_call.h"

namespace skat::cli {

Command add_health_command(CLI::App& parent) {
  auto url = std::make_shared<std::string>("http://127.0.0.1:8080");
  CLI::App* app = parent.add_subcommand("health", "Check that a skat server answers (GET /healthz)");
  app->add_option("--url", *url, "The server")->capture_default_str();
  return {app, [url] {
            const auto answer = http_call(*url, "GET", "/healthz", {}, {}, std::chrono::seconds(5));
            if (!answer) {
              std::cerr << "health: " << answer.error() << '\n';
              return 1;
            }
            if (answer->status != 200) {
              std::cerr << "health: " << *url << "/healthz answered " << answer->status << '\n';
              return 1;
            }
            std::cout << "ok\n";
            return 0;
          }};
}

}  // namespace skat::cli
