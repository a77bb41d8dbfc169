# plybench recipes. `just --list` shows them. Install just with `cargo install just`.

# Run every test, as CI does.
test:
    cargo test --release --workspace

# Everything CI checks: formatting, lints, tests.
ci:
    bash .ci/run

# The main job: every study, every published figure, the report with plots in reports/.
reproduce:
    cargo run --release --bin plybench -- reproduce --out reports

# The CI subset of the reproduction, into a scratch directory.
quick:
    cargo run --release --bin plybench -- reproduce --quick --out target/report-quick

# Render every SVG plot of reports/ to PNG with a real renderer (rsvg-convert, from librsvg2-bin), to look at them.
plots dir="reports":
    for f in {{dir}}/*.svg; do rsvg-convert -o "${f%.svg}.png" "$f" && echo "$f -> ${f%.svg}.png"; done

# Each study's own deeper tables, into reports/<study>/.
study-tables:
    mkdir -p reports/kalah
    cargo run --release --bin kalah -- reproduce --format markdown | tee reports/kalah/bell.md
    cargo run --release --bin kalah -- table --max-pits 16 --terminal-max-pits 13 --format markdown | tee reports/kalah/table.md
    mkdir -p reports/alphabeta
    cargo run --release --bin alphabeta -- newborn --format markdown | tee reports/alphabeta/newborn.md
    cargo run --release --bin alphabeta -- depths --format csv | tee reports/alphabeta/depths.csv
    mkdir -p reports/checkers
    cargo run --release --bin checkers -- perft --depth 11 --counting both --format markdown | tee reports/checkers/perft-11.md
    cargo run --release --bin checkers -- bench --depth 11 --repeats 2 --format markdown | tee reports/checkers/bench.md
    cargo run --release --bin checkers -- replay datasets/checkers/cochran-1971-appendix-a.pdn --format markdown | tee reports/checkers/cochran.md

# Criterion benchmarks.
bench:
    cargo bench -p plybench-benches

# Our four representations beside shakmaty, cozy-chess and chess, and Stockfish where installed (its time includes start-up): nodes/s and ratio to cozy-chess (startpos d6, Kiwipete d5; quick = d5, d4).
bench-peers depths="full":
    PEERS_TABLE_ONLY=1 PEERS_DEPTHS={{depths}} RUSTFLAGS="-C target-cpu=native" cargo bench -p plybench-benches --bench perft_peers

# The deep perft counts (startpos 7 and 8, Kiwipete 6) on bitboard, timed against their goals: reports/perft-deep.{json,md}.
perft-deep hash="128" threads="2":
    cargo run --release --bin perft -- deep --hash {{hash}} --threads {{threads}} --out reports

# Fuzz every parser with cargo-fuzz (libFuzzer) for `seconds` each. Needs `cargo install cargo-fuzz`;
# RUSTC_BOOTSTRAP lets the stable toolchain take the nightly flags it passes. New inputs go to target/fuzz-corpus/.
fuzz seconds="60":
    cd fuzz && for t in fen epd uci checkers kalah engine pdn go rules; do mkdir -p ../target/fuzz-corpus/$t && RUSTC_BOOTSTRAP=1 cargo fuzz run --features libfuzzer -O $t ../target/fuzz-corpus/$t corpus/$t -- -max_total_time={{seconds}} -max_len=$([ $t = rules ] && echo 8192 || echo 4096) -seed=1 || exit 1; done

# The same oracles without libFuzzer: seeded byte mutation on the stable toolchain, `seconds` per target.
fuzz-stable seconds="10" seed="1":
    cargo run --release --manifest-path fuzz/Cargo.toml --bin smoke -- --seconds {{seconds}} --seed {{seed}}
