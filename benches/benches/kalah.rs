//! Kalah board test, N = 6..12 pits, by both counting methods.
//!
//! `cargo bench -p plybench-benches --bench kalah`. Compare the two methods
//! within one run: the machines this runs on are shared, so ratios measured
//! side by side mean more than absolute times.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use plybench::engine::kalah::{CountOptions, Method, Position, count};
use plybench::engine::progress::Progress;
use std::hint::black_box;

fn board_test(c: &mut Criterion) {
    let mut group = c.benchmark_group("kalah_board_test");
    group.sample_size(10);
    for pits in 6..=12 {
        let position = Position::board_test(pits).expect("valid size");
        for method in [Method::Stack, Method::Memo] {
            let options = CountOptions { method: Some(method), ..CountOptions::default() };
            group.bench_with_input(BenchmarkId::new(method.name(), pits), &position, |b, position| {
                b.iter(|| count(black_box(position), options, Progress::NONE).expect("counts").sequences)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, board_test);
criterion_main!(benches);
