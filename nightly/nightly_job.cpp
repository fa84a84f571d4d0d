#include "nightly/nightly_job.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bots/inference/position_data.h"
#include "bots/tables/game_samples.h"
#include "bots/tables/table_files.h"
#include "db/migrations.h"
#include "db/nightly.h"

namespace skat::nightly {

namespace {

constexpr int kBatch = 10'000;

nlohmann::json stats_json(const bots::FoldStats& s) {
  return {{"folded", s.folded},
          {"lead_samples", s.lead_samples},
          {"skipped", s.skipped},
          {"passed", s.passed},
          {"filtered", s.filtered},
          {"inconsistent", s.inconsistent},
          {"null_unattributed", s.null_unattributed}};
}

struct FoldResult {
  bots::TableSet tables;
  int version = 0;
  std::string file;
};

// Steps 1–2: the newest tables, with every game after their watermark folded in as a new version.
std::expected<FoldResult, std::string> fold_new_games(db::Connection& c, const NightlyOptions& o, NightlySummary& sum,
                                                      const NightlyProgress& progress) {
  auto latest = db::latest_table_version(c);
  if (!latest) return std::unexpected(latest.error().message);
  FoldResult r;
  r.version = *latest ? (*latest)->version : 0;
  r.file = *latest ? (*latest)->file : o.base_tables;
  const db::GameId watermark = *latest ? (*latest)->watermark : 0;
  std::map<std::string, db::GameId> marks = *latest ? (*latest)->watermarks : std::map<std::string, db::GameId>{};
  auto loaded = bots::load_tables(r.file);
  if (!loaded) return std::unexpected("tables: " + loaded.error());
  r.tables = std::move(*loaded);
  // The file's own watermark counts nothing here: the database's row is the truth.
  r.tables.meta().watermark = static_cast<std::uint64_t>(watermark);
  bots::Folder folder(r.tables);
  db::GameId last = watermark;
  // The learned inference's training data (options.inference_dir), streamed to a temporary file
  // that becomes positions-vNNNNNN.bin beside the table version (a first run on a large database
  // reads every game: it is not held in memory).
  std::ofstream positions;
  std::string positions_tmp;
  std::error_code ec;
  if (!o.inference_dir.empty()) {
    std::filesystem::create_directories(o.inference_dir, ec);
    positions_tmp = (std::filesystem::path(o.inference_dir) / "positions.bin.tmp").string();
    positions.open(positions_tmp, std::ios::binary | std::ios::trunc);
    if (!positions) return std::unexpected("inference data: cannot write " + positions_tmp);
    bots::inference::write_data_header(positions);
  }
  // Each writing node's games after its own watermark (db/nightly.h: nodes do not commit in id order
  // among them, each node's writer does).
  auto nodes = db::game_nodes(c);
  if (!nodes) return std::unexpected(nodes.error().message);
  for (const std::string& node : *nodes) {
    db::GameId node_last = db::node_watermark(*latest, node);
    r.tables.meta().watermark = static_cast<std::uint64_t>(node_last);  // the folder's guard, per node
    for (;;) {
      auto games = db::games_after(c, node, node_last, kBatch);
      if (!games) return std::unexpected(games.error().message);
      if (games->empty()) break;
      for (const db::RecordedGame& g : *games) {
        node_last = g.id;
        last = std::max(last, g.id);
        ++sum.games_seen;
        auto parsed = read_pgn_game(g.pgn, 0);
        if (!parsed) {
          ++sum.fold.inconsistent;
          continue;
        }
        if (o.exclude_timeouts && g.timeouts > 0 && !bots::is_passed_deal(*parsed)) {
          ++sum.fold.filtered;
          continue;
        }
        folder.add(static_cast<std::uint64_t>(g.id), *parsed);
        if (positions.is_open() && !bots::is_passed_deal(*parsed))
          if (auto found = bots::inference::game_positions(*parsed, 1.0F))
            for (const bots::inference::Position& p : *found) {
              bots::inference::write_position(positions, p);
              ++sum.inference_positions;
            }
      }
      if (progress) progress(fmt::format("fold: {} games read", sum.games_seen));
    }
    marks[node] = node_last;
  }
  sum.fold += folder.stats();
  if (sum.games_seen == 0) {
    if (positions.is_open()) {
      positions.close();
      std::filesystem::remove(positions_tmp, ec);
    }
    return r;
  }

  const int version = r.version + 1;
  auto& meta = r.tables.meta();
  meta.table_version = static_cast<std::uint32_t>(version);
  meta.watermark = static_cast<std::uint64_t>(last);
  meta.provenance += fmt::format("{}version {}: {} games of the server folded (through game id {})",
                                 meta.provenance.empty() ? "" : "; ", version, sum.fold.folded, last);
  std::filesystem::create_directories(o.tables_dir, ec);
  const std::string file = (std::filesystem::path(o.tables_dir) / fmt::format("v{:06d}.wtab", version)).string();
  if (auto saved = bots::save_tables(file, r.tables, bots::TableFileFormat::Binary); !saved)
    return std::unexpected("tables: " + saved.error());
  if (positions.is_open()) {
    positions.close();
    if (!positions) return std::unexpected("inference data: cannot write " + positions_tmp);
    sum.inference_file =
        (std::filesystem::path(o.inference_dir) / fmt::format("positions-v{:06d}.bin", version)).string();
    std::filesystem::rename(positions_tmp, sum.inference_file, ec);
    if (ec) return std::unexpected("inference data: " + sum.inference_file + ": " + ec.message());
  }
  if (o.fail_after_table_file) return std::unexpected("stopped after writing " + file + " (test hook)");
  db::TableVersionRecord row;
  row.version = version;
  row.file = file;
  row.base = r.file;
  row.watermark = last;
  row.watermarks = std::move(marks);
  row.games_new = static_cast<std::int64_t>(sum.fold.folded);
  row.games_folded = static_cast<std::int64_t>(meta.games_folded);
  row.stats = stats_json(sum.fold).dump();
  if (auto inserted = db::insert_table_version(c, row); !inserted) return std::unexpected(inserted.error().message);
  r.version = version;
  r.file = file;
  return r;
}

}  // namespace

std::expected<NightlySummary, std::string> run_nightly(const NightlyOptions& o, const NightlyProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  NightlySummary sum;
  auto c = db::open_database(o.db_path);
  if (!c) return std::unexpected("database " + o.db_path + ": " + c.error().message);
  if (progress) progress("fold: reading the games after the watermark");
  auto folded = fold_new_games(*c, o, sum, progress);
  if (!folded) return std::unexpected(folded.error());
  sum.table_version = folded->version;
  sum.new_version = sum.games_seen > 0;
  sum.tables_file = folded->file;

  if (progress) progress("ratings: Seeger-Fabian and Elo over every finished series");
  auto ratings = compute_ratings(*c, o.ratings, table_win_probability(folded->tables));
  if (!ratings) return std::unexpected("ratings: " + ratings.error());
  sum.series = ratings->series_count;
  sum.players = static_cast<int>(ratings->rows.size());

  const std::string options = options_json(o.ratings, *ratings);
  auto latest = db::latest_snapshot(*c);
  if (!latest) return std::unexpected(latest.error().message);
  const bool same = *latest && (*latest)->series_count == ratings->series_count &&
                    (*latest)->last_series == ratings->last_series && (*latest)->options == options &&
                    (*latest)->table_version == folded->version;
  if (!same) {
    db::RatingSnapshot snapshot;
    snapshot.series_count = ratings->series_count;
    snapshot.last_series = ratings->last_series;
    snapshot.table_version = folded->version;
    snapshot.options = options;
    snapshot.rows = std::move(ratings->rows);
    snapshot.history = std::move(ratings->history);
    auto written = db::write_snapshot(*c, snapshot, o.keep_snapshots);
    if (!written) return std::unexpected("snapshot: " + written.error().message);
    sum.new_snapshot = true;
  }
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sum;
}

std::string summary_text(const NightlySummary& s) {
  std::string out = fmt::format("games after the watermark: {} ({} folded, {} passed, {} filtered, {} inconsistent)\n",
                                s.games_seen, s.fold.folded, s.fold.passed, s.fold.filtered, s.fold.inconsistent);
  out += s.new_version ? fmt::format("tables: version {} written to {}\n", s.table_version, s.tables_file)
                       : fmt::format("tables: unchanged (version {}, {})\n", s.table_version, s.tables_file);
  if (!s.inference_file.empty())
    out += fmt::format("inference data: {} positions written to {}\n", s.inference_positions, s.inference_file);
  out += fmt::format("ratings: {} series, {} players, {}\n", s.series, s.players,
                     s.new_snapshot ? "new leaderboard snapshot" : "snapshot unchanged");
  out += fmt::format("done in {:.2f} s\n", s.seconds);
  return out;
}

}  // namespace skat::nightly
