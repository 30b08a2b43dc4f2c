#!/usr/bin/env bash
# The priced GPU model held against the fastest public CUDA counter's times (no GPU needed):
# plays that counter's work on the CPU (its subproblems with 6 rows placed, 32 to a warp),
# prices its step (tools/gpu-model/src/peer.wgsl) on each GPU of the model's
# table (tools/gpu-model/src/price.rs), and prints the model's seconds beside every figure its
# README publishes and every figure bench/h100.sh measured, with the ratio model / figure.
#
# Usage: bench/gpu-calibrate.sh [N...]     (default 19 20 21 22; about four minutes in all on
#        two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet --release -p nqueens-gpu-model --bin gpu_calibrate -- "$@"
