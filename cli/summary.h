#pragma once
// Renders a game result for people (text) and for programs (one JSON object).

#include <string>

#include <nlohmann/json.hpp>

#include "scripting/measure_spec.h"
#include "scripting/session.h"

namespace catan::cli {

// The packs' statistics of a game, in the order the game set them: each game property named
// "stats.NAME" (the lab's stats hook, docs/lab.md), with the label and unit the packs' manifests
// give its id ("metrics" "names"; the id itself and no unit when undeclared).
struct Statistic {
  std::string id;  // "stats.robber_steals"
  engine::Value value;
  std::string label;  // "cards the robber stole"
  std::string unit;   // "cards"; "" when none
};
std::vector<Statistic> statistics(const scripting::GameResult& result,
                                  const packs::MeasureSpec& measures);

// Write it with engine::json_text: pack-chosen strings may hold invalid UTF-8. Game properties
// join the top level (dotted names nest); with `measures`, "statistics" lists statistics() as
// [{id, value, label, unit}, ...].
nlohmann::json result_json(const scripting::GameResult& result,
                           const packs::MeasureSpec* measures = nullptr);
// Control bytes in pack-chosen text are escaped (engine::terminal_safe). With `measures`, a
// "statistics:" section lists statistics(), one line each: "  ID = VALUE  LABEL (UNIT)".
std::string result_text(const scripting::GameResult& result, const std::string& title,
                        const packs::MeasureSpec* measures = nullptr);

}  // namespace catan::cli
