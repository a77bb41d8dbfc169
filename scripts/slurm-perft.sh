#!/usr/bin/env bash
# perft as a Slurm job array: task K of N computes shard K/N and writes
# $OUT/shard-K-of-N.json; `plybench merge $OUT/shard-*-of-N.json` sums them.
#
#   sbatch --array=1-8 scripts/slurm-perft.sh                   # perft(7) of the initial position
#   DEPTH=6 FEN="<FEN>" sbatch --array=1-8 scripts/slurm-perft.sh
#   sbatch --array=3 scripts/slurm-perft.sh    # rerun one task: it resumes its file
#
# Slurm sends SIGTERM at the time limit: perft saves its file and exits 130,
# and resubmitting the task resumes it. Without Slurm (a test), set
# SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT by hand.
#SBATCH --job-name=perft
#SBATCH --cpus-per-task=4
#SBATCH --time=04:00:00
#SBATCH --output=perft-%A_%a.log
set -euo pipefail

K="${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=1-N}"
N="${SLURM_ARRAY_TASK_COUNT:?submit with sbatch --array=1-N}"
DEPTH="${DEPTH:-7}"
FEN="${FEN:-rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1}"
REPR="${REPR:-bitboard}"
OUT="${OUT:-perft-shards}"
PERFT="${PERFT:-perft}"

mkdir -p "$OUT"
file="$OUT/shard-$K-of-$N.json"
mode=--checkpoint
[ -e "$file" ] && mode=--resume
launch=()
command -v srun > /dev/null && [ -n "${SLURM_JOB_ID:-}" ] && launch=(srun)
"${launch[@]}" "$PERFT" --depth "$DEPTH" --fen "$FEN" --repr "$REPR" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --shard "$K/$N" "$mode" "$file" --format csv
