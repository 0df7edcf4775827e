// A person's seat (cli/human_agent.h): an answer is a whole number or an option's id, and a line
// is read with a bounded buffer whatever its length.
#include "cli/human_agent.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>

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

// "1", `blanks` blanks, then `rest`.
std::string padded_one(std::size_t blanks, const char* rest) {
  std::string line("1");
  line.append(blanks, ' ');
  line.append(rest);
  return line;
}

TEST_F(HumanAgentTest, TheRestOfAnOverlongLineIsDiscarded) {
  // Its first 4,096 bytes are an answer, which is not taken.
  EXPECT_EQ(choose(padded_one(HumanAgent::kMaxAnswerBytes + 10, "\n2\n")), "b");
  EXPECT_NE(out_.str().find("that answer is longer than 4096 bytes: the rest of the line is "
                            "discarded\n"),
            std::string::npos)
      << out_.str();
  EXPECT_EQ(choose(padded_one(HumanAgent::kMaxAnswerBytes - 1, "\n2\n")), "a")
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

// A menu of 41 options ("offer:give=X:get=N" for X in a..e and N in 1..8, then "cancel") is
// walked one part of the ids at a time; "back" goes up a step.
TEST_F(HumanAgentTest, ALongMenuIsWalkedStepByStep) {
  pack("long", R"lua(
game.on("turn", function(e)
  local opts = {}
  for _, x in ipairs({ "a", "b", "c", "d", "e" }) do
    for n = 1, 8 do opts[#opts + 1] = { id = "offer:give=" .. x .. ":get=" .. n } end
  end
  opts[#opts + 1] = { id = "cancel" }
  game.set("chosen", game.decide(e.player, "pick", opts).id)
  game.finish(e.player)
end)
)lua");
  auto s = session({"long"});
  const auto play = [&](const std::string& answers) {
    std::istringstream in(answers);
    out_.str("");
    scripting::GameConfig config;
    config.players = 1;
    config.agent_objects = {std::make_shared<HumanAgent>(s->state(), in, out_)};
    const auto r = s->play(config);
    return r.ok ? prop(*s, "chosen") : r.error;
  };
  // offer, then give=b, back, give=c, then get=4.
  EXPECT_EQ(play("1\n2\nback\n3\n4\n"), "offer:give=c:get=4");
  const std::string text = out_.str();
  EXPECT_NE(text.find("41 options, step by step"), std::string::npos) << text;
  EXPECT_NE(text.find("    1) offer ... (40 options)\n    2) cancel\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    2) give b ... (8 options)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("8 options, step by step"), std::string::npos) << text;
  // A single option is chosen at once; an id is an answer at any step; a group's number past
  // the groups is refused.
  EXPECT_EQ(play("2\n"), "cancel");
  EXPECT_EQ(play("1\noffer:give=e:get=8\n"), "offer:give=e:get=8");
  EXPECT_EQ(play("3\n1\n1\n1\n"), "offer:give=a:get=1");
  EXPECT_NE(out_.str().find("please type a number from 1 to 2"), std::string::npos);
  // "list" shows every option with its number in the whole menu.
  EXPECT_EQ(play("list\n41\n"), "cancel");
  EXPECT_NE(out_.str().find("   41) cancel\n"), std::string::npos);
}

// Two decisions of the same seat in one turn: "undo" at the second ends the game with the
// request to ask the first again; "undo" at the first has nothing to take back; "quit" and the
// end of input ask to stop.
TEST_F(HumanAgentTest, UndoAndQuitEndTheGameWithARequest) {
  pack("twice", R"lua(
game.on("turn", function(e)
  local first = game.decide(e.player, "first", { "a", "b" })
  local second = game.decide(e.player, "second", { "c", "d" })
  game.set("chosen", first .. second)
  game.finish(e.player)
end)
)lua");
  auto s = session({"twice"});
  const auto play = [&](const std::string& answers, HumanAgent::Request want) {
    std::istringstream in(answers);
    out_.str("");
    scripting::GameConfig config;
    config.players = 1;
    auto person = std::make_shared<HumanAgent>(s->state(), in, out_);
    config.agent_objects = {person};
    const auto r = s->play(config);
    EXPECT_EQ(person->request(), want) << answers;
    return std::make_pair(r.ok ? prop(*s, "chosen") : r.error, person);
  };
  EXPECT_EQ(play("2\n1\n", HumanAgent::Request::None).first, "bc");
  const auto undo = play("2\nundo\n", HumanAgent::Request::Undo);
  EXPECT_NE(undo.first.find("the person took back a decision"), std::string::npos) << undo.first;
  EXPECT_EQ(undo.second->undo_to(), 0u);
  // Rewound to decision 0: the request is cleared and the game retraced is not shown again.
  undo.second->rewind(0);
  EXPECT_EQ(undo.second->request(), HumanAgent::Request::None);
  EXPECT_TRUE(undo.second->retracing());
  EXPECT_EQ(play("undo\n1\n2\n", HumanAgent::Request::None).first, "ad");
  EXPECT_NE(out_.str().find("nothing to take back: this is your first decision of this turn"),
            std::string::npos);
  EXPECT_NE(play("1\nquit\n", HumanAgent::Request::Quit).first.find("the person quit"),
            std::string::npos);
  EXPECT_NE(play("1\n", HumanAgent::Request::Quit).first.find("the human player's input ended"),
            std::string::npos);
  EXPECT_EQ(play("?\nboard\n1\n1\n", HumanAgent::Request::None).first, "ac");
  EXPECT_NE(out_.str().find("undo        take back your previous decision"), std::string::npos);
}

// A stream that gives its text only after a pause, as a person thinking would.
class SlowLine final : public std::streambuf {
 public:
  SlowLine(std::string text, std::chrono::milliseconds pause)
      : text_(std::move(text)), pause_(pause) {}

 protected:
  int_type underflow() override {
    if (done_) return traits_type::eof();
    std::this_thread::sleep_for(pause_);
    done_ = true;
    setg(text_.data(), text_.data(), text_.data() + text_.size());
    return traits_type::to_int_type(text_[0]);
  }

 private:
  std::string text_;
  std::chrono::milliseconds pause_;
  bool done_ = false;
};

// A person thinking longer than the time limit of a call into Lua is not stopped by it: the
// seat stops the clock while it waits.
TEST_F(HumanAgentTest, ThinkingTimeIsNotThePacksTime) {
  pack("three", R"lua(
game.on("turn", function(e)
  game.set("chosen", game.decide(e.player, "pick", { "a", "b", "c" }))
  game.finish(e.player)
end)
)lua");
  lua::Limits limits;
  limits.time_limit_ms = 300;
  auto s = session({"three"}, {}, limits);
  SlowLine line("2\n", std::chrono::milliseconds(900));
  std::istream in(&line);
  std::ostringstream out;
  scripting::GameConfig config;
  config.players = 1;
  config.agent_objects = {
      std::make_shared<HumanAgent>(s->state(), in, out, packs::DrawSpec{}, false, s.get())};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(prop(*s, "chosen"), "b");
  // Without the session, the same wait is the call's time.
  SlowLine again("2\n", std::chrono::milliseconds(900));
  std::istream in2(&again);
  config.agent_objects = {std::make_shared<HumanAgent>(s->state(), in2, out)};
  const auto stopped = s->play(config);
  ASSERT_FALSE(stopped.ok);
  EXPECT_NE(stopped.error.find("time limit exceeded"), std::string::npos) << stopped.error;
}

}  // namespace
}  // namespace catan::cli
