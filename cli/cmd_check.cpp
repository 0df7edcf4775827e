// `catan check PACK...`: a linter for pack authors. Loads the packs, reads their scripts for
// raises of events no loaded pack declares, lists handlers whose order only the load order
// decides, and plays a batch of games with every check on (event payloads against their
// declarations, option ids, the packs' own invariants through a boolean option named `check`,
// globals assigned and top-level locals changed during games), reporting each distinct problem once
// with where it happened.
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/lab_options.h"
#include "engine/file_io.h"
#include "scripting/session.h"

namespace catan::cli {

namespace {

class CheckCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "check",
        "Look for an author's mistakes in packs: raises of undeclared events, handler orders "
        "that depend on load order, and problems found by checked games (payloads that break "
        "their declarations, writes to read-only fields, bad option ids, broken invariants, "
        "globals assigned or top-level locals changed during a game)");
    game_.fallback_players = 4;
    game_.add_to(*sub,
                 "Agent per seat in the checked games, comma-separated (the last fills the "
                 "remaining seats)");
    sub->add_option("--games", games_, "Checked games to play (0: only the static checks)")
        ->check(WholeNumber)
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    const auto requested = game_.requested();
    auto search = search_.make();
    // A pack that does not load is the first problem, and ends the check (thrown as usual).
    scripting::Session session(search, requested, game_.options, limits_.make());
    const auto bots = settle_seats(game_, session, false);

    std::set<std::string> checked;  // the packs named on the command line
    for (const auto& ref : requested) checked.insert(search.find(ref).name);
    std::vector<std::string> problems;
    undeclared_raises(session, checked, problems);
    shared_priorities(session, checked, problems);
    const int games_with_problems = play_checked(session, bots, problems);

    for (const auto& p : problems) fmt::print("problem: {}\n", engine::terminal_safe(p));
    if (problems.empty()) {
      fmt::print("no problems found ({} checked games)\n", games_);
      return kOk;
    }
    fmt::print("{} problem{} ({} of {} checked games failed)\n", problems.size(),
               problems.size() == 1 ? "" : "s", games_with_problems, games_);
    return kRuntimeError;
  }

 private:
  // game.raise("name", ...) with a literal name that no loaded pack declares, in the scripts of
  // the checked packs (a raise that runs fails the game too; this finds those no game reached).
  static void undeclared_raises(const scripting::Session& session,
                                const std::set<std::string>& checked,
                                std::vector<std::string>& problems) {
    static const std::regex kRaise(R"re(game\.raise\(\s*["']([A-Za-z0-9_.]+)["'])re");
    const auto& events = session.state().events;
    for (const auto* m : session.packs()) {
      if (!checked.contains(m->name)) continue;
      for (const auto* list : {&m->library, &m->entry}) {
        for (const auto& file : *list) {
          const std::string text =
              engine::read_bounded_file(m->dir / file, engine::kMaxReplayBytes, "a script");
          int line = 1;
          std::size_t line_start = 0;
          for (auto it = std::sregex_iterator(text.begin(), text.end(), kRaise);
               it != std::sregex_iterator(); ++it) {
            const auto at = static_cast<std::size_t>(it->position(0));
            for (; line_start < at; ++line_start)
              if (text[line_start] == '\n') ++line;
            const std::string name = (*it)[1];
            if (events.find(name) < 0)
              problems.push_back(fmt::format(
                  "{}/{}:{}: raises event '{}', which no loaded pack declares (declare it in the "
                  "manifest's \"events\")",
                  m->name, file, line, name));
          }
        }
      }
    }
  }

  // Two packs' handlers of one event at the same priority and phase: their order is the load
  // order, which changes when another pack joins. Reported when a checked pack is one of them.
  static void shared_priorities(scripting::Session& session, const std::set<std::string>& checked,
                                std::vector<std::string>& problems) {
    std::map<std::tuple<std::string, bool, int>, std::vector<scripting::HandlerInfo>> groups;
    for (const auto& h : session.handlers()) groups[{h.event, h.after, h.priority}].push_back(h);
    for (const auto& [key, handlers] : groups) {
      std::set<std::string> packs;
      bool mine = false;
      for (const auto& h : handlers) {
        packs.insert(h.pack);
        mine = mine || checked.contains(h.pack);
      }
      if (packs.size() < 2 || !mine) continue;
      std::vector<std::string> who;
      for (const auto& h : handlers) who.push_back(fmt::format("'{}' ({})", h.pack, h.where));
      problems.push_back(fmt::format(
          "event '{}': handlers of {} share priority {}{}; their order follows the load order, "
          "so give the one that must run later a higher priority (or make them commute)",
          std::get<0>(key), fmt::join(who, " and "), std::get<2>(key),
          std::get<1>(key) ? " (after)" : ""));
    }
  }

  // Plays the checked games; each distinct error is one problem. Returns the games that failed.
  int play_checked(scripting::Session& session, const std::vector<std::string>& bots,
                   std::vector<std::string>& problems) const {
    scripting::GameConfig config;
    config.seed = game_.seed;
    config.players = game_.players;
    config.agents = bots;
    config.max_turns = game_.max_turns;
    config.check_payloads = true;
    config.check_options = true;
    config.check_locals = true;
    // Forks as a seat sees them (the search agent's), at one decision in kForkCheckEvery.
    config.check_forks = kForkCheckEvery;
    config.options = game_.options;
    // The packs' own invariants: a boolean option named "check" (the base pack's) is turned on.
    for (const auto* m : session.packs()) {
      const auto* check = m->find_option("check");
      const std::string prefix = m->name + ".check=";
      const bool set = std::any_of(game_.options.begin(), game_.options.end(),
                                   [&](const std::string& o) { return o.starts_with(prefix); });
      if (check && check->type == packs::OptionType::Boolean && !set)
        config.options.push_back(prefix + "true");
    }
    std::map<std::string, std::pair<int, std::uint64_t>> errors;  // error -> (games, first game)
    int failed = 0;
    for (int g = 0; g < games_; ++g) {
      config.game_index = static_cast<std::uint64_t>(g);
      const auto result = session.play(config);
      if (result.ok) continue;
      ++failed;
      auto [it, fresh] = errors.try_emplace(result.error, 0, config.game_index);
      ++it->second.first;
    }
    for (const auto& [error, count] : errors)
      problems.push_back(
          fmt::format("game {} (seed {}){}: {}", count.second, game_.seed,
                      count.first > 1 ? fmt::format(" and {} more", count.first - 1) : "", error));
    return failed;
  }

  static constexpr int kForkCheckEvery = 25;
  GameOptions game_;
  int games_ = 20;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_check_command() {
  return std::make_unique<CheckCommand>();
}

}  // namespace catan::cli
