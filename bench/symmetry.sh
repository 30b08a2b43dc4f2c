#!/usr/bin/env bash
# Side-by-side timing of the symmetry engine against the textbook C counter
# (bench/textbook.c) and our own bit-mask method, as ratios.
#
# Usage: bench/symmetry.sh [N...]          (default: 15 16 17)
#   RUNS=3        runs per engine and n (the median is reported)
#   THREADS="1 2" thread counts for the symmetry engine (ratios against its 1-thread time)
#   BITMASK=0     skip our bit-mask method (it is as slow as the C counter)
#
# Runs alternate between engines so that a change in machine load hits them alike. Both the
# wall-clock and the CPU (user) time are printed: on a shared machine the CPU time is the fairer
# single-thread yardstick, the wall-clock time the only one for thread scaling.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
THREADS=${THREADS:-"1 2"}
BITMASK=${BITMASK:-1}
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(15 16 17)

SEED_SRC=bench/textbook.c
SEED=target/bench/textbook
mkdir -p target/bench
if [ ! -x "$SEED" ] || [ "$SEED_SRC" -nt "$SEED" ]; then
    cc -O3 -march=native -o "$SEED" "$SEED_SRC"
fi
cargo build --release --quiet -p nqueens-cli
NQ=target/release/nqueens

# Prints "wall user" for one run of the command, checking its output against the expected count.
time_one() {
    local want=$1
    shift
    local out
    out=$( { /usr/bin/time -f "%e %U" "$@" >target/bench/out.txt; } 2>&1 | tail -1)
    if [ "$(head -1 target/bench/out.txt)" != "$want" ]; then
        echo "wrong count from $*: $(head -1 target/bench/out.txt), want $want" >&2
        exit 1
    fi
    echo "$out"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for n in "${SIZES[@]}"; do
    want=$("$NQ" count "$n" --method symmetry --quiet)
    declare -A wall=() user=()
    for ((run = 1; run <= RUNS; run++)); do
        engines=("seed")
        [ "$BITMASK" = 1 ] && engines+=("bitmask")
        for t in $THREADS; do engines+=("symmetry-t$t"); done
        for e in "${engines[@]}"; do
            case $e in
                seed) r=$(time_one "$want" "$SEED" "$n") ;;
                bitmask) r=$(time_one "$want" "$NQ" count "$n" --method bitmask -t 1 --quiet) ;;
                symmetry-t*) r=$(time_one "$want" "$NQ" count "$n" --method symmetry -t "${e#symmetry-t}" --quiet) ;;
            esac
            wall[$e]+="${r% *} "
            user[$e]+="${r#* } "
        done
    done
    echo "n = $n (median of $RUNS; load: $(cut -d' ' -f1-3 /proc/loadavg))"
    seed_wall=$(tr ' ' '\n' <<<"${wall[seed]}" | grep . | median)
    seed_user=$(tr ' ' '\n' <<<"${user[seed]}" | grep . | median)
    one_wall=""
    for e in seed bitmask $(for t in $THREADS; do echo "symmetry-t$t"; done); do
        [ -n "${wall[$e]:-}" ] || continue
        w=$(tr ' ' '\n' <<<"${wall[$e]}" | grep . | median)
        u=$(tr ' ' '\n' <<<"${user[$e]}" | grep . | median)
        line=$(awk -v e="$e" -v w="$w" -v u="$u" -v sw="$seed_wall" -v su="$seed_user" \
            'BEGIN { printf "  %-13s wall %8.2f s  cpu %8.2f s  seed/this: wall %5.2fx  cpu %5.2fx", e, w, u, (w > 0 ? sw / w : 0), (u > 0 ? su / u : 0) }')
        if [ "$e" = "symmetry-t1" ]; then one_wall=$w; fi
        if [[ $e == symmetry-t* ]] && [ "$e" != "symmetry-t1" ] && [ -n "$one_wall" ]; then
            line+=$(awk -v w="$w" -v o="$one_wall" 'BEGIN { printf "  speed-up over 1 thread: %4.2fx", (w > 0 ? o / w : 0) }')
        fi
        echo "$line"
    done
    unset wall user
done
