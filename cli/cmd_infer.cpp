// `skat infer …`: the learned card-location inference (docs/inference.md). `data` turns recorded
// games (series PGN files, and the finished series of a database with a weight for games a person
// played) into the training positions of scripts/train-inference.py; `eval` measures, on held-out
// games, how much probability the learned model, the count-based weights and the uniform sampler
// give to where each hidden card really lay, per game class and trick; `predict` prints a model's
// probabilities for the first positions of a data file (the check against PyTorch's forward pass);
// `tssr` the true-state sampling ratio of each inference per game class, role and trick; `voids` how
// well the worlds know the declarer's voids at the defenders' leads, per world weight; `ki` the
// tables of Kermit's inference from recorded games and seeded auctions.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include "bots/inference/position_data.h"
#include "bots/inference/quality.h"
#include "bots/inference/tssr.h"
#include "bots/inference/void_calibration.h"
#include "cli/command.h"
#include "cli/infer_ki.h"
#include "cli/progress_line.h"
#include "cli/record_input.h"
#include "db/connection.h"
#include "db/export.h"
#include "db/migrations.h"
#include "db/players.h"
#include "engine/records/replay.h"

namespace skat::cli {

namespace {

namespace inf = bots::inference;

struct InferArgs {
  std::vector<std::string> pgn;
  std::string db;
  double human_weight = 1.0;
  std::string out;
  std::string model;
  int worlds = 200;
  std::uint64_t seed = 1;
  long max_positions = 0;
  bool json = false;
  std::string data;         // predict: the data file
  long count = 20;          // predict: positions
  int count_samples = 256;  // tssr: uniform worlds for the count inference's normaliser
  std::string ki;           // tssr: KI tables to compare; ki: the bot of the auctions
  std::string bot = "full";
  int auctions = 0;  // ki: seeded auctions
  int threads = 1;
  std::vector<double> void_weights{1.0, 1.5, 2.0, 3.0, 4.0};  // voids: the world weights compared
};

// A recorded series and the weight of its games' positions.
struct WeightedSeries {
  PgnSeries series;
  float weight = 1.0F;
};

bool read_pgn_files(const std::vector<std::string>& paths, std::vector<WeightedSeries>& out) {
  for (const std::string& path : paths) {
    const auto input = read_record_input("infer", path, "pgn");
    if (!input) return false;
    for (PgnReadResult& r : read_pgn_series_list(input->text)) {
      for (const RecordError& e : r.errors) spdlog::warn("infer: {}: {}", path, e.message);
      out.push_back({std::move(r.series), 1.0F});
    }
  }
  return true;
}

// The finished series of a database; those with a person (human or guest) at the table weigh
// `human_weight` (0 leaves them out).
bool read_database(const std::string& path, double human_weight, std::vector<WeightedSeries>& out) {
  db::OpenOptions options;
  options.create = false;
  auto conn = db::open_database(path, options);
  if (!conn) {
    spdlog::error("infer: {}", conn.error().message);
    return false;
  }
  auto bots = db::list_players(*conn, db::PlayerKind::Bot);
  if (!bots) {
    spdlog::error("infer: {}", bots.error().message);
    return false;
  }
  std::set<std::int64_t> bot_ids;
  for (const db::Player& p : *bots) bot_ids.insert(p.id);
  std::string text;
  db::SeriesFilter filter;
  filter.status = db::SeriesStatus::Finished;
  auto report = db::export_pgn(*conn, filter, [&](std::string_view chunk) {
    text.append(chunk);
    return true;
  });
  if (!report) {
    spdlog::error("infer: {}", report.error().message);
    return false;
  }
  for (PgnReadResult& r : read_pgn_series_list(text)) {
    const bool person =
        std::ranges::any_of(r.series.header.seats, [&](const PgnSeat& s) { return !bot_ids.contains(s.id); });
    const auto weight = static_cast<float>(person ? human_weight : 1.0);
    if (weight > 0) out.push_back({std::move(r.series), weight});
  }
  return true;
}

bool read_inputs(const InferArgs& args, std::vector<WeightedSeries>& series) {
  if (!read_pgn_files(args.pgn, series)) return false;
  return args.db.empty() || read_database(args.db, args.human_weight, series);
}

int run_data(const InferArgs& args) {
  std::vector<WeightedSeries> series;
  if (!read_inputs(args, series)) return 1;
  std::ofstream out(args.out, std::ios::binary | std::ios::trunc);
  if (!out) {
    spdlog::error("infer data: cannot open '{}' for writing", args.out);
    return 1;
  }
  inf::write_data_header(out);
  long games = 0, positions = 0, folded = 0, unreadable = 0;
  std::array<long, inf::kGameClasses> per_class{};
  for (const WeightedSeries& s : series) {
    for (const PgnGame& g : s.series.games) {
      if (g.folded || g.game == kPgnFolded) {
        ++folded;
        continue;
      }
      auto found = inf::game_positions(g, s.weight);
      if (!found) {
        ++unreadable;
        spdlog::warn("infer data: game {} of '{}' left out: {}", g.id, s.series.header.event, found.error());
        continue;
      }
      ++games;
      for (const inf::Position& p : *found) {
        inf::write_position(out, p);
        ++per_class[static_cast<std::size_t>(p.game_class)];
        ++positions;
      }
    }
  }
  if (!out.flush()) {
    spdlog::error("infer data: writing '{}' failed", args.out);
    return 1;
  }
  fmt::print("{} positions from {} games ({} suit, {} grand, {} null); {} folded, {} unreadable -> {}\n", positions,
             games, per_class[0], per_class[1], per_class[2], folded, unreadable, args.out);
  return 0;
}

// The model named by --model (none without it); nothing, after saying why, when it cannot be loaded.
std::optional<std::shared_ptr<const inf::LocationModel>> model_of(const InferArgs& args, std::string_view command) {
  if (args.model.empty()) return std::shared_ptr<const inf::LocationModel>{};
  auto loaded = inf::shared_location_model(args.model);
  if (!loaded) {
    spdlog::error("infer {}: {}", command, loaded.error());
    return std::nullopt;
  }
  return *loaded;
}

int run_eval(const InferArgs& args) {
  std::vector<WeightedSeries> series;
  if (!read_inputs(args, series)) return 1;
  const auto named = model_of(args, "eval");
  if (!named) return 1;
  const std::shared_ptr<const inf::LocationModel> model = *named;
  inf::QualityTable table{};
  bots::FastRng rng(args.seed);
  long positions = 0;
  for (const WeightedSeries& s : series) {
    for (const PgnGame& g : s.series.games) {
      if (g.folded || g.game == kPgnFolded || (args.max_positions > 0 && positions >= args.max_positions)) continue;
      (void)inf::for_each_position(g, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
        if (args.max_positions > 0 && positions >= args.max_positions) return;
        inf::add_position_quality(view, target, model.get(), args.worlds, rng, table);
        ++positions;
      });
    }
  }
  const char* methods[] = {"learned", "count", "uniform"};
  nlohmann::json report = {{"positions", positions}, {"worlds", args.worlds}, {"model", args.model}};
  if (model) report["model_version"] = model->version();
  if (!args.json)
    fmt::print("{} positions{}; per hidden card: cross-entropy (nats) / mean probability of the true location\n",
               positions, model ? ", model " + model->version() : "");
  for (int c = 0; c < inf::kGameClasses; ++c) {
    const char* name = inf::game_class_name(static_cast<inf::GameClass>(c));
    inf::QualitySum all;
    nlohmann::json rows = nlohmann::json::array();
    for (int t = 0; t < 8; ++t) {
      const inf::QualitySum& q = table[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)];
      all.add(q);
      nlohmann::json row = {{"trick", t + 1}, {"cards", q.cards}};
      for (int m = 0; m < inf::kMethods; ++m) {
        if (m == 0 && !model) continue;
        row[methods[m]] = {{"cross_entropy", q.cross_entropy(static_cast<inf::Method>(m))},
                           {"mean_probability", q.mean_prob(static_cast<inf::Method>(m))}};
      }
      rows.push_back(row);
      if (!args.json && q.cards > 0) {
        std::string line = fmt::format("{:5} trick {}: {:7} cards", name, t + 1, q.cards);
        for (int m = model ? 0 : 1; m < inf::kMethods; ++m)
          line += fmt::format("  {} {:.3f} / {:.3f}", methods[m], q.cross_entropy(static_cast<inf::Method>(m)),
                              q.mean_prob(static_cast<inf::Method>(m)));
        fmt::print("{}\n", line);
      }
    }
    nlohmann::json total = {{"cards", all.cards}};
    for (int m = model ? 0 : 1; m < inf::kMethods; ++m)
      total[methods[m]] = {{"cross_entropy", all.cross_entropy(static_cast<inf::Method>(m))},
                           {"mean_probability", all.mean_prob(static_cast<inf::Method>(m))}};
    report["classes"][name] = {{"tricks", rows}, {"all", total}};
    if (!args.json && all.cards > 0) {
      std::string line = fmt::format("{:5} all    : {:7} cards", name, all.cards);
      for (int m = model ? 0 : 1; m < inf::kMethods; ++m)
        line += fmt::format("  {} {:.3f} / {:.3f}", methods[m], all.cross_entropy(static_cast<inf::Method>(m)),
                            all.mean_prob(static_cast<inf::Method>(m)));
      fmt::print("{}\n", line);
    }
  }
  if (args.json) std::cout << report.dump(1) << "\n";
  return 0;
}

