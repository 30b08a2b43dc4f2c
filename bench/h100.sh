#!/usr/bin/env bash
# One command that times the GPU engine on an NVIDIA GPU beside the fastest public CUDA counter
# (ygch/n_queens), and writes what it saw as one JSON file and one table.
#
# Usage: bench/h100.sh PEER_CHECKOUT [N...]          (default N: 18 19 20 21 22)
#   PEER_CHECKOUT   a checkout of ygch/n_queens (its src/ is built here with nvcc; it is never
#                   part of this repository)
#   BIN=target/release/nqueens                   built with --features gpu
#   PROBE=target/release/examples/gpu_residency  built with --features gpu (see below)
#   BASE_BIN=       another build of nqueens with --features gpu (say, of the commit before a
#                   change to the shader), timed as "base" beside ours in the same alternation,
#                   so that a change is measured against what it replaces on the same GPU
#   VARIANTS=       variants of ours, each timed as "ours-NAME" in the same alternation and its
#                   total checked like the others': space-separated NAME:FLAGS, FLAGS being
#                   count's options joined by commas, each written --option=value, e.g.
#                   VARIANTS="wg32:--gpu-workgroup=32 wg128:--gpu-workgroup=128
#                   rows9:--gpu-task-rows=9 wg32rows9:--gpu-workgroup=32,--gpu-task-rows=9".
#                   The probe's object for each, at the first N, goes to residency-NAME.json
#   GL=.gl          Debian packages of the Vulkan loader (libvulkan1, libglvnd0, ...), unpacked
#                   when this machine has no loader: a machine with only CUDA may lack one
#   OUT=bench/out   where h100.json and h100.txt go
#   RUNS=3          runs of each program per N, alternating ours and theirs; the median is
#                   reported. One run only where a first run took longer than LONG seconds.
#   LONG=30
#   PEER_CONFIGS="2:6 3:5"   the CUDA counter's builds and rows placed on the CPU: "2:6" is
#                   its configuration 2 with 6 rows (its published table), "3:5" its
#                   configuration 3 with 5 rows (what its README calls best up to N = 22)
#   PEER_ARCH=90    the compute capability nvcc builds for (90: H100, H800, H200)
#   LIMIT=540       seconds any one run may take before it is stopped and reported as such
#
# Build what it needs on a machine with Rust, then take the binaries to the GPU machine:
#   cargo build --release -p nqueens-cli --features gpu
#   cargo build --release -p nqueens-engine --features gpu --example gpu_residency
#
# Per N it reports our count's seconds (the count itself, as the report's `seconds` gives it,
# after the GPU has proved itself and built its shaders) and the process's wall time, the CUDA
# counter's own timing (its `calc time`, from before its first CUDA call to its result) and its
# wall time, and each program's total, which must be Q(N) (OEIS A000170). The probe's line gives
# the threads our engine starts per stream on this GPU (the residency probe's measure), and
# residency.json the threads an SM holds at every stack depth from 2 to 16 rows, for workgroups
# of 64 and 32: how this GPU shares out its workgroup memory, which the GPU model assumes.
# driver.json is the same sweep with what the driver says it made of each shader (`driver`: its
# statistics through VK_KHR_pipeline_executable_properties, such as the registers a thread
# takes), or why the driver cannot say (`driver_error`); a run of its own, so that a driver that
# fails at it costs residency.json nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: bench/h100.sh PEER_CHECKOUT [N...]  (a checkout of ygch/n_queens)" >&2
  exit 2
fi
PEER=$(cd "$1" && pwd)
shift
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(18 19 20 21 22)
BIN=${BIN:-target/release/nqueens}
PROBE=${PROBE:-target/release/examples/gpu_residency}
GL=${GL:-.gl}
OUT=${OUT:-bench/out}
RUNS=${RUNS:-3}
LONG=${LONG:-30}
PEER_CONFIGS=${PEER_CONFIGS:-"2:6 3:5"}
PEER_ARCH=${PEER_ARCH:-90}
LIMIT=${LIMIT:-540}
mkdir -p "$OUT"
BASE_BIN=${BASE_BIN:-}
VARIANTS=${VARIANTS:-}
# Each variant's name and its flags, as count takes them and as the probe takes them.
declare -A VARIANT_FLAGS=() VARIANT_PROBE=()
VARIANT_NAMES=()
for v in $VARIANTS; do
  name=${v%%:*}
  flags=${v#*:}
  if [[ $v != *:* || ! $name =~ ^[A-Za-z0-9_]+$ || -z $flags ]]; then
    echo "error: VARIANTS: '$v' is not NAME:FLAGS (NAME letters, digits or _; FLAGS like --gpu-workgroup=32)" >&2
    exit 2
  fi
  [ -z "${VARIANT_FLAGS[$name]+set}" ] || { echo "error: VARIANTS: '$name' is named twice" >&2; exit 2; }
  VARIANT_FLAGS[$name]=${flags//,/ }
  probe_flags=""
  for f in ${flags//,/ }; do
    case "$f" in
      --gpu-workgroup=*) probe_flags+=" --workgroup ${f#*=}" ;;
      --gpu-task-rows=*) probe_flags+=" --task-rows ${f#*=}" ;;
      --*=*) ;;
      *) echo "error: VARIANTS: '$f' in '$v' is not written --option=value" >&2; exit 2 ;;
    esac
  done
  VARIANT_PROBE[$name]=$probe_flags
  VARIANT_NAMES+=("$name")
