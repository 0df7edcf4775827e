#include "view/game_recording.h"

#include <deque>
#include <stdexcept>

#include <fmt/format.h>

namespace catan::view {

namespace {

using json = nlohmann::json;

json value_json(const engine::Value& v) {
  struct Visitor {
    json operator()(std::monostate) const { return nullptr; }
    json operator()(bool b) const { return b; }
    json operator()(std::int64_t i) const { return i; }
    json operator()(double d) const { return d; }
    json operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, v);
}

// {key: {id: value}} of the set values of `props`.
json props_by_key(const engine::Properties& props) {
  json out = json::object();
  for (int k = 0; k < props.keys().size(); ++k) {
    const auto& column = props.column(k);
    json values = json::object();
    for (std::size_t id = 0; id < column.size(); ++id)
      if (!engine::is_nil(column[id])) values[std::to_string(id)] = value_json(column[id]);
    if (!values.empty()) out[props.keys().name(k)] = std::move(values);
  }
  return out;
}

// [ {key: value} ] per element of `props`.
json props_by_element(const engine::Properties& props, int elements) {
  json out = json::array();
  for (int id = 0; id < elements; ++id) {
    json values = json::object();
    for (int k = 0; k < props.keys().size(); ++k) {
      const auto& column = props.column(k);
      if (static_cast<std::size_t>(id) < column.size() &&
          !engine::is_nil(column[static_cast<std::size_t>(id)]))
        values[props.keys().name(k)] = value_json(column[static_cast<std::size_t>(id)]);
    }
    out.push_back(std::move(values));
  }
  return out;
}

json hands(const engine::GameState& s) {
  json out = json::array();
  for (int h = 0; h < s.holdings.holders(); ++h) {
    json forms = json::object();
    for (int f = 0; f < s.forms.size(); ++f) {
      json kinds = json::object();
      for (int k = 0; k < s.kinds.size(); ++k)
        if (const auto n = s.holdings.count(h, f, k); n != 0) kinds[s.kinds.name(k)] = n;
      if (!kinds.empty()) forms[s.forms.name(f)] = std::move(kinds);
    }
    out.push_back(std::move(forms));
  }
  return out;
}

json draw_json(const packs::DrawSpec& d) {
  json out = json::object();
  const auto put = [&](const char* key, const std::string& v) {
    if (!v.empty()) out[key] = v;
  };
  put("tile_terrain", d.tile_terrain);
  put("tile_label", d.tile_label);
  put("tile_number", d.tile_number);
  put("robber", d.robber);
  put("node_owner", d.node_owner);
  put("node_piece", d.node_piece);
  put("harbor", d.harbor);
  put("path_owner", d.path_owner);
  json pieces = json::object(), marks = json::object();
  for (const auto& [name, symbol] : d.pieces) pieces[name] = std::string(1, symbol);
  for (const auto& [key, symbol] : d.marks) marks[key] = symbol;
  out["pieces"] = pieces;
  out["marks"] = marks;
  out["sheet"] = d.sheet;
  return out;
}

json board_json(const engine::Board& b) {
  if (!b.finalized() || b.tile_count() == 0) return nullptr;
  json tiles = json::array();
  for (int t = 0; t < b.tile_count(); ++t) {
    const auto a = b.tile_coord(t);
    const auto nodes = b.tile_nodes(t);
    const auto paths = b.tile_paths(t);
    tiles.push_back({{"q", a.q},
                     {"r", a.r},
                     {"nodes", std::vector<int>(nodes.begin(), nodes.end())},
                     {"paths", std::vector<int>(paths.begin(), paths.end())}});
  }
  return {{"tiles", tiles}, {"nodes", b.node_count()}, {"paths", b.path_count()}};
}

// Collects what happens between two snapshots and takes them.
class Recorder {
 public:
  explicit Recorder(scripting::Session& session) : session_(session) {}

  void event(const engine::EventInfo& info) {
    if (!events_.empty() && events_.back()[0] == info.name) {
      events_.back()[2] = events_.back()[2].get<int>() + 1;
      return;
    }
    events_.push_back(json::array({info.name, info.declared_by, 1}));
  }
  void log(std::string_view line) { log_.push_back(std::string(line)); }
  void shown(std::string_view text) { shown_.push_back(std::string(text)); }

  // A step for the state now; `decision` is null for the end of the game.
  void snapshot(const engine::Decision* d, int chosen) {
    const auto& s = session_.state();
    json step;
    step["decision"] = decisions_;
    step["turn"] = s.turn;
    step["round"] = s.round;
    step["current"] = s.current;
    if (d != nullptr) {
      ++decisions_;
      step["player"] = d->player;
      step["kind"] = std::string(d->kind);
      step["count"] = d->count;
      step["chosen"] = chosen;
      json options = json::array();
      for (int i = 0; i < d->count; ++i) {
        if (i >= kMaxOptions && i != chosen) continue;
        options.push_back(json::array({i, d->id(i), d->label(i)}));
      }
      step["options"] = std::move(options);
    }
    step["events"] = std::exchange(events_, json::array());
    step["log"] = std::exchange(log_, json::array());
    step["shown"] = std::exchange(shown_, json::array());
    section(step, "hands", hands(s));
    section(step, "player_props", props_by_element(s.player_props, s.players));
    section(step, "game_props", props_by_element(s.game_props, 1)[0]);
    section(step, "tiles", props_by_key(s.tile_props));
    section(step, "nodes", props_by_key(s.node_props));
    section(step, "paths", props_by_key(s.path_props));
    steps_.push_back(std::move(step));
  }