int run_voids(const InferArgs& args) {
  std::vector<WeightedSeries> series;
  if (!read_inputs(args, series)) return 1;
  const auto named = model_of(args, "voids");
  if (!named) return 1;
  const std::shared_ptr<const inf::LocationModel> model = *named;
  auto rows = inf::void_calibration_rows(args.void_weights);
  bots::FastRng rng(args.seed);
  for (const WeightedSeries& s : series)
    for (const PgnGame& g : s.series.games) {
      if (g.folded || g.game == kPgnFolded) continue;
      (void)inf::for_each_position(g, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
        inf::add_void_calibration(view, target, model.get(), args.worlds, rng, rows);
      });
    }
  nlohmann::json report = {{"worlds", args.worlds}, {"model", args.model}, {"rows", nlohmann::json::array()}};
  for (const inf::VoidCalibration& r : rows) {
    const double n = static_cast<double>(std::max(r.cases, 1L));
    nlohmann::json buckets = nlohmann::json::array();
    std::string line =
        fmt::format("weight {:.2f}: {} cases, void {:.3f}, predicted {:.3f}, log-likelihood {:.4f};", r.weight, r.cases,
                    static_cast<double>(r.voids) / n, r.predicted / n, r.log_likelihood / n);
    for (std::size_t b = 0; b < 5; ++b) {
      if (r.bucket_cases[b] == 0) continue;
      const double m = static_cast<double>(r.bucket_cases[b]);
      buckets.push_back({{"from", 0.2 * static_cast<double>(b)},
                         {"cases", r.bucket_cases[b]},
                         {"predicted", r.bucket_predicted[b] / m},
                         {"void", static_cast<double>(r.bucket_voids[b]) / m}});
      line += fmt::format(" [{:.1f}: {} pred {:.2f} true {:.2f}]", 0.2 * static_cast<double>(b), r.bucket_cases[b],
                          r.bucket_predicted[b] / m, static_cast<double>(r.bucket_voids[b]) / m);
    }
    report["rows"].push_back({{"weight", r.weight},
                              {"cases", r.cases},
                              {"void", static_cast<double>(r.voids) / n},
                              {"predicted", r.predicted / n},
                              {"log_likelihood", r.log_likelihood / n},
                              {"buckets", buckets}});
    if (!args.json) fmt::print("{}\n", line);
  }
  if (args.json) std::cout << report.dump(1) << "\n";
  return 0;
}

