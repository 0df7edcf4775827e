// `catan merge A.json B.json ...`: joins the results files of the shards of one run (--shard K/N)
// into exactly the results a single run over all their games gives.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/common.h"
#include "engine/file_io.h"
#include "lab/differences_csv.h"
#include "lab/html_report.h"
#include "lab/results_json.h"
#include "lab/text_report.h"

namespace catan::cli {

namespace {

class MergeCommand final : public Command {
 public:
  CLI::App* add(CLI::App& app) override {
    auto* sub = app.add_subcommand(
        "merge", "Merge the results files of shards (--shard K/N) into the results of one run");
    sub->add_option("files", files_, "Results files written by sim, compare or sweep --out")
        ->type_name("FILE.json")
        ->required();
    sub->add_option("--out", out_, "Write the merged results as JSON")->type_name("FILE.json");
    sub->add_option("--report", report_, "Write a self-contained HTML report")
        ->type_name("FILE.html");
    sub->add_option("--differences", differences_,
                    "Write the paired differences of a comparison as CSV (as compare does)")
        ->type_name("FILE.csv");
    sub->add_flag("--json", json_, "Print the merged JSON on stdout instead of the summary");
    sub->add_flag("--complete", complete_,
                  "Fail (exit 1, writing nothing) unless every file is complete and together "
                  "they hold all the run's games (the merge job of --slurm uses it)");
    return sub;
  }

  int run() override {
    std::vector<lab::LabResults> parts;
    for (const auto& f : files_) {
      std::error_code ec;
      if (!std::filesystem::exists(f, ec))
        throw UsageError(fmt::format("no such results file: {}", f));
      parts.push_back(lab::load_results(f));
    }
    if (complete_)
      for (std::size_t i = 0; i < parts.size(); ++i)
        if (parts[i].planned_end)
          throw lab::ResultsError(
              fmt::format("{} is incomplete: its run was stopped after {} of its games {}..{}",
                          files_[i], parts[i].run.end - parts[i].run.first, parts[i].run.first,
                          *parts[i].planned_end - 1));
    const auto merged = lab::merge_results(parts, files_);
    if (complete_ && (merged.run.first != 0 || merged.run.end != merged.run.games))
      throw lab::ResultsError(fmt::format("the files hold games {}..{} of the run's {}, not all",
                                          merged.run.first, merged.run.end - 1, merged.run.games));
    const auto json = lab::results_to_json(merged);
    if (!out_.empty()) lab::write_json_file(json, out_);
    if (!report_.empty()) lab::write_html_report(merged, report_);
    if (!differences_.empty()) lab::write_differences_csv(merged, differences_);
    if (json_) {
      std::cout << engine::json_text(json, 2) << '\n';
    } else {
      if (merged.configs.size() == 1)
        std::cout << engine::terminal_safe(lab::config_text(merged, 0));
      else
        std::cout << engine::terminal_safe(lab::comparison_text(merged));
      std::cout << fmt::format("merged {} files: games {}..{} of {}\n", files_.size(),
                               merged.run.first, merged.run.end - 1, merged.run.games);
      if (!out_.empty()) std::cout << "results written to " << out_ << '\n';
      if (!report_.empty()) std::cout << "report written to " << report_ << '\n';
      if (!differences_.empty()) std::cout << "differences written to " << differences_ << '\n';
    }
    if (merged.run.first != 0 || merged.run.end != merged.run.games)
      std::cerr << fmt::format("catan: warning: the files cover games {}..{} of {}, not all\n",
                               merged.run.first, merged.run.end - 1, merged.run.games);
    return kOk;
  }

 private:
  std::vector<std::string> files_;
  std::string out_, report_, differences_;
  bool json_ = false;
  bool complete_ = false;
};

}  // namespace

std::unique_ptr<Command> make_merge_command() {
  return std::make_unique<MergeCommand>();
}

}  // namespace catan::cli
