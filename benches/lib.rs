//! Criterion benchmarks live in `benches/benches/`; run them with `cargo bench -p plybench-benches`.