// The model's probabilities for the first `count` positions of a data file, as JSON (one 32 x 4
// array per position): checked against PyTorch's for the same weights (tests/repo).
int run_predict(const InferArgs& args) {
  const auto input = read_record_input("infer predict", args.data, "");
  if (!input) return 1;
  const auto positions = inf::read_positions(input->text);
  if (!positions) {
    spdlog::error("infer predict: {}: {}", args.data, positions.error());
    return 1;
  }
  const auto model = inf::LocationModel::load(args.model);
  if (!model) {
    spdlog::error("infer predict: {}", model.error());
    return 1;
  }
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < positions->size() && static_cast<long>(i) < args.count; ++i) {
    const inf::Position& p = (*positions)[i];
    out.push_back(model->predict(p.game_class, p.features));
  }
  std::cout << out.dump() << "\n";
  return 0;
}

// The logs of one inference's ratios, per game class, role (declarer, defender) and trick.
using TssrCell = std::vector<double>;
using TssrCells = std::array<std::array<std::array<TssrCell, inf::kInferenceTricks>, 2>, inf::kGameClasses>;

double geometric_mean(const TssrCell& logs) {
  double sum = 0;
  for (double x : logs) sum += x;
  return logs.empty() ? 0 : std::exp(sum / static_cast<double>(logs.size()));
}

