#!/usr/bin/env bash
# Times `nqueens count N --method gpu --unique` for N = 18..23 (or the sizes given) on this
# machine's GPUs, checks every total and unique count against OEIS A000170 and A002562, and
# projects the wall time of Q(27) and Q(28) on 1 and on 8 GPUs from the measured growth.
#
# Usage: bench/gpu.sh [N...]                 (default: 18 19 20 21 22 23)
#   BIN=target/release/nqueens   a binary built with --features gpu (built here when missing)
#   DEVICE=0                     what --gpu-device gets: an index, or all
#   RUNS=1                       runs per size; the median is reported
#   THREADS=                     --threads (default: one per core, at least GPUs + 1)
#
# Per size it prints the counting time (the report's `seconds`: the count itself, without
# starting the GPU), the process's wall time, the tasks the count was cut into and tasks per
# second. The projection takes the growth factor per size from the last two measured steps
# (their geometric mean) and applies it to the largest size measured; the eight-GPU line assumes
# the work shares out evenly, which the count's by-demand sharing makes close to true on equal
# GPUs (measure with DEVICE=all to check). Projections are estimates, not measurements.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/nqueens}
DEVICE=${DEVICE:-0}
RUNS=${RUNS:-1}
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(18 19 20 21 22 23)
if [ ! -x "$BIN" ]; then
  cargo build --release -p nqueens-cli --features gpu
fi
extra=()
[ -n "${THREADS:-}" ] && extra=(--threads "$THREADS")

# OEIS A000170 and A002562 from n = 8 on.
declare -A TOTAL=([8]=92 [9]=352 [10]=724 [11]=2680 [12]=14200 [13]=73712 [14]=365596
  [15]=2279184 [16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848 [20]=39029188884 [21]=314666222712
  [22]=2691008701644 [23]=24233937684440 [24]=227514171973736 [25]=2207893435808352
  [26]=22317699616364044 [27]=234907967154122528)
declare -A UNIQUE=([8]=12 [9]=46 [10]=92 [11]=341 [12]=1787 [13]=9233 [14]=45752
  [15]=285053 [16]=1846955 [17]=11977939 [18]=83263591 [19]=621012754 [20]=4878666808 [21]=39333324973
  [22]=336376244042 [23]=3029242658210 [24]=28439272956934 [25]=275986683743434
  [26]=2789712466510289 [27]=29363495934315694)

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }

echo "nqueens count N --method gpu --unique --gpu-device $DEVICE ${extra[*]:-}($RUNS run(s) per N, median)"
device=$("$BIN" count 8 --method gpu --gpu-device "$DEVICE" --json | sed -n 's/.*"devices":\[\([^]]*\)\].*/\1/p')
echo "devices: $device"
printf '%4s %12s %12s %16s %14s  %s\n' N count_s wall_s tasks tasks/s check
declare -A SECS
last=""
for n in "${SIZES[@]}"; do
  counts=() walls=() out=""
  for ((r = 1; r <= RUNS; r++)); do
    start=$(date +%s.%N)
    out=$("$BIN" count "$n" --method gpu --unique --json --gpu-device "$DEVICE" "${extra[@]}")
    end=$(date +%s.%N)
    counts+=("$(field seconds <<<"$out")")
    walls+=("$(echo "$end - $start" | bc -l)")
  done
  secs=$(printf '%s\n' "${counts[@]}" | median)
  wall=$(printf '%s\n' "${walls[@]}" | median)
  tasks=$(field tasks <<<"$out")
  got=$(field solutions <<<"$out")
  unique=$(field unique <<<"$out")
  check=ok
  if [ -n "${TOTAL[$n]:-}" ]; then
    if [ "$got" != "${TOTAL[$n]}" ] || [ "$unique" != "${UNIQUE[$n]}" ]; then
      check="WRONG: $got $unique, expected ${TOTAL[$n]} ${UNIQUE[$n]}"
    fi
  else
    check="unknown (got $got $unique)"
  fi
  printf '%4s %12.3f %12.3f %16s %14.0f  %s\n' "$n" "$secs" "$wall" "$tasks" \
    "$(echo "$tasks / $secs" | bc -l)" "$check"
  [[ $check == WRONG* ]] && exit 1
  SECS[$n]=$secs
  last=$n
done

# Growth per size: the geometric mean of the last two steps measured.
prev=$((last - 1))
prev2=$((last - 2))
if [ -n "${SECS[$prev]:-}" ] && [ -n "${SECS[$prev2]:-}" ]; then
  growth=$(echo "sqrt(${SECS[$last]} / ${SECS[$prev2]})" | bc -l)
  from=$prev2
elif [ -n "${SECS[$prev]:-}" ]; then
  growth=$(echo "${SECS[$last]} / ${SECS[$prev]}" | bc -l)
  from=$prev
else
  echo "(give two consecutive sizes or more for a projection)"
  exit 0
fi
printf 'growth per size: %.2fx (from N = %s..%s)\n' "$growth" "$from" "$last"
for target in 27 28; do
  one=$(echo "${SECS[$last]} * $growth ^ ($target - $last)" | bc -l)
  printf 'projected Q(%s): %10.1f days on 1 GPU, %9.2f days on 8 GPUs\n' "$target" \
    "$(echo "$one / 86400" | bc -l)" "$(echo "$one / 8 / 86400" | bc -l)"
done
