#!/usr/bin/env bash
# The cost of long-run machinery, side by side in one run: a plain count on T threads against
# the same count with a checkpoint, and against an MPI job of T processes (when the binary was
# built with `--features mpi` and mpirun is there). Prints each time, the medians and ratios.
#
#   bench/longrun.sh [N] [REPEATS] [T]      (defaults: 17 3 2; env METHOD, default symmetry;
#                                            env BIN, default target/release/nqueens)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-17}
reps=${2:-3}
t=${3:-2}
method=${METHOD:-symmetry}
bin=${BIN:-target/release/nqueens}
[ -x "$bin" ] || cargo build --release -p nqueens-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mpi=no
if command -v mpirun >/dev/null 2>&1 && "$bin" count 4 --mpi >/dev/null 2>&1; then mpi=yes; fi

secs() { # runs a command, prints its wall time in seconds
  local s e
  s=$(date +%s.%N)
  "$@" >/dev/null
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}

# Processes float like threads do: binding each rank to a core (Open MPI's default for small
# jobs) would pin them while everything else on a shared machine moves freely.
mpirun_flags=(--allow-run-as-root --oversubscribe --bind-to none)

declare -A times
for r in $(seq "$reps"); do
  times[plain]+=" $(secs "$bin" count "$n" --method "$method" --threads "$t")"
  rm -f "$dir/c"
  times[checkpoint]+=" $(secs "$bin" count "$n" --method "$method" --threads "$t" --checkpoint "$dir/c")"
  if [ "$mpi" = yes ]; then
    times[mpi]+=" $(secs mpirun "${mpirun_flags[@]}" -np "$t" "$bin" count "$n" --method "$method" --mpi)"
  fi
  echo "round $r: plain${times[plain]##* } checkpoint${times[checkpoint]##* } mpi${times[mpi]:-}  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base=$(echo "${times[plain]}" | median)
for k in plain checkpoint mpi; do
  [ -n "${times[$k]:-}" ] || continue
  m=$(echo "${times[$k]}" | median)
  printf '%-11s n=%s %s T=%s times:%s  median %.3f s  ratio to plain %.3f\n' \
    "$k" "$n" "$method" "$t" "${times[$k]}" "$m" "$(echo "$m / $base" | bc -l)"
done
