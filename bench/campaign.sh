#!/usr/bin/env bash
# The cost of a campaign against a plain count of the same board, side by side in one run: a
# plain `count N --method symmetry` on T threads against a fresh campaign of the same N (its
# plan written, then one worker of T threads counting every unit: claims, heartbeats, partial
# checkpoints and result files included). The two alternate, and each answer is checked against
# OEIS before its time counts. Prints each time, the medians and the ratio.
#
#   bench/campaign.sh [N] [REPEATS] [T] [UNITS]     (defaults: 18 3 2 100;
#                                                   env BIN, default target/release/nqueens)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-18}
reps=${2:-3}
t=${3:-2}
units=${4:-100}
bin=${BIN:-target/release/nqueens}
[ -x "$bin" ] || cargo build --release -p nqueens-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The answer each run must print: OEIS A000170.
expect=$(awk -v n="$n" 'BEGIN {
  split("1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104 666090624 4968057848 39029188884 314666222712", q, " ")
  print q[n] }')
[ -n "$expect" ] || { echo "bench/campaign.sh: N must be from 1 to 21, not $n" >&2; exit 2; }

secs() { # EXPECT CMD...: wall seconds of CMD, whose last line of output must be EXPECT
  local want=$1 s e out
  shift
  s=$(date +%s.%N)
  out=$("$@" | tail -1)
  e=$(date +%s.%N)
  [ "$out" = "$want" ] || { echo "wrong count from $*: $out (expected $want)" >&2; exit 1; }
  echo "$e - $s" | bc
}

campaign() { # one whole campaign in a fresh folder; prints its total
  rm -rf "$dir/c"
  "$bin" campaign new "$dir/c" "$n" --units "$units" >/dev/null
  "$bin" campaign work "$dir/c" --threads "$t" --quiet
  "$bin" campaign status "$dir/c" --json | sed -n 's/.*"solutions":\([0-9]*\),"unique".*/\1/p'
}

declare -A times
for r in $(seq "$reps"); do
  times[plain]+=" $(secs "$expect" "$bin" count "$n" --method symmetry --threads "$t" --quiet)"
  times[campaign]+=" $(secs "$expect" campaign)"
  echo "round $r: plain${times[plain]##* } campaign${times[campaign]##* }  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base=$(echo "${times[plain]}" | median)
for k in plain campaign; do
  m=$(echo "${times[$k]}" | median)
  printf '%-9s n=%s T=%s units=%s times:%s  median %.3f s  ratio to plain %.3f\n' \
    "$k" "$n" "$t" "$units" "${times[$k]}" "$m" "$(echo "$m / $base" | bc -l)"
done
