#!/usr/bin/env bash
# Times the textbook C counter (bench/textbook.c) and `nqueens count` side by
# side, alternating runs, and prints the median wall time of each and their ratio.
#
# Usage: bench/baseline.sh [RUNS] [N...]          (default: 3 runs, n = 15 16)
#        METHODS="bitmask symmetry" THREADS=1 bench/baseline.sh 3 15 16
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=("${@:-15 16}")
[ $# -eq 0 ] && sizes=(15 16)
methods=${METHODS:-bitmask}
threads=${THREADS:-1}
seed_src=bench/textbook.c
seed_bin=target/textbook
cargo build --release --quiet -p nqueens-cli
cc -O3 -march=native -o "$seed_bin" "$seed_src"

# Wall-clock seconds of one command, its output discarded after checking it is the expected count.
time_one() {
    local expect=$1
    shift
    local t0 t1 out
    t0=$(date +%s.%N)
    out=$("$@")
    t1=$(date +%s.%N)
    if [ "$out" != "$expect" ]; then
        echo "wrong answer from $*: $out (expected $expect)" >&2
        exit 1
    fi
    awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f\n", b - a}'
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

printf '%-4s %-12s %8s %10s %8s\n' n program threads median_s vs_seed
for n in "${sizes[@]}"; do
    expect=$("$seed_bin" "$n")
    declare -A times=()
    for _ in $(seq "$runs"); do
        times[seed]+=" $(time_one "$expect" "$seed_bin" "$n")"
        for m in $methods; do
            times[$m]+=" $(time_one "$expect" target/release/nqueens count "$n" --method "$m" --threads "$threads")"
        done
    done
    seed_median=$(median ${times[seed]})
    printf '%-4s %-12s %8s %10.3f %8s\n' "$n" seed 1 "$seed_median" 1.00
    for m in $methods; do
        med=$(median ${times[$m]})
        printf '%-4s %-12s %8s %10.3f %8.2f\n' "$n" "$m" "$threads" "$med" "$(awk -v a="$seed_median" -v b="$med" 'BEGIN{print a / b}')"
    done
    unset times
done
