// `skat health [--url http://127.0.0.1:8080]`: exit 0 when the server answers GET /healthz with
// 200, else 1 with the reason on stderr (the container health check of docker-compose.yml). With
// `--file PATH [--max-age-s 60]` it checks a health file instead (cli/health_file.h: `skat bot`
// and `skat nightly --every-day-at` write one): present, fresh and ok.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/health_file.h"
#include "cli/http_call.h"

namespace skat::cli {

namespace {

struct HealthArgs {
  std::string url = "http://127.0.0.1:8080";
  std::string file;
  int max_age_s = 60;
};

int check_url(const std::string& url) {
  const auto answer = http_call(url, "GET", "/healthz", {}, {}, std::chrono::seconds(5));
  if (!answer) {
    std::cerr << "health: " << answer.error() << '\n';
    return 1;
  }
  if (answer->status != 200) {
    std::cerr << "health: " << url << "/healthz answered " << answer->status << '\n';
    return 1;
  }
  std::cout << "ok\n";
  return 0;
}

int check_file(const std::string& file, int max_age_s) {
  const auto healthy = check_health_file(file, std::chrono::seconds(max_age_s), std::chrono::system_clock::now());
  if (!healthy) {
    std::cerr << "health: " << healthy.error() << '\n';
    return 1;
  }
  std::cout << "ok\n";
  return 0;
}

}  // namespace

Command add_health_command(CLI::App& parent) {
  auto args = std::make_shared<HealthArgs>();
  CLI::App* app = parent.add_subcommand(
      "health", "Check that a skat server answers (GET /healthz), or that a health file is fresh");
  auto* url = app->add_option("--url", args->url, "The server")->capture_default_str();
  auto* file = app->add_option("--file", args->file,
                               "Check this health file instead (written by skat bot / skat nightly --health-file): "
                               "healthy when its \"at\" is recent and its \"ok\" true")
                   ->excludes(url);
  app->add_option("--max-age-s", args->max_age_s, "With --file: the oldest \"at\" still healthy, in seconds")
      ->check(CLI::Range(1, 86400 * 365))
      ->capture_default_str()
      ->needs(file);
  return {app, [args] { return args->file.empty() ? check_url(args->url) : check_file(args->file, args->max_age_s); }};
}

}  // namespace skat::cli
