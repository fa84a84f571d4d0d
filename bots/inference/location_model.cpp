#include "bots/inference/location_model.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

#include "bots/inference/half_float.h"
#include "bots/shared_files.h"

namespace skat::bots::inference {

namespace {

constexpr std::string_view kMagic = "SKATLOC1";
constexpr std::uint32_t kMaxLayers = 16;
constexpr std::uint32_t kMaxWidth = 8192;
constexpr std::uint32_t kMaxVersion = 4096;
constexpr int kOutputs = kNumCards * kLocations;

// A little-endian reader over the file's bytes that fails once and stays failed.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == bytes_.size(); }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    if (!take(4)) return 0;
    for (int i = 3; i >= 0; --i)
      v = (v << 8) | static_cast<unsigned char>(bytes_[pos_ - 4 + static_cast<std::size_t>(i)]);
    return v;
  }
  float half() {
    if (!take(2)) return 0;
    const auto lo = static_cast<unsigned char>(bytes_[pos_ - 2]);
    const auto hi = static_cast<unsigned char>(bytes_[pos_ - 1]);
    return half_to_float(static_cast<std::uint16_t>(lo | (hi << 8)));
  }
  std::string_view text(std::size_t n) {
    if (!take(n)) return {};
    return bytes_.substr(pos_ - n, n);
  }

 private:
  bool take(std::size_t n) {
    if (!ok_ || bytes_.size() - pos_ < n) {
      ok_ = false;
      return false;
    }
    pos_ += n;
    return true;
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

std::expected<std::vector<DenseLayer>, std::string> read_layers(Reader& in, const char* block) {
  const std::uint32_t count = in.u32();
  if (!in.ok() || count == 0 || count > kMaxLayers) return std::unexpected(std::string(block) + ": bad layer count");
  std::vector<DenseLayer> layers(count);
  for (DenseLayer& layer : layers) {
    const std::uint32_t out = in.u32();
    const std::uint32_t width = in.u32();
    if (!in.ok() || out == 0 || width == 0 || out > kMaxWidth || width > kMaxWidth)
      return std::unexpected(std::string(block) + ": bad layer shape");
    layer.weights.resize(out, width);
    for (std::uint32_t r = 0; r < out; ++r)
      for (std::uint32_t c = 0; c < width; ++c) layer.weights(r, c) = in.half();
    layer.bias.resize(out);
    for (std::uint32_t r = 0; r < out; ++r) layer.bias(r) = in.half();
    if (!in.ok()) return std::unexpected(std::string(block) + ": truncated");
  }
  return layers;
}

// Each layer's input width is the previous one's output width.
bool chains(const std::vector<DenseLayer>& layers, Eigen::Index first_in) {
  Eigen::Index width = first_in;
  for (const DenseLayer& l : layers) {
    if (l.weights.cols() != width) return false;
    width = l.weights.rows();
  }
  return true;
}

void elu(Eigen::VectorXf& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (v(i) < 0) v(i) = std::expm1(v(i));
}

// The first layer on one-hot inputs: the bias plus the columns of the features that are on.
Eigen::VectorXf sparse_first(const DenseLayer& layer, const Features& f, int from, int width, int column0) {
  Eigen::VectorXf y = layer.bias;
  for (int i = 0; i < width; ++i)
    if (f.test(static_cast<std::size_t>(from + i))) y += layer.weights.col(column0 + i);
  return y;
}

}  // namespace

std::expected<LocationModel, std::string> LocationModel::parse(std::string_view bytes) {
  Reader in(bytes);
  if (in.text(kMagic.size()) != kMagic) return std::unexpected("not a card-location model (magic)");
  const std::uint32_t width = in.u32();
  if (!in.ok() || width != static_cast<std::uint32_t>(layout::kWidth))
    return std::unexpected("feature width " + std::to_string(width) + ", this build encodes " +
                           std::to_string(layout::kWidth));
  const std::uint32_t version_length = in.u32();
  if (!in.ok() || version_length > kMaxVersion) return std::unexpected("bad version text");
  LocationModel model;
  model.version_ = std::string(in.text(version_length));
  for (int c = 0; c < kGameClasses; ++c) {
    const std::string name = game_class_name(static_cast<GameClass>(c));
    auto history = read_layers(in, (name + " history").c_str());
    if (!history) return std::unexpected(history.error());
    auto main = read_layers(in, (name + " main").c_str());
    if (!main) return std::unexpected(main.error());
    const Eigen::Index history_out = history->back().weights.rows();
    if (!chains(*history, layout::kHistoryWidth) || !chains(*main, layout::kStateWidth + history_out) ||
        main->back().weights.rows() != kOutputs)
      return std::unexpected(name + ": layer shapes do not chain");
    model.networks_[static_cast<std::size_t>(c)] = {std::move(*history), std::move(*main)};
  }
  if (!in.at_end()) return std::unexpected("bytes after the last network");
  return model;
}

std::expected<LocationModel, std::string> LocationModel::load(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::unexpected("cannot open " + path);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  auto model = parse(bytes.str());
  if (!model) return std::unexpected(path + ": " + model.error());
  return model;
}

CardLocations LocationModel::predict(const SeatView& view) const {
  return predict(game_class(view.declaration ? view.declaration->type : GameType::Grand), encode(view));
}

CardLocations LocationModel::predict(GameClass game_class, const Features& f) const {
  const ClassNetwork& net = networks_[static_cast<std::size_t>(game_class)];
  Eigen::VectorXf h = sparse_first(net.history.front(), f, layout::kStateWidth, layout::kHistoryWidth, 0);
  elu(h);
  for (std::size_t i = 1; i < net.history.size(); ++i) {
    h = net.history[i].weights * h + net.history[i].bias;
    elu(h);
  }
  const DenseLayer& first = net.main.front();
  Eigen::VectorXf x = sparse_first(first, f, 0, layout::kStateWidth, 0);
  x += first.weights.rightCols(h.size()) * h;
  for (std::size_t i = 1; i < net.main.size(); ++i) {
    elu(x);
    x = net.main[i].weights * x + net.main[i].bias;
  }
  CardLocations out{};
  for (int c = 0; c < kNumCards; ++c) {
    float top = x(c * kLocations);
    for (int l = 1; l < kLocations; ++l) top = std::max(top, x(c * kLocations + l));
    float sum = 0;
    for (int l = 0; l < kLocations; ++l) {
      const float e = std::exp(x(c * kLocations + l) - top);
      out[static_cast<std::size_t>(c)][static_cast<std::size_t>(l)] = e;
      sum += e;
    }
    for (float& p : out[static_cast<std::size_t>(c)]) p /= sum;
  }
  return out;
}

std::expected<std::shared_ptr<const LocationModel>, std::string> shared_location_model(const std::string& path) {
  return SharedFiles<LocationModel>::get(path, [](const std::string& file) { return LocationModel::load(file); });
}

}  // namespace skat::bots::inference
