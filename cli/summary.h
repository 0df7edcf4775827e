#pragma once
// Renders a game result for people (text) and for programs (one JSON object).

#include <string>

#include <nlohmann/json.hpp>

#include "scripting/session.h"

namespace catan::cli {

// Write it with engine::json_text: pack-chosen strings may hold invalid UTF-8.
nlohmann::json result_json(const scripting::GameResult& result);
// Control bytes in pack-chosen text are escaped (engine::terminal_safe).
std::string result_text(const scripting::GameResult& result, const std::string& title);

}  // namespace catan::cli
