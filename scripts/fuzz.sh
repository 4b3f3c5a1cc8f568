#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz) with clang, ASan and UBSan in
# build-fuzz/ and runs each for SECONDS (default 60) from its checked-in seed
# corpus, GAMEHOST_JOBS (default 2) of them at a time. New inputs go to
# build-fuzz/corpus/NAME (the checked-in corpus is not changed); a crash stops
# the script with the reproducer's name.
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
ensure_packages
seconds="${1:-60}"
jobs="${GAMEHOST_JOBS:-2}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Line tables only: enough for the reports, a fraction of full debug info's compile time.
cmake -S . -B build-fuzz -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" -DCMAKE_CXX_COMPILER=clang++ -DGAMEHOST_FUZZ=ON -DBUILD_TESTING=OFF \
      -DGAMEHOST_BUILD_BENCHMARKS=OFF -DGAMEHOST_BUILD_PYTHON=OFF "${launcher[@]}" >/dev/null
fuzzers=(log_reader_fuzz log_replay_fuzz alien_city_call_fuzz city_planning_call_fuzz
         alien_city_text_fuzz city_planning_text_fuzz)
# gamehost serve's frame decoder and lobby: a quarter of SECONDS each, in one
# more round, so the CI's fuzzing time grows by a quarter round only.
server_fuzzers=(server_frame_fuzz server_lobby_fuzz)
cmake --build build-fuzz -j "$jobs" --target "${fuzzers[@]}" "${server_fuzzers[@]}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

# One harness for SECONDS from both corpora; prints its line and returns its
# exit status (non-zero: a finding, with the reproducer in build-fuzz/crashes/).
run_harness() {
  local f=$1 seconds=${2:-$seconds} status=0
  mkdir -p "build-fuzz/corpus/$f" "build-fuzz/crashes/$f"
  local log="build-fuzz/$f.log"
  build-fuzz/fuzz/"$f" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$f/" \
    "build-fuzz/corpus/$f" "tests/fuzz/corpus/$f" >"$log" 2>&1 || status=$?
  local runs
  runs=$(grep -o "stat::number_of_executed_units: *[0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
  echo "fuzz: $f: ${seconds}s, $runs inputs, exit $status"
  if [ "$status" -ne 0 ]; then
    grep -E "ERROR|SUMMARY|runtime error|artifact" "$log" | head -20
    echo "fuzz: $f found a problem (log $log, reproducer in build-fuzz/crashes/$f/)"
  fi
  return "$status"
}

# The harnesses run $jobs at a time (each is single-threaded), so every one
# still gets its full SECONDS while the wall time is divided by the cores.
failed=0
for ((i = 0; i < ${#fuzzers[@]}; i += jobs)); do
  pids=()
  for f in "${fuzzers[@]:i:jobs}"; do
    run_harness "$f" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" -eq 0 ] || exit 1
done
pids=()
for f in "${server_fuzzers[@]}"; do
  run_harness "$f" $(( (seconds + 3) / 4 )) &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" -eq 0 ] || exit 1
echo "fuzz: every harness ran without a finding (${seconds}s each, the server's a quarter of it)"
