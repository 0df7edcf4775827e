#include "search/value_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "engine/file_io.h"
#include "search/position_features.h"

namespace catan::search {
namespace {

constexpr const char* kFormat = "catan-value-model-1";
// The largest model file read: a model has a few hundred features.
constexpr std::uintmax_t kMaxModelBytes = std::uintmax_t{16} << 20;

// Adds each feature's coefficient (a map from name to weight / scale) times its value to its
// seat's strength.
template <typename Coefficients>
class StrengthSink final : public FeatureSink {
 public:
  StrengthSink(const Coefficients& coefficient, std::vector<double>& strength)
      : coefficient_(coefficient), strength_(strength) {}
  void add(int seat, std::string_view name, double value) override {
    const auto it = coefficient_.find(name);
    if (it != coefficient_.end()) strength_[static_cast<std::size_t>(seat)] += it->second * value;
  }

 private:
  const Coefficients& coefficient_;
  std::vector<double>& strength_;
};

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

ModelConfig ModelConfig::make(std::vector<std::string> packs, std::vector<std::string> options,
                              int players) {
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  return {std::move(packs), std::move(options), players};
}

std::string ModelConfig::key() const {
  std::string key;
  for (std::size_t i = 0; i < packs.size(); ++i) {
    if (i > 0) key += '+';
    key += packs[i];
  }
  key += fmt::format(" {}p", players);
  for (const std::string& o : options) {
    key += ' ';
    key += o;
  }
  return key;
}

std::string ModelConfig::file_name() const {
  std::string name;
  for (std::size_t i = 0; i < packs.size(); ++i) {
    if (i > 0) name += '+';
    name += packs[i];
  }
  name += fmt::format(".{}p", players);
  if (!options.empty()) {
    std::string joined;
    for (const std::string& o : options) joined += o + '\n';
    name += fmt::format(".{:08x}", fnv1a(joined) & 0xffffffffu);
  }
  return name + ".json";
}

ValueModel::ValueModel(ModelConfig config, std::vector<Weight> weights, nlohmann::json training)
    : config_(std::move(config)), weights_(std::move(weights)), training_(std::move(training)) {
  for (const Weight& w : weights_) coefficient_[w.name] += w.weight / w.scale;
}

std::vector<double> ValueModel::strengths(const engine::GameState& state) const {
  std::vector<double> strength(static_cast<std::size_t>(state.players), 0.0);
  StrengthSink<decltype(coefficient_)> sink(coefficient_, strength);
  extract_features(state, sink);
  return strength;
}

std::vector<double> ValueModel::win_chances(const engine::GameState& state) const {
  std::vector<double> chance = strengths(state);
  if (chance.empty()) return chance;
  const double top = *std::max_element(chance.begin(), chance.end());
  double sum = 0;
  for (double& c : chance) sum += c = std::exp(c - top);
  for (double& c : chance) c /= sum;
  return chance;
}

nlohmann::json ValueModel::to_json() const {
  nlohmann::json features = nlohmann::json::array();
  for (const Weight& w : weights_)
    features.push_back({{"name", w.name}, {"weight", w.weight}, {"scale", w.scale}});
  return {{"format", kFormat},
          {"config",
           {{"key", config_.key()},
            {"packs", config_.packs},
            {"options", config_.options},
            {"players", config_.players}}},
          {"training", training_},
          {"features", features}};
}

ValueModel ValueModel::from_json(const nlohmann::json& j) {
  const auto field = [&](const nlohmann::json& obj, const char* name,
                         const char* where) -> const nlohmann::json& {
    if (!obj.is_object() || !obj.contains(name))
      throw std::runtime_error(fmt::format("field '{}{}' is missing", where, name));
    return obj.at(name);
  };
  if (!j.is_object() || !j.contains("format") || j.at("format") != kFormat)
    throw std::runtime_error(fmt::format("field 'format': expected \"{}\"", kFormat));
  ModelConfig config;
  const nlohmann::json& c = field(j, "config", "");
  try {
    config.packs = field(c, "packs", "config.").get<std::vector<std::string>>();
    config.options = field(c, "options", "config.").get<std::vector<std::string>>();
    config.players = field(c, "players", "config.").get<int>();
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error("field 'config': expected packs and options (strings) and players");
  }
  if (config.packs.empty() || config.players < 1)
    throw std::runtime_error("field 'config': no packs, or players below 1");
  std::vector<Weight> weights;
  const nlohmann::json& features = field(j, "features", "");
  if (!features.is_array()) throw std::runtime_error("field 'features': expected an array");
  for (std::size_t i = 0; i < features.size(); ++i) {
    const nlohmann::json& f = features[i];
    Weight w;
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || !f.contains("weight") ||
        !f["weight"].is_number() || !f.contains("scale") || !f["scale"].is_number())
      throw std::runtime_error(
          fmt::format("field 'features[{}]': expected name, weight and scale", i));
    w.name = f["name"].get<std::string>();
    w.weight = f["weight"].get<double>();
    w.scale = f["scale"].get<double>();
    if (!std::isfinite(w.weight) || !std::isfinite(w.scale) || w.scale <= 0)
      throw std::runtime_error(
          fmt::format("field 'features[{}]': weight must be finite and scale above 0", i));
    weights.push_back(std::move(w));
  }
  nlohmann::json training = j.contains("training") ? j.at("training") : nlohmann::json::object();
  return ValueModel(std::move(config), std::move(weights), std::move(training));
}

ValueModel ValueModel::load(const std::filesystem::path& file) {
  const std::string text = engine::read_bounded_file(file, kMaxModelBytes, "a model file");
  try {
    return from_json(nlohmann::json::parse(text));
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(fmt::format("model {}: not JSON (byte {})", file.string(), e.byte));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("model {}: {}", file.string(), e.what()));
  }
}

void ValueModel::save(const std::filesystem::path& file) const {
  engine::write_output_file(file, engine::json_text(to_json(), 1) + "\n");
}

std::filesystem::path find_model(const ModelConfig& config,
                                 const std::vector<std::filesystem::path>& pack_dirs) {
  const std::string name = config.file_name();
  for (auto it = pack_dirs.rbegin(); it != pack_dirs.rend(); ++it) {
    std::filesystem::path file = *it / "models" / name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(file, ec)) return file;
  }
  return {};
}

}  // namespace catan::search
