// `--slurm DIR` (cli/slurm_job.h): the job scripts' exact text (array range, each task's command
// line, the merge command), the quoting of awkward arguments, and the refusals. Submitting the
// job to a real cluster is tests/slurm_test.sh's part.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "cli/command.h"
#include "cli/common.h"
#include "cli/slurm_job.h"
#include "pack_fixture.h"

namespace catan::cli {
namespace {

namespace fs = std::filesystem;

std::string text_of(const std::vector<SlurmFile>& files, const std::string& name) {
  for (const auto& f : files)
    if (f.name == name) return f.text;
  ADD_FAILURE() << "no file " << name;
  return "";
}

SlurmJob example_job() {
  SlurmJob job;
  job.kind = "compare";
  job.catan = "/opt/catan/bin/catan";
  job.args = {"compare", "base",      "base:base.target_vp=12",
              "--bots",  "heuristic", "--games",
              "400",     "--rotate",  "--seed",
              "7"};
  job.workdir = "/home/ana/runs";
  job.dir = "/home/ana/runs/job";
  job.failures = "/home/ana/runs/job/failures";
  job.shards = 4;
  job.cpus = 2;
  job.time = "1:00:00";
  job.partition = "short";
  job.sbatch = {"--account=lab"};
  return job;
}

TEST(SlurmJob, QuotesWordsForTheShell) {
  EXPECT_EQ(shell_quote("base+resource-tokens"), "base+resource-tokens");
  EXPECT_EQ(shell_quote("base:base.target_vp=12"), "base:base.target_vp=12");
  EXPECT_EQ(shell_quote("mcts:iterations=200,heuristic"), "mcts:iterations=200,heuristic");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote("$HOME"), "'$HOME'");
  EXPECT_EQ(shell_quote(""), "''");
}

TEST(SlurmJob, DropsOptionsInBothForms) {
  EXPECT_EQ(drop_options({"sim", "base", "--slurm", "d", "--games", "8", "--slurm-shards=4",
                          "--report", "r.html"},
                         {"--slurm", "--slurm-shards", "--report"}),
            (std::vector<std::string>{"sim", "base", "--games", "8"}));
  // A longer option that starts with a dropped one's name stays.
  EXPECT_EQ(drop_options({"--slurm-cpus", "2"}, {"--slurm"}),
            (std::vector<std::string>{"--slurm-cpus", "2"}));
}

TEST(SlurmJob, ShardScriptRunsOneShardPerArrayTask) {
  EXPECT_EQ(text_of(slurm_job_files(example_job()), "shards.sbatch"),
            "#!/bin/bash\n"
            "# Shard K of 4 of: catan compare base base:base.target_vp=12 --bots heuristic "
            "--games 400 --rotate --seed 7\n"
            "# One array task per shard (submit.sh submits them); runs without Slurm too: bash "
            "shards.sbatch K\n"
            "#SBATCH --job-name=catan-compare\n"
            "#SBATCH --array=1-4\n"
            "#SBATCH --ntasks=1\n"
            "#SBATCH --cpus-per-task=2\n"
            "#SBATCH --time=1:00:00\n"
            "#SBATCH --partition=short\n"
            "#SBATCH --account=lab\n"
            "#SBATCH --output=/home/ana/runs/job/logs/shard-%a.out\n"
            "set -u\n"
            "k=\"${1:-${SLURM_ARRAY_TASK_ID:?not an array task: give the shard, 1 to 4}}\"\n"
            "dir=/home/ana/runs/job\n"
            "cd /home/ana/runs || exit 1\n"
            "failures=/home/ana/runs/job/failures\n"
            "exec /opt/catan/bin/catan compare base base:base.target_vp=12 --bots heuristic "
            "--games 400 --rotate --seed 7 --shard \"$k/4\" --threads 2 --out "
            "\"$dir/results/shard-$k.json\" --failures \"$failures/shard-$k\"\n");
}

TEST(SlurmJob, MergeRunsAfterTheShardsAndChecksThemAll) {
  auto job = example_job();
  job.report = "/home/ana/report of runs.html";
  const auto files = slurm_job_files(job);
  const auto merge = text_of(files, "merge.sbatch");
  EXPECT_NE(merge.find("#SBATCH --job-name=catan-compare-merge\n"), std::string::npos);
  EXPECT_NE(merge.find("#SBATCH --cpus-per-task=1\n"), std::string::npos);
  EXPECT_EQ(merge.find("--array"), std::string::npos);
  EXPECT_NE(merge.find("for k in $(seq 1 4); do\n"), std::string::npos);
  EXPECT_NE(merge.find("rerun with: $dir/rerun.sh ${missing[*]}"), std::string::npos);
  EXPECT_NE(merge.find("/opt/catan/bin/catan merge --complete \"${files[@]}\" --out "
                       "\"$dir/results/all.json\" --report '/home/ana/report of runs.html'\n"),
            std::string::npos);

  const auto submit = text_of(files, "submit.sh");
  EXPECT_NE(submit.find("shards=$(sbatch --parsable \"$dir/shards.sbatch\")\n"), std::string::npos);
  EXPECT_NE(submit.find("merge=$(sbatch --parsable --dependency=\"afterany:$shards\" "
                        "\"$dir/merge.sbatch\")\n"),
            std::string::npos);
  const auto rerun = text_of(files, "rerun.sh");
  EXPECT_NE(rerun.find("shards=$(sbatch --parsable --array=\"$tasks\" \"$dir/shards.sbatch\")\n"),
            std::string::npos);
  EXPECT_NE(rerun.find("((k > 4))"), std::string::npos);
  const auto readme = text_of(files, "README.txt");
  EXPECT_NE(readme.find("Submit:        /home/ana/runs/job/submit.sh\n"), std::string::npos);
  EXPECT_NE(readme.find("Rerun shard K: /home/ana/runs/job/rerun.sh K\n"), std::string::npos);
  EXPECT_NE(readme.find("sbatch --array=K /home/ana/runs/job/shards.sbatch"), std::string::npos);
}

TEST(SlurmJob, QuotesAwkwardArgumentsAndKeepsCommentsOnOneLine) {
  auto job = example_job();
  job.args = {"sim", "my pack", "--option", "my pack.name=it's\nso", "--seed", "7"};
  job.workdir = "/home/ana/my runs";
  job.pack_path = "/packs/a b:/packs/c";
  const auto shards = text_of(slurm_job_files(job), "shards.sbatch");
  EXPECT_NE(shards.find("# Shard K of 4 of: catan sim 'my pack' --option 'my pack.name=it'\\''s\\n"
                        "so' --seed 7\n"),
            std::string::npos);
  EXPECT_NE(shards.find("cd '/home/ana/my runs' || exit 1\n"), std::string::npos);
  EXPECT_NE(shards.find("export CATAN_PACK_PATH='/packs/a b:/packs/c'\n"), std::string::npos);
  EXPECT_NE(shards.find("exec /opt/catan/bin/catan sim 'my pack' --option 'my pack.name=it'\\''s\n"
                        "so' --seed 7 --shard"),
            std::string::npos);
}

std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SlurmJob, RefusesJobsThatCannotRun) {
  packs::testing::TempPackDir tmp;
  SlurmOptions o;
  o.dir = (tmp.root() / "job").string();
  const auto make = [&](std::uint64_t games, std::uint64_t block) {
    return [&, games, block] {
      make_slurm_job("sim", {"sim", "base"}, o, games, block, "", "", "");
    };
  };
  EXPECT_EQ(usage_error(make(100, 1)), "--slurm needs --slurm-shards N, the number of array tasks");
  o.shards = 5;
  EXPECT_EQ(usage_error(make(4, 1)), "--slurm-shards 5: more shards than the 4 games");
  EXPECT_EQ(usage_error(make(16, 4)),
            "--slurm-shards 5: more shards than the 4 blocks of 4 games (--rotate)");
  EXPECT_EQ(usage_error(make(20, 4)), "(no error)");
  o.time = "2h";
  EXPECT_EQ(usage_error(make(20, 4)),
            "--slurm-time '2h': expected a Slurm time limit such as 90, 2:00:00 or 1-12:00:00");
  o.time = "1-12:00:00";
  o.partition = "a b";
  EXPECT_NE(usage_error(make(20, 4)).find("--slurm-partition 'a b': expected"), std::string::npos);
  o.partition = "";
  o.sbatch = {"account=lab"};
  EXPECT_EQ(usage_error(make(20, 4)),
            "--slurm-sbatch 'account=lab': expected one sbatch option, e.g. "
            "--slurm-sbatch=--account=lab");
  o.sbatch = {};
  tmp.write("job/old.txt", "x");
  EXPECT_EQ(usage_error(make(20, 4)),
            "--slurm '" + o.dir + "': exists and is not an empty folder; choose a new one");
  o.dir = (tmp.root() / "a job").string();
  EXPECT_NE(usage_error(make(20, 4)).find("the folder's path cannot hold spaces"),
            std::string::npos);
}

