//! Checkers perft from the opening, by representation.
//!
//! `cargo bench -p plybench-benches --bench checkers`. Compare the three
//! representations within one run: the machines this runs on are shared, so
//! ratios measured side by side mean more than absolute times.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::checkers::bell_table::TableBoard;
use plybench::engine::checkers::bitboard::BitBoard;
use plybench::engine::checkers::samuel::SamuelBoard;
use plybench::engine::checkers::{Board, Counting, Position, perft};
use std::hint::black_box;

fn bench_repr<B: Board>(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, depth: u32) {
    let start = Position::start();
    group.bench_with_input(BenchmarkId::new(B::REPR.name(), depth), &depth, |b, &depth| {
        b.iter(|| {
            let mut board = B::from_position(black_box(&start));
            perft(&mut board, depth, Counting::Paths)
        })
    });
}

fn opening_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers_perft");
    group.sample_size(10);
    for depth in [6u32, 8] {
        let nodes = {
            let mut board = BitBoard::from_position(&Position::start());
            perft(&mut board, depth, Counting::Paths)
        };
        group.throughput(Throughput::Elements(nodes));
        bench_repr::<TableBoard>(&mut group, depth);
        bench_repr::<SamuelBoard>(&mut group, depth);
        bench_repr::<BitBoard>(&mut group, depth);
    }
    group.finish();
}

criterion_group!(benches, opening_perft);
criterion_main!(benches);
