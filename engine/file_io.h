#pragma once
// Reading input files with a size bound, and writing output files without ever leaving a partial
// file or replacing what is not a regular file.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace catan::engine {

// Size bounds of the files catan reads (documented in README.md, docs/lab.md, docs/authoring.md).
// A replay of a 1000-turn four-player base game is about 450 kB: 64 MiB holds about 140,000 turns.
inline constexpr std::uintmax_t kMaxReplayBytes = std::uintmax_t{64} << 20;
// A results file holds exact totals (histograms of at most 4096 values each) per configuration.
inline constexpr std::uintmax_t kMaxResultsBytes = std::uintmax_t{64} << 20;
// The largest built-in manifest is under 4 kB.
inline constexpr std::uintmax_t kMaxManifestBytes = std::uintmax_t{4} << 20;

// An input file that cannot be read, or an output file that cannot be written. The message is one
// line that starts with the path.
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The contents of `file`, which must be a regular file (after following symlinks) of at most
// `max_bytes` bytes; its size is checked with stat before anything is read. Throws FileError:
//   "FILE: no such file", "FILE: not a regular file", "FILE: cannot read the file",
//   "FILE: 2147483648 bytes, above the limit of 67108864 bytes for a replay"
// where `what` ("a replay") names the kind of file.
std::string read_bounded_file(const std::filesystem::path& file, std::uintmax_t max_bytes,
                              std::string_view what);

// Writes a file through `write`, never leaving a partial file at `path`:
//  - a path that does not exist or names a regular file: written to PATH.PID.tmp beside it, then
//    renamed over it (the temporary file is removed when writing fails);
//  - a symlink: its target (resolved, also through chains of links) is written the same way, so
//    the link stays and points at the new contents;
//  - an existing file that is not regular (a device such as /dev/null, a FIFO, a socket): opened
//    and written directly; it is never replaced;
//  - a directory: refused.
// Throws FileError "cannot write PATH: REASON".
void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write);
void write_output_file(const std::filesystem::path& path, std::string_view content);

// `json` as text for a file or stdout (indent as nlohmann's dump; -1 = one line). Strings may hold
// pack-chosen bytes that are not UTF-8: each invalid byte is written as U+FFFD instead of failing.
template <typename Json>
std::string json_text(const Json& json, int indent = -1) {
  return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// `text` as it reads back from JSON written by json_text: unchanged when it is valid UTF-8, else
// with each invalid byte replaced by U+FFFD. Replays compare recorded strings through it.
std::string as_written_in_json(std::string_view text);

// `text` for a terminal: C0 control characters other than tab and newline, and DEL, are replaced
// by "\xNN" (ESC becomes "\x1b"); every other byte is kept. Text without such bytes is returned
// unchanged.
std::string terminal_safe(std::string_view text);

}  // namespace catan::engine
