// `catan serve`: a game at a table in the browser, for people (seats played "human") and bots.
// Prints one link per person's seat; the game's replay is saved as it goes (serve/table.h).
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"
#include "cli/replay_packs.h"
#include "engine/file_io.h"
#include "engine/replay.h"
#include "serve/server.h"
#include "serve/table.h"

namespace catan::cli {

namespace {

class ServeCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "serve",
        "Play a game in the browser: a link per person's seat (human), bots in the others");
    game_.add_to(*sub,
                 "Agent per seat, comma-separated: human (a person, at the link printed for the "
                 "seat), random, an agent a pack registers, or mcts[:settings]; the last one "
                 "fills the remaining seats");
    sub->add_option("--listen", listen_,
                    "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network)")
        ->capture_default_str();
    sub->add_option("--port", port_, "Port to listen on (0: any free port)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    sub->add_option("--save", save_,
                    "Where the replay is saved as the game goes (default: "
                    "catan-serve-seed<S>-game<I>.json in the current folder)")
        ->type_name("FILE");
    sub->add_option("--resume", resume_,
                    "Play on a game saved by catan serve (or any replay): its packs, options, "
                    "seats and decisions, then the seats' agents from there")
        ->type_name("FILE")
        ->check(CLI::ExistingFile);
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    engine::Replay saved;  // with --resume: the game to play on
    if (!resume_.empty()) saved = load_resumed_game(resume_, game_);
    auto search = search_.make();
    const auto opened =
        open_game_session(search, game_, resume_.empty() ? nullptr : &saved, limits_.make());
    scripting::Session& session = *opened;
    const auto agents = resume_.empty() ? settle_seats(game_, session, true) : saved.agents;
    std::vector<int> people;
    for (std::size_t seat = 0; seat < agents.size(); ++seat)
      if (agents[seat] == "human") people.push_back(static_cast<int>(seat));
    if (people.empty())
      throw UsageError(
          "no seat is played by a person: name one 'human' in --bots (e.g. --bots "
          "human,heuristic)");

    scripting::GameConfig config;
    config.seed = resume_.empty() ? game_.seed : saved.seed;
    config.game_index = resume_.empty() ? 0 : saved.game_index;
    config.players = resume_.empty() ? game_.players : saved.players;
    config.agents = agents;
    config.max_turns = resume_.empty() ? game_.max_turns : saved.max_turns;
    const std::string save = !save_.empty()     ? save_
                             : !resume_.empty() ? resume_
                                                : fmt::format("catan-serve-seed{}-game{}.json",
                                                              config.seed, config.game_index);
    std::optional<engine::Replay> prefix;
    if (!resume_.empty()) prefix = saved;

    // SIGINT and SIGTERM are taken by one thread (sigwait), which stops the server: blocked
    // here, before any thread starts, so every thread inherits the mask.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    serve::Table table(session, config, people, save, std::move(prefix));
    std::map<std::string, int> tokens;
    std::vector<std::string> links(people.size());
    for (std::size_t i = 0; i < people.size(); ++i) {
      links[i] = serve::TableServer::new_token();
      tokens[links[i]] = people[i];
    }
    std::string title;
    for (const auto* m : session.packs()) title += (title.empty() ? "" : " + ") + m->name;
    serve::TableServer server(table, tokens, title);
    const int port = bind(server);
    print_banner(title, config, agents,
                 resume_.empty() ? std::nullopt : std::optional(saved.decisions.size()), port,
                 people, links, save);

    std::atomic<bool> done = false;
    std::thread watcher([&] {
      int signal = 0;
      sigwait(&signals, &signal);
      if (!done) server.stop();
    });
    table.start();
    server.run();
    table.stop();
    // The watcher waits for a signal; a server that stopped by itself sends it one.
    done = true;
    pthread_kill(watcher.native_handle(), SIGTERM);
    watcher.join();
    std::cout << fmt::format("stopped; the game is in {}\n", save);
    return kOk;
  }

 private:
  // Binds the server to --listen and --port; returns the port.
  int bind(serve::TableServer& server) const {
    try {
      return server.bind(listen_, port_);
    } catch (const std::exception& e) {
      throw std::runtime_error(
          fmt::format("{} (is another server using the port? --port 0 "
                      "takes a free one)",
                      e.what()));
    }
  }

  // What is served, where, each person's link and where the game is saved.
  void print_banner(const std::string& title, const scripting::GameConfig& config,
                    const std::vector<std::string>& agents,
                    std::optional<std::size_t> resumed_after, int port,
                    const std::vector<int>& people, const std::vector<std::string>& links,
                    const std::string& save) const {
    const std::string host = listen_.find(':') != std::string::npos ? "[" + listen_ + "]" : listen_;
    std::cout << fmt::format(
        "catan serve: {}, {} players ({}), seed {}{}\n", title, config.players,
        fmt::join(agents, ", "), config.seed,
        resumed_after ? fmt::format(", resumed after {} decisions", *resumed_after) : "");
    std::cout << fmt::format("listening on http://{}:{}{}\n", host, port,
                             listen_ == "127.0.0.1" || listen_ == "localhost"
                                 ? " (this machine only; --listen 0.0.0.0 lets other machines in)"
                                 : "");
    for (std::size_t i = 0; i < people.size(); ++i)
      std::cout << fmt::format("seat {}: http://{}:{}/seat/{}\n", people[i] + 1, host, port,
                               links[i]);
    std::cout << fmt::format(
                     "the game is saved as it goes to {} (catan serve --resume {}); Ctrl-C stops",
                     save, save)
              << std::endl;
  }

  GameOptions game_;
  std::string listen_ = "127.0.0.1", save_, resume_;
  int port_ = 8080;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_serve_command() {
  return std::make_unique<ServeCommand>();
}

}  // namespace catan::cli
