// The learned card-location model (docs/inference.md): per game class a small network that maps the
// features of card_features.h to, for each of the 32 cards, the probabilities of its four locations.
// Loaded from a model file that scripts/train-inference.py writes (half-float weights, format in
// docs/inference.md); evaluated with Eigen, the first layers summing the columns of the features
// that are on (a few dozen of about 1,200).
#pragma once

#include <Eigen/Dense>
#include <array>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/inference/card_features.h"

namespace skat::bots::inference {

struct DenseLayer {
  Eigen::MatrixXf weights;  // out x in
  Eigen::VectorXf bias;     // out
};

// One game class's network: the history block through `history` (ELU after each layer), then the
// state block and the history's output through `main` (ELU after each layer but the last), whose
// 128 outputs are four logits per card.
struct ClassNetwork {
  std::vector<DenseLayer> history;
  std::vector<DenseLayer> main;
};

class LocationModel {
 public:
  // Reads a model file; the reason when it cannot (missing, truncated, shapes that do not chain,
  // a feature width other than this build's).
  static std::expected<LocationModel, std::string> load(const std::string& path);
  static std::expected<LocationModel, std::string> parse(std::string_view bytes);

  // The location probabilities for the position of `view` (phase playing, declared).
  CardLocations predict(const SeatView& view) const;
  CardLocations predict(GameClass game_class, const Features& features) const;

  const std::string& version() const { return version_; }

 private:
  std::array<ClassNetwork, kGameClasses> networks_;
  std::string version_;
};

// The model at `path`, loaded once and shared afterwards (thread-safe), as the bot factory needs.
std::expected<std::shared_ptr<const LocationModel>, std::string> shared_location_model(const std::string& path);

}  // namespace skat::bots::inference
