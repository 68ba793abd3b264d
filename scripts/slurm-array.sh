#!/bin/bash
# A masu batch as a Slurm job array: task K of N runs shard K/N of the instances and appends
# its records to OUT/shard-K.jsonl. Submitting again with the same OUT resumes every shard
# where it stopped; `masu report OUT/shard-*.jsonl` merges them. See docs/cluster.md.
#
#   sbatch --array=1-8 scripts/slurm-array.sh OUT compare sudoku /data/sudoku/norvig --time-limit 10
#   sbatch --array=1-8 scripts/slurm-array.sh OUT corpus numberlink /data/numberlink --time-limit 60
#
# MASU names the binary (default: `masu` on PATH). Each task gets --cpus-per-task cores and
# passes them to the solver as --threads.
#SBATCH --job-name=masu
#SBATCH --cpus-per-task=1
#SBATCH --output=masu-%A_%a.log
#SBATCH --requeue
set -euo pipefail

out=$1
shift
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=1-N}"
mkdir -p "$out"
"${MASU:-masu}" "$@" \
    --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --resume "$out/shard-$SLURM_ARRAY_TASK_ID.jsonl" \
    --threads "${SLURM_CPUS_PER_TASK:-1}"
