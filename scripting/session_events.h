#pragma once
// Event dispatch: the part of a Session (scripting/session_impl.h) that calls into Lua: the
// handlers of the game being played, the invariants, what game.raise knows of who listens, and
// the frames that say what runs now for error reports. Implemented by Session::Impl's dispatch
// methods (session_events.cpp).
// Invariants: `frames` holds one frame per FrameGuard in scope, innermost last; lua_depth > 0
// exactly while the kernel is inside a protected call into Lua.

#include <exception>
#include <functional>
#include <optional>
#include <vector>

#include <lua.hpp>

#include "engine/events.h"
#include "scripting/event_spec.h"

namespace catan::scripting {

// What the kernel is doing in Lua right now, for error reports.
struct Frame {
  int event = -1;                // -1: loading a pack or calling an agent
  int pack = -1;                 // load index of the pack whose code runs, -1 if unknown
  const char* what = "handler";  // "handler", "default action", "load", "agent", "test"
};

struct EventDispatch {
  int handlers_ref = LUA_NOREF;  // the per-game table's "handlers" (callbacks by reference)
  int ev_setup = -1, ev_start = -1, ev_turn = -1, ev_end = -1;
  // The declaration of each event id, nullptr for kernel events and one-string declarations.
  std::vector<const packs::EventSpec*> event_specs;
  bool check_payloads = false;    // hold raises and handlers to the declared payloads (pack tests)
  int listening_ref = LUA_NOREF;  // {now = {[event name or id] = has handlers}} for game.raise
  int listening_now_ref = LUA_NOREF;  // the last `now` table made (registry) and its answers
  std::vector<bool> listening_flags;
  int handler_count = 0;  // handlers registered by the last game's packs (presizing)
  int lua_depth = 0;      // > 0 while the kernel is inside a protected call into Lua
  std::vector<Frame> frames;
  std::optional<Frame> error_frame;  // innermost frame when an error unwound
  // In checked games (invariants registered): the handler that ran last, named in an invariant
  // failure as the likeliest culprit. Handlers are fixed while a game runs.
  const engine::Handler* last_handler = nullptr;
  std::function<void(const engine::EventInfo&)> event_tap;  // every event (set_event_tap)
  // Invariants registered by game.invariant for this game (callbacks in the per-game table
  // "handlers"); checked after every dispatched event and before every decision.
  struct Invariant {
    int callback = LUA_NOREF;
    int pack = -1;
  };
  std::vector<Invariant> invariants;
  bool checking_invariants = false;  // an invariant runs now (no nested checks)
};

// Keeps `frame` on the stack of frames while in scope; when an error unwinds through it, the
// innermost frame is remembered for the error report.
class FrameGuard {
 public:
  FrameGuard(EventDispatch& s, Frame f) : s_(s), exceptions_(std::uncaught_exceptions()) {
    s_.error_frame.reset();  // running new code: any earlier error was caught
    s_.frames.push_back(f);
  }
  ~FrameGuard() {
    if (std::uncaught_exceptions() > exceptions_ && !s_.error_frame)
      s_.error_frame = s_.frames.back();
    s_.frames.pop_back();
  }
  FrameGuard(const FrameGuard&) = delete;
  FrameGuard& operator=(const FrameGuard&) = delete;

 private:
  EventDispatch& s_;
  int exceptions_;
};

}  // namespace catan::scripting
