#include "engine/file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace catan::engine {

namespace fs = std::filesystem;

std::string read_bounded_file(const fs::path& file, std::uintmax_t max_bytes,
                              std::string_view what) {
  std::ifstream in;
  // stat(2) follows symlinks; the size of a regular file is known without reading it.
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    throw FileError(fmt::format("{}: {}", file.string(),
                                errno == ENOENT ? "no such file" : std::strerror(errno)));
  }
  if (S_ISDIR(st.st_mode)) throw FileError(fmt::format("{}: is a directory", file.string()));
  if (!S_ISREG(st.st_mode))
    throw FileError(fmt::format("{}: not a regular file (refused as {})", file.string(), what));
  const auto size = static_cast<std::uintmax_t>(st.st_size);
  if (size > max_bytes)
    throw FileError(fmt::format("{}: {} bytes, above the limit of {} bytes for {}", file.string(),
                                size, max_bytes, what));
  in.open(file, std::ios::binary);
  if (!in) throw FileError(fmt::format("{}: cannot read the file", file.string()));
  // Only the stated size is read: a file that grew after the stat is refused, not read on.
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) throw FileError(fmt::format("{}: cannot read the file", file.string()));
  if (in && in.peek() != std::ifstream::traits_type::eof())
    throw FileError(fmt::format("{}: grew while being read (above {} bytes)", file.string(), size));
  return text;
}

namespace {

// `path` with every symlink in its last component followed (relative targets resolve against
// the link's folder). Throws FileError for a loop of links.
fs::path resolve_links(fs::path path) {
  for (int hops = 0;; ++hops) {
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (ec || !fs::is_symlink(status)) return path;
    if (hops == 40)
      throw FileError(
          fmt::format("cannot write {}: too many levels of symbolic links", path.string()));
    const fs::path target = fs::read_symlink(path, ec);
    if (ec) throw FileError(fmt::format("cannot write {}: {}", path.string(), ec.message()));
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
}

}  // namespace

void write_output_file(const fs::path& requested, const std::function<void(std::ostream&)>& write) {
  const fs::path path = resolve_links(requested);
  const auto fail = [&](const std::string& reason) {
    return FileError(fmt::format("cannot write {}: {}", requested.string(), reason));
  };
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (fs::is_directory(status)) throw fail("is a directory");
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    // A device, FIFO or socket is written in place, never replaced.
    std::ofstream out(path, std::ios::binary);
    if (!out) throw fail("cannot open it");
    write(out);
    out.flush();
    if (!out) throw fail("write error");
    return;
  }
  // The process id keeps the temporary name apart from files of the same name (a CSV's rows file
  // PATH.tmp) and from other processes writing the same path.
  const fs::path tmp = fs::path(fmt::format("{}.{}.tmp", path.string(), ::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw fail("cannot create " + tmp.string());
    try {
      write(out);
    } catch (...) {
      out.close();
      fs::remove(tmp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      out.close();
      fs::remove(tmp, ec);
      throw fail("write error");
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string reason = ec.message();
    fs::remove(tmp, ec);
    throw fail(reason);
  }
}

void write_output_file(const fs::path& path, std::string_view content) {
  write_output_file(path, [&](std::ostream& out) {
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
  });
}

std::string as_written_in_json(std::string_view text) {
  return nlohmann::json::parse(json_text(nlohmann::json(std::string(text)))).get<std::string>();
}

std::string terminal_safe(std::string_view text) {
  const auto unsafe = [](unsigned char c) {
    return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f;
  };
  std::size_t i = 0;
  while (i < text.size() && !unsafe(static_cast<unsigned char>(text[i]))) ++i;
  if (i == text.size()) return std::string(text);
  std::string out(text.substr(0, i));
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (unsafe(c))
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  return out;
}

}  // namespace catan::engine
