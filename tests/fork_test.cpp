// Forks (engine/fork.h, scripting/fork.h): a game copied at a decision plays on independently;
// the original game is exactly the game it would have been without the fork; copies from the
// same stream are identical and copies from different streams diverge; storage that is not
// plain data is refused with the pack and the key named.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <memory>
#include <set>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/seat_view.h"
#include "session_fixture.h"
#include "shipped_packs.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

// Plays as the random agent (same stream, same choices) and, at the decisions listed, forks the
// game three times: twice from one stream, once from another, each copy played for three more
// turns by random agents. Seeds come from the agent's own counter, never from its stream.
class ForkingAgent final : public engine::Agent {
 public:
  struct Seen {
    std::size_t decision = 0;
    engine::ForkResult a, b, c;
  };
  ForkingAgent(std::set<std::size_t> at, std::vector<Seen>& seen)
      : at_(std::move(at)), seen_(seen) {}
  std::string name() const override { return "random"; }
  void begin_game(std::uint64_t seed, std::uint64_t game_index, int seat) override {
    inner_.begin_game(seed, game_index, seat);
    decisions_ = 0;
  }
  int choose(const engine::Decision& d) override {
    if (at_.count(decisions_++) && d.forker) {
      Seen s;
      s.decision = decisions_ - 1;
      const std::uint64_t seed = 1000 + seen_.size();
      engine::ForkRequest request;
      request.seed = seed;
      request.turns = 3;
      s.a = copy(d.forker->fork(request));
      s.b = copy(d.forker->fork(request));
      request.seed = seed + 7777;
      s.c = copy(d.forker->fork(request));
      seen_.push_back(std::move(s));
    }
    return inner_.choose(d);
  }

 private:
  static engine::ForkResult copy(engine::ForkResult r) {
    r.state = nullptr;  // valid only until the next fork
    return r;
  }
  engine::RandomAgent inner_;
  std::set<std::size_t> at_;
  std::size_t decisions_ = 0;
  std::vector<Seen>& seen_;
};

class ForkTest : public SessionFixture {};

TEST_F(ForkTest, TheOriginalGameIsUntouchedAndForksFollowTheirStream) {
  auto plain = session({"base"});
  auto forked = session({"base"});
  int forks = 0, diverged = 0;
  for (std::uint64_t game = 0; game < 60; ++game) {
    GameConfig config;
    config.agents_see_all = true;  // its forks know everything
    config.seed = 42;
    config.game_index = game;
    config.players = 4;
    config.agents = {"random", "random", "random", "random"};
    const GameResult expected = plain->play(config);
    ASSERT_TRUE(expected.ok) << expected.error;

    // Seat 1 forks at its decisions 0, 3 and 20 (when it gets that far), seat 3 at its 10th.
    std::vector<ForkingAgent::Seen> seen;
    config.agent_objects = {std::make_shared<ForkingAgent>(std::set<std::size_t>{0, 3, 20}, seen),
                            nullptr,
                            std::make_shared<ForkingAgent>(std::set<std::size_t>{10}, seen)};
    const GameResult r = forked->play(config);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.digest, expected.digest) << "game " << game;
    EXPECT_EQ(r.turns, expected.turns) << "game " << game;
    EXPECT_EQ(r.winner, expected.winner) << "game " << game;
    ASSERT_EQ(r.replay.decisions.size(), expected.replay.decisions.size());
    for (const auto& s : seen) {
      ++forks;
      ASSERT_TRUE(s.a.ok) << s.a.error;
      ASSERT_TRUE(s.c.ok) << s.c.error;
      EXPECT_EQ(s.a.digest, s.b.digest) << "game " << game << ", decision " << s.decision;
      EXPECT_EQ(s.a.turns, s.b.turns);
      EXPECT_EQ(s.a.winner, s.b.winner);
      if (s.a.digest != s.c.digest) ++diverged;
    }
  }
  EXPECT_GE(forks, 200);
  // Two random continuations of a game of Catan end in the same state only by accident.
  EXPECT_EQ(diverged, forks);
}

