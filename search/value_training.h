#pragma once
// Fitting a learned evaluation (search/value_model.h) to self-play games: positions recorded as
// features per seat, labelled with the game's winner (Monte Carlo targets), and the conditional
// logit fitted by minimising the log loss plus an L2 penalty with Adam over mini-batches. Some
// games are held out to say how well the model predicts games it never saw. docs/bots.md says why
// this model and these targets.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/name_table.h"
#include "search/position_features.h"
#include "search/value_model.h"

namespace catan::search {

// Positions of finished games, as sparse features per seat. Feed it as a FeatureSink between
// begin_position() calls, then end the game with finish_game().
class PositionSet final : public FeatureSink {
 public:
  // One position: entries [first, last) of the flat arrays, sorted by seat then feature.
  struct Position {
    std::uint64_t game = 0;  // the game's index (held-out games are chosen by it)
    int players = 0;
    int winner = -1;  // 0-based seat
    int turn = 0;     // the turn it was recorded at
    int turns = 0;    // the game's last turn
    std::size_t first = 0, last = 0;
  };

  // Starts a position of game `game` at turn `turn`.
  void begin_position(std::uint64_t game, int players, int turn);
  void add(int seat, std::string_view name, double value) override;
  // Ends the current game: its positions get the winner and the game's last turn, or are dropped
  // when it has no winner.
  void finish_game(std::optional<int> winner, int turns);
  // Appends the positions of `other` (its feature names mapped to this set's).
  void append(const PositionSet& other);
  // Puts the set in an order that depends only on its contents: feature ids by name, positions
  // by game then turn. Sets recorded by any number of threads then fit identically.
  void canonicalize();

  const std::vector<Position>& positions() const noexcept { return positions_; }
  const engine::NameTable& names() const noexcept { return names_; }
  int seat(std::size_t entry) const { return seats_[entry]; }
  int feature(std::size_t entry) const { return static_cast<int>(features_[entry]); }
  float value(std::size_t entry) const { return values_[entry]; }

 private:
  void close_position();
  engine::NameTable names_;
  std::vector<Position> positions_;
  std::vector<std::uint8_t> seats_;
  std::vector<std::uint32_t> features_;
  std::vector<float> values_;
  std::size_t game_first_ = 0;  // the current game's first position
  bool open_ = false;
};

struct FitSettings {
  int epochs = 12;
  int batch = 256;               // positions per step
  double learning_rate = 0.003;  // Adam's step size
  double l2 = 1e-4;              // penalty per weight squared, per position
  int holdout_every = 5;   // games whose index % holdout_every == holdout_every - 1 are held out
  std::uint64_t seed = 1;  // the order of the positions in each epoch
};

// How well the fitted model predicts: log loss (mean -ln of the winner's chance) and accuracy
// (the share of positions where the seat it rates highest won), on the held-out games; the
// uniform guess's log loss (ln players) for scale; accuracy by the third of the game a position
// is in (early, middle, late).
struct FitReport {
  int features = 0;
  std::size_t train_positions = 0, heldout_positions = 0;
  std::size_t train_games = 0, heldout_games = 0;
  double train_log_loss = 0;
  double heldout_log_loss = 0;
  double uniform_log_loss = 0;
  double heldout_accuracy = 0;
  std::array<double, 3> heldout_accuracy_by_third{};
};

// Fits a model for `config` to `set`. Deterministic for the same set and settings. `progress`
// (when set) is called after each epoch with the epoch number and the training log loss.
ValueModel fit_value_model(const PositionSet& set, const ModelConfig& config,
                           const FitSettings& settings, FitReport& report,
                           const std::function<void(int, double)>& progress = {});

}  // namespace catan::search
