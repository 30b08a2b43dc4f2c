# What the benchmark scripts share, sourced by them from the repository's root: one build of the
# command line and of the textbook C counter, the timing of one run checked against the count it
# must print, and the median of many. A script that times a program must first prove the program
# right: a fast wrong count is no measurement.

NQ=target/release/nqueens
SEED_SRC=bench/textbook.c
SEED=target/textbook

# build_all: the command line in release and the textbook C counter, built where either is stale.
build_all() {
  cargo build --release -q -p nqueens-cli
  [ -x "$SEED" ] && [ "$SEED" -nt "$SEED_SRC" ] || cc -O3 -march=native -o "$SEED" "$SEED_SRC"
}

# secs EXPECT CMD...: the wall seconds of one run of CMD, whose output must be EXPECT.
secs() {
  local expect=$1 t0 t1 out
  shift
  t0=$(date +%s.%N)
  out=$("$@")
  t1=$(date +%s.%N)
  [ "$out" = "$expect" ] || { echo "wrong count from $*: $out (expected $expect)" >&2; exit 1; }
  echo "$t1 - $t0" | bc -l
}

# user_secs EXPECT CMD...: the user (CPU) seconds of one run of CMD, whose output must be
# EXPECT. On a shared machine this is the fairer yardstick for one thread.
user_secs() {
  local expect=$1 out secs TIMEFORMAT=%U
  shift
  out=$(mktemp)
  secs=$( { time "$@" >"$out"; } 2>&1 )
  [ "$(cat "$out")" = "$expect" ] || {
    echo "wrong count from $*: $(cat "$out") (expected $expect)" >&2
    exit 1
  }
  rm -f "$out"
  echo "$secs"
}

# median: the median of the numbers on standard input (the mean of the middle two for an even
# count), to three decimals.
median() { sort -g | awk '{a[NR]=$1} END {printf "%.3f", (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