// Forks once at its first decision, for `turns` turns, and keeps what it saw.
class OnceAgent final : public engine::Agent {
 public:
  explicit OnceAgent(int turns) : turns_(turns) {}
  std::string name() const override { return "once"; }
  int choose(const engine::Decision& d) override {
    if (!done_ && d.forker) {
      done_ = true;
      engine::ForkRequest request;
      request.seed = 5;
      request.turns = turns_;
      result = d.forker->fork(request);
      turn_in_copy = result.ok ? result.state->turn : -1;
    }
    return 0;
  }
  engine::ForkResult result;
  int turn_in_copy = -1;

 private:
  int turns_;
  bool done_ = false;
};

TEST_F(ForkTest, ACopyCanStopAfterANumberOfTurns) {
  auto s = session({"dice-race"});
  for (const int turns : {0, 1, 3}) {
    GameConfig config;
    config.agents_see_all = true;  // its forks know everything
    config.players = 3;
    auto agent = std::make_shared<OnceAgent>(turns);
    config.agent_objects = {agent};
    const GameResult r = s->play(config);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_TRUE(agent->result.ok) << agent->result.error;
    // The first decision is on turn 1: the copy finishes it and plays `turns` more.
    EXPECT_FALSE(agent->result.over);
    EXPECT_EQ(agent->result.turns, 1 + turns);
    EXPECT_EQ(agent->turn_in_copy, 1 + turns);
    EXPECT_EQ(agent->result.reason, fmt::format("fork stopped after {} turns", turns));
    EXPECT_FALSE(agent->result.winner.has_value());
  }
}

// A copy that has not ended scores each seat by its share of the score property the manifests
// declare; a pack loaded later may declare another.
TEST_F(ForkTest, AnUnfinishedCopyIsScoredByTheDeclaredScore) {
  const std::string lua = R"(
game.on("game.setup", function(e)
  for p = 1, e.players do
    game.player_set(p, "marks", p)
    game.player_set(p, "other", 4 - p)
  end
end)
game.on("turn", function(e)
  game.decide(e.player, "pick", {"a", "b"})
  if game.turn() >= 4 then game.finish(e.player, "done") end
end)
)";
  pack("marked", lua, R"(, "score": "marks")");
  pack("unscored", lua);
  pack("rescored", "", R"(, "requires": ["marked"], "score": "other")");
  const auto scores = [&](const std::string& name) {
    auto s = session({name});
    GameConfig config;
    config.agents_see_all = true;  // its forks know everything
    config.players = 3;
    auto agent = std::make_shared<OnceAgent>(0);
    config.agent_objects = {agent};
    const GameResult r = s->play(config);
    EXPECT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(agent->result.ok) << agent->result.error;
    EXPECT_FALSE(agent->result.over);
    return agent->result.scores;
  };
  EXPECT_EQ(scores("marked"), (std::vector<double>{1.0 / 6, 2.0 / 6, 3.0 / 6}));
  EXPECT_EQ(scores("unscored"), (std::vector<double>{1.0 / 3, 1.0 / 3, 1.0 / 3}));
  EXPECT_EQ(scores("rescored"), (std::vector<double>{3.0 / 6, 2.0 / 6, 1.0 / 6}));
}