  json take_steps() { return std::exchange(steps_, json::array()); }

 private:
  // Puts `value` in `step` unless it equals the last one put under `key`.
  void section(json& step, const char* key, json value) {
    auto& last = last_[key];
    if (value == last) return;
    last = value;
    step[key] = std::move(value);
  }

  scripting::Session& session_;
  int decisions_ = 0;
  json events_ = json::array(), log_ = json::array(), shown_ = json::array();
  json steps_ = json::array();
  json last_ = json::object();
};

// Answers the recorded decisions in order (whichever seat asks) and snapshots before each.
class RecordingAgent final : public engine::Agent {
 public:
  RecordingAgent(const engine::Replay& replay, std::size_t& next, Recorder& recorder)
      : replay_(replay), next_(next), recorder_(recorder) {}
  std::string name() const override { return "replay"; }
  int choose(const engine::Decision& d) override {
    if (next_ >= replay_.decisions.size())
      throw std::runtime_error(
          fmt::format("the game asks decision {} ({}), the replay holds only {}", next_ + 1, d.kind,
                      replay_.decisions.size()));
    const auto& r = replay_.decisions[next_];
    if (r.kind != d.kind || r.player != d.player || r.count != d.count || r.choice >= d.count ||
        d.id(r.choice) != r.id)
      throw std::runtime_error(fmt::format(
          "decision {} differs from the replay's: the game asks player {} for {} ({} options), "
          "the replay answered {} for player {}",
          next_ + 1, d.player + 1, d.kind, d.count, r.kind, r.player + 1));
    ++next_;
    recorder_.snapshot(&d, r.choice);
    return r.choice;
  }

 private:
  const engine::Replay& replay_;
  std::size_t& next_;
  Recorder& recorder_;
};

}  // namespace

json record_replay(scripting::Session& session, const engine::Replay& replay) {
  if (!replay.abandoned.empty())
    throw std::runtime_error(
        "the replay is of a game the lab abandoned: it holds no decisions to watch (replay it "
        "with 'catan replay' to play it again)");
  Recorder recorder(session);
  session.set_event_tap([&](const engine::EventInfo& e) { recorder.event(e); });
  session.set_log([&](std::string_view line) { recorder.log(line); });
  session.set_view([&](std::string_view text) { recorder.shown(text); });

  scripting::GameConfig config;
  config.seed = replay.seed;
  config.game_index = replay.game_index;
  config.players = replay.players;
  config.max_turns = replay.max_turns;
  config.agents = replay.agents;
  std::size_t next = 0;
  for (int seat = 0; seat < replay.players; ++seat)
    config.agent_objects.push_back(std::make_shared<RecordingAgent>(replay, next, recorder));
  const auto result = session.play(config);
  session.set_event_tap(nullptr);
  session.set_log(nullptr);
  session.set_view(nullptr);
  // A failed game's replay (the lab's --failures) is watched up to its failure, which it
  // must reach after its last decision.
  if (!result.ok && next != replay.decisions.size()) throw std::runtime_error(result.error);
  if (next != replay.decisions.size())
    throw std::runtime_error(fmt::format("the game ended after {} of the replay's {} decisions",
                                         next, replay.decisions.size()));
  if (result.ok &&
      (result.digest != replay.outcome.digest || result.winner != replay.outcome.winner))
    throw std::runtime_error(
        "the game played again ends otherwise than the replay says (the packs changed since it "
        "was saved?)");
  recorder.snapshot(nullptr, -1);

  const auto& s = session.state();
  json out;
  std::string title;
  json packs = json::array();
  for (const auto* m : session.packs()) {
    title += (title.empty() ? "" : " + ") + m->name + " " + m->version;
    packs.push_back({{"name", m->name}, {"version", m->version}});
  }
  out["title"] = title;
  out["packs"] = packs;
  out["options"] = replay.options;
  out["seed"] = replay.seed;
  out["game_index"] = replay.game_index;
  out["players"] = replay.players;
  out["agents"] = replay.agents;
  out["winner"] = result.winner ? json(*result.winner) : json(nullptr);
  out["reason"] = result.reason;
  out["error"] = result.ok ? json(nullptr) : json(result.error);
  out["turns"] = result.turns;
  out["draw"] = draw_json(packs::merged_draw_spec(session.packs()));
  out["board"] = board_json(s.board);
  json supplies = json::array();
  for (int i = 0; i < s.supplies.size(); ++i) supplies.push_back(s.supplies.name(i));
  out["supplies"] = supplies;
  out["steps"] = recorder.take_steps();
  return out;
}

}  // namespace catan::view
