# plybench recipes. `just --list` shows them. Install just with `cargo install just`.

# Run every test, as CI does.
test:
    cargo test --release --workspace

# Everything CI checks: formatting, lints, tests.
ci:
    bash .ci/run

# Reproduce every published figure and write the Kalah tables into reports/.
reproduce:
    mkdir -p reports/kalah
    cargo run --release --bin kalah -- reproduce --format markdown | tee reports/kalah/bell.md
    cargo run --release --bin kalah -- table --max-pits 16 --terminal-max-pits 13 --format markdown | tee reports/kalah/table.md
    mkdir -p reports/alphabeta
    cargo run --release --bin alphabeta -- newborn --format markdown | tee reports/alphabeta/newborn.md
    cargo run --release --bin alphabeta -- depths --format csv | tee reports/alphabeta/depths.csv

# Criterion benchmarks.
bench:
    cargo bench -p plybench-benches