double median_ratio(TssrCell logs) {
  if (logs.empty()) return 0;
  const std::size_t mid = logs.size() / 2;
  std::ranges::nth_element(logs, logs.begin() + static_cast<std::ptrdiff_t>(mid));
  double m = logs[mid];
  if (logs.size() % 2 == 0)
    m = (m + *std::ranges::max_element(logs.begin(), logs.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
  return std::exp(m);
}

int run_tssr(const InferArgs& args) {
  std::vector<WeightedSeries> series;
  if (!read_inputs(args, series)) return 1;
  const auto named = model_of(args, "tssr");
  if (!named) return 1;
  const std::shared_ptr<const inf::LocationModel> model = *named;
  std::shared_ptr<const inf::KermitTables> kermit;
  if (!args.ki.empty()) {
    auto loaded = inf::shared_kermit_tables(args.ki);
    if (!loaded) {
      spdlog::error("infer tssr: {}", loaded.error());
      return 1;
    }
    kermit = *loaded;
  }
  const std::vector<inf::TssrInference> inferences =
      inf::tssr_inferences(model.get(), args.count_samples, kermit.get());
  std::vector<TssrCells> cells(inferences.size());
  bots::FastRng rng(args.seed);
  long positions = 0, games = 0;
  const auto full = [&] { return args.max_positions > 0 && positions >= args.max_positions; };
  for (const WeightedSeries& s : series) {
    for (const PgnGame& g : s.series.games) {
      if (g.folded || g.game == kPgnFolded || full()) continue;
      const long before = positions;
      auto visited =
          inf::for_each_position(g, [&](const SeatView& view, const std::array<std::uint8_t, kNumCards>& target) {
            if (full()) return;
            const inf::TssrPosition position = inf::tssr_position(view, target);
            const auto c = static_cast<std::size_t>(inf::game_class(view.declaration->type));
            const std::size_t role = view.pos == view.declarer ? 0 : 1;
            const std::size_t trick = std::min<std::size_t>(view.tricks.size(), inf::kInferenceTricks - 1);
            for (std::size_t m = 0; m < inferences.size(); ++m)
              cells[m][c][role][trick].push_back(inferences[m].log_ratio(position, rng));
            ++positions;
          });
      if (!visited)
        spdlog::warn("infer tssr: game {} of '{}' left out: {}", g.id, s.series.header.event, visited.error());
      if (positions > before) ++games;
    }
  }
  const char* roles[] = {"declarer", "defender"};
  nlohmann::json report = {
      {"games", games}, {"positions", positions}, {"count_samples", args.count_samples}, {"model", args.model}};
  if (model) report["model_version"] = model->version();
  if (!args.json) {
    fmt::print(
        "{} positions of {} games; true-state sampling ratio, geometric mean / median (count: {} uniform worlds "
        "per position)\n",
        positions, games, args.count_samples);
    std::string head = fmt::format("{:5} {:8} {:>5} {:>6}", "class", "role", "trick", "n");
    for (const inf::TssrInference& i : inferences) head += fmt::format("  {:>17}", i.name);
    fmt::print("{}\n", head);
  }
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t c = 0; c < inf::kGameClasses; ++c)
    for (std::size_t role = 0; role < 2; ++role)
      for (std::size_t t = 0; t < inf::kInferenceTricks; ++t) {
        const std::size_t n = cells[0][c][role][t].size();
        if (n == 0) continue;
        const char* name = inf::game_class_name(static_cast<inf::GameClass>(c));
        nlohmann::json row = {{"class", name}, {"role", roles[role]}, {"trick", t + 1}, {"positions", n}};
        std::string line = fmt::format("{:5} {:8} {:>5} {:>6}", name, roles[role], t + 1, n);
        for (std::size_t m = 0; m < inferences.size(); ++m) {
          const TssrCell& logs = cells[m][c][role][t];
          row[inferences[m].name] = {{"geometric_mean", geometric_mean(logs)}, {"median", median_ratio(logs)}};
          line += fmt::format("  {:>8.3g} / {:>6.3g}", geometric_mean(logs), median_ratio(logs));
        }
        rows.push_back(row);
        if (!args.json) fmt::print("{}\n", line);
      }
  report["rows"] = rows;
  if (args.json) std::cout << report.dump(1) << "\n";
  return 0;
}

int run_ki(const InferArgs& args) {
  std::vector<WeightedSeries> series;
  if (!read_inputs(args, series)) return 1;
  inf::KermitTables tables;
  long games = 0;
  for (const WeightedSeries& s : series) {
    const auto times = static_cast<std::uint32_t>(std::lround(s.weight));
    for (const PgnGame& g : s.series.games) {
      if (g.folded || g.game == kPgnFolded || times == 0) continue;
      auto start = pgn_game_at_play(g);
      if (!start) {
        spdlog::warn("infer ki: game {} of '{}' left out: {}", g.id, s.series.header.event, start.error());
        continue;
      }
      games += inf::add_game(tables, *start, times) ? 1 : 0;
    }
  }
  if (args.auctions > 0) {
    auto spec = bots::parse_bot_spec(args.bot);
    if (!spec) {
      spdlog::error("infer ki: {}", spec.error());
      return 1;
    }
    ProgressLine line("auctions", std::chrono::seconds(30));
    tables.merge(kermit_from_auctions({*spec, args.auctions, args.seed, args.threads},
                                      [&](const bots::Progress& p) { line.show(p); }));
  }
  tables.finish();
  std::ofstream out(args.out, std::ios::binary | std::ios::trunc);
  const std::string bytes = tables.serialize();
  if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !out.flush()) {
    spdlog::error("infer ki: cannot write '{}'", args.out);
    return 1;
  }
  fmt::print("{} recorded games, {} auctions: {} defenders, {} pickup declarers, {} hand declarers -> {} ({} bytes)\n",
             games, args.auctions, tables.defenders(), tables.declarers(false), tables.declarers(true), args.out,
             bytes.size());
  return 0;
}

