// Kernel limits (docs/lua-api.md, "Kernel limits"): what pack calls make the kernel hold counts
// against the pack memory cap, and API calls that would loop over a pack-chosen count are refused
// up front. Each game here ends with a one-line error instead of growing the process.
#include "engine/text_bounds.h"
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

constexpr std::size_t kCap = 16u << 20;
const std::string kCapMessage = "memory cap exceeded (16777216 bytes)";

class KernelLimitsTest : public SessionFixture {
 protected:
  // Plays one game of a pack whose only turn runs `body` (then ends the game) after a setup
  // that declares a form, a kind, a supply and a radius-1 hex board unless `setup` replaces it.
  // The memory cap is kCap.
  GameResult run(const std::string& body, const std::string& setup = kSetup) {
    pack("hostile", R"lua(
game.on("game.setup", function()
)lua" + setup + R"lua(
end)
game.on("turn", function(e)
)lua" + body + R"lua(
  game.finish(e.player)
end)
)lua");
    lua::Limits limits;
    limits.memory_bytes = kCap;
    session_ = session({"hostile"}, {}, limits);
    return session_->play({});
  }

  // `r` ended with the memory trip, and the session plays a clean game afterwards.
  void expect_memory_trip(const GameResult& r) {
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find(kCapMessage), std::string::npos) << r.error;
    EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
  }

  static constexpr const char* kSetup = R"lua(
  game.add_form("card")
  game.add_kind("brick")
  game.add_supply("bank")
  board.hex(1)
)lua";
  std::unique_ptr<Session> session_;
};

TEST_F(KernelLimitsTest, BigStringPropertiesCountAgainstTheMemoryCap) {
  // 200 strings of 1 MB each (200 MB in the kernel) under a 16 MB cap, by every setter.
  for (const auto* body : {
           R"lua(for i = 1, 200 do game.set("k" .. i, string.rep("x", 1e6) .. i) end)lua",
           R"lua(for i = 1, 200 do game.player_set(1, "k" .. i, string.rep("x", 1e6) .. i) end)lua",
           R"lua(for i = 1, 200 do board.node_set(1 + i % 7, "k" .. i, string.rep("x", 1e6) .. i)
                 end)lua",
           // Inside a coroutine, caught by pcall: the trip still ends the game.
           R"lua(coroutine.wrap(function()
                   pcall(function()
                     for i = 1, 200 do game.set("k" .. i, string.rep("x", 1e6) .. i) end
                   end)
                 end)())lua",
       }) {
    SCOPED_TRACE(body);
    expect_memory_trip(run(body));
  }
}

TEST_F(KernelLimitsTest, ManyUniquePropertyNamesCountAgainstTheMemoryCap) {
  // Each new name costs the kernel its characters twice, an index entry and a column.
  expect_memory_trip(run(R"lua(for i = 1, 400000 do game.set("key" .. i, i) end)lua"));
  // The same number of writes to one name holds nothing new.
  const auto r = run(R"lua(for i = 1, 400000 do game.set("key", i) end)lua");
  ASSERT_TRUE(r.ok) << r.error_report;
}

TEST_F(KernelLimitsTest, TheHoldingsTableIsCheckedBeforeItGrows) {
  // 200 forms x 202 holders x 60 kinds = 19 MB of counts: refused when a kind would take the
  // table over the cap, before it is allocated.
  expect_memory_trip(run(R"lua(
  for i = 1, 200 do game.add_form("f" .. i) game.add_supply("s" .. i) end
  for i = 1, 60 do game.add_kind("k" .. i) end
)lua",
                         ""));
}

TEST_F(KernelLimitsTest, BoardElementsCountAgainstTheMemoryCap) {
  // 2,000,000 nodes: each will have a row in three relations.
  expect_memory_trip(run(R"lua(for i = 1, 2000000 do board.add_node() end)lua", ""));
  // 500,000 paths among 1,000 nodes.
  expect_memory_trip(run(R"lua(
  for i = 1, 1000 do board.add_node() end
  for i = 1, 1000 do for j = i + 1, 1000 do board.add_path(i, j) end end
)lua",
                         ""));
  // A star of 3,000 paths asks finalize for 9 million path_paths entries: refused before they
  // are built.
  expect_memory_trip(run(R"lua(
  board.add_node()
  for i = 1, 3000 do board.add_path(1, board.add_node()) end
  game.set("before finalize", true)
  board.finalize()
  game.set("after finalize", true)
)lua",
                         ""));
  EXPECT_EQ(session_->state().game_props.get(0, "before finalize"), engine::Value(true));
  EXPECT_EQ(session_->state().game_props.get(0, "after finalize"), engine::Value());
}

