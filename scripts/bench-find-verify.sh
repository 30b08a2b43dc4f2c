#!/usr/bin/env bash
# Times `find` (construction and random search) and `verify` on large boards: the median of
# RUNS runs of each (elapsed and user seconds), and peak memory, via GNU time.
# Usage: scripts/bench-find-verify.sh [RUNS]   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet
bin=$PWD/target/release/nqueens
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" find 10000000 > "$tmp/q1e7.txt"
"$bin" find 10000000 --format json > "$tmp/q1e7.json"

# median FILE: the middle of the numbers in column 1, 2 and 3 (elapsed, user, peak KB)
median() {
    for col in 1 2 3; do
        sort -n -k"$col","$col" "$1" | awk -v c="$col" '{ v[NR] = $c } END { printf "%s ", v[int((NR + 1) / 2)] }'
    done
}

bench() {
    local name=$1
    shift
    : > "$tmp/times"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %M" -a -o "$tmp/times" "$@" > /dev/null
    done
    read -r e u m <<< "$(median "$tmp/times")"
    printf '%-34s elapsed %6ss  user %6ss  peak %8s KB\n' "$name" "$e" "$u" "$m"
}

bench "find 10000000" "$bin" find 10000000
bench "find 1000000 --random --seed 1" "$bin" find 1000000 --random --seed 1
bench "verify (10^7 perm line)" "$bin" verify "$tmp/q1e7.txt"
bench "verify (10^7 JSON line)" "$bin" verify "$tmp/q1e7.json"
