#include "view/game_recording.h"

#include <algorithm>
#include <deque>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/text_bounds.h"
#include "view/state_json.h"

namespace catan::view {

std::string cut_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  const std::size_t keep = engine::cut_point(text, max_bytes);
  return fmt::format("{}… cut: {} bytes", text.substr(0, keep), text.size() - keep);
}

namespace {

using json = nlohmann::json;

// Collects what happens between two snapshots and takes them.
class Recorder {
 public:
  explicit Recorder(scripting::Session& session) : session_(session) {}

  void event(const engine::EventInfo& info) {
    // Once raises are left out, a later raise never joins the last entry kept: it is not next
    // to it.
    if (events_cut_ == 0 && !events_.empty() && last_event_ == info.name) {
      events_.back()[2] = events_.back()[2].get<std::int64_t>() + 1;
      return;
    }
    if (events_.size() >= kMaxStepEvents || game_events_ >= kMaxGameEvents) {
      ++events_cut_;
      return;
    }
    ++game_events_;
    last_event_ = info.name;
    events_.push_back(json::array(
        {cut_text(info.name, kMaxNameBytes), cut_text(info.declared_by, kMaxNameBytes), 1}));
  }
  void log(std::string_view line) { text(log_, line, kMaxLogLineBytes); }
  void shown(std::string_view text) { this->text(shown_, text, kMaxShownBytes); }

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
      step["kind"] = cut_text(d->kind, kMaxNameBytes);
      step["count"] = d->count;
      step["chosen"] = chosen;
      json options = json::array();
      for (int i = 0; i < d->count; ++i) {
        if (i >= kMaxOptions && i != chosen) continue;
        options.push_back(json::array({i, d->id(i), cut_text(d->label(i), kMaxValueBytes)}));
      }
      step["options"] = std::move(options);
    }
    step["events"] = std::exchange(events_, json::array());
    last_event_.clear();
    if (events_cut_ > 0) step["events_cut"] = std::exchange(events_cut_, 0);
    if (cut_texts_ > 0) {
      log_.push_back(fmt::format(
          "… cut: {} bytes in {} texts ({})", std::exchange(cut_bytes_, 0),
          std::exchange(cut_texts_, 0),
          game_text_ >= kMaxGameTextBytes
              ? fmt::format("the page keeps at most {} bytes of text", kMaxGameTextBytes)
              : fmt::format("a step keeps at most {} bytes of text", kMaxStepTextBytes)));
    }
    step_text_ = 0;
    step["log"] = std::exchange(log_, json::array());
    step["shown"] = std::exchange(shown_, json::array());
    json sections = state_sections(s);
    for (auto& [key, value] : sections.items()) section(step, key, std::move(value));
    steps_.push_back(std::move(step));
  }

  json take_steps() { return std::exchange(steps_, json::array()); }

 private:
  // Keeps `text` in `into` within the bounds (game_recording.h): cut to `max_bytes` and to the
  // room left in the step and the game, or left out (and counted) when there is none.
  void text(json& into, std::string_view text, std::size_t max_bytes) {
    const std::size_t step_room =
        step_text_ < kMaxStepTextBytes ? kMaxStepTextBytes - step_text_ : 0;
    const std::size_t game_room =
        game_text_ < kMaxGameTextBytes ? kMaxGameTextBytes - game_text_ : 0;
    const std::size_t room = std::min(step_room, game_room);
    if (cut_texts_ > 0 || room <= kTextOverheadBytes) {
      ++cut_texts_;
      cut_bytes_ += text.size();
      return;
    }
    std::string kept = cut_text(text, std::min(max_bytes, room - kTextOverheadBytes));
    const std::size_t charged = kept.size() + kTextOverheadBytes;
    step_text_ += charged;
    game_text_ += charged;
    into.push_back(std::move(kept));
  }

  // Puts `value` in `step` unless it equals the last one put under `key`.
  void section(json& step, const std::string& key, json value) {
    auto& last = last_[key];
    if (value == last) return;
    last = value;
    step[key] = std::move(value);
  }

  scripting::Session& session_;
  int decisions_ = 0;
  json events_ = json::array(), log_ = json::array(), shown_ = json::array();
  std::string last_event_;                        // the name of the last entry of events_ (uncut)
  std::size_t events_cut_ = 0, game_events_ = 0;  // raises left out of this step; entries kept
  std::size_t step_text_ = 0, game_text_ = 0;     // text bytes kept, with kTextOverheadBytes each
  std::size_t cut_texts_ = 0, cut_bytes_ = 0;     // texts left out of this step, their bytes
  json steps_ = json::array();
  json last_ = json::object();
};

