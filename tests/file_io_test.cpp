// Input files are bounded and checked before reading; output files never replace a device or a
// symlink; JSON and terminal text survive pack-chosen bytes.
#include "engine/file_io.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "pack_fixture.h"

namespace catan::engine {
namespace {

namespace fs = std::filesystem;
using packs::testing::TempPackDir;

std::string read_error(const fs::path& file, std::uintmax_t limit) {
  try {
    read_bounded_file(file, limit, "a test file");
  } catch (const FileError& e) {
    return e.what();
  }
  return "(read)";
}

std::string contents(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(FileIo, ReadsAFileUpToTheLimit) {
  TempPackDir dir;
  const auto file = dir.write("a.json", "12345");
  EXPECT_EQ(read_bounded_file(file, 5, "a test file"), "12345");
  EXPECT_EQ(read_error(file, 4),
            file.string() + ": 5 bytes, above the limit of 4 bytes for a test file");
}

TEST(FileIo, ASparseHugeFileIsRefusedWithoutReadingIt) {
  TempPackDir dir;
  const auto file = dir.write("big.json", "");
  fs::resize_file(file, std::uintmax_t{2} << 30);  // 2 GiB, sparse
  EXPECT_EQ(
      read_error(file, kMaxReplayBytes),
      file.string() + ": 2147483648 bytes, above the limit of 67108864 bytes for a test file");
}

TEST(FileIo, NonRegularFilesAreRefused) {
  TempPackDir dir;
  EXPECT_EQ(read_error("/dev/zero", kMaxReplayBytes),
            "/dev/zero: not a regular file (refused as a test file)");
  const auto fifo = dir.root() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opening a FIFO with no writer would block: the refusal comes from stat alone.
  EXPECT_EQ(read_error(fifo, kMaxReplayBytes),
            fifo.string() + ": not a regular file (refused as a test file)");
  EXPECT_EQ(read_error(dir.root(), kMaxReplayBytes), dir.root().string() + ": is a directory");
  EXPECT_EQ(read_error(dir.root() / "none", kMaxReplayBytes),
            (dir.root() / "none").string() + ": no such file");
}

TEST(FileIo, OutputReplacesARegularFileAtomically) {
  TempPackDir dir;
  const auto file = dir.write("out.json", "old");
  write_output_file(file, "new");
  EXPECT_EQ(contents(file), "new");
  // No temporary file is left beside it.
  std::size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir.root())) entries += e.exists() ? 1 : 0;
  EXPECT_EQ(entries, 1u);
}

TEST(FileIo, OutputThroughASymlinkKeepsTheLinkAndWritesItsTarget) {
  TempPackDir dir;
  const auto target = dir.write("data/target.json", "old");
  const auto link = dir.root() / "link.json";
  fs::create_symlink("data/target.json", link);
  write_output_file(link, "new");
  ASSERT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(contents(target), "new");
  // A dangling link gets its target created.
  const auto dangling = dir.root() / "dangling.json";
  fs::create_symlink("data/created.json", dangling);
  write_output_file(dangling, "made");
  ASSERT_TRUE(fs::is_symlink(fs::symlink_status(dangling)));
  EXPECT_EQ(contents(dir.root() / "data/created.json"), "made");
}

// A FIFO stands for every non-regular file (a device such as /dev/null is never used in tests: a
// broken helper would replace it).
TEST(FileIo, OutputToAFifoWritesThroughAndNeverReplacesIt) {
  TempPackDir dir;
  const auto fifo = dir.root() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto link = dir.root() / "fifo-link";
  fs::create_symlink(fifo, link);
  for (const auto& path : {fifo, link}) {
    std::string received;
    std::thread reader([&] { received = contents(fifo); });
    write_output_file(path, "through the pipe");
    reader.join();
    EXPECT_EQ(received, "through the pipe");
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  }
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
}

TEST(FileIo, OutputToADirectoryIsRefused) {
  TempPackDir dir;
  try {
    write_output_file(dir.root(), "x");
    FAIL();
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write " + dir.root().string() + ": is a directory");
  }
}

TEST(FileIo, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  TempPackDir dir;
  const auto file = dir.write("out.json", "old");
  EXPECT_THROW(write_output_file(file, [](std::ostream&) { throw std::runtime_error("boom"); }),
               std::runtime_error);
  EXPECT_EQ(contents(file), "old");
  std::size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir.root())) entries += e.exists() ? 1 : 0;
  EXPECT_EQ(entries, 1u);
}

TEST(FileIo, JsonTextReplacesInvalidUtf8) {
  nlohmann::json j = {{"name", "bad\xff\xfe"}};
  EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);
  EXPECT_EQ(json_text(j), "{\"name\":\"bad\xef\xbf\xbd\xef\xbf\xbd\"}");
  nlohmann::ordered_json o = {{"k", "\xc3"}};
  EXPECT_EQ(json_text(o, 1), "{\n \"k\": \"\xef\xbf\xbd\"\n}");
}

TEST(FileIo, StringsCompareAsWrittenInJson) {
  EXPECT_EQ(as_written_in_json("plain \"quoted\"\n"), "plain \"quoted\"\n");
  EXPECT_EQ(as_written_in_json("bad\xff"), "bad\xef\xbf\xbd");
}

TEST(FileIo, TerminalTextEscapesControlBytes) {
  EXPECT_EQ(terminal_safe("plain text\twith tab\nand newline"),
            "plain text\twith tab\nand newline");
  EXPECT_EQ(terminal_safe("\x1b[2Jcleared\r\x7f\x07"), "\\x1b[2Jcleared\\x0d\\x7f\\x07");
  EXPECT_EQ(terminal_safe("caf\xc3\xa9"), "caf\xc3\xa9");
}

}  // namespace
}  // namespace catan::engine
