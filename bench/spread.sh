#!/usr/bin/env bash
# The spread of one count's speed from run to run: user seconds of RUNS runs (default 20) of
# `count 16 --method halves` and SYM_RUNS runs (default 5: each round takes over a minute) of
# `count 17 --method symmetry`, on one thread, beside the textbook
# C bit-mask counter on the same boards, alternating the programs so that a change in machine
# load hits all of them. Prints min, median and max of each. Given another build of the binary
# (say, of an earlier commit), it runs that one too, alternating, so before and after share one
# run.
#
#   bench/spread.sh                      this build and the C counter
#   RUNS=30 bench/spread.sh old/nqueens  and an earlier build beside them
#   SYM_RUNS=0 bench/spread.sh           halves only
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-20}
SYM_RUNS=${SYM_RUNS:-5}
OTHER=${1:-}
# shellcheck source=bench/lib.sh
. bench/lib.sh
build_all

# min median max of the numbers on standard input.
spread() {
  sort -g | awk '{a[NR]=$1} END {
    m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2
    printf "min %.2f  median %.3f  max %.2f", a[1], m, a[NR] }'
}

# measure RUNS N EXPECT METHOD: every program RUNS times, alternating, then one line each.
measure() {
  local runs=$1 n=$2 expect=$3 method=$4
  [ "$runs" -gt 0 ] || return 0
  local labels=("nqueens $method n=$n" "textbook C n=$n")
  local cmds=("$NQ count $n --method $method --threads 1" "$SEED $n")
  if [ -n "$OTHER" ]; then
    labels+=("other $method n=$n")
    cmds+=("$OTHER count $n --method $method --threads 1")
  fi
  local -A times=()
  for _ in $(seq "$runs"); do
    for i in "${!cmds[@]}"; do
      # shellcheck disable=SC2086 # the command is split into words on purpose
      times[$i]+="$(user_secs "$expect" ${cmds[$i]}) "
    done
  done
  for i in "${!cmds[@]}"; do
    printf '%-26s %s\n' "${labels[$i]}" "$(tr ' ' '\n' <<<"${times[$i]}" | grep . | spread)"
  done
}

echo "runs: $RUNS, symmetry $SYM_RUNS; load: $(uptime | sed 's/.*load average/load average/')"
measure "$RUNS" 16 14772512 halves
measure "$SYM_RUNS" 17 95815104 symmetry
echo "load: $(uptime | sed 's/.*load average/load average/')"
