//! Search throughput on random trees: leaves examined per second.
//!
//! `cargo bench -p plybench-benches --bench alphabeta`. Each benchmark
//! searches the same 64 trees; criterion reports the throughput in leaves
//! (elements) per second, counted beforehand with the same searches.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::search::{Algorithm, LeafValues, MoveOrder, Natural, Perfect, RandomTree, TreeShape, search};
use std::hint::black_box;

const TREES: u64 = 64;

fn leaves<O: MoveOrder>(shape: TreeShape, order: &O, algorithm: Algorithm) -> u64 {
    (0..TREES)
        .map(|i| {
            let tree = RandomTree::new(shape, LeafValues::Continuous, 1, i);
            search(&tree, order, algorithm).expect("valid tree").counts.leaves
        })
        .sum()
}

fn random_trees(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta_random_trees");
    group.sample_size(10);
    for (b, d) in [(4, 6), (8, 4), (16, 3)] {
        let shape = TreeShape::new(b, d).expect("valid shape");
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::AlphaBetaF1, Algorithm::NegaScout] {
            group.throughput(Throughput::Elements(leaves(shape, &Natural, algorithm)));
            group.bench_with_input(BenchmarkId::new(algorithm.name(), format!("{b}^{d}")), &shape, |bench, &shape| {
                bench.iter(|| leaves(black_box(shape), &Natural, algorithm))
            });
        }
        group.throughput(Throughput::Elements(leaves(shape, &Perfect, Algorithm::AlphaBeta)));
        group.bench_with_input(
            BenchmarkId::new("alphabeta-perfect-order", format!("{b}^{d}")),
            &shape,
            |bench, &shape| bench.iter(|| leaves(black_box(shape), &Perfect, Algorithm::AlphaBeta)),
        );
    }
    group.finish();
}

criterion_group!(benches, random_trees);
criterion_main!(benches);
