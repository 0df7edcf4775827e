// The browser table's game (serve/table.h) without a browser: a person's seat waits for its
// page's answer, refuses answers to anything but the decision waiting, shows each seat only its
// own cards, saves the replay as the game goes, and a stop ends a game waiting for a person.
#include <chrono>

#include <unistd.h>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "engine/replay.h"
#include "scripting/pack_search.h"
#include "serve/table.h"

namespace catan::serve {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class ServeTableTest : public ::testing::Test {
 protected:
  ServeTableTest() {
    search_.add_dir(fs::path(CATAN_SOURCE_DIR) / "rules");
    config_.seed = 3;
    config_.players = 4;
    config_.agents = {"human", "human", "heuristic", "heuristic"};
    config_.max_turns = 40;
  }
  ~ServeTableTest() override { fs::remove(save_); }

  // The state of the first of `seats` asked a decision, waiting up to 10 s; null if none is.
  static json asked(const Table& table, std::initializer_list<int> seats) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
      for (const int seat : seats) {
        json s = table.state(seat, std::nullopt);
        if (!s["decision"].is_null() || !s["over"].is_null()) return s;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return nullptr;
  }

  packs::PackSearch search_;
  scripting::GameConfig config_;
  fs::path save_ = fs::temp_directory_path() /
                   ("catan-serve-table-test-" + std::to_string(::getpid()) + ".json");
};

TEST_F(ServeTableTest, APersonsSeatAnswersFromItsPageAndSeesOnlyItsOwnCards) {
  scripting::Session session(search_, {"base"}, {"base.target_vp=4", "base.domestic_offers=1"});
  Table table(session, config_, {0, 1}, save_);
  table.start();
  json s = asked(table, {0, 1});
  ASSERT_FALSE(s.is_null());
  ASSERT_FALSE(s["decision"].is_null());
  EXPECT_EQ(s["decision"]["kind"], "base.setup_settlement");
  const int seat = s["seat"].get<int>() - 1, other = 1 - seat;
  const auto seq = s["decision"]["seq"].get<std::uint64_t>();
  const int count = static_cast<int>(s["decision"]["options"].size());
  EXPECT_EQ(s["decision"]["options"][0][1].get<std::string>().rfind("node:", 0), 0u);
  EXPECT_TRUE(table.state(other, std::nullopt)["decision"].is_null());
  // Nothing changes while the person thinks: a long poll comes back unchanged.
  EXPECT_EQ(table.state(seat, s["version"].get<std::uint64_t>(), std::chrono::milliseconds(20)),
            (json{{"version", s["version"]}, {"unchanged", true}}));
  // The replay so far is saved before the seat waits.
  EXPECT_EQ(engine::load_replay(save_).decisions.size(), seq);

  EXPECT_EQ(table.answer(other, seq, 0), "no decision of this seat is waiting");
  EXPECT_EQ(table.answer(seat, seq + 1, 0), "decision " + std::to_string(seq + 1) +
                                                " is not the one waiting (" + std::to_string(seq) +
                                                ")");
  EXPECT_EQ(
      table.answer(seat, seq, count),
      "no option " + std::to_string(count) + " (the decision has " + std::to_string(count) + ")");
  EXPECT_EQ(table.answer(seat, seq, 0), "");

  // Both people answer their first option to the end; neither ever sees the other's cards.
  int hidden = 0, own = 0;
  for (;;) {
    s = asked(table, {0, 1});
    ASSERT_FALSE(s.is_null());
    if (!s["over"].is_null()) break;
    const int p = s["seat"].get<int>() - 1;
    const json& hands = s["frame"]["hands"];
    if (hands[1 - p].contains("card")) {
      EXPECT_EQ(hands[1 - p]["card"].size(), 1u) << hands[1 - p];
      hidden += hands[1 - p]["card"].contains("hidden");
    }
    if (hands[p].contains("card")) own += !hands[p]["card"].contains("hidden");
    ASSERT_EQ(table.answer(p, s["decision"]["seq"], 0), "");
  }
  EXPECT_GT(hidden, 0);
  EXPECT_GT(own, 0);
  EXPECT_TRUE(table.over());
  const json over = table.state(0, std::nullopt)["over"];
  ASSERT_TRUE(over.contains("reason")) << over;
  // The finished game's replay, with its outcome.
  const engine::Replay replay = engine::load_replay(save_);
  EXPECT_EQ(replay.outcome.turns, over["turns"].get<int>());
  EXPECT_EQ(replay.agents, config_.agents);
  table.stop();
}

TEST_F(ServeTableTest, StoppingEndsAGameThatWaitsForAPerson) {
  scripting::Session session(search_, {"base"}, {});
  Table table(session, config_, {0, 1}, save_);
  table.start();
  const json s = asked(table, {0, 1});
  ASSERT_FALSE(s.is_null());
  table.stop();
  EXPECT_TRUE(table.over());
  EXPECT_EQ(table.state(0, std::nullopt)["over"], (json{{"error", "the server stopped"}}));
  EXPECT_EQ(table.answer(0, 0, 0), "the game is over");
  // What was saved before the wait is the game to resume.
  EXPECT_EQ(engine::load_replay(save_).decisions.size(), s["decision"]["seq"].get<std::size_t>());
}

}  // namespace
}  // namespace catan::serve
