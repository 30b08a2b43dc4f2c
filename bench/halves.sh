#!/usr/bin/env bash
# Side-by-side timings of `count --method halves`: against the textbook C bit-mask counter at
# n = 16 on one thread, and 1 against 2 threads at n = 18 and 19. Prints the median of RUNS
# runs (default 3) of each, alternating the programs so that a change in machine load hits both.
#
#   bench/halves.sh            all of it (several minutes)
#   RUNS=5 bench/halves.sh 16  only the n = 16 comparison
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
WHAT=${1:-all}
# shellcheck source=bench/lib.sh
. bench/lib.sh
build_all

# compare LABEL_A LABEL_B EXPECT -- CMD_A -- CMD_B: alternate the two, print medians and A/B.
compare() {
  local la=$1 lb=$2 expect=$3; shift 4
  local a=() b=()
  while [ "$1" != "--" ]; do a+=("$1"); shift; done; shift
  b=("$@")
  local ta=() tb=()
  for _ in $(seq "$RUNS"); do
    ta+=("$(secs "$expect" "${a[@]}")")
    tb+=("$(secs "$expect" "${b[@]}")")
  done
  local ma mb
  ma=$(printf '%s\n' "${ta[@]}" | median)
  mb=$(printf '%s\n' "${tb[@]}" | median)
  printf '%-28s %8ss   %-28s %8ss   ratio %s\n' "$la" "$ma" "$lb" "$mb" \
    "$(echo "scale=3; $ma / $mb" | bc -l)"
}

echo "load: $(uptime | sed 's/.*load average/load average/')"
if [ "$WHAT" = all ] || [ "$WHAT" = 16 ]; then
  compare "halves n=16 1 thread" "textbook C n=16" 14772512 -- \
    "$NQ" count 16 --method halves --threads 1 -- "$SEED" 16
fi
if [ "$WHAT" = all ] || [ "$WHAT" = 18 ]; then
  compare "halves n=18 2 threads" "halves n=18 1 thread" 666090624 -- \
    "$NQ" count 18 --method halves --threads 2 -- "$NQ" count 18 --method halves --threads 1
fi
if [ "$WHAT" = all ] || [ "$WHAT" = 19 ]; then
  compare "halves n=19 2 threads" "halves n=19 1 thread" 4968057848 -- \
    "$NQ" count 19 --method halves --threads 2 -- "$NQ" count 19 --method halves --threads 1
fi
echo "load: $(uptime | sed 's/.*load average/load average/')"
