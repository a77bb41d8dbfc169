//! The step of the legal-position count: the three successors of every
//! state of a layer, at 14×14, on samples of real layers.
//!
//! `cargo bench -p plybench-benches --bench go`. The samples are made by the
//! count's own transition: from the empty border, each point's successors
//! are sorted, deduplicated and cut to the `SAMPLE` states of smallest hash,
//! so that a sample is spread over the layer as the whole layer is, without
//! the hours the whole layer takes. Compare two versions of the code with
//! criterion's baselines (`--save-baseline before`, then `--baseline
//! before`) on an idle machine.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::go::legal::border::Border;
use plybench::engine::go::legal::table::mix;
use std::hint::black_box;

/// States kept from each layer.
const SAMPLE: usize = 200_000;
const WIDTH: usize = 14;

/// A sample of the layer before each point in `points` (increasing).
fn samples(points: &[usize]) -> Vec<(usize, Vec<u64>)> {
    let mut layer = vec![Border::initial(WIDTH).key(0)];
    let mut out = Vec::new();
    for point in 0..=*points.last().expect("a point") {
        if points.contains(&point) {
            out.push((point, layer.clone()));
        }
        let col = point % WIDTH;
        let mut next: Vec<u64> =
            layer.iter().flat_map(|&key| Border::successors_of_key(key, WIDTH, col)).flatten().collect();
        next.sort_unstable_by_key(|&key| mix(key));
        next.dedup();
        next.truncate(SAMPLE);
        layer = next;
    }
    out
}

fn successors(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_legal_successors_14");
    group.sample_size(20);
    // Mid-row and a row's first point, in two, three and four rows.
    for (point, layer) in samples(&[30, 35, 70, 77, 112, 119]) {
        group.throughput(Throughput::Elements(layer.len() as u64));
        let col = point % WIDTH;
        group.bench_with_input(BenchmarkId::from_parameter(point), &layer, |b, layer| {
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
    }
    group.finish();
}

criterion_group!(benches, successors);
criterion_main!(benches);