TEST_F(ForkTest, LuaAgentsForkThroughGameFork) {
  pack("forker", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e)
  storage.turns = (storage.turns or 0) + 1
  local pick = game.decide(e.player, "pick", {"a", "b", "c"})
  game.player_set(e.player, "score", (game.player_get(e.player, "score") or 0) + 1)
  if game.turn() >= 6 then game.finish(e.player, "six turns") end
end)
game.agent("looker", function(player, kind, options)
  local r = game.fork{seed = 9, agents = {"random", "random"}}
  local s = game.fork{seed = 9}
  local t = game.fork{seed = 9, turns = 1}
  assert(r.ok and r.over and r.winner and r.turns == 6, r.error)
  assert(r.reason == "six turns" and s.turns == r.turns and s.winner == r.winner)
  assert(r.players[1].score + r.players[2].score == 6)
  if game.turn() <= 4 then
    assert(not t.over and t.turns == game.turn() + 1 and t.reason == "fork stopped after 1 turns")
  end
  storage.forked = (storage.forked or 0) + 1
  return 1
end)
)");
  auto s = session({"forker"});
  GameConfig config;
  config.agents = {"looker", "random"};
  const GameResult r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.turns, 6);
  // Forking changed nothing in the game: the same game without it.
  auto t = session({"forker"});
  GameConfig plain = config;
  plain.agent_objects = {
      std::make_shared<engine::ScriptedAgent>(std::deque<engine::ScriptedAgent::Answer>{0, 0, 0})};
  const GameResult p = t->play(plain);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(r.digest, p.digest);
}

TEST_F(ForkTest, StorageThatIsNotPlainDataFailsTheForkNamingPackAndKey) {
  const auto write = [&](const std::string& name, const std::string& setup) {
    pack(name, R"(
game.on("game.setup", function(e) game.add_form("chip") )" +
                   setup + R"( end)
game.on("turn", function(e)
  game.decide(e.player, "pick", {"a", "b"})
  game.finish(e.player, "done")
end)
game.agent("looker", function(player, kind, options)
  game.fork{}
  return 1
end)
)");
  };
  write("fn", "storage.deep = {list = {1, 2, {f = print}}}");
  write("co", "storage.co = coroutine.create(function() end)");
  write("meta", "storage.t = setmetatable({n = 1, {f = print}}, {__index = function() end})");
  write("plain", "local t = {1, 'x', true} storage.a = {t, t, {n = 2.5}}");
  // A function at the end of a chain 100,000 tables deep: found, and its path named in part.
  write(
      "chain",
      "local t = {} storage.chain = t for _ = 1, 100000 do t.next = {} t = t.next end t.f = print");
  const auto play_with = [&](const std::string& name) {
    auto s = session({name});
    GameConfig config;
    config.agents = {"looker"};
    return s->play(config);
  };
  GameResult r = play_with("fn");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("fork: pack 'fn': storage key 'deep.list[3].f' holds a function; storage "
                         "must be plain data"),
            std::string::npos)
      << r.error;
  r = play_with("co");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("fork: pack 'co': storage key 'co' holds a thread"), std::string::npos)
      << r.error;
  r = play_with("meta");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("fork: pack 'meta': storage key 't[1].f' holds a function"),
            std::string::npos)
      << r.error;
  r = play_with("chain");
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("fork: pack 'chain': storage key 'chain.next.next.next."),
            std::string::npos)
      << r.error.substr(0, 200);
  EXPECT_NE(r.error.find(" [cut: 499751 more bytes]' holds a function"), std::string::npos)
      << r.error.substr(0, 400);
  // Shared and nested plain tables are fine.
  r = play_with("plain");
  EXPECT_TRUE(r.ok) << r.error;
}