done
for f in "$BIN" "$PROBE" ${BASE_BIN:+"$BASE_BIN"}; do
  [ -x "$f" ] || { echo "error: $f is missing: build it with --features gpu (see the header)" >&2; exit 2; }
done

# OEIS A000170.
declare -A TOTAL=([8]=92 [9]=352 [10]=724 [11]=2680 [12]=14200 [13]=73712 [14]=365596
  [15]=2279184 [16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848 [20]=39029188884
  [21]=314666222712 [22]=2691008701644 [23]=24233937684440 [24]=227514171973736)

# The Vulkan loader, where the machine has none; NVIDIA's driver file, where the loader's usual
# places name no driver.
if ! ldconfig -p | grep 'libvulkan\.so\.1' >/dev/null; then
  if compgen -G "$GL/*.deb" >/dev/null; then
    for f in "$GL"/*.deb; do dpkg -x "$f" /; done
    ldconfig
  else
    echo "error: no Vulkan loader here, and no packages of one in $GL" >&2
    exit 2
  fi
fi
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] &&
  ! ls /usr/share/vulkan/icd.d/nvidia* /etc/vulkan/icd.d/nvidia* >/dev/null 2>&1; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
fi

# The device must be the NVIDIA GPU, not a software one.
probe=$("$PROBE" "${SIZES[0]}" 0)
echo "probe: $probe"
"$PROBE" "${SIZES[0]}" 0 --sweep >"$OUT/residency.json" || echo "the residency sweep failed" >&2
"$PROBE" "${SIZES[0]}" 0 --sweep --driver >"$OUT/driver.json" || echo "the driver's statistics failed" >&2
case "$probe" in
  *NVIDIA*) ;;
  *) echo "error: GPU 0 is not an NVIDIA device: $probe" >&2; exit 1 ;;
esac
for name in ${VARIANT_NAMES[@]+"${VARIANT_NAMES[@]}"}; do
  # shellcheck disable=SC2086  # the probe's flags are words without spaces
  "$PROBE" "${SIZES[0]}" 0 ${VARIANT_PROBE[$name]} >"$OUT/residency-$name.json" ||
    echo "the probe of variant $name failed" >&2
done
gpu=$(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,power.limit \
  --format=csv,noheader 2>/dev/null | head -1 || echo unknown)
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
echo "gpu: $gpu"
echo "cpu: $cpu ($(nproc) cores)"

# The CUDA counter, one build per configuration.
declare -A PEER_BIN
for c in $PEER_CONFIGS; do
  config=${c%%:*}
  PEER_BIN[$config]=/tmp/n_queens_config$config
  if [ ! -x "${PEER_BIN[$config]}" ]; then
    (cd "$PEER/src" && nvcc -gencode "arch=compute_$PEER_ARCH,code=sm_$PEER_ARCH" -O3 \
      -Xcompiler -fopenmp "-D_USE_CONFIG${config}_" n_queens_cuda.cu n_queens.cpp utils.cpp \
      main.cpp -o "${PEER_BIN[$config]}" -lcudart)
  fi
done

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
runs_jsonl="$OUT/h100-runs.jsonl"
: >"$runs_jsonl"

# One run of ours (of the build $2, with count's further options $3...): prints
# "count_s wall_s total".
ours() {
  local n=$1 bin=$2 start end out
  shift 2
  start=$(now)
  out=$(timeout "$LIMIT" "$bin" count "$n" --method gpu --json --gpu-device 0 "$@") || { echo "- - stopped"; return; }
  end=$(now)
  echo "$(sed -n 's/.*"seconds":\([^,}]*\).*/\1/p' <<<"$out") $(awk "BEGIN {print $end - $start}") \
$(sed -n 's/.*"solutions":\([^,}]*\).*/\1/p' <<<"$out")"
}
# One run of theirs: prints "calc_s wall_s total".
theirs() {
  local n=$1 config=$2 rows=$3 start end out
  start=$(now)
  out=$(timeout "$LIMIT" "${PEER_BIN[$config]}" "$n" "$rows" 2>&1) || { echo "- - stopped"; return; }
  end=$(now)
  local ms total
  ms=$(sed -n 's/.*calc time: \[\([0-9.]*\)ms\].*/\1/p' <<<"$out" | tail -1)
  total=$(sed -n 's/.*queens result \([0-9]*\),.*/\1/p' <<<"$out" | tail -1)
  echo "$(awk "BEGIN {print ${ms:-0} / 1000}") $(awk "BEGIN {print $end - $start}") ${total:-none}"
}
record() { # program n run count_s wall_s total
  printf '{"program":"%s","n":%s,"run":%s,"count_s":"%s","wall_s":"%s","total":"%s"}\n' "$@" \
    >>"$runs_jsonl"
}

