#include "serve/table.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "scripting/draw_spec.h"
#include "view/state_json.h"

namespace catan::serve {

using json = nlohmann::json;

// A person's seat: choose() is answered by the seat's page through Table::answer.
class Table::PersonSeat final : public engine::Agent {
 public:
  PersonSeat(Table& table, int seat) : table_(table), seat_(seat) {}
  std::string name() const override { return "human"; }
  int choose(const engine::Decision& d) override { return table_.ask(seat_, d); }

 private:
  Table& table_;
  int seat_;
};

Table::Table(scripting::Session& session, scripting::GameConfig config, std::vector<int> people,
             std::filesystem::path save, std::optional<engine::Replay> prefix)
    : session_(session),
      config_(std::move(config)),
      people_(std::move(people)),
      save_(std::move(save)),
      prefix_(std::move(prefix)),
      snapshots_(people_.size()) {
  config_.agent_objects.resize(static_cast<std::size_t>(config_.players));
  for (const int seat : people_)
    config_.agent_objects[static_cast<std::size_t>(seat)] =
        std::make_shared<PersonSeat>(*this, seat);
  if (prefix_) {
    prefix_->agent_failure.reset();
    config_.continue_from = &*prefix_;
  }
  draw_ = view::draw_json(packs::merged_draw_spec(session_.packs()));
  // Several people read one log: each reads what all of them may (game.log_secret).
  session_.set_log_reader(people_.size() == 1 ? people_[0] : scripting::Session::kLogPublic);
  session_.set_log([this](std::string_view line) {
    std::lock_guard lock(mutex_);
    log_.emplace_back(line);
    if (log_.size() > kLogLines) log_.erase(log_.begin());
    publish_locked();
  });
}

Table::~Table() {
  stop();
}

void Table::start() {
  thread_ = std::thread([this] { run(); });
}

void Table::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  answered_.notify_all();
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool Table::over() const {
  std::lock_guard lock(mutex_);
  return over_;
}

void Table::run() {
  scripting::GameResult result = session_.play(config_);
  std::lock_guard lock(mutex_);
  if (result.ok) {
    engine::save_replay(result.replay, save_);
    outcome_ = {{"winner", result.winner ? json(*result.winner + 1) : json(nullptr)},
                {"reason", result.reason},
                {"turns", result.turns}};
  } else {
    outcome_ = {{"error", stopping_ ? "the server stopped" : result.error}};
  }
  over_ = true;
  asking_.reset();
  publish_locked();
}

int Table::ask(int seat, const engine::Decision& d) {
  std::unique_lock lock(mutex_);
  if (stopping_) throw std::runtime_error("the server stopped");
  asking_ = seat;
  asked_seq_ = session_.state().decisions.size();
  asked_count_ = d.count;
  asked_kind_ = d.kind;
  asked_options_ = json::array();
  for (int i = 0; i < d.count; ++i)
    asked_options_.push_back(json::array({i, std::string(d.id(i)), d.label(i)}));
  answer_.reset();
  publish_locked();
  // The game so far, saved before waiting: a crash or a closed server loses nothing.
  engine::save_replay(session_.replay_so_far(config_), save_);
  {
    // The person's thinking time is not the packs' time.
    session_.pause_clock();
    answered_.wait(lock, [&] { return answer_.has_value() || stopping_; });
    session_.resume_clock();
  }
  if (!answer_) throw std::runtime_error("the server stopped");
  const int chosen = *answer_;
  answer_.reset();
  return chosen;
}

std::string Table::answer(int seat, std::uint64_t seq, int option) {
  {
    std::lock_guard lock(mutex_);
    if (over_) return "the game is over";
    if (asking_ != seat) return "no decision of this seat is waiting";
    if (seq != asked_seq_)
      return fmt::format("decision {} is not the one waiting ({})", seq, asked_seq_);
    if (option < 0 || option >= asked_count_)
      return fmt::format("no option {} (the decision has {})", option, asked_count_);
    answer_ = option;
    // The game thread waits in ask(), so the state is still: pages see the decision gone now.
    asking_.reset();
    asked_options_ = json::array();
    publish_locked();
  }
  answered_.notify_all();
  return "";
}

void Table::publish_locked() {
  ++version_;
  changed_.notify_all();
  const auto& s = session_.state();
  if (board_.is_null()) board_ = view::board_json(s.board);
  for (std::size_t i = 0; i < people_.size(); ++i) {
    const int seat = people_[i];
    json snap = {{"seat", seat + 1},
                 {"players", s.players},
                 {"agents", config_.agents},
                 {"turn", s.turn},
                 {"current", s.current + 1},
                 {"supplies", json::array()},
                 {"frame", view::state_sections(s, seat)},
                 {"waiting", asking_ ? json(*asking_ + 1) : json(nullptr)},
                 {"over", over_ ? outcome_ : json(nullptr)}};
    for (int k = 0; k < s.supplies.size(); ++k) snap["supplies"].push_back(s.supplies.name(k));
    snap["decision"] =
        asking_ == seat
            ? json{{"seq", asked_seq_}, {"kind", asked_kind_}, {"options", asked_options_}}
            : json(nullptr);
    snapshots_[i] = std::move(snap);
  }
}

json Table::state(int seat, std::optional<std::uint64_t> since,
                  std::chrono::milliseconds wait) const {
  std::unique_lock lock(mutex_);
  if (since && *since == version_)
    changed_.wait_for(lock, wait, [&] { return *since != version_ || stopping_; });
  if (since && *since == version_) return {{"version", version_}, {"unchanged", true}};
  const auto at = std::find(people_.begin(), people_.end(), seat) - people_.begin();
  json out = snapshots_[static_cast<std::size_t>(at)];
  if (out.is_null()) out = {{"seat", seat + 1}, {"players", config_.players}};
  out["version"] = version_;
  out["draw"] = draw_;
  out["board"] = board_;
  out["log"] = log_;
  return out;
}

}  // namespace catan::serve