// Answers the recorded decisions in order (whichever seat asks) and snapshots before each. A
// decision that is not the recorded one, or one past the last recorded, is a divergence: it is
// kept in `diverged` (the game's error would name the handler that asked instead) and thrown;
// except the decision whose agent failed in the recorded game (Replay::agent_failure), where the
// recorded error is thrown again.
class RecordingAgent final : public engine::Agent {
 public:
  RecordingAgent(const engine::Replay& replay, std::size_t& next, std::string& diverged,
                 Recorder& recorder)
      : replay_(replay), next_(next), diverged_(diverged), recorder_(recorder) {}
  std::string name() const override { return "replay"; }
  int choose(const engine::Decision& d) override {
    const auto& failure = replay_.agent_failure;
    if (next_ >= replay_.decisions.size() && failure && failure->player == d.player &&
        failure->kind == d.kind) {
      throw std::runtime_error(engine::agent_failure_error(*failure, next_ + 1));
    }
    if (next_ >= replay_.decisions.size())
      diverge(fmt::format(
          "replay diverged at decision {}: the game asks player {} for '{}' among {} options, "
          "but the replay has no decisions left",
          next_ + 1, d.player + 1, d.kind, d.count));
    const auto& r = replay_.decisions[next_];
    if (r.kind != d.kind || r.player != d.player || r.count != d.count)
      diverge(fmt::format(
          "replay diverged at decision {}: the replay has player {} choosing '{}' among {} "
          "options, the game asks player {} for '{}' among {}",
          next_ + 1, r.player + 1, r.kind, r.count, d.player + 1, d.kind, d.count));
    if (const std::string id(d.id(r.choice)); id != r.id)
      diverge(fmt::format(
          "replay diverged at decision {}: the replay has player {} choosing '{}' for '{}', the "
          "game's option {} there is '{}'",
          next_ + 1, d.player + 1, r.id, d.kind, r.choice + 1, id));
    ++next_;
    recorder_.snapshot(&d, r.choice);
    return r.choice;
  }

 private:
  [[noreturn]] void diverge(std::string message) {
    if (diverged_.empty()) diverged_ = message;
    throw std::runtime_error(message);
  }

  const engine::Replay& replay_;
  std::size_t& next_;
  std::string& diverged_;
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
  std::string diverged;
  for (int seat = 0; seat < replay.players; ++seat)
    config.agent_objects.push_back(
        std::make_shared<RecordingAgent>(replay, next, diverged, recorder));
  const auto result = session.play(config);
  session.set_event_tap(nullptr);
  session.set_log(nullptr);
  session.set_view(nullptr);
  if (!diverged.empty()) throw std::runtime_error(diverged);
  // A failed game's replay (the lab's --failures) is watched up to its failure, which it
  // must reach after its last decision.
  if (!result.ok && next != replay.decisions.size()) throw std::runtime_error(result.error);
  if (next != replay.decisions.size())
    throw std::runtime_error(
        fmt::format("replay diverged: the game ended after {} decisions but the replay has {}",
                    next, replay.decisions.size()));
  if (result.ok) {
    if (const auto problem = engine::outcome_divergence(
            replay.outcome, {result.winner, result.reason, result.turns, result.digest});
        !problem.empty())
      throw std::runtime_error(problem);
  }
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
