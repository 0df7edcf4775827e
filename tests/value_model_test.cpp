// The learned evaluation: the features read from a kernel state (search/position_features.h),
// the model's chances and file (search/value_model.h), the fit (search/value_training.h), and
// how a search finds and uses a model (ForkRequest::evaluate, mcts's eval setting).
#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/agent.h"
#include "engine/fork.h"
#include "engine/game_state.h"
#include "engine/hex_board.h"
#include "engine/rng.h"
#include "scripting/session.h"
#include "search/mcts_settings.h"
#include "search/position_features.h"
#include "search/value_model.h"
#include "search/value_training.h"
#include "shipped_packs.h"

namespace catan::search {
namespace {

using engine::GameState;
using engine::Value;
using Features = std::map<std::string, double>;

class MapSink final : public FeatureSink {
 public:
  explicit MapSink(int players) : seats(static_cast<std::size_t>(players)) {}
  void add(int seat, std::string_view name, double value) override {
    seats[static_cast<std::size_t>(seat)][std::string(name)] += value;
  }
  std::vector<Features> seats;
};

// A two-player state on the 7-hex island: tile 0 is a 6 of ore, tile 1 a 2 of wool (2 is also a
// seat number, so "number" must not be taken for a seat key), the others 8s without a resource.
GameState small_state() {
  GameState s;
  s.reset(1, 0, 2);
  s.board = engine::make_hex_board(1);
  s.tile_props.resize(s.board.tile_count());
  s.node_props.resize(s.board.node_count());
  s.path_props.resize(s.board.path_count());
  s.player_props.resize(2);
  for (int t = 0; t < s.board.tile_count(); ++t) s.tile_props.set(t, "number", std::int64_t{8});
  s.tile_props.set(0, "number", std::int64_t{6});
  s.tile_props.set(0, "resource", std::string("ore"));
  s.tile_props.set(1, "number", std::int64_t{2});
  s.tile_props.set(1, "resource", std::string("wool"));
  s.forms.intern("card");
  s.kinds.intern("brick");
  s.kinds.intern("ore");
  s.reshape_holdings();
  s.holdings.add(0, 0, 1, 3);  // seat 1: 3 ore cards
  s.holdings.add(1, 0, 0, 1);  // seat 2: 1 brick card
  s.player_props.set(0, "vp", std::int64_t{4});
  s.player_props.set(1, "vp", std::int64_t{2});
  s.player_props.set(1, "longest", true);
  s.player_props.set(0, "title", std::string("ignored: text"));
  // Node 0 (tile 0's top corner) holds seat 1's settlement on a harbour; the last node an
  // unowned harbour; one path is seat 2's road.
  s.node_props.set(0, "owner", std::int64_t{1});
  s.node_props.set(0, "building", std::string("settlement"));
  s.node_props.set(0, "harbor", std::string("ore"));
  s.node_props.set(s.board.node_count() - 1, "harbor", std::string("any"));
  s.path_props.set(3, "road", std::int64_t{2});
  s.current = 1;
  return s;
}

TEST(PositionFeatures, EverySeatFeatureOfASmallState) {
  const GameState s = small_state();
  ASSERT_EQ(s.board.node_tiles(0).size(), 1u);  // the island's top corner touches tile 0 only
  MapSink sink(2);
  extract_features(s, sink);
  const Features first{
      {"turn.order=1", 1},
      {"player.vp", 4},
      {"holds.card.ore", 3},
      {"node.owner", 1},
      {"node.owner.building=settlement", 1},
      {"node.owner.harbor=ore", 1},
      {"node.owner.building=settlement.tile.number=6", 1},
      {"node.owner.building=settlement.tile.resource=ore", 1},
  };
  const Features second{
      {"turn.order=0", 1},
      {"player.vp", 2},
      {"player.longest", 1},
      {"holds.card.brick", 1},
      {"path.road", 1},
      // Path 3 is tile 0's lower-left side: both its ends are free, and between them they
      // touch tile 0 (a 6 of ore) twice and 8s three times.
      {"path.road.open_node", 2},
      {"path.road.open_node.tile.number=6", 2},
      {"path.road.open_node.tile.resource=ore", 2},
      {"path.road.open_node.tile.number=8", 3},
  };
  EXPECT_EQ(sink.seats[0], first);
  EXPECT_EQ(sink.seats[1], second);
}

TEST(PositionFeatures, AKeyWithOtherValuesIsACategoryNotASeat) {
  GameState s = small_state();
  // "owner" now also holds 3, which is no seat of two players: it is a category everywhere.
  s.node_props.set(5, "owner", std::int64_t{3});
  MapSink sink(2);
  extract_features(s, sink);
  for (const auto& seat : sink.seats)
    for (const auto& [name, value] : seat) EXPECT_FALSE(name.starts_with("node.")) << name;
}

TEST(ValueModel, ChancesAreTheSoftmaxOfTheWeightedFeatures) {
  const GameState s = small_state();
  const ValueModel model(ModelConfig::make({"test"}, {}, 2),
                         {{"player.vp", 0.5, 2.0},
                          {"holds.card.brick", 1.0, 1.0},
                          {"node.owner.harbor=ore", 2.0, 4.0},
                          {"unknown.feature", 9.0, 1.0}},
                         nlohmann::json::object());
  const std::vector<double> strength = model.strengths(s);
  ASSERT_EQ(strength.size(), 2u);
  EXPECT_DOUBLE_EQ(strength[0], 0.25 * 4 + 0.5 * 1);
  EXPECT_DOUBLE_EQ(strength[1], 0.25 * 2 + 1.0 * 1);
  const std::vector<double> chance = model.win_chances(s);
  EXPECT_DOUBLE_EQ(chance[0], 1 / (1 + std::exp(strength[1] - strength[0])));
  EXPECT_DOUBLE_EQ(chance[0] + chance[1], 1.0);
}

TEST(ValueModel, FileRoundTripAndOneLineErrors) {
  const ValueModel model(ModelConfig::make({"base", "monument"}, {"b.x=1", "a.y=2", "a.y=2"}, 4),
                         {{"player.vp", 0.75, 1.5}}, {{"games", 12}});
  EXPECT_EQ(model.config().key(), "base+monument 4p a.y=2 b.x=1");
  EXPECT_TRUE(model.config().file_name().starts_with("base+monument.4p."));
  EXPECT_EQ(ModelConfig::make({"base"}, {}, 3).file_name(), "base.3p.json");
  const auto dir =
      std::filesystem::temp_directory_path() / ("catan-model-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "m.json";
  model.save(file);
  const ValueModel back = ValueModel::load(file);
  EXPECT_EQ(back.config().key(), model.config().key());
  ASSERT_EQ(back.weights().size(), 1u);
  EXPECT_EQ(back.weights()[0].name, "player.vp");
  EXPECT_EQ(back.weights()[0].weight, 0.75);
  EXPECT_EQ(back.weights()[0].scale, 1.5);
  EXPECT_EQ(back.training().at("games"), 12);

  auto j = model.to_json();
  j["features"][0]["scale"] = 0;
  EXPECT_THROW(
      {
        try {
          ValueModel::from_json(j);
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "field 'features[0]': weight must be finite and scale above 0");
          throw;
        }
      },
      std::runtime_error);
  std::ofstream(dir / "bad.json") << "{\"format\": \"other\"}";
  try {
    ValueModel::load(dir / "bad.json");
    ADD_FAILURE() << "a file of another format loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("field 'format'"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(ValueModel, FindModelLooksInTheTopPackFirst) {
  const auto root =
      std::filesystem::temp_directory_path() / ("catan-find-" + std::to_string(::getpid()));
  const auto config = ModelConfig::make({"base", "top"}, {}, 4);
  for (const char* pack : {"base", "top"}) {
    std::filesystem::create_directories(root / pack / "models");
    std::ofstream(root / pack / "models" / config.file_name()) << "{}";
  }
  EXPECT_EQ(find_model(config, {root / "base", root / "top"}),
            root / "top" / "models" / config.file_name());
  EXPECT_EQ(find_model(ModelConfig::make({"base"}, {}, 3), {root / "base", root / "top"}),
            std::filesystem::path());
  std::filesystem::remove_all(root);
}

// Positions of synthetic three-seat games: the seat with the most "good" wins, "noise" says
// nothing; one game in 7 has no winner. `reversed` records the games last first and names the
// features in the other order.
PositionSet synthetic_games(int games, std::uint64_t seed, bool reversed = false) {
  PositionSet set;
  for (int k = 0; k < games; ++k) {
    const int g = reversed ? games - 1 - k : k;
    engine::Rng rng = engine::Rng::for_stream(seed, static_cast<std::uint64_t>(g));
    int winner = 0, best = -1;
    std::vector<int> good(3);
    for (int p = 0; p < 3; ++p) {
      good[static_cast<std::size_t>(p)] = static_cast<int>(rng.below(10));
      if (good[static_cast<std::size_t>(p)] > best)
        best = good[static_cast<std::size_t>(p)], winner = p;
    }
    for (int turn = 1; turn <= 4; ++turn) {
      set.begin_position(static_cast<std::uint64_t>(g), 3, turn);
      for (int p = 0; p < 3; ++p) {
        const double noise = static_cast<double>(rng.below(5));
        const double value = good[static_cast<std::size_t>(p)] * turn / 4.0;
        if (reversed) {  // the names meet in the other order too
          set.add(p, "good", value);
          set.add(p, "noise", noise);
        } else {
          set.add(p, "noise", noise);
          set.add(p, "good", value);
        }
      }
    }
    set.finish_game(g % 7 == 6 ? std::nullopt : std::optional<int>(winner), 4);
  }
  return set;
}

TEST(ValueTraining, LearnsWhatPredictsTheWinnerAndDropsGamesWithoutOne) {
  PositionSet set = synthetic_games(400, 3);
  set.canonicalize();
  EXPECT_EQ(set.positions().size(), 4u * (400 - 400 / 7));
  FitSettings settings;  // a small set: fewer, longer steps than the default's
  settings.batch = 64;
  settings.learning_rate = 0.05;
  settings.epochs = 20;
  FitReport report;
  const ValueModel model = fit_value_model(set, ModelConfig::make({"x"}, {}, 3), settings, report);
  std::map<std::string, double> w;
  for (const auto& f : model.weights()) w[f.name] = f.weight;
  EXPECT_GT(w.at("good"), 1.0);
  EXPECT_LT(std::abs(w.at("noise")), 0.2);
  EXPECT_GT(report.heldout_accuracy, 0.8);
  for (const double a : report.heldout_accuracy_by_third) EXPECT_GT(a, 0.8);
  EXPECT_LT(report.heldout_log_loss, report.uniform_log_loss);
  EXPECT_NEAR(report.uniform_log_loss, std::log(3.0), 1e-12);
  EXPECT_EQ(report.train_games + report.heldout_games, 400u - 400 / 7);
}

TEST(ValueTraining, TheFitDependsOnTheContentsNotTheOrder) {
  PositionSet forward = synthetic_games(120, 5), backward;
  backward.append(synthetic_games(120, 5, true));
  forward.canonicalize();
  backward.canonicalize();
  FitSettings settings;
  settings.epochs = 3;
  FitReport r1, r2;
  const auto a = fit_value_model(forward, ModelConfig::make({"x"}, {}, 3), settings, r1);
  const auto b = fit_value_model(backward, ModelConfig::make({"x"}, {}, 3), settings, r2);
  EXPECT_EQ(a.to_json().dump(), b.to_json().dump());
}

// Forks once at its first forkable decision, with and without an evaluation, then plays as
// random.
class EvaluateProbe final : public engine::Agent {
 public:
  std::string name() const override { return "random"; }
  void begin_game(std::uint64_t seed, std::uint64_t game_index, int seat) override {
    inner_.begin_game(seed, game_index, seat);
  }
  int choose(const engine::Decision& d) override {
    if (d.forker && !done) {
      done = true;
      engine::ForkRequest request;
      request.seed = 9;
      request.turns = 0;
      plain = d.forker->fork(request).scores;
      request.evaluate = [](const engine::GameState& s) {
        std::vector<double> v(static_cast<std::size_t>(s.players), 0.0);
        v[0] = 1;
        return v;
      };
      evaluated = d.forker->fork(request).scores;
      // The score share, though base registers an evaluator: vp over the seats' sum, read from
      // the copy after 12 turns (so the seats' points differ).
      engine::ForkRequest share = request;
      share.evaluate = nullptr;
      share.score_share = true;
      share.turns = 12;
      const engine::ForkResult r = d.forker->fork(share);
      shared = r.scores;
      double sum = 0;
      for (int p = 0; p < r.state->players; ++p)
        sum += static_cast<double>(std::get<std::int64_t>(r.state->player_props.get(p, "vp")));
      for (int p = 0; p < r.state->players; ++p)
        expected_share.push_back(
            static_cast<double>(std::get<std::int64_t>(r.state->player_props.get(p, "vp"))) / sum);
      share.score_share = false;
      evaluator_after = d.forker->fork(share).scores;
      request.turns = -1;  // to the end: an ended copy is scored by its outcome
      const engine::ForkResult end = d.forker->fork(request);
      ended_over = end.over;
      ended = end.scores;
    }
    return inner_.choose(d);
  }
  bool done = false, ended_over = false;
  std::vector<double> plain, evaluated, ended, shared, expected_share, evaluator_after;

 private:
  engine::RandomAgent inner_;
};

TEST(ValueModelSearch, ForkScoresComeFromTheEvaluationUntilTheCopyEnds) {
  scripting::Session session(packs::testing::shipped_packs(), {"base"}, {});
  auto probe = std::make_shared<EvaluateProbe>();
  scripting::GameConfig config;
  config.agents_see_all = true;  // its forks know everything
  config.players = 4;
  config.agent_objects = {probe};
  const auto r = session.play(config);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_TRUE(probe->done);
  EXPECT_EQ(probe->evaluated, (std::vector<double>{1, 0, 0, 0}));
  ASSERT_EQ(probe->plain.size(), 4u);
  EXPECT_NE(probe->plain, probe->evaluated);
  ASSERT_EQ(probe->shared.size(), 4u);
  EXPECT_EQ(probe->shared, probe->expected_share);
  EXPECT_NE(probe->shared, probe->evaluator_after);  // the same copy, by base's evaluator
  ASSERT_TRUE(probe->ended_over);
  double sum = 0;
  for (const double x : probe->ended) {
    EXPECT_TRUE(x == 0 || x == 1 || x == 0.25) << x;
    sum += x;
  }
  EXPECT_DOUBLE_EQ(sum, 1.0);
}

TEST(ValueModelSearch, EvalSettingParsesAndAModelOfAnotherConfigurationIsRefused) {
  EXPECT_EQ(parse_mcts("mcts").eval, "auto");
  EXPECT_EQ(parse_mcts("mcts:eval=pack").eval, "pack");
  EXPECT_EQ(parse_mcts("mcts:eval=score").spec(), "mcts:iterations=100:horizon=2:c=0.5:eval=score");
  EXPECT_EQ(parse_mcts("mcts:eval=pack").spec(), "mcts:iterations=100:horizon=2:c=0.5:eval=pack");
  EXPECT_THROW(parse_mcts("mcts:eval="), std::invalid_argument);

  const auto dir =
      std::filesystem::temp_directory_path() / ("catan-eval-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "three.json";
  ValueModel(ModelConfig::make({"base"}, {}, 3), {{"player.vp", 1, 1}}, nlohmann::json::object())
      .save(file);
  scripting::Session session(packs::testing::shipped_packs(), {"base"}, {});
  scripting::GameConfig config;
  config.players = 4;
  config.agents = {"mcts:iterations=2:eval=" + file.string(), "random"};
  const auto r = session.play(config);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("was trained for 'base 3p', not for 'base 4p'"), std::string::npos)
      << r.error;
  std::filesystem::remove_all(dir);
}

TEST(ValueModelSearch, AutoFindsTheModelThePackStackCarries) {
  const auto root =
      std::filesystem::temp_directory_path() / ("catan-auto-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  std::filesystem::copy(std::filesystem::path(CATAN_SOURCE_DIR) / "rules" / "dice-race",
                        root / "dice-race", std::filesystem::copy_options::recursive);
  packs::PackSearch search;
  search.add_dir(root);
  scripting::Session session(search, {"dice-race"}, {});
  scripting::GameConfig config;
  config.players = 2;
  EXPECT_EQ(session.value_model("auto", config), nullptr);  // none yet: the packs' evaluator

  const auto model_file = root / "dice-race" / "models" / "dice-race.2p.json";
  std::filesystem::create_directories(model_file.parent_path());
  ValueModel(ModelConfig::make({"dice-race"}, {}, 2), {{"turn.order=0", 1, 1}}, {{"games", 7}})
      .save(model_file);
  scripting::Session fresh(search, {"dice-race"}, {});
  const auto found = fresh.value_model("auto", config);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->training().at("games"), 7);
  EXPECT_EQ(fresh.value_model("pack", config), nullptr);
  config.players = 3;  // another configuration: no model
  EXPECT_EQ(fresh.value_model("auto", config), nullptr);

  // game.search from a Lua agent finds the model too: a model file of another configuration
  // named in its settings is refused, by name.
  std::filesystem::create_directories(root / "searcher");
  std::ofstream(root / "searcher" / "pack.json")
      << R"({"name": "searcher", "version": "1.0.0", "description": "t", "requires": ["dice-race"],
             "entry": ["main.lua"]})";
  std::ofstream(root / "searcher" / "main.lua")
      << "game.agent('searcher', function(p, kind, opts)\n"
         "  return game.search(opts, {iterations = 4, horizon = 1, eval = '"
      << (root / "three.json").string() << "'}) or 1\nend)\n";
  ValueModel(ModelConfig::make({"dice-race"}, {}, 3), {{"player.score", 1, 1}},
             nlohmann::json::object())
      .save(root / "three.json");
  {
    packs::PackSearch again;  // a search lists its folders once: a new one sees the new pack
    again.add_dir(root);
    scripting::Session searching(again, {"dice-race", "searcher"}, {});
    scripting::GameConfig game;
    game.players = 2;
    game.agents = {"searcher", "random"};
    const auto r = searching.play(game);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("game.search: model"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("was trained for 'dice-race 3p', not for 'dice-race+searcher 2p'"),
              std::string::npos)
        << r.error;
  }

  // A game with the model: it plays, and the same seed plays the same game.
  config.players = 2;
  config.agents = {"mcts:iterations=6:horizon=1", "random"};
  const auto a = fresh.play(config);
  const auto b = fresh.play(config);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.digest, b.digest);
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace catan::search
