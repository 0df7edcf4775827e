#pragma once
// Playing a game: the part of a Session (scripting/session_impl.h) that holds the game being
// played: the kernel state, the live views handed to packs, the per-game Lua tables and who
// watches. Renewed by load_game for every game; implemented by Session::Impl's game methods
// (session_game.cpp) and read by every API function.
// Invariants: `playing` is non-null exactly while Session::play or Session::play_fork runs a
// game, or a pack test's t.turn or t.play runs the game t.start{search = true} began; game_ref
// and turn_payload_ref belong to the game loaded last.

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <string_view>

#include <lua.hpp>

#include "engine/game_state.h"
#include "scripting/session.h"
#include "scripting/views.h"

namespace catan::scripting {

struct GameInPlay {
  engine::GameState state;
  PhaseTimes times;
  Views views;                       // live views of holdings and properties handed to packs
  int game_ref = LUA_NOREF;          // per-game Lua table: handlers, agents, board adjacency cache
  int turn_payload_ref = LUA_NOREF;  // the payload of every `turn` event of this game
  // The game being played (null between games).
  const GameConfig* playing = nullptr;
  // The next game starts with a full collection (Session::play): set after a failed game.
  bool collect_before_next = false;
  // Pack tests only: the game t.start{search = true} began, as a real game's configuration. While
  // t.turn and t.play run it is `playing`, so that agents may fork it and search (game.search,
  // the mcts agent); the copies replay its decisions from its start.
  std::optional<GameConfig> test_game;
  // Pack tests only: die faces game.roll returns, in order, before it draws again (t.roll).
  std::deque<int> scripted_dice;
  std::function<void(std::string_view)> log;
  int log_reader = Session::kLogEverything;    // Session::set_log_reader
  std::function<void(std::string_view)> view;  // game.show() text, when someone watches
  // Bytes held outside GameState and the views for this game: agent names and invariants.
  std::size_t session_bytes = 0;
};

}  // namespace catan::scripting
