//! The step of the legal-position count: the three successors of every
//! state of a layer, made on the border's sets of columns (the count's
//! way, `Border::successors_of_key`) and on its decoded points (the
//! reference the tests compare against, `Border::successors`).
//!
//! `cargo bench -p plybench-benches --bench go`. The layers are whole: the
//! count's own states of an 11-wide board before a point, made here from
//! the empty border, and visited in the order of their hash, as the count
//! visits them. (A sample of a wider layer would not do: cut to its states
//! of smallest hash after each point, a 14-wide "layer" kept a fifth of
//! its states next to a chain without a liberty, the whole layers three
//! quarters; and in sorted order the old code ran 2.4 times as fast as in
//! the count's order, its branches foretold.)

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::go::legal::border::Border;
use plybench::engine::go::legal::table::mix;
use std::hint::black_box;

const WIDTH: usize = 11;

/// The layer before each point of `points` (increasing), in hash order.
fn layers(points: &[usize]) -> Vec<(usize, Vec<u64>)> {
    let mut layer = vec![Border::initial(WIDTH).key(0)];
    let mut out = Vec::new();
    for point in 0..=*points.last().expect("a point") {
        if points.contains(&point) {
            out.push((point, layer.clone()));
        }
        let col = point % WIDTH;
        let mut next: Vec<u64> =
            layer.iter().flat_map(|&key| Border::successors_of_key(key, WIDTH, col)).flatten().collect();
        next.sort_unstable_by_key(|&key| (mix(key), key));
        next.dedup();
        layer = next;
    }
    out
}

fn successors(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_legal_successors_11");
    group.sample_size(10);
    // A row's first point, and the middle of the row, three rows down.
    for (point, layer) in layers(&[33, 38]) {
        group.throughput(Throughput::Elements(layer.len() as u64));
        let col = point % WIDTH;
        group.bench_with_input(BenchmarkId::new("planes", point), &layer, |b, layer| {
            b.iter(|| {
                let mut sum = 0u64;
                for &key in layer {
                    for succ in Border::successors_of_key(black_box(key), WIDTH, col).into_iter().flatten() {
                        sum = sum.wrapping_add(succ);
                    }
                }
                sum
            })
        });
        group.bench_with_input(BenchmarkId::new("points", point), &layer, |b, layer| {
            b.iter(|| {
                let mut sum = 0u64;
                for &key in layer {
                    for succ in Border::decode(black_box(key), WIDTH, col).successors(col).into_iter().flatten() {
                        sum = sum.wrapping_add(succ);
                    }
                }
                sum
            })
        });
    }
    group.finish();
}

criterion_group!(benches, successors);
criterion_main!(benches);