// run_cli with `args`; returns the exit code and the stderr.
std::pair<int, std::string> catan(std::vector<std::string> args) {
  args.insert(args.begin(), "catan");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  const int code = run_cli(static_cast<int>(argv.size()), argv.data());
  ::testing::internal::GetCapturedStdout();
  return {code, ::testing::internal::GetCapturedStderr()};
}

TEST(SlurmJob, TheLabCommandsRefuseWhatDoesNotGoWithSlurm) {
  packs::testing::TempPackDir tmp;
  const std::string dir = (tmp.root() / "job").string();
  const std::vector<std::string> run = {"compare", "base", "base:base.target_vp=12", "--games", "8",
                                        "--slurm", dir,    "--slurm-shards",         "2"};
  const auto with = [&](std::vector<std::string> more) {
    auto args = run;
    args.insert(args.end(), more.begin(), more.end());
    return catan(args);
  };
  const auto refused = [&](std::vector<std::string> more, const std::string& error) {
    const auto [code, err] = with(more);
    EXPECT_EQ(code, kUsageError) << err;
    EXPECT_NE(err.find(error), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_FALSE(fs::exists(dir));
  };
  refused({"--shard", "1/2"}, "--slurm makes the shards itself");
  refused({"--until-ci", "5"}, "--slurm does not go with --until-ci");
  refused({"--resume", "x.json"}, "--slurm does not go with --resume");
  refused({"--out", "x.json"}, "--slurm writes the merged results to DIR/results/all.json");
  refused({"--csv", "x.csv"}, "--slurm does not go with --csv");
  refused({"--threads", "2"}, "--slurm takes --slurm-cpus N");
  // --slurm-shards 3 of 2 blocks of 4 games; --slurm-cpus without --slurm.
  {
    const auto [code, err] =
        catan({"sim", "base", "--games", "8", "--rotate", "--slurm", dir, "--slurm-shards", "3"});
    EXPECT_EQ(code, kUsageError);
    EXPECT_NE(err.find("--slurm-shards 3: more shards than the 2 blocks of 4 games (--rotate)"),
              std::string::npos)
        << err;
  }
  {
    const auto [code, err] = catan({"sim", "base", "--games", "8", "--slurm-cpus", "2"});
    EXPECT_EQ(code, kUsageError);
    EXPECT_NE(err.find("--slurm"), std::string::npos) << err;
  }
}

TEST(SlurmJob, WritesTheJobDirectory) {
  packs::testing::TempPackDir tmp;
  const std::string dir = (tmp.root() / "job").string();
  const auto [code, err] =
      catan({"compare", "base", "base:base.target_vp=12", "--games", "8", "--rotate", "--seed", "7",
             "--report", (tmp.root() / "r.html").string(), "--slurm", dir, "--slurm-shards", "2",
             "--slurm-cpus=3"});
  ASSERT_EQ(code, kOk) << err;
  for (const char* name : {"shards.sbatch", "merge.sbatch", "submit.sh", "rerun.sh"}) {
    EXPECT_TRUE(fs::exists(fs::path(dir) / name)) << name;
    EXPECT_NE(fs::status(fs::path(dir) / name).permissions() & fs::perms::owner_exec,
              fs::perms::none)
        << name;
  }
  for (const char* sub : {"results", "failures", "logs"})
    EXPECT_TRUE(fs::is_directory(fs::path(dir) / sub)) << sub;
  std::ifstream in(fs::path(dir) / "shards.sbatch");
  std::stringstream text;
  text << in.rdbuf();
  // The same command line without the --slurm options and the report, which the merge writes.
  EXPECT_NE(text.str().find(" compare base base:base.target_vp=12 --games 8 --rotate --seed 7 "
                            "--shard \"$k/2\" --threads 3 --out \"$dir/results/shard-$k.json\""),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("#SBATCH --array=1-2\n"), std::string::npos);
  // A second job into the same, now full, folder is refused.
  const auto again = catan({"sim", "base", "--games", "8", "--slurm", dir, "--slurm-shards", "2"});
  EXPECT_EQ(again.first, kUsageError);
}

}  // namespace
}  // namespace catan::cli
