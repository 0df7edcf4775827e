#pragma once
// A learned evaluation: each seat's chance to win a position, from the position's features
// (search/position_features.h). The model is a conditional logit: seat p's strength is
// s_p = sum_i w_i * x_pi / scale_i over the features x_p of p, and p wins with probability
// exp(s_p) / sum_q exp(s_q). Every seat is weighed by the same weights, so the model fits any
// seat and the probabilities sum to 1. It is fitted to the winners of self-play games
// (search/value_training.h, `catan train`) and stored per pack configuration in a JSON file that
// the pack stack carries (docs/bots.md, "A learned evaluation").

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game_state.h"

namespace catan::search {

// The pack configuration a model belongs to: packs in load order, the PACK.KEY=VALUE options
// given (sorted) and the number of players.
struct ModelConfig {
  std::vector<std::string> packs;
  std::vector<std::string> options;
  int players = 0;

  // The configuration of `packs` (load order) with the options given (sorted, duplicates
  // dropped) and `players` seats.
  static ModelConfig make(std::vector<std::string> packs, std::vector<std::string> options,
                          int players);

  // "base+monument 4p" or "base 4p base.domestic_style=one_for_one": the text a model file
  // records and a search compares.
  std::string key() const;
  // The model file's name for this configuration: "base+monument.4p.json", with a digest of the
  // options before ".json" when there are some.
  std::string file_name() const;
};

// A model file given for a configuration it was not trained for (a usage error).
class ModelMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ValueModel {
 public:
  // One weighted feature.
  struct Weight {
    std::string name;
    double weight = 0;  // per unit of value / scale
    double scale = 1;   // the feature's spread in the training positions (> 0)
  };

  ValueModel() = default;
  ValueModel(ModelConfig config, std::vector<Weight> weights, nlohmann::json training);

  const ModelConfig& config() const noexcept { return config_; }
  const std::vector<Weight>& weights() const noexcept { return weights_; }
  // How the model was trained and how well it predicted held-out games (for reports).
  const nlohmann::json& training() const noexcept { return training_; }
  // Adds the fields of `facts` (an object) to training().
  void annotate(const nlohmann::json& facts) { training_.update(facts); }

  // Each seat's chance to win `state`, in [0, 1], summing to 1. Features the model does not
  // know weigh nothing.
  std::vector<double> win_chances(const engine::GameState& state) const;
  // Each seat's strength s_p (the logits of win_chances).
  std::vector<double> strengths(const engine::GameState& state) const;

  // The model as JSON, and back. from_json throws std::runtime_error with one line naming the
  // field for anything malformed.
  nlohmann::json to_json() const;
  static ValueModel from_json(const nlohmann::json& j);
  // Reads a model file; throws std::runtime_error with one line ("model FILE: ...").
  static ValueModel load(const std::filesystem::path& file);
  // Writes the model file (atomically: a temporary file renamed).
  void save(const std::filesystem::path& file) const;

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  ModelConfig config_;
  std::vector<Weight> weights_;
  nlohmann::json training_;
  // weight / scale by name, for evaluation.
  std::unordered_map<std::string, double, Hash, std::equal_to<>> coefficient_;
};

// The model file for `config` in the `models` folder of one of `pack_dirs` (searched last to
// first: the top of the stack first), or an empty path when there is none.
std::filesystem::path find_model(const ModelConfig& config,
                                 const std::vector<std::filesystem::path>& pack_dirs);

}  // namespace catan::search
