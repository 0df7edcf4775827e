// The base pack's hook points as a variant pack sees them: payload lifetimes.
#include "session_fixture.h"

namespace catan::scripting {
namespace {

using testing::SessionFixture;

class BaseHooksTest : public SessionFixture {
 protected:
  // Plays one 4-player game of base with pack `name` (random bots, no domestic trade) for at most
  // `max_turns` turns and returns the session; the game must end without an error.
  std::unique_ptr<Session> play_with(const std::string& name, int max_turns) {
    auto s = session({"base", name}, {"base.domestic_trade=false"});
    GameConfig config;
    config.players = 4;
    config.max_turns = max_turns;
    const auto r = s->play(config);
    EXPECT_TRUE(r.ok) << r.error_report;
    return s;
  }

  // The integer game property `key` (the test packs publish their counts at game.end).
  static std::int64_t count(const Session& s, const char* key) {
    return std::get<std::int64_t>(s.state().game_props.get(0, key));
  }
};

TEST_F(BaseHooksTest, ClaimTablesAreReusedButFieldsAHandlerAddsDoNotOutliveTheirRoll) {
  // base.production's claim tables are pooled from roll to roll; a handler that adds a field to
  // one (here `mark`, on the first claim of every roll) takes that table out of the pool, so no
  // claim of a later roll carries the field. (Keeping claims across rolls, as this handler does
  // to count reuse, is for the test only: handlers must not keep them.)
  pack("marker", R"lua(
game.on("game.setup", function()
  storage.rolls, storage.leaked, storage.reused, storage.before = 0, 0, 0, {}
end)
game.on("base.production", function(e)
  storage.rolls = storage.rolls + 1
  local now = {}
  for i = 1, #e.claims do
    local claim = e.claims[i]
    if claim.mark ~= nil then storage.leaked = storage.leaked + 1 end
    if storage.before[claim] then storage.reused = storage.reused + 1 end
    now[claim] = true
  end
  e.claims[1].mark = storage.rolls
  storage.before = now
end)
game.on("game.end", function()
  game.set("rolls", storage.rolls)
  game.set("leaked", storage.leaked)
  game.set("reused", storage.reused)
end)
)lua",
       R"(, "requires": ["base"])");
  const auto s = play_with("marker", 200);
  if (HasFailure()) return;
  EXPECT_GT(count(*s, "rolls"), 50);
  EXPECT_EQ(count(*s, "leaked"), 0);
  EXPECT_GT(count(*s, "reused"), 0) << "claim tables are pooled";
}

TEST_F(BaseHooksTest, TargetVpSetupIncomeGrantAndARobberOffTheBoard) {
  // base.target_vp: seat 1 needs 30 points, so it never wins; base.setup_income: one
  // after-handler call per second settlement; base.grant: a free development card (checked
  // first), counted as bought this turn; the robber taken off the board at every turn's end, so
  // every 7 and knight moves it from nowhere.
  pack("hooks", R"lua(
game.on("game.setup", function() storage.income, storage.granted, storage.cards = 0, 0, 0 end)
game.on("base.target_vp", function(e) if e.player == 1 then e.target = 30 end end)
game.on("base.setup_income", function(e)
  storage.income = storage.income + 1
  storage.cards = storage.cards + game.total(e.player, "card")
end, { after = true })
game.on("base.turn_end", function(e)
  if storage.granted == 0 then
    local c = { player = e.player, item = "development card", check = true }
    game.raise("base.grant", c)
    local before = game.total(e.player, "dev")
    local g = { player = e.player, item = "development card" }
    game.raise("base.grant", g)
    if c.ok and g.result and game.total(e.player, "dev") == before + 1 then storage.granted = 1 end
  end
  game.set("robber", nil)
end)
game.on("game.end", function(e)
  game.set("income", storage.income)
  game.set("granted", storage.granted)
  game.set("cards", storage.cards)
  game.set("won1", e.winner == 1 and 1 or 0)
end)
)lua",
       R"(, "requires": ["base"])");
  const auto s = play_with("hooks", 400);
  if (HasFailure()) return;
  EXPECT_EQ(count(*s, "income"), 4);
  EXPECT_GT(count(*s, "cards"), 0) << "the default income ran before the after-handlers";
  EXPECT_EQ(count(*s, "granted"), 1);
  EXPECT_EQ(count(*s, "won1"), 0);
}

