#pragma once
// Agents answer decisions for one seat. Built-in: uniformly random and scripted (for tests).
// Agents written in Lua live in the scripting layer.

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <variant>

#include "engine/decision.h"
#include "engine/rng.h"

namespace catan::engine {

// Contract: choose() returns an index in [0, decision.count). An agent draws randomness only from
// its own stream (never the game's), so a replay that feeds back the recorded answers consumes the
// game's random numbers exactly as the original game did.
class Agent {
 public:
  virtual ~Agent() = default;
  // The agent's name as given on the command line ("random", "scripted", ...).
  virtual std::string name() const = 0;
  // Called once before each game, with the game's identity and this agent's seat (0-based).
  virtual void begin_game(std::uint64_t seed, std::uint64_t game_index, int seat);
  virtual int choose(const Decision& decision) = 0;
  // The agent's own random stream (Lua agents draw from it through the game API).
  Rng& rng() noexcept { return rng_; }

 protected:
  Rng rng_;  // seeded per game from (seed, game index, 1 + seat)
};

// Picks uniformly among the options.
class RandomAgent final : public Agent {
 public:
  std::string name() const override { return "random"; }
  int choose(const Decision& decision) override;
};

// Answers from a fixed list, in order: each answer is an option index (0-based) or an option id
// ("build:city"). Throws std::runtime_error when the list runs out or an answer does not fit the
// options (an index out of range, an id no option has: the message lists the first ids).
class ScriptedAgent final : public Agent {
 public:
  using Answer = std::variant<int, std::string>;
  explicit ScriptedAgent(std::deque<Answer> answers = {}) : answers_(std::move(answers)) {}
  std::string name() const override { return "scripted"; }
  void push(Answer answer) { answers_.push_back(std::move(answer)); }
  std::size_t remaining() const noexcept { return answers_.size(); }
  int choose(const Decision& decision) override;

 private:
  std::deque<Answer> answers_;
};

}  // namespace catan::engine
