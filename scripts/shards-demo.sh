#!/usr/bin/env bash
# CI check of the README's "Long runs" examples on a small job (perft(5) of
# the initial position in 4 shards): with GNU parallel when it is on PATH,
# otherwise the same shard command lines one after the other. Then the
# merge must equal the single run, and the Slurm script must work as a
# two-task array run by hand.
#
# PLYBENCH_BIN=DIR uses the perft and plybench binaries in DIR (e.g.
# target/fast) instead of building the release ones.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bin="${PLYBENCH_BIN:-}"
if [ -z "$bin" ]; then
    cargo build --release --quiet -p plybench-cli --bin perft --bin plybench
    bin="${CARGO_TARGET_DIR:-$root/target}/release"
fi
bin="$(cd "$bin" && pwd)"
export PATH="$bin:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

if command -v parallel > /dev/null && parallel --version 2> /dev/null | grep -q "GNU parallel"; then
    echo "shards-demo: GNU parallel found: running the README's one-machine example"
    # The README's command, as written there:
    parallel perft --depth 5 --repr bitboard --shard {}/4 --checkpoint shard-{}.json ::: 1 2 3 4 > /dev/null
else
    echo "shards-demo: GNU parallel not on PATH: running the same four shard commands one after the other"
    for k in 1 2 3 4; do
        perft --depth 5 --repr bitboard --shard "$k/4" --checkpoint "shard-$k.json" > /dev/null
    done
fi
plybench merge shard-*.json --format json > merged.json
perft --depth 5 --repr bitboard --format json > single.json

# The Slurm script, as a job array of two tasks run by hand.
for k in 1 2; do
    SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=2 DEPTH=5 OUT=slurm bash "$root/scripts/slurm-perft.sh" > /dev/null
done
plybench merge slurm/shard-*-of-2.json --format json > slurm.json

python3 - <<'PY'
import json
single, merged, slurm = (json.load(open(f)) for f in ("single.json", "merged.json", "slurm.json"))
counts = lambda v: [(r["repr"], r["nodes"]) for r in v["results"]]
assert counts(merged) == counts(single) == counts(slurm) == [("bitboard", 4865609)], (counts(merged), counts(single), counts(slurm))
assert [r["shard"] for r in merged["balance"]] == ["1/4", "2/4", "3/4", "4/4"], merged["balance"]
spread = merged["spread"][0]
print(f"shards-demo: 4 shards merge to perft(5) = 4865609 like the single run (shard seconds max/mean {spread['max_over_mean']:.2f}); the Slurm script's 2 tasks too")
PY