TEST_F(ForkTest, GameForkOutsideAnAgentIsAnError) {
  pack("early", R"(
game.on("game.setup", function(e) game.add_form("chip") end)
game.on("turn", function(e) game.fork{} end)
)");
  auto s = session({"early"});
  GameConfig config;
  const GameResult r = s->play(config);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("game.fork: only an agent choosing a decision can fork the game"),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace catan::scripting

namespace catan::scripting {
namespace {

// What a seat-blind observer compares: every holding, the dev deck, and the public properties.
struct Snapshot {
  std::vector<std::int64_t> cells;                // holdings, (holder, form, kind) order
  std::vector<std::string> deck;                  // the dev deck, bottom to top
  std::vector<std::vector<engine::Value>> props;  // player and node properties, by key
  int forms = 0, kinds = 0;
  std::int64_t at(int holder, int form, int kind) const {
    return cells[static_cast<std::size_t>((holder * forms + form) * kinds + kind)];
  }
};

Snapshot snapshot(const engine::GameState& s) {
  Snapshot out;
  out.forms = s.holdings.forms();
  out.kinds = s.holdings.kinds();
  out.cells = s.holdings.cells();
  const int dev = *s.deck_names.find("dev");
  for (const int item : s.decks.items(dev)) out.deck.push_back(s.items.name(item));
  for (const engine::Properties* p : {&s.player_props, &s.node_props, &s.path_props})
    for (int k = 0; k < p->keys().size(); ++k) out.props.push_back(p->column(k));
  return out;
}

// Captures the state it is asked in, once, then answers like the random agent.
class Captor final : public engine::Agent {
 public:
  std::string name() const override { return "captor"; }
  int choose(const engine::Decision& d) override {
    if (!seen && d.view) seen = snapshot(*d.view->omniscient());
    return static_cast<int>(rng().below(static_cast<std::uint64_t>(d.count)));
  }
  std::optional<Snapshot> seen;
};

// Seat 1 forks at its decision `at` as seen by itself, from two streams, stopping each copy at
// once; what each copy looked like at the fork point is kept.
class SeenByAgent final : public engine::Agent {
 public:
  explicit SeenByAgent(std::size_t at) : at_(at) {}
  std::string name() const override { return "random"; }
  int choose(const engine::Decision& d) override {
    if (n_++ == at_ && d.forker) {
      original = snapshot(*d.view->omniscient());
      for (const std::uint64_t seed : {11u, 12u}) {
        auto captor = std::make_shared<Captor>();
        engine::ForkRequest request;
        request.seed = seed;
        request.seen_by = 0;
        request.turns = 0;
        request.agent_objects = {captor};
        const auto r = d.forker->fork(request);
        if (!r.ok) throw std::runtime_error(r.error);
        copies.push_back(*captor->seen);
      }
    }
    return static_cast<int>(rng().below(static_cast<std::uint64_t>(d.count)));
  }
  std::optional<Snapshot> original;
  std::vector<Snapshot> copies;

 private:
  std::size_t at_, n_ = 0;
};

TEST_F(ForkTest, AForkAsSeenByASeatRedealsOnlyWhatThatSeatCannotSee) {
  auto s = session({"base"});
  int hidden_kinds_differ = 0, deck_order_differs = 0, points = 0;
  for (std::uint64_t game = 0; game < 20; ++game) {
    GameConfig config;
    config.seed = 3;
    config.game_index = game;
    config.players = 4;
    auto agent = std::make_shared<SeenByAgent>(30);
    config.agent_objects = {agent};
    config.agents_see_all = true;  // the agents observe what the copies hide
    const GameResult r = s->play(config);
    ASSERT_TRUE(r.ok) << r.error;
    if (!agent->original) continue;
    ++points;
    const engine::GameState& st = s->state();
    const int card = *st.forms.find("card"), dev = *st.forms.find("dev");
    const Snapshot& o = *agent->original;
    ASSERT_EQ(agent->copies.size(), 2u);
    for (const Snapshot& c : agent->copies) {
      ASSERT_EQ(c.forms, o.forms);
      ASSERT_EQ(c.kinds, o.kinds);
      EXPECT_EQ(c.props, o.props);
      EXPECT_EQ(c.deck.size(), o.deck.size());
      for (int h = 0; h < st.holdings.holders(); ++h) {
        for (int f = 0; f < o.forms; ++f) {
          std::int64_t total_c = 0, total_o = 0;
          for (int k = 0; k < o.kinds; ++k) {
            total_c += c.at(h, f, k);
            total_o += o.at(h, f, k);
            // Seat 1, the bank and the public forms are as they were.
            if (h == 0 || h >= 4 || (f != card && f != dev)) {
              EXPECT_EQ(c.at(h, f, k), o.at(h, f, k)) << "holder " << h << " form " << f;
            }
          }
          EXPECT_EQ(total_c, total_o) << "holder " << h << " form " << f;
        }
      }
      // Each kind's total over the hidden places (opponents' hands, and the deck for dev cards)
      // is kept.
      for (int k = 0; k < o.kinds; ++k) {
        for (const int f : {card, dev}) {
          std::int64_t sum_c = 0, sum_o = 0;
          for (int h = 1; h < 4; ++h) {
            sum_c += c.at(h, f, k);
            sum_o += o.at(h, f, k);
          }
          if (f == dev) {
            const std::string& kind = st.kinds.name(k);
            sum_c += std::count(c.deck.begin(), c.deck.end(), kind);
            sum_o += std::count(o.deck.begin(), o.deck.end(), kind);
          }
          EXPECT_EQ(sum_c, sum_o) << st.kinds.name(k);
        }
      }
    }
    const Snapshot &a = agent->copies[0], &b = agent->copies[1];
    bool differ = false;
    for (int h = 1; h < 4; ++h)
      for (int k = 0; k < o.kinds; ++k) differ |= a.at(h, card, k) != b.at(h, card, k);
    hidden_kinds_differ += differ;
    deck_order_differs += a.deck != b.deck;
  }
  ASSERT_GE(points, 15);
  // Two streams deal the hidden cards differently (barring the rare hand that only one deal fits).
  EXPECT_GE(hidden_kinds_differ, points - 2);
  EXPECT_EQ(deck_order_differs, points);
}

}  // namespace
// Forks as seen by the deciding seat at the first kMaxForks trade answers of its game, each copy
// playing on for a turn; counts the copies in which a trade lapsed (the base pack's game prop
// stats.domestic_lapses).
class AnswerForker final : public engine::Agent {
 public:
  static constexpr std::uint64_t kMaxForks = 50;
  std::string name() const override { return "random"; }
  int choose(const engine::Decision& d) override {
    if (d.kind == "base.trade_answer" && d.forker && forks < kMaxForks) {
      engine::ForkRequest request;
      request.seed = ++forks;
      request.turns = 1;
      request.seen_by = d.player;
      const auto r = d.forker->fork(request);
      if (!r.ok && error.empty()) error = r.error;
      if (r.ok && !engine::is_nil(r.state->game_props.get(0, "stats.domestic_lapses"))) ++lapsed;
    }
    return static_cast<int>(rng().below(static_cast<std::uint64_t>(d.count)));
  }
  std::uint64_t forks = 0;
  std::uint64_t lapsed = 0;
  std::string error;
};

// The redeal may take the cards an offer or a counter-offer names from the offerer's hand; the
// trade then lapses in the copy instead of failing it.
TEST_F(ForkTest, ForksAsSeenByASeatAskedToAcceptAnOfferPlayOn) {
  auto s = std::make_unique<Session>(
      packs::testing::shipped_packs(),
      std::vector<std::string>{"base", "resource-tokens", "city-walls", "citadels"},
      std::vector<std::string>{});
  std::uint64_t forks = 0, lapsed = 0;
  for (std::uint64_t game = 0; game < 4; ++game) {
    GameConfig config;
    config.seed = 1;
    config.game_index = game;
    config.players = 4;
    auto agent = std::make_shared<AnswerForker>();
    config.agent_objects = {nullptr, agent, nullptr, agent};
    const GameResult r = s->play(config);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(agent->error, "") << "game " << game;
    EXPECT_TRUE(engine::is_nil(s->state().game_props.get(0, "stats.domestic_lapses")))
        << "a trade lapsed in the real game " << game;
    forks += agent->forks;
    lapsed += agent->lapsed;
  }
  EXPECT_GE(forks, 100u);
  EXPECT_GT(lapsed, 0u) << "no copy dealt the offered cards away";
}

}  // namespace catan::scripting
