// `skat nightly --db PATH`: the nightly job by hand (nightly/): fold the new games into the
// next table version, recompute Seeger-Fabian and the chance-corrected Elo (hand luck on unless
// --no-hand-luck), write the leaderboard snapshot; progress on stderr, a summary on stdout, exit 1
// on failure. With --every-day-at HH:MM it stays in the foreground and runs the job every day at
// that UTC time until SIGINT/SIGTERM (its own service in docker-compose.yml), keeping a health file
// with --health-file (cli/health_file.h).
#include <signal.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/health_file.h"
#include "nightly/nightly_job.h"
#include "nightly/nightly_schedule.h"

namespace skat::cli {

namespace {

struct NightlyArgs {
  nightly::NightlyOptions options;
  std::string every_day_at;
  std::string health_file;
};

// {"at","ok","last_run","next_run"}: ok is false only when the last run failed.
void write_health(HealthFileWriter& writer, nightly::NightlySchedule& schedule) {
  const auto now = std::chrono::system_clock::now();
  const nightly::NightlySchedule::Status status = schedule.status(now);
  writer.write(nlohmann::ordered_json{
      {"at", unix_seconds(now)},
      {"ok", status.last_ok},
      {"last_run", status.last_run ? nlohmann::ordered_json(unix_seconds(*status.last_run)) : nullptr},
      {"next_run", unix_seconds(status.next_run)}});
}

// The schedule's thread inherits the blocked signals, so only this thread takes them; it writes
// the health file while it waits for one.
int run_every_day(const nightly::NightlyOptions& options, const std::string& at, const std::string& health_file) {
  const auto time = nightly::parse_daily_time(at);
  if (!time) {
    spdlog::error("nightly: --every-day-at must be HH:MM (UTC)");
    return 2;
  }
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  nightly::NightlySchedule schedule(options, *time);
  HealthFileWriter health(health_file);
  int signal = -1;
  while (signal < 0) {
    if (health.enabled()) write_health(health, schedule);
    const timespec every{static_cast<std::time_t>(kHealthEvery.count()), 0};
    signal = health.enabled() ? sigtimedwait(&stop, nullptr, &every) : sigwaitinfo(&stop, nullptr);
    if (signal < 0 && errno != EAGAIN && errno != EINTR) {
      spdlog::error("nightly: waiting for a signal: {}", std::strerror(errno));
      signal = 0;
    }
  }
  spdlog::info("nightly: signal {}: stopping", signal);
  schedule.stop();
  return 0;
}

int run_nightly_command(const nightly::NightlyOptions& options) {
  const auto summary =
      nightly::run_nightly(options, [](const std::string& step) { spdlog::info("nightly: {}", step); });
  if (!summary) {
    spdlog::error("nightly: {}", summary.error());
    return 1;
  }
  std::cout << nightly::summary_text(*summary);
  return 0;
}

}  // namespace

void add_nightly_options(CLI::App& app, nightly::NightlyOptions& o) {
  app.add_option("--tables-dir", o.tables_dir, "Folder of the table versions (bots with outer learning read it)")
      ->capture_default_str();
  app.add_option("--base-tables", o.base_tables, "The tables before the first version (T0)")->capture_default_str();
  app.add_option("--inference-data", o.inference_dir,
                 "Also write the positions of the games folded to this folder, the learned inference's training "
                 "data (positions-vNNNNNN.bin; docs/inference.md)");
  app.add_option("--k", o.ratings.elo.k, "Elo: rating change per point of score above expectation")
      ->check(non_negative_number())
      ->capture_default_str();
  app.add_option("--start", o.ratings.elo.start, "Elo: rating of a new player")
      ->check(positive_number())
      ->capture_default_str();
  app.add_option("--start-from-series", o.ratings.elo.start_series,
                 "Elo: a new player's rating is the start until his N-th series, then the mean of his first N "
                 "series scores (0: off, the fixed --start)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  add_newcomer_k_options(app, o.ratings.elo);
  app.add_flag("--hand-luck,!--no-hand-luck", o.ratings.chance.hand_luck,
               "Correct each game's value for the luck of the cards (i1; on by default, --no-hand-luck: off)");
  app.add_flag("--high-value", o.ratings.chance.high_value, "Use the mean game value instead of the actual one (i2)");
  auto* mean = app.add_option("--mean-value", o.ratings.chance.mean_value, "The mean game value of --high-value")
                   ->check(positive_number())
                   ->capture_default_str();
  app.add_flag("--mean-from-games", o.ratings.mean_from_games,
               "The mean game value of --high-value from the rated games: the mean of the declared games' values")
      ->excludes(mean);
}

Command add_nightly_command(CLI::App& parent) {
  auto args = std::make_shared<NightlyArgs>();
  CLI::App* app = parent.add_subcommand(
      "nightly", "The nightly job: fold new games into the next table version, scores and ratings (leaderboard)");
  app->add_option("--db", args->options.db_path, "The database (SQLite file or postgresql:// URL)")
      ->capture_default_str();
  auto* every = app->add_option("--every-day-at", args->every_day_at,
                                "Stay running and run the job every day at HH:MM UTC (until SIGINT/SIGTERM)");
  app->add_option("--health-file", args->health_file,
                  "With --every-day-at: keep a health file (JSON: at, ok, last_run, next_run) for skat health --file")
      ->needs(every);
  add_nightly_options(*app, args->options);
  return {app, [args] {
            return args->every_day_at.empty() ? run_nightly_command(args->options)
                                              : run_every_day(args->options, args->every_day_at, args->health_file);
          }};
}

}  // namespace skat::cli