TEST_F(BaseHooksTest, WatchedProductionIsRaisedExactlyForRollsTouchingAWatchedNode) {
  // A pack that watches every city (base.production_watch) and counts base.watched_production.
  // Its own oracle, from base.roll and the board: a roll other than 7 should raise the event when
  // some city touches a tile with that number that the robber does not block. Every other roll
  // stays on the cached path.
  pack("watcher", R"lua(
game.on("game.setup", function()
  storage.cities = {}
  storage.asked, storage.wrong_payload, storage.raised, storage.expected = 0, 0, 0, 0
  storage.wrong_total, storage.producing = 0, 0
end)
game.on("base.production_watch", function(e)
  storage.asked = storage.asked + 1
  if board.node_get(e.node, "building") ~= e.building or board.node_get(e.node, "owner") ~= e.player
      or e.watch ~= false then
    storage.wrong_payload = storage.wrong_payload + 1
  end
  if e.building == "city" then
    e.watch = true
    storage.cities[e.node] = true
  end
end)
game.on("base.roll", function(e)
  storage.total = e.total
  if e.total == 7 then return end
  storage.producing = storage.producing + 1
  local robber = game.get("robber")
  for n in pairs(storage.cities) do
    for _, t in ipairs(board.node_tiles(n)) do
      if t ~= robber and board.tile_get(t, "number") == e.total then
        storage.expected = storage.expected + 1
        return
      end
    end
  end
end, { after = true })
game.on("base.watched_production", function(e)
  storage.raised = storage.raised + 1
  if e.total ~= storage.total or #e.claims == 0 then storage.wrong_total = storage.wrong_total + 1 end
end)
game.on("game.end", function()
  for _, k in ipairs({ "asked", "wrong_payload", "raised", "expected", "wrong_total", "producing" }) do
    game.set(k, storage[k])
  end
end)
)lua",
       R"(, "requires": ["base"])");
  const auto s = play_with("watcher", 300);
  if (HasFailure()) return;
  EXPECT_GT(count(*s, "asked"), 8) << "asked after every node piece, the 8 setup settlements too";
  EXPECT_EQ(count(*s, "wrong_payload"), 0);
  EXPECT_EQ(count(*s, "wrong_total"), 0);
  EXPECT_GT(count(*s, "expected"), 0);
  EXPECT_EQ(count(*s, "raised"), count(*s, "expected"));
  EXPECT_LT(count(*s, "raised"), count(*s, "producing"))
      << "rolls without a city near their number skip it";
}

TEST_F(BaseHooksTest, SevenRobberIsRaisedOncePerRolledSevenAndCanReplaceTheRobberStep) {
  // A pack that replaces every second 7's robber step (the robber stays) and lets the others run
  // the default, whose payload then carries the robber's new tile. Knights move the robber
  // without the event.
  pack("sevens", R"lua(
game.on("game.setup", function()
  storage.raised, storage.replaced, storage.moved, storage.robber_rolls = 0, 0, 0, 0
  storage.stayed = 0
end)
game.on("base.roll", function(e)
  if e.total == 7 then storage.robber_rolls = storage.robber_rolls + 1 end
end, { after = true })
game.on("base.seven_robber", function(e)
  storage.raised = storage.raised + 1
  storage.before = game.get("robber")
  if storage.raised % 2 == 0 then
    storage.replaced = storage.replaced + 1
    return game.REPLACE
  end
end)
game.on("base.seven_robber", function(e)
  if e.tile ~= nil and e.tile == game.get("robber") then storage.moved = storage.moved + 1 end
  if e.tile == nil and game.get("robber") == storage.before then
    storage.stayed = storage.stayed + 1
  end
end, { after = true })
game.on("game.end", function()
  for _, k in ipairs({ "raised", "replaced", "moved", "robber_rolls", "stayed" }) do
    game.set(k, storage[k])
  end
end)
)lua",
       R"(, "requires": ["base"])");
  const auto s = play_with("sevens", 300);
  if (HasFailure()) return;
  EXPECT_GT(count(*s, "raised"), 3);
  EXPECT_EQ(count(*s, "raised"), count(*s, "robber_rolls")) << "once per rolled 7";
  EXPECT_EQ(count(*s, "replaced"), count(*s, "raised") / 2);
  EXPECT_EQ(count(*s, "moved"), count(*s, "raised") - count(*s, "replaced"));
  EXPECT_EQ(count(*s, "stayed"), count(*s, "replaced")) << "a replaced step leaves the robber";
}

