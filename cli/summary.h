#pragma once
// Renders a game result for people (text) and for programs (one JSON object).

#include <string>

#include <nlohmann/json.hpp>

#include "scripting/session.h"

namespace catan::cli {

nlohmann::json result_json(const scripting::GameResult& result);
std::string result_text(const scripting::GameResult& result, const std::string& title);

}  // namespace catan::cli
