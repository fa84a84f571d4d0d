// The provenance a tournament's games file records in its header (docs/tournaments.md, "Games
// files"): the commit the binary was built from, the digest of `skat bench solver --quick` (the
// solver's behaviour) and the SHA-256 of every data file the bots loaded (winning tables, the
// learned model); and what differs between two provenances, before games are replayed or merged.
#pragma once

#include <expected>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot_factory.h"

namespace skat::cli {

struct GamesProvenance {
  std::string commit;                        // build_commit(): a hash, "-dirty" appended, or "unknown"
  std::string solver_bench;                  // the `skat bench solver --quick` digest, 16 hex digits
  std::map<std::string, std::string> files;  // path as the bots load it → SHA-256, 64 hex digits

  bool operator==(const GamesProvenance&) const = default;
};

// The SHA-256 of a file's bytes in hex (libsodium).
std::expected<std::string, std::string> file_sha256(const std::string& path);

// The digest `skat bench solver --quick` prints, computed now (well under a second in a release build).
std::string solver_bench_digest();

// This binary's provenance for bots of these specs (their data files as they are now).
std::expected<GamesProvenance, std::string> current_provenance(const std::vector<bots::BotSpec>& specs);

// The header's "build" object, and back: nullopt when a header has none (files written before).
nlohmann::json provenance_json(const GamesProvenance& p);
std::optional<GamesProvenance> provenance_of_header(const nlohmann::json& header);

// How `now` (this build, or another shard's) differs from `recorded` (the build that played the
// games of `recorded_name`), each named in the messages: `conflicts` (the solver digest or a data
// file differ: the games need not come out the same) and `notes` (the commit differs).
struct ProvenanceDifference {
  std::vector<std::string> conflicts;
  std::vector<std::string> notes;
};
ProvenanceDifference compare_provenance(const GamesProvenance& recorded, const GamesProvenance& now,
                                        const std::string& recorded_name, const std::string& now_name);

}  // namespace skat::cli