TEST_F(BaseHooksTest, DomesticTradeRaisesOfferAnswerAndTradeWithTheirPayloads) {
  // A pack that checks every payload of base.offer, base.answer and base.trade against the rules
  // (the offerer is on turn, no side empty, no resource on both sides, an acceptance mirrors the
  // offer, the trade is one the partner answered, the cards move as the payload says), and
  // vetoes some: every 5th offer (nobody may answer it) and every 3rd acceptance or counter (a
  // decline then: that player is no partner). A game of random bots (they counter most) and one
  // of heuristic bots (they accept more).
  pack("tradewatch", R"lua(
local RES = { "brick", "lumber", "wool", "grain", "ore" }
local function check(ok, what)
  if not ok then storage.bad = storage.bad + 1 storage.why = what end
end
local function side(s)
  local n = 0
  for _, r in ipairs(RES) do
    local k = s[r]
    if k ~= nil then
      check(math.type(k) == "integer" and k > 0, "a count")
      n = n + k
    end
  end
  return n
end
local function apart(a, b)
  for _, r in ipairs(RES) do
    if a[r] and b[r] then return false end
  end
  return true
end
local function same(a, b)
  for _, r in ipairs(RES) do
    if a[r] ~= b[r] then return false end
  end
  return true
end
game.on("game.setup", function()
  storage.bad, storage.offers, storage.vetoed_offers, storage.answers = 0, 0, 0, 0
  storage.counters, storage.vetoed_answers, storage.trades, storage.cards = 0, 0, 0, 0
  storage.accepts, storage.willing_answers = 0, 0
  storage.open, storage.willing = false, {}
end)
game.on("base.offer", function(e)
  storage.offers = storage.offers + 1
  check(e.player == game.current(), "offer: the player on turn")
  check(side(e.give) > 0 and side(e.get) > 0, "offer: no side empty")
  check(apart(e.give, e.get), "offer: no resource on both sides")
  storage.offer = { give = e.give, get = e.get }
  storage.willing = {}
  storage.open = storage.offers % 5 ~= 0
  if not storage.open then
    storage.vetoed_offers = storage.vetoed_offers + 1
    return game.VETO
  end
end)
game.on("base.answer", function(e)
  storage.answers = storage.answers + 1
  check(storage.open, "answer: to an offer not withdrawn")
  check(e.offerer == game.current() and e.player ~= e.offerer, "answer: to the player on turn")
  if e.answer == "decline" then
    check(e.give == nil and e.get == nil, "decline: no sides")
    return
  end
  check(side(e.give) > 0 and side(e.get) > 0 and apart(e.give, e.get), "answer: sides")
  if e.answer == "accept" then
    check(same(e.give, storage.offer.get) and same(e.get, storage.offer.give), "accept: the offer")
    storage.accepts = storage.accepts + 1
  else
    check(e.answer == "counter", "answer: a known answer")
    storage.counters = storage.counters + 1
  end
  storage.willing_answers = storage.willing_answers + 1
  if storage.willing_answers % 3 == 0 then
    storage.vetoed_answers = storage.vetoed_answers + 1
    return game.VETO
  end
  storage.willing[e.player] = { give = e.get, get = e.give } -- as the offerer's side
end)
game.on("base.trade", function(e)
  local terms = storage.willing[e.partner]
  check(e.player == game.current(), "trade: the player on turn")
  check(terms ~= nil and same(terms.give, e.give) and same(terms.get, e.get),
    "trade: terms the partner answered")
  storage.before = { game.total(e.player, "card"), game.total(e.partner, "card") }
end, { priority = -1 })
game.on("base.trade", function(e)
  storage.trades = storage.trades + 1
  local give, get = side(e.give), side(e.get)
  storage.cards = storage.cards + give + get
  check(game.total(e.player, "card") == storage.before[1] - give + get, "trade: the offerer's cards")
  check(game.total(e.partner, "card") == storage.before[2] - get + give, "trade: the partner's cards")
end, { after = true })
game.on("game.end", function()
  for _, k in ipairs({ "bad", "offers", "vetoed_offers", "answers", "accepts", "counters",
                       "vetoed_answers", "trades", "cards" }) do
    game.set("watch." .. k, storage[k])
  end
  if storage.why then error(storage.why) end
end)
)lua",
       R"(, "requires": ["base"])");
  auto s = session({"base", "tradewatch"});
  std::int64_t accepts = 0, counters = 0, trades = 0, vetoed_offers = 0, vetoed_answers = 0;
  for (const char* agent : {"random", "heuristic"}) {
    GameConfig config;
    config.players = 4;
    config.max_turns = 150;
    config.agents = {agent, agent, agent, agent};
    const auto r = s->play(config);
    ASSERT_TRUE(r.ok) << agent << ": " << r.error_report;
    EXPECT_EQ(count(*s, "watch.bad"), 0) << agent;
    // The base pack's statistics count what the events let through.
    EXPECT_EQ(count(*s, "stats.domestic_offers"),
              count(*s, "watch.offers") - count(*s, "watch.vetoed_offers"))
        << agent;
    EXPECT_EQ(count(*s, "stats.domestic_trades"), count(*s, "watch.trades")) << agent;
    EXPECT_EQ(count(*s, "stats.domestic_cards"), count(*s, "watch.cards")) << agent;
    accepts += count(*s, "watch.accepts");
    counters += count(*s, "watch.counters");
    trades += count(*s, "watch.trades");
    vetoed_offers += count(*s, "watch.vetoed_offers");
    vetoed_answers += count(*s, "watch.vetoed_answers");
  }
  EXPECT_GT(accepts, 0);
  EXPECT_GT(counters, 10);
  EXPECT_GT(trades, 10);
  EXPECT_GT(vetoed_offers, 0);
  EXPECT_GT(vetoed_answers, 0);
}