void add_inputs(CLI::App* app, InferArgs& args) {
  app->add_option("--pgn", args.pgn, "Series PGN files (skat selfplay, skat export; - for stdin)");
  app->add_option("--db", args.db, "Also the finished series of this database (SQLite file or postgresql:// URL)");
}

}  // namespace

Command add_infer_command(CLI::App& parent) {
  auto args = std::make_shared<InferArgs>();
  CLI::App* app = parent.add_subcommand("infer", "The learned card-location inference: training data, quality");
  app->require_subcommand(1);
  CLI::App* data = app->add_subcommand("data", "Training positions from recorded games (docs/inference.md)");
  add_inputs(data, *args);
  data->add_option("--human-weight", args->human_weight,
                   "Weight of the positions of database series a person played (0: left out)")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  data->add_option("--out", args->out, "The data file to write")->required();
  CLI::App* eval = app->add_subcommand("eval", "Prediction quality on held-out games, per game class and trick");
  add_inputs(eval, *args);
  eval->add_option("--model", args->model, "A learned model file (without: count and uniform only)");
  eval->add_option("--worlds", args->worlds, "Worlds per position for the sampled inferences")
      ->check(CLI::Range(10, 100000))
      ->capture_default_str();
  eval->add_option("--seed", args->seed, "Seed of the sampled worlds")->capture_default_str();
  eval->add_option("--max-positions", args->max_positions, "Stop after this many positions (0: all)")
      ->check(CLI::NonNegativeNumber);
  eval->add_flag("--json", args->json, "The report as JSON");
  CLI::App* predict = app->add_subcommand("predict", "A model's probabilities for the first positions of a data file");
  predict->add_option("--data", args->data, "A file of `skat infer data`")->required();
  predict->add_option("--model", args->model, "The model file")->required();
  predict->add_option("--count", args->count, "How many positions")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  CLI::App* tssr =
      app->add_subcommand("tssr", "True-state sampling ratio of each inference, per game class, role and trick");
  add_inputs(tssr, *args);
  tssr->add_option("--model", args->model, "A learned model file (without: none and count only)");
  tssr->add_option("--positions", args->max_positions, "Stop after this many positions (0: all)")
      ->check(CLI::NonNegativeNumber);
  tssr->add_option("--count-samples", args->count_samples,
                   "Uniform worlds per position for the count inference's normaliser")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  tssr->add_option("--seed", args->seed, "Seed of the uniform worlds")->capture_default_str();
  tssr->add_option("--ki", args->ki, "KI tables (skat infer ki) to compare as well");
  tssr->add_flag("--json", args->json, "The report as JSON");
  CLI::App* voids =
      app->add_subcommand("voids", "How well the worlds know the declarer's voids at the defenders' leads, per weight");
  add_inputs(voids, *args);
  voids->add_option("--model", args->model, "A learned model file (without: uniform worlds)");
  voids->add_option("--worlds", args->worlds, "Worlds per position")
      ->check(CLI::Range(10, 100000))
      ->capture_default_str();
  voids->add_option("--weights", args->void_weights, "World weights per void of the declarer's to compare")
      ->check(CLI::Range(1.0, 10.0))
      ->capture_default_str();
  voids->add_option("--seed", args->seed, "Seed of the worlds")->capture_default_str();
  voids->add_flag("--json", args->json, "The report as JSON");
  CLI::App* ki = app->add_subcommand("ki", "Kermit's inference tables from recorded games and seeded auctions");
  add_inputs(ki, *args);
  ki->add_option("--human-weight", args->human_weight,
                 "Times the games of database series a person played count (0: left out)")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  ki->add_option("--auctions", args->auctions, "Seeded deals whose auction and declaration --bot plays")
      ->check(CLI::Range(0, 100000000))
      ->capture_default_str();
  ki->add_option("--bot", args->bot, "The bot of the auctions")->capture_default_str();
  ki->add_option("--seed", args->seed, "Seed of the auctions' deals")->capture_default_str();
  ki->add_option("--threads", args->threads, "Threads for the auctions")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  ki->add_option("--out", args->out, "The table file to write")->required();
  return {app, [args, data, predict, tssr, voids, ki] {
            if (data->parsed()) return run_data(*args);
            if (voids->parsed()) return run_voids(*args);
            if (ki->parsed()) return run_ki(*args);
            if (tssr->parsed()) return run_tssr(*args);
            return predict->parsed() ? run_predict(*args) : run_eval(*args);
          }};
}

}  // namespace skat::cli
