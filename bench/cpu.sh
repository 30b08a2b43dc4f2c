#!/usr/bin/env bash
# `nqueens count N` beside the fastest public CPU counter, Evgeny Kluev's quadrant counter
# (github.com/EvgenyKluev/N-Queens-Count-Sol, C++20, meet in the middle over quarter boards), on
# 1 thread and on every core, alternating the two programs so that a change in the machine's load
# hits both. Prints, per N and thread count, the median wall seconds and peak memory of each and
# the ratio nqueens ÷ Kluev (below 1: nqueens is faster), and checks every total against OEIS
# A000170.
#
# Usage: bench/cpu.sh KLUEV_CHECKOUT [N...]       (default N: 16 17 18 19 20 21)
#        bench/cpu.sh KLUEV_CHECKOUT --project     (only the projection, from earlier runs)
#   KLUEV_CHECKOUT  a checkout of that repository: it is copied and built under target/kluev/,
#                   never into this repository
#   RUNS=3          runs of each program per N and thread count; one only where a first run
#                   took longer than LONG seconds
#   LONG=60
#   THREADS="1 $(nproc)"
#   CXX=g++         a C++20 compiler (the author builds with GCC)
#   COMMIT=abc1234  the build whose rows --project reads (default: this checkout's commit)
#   ARCH=-march=native
#   SAMPLE=K        for a size too long to count whole (N = 22): time parts of K instead, the
#                   parts I = 0, K/3 and 2K/3 (`count N --shard I/K`, and the public counter's own
#                   `THREADS K I`, both of which take every K-th row split), and a part of 10^6
#                   (one split or a few) for what a run costs beyond its splits, start-up and
#                   tables; each program's whole is projected as that cost plus K times the mean
#                   time a part takes beyond it. A projection, not a measurement: say so.
#
# Every median is also appended to target/kluev/results.tsv (date, commit, N, threads, seconds and
# peak MB of each), so that runs made at different times add up. After the table the script
# projects the size after the largest in that file for this commit, for each thread count, from
# the sizes of the same commit in that file: t(N + 1) = t(N - 1) · t(N) / t(N - 2), the growth of
# the same parity (odd and even boards grow apart), or t(N)² / t(N - 1) where only the last two
# sizes were measured. Where a thread count has no such sizes, it is scaled from another's projection by the ratio of the two
# at the largest size where both were measured. A projection is a model, not a measurement; the
# script says so, and says what it was made from.
#
# The public counter takes its board size and tuning at compile time (its solcounter.h, with a
# table of its author's settings for N = 16..22 in a comment there): one build per N, with that
# row of the table. BMI2 and prefetch are switched on where the table says so (its bmintrin.h
# and prefetch.h), and the row symmetry of the quarters where it says RowS. It times itself; the
# wall time of the process is what is compared here, for both programs, so that start-up and
# the building of tables count alike.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ ! -f "$1/solcounter.h" ]; then
  echo "usage: bench/cpu.sh KLUEV_CHECKOUT [N...]  (a checkout of EvgenyKluev/N-Queens-Count-Sol)" >&2
  exit 2
