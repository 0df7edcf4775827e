// Shared by the libFuzzer targets: every input goes through the same file-reading entry point the
// commands use, so the fuzzers cover the size checks and the parsing exactly as `catan` runs them.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace catan::fuzz {

// A scratch folder of this process under $TMPDIR (or /tmp), removed at exit.
inline const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path dir = [] {
    std::filesystem::path d =
        std::filesystem::temp_directory_path() / ("catan-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(scratch_dir(), ec);
    });
    return d;
  }();
  return dir;
}

// Writes the input to `file`, replacing it.
inline void write_input(const std::filesystem::path& file, const std::uint8_t* data,
                        std::size_t size) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

// A broken contract: report it and abort, which libFuzzer records as a crash with its input.
[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "contract broken: %s\n", what.c_str());
  std::abort();
}

}  // namespace catan::fuzz
