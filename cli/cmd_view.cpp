// `catan view REPLAY --out FILE.html`: plays a saved game again and writes the replay viewer, a
// self-contained HTML page to step through it (view/viewer_html.h).
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/replayed_game.h"
#include "engine/file_io.h"
#include "engine/replay.h"
#include "view/game_recording.h"
#include "view/viewer_html.h"

namespace catan::cli {

namespace {

class ViewCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "view",
        "Write a replay as an HTML page to step through in a browser (board, hands, "
        "decisions, dice, events)");
    sub->add_option("file", file_, "Replay file (catan play --log, sim --save-games, --failures)")
        ->required()
        ->check(CLI::ExistingFile);
    sub->add_option("--out,-o", out_,
                    "The HTML file to write (default: the replay's name with .html)")
        ->type_name("FILE");
    search_.add_to(*sub);
    limits_.add_to(*sub);
    return sub;
  }

  int run() override {
    std::filesystem::path out = out_;
    if (out.empty()) out = std::filesystem::path(file_).replace_extension(".html");
    // The page must never replace the replay it is made from (by name, link or hard link).
    std::error_code same_error;  // either missing: not the same file
    if (std::filesystem::equivalent(out, file_, same_error))
      throw UsageError(out_.empty() ? fmt::format("the page's default name {} is the replay "
                                                  "itself; give another file with --out",
                                                  out.string())
                                    : fmt::format("--out {} is the replay itself; give another "
                                                  "file",
                                                  out_));
    ReplayedGame game(file_, search_, limits_, &std::cerr);
    nlohmann::json recording;
    try {
      recording = view::record_replay(game.session(), game.replay());
    } catch (const std::runtime_error& e) {
      print_error(fmt::format("{}: {}", file_, e.what()));
      return kRuntimeError;
    }
    engine::write_output_file(out, view::viewer_html(recording));
    fmt::print("viewer written to {} ({} decisions)\n", out.string(),
               recording["steps"].size() - 1);
    return kOk;
  }

 private:
  std::string file_, out_;
  SearchOptions search_;
  LimitOptions limits_;
};

}  // namespace

std::unique_ptr<Command> make_view_command() {
  return std::make_unique<ViewCommand>();
}

}  // namespace catan::cli
