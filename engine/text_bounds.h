#pragma once
// Bounds on text that packs choose and the host keeps, prints or writes: error messages, log
// lines and shown views. A pack can make a string as long as the memory cap allows; what leaves
// its Lua state is cut to these sizes, so a run's output and memory do not grow with it.
#include <cstddef>
#include <string>
#include <string_view>

namespace catan::engine {

// An error message (a game's failure, a replay's recorded error, a results file's list).
inline constexpr std::size_t kMaxErrorBytes = 4 * 1024;

// The reason a game ended (game.finish's second argument).
inline constexpr std::size_t kMaxReasonBytes = 1024;

// One game.log, game.show or print call.
inline constexpr std::size_t kMaxShownBytes = 64 * 1024;

// How many of the first bytes of `text` a cut to at most `limit` bytes keeps: all of them when
// they fit, else `limit` backed up to the start of a UTF-8 sequence, so a character is never split.
std::size_t cut_point(std::string_view text, std::size_t limit);

// `text` when it is at most `limit` bytes; else its first cut_point bytes followed by
// " [cut: N more bytes]", where N counts the bytes left out.
std::string cut_text(std::string_view text, std::size_t limit);

}  // namespace catan::engine
