#!/usr/bin/env bash
# The GPU kernel's lockstep model, on the CPU (no GPU needed): plays the shader's loop on the
# real tasks of the N×N board, 32 lanes of a warp in lockstep, for today's kernel (`step`,
# engine/gpu/count.wgsl) and the earlier one (`baseline`, tools/gpu-model/src/baseline.wgsl), and
# prints what each costs. The last line is one JSON object:
#   n, solutions (must be Q(N): the model checks itself; null for a sample), nodes,
#   warp_turns, active_lanes, ops_per_node, ops_per_turn, last_row_turns (for `step`: the share
#   of the lanes' turns that count the last row's cells, all that counting the last two rows in
#   closed form would spare), skipped_levels (for `step`: levels passed over going back up, per
#   lane's turn: the turns a walk that rises one level a turn would add), path_ops (each path's operations,
#   counted on the SPIR-V naga emits), levels, resident_threads, occupancy (of an H100's
#   resident threads, under the rule that feeds the kernel: one refilled ring of tasks per
#   count for `step`, dispatches steered to half a second for `baseline`), predicted_h100_s,
#   for `step` the priced model's priced_warps, priced_cycles (a warp-turn on one scheduler),
#   priced_binding and priced_h100_s, free_stack_* (the same turn were the stack to take no
#   workgroup memory: the ceiling of any cut of it) and row_in_registers_cycles (the step with
#   its top row in registers, tools/gpu-model/src/variants.rs),
#   and for comparison the other rules' <rule>_occupancy / <rule>_h100_s (steered, runs: batches
#   of four million tasks on 2^17 threads, fixed: the ring on 2^17 threads, ring; for `step`
#   also list_order: the ring fed in the plan's list order rather than the engine's, whose
#   constellations with the longest-looking tasks go first, and sorted: fed every task by its
#   true size, the bound no order known before counting can beat); the same
#   fields for the baseline under "baseline"; for N = 14..18 also split_nodes, mirror_nodes and
#   split_advantage (the nodes of this project's split against a mirror-only split's). The
#   ring starts as many threads as an H100 runs at once (resident_threads), as the engine does
#   on a GPU after measuring it; MODEL_THREADS sets another number.
# See tools/gpu-model/src/lib.rs for what each figure means and how it is counted.
#
# Usage: bench/gpu-model.sh N [--sample S] [--kernel step|baseline|both] [--task-rows R]
#   N from 8 to 32. Up to N = 17 every task is played; above, the tasks of every S-th
#   constellation (S = 7^(N-16) unless given), and occupancy from a sample of task sizes.
#   --task-rows R: tasks of R rows (2 to 17), as `nqueens count --gpu-task-rows R` makes them,
#   instead of the engine's choice for N.
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet --release -p nqueens-gpu-model --bin gpu_model -- "$@"
