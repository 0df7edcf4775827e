// A person's seat (cli/human_agent.h): an answer is a whole number or an option's id, and a line
// is read with a bounded buffer whatever its length.
#include "cli/human_agent.h"

#include <sys/resource.h>

#include <algorithm>
#include <sstream>
#include <streambuf>
#include <string>

#include <gtest/gtest.h>

#include "tests/session_fixture.h"

namespace catan::cli {
namespace {

class HumanAgentTest : public scripting::testing::SessionFixture {
 protected:
  // The id the person's answers choose among options a, b and c, or the game's error; the
  // prompts go to `out`.
  std::string choose(std::istream& in, std::ostringstream& out) {
    pack("three", R"lua(
game.on("turn", function(e)
  local o = game.decide(e.player, "pick", { { id = "a" }, { id = "b" }, { id = "c" } })
  game.set("chosen", o.id)
  game.finish(e.player)
end)
)lua");
    auto s = session({"three"});
    scripting::GameConfig config;
    config.players = 1;
    config.agent_objects = {std::make_shared<HumanAgent>(s->state(), in, out)};
    const auto r = s->play(config);
    return r.ok ? prop(*s, "chosen") : r.error;
  }
  std::string choose(const std::string& answers) {
    std::istringstream in(answers);
    out_.str("");
    return choose(in, out_);
  }
  // How many times the person was told what to type.
  int refusals() const {
    int n = 0;
    const std::string text = out_.str();
    for (auto at = text.find("please type a number from 1 to 3"); at != std::string::npos;
         at = text.find("please type a number from 1 to 3", at + 1))
      ++n;
    return n;
  }

  std::ostringstream out_;
};

TEST_F(HumanAgentTest, AnAnswerIsAWholeNumberOrAnId) {
  EXPECT_EQ(choose("2\n"), "b");
  EXPECT_EQ(choose("  3 \t\n"), "c") << "blanks around the answer are ignored";
  EXPECT_EQ(choose("c\n"), "c");
  EXPECT_EQ(refusals(), 0);
  EXPECT_EQ(choose("1abc\n2\n"), "b");
  EXPECT_EQ(refusals(), 1) << out_.str();
  EXPECT_EQ(choose("1 2\n+1\n1.0\n0\n4\n-1\n99999999999999999999\nb c\n\na\n"), "a");
  EXPECT_EQ(refusals(), 9) << out_.str();
}

TEST_F(HumanAgentTest, TheRestOfAnOverlongLineIsDiscarded) {
  // Its first 4,096 bytes are an answer, which is not taken.
  EXPECT_EQ(choose("1" + std::string(HumanAgent::kMaxAnswerBytes + 10, ' ') + "\n2\n"), "b");
  EXPECT_NE(out_.str().find("that answer is longer than 4096 bytes: the rest of the line is "
                            "discarded\n"),
            std::string::npos)
      << out_.str();
  EXPECT_EQ(choose("1" + std::string(HumanAgent::kMaxAnswerBytes - 1, ' ') + "\n2\n"), "a")
      << "a line of exactly the bound is an answer";
  EXPECT_EQ(choose("c"), "c") << "the last line needs no newline";
  EXPECT_NE(choose(std::string(10000, 'x')).find("the human player's input ended"),
            std::string::npos);
}

// A stream of `bytes` bytes of 'x', then "\n2\n", made as it is read: nothing holds the line.
class LongLine final : public std::streambuf {
 public:
  explicit LongLine(std::size_t bytes) : left_(bytes) {}

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const std::size_t n = std::min(left_, chunk_.size());
      left_ -= n;
      setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
      return traits_type::to_int_type(chunk_[0]);
    }
    if (tail_done_) return traits_type::eof();
    tail_done_ = true;
    setg(tail_.data(), tail_.data(), tail_.data() + tail_.size());
    return traits_type::to_int_type(tail_[0]);
  }

 private:
  std::size_t left_;
  std::string chunk_ = std::string(1 << 16, 'x');
  std::string tail_ = "\n2\n";
  bool tail_done_ = false;
};

// The process's peak resident memory so far, in bytes.
std::size_t peak_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::size_t>(usage.ru_maxrss) * 1024;
}

TEST_F(HumanAgentTest, AHugeLineIsReadWithABoundedBuffer) {
  // A 1 GiB line, made in 64 kB pieces as it is read: kept whole, it would raise the process's
  // peak memory by a gigabyte or more.
  const std::size_t before = peak_bytes();
  LongLine line(std::size_t{1} << 30);
  std::istream in(&line);
  std::ostringstream out;
  EXPECT_EQ(choose(in, out), "b");
  EXPECT_NE(out.str().find("longer than 4096 bytes"), std::string::npos);
  EXPECT_LT(peak_bytes(), before + (std::size_t{256} << 20));
}

}  // namespace
}  // namespace catan::cli