TEST_F(BaseHooksTest, CheckedGamesCountPointsThroughBaseVpHandlers) {
  // A base.vp handler (one point more for seat 2) in a game with base.check=true: the check
  // cannot raise base.vp, so it leaves the vp invariant out and the game plays to its end.
  pack("bonus", R"lua(
game.on("base.vp", function(e) if e.player == 2 then e.total = e.total + 1 end end)
)lua",
       R"(, "requires": ["base"])");
  auto s = session({"base", "bonus"}, {"base.check=true"});
  GameConfig config;
  config.players = 4;
  config.agents = {"heuristic"};
  const auto r = s->play(config);
  ASSERT_TRUE(r.ok) << r.error_report;
  EXPECT_TRUE(r.winner.has_value());
}

TEST_F(BaseHooksTest, ABoardHandlerLeavingAnUnplayableLayoutFailsTheGameNamingTheTile) {
  pack("sevens", R"lua(
game.on("base.board", function(e)
  for t = 1, #e.terrains do
    if e.numbers[t] == 8 then e.numbers[t] = 7 end
  end
end)
)lua",
       R"(, "requires": ["base"])");
  auto s = session({"base", "sevens"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("base.board: after the handlers, tile "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("has number 7; a producing tile needs 2-6 or 8-12"), std::string::npos)
      << r.error;
}

TEST_F(BaseHooksTest, ChangingANumberBehindBasesBackBreaksTheNumbersInvariant) {
  // The tile prop changed directly after setup: production would still pay the old number. A
  // checked game stops at the change, naming the invariant and the handler that ran last.
  pack("sneaky", R"lua(
game.on("base.turn_end", function() board.tile_set(1, "number", 3) end)
)lua",
       R"(, "requires": ["base"])");
  auto s = session({"base", "sneaky"}, {"base.check=true", "base.board=beginner"});
  const auto r = s->play({});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("invariant broken: tile 1's number (the tile prop against base's "
                         "production lookup; change numbers in base.board or with "
                         "set_tile_number) after base.turn_end, expected 10, got 3 (the last "
                         "handler to run: pack 'sneaky' at "),
            std::string::npos)
      << r.error;
}

TEST_F(BaseHooksTest, TurnStartIsRaisedOnceAtTheStartOfEveryTurnBeforeTheRoll) {
  // base.turn_start: once per turn, for the player on turn, before the development card played
  // before the roll and before the roll itself; base.turn_end follows later in the same turn.
  pack("starts", R"lua(
game.on("game.setup", function() storage.starts, storage.wrong, storage.turn = 0, 0, 0 end)
game.on("base.turn_start", function(e)
  storage.starts = storage.starts + 1
  if e.player ~= game.current() or storage.turn == game.turn() then storage.wrong = storage.wrong + 1 end
  storage.turn = game.turn()
end)
game.on("base.roll", function()
  if storage.turn ~= game.turn() then storage.wrong = storage.wrong + 1 end
end)
game.on("base.turn_end", function(e)
  if storage.turn ~= game.turn() or e.player ~= game.current() then storage.wrong = storage.wrong + 1 end
end)
game.on("game.end", function()
  game.set("starts", storage.starts)
  game.set("wrong", storage.wrong)
end)
)lua",
       R"(, "requires": ["base"])");
  const auto s = play_with("starts", 300);
  if (HasFailure()) return;
  EXPECT_GT(count(*s, "starts"), 40);
  EXPECT_EQ(count(*s, "wrong"), 0);
  EXPECT_EQ(count(*s, "starts"), s->state().turn) << "one per turn played";
}

}  // namespace
}  // namespace catan::scripting