TEST_F(KernelLimitsTest, DecksCountAgainstTheMemoryCap) {
  expect_memory_trip(run(R"lua(
  game.add_deck("d")
  for i = 1, 400000 do game.deck_push("d", "card " .. i) end
)lua"));
}

TEST_F(KernelLimitsTest, TheDecisionLogCountsAgainstTheMemoryCap) {
  // 16 bytes a decision: two million decisions are 32 MB.
  expect_memory_trip(run(R"lua(
  local options = { "a", "b" }
  for i = 1, 2000000 do game.choose(1, "pick", options) end
)lua"));
}

TEST_F(KernelLimitsTest, ViewKeysCountAgainstTheMemoryCap) {
  for (const auto* view : {"game.player_view", "board.node_view"}) {
    SCOPED_TRACE(view);
    expect_memory_trip(run(std::string("local long = string.rep('x', 1e5) for i = 1, 1000 do ") +
                           view + "(long .. i) end"));
  }
}

TEST_F(KernelLimitsTest, LogLinesAreNotHeldByTheKernel) {
  // game.log hands each line to the session's sink at once, cut to 64 KiB: a game logging 200
  // lines of 1 MB under a 16 MB cap holds none of them.
  pack("logger", R"lua(
game.on("turn", function(e)
  for i = 1, 200 do game.log(string.rep("x", 1e6)) end
  game.finish(e.player)
end)
)lua");
  lua::Limits limits;
  limits.memory_bytes = kCap;
  auto s = session({"logger"}, {}, limits);
  std::size_t lines = 0, bytes = 0;
  const std::string cut =
      " [cut: " + std::to_string(1'000'000 - engine::kMaxShownBytes) + " more bytes]";
  s->set_log([&](std::string_view line) {
    if (line.empty() || line[0] != 'x') return;  // the session's own lines
    ++lines;
    bytes += line.size();
    EXPECT_TRUE(line.ends_with(cut)) << line.substr(line.size() - 40);
  });
  const auto r = s->play({});
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(lines, 200u);
  EXPECT_EQ(bytes, 200 * (engine::kMaxShownBytes + cut.size()));
}

TEST_F(KernelLimitsTest, AGameAfterAMemoryTripPlaysNormally) {
  pack("greedy", R"lua(
game.on("turn", function(e)
  if options.hog then
    for i = 1, 200 do game.set("k" .. i, string.rep("x", 1e6) .. i) end
  end
  game.set("small", "text")
  game.finish(e.player)
end)
)lua",
       R"(, "options": {"hog": {"type": "boolean", "default": false, "description": "x"}})");
  lua::Limits limits;
  limits.memory_bytes = kCap;
  auto s = session({"greedy"}, {}, limits);
  GameConfig config;
  config.options = {"greedy.hog=true"};
  expect_memory_trip(s->play(config));
  config.options = {};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_EQ(s->state().game_props.keys().size(), 1);
  EXPECT_EQ(s->state().game_props.bytes(),
            s->state().game_props.keys().bytes() + sizeof(engine::Value));
}

TEST_F(KernelLimitsTest, CountsOverTheirLimitsAreRefused) {
  struct Case {
    const char* body;
    const char* message;
  } cases[] = {
      {"game.add(1, 'brick', 1 << 40)",
       "bad argument #3 to 'add' (count 1099511627776 is over the limit of 4294967295)"},
      {"game.add('bank', 'brick', 4294967295) game.add('bank', 'brick', 1)",
       "game.add: a holder would hold 4294967296, over the limit of 4294967295 per kind and form"},
      {"game.add('bank', 'brick', 4294967295) game.add(1, 'brick', 4294967295) "
       "game.move(1, 'bank', 'brick', 1)",
       "game.move: a holder would hold 4294967296, over the limit"},
      {"game.remove(1, 'brick', 1 << 40)",
       "bad argument #3 to 'remove' (count 1099511627776 is "
       "over the limit of 4294967295)"},
      {"game.roll(1 << 40)",
       "bad argument #1 to 'roll' (1099511627776 sides is over the limit of 2147483647)"},
      {"game.random(5, -(1 << 40))", "game.random: empty interval [5, -1099511627776]"},
      // Keys 2^25, 2^24, ..., 2, 1 (inserted largest first, so all stay in the hash part):
      // 26 entries, and a border of 2^25.
      {"local t = {} for i = 25, 0, -1 do t[1 << i] = i end game.shuffle(t)",
       "game.shuffle: a list of 33554432 elements is over the limit of 16777216"},
      {"game.decide(1, 'pick', setmetatable({}, { __len = function() return 1 << 40 end }))",
       "game.decide: decision 'pick' has 1099511627776 options, over the limit of 1000000000"},
      {"game.choose(1, 'pick', setmetatable({}, { __len = function() return (1 << 32) + 1 end }))",
       "game.choose: decision 'pick' has 4294967297 options, over the limit of 1000000000"},
  };
  for (const auto& c : cases) {
    const auto r = run(c.body);
    ASSERT_FALSE(r.ok) << c.body;
    EXPECT_NE(r.error.find(c.message), std::string::npos) << c.body << "\n" << r.error;
  }
}

TEST_F(KernelLimitsTest, TheTrailSearchIsBounded) {
  // Every path of a complete graph on 9 nodes: the exhaustive search would enumerate billions
  // of trails; it stops at its step limit.
  auto r = run(R"lua(
  for i = 1, 9 do board.add_node() end
  for i = 1, 9 do for j = i + 1, 9 do board.add_path(i, j) end end
  board.finalize()
  for p = 1, board.paths() do board.path_set(p, "road", 1) end
  board.longest_trail("road", 1, "town")
)lua",
               "");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("board.longest_trail: the trail search takes more than 20000000 "
                         "steps, its limit"),
            std::string::npos)
      << r.error;
  // A chain of 20,000 paths: one trail, deeper than the search recurses.
  r = run(R"lua(
  board.add_node()
  for i = 1, 20000 do board.add_path(i, board.add_node()) end
  board.finalize()
  for p = 1, board.paths() do board.path_set(p, "road", 1) end
  board.longest_trail("road", 1, "town")
)lua",
          "");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("board.longest_trail: a trail reaches 10000 paths, the limit of the "
                         "trail search"),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace catan::scripting