table="$OUT/h100.txt"
{
  echo "# $(date -u +%Y-%m-%d) · $gpu · host: $cpu"
  echo "# probe: $probe"
  printf '%-22s %3s %5s %10s %10s %16s %s\n' program N runs count_s wall_s total check
} >"$table"
for n in "${SIZES[@]}"; do
  programs=("ours")
  [ -z "$BASE_BIN" ] || programs+=("base")
  for name in ${VARIANT_NAMES[@]+"${VARIANT_NAMES[@]}"}; do programs+=("ours-$name"); done
  for c in $PEER_CONFIGS; do programs+=("ygch-config${c%%:*}-rows${c##*:}"); done
  declare -A C=() W=() T=() R=()
  runs=$RUNS
  for ((r = 1; r <= runs; r++)); do
    for p in "${programs[@]}"; do
      if [ "$p" = ours ]; then
        read -r cs ws tot < <(ours "$n" "$BIN")
      elif [ "$p" = base ]; then
        read -r cs ws tot < <(ours "$n" "$BASE_BIN")
      elif [[ $p == ours-* ]]; then
        # shellcheck disable=SC2086  # the variant's flags are words without spaces
        read -r cs ws tot < <(ours "$n" "$BIN" ${VARIANT_FLAGS[${p#ours-}]})
      else
        config=${p#ygch-config}; config=${config%%-*}; rows=${p##*-rows}
        read -r cs ws tot < <(theirs "$n" "$config" "$rows")
      fi
      record "$p" "$n" "$r" "$cs" "$ws" "$tot"
      C[$p]+="$cs "; W[$p]+="$ws "; T[$p]=$tot; R[$p]=$r
      # A long run is timed once: the GPU's speed is steady, and the time is better spent on
      # more sizes.
      if [ "$r" = 1 ] && [ "$cs" != - ] && awk "BEGIN {exit !($ws > $LONG)}"; then runs=1; fi
    done
  done
  for p in "${programs[@]}"; do
    cs=$(tr ' ' '\n' <<<"${C[$p]}" | grep -v '^-*$' | median || true)
    ws=$(tr ' ' '\n' <<<"${W[$p]}" | grep -v '^-*$' | median || true)
    check=ok
    [ "${T[$p]}" = "${TOTAL[$n]:-${T[$p]}}" ] || check="WRONG (want ${TOTAL[$n]})"
    printf '%-22s %3s %5s %10.3f %10.3f %16s %s\n' "$p" "$n" "${R[$p]}" "${cs:-0}" "${ws:-0}" \
      "${T[$p]}" "$check" | tee -a "$table"
  done
  unset C W T R
done

python3 - "$runs_jsonl" "$OUT/h100.json" "$gpu" "$cpu" "$probe" <<'PY'
import json, statistics, sys, datetime
runs = [json.loads(l) for l in open(sys.argv[1])]
rows = {}
for r in runs:
    key = (r["program"], r["n"])
    rows.setdefault(key, []).append(r)
summary = []
for (program, n), rs in sorted(rows.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    ok = [r for r in rs if r["count_s"] not in ("-", "")]
    summary.append({
        "program": program, "n": n, "runs": len(rs),
        "count_s_median": statistics.median(float(r["count_s"]) for r in ok) if ok else None,
        "wall_s_median": statistics.median(float(r["wall_s"]) for r in ok) if ok else None,
        "count_s": [float(r["count_s"]) for r in ok],
        "total": rs[-1]["total"],
    })
json.dump({
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
    "gpu": sys.argv[3], "host_cpu": sys.argv[4], "probe": json.loads(sys.argv[5]),
    "rows": summary, "runs": runs,
}, open(sys.argv[2], "w"), indent=1)
PY
echo "wrote $OUT/h100.json and $table"