fi
SRC=$(cd "$1" && pwd)
shift
SIZES=("$@")
PROJECT_ONLY=
if [ "${SIZES[*]}" = --project ]; then PROJECT_ONLY=1 SIZES=(); fi
[ ${#SIZES[@]} -gt 0 ] || [ -n "$PROJECT_ONLY" ] || SIZES=(16 17 18 19 20 21)
RUNS=${RUNS:-3}
LONG=${LONG:-60}
THREADS=${THREADS:-"1 $(nproc)"}
CXX=${CXX:-g++}
ARCH=${ARCH:--march=native}

# OEIS A000170.
declare -A TOTAL=([16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848
  [20]=39029188884 [21]=314666222712 [22]=2691008701644)
# The author's settings (solcounter.h): sieveCuts, matchMinSize, BMI2, prefetch, quarter symmetry.
# Where the table leaves prefetch open (N = 20) it is on.
declare -A SETTINGS=([16]="0 40 0 1 QNoSymmetry" [17]="0 40 0 1 QNoSymmetry"
  [18]="0 40 0 1 QNoSymmetry" [19]="0 40 1 1 QNoSymmetry" [20]="3 60 1 1 QNoSymmetry"
  [21]="3 60 1 0 QNoSymmetry" [22]="6 80 1 1 QRowSymmetry")
for n in "${SIZES[@]}"; do
  [ -n "${SETTINGS[$n]:-}" ] || { echo "error: N = $n: the public counter's table covers 16 to 22" >&2; exit 2; }
done

# shellcheck source=bench/lib.sh
. bench/lib.sh
cargo build --release -q -p nqueens-cli
TIME=$(command -v time || true)
[ -x /usr/bin/time ] && TIME=/usr/bin/time

# One build of the public counter for board n, with its author's settings for n.
build() {
  local n=$1 dir=target/kluev/$1
  read -r cuts minsize bmi prefetch symmetry <<<"${SETTINGS[$n]}"
  if [ -x "$dir/kluev" ] && [ "$dir/kluev" -nt "$SRC/solcounter.h" ]; then return; fi
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$SRC"/*.h "$SRC"/main.cpp "$dir"/
  sed -i -e "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
    -e "s/\.sieveCuts = [0-9]*,/.sieveCuts = $cuts,/" \
    -e "s/\.matchMinSize = [0-9]*,/.matchMinSize = $minsize,/" \
    -e "s/\.bmiIntrin = [a-z]*,/.bmiIntrin = $([ "$bmi" = 1 ] && echo true || echo false),/" \
    -e "s/\.prefetch = [a-z]*,/.prefetch = $([ "$prefetch" = 1 ] && echo true || echo false),/" \
    -e "s/Subsquare<size \/ 2, Q[A-Za-z]*Symmetry,/Subsquare<size \/ 2, $symmetry,/" "$dir/solcounter.h"
  grep -q "inline constexpr int size = $n;" "$dir/solcounter.h" ||
    { echo "error: could not set the board size in $SRC/solcounter.h" >&2; exit 1; }
  [ "$bmi" = 1 ] && sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$dir/bmintrin.h"
  [ "$prefetch" = 1 ] && sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$dir/prefetch.h"
  "$CXX" -std=c++20 -O3 "$ARCH" -pthread -o "$dir/kluev" "$dir/main.cpp"
}

# One run: prints "seconds peak_MB total".
run() {
  local out log t0 t1 mb
  log=$(mktemp)
  t0=$(date +%s.%N)
  if [ -n "$TIME" ]; then
    out=$("$TIME" -f "%M" -o "$log" "$@")
    mb=$(awk '{printf "%.0f", $1 / 1024}' "$log")
  else
    out=$("$@")
    mb=-
  fi
  t1=$(date +%s.%N)
  rm -f "$log"
  echo "$(awk "BEGIN {printf \"%.3f\", $t1 - $t0}") $mb $(sed -n 's/^Result: //p; /^[0-9][0-9]*$/p' <<<"$out" | head -1)"
}

RESULTS=target/kluev/results.tsv
# The build the rows are filed under (COMMIT=... picks another's rows for --project).
if [ -z "${COMMIT:-}" ]; then
  COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- crates 2>/dev/null || COMMIT=$COMMIT+
fi


mkdir -p target/kluev
echo "# $(date -u +%Y-%m-%d) · $(lscpu | sed -n 's/^Model name: *//p' | head -1) · $(nproc) cores"

# SAMPLE=K: the projection of each size from parts of K (see the usage above).
if [ -n "${SAMPLE:-}" ]; then
  printf '%3s %7s %10s %8s %10s %8s %7s\n' N threads nqueens_s MB kluev_s MB ratio
  for n in "${SIZES[@]}"; do
    build "$n"
    for t in $THREADS; do
      read -r base bm _ < <(run "$NQ" count "$n" --threads "$t" --shard 0/1000000)
      read -r base2 bm2 _ < <(run "target/kluev/$n/kluev" "$t" 1000000 0)
      ours=() theirs=() om=("$bm") tm=("$bm2")
      for i in 0 $((SAMPLE / 3)) $((2 * SAMPLE / 3)); do
        read -r s m _ < <(run "$NQ" count "$n" --threads "$t" --shard "$i/$SAMPLE")
        read -r s2 m2 _ < <(run "target/kluev/$n/kluev" "$t" "$SAMPLE" "$i")
        ours+=("$s") theirs+=("$s2") om+=("$m") tm+=("$m2")
        echo "#   part $i/$SAMPLE on $t threads: nqueens $s s, the public counter $s2 s"
      done
      a=$(printf '%s\n' "${ours[@]}" | awk -v b="$base" -v k="$SAMPLE" '{s += $1} END {printf "%.0f", b + k * (s / NR - b)}')
      b=$(printf '%s\n' "${theirs[@]}" | awk -v b="$base2" -v k="$SAMPLE" '{s += $1} END {printf "%.0f", b + k * (s / NR - b)}')
      printf '%3s %7s %10s %8s %10s %8s %7s   projected from parts of %s (start-up %s s and %s s), not measured\n' \
        "$n" "$t" "$a" "$(printf '%s\n' "${om[@]}" | sort -g | tail -1)" "$b" \
        "$(printf '%s\n' "${tm[@]}" | sort -g | tail -1)" "$(awk "BEGIN {printf \"%.2f\", $a / $b}")" \
        "$SAMPLE" "$base" "$base2"
    done
  done
  exit 0
fi
printf '%3s %7s %10s %8s %10s %8s %7s\n' N threads nqueens_s MB kluev_s MB ratio
for n in "${SIZES[@]}"; do
  build "$n"
  for t in $THREADS; do
    ours=() theirs=() om=() tm=()
    runs=$RUNS
    for ((r = 1; r <= runs; r++)); do
      read -r s m total < <(run "$NQ" count "$n" --threads "$t")
      [ "$total" = "${TOTAL[$n]}" ] || { echo "error: nqueens count $n printed $total" >&2; exit 1; }
      ours+=("$s"); om+=("$m")
      read -r s2 m2 total < <(run "target/kluev/$n/kluev" "$t")
      [ "$total" = "${TOTAL[$n]}" ] || { echo "error: the public counter at $n printed $total" >&2; exit 1; }
      theirs+=("$s2"); tm+=("$m2")
      if [ "$r" = 1 ] && awk "BEGIN {exit !($s + $s2 > 2 * $LONG)}"; then runs=1; fi
    done
    a=$(printf '%s\n' "${ours[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    ompeak=$(printf '%s\n' "${om[@]}" | sort -g | tail -1)
    tmpeak=$(printf '%s\n' "${tm[@]}" | sort -g | tail -1)
    printf '%3s %7s %10s %8s %10s %8s %7s\n' "$n" "$t" "$a" "$ompeak" "$b" "$tmpeak" \
      "$(awk "BEGIN {printf \"%.2f\", $a / $b}")"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%d)" "$COMMIT" "$n" "$t" "$a" \
      "$ompeak" "$b" "$tmpeak" >>"$RESULTS"
  done
done

# Projections of the next size, from every run of this commit in the results file (the newest
# row for each N and thread count).
largest=$(awk -F'\t' -v commit="$COMMIT" '$2 == commit && $3 > n {n = $3} END {print n + 0}' "$RESULTS" 2>/dev/null || echo 0)
[ "$largest" -gt 0 ] || { echo "# nothing measured with commit $COMMIT to project from"; exit 0; }
next=$((largest + 1))
awk -F'\t' -v commit="$COMMIT" -v size="$next" -v threads="$THREADS" '
  $2 == commit { ours[$3, $4] = $5; theirs[$3, $4] = $7; seen[$3, $4] = 1 }
  END {
    nt = split(threads, ts, " ")
    # The growth of the last two sizes, per thread count.
    for (i = 1; i <= nt; i++) {
      t = ts[i]; a = size - 3; b = size - 2; c = size - 1
      # Odd and even sizes grow apart (each program counts them differently), so the growth of
      # the same parity two sizes back is used where it was measured.
      if (((a, t) in seen) && ((b, t) in seen) && ((c, t) in seen)) {
        po[t] = ours[b, t] * ours[c, t] / ours[a, t]; pt[t] = theirs[b, t] * theirs[c, t] / theirs[a, t]
        how[t] = sprintf("N = %d times the growth from N = %d to %d, on %s threads", b, a, c, t)
      } else if (((b, t) in seen) && ((c, t) in seen)) {
        po[t] = ours[c, t] ^ 2 / ours[b, t]; pt[t] = theirs[c, t] ^ 2 / theirs[b, t]
        how[t] = sprintf("from N = %d and %d on %s threads, by their growth", b, c, t)
      }
    }
    # A thread count without such a pair: scaled from another by their ratio where both ran.
    for (i = 1; i <= nt; i++) {
      t = ts[i]
      if (t in po) continue
      for (j = 1; j <= nt; j++) {
        u = ts[j]
        if (!(u in po)) continue
        for (m = size - 1; m > 0; m--) if (((m, t) in seen) && ((m, u) in seen)) break
        if (m == 0) continue
        so = ours[m, t] / ours[m, u]; st = theirs[m, t] / theirs[m, u]
        po[t] = po[u] * so; pt[t] = pt[u] * st
        how[t] = sprintf("%s; times %.2f and %.2f, the ratio of %s to %s threads at N = %d", how[u], so, st, t, u, m)
        break
      }
    }
    for (i = 1; i <= nt; i++) {
      t = ts[i]
      if (!(t in po)) continue
      printf "%3s %7s %10.0f %8s %10.0f %8s %7.2f   projected, not measured: %s\n", size, t, po[t], "-", pt[t], "-", po[t] / pt[t], how[t]
    }
  }' "$RESULTS"
