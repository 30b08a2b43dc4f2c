#!/usr/bin/env bash
# The Python package against the command line: `nqueens.count(N)` from Python and
# `nqueens count N` from the shell, on the same number of threads. Prints the median of RUNS
# runs (default 7) of each, alternating the two so that a change in machine load hits both:
# whole processes (interpreter start and import included), then the count alone (timed inside
# Python around the call, and by the command's own `--json` seconds).
#
#   bench/python.sh                       n = 16 on one thread per core
#   RUNS=11 THREADS=1 bench/python.sh 15
#
# PYTHON (default python3) must have the package installed: pip install ./crates/nqueens-py
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
N=${1:-16}
PYTHON=${PYTHON:-python3}
THREADS=${THREADS:-$(nproc)}

"$PYTHON" -c 'import nqueens' 2>/dev/null || {
  echo "$PYTHON cannot import nqueens: pip install ./crates/nqueens-py first" >&2
  exit 1
}
# shellcheck source=bench/lib.sh
. bench/lib.sh
cargo build --release -q -p nqueens-cli
expect=$("$NQ" count "$N" --threads "$THREADS")

py=() cli=() py_in=() cli_in=()
for _ in $(seq "$RUNS"); do
  py+=("$(secs "$expect" "$PYTHON" -c "import nqueens; print(nqueens.count($N, threads=$THREADS))")")
  cli+=("$(secs "$expect" "$NQ" count "$N" --threads "$THREADS")")
  py_in+=("$("$PYTHON" -c "
import time, nqueens
t = time.perf_counter(); total = nqueens.count($N, threads=$THREADS); t = time.perf_counter() - t
assert str(total) == '$expect', total
print(t)")")
  cli_in+=("$("$NQ" count "$N" --threads "$THREADS" --json | sed 's/.*"seconds":\([0-9.e-]*\).*/\1/')")
done
m() { printf '%s\n' "$@" | median; }
echo "load: $(uptime | sed 's/.*load average/load average/')"
echo "n = $N, $THREADS threads, median of $RUNS runs (seconds)"
printf '%-44s %8s   %-30s %8s\n' "python -c 'nqueens.count($N)' (whole process)" "$(m "${py[@]}")" \
  "nqueens count $N (whole process)" "$(m "${cli[@]}")"
printf '%-44s %8s   %-30s %8s\n' "nqueens.count($N) (the call)" "$(m "${py_in[@]}")" \
  "nqueens count $N --json seconds" "$(m "${cli_in[@]}")"
