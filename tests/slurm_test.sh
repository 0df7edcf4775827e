#!/usr/bin/env bash
# The lab on a real Slurm cluster: a single-node cluster on this machine (scripts/slurm-local)
# runs the job `--slurm` writes, and its merged results equal a one-process run byte for byte,
# both as submitted and after one task was killed and rerun alone.
#
# The commands are the ones of docs/lab.md ("Tested on a real cluster"): the two catan lines are
# read from there and run as they are written. Prints the wall time of the one-process run and of
# the Slurm job. Skipped (77, one line) where Slurm cannot start: the packages missing
# (apt-get install munge slurmctld slurmd slurm-client), not root, or the daemons not up in 30 s.
# Usage: tests/slurm_test.sh path/to/catan
set -uo pipefail
[ $# -eq 1 ] || {
  echo "usage: $0 path/to/catan" >&2
  exit 2
}
root="$(cd "$(dirname "$0")/.." && pwd)"
# Run again inside a cluster of our own, which stops when this script ends.
if [ -z "${SLURM_LOCAL_DIR:-}" ]; then
  exec "$root/scripts/slurm-local" "$root/tests/slurm_test.sh" "$(realpath "$1")"
fi
catan_bin="$(realpath "$1")"
catan() { "$catan_bin" "$@"; }

fail() {
  echo "slurm_test: FAIL: $*" >&2
  exit 1
}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

work="$(mktemp -d "${TMPDIR:-/tmp}/catan-slurm-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# The docs' commands: the one-process run and the job.
doc="$root/docs/lab.md"
one_line="$(grep -m1 -E '^catan compare .* --out one\.json$' "$doc")" ||
  fail "docs/lab.md has no 'catan compare ... --out one.json' line"
job_line="$(grep -m1 -E '^catan compare .* --slurm job --slurm-shards [0-9]+$' "$doc")" ||
  fail "docs/lab.md has no 'catan compare ... --slurm job --slurm-shards N' line"
[ "${one_line% --out one.json}" = "${job_line% --slurm job --slurm-shards *}" ] ||
  fail "the docs' one-process run and job are not the same run"

# Waits until the jobs given by id have all left the queue (at most 120 s).
wait_jobs() {
  local deadline=$((SECONDS + 120))
  while squeue --noheader --jobs="$1" --format=%T 2>/dev/null |
    grep -qE 'PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED'; do
    ((SECONDS < deadline)) || fail "jobs $1 still queued after 120 s: $(squeue --jobs="$1" 2>&1)"
    sleep 0.2
  done
}
# The state of job $1 as the controller knows it (COMPLETED, FAILED, CANCELLED...).
job_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2; }
ids() { awk -v key="$1:" '$1 == key { print $2 }' "$2"; }

echo "slurm_test: $one_line"
start="$(now)"
eval "$one_line" >one.out || fail "the one-process run failed: $(tail -n 3 one.out)"
one_time="$(seconds "$start" "$(now)")"

echo "slurm_test: $job_line"
eval "$job_line" >job.out || fail "catan --slurm failed"
shards="$(grep -oE 'slurm-shards [0-9]+$' <<<"$job_line" | cut -d' ' -f2)"
for f in shards.sbatch merge.sbatch submit.sh rerun.sh README.txt; do
  [ -f "job/$f" ] || fail "job/$f was not written"
done
grep -qF "$work/job/submit.sh" job/README.txt || fail "README.txt does not give the submit command"

# 1. As submitted: the merged results are the one-process run's.
start="$(now)"
job/submit.sh >submit.out || fail "job/submit.sh failed: $(cat submit.out)"
wait_jobs "$(ids shards submit.out),$(ids merge submit.out)"
job_time="$(seconds "$start" "$(now)")"
[ "$(job_state "$(ids merge submit.out)")" = COMPLETED ] ||
  fail "the merge job ended $(job_state "$(ids merge submit.out)"): $(cat job/logs/merge.out)"
cmp job/results/all.json one.json || fail "job/results/all.json differs from the one-process run"
for k in $(seq 1 "$shards"); do
  [ -s "job/results/shard-$k.json" ] && [ -s "job/logs/shard-$k.out" ] ||
    fail "shard $k left no results file or log"
done
echo "slurm_test: the merged results of $shards shards equal the one-process run"

# 2. Submitted again with task 1 killed while it plays: the merge fails naming it; rerun alone,
# the results are the same bytes again.
rm -f job/results/*
job/submit.sh >submit2.out || fail "job/submit.sh failed again"
first="$(ids shards submit2.out)_1"
killed=""
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
  state="$(job_state "$first")"
  if [ "$state" = RUNNING ]; then
    scancel "$first" && killed="while it ran"
    break
  fi
  [ -z "$state" ] || [ "$state" = PENDING ] || [ "$state" = CONFIGURING ] || break
  sleep 0.05
done
if [ -n "$killed" ]; then
  wait_jobs "$(ids shards submit2.out),$(ids merge submit2.out)"
  # The cancel can land after the task has written its results (it is a race on a loaded
  # machine): then the merge rightly completes, and the task's results are taken away instead.
  if [ "$(job_state "$(ids merge submit2.out)")" = COMPLETED ] && [ -s job/results/shard-1.json ]; then
    rm -f job/results/shard-1.json job/results/all.json
    killed=""
  fi
fi
if [ -n "$killed" ]; then
  [ "$(job_state "$(ids merge submit2.out)")" = FAILED ] ||
    fail "the merge after a killed task ended $(job_state "$(ids merge submit2.out)")"
  grep -q "rerun.sh" job/logs/merge.out ||
    fail "the failed merge does not say what to rerun: $(cat job/logs/merge.out)"
  [ ! -e job/results/all.json ] || fail "the failed merge left results/all.json"
  echo "slurm_test: task 1 killed $killed; the merge failed: $(grep -m1 'error' job/logs/merge.out)"
else
  # Too fast to catch: treat it as killed by taking its results away once both jobs ended.
  wait_jobs "$(ids shards submit2.out),$(ids merge submit2.out)"
  rm -f job/results/shard-1.json job/results/all.json
  echo "slurm_test: task 1 ended before it could be cancelled; its results file was removed"
  # The merge alone, with those results missing, fails and names the shard to rerun.
  bash job/merge.sbatch >merge-alone.out 2>&1 && fail "the merge without shard 1's results succeeded"
  grep -q "rerun.sh 1" merge-alone.out || fail "the merge without shard 1 does not say: $(cat merge-alone.out)"
fi

job/rerun.sh 1 >rerun.out || fail "job/rerun.sh 1 failed: $(cat rerun.out)"
wait_jobs "$(ids shards rerun.out),$(ids merge rerun.out)"
[ "$(job_state "$(ids merge rerun.out)")" = COMPLETED ] ||
  fail "the merge after the rerun ended $(job_state "$(ids merge rerun.out)"): $(cat job/logs/merge.out)"
cmp job/results/all.json one.json || fail "after the rerun, job/results/all.json differs"
echo "slurm_test: after rerunning shard 1 alone, the merged results equal the one-process run again"

echo "slurm_test: wall time: one process $one_time s ($(nproc) threads); Slurm job $job_time s" \
  "($shards tasks of 1 CPU on $(nproc) cores, from submit to merged results)"
echo "slurm_test: ok"
