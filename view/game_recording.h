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
//     events    [[name, declaring pack, times]] raised since the previous step, in order (at
//       most kMaxStepEvents entries, and kMaxGameEvents in the game)
//     events_cut  the raises left out of `events` by those bounds (only when some were)
//     log, shown  game.log lines and game.show texts since the previous step, bounded (below)
//     hands     per holder {form: {kind: count}} (non-zero counts)
//     player_props per seat {key: value}; game_props {key: value}
//     tiles, nodes, paths  {key: {id: value}} (set values only)
//   A step leaves out a state section (hands, player_props, game_props, tiles, nodes, paths)
//   equal to the previous step's: a reader carries the last one forward.
//
// Everything a pack chooses is bounded, so that a page stays small whatever the packs log, show,
// raise or store: a log line longer than kMaxLogLineBytes, a shown text longer than
// kMaxShownBytes, a string value or option label longer than kMaxValueBytes and a decision kind,
// event name or pack name longer than kMaxNameBytes keep their first bytes (cut at a UTF-8
// character boundary) followed by "… cut: N bytes" (N: the bytes left out). A step keeps
// at most kMaxStepTextBytes of log and shown text and the game kMaxGameTextBytes, each text
// counted with kTextOverheadBytes more (so empty lines count too); the text that crosses a bound
// is cut there, later texts are left out, and the step's log ends with a line
// "… cut: N bytes in M texts (...)" naming the bound.
#include <nlohmann/json.hpp>

#include "engine/replay.h"
#include "scripting/session.h"

namespace catan::view {

// Options of one decision kept in a step (beyond them, only the chosen one).
inline constexpr int kMaxOptions = 40;

// Bounds of what a recording keeps of pack-chosen text (above).
inline constexpr std::size_t kMaxLogLineBytes = 4096;
inline constexpr std::size_t kMaxShownBytes = 16 * 1024;
inline constexpr std::size_t kMaxValueBytes = 1024;
inline constexpr std::size_t kMaxNameBytes = 256;
inline constexpr std::size_t kMaxStepTextBytes = 64 * 1024;
inline constexpr std::size_t kMaxGameTextBytes = 4 * 1024 * 1024;
inline constexpr std::size_t kTextOverheadBytes = 16;
inline constexpr std::size_t kMaxStepEvents = 1000;
inline constexpr std::size_t kMaxGameEvents = 200000;

// `text` cut to at most `max_bytes` bytes at a UTF-8 character boundary, followed by
// "… cut: N bytes" when anything was left out; `text` itself when it fits.
std::string cut_text(std::string_view text, std::size_t max_bytes);

// Plays `replay` again in `session` (made with the replay's packs and options) and records it,
// verifying it as Session::replay does. Throws std::runtime_error with a one-line message when a
// decision differs from the recorded one, when the game asks for a decision the replay does not
// hold or ends before its last one, when a finished game's winner, reason, turns or digest differ
// from the recorded outcome (the packs changed since the replay was saved), and for an abandoned
// replay (it holds no decisions to watch). A game that fails (a pack error) after its last
// recorded decision is a failed game's replay: it is recorded up to the failure (`error`).
nlohmann::json record_replay(scripting::Session& session, const engine::Replay& replay);

}  // namespace catan::view
