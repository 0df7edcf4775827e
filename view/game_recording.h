#pragma once
// A replay re-played for watching: the game of a replay file, played again in a Session, with a
// snapshot of the kernel state before every decision and once more at the end. `catan view`
// embeds the recording in an HTML page (view/viewer_html.h).
//
// The recording (JSON; ids are 0-based, seats 0-based):
//   title, packs [{name, version}], seed, game_index, players, agents, winner, reason, turns,
//   error (the failure of a failed game's replay, which is watched up to it; else null)
//   draw      the packs' merged draw spec (scripting/draw_spec.h) as an object
//   board     {tiles: [{q, r, nodes: [6 ids], paths: [6 ids]}], nodes, paths} or null
//   supplies  names of the supplies (holders after the seats)
//   steps     one per decision, then one for the end; each holds
//     decision (index), turn, round, current, and for a decision: player, kind, count, chosen,
//       options [[index, id, label]] (the first kMaxOptions and the chosen one)
//     events    [[name, declaring pack, times]] raised since the previous step, in order
//     log, shown  game.log lines and game.show texts since the previous step
//     hands     per holder {form: {kind: count}} (non-zero counts)
//     player_props per seat {key: value}; game_props {key: value}
//     tiles, nodes, paths  {key: {id: value}} (set values only)
//   A step leaves out a state section (hands, player_props, game_props, tiles, nodes, paths)
//   equal to the previous step's: a reader carries the last one forward.
#include <nlohmann/json.hpp>

#include "engine/replay.h"
#include "scripting/session.h"

namespace catan::view {

// Options of one decision kept in a step (beyond them, only the chosen one).
inline constexpr int kMaxOptions = 40;

// Plays `replay` again in `session` (made with the replay's packs and options) and records it.
// Throws std::runtime_error when the game fails before its last recorded decision, when a decision
// differs from the recorded one, or when the outcome differs (the packs changed since the replay
// was saved), and for an abandoned replay (it holds no decisions to watch).
nlohmann::json record_replay(scripting::Session& session, const engine::Replay& replay);

}  // namespace catan::view
