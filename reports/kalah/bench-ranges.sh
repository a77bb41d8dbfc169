#!/bin/bash
# Two builds of `kalah` side by side on a count with its tables on disk, alternating.
# Usage: OLD=path/to/kalah NEW=path/to/kalah bench-ranges.sh [PITS] [MAX_MEMORY_GIB] [ROUNDS]
set -euo pipefail
N=${1:-42}; M=${2:-0.1}; R=${3:-2}
for round in $(seq 1 "$R"); do
  for build in "${OLD:?set OLD}" "${NEW:?set NEW}"; do
    dir=$(mktemp -d)
    /usr/bin/time -f "%e %U %S %M" -o "$dir/time" "$build" count --pits "$N" --method dp --threads 2 \
      --max-memory "$M" --lap-stats --spill-dir "$dir" --format csv > "$dir/out"
    echo "$N $M $build round $round: wall user sys KB $(cat "$dir/time") | $(tail -1 "$dir/out")"
    rm -rf "$dir"
  done
done
