#pragma once
// A game played by people in browsers and bots (catan serve): the game runs on its own thread;
// each person's seat is an agent that publishes the decision it is asked and waits for the
// page's answer. What a page may read is published by the game thread as a snapshot per seat,
// built through the seat's view (view/state_json.h): another seat's private holdings show only
// their total, so a page never receives another seat's hidden information. The replay is saved
// at every person's decision and at the end, so that a crash loses nothing (resume it with
// GameConfig::continue_from).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/agent.h"
#include "engine/replay.h"
#include "scripting/session.h"

namespace catan::serve {

class Table {
 public:
  // `session` plays `config` (its agent_objects are set here for the people's seats: `people`,
  // 0-based, whose agents are named "human"). `save` is where the replay goes. With `prefix`,
  // the game is that replay played on (config.continue_from is set to it).
  Table(scripting::Session& session, scripting::GameConfig config, std::vector<int> people,
        std::filesystem::path save, std::optional<engine::Replay> prefix = std::nullopt);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  // Starts the game thread. Call once.
  void start();
  // Ends a game still waiting for a person (its result is an error, not saved over the replay)
  // and joins the thread. Idempotent.
  void stop();

  const std::vector<int>& people() const noexcept { return people_; }

  // What `seat` (one of people()) may see now, as JSON: version (grows with every change),
  // seat, players, agents, draw, board, frame (the state sections as the seat sees them), log
  // (the public log, the last kLogLines lines), turn, current, supplies (the names of the
  // holders after the seats), decision ({seq, kind, options [[index, id, label]]} when the seat
  // is asked, else null), waiting (the seat being waited for
  // or null) and over ({winner, reason, turns} or null; error when the game failed). Returns
  // {"version": v, "unchanged": true} when the version is still `since` after waiting up to
  // `wait` for a change (a long poll: a page learns of a change as it happens).
  nlohmann::json state(int seat, std::optional<std::uint64_t> since,
                       std::chrono::milliseconds wait = std::chrono::milliseconds(0)) const;

  // The page of `seat` answers decision `seq` with option `option` (0-based). Returns "" when
  // taken, else why not (not asked, another decision, no such option).
  std::string answer(int seat, std::uint64_t seq, int option);

  // True once the game has ended (or failed, or was stopped).
  bool over() const;

  static constexpr std::size_t kLogLines = 200;

 private:
  class PersonSeat;
  // Called on the game thread: the seat's snapshot is rebuilt and the version bumped.
  void publish_locked();
  int ask(int seat, const engine::Decision& d);  // the PersonSeat's choose
  void run();

  scripting::Session& session_;
  scripting::GameConfig config_;
  std::vector<int> people_;
  std::filesystem::path save_;
  std::optional<engine::Replay> prefix_;
  nlohmann::json draw_, board_;

  mutable std::mutex mutex_;
  std::condition_variable answered_;
  mutable std::condition_variable changed_;  // notified by publish_locked
  std::uint64_t version_ = 0;
  std::vector<nlohmann::json> snapshots_;  // per person, in people_ order
  std::vector<std::string> log_;           // the last kLogLines public lines
  std::optional<int> asking_;              // the seat asked now
  std::uint64_t asked_seq_ = 0;
  int asked_count_ = 0;
  std::string asked_kind_;
  nlohmann::json asked_options_;
  std::optional<int> answer_;
  bool stopping_ = false, over_ = false;
  nlohmann::json outcome_;
  std::thread thread_;
};

}  // namespace catan::serve
