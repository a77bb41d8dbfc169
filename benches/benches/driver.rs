//! The generic perft driver (`engine::game`) against the counts of each
//! game's own path: checkers from the opening and Go on the empty 9×9
//! board, one thread, with and without a table. `counter` and `go_perft`
//! are the checkers and Go entry points (since the move onto the driver,
//! wrappers of its in-place walk, `driver_mut`); `driver` is the copy-make
//! walk over the same adapters (`Game`).
//!
//! `cargo bench -p plybench-benches --bench driver`. Compare the paths
//! within one run (the machines this runs on are shared): the results are
//! in `reports/levy/driver.md`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::checkers::{self, Counter, Counting, Repr as CheckersRepr};
use plybench::engine::game::{Driver, Game, GameMut};
use plybench::engine::go::{self, Passing, Size};
use plybench::engine::progress::Progress;
use std::hint::black_box;

/// The table of the counts with one, in mebibytes.
const TABLE_MB: u64 = 16;

/// The two table settings: none, and [`TABLE_MB`].
const TABLES: [(&str, u64); 2] = [("plain", 0), ("table", TABLE_MB)];

/// `root` through the copy-make driver, one thread.
fn bench_driver<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, root: &G, depth: u32) {
    for (setting, mb) in TABLES {
        group.bench_function(BenchmarkId::new(name, setting), |b| {
            b.iter(|| {
                Driver::new(1, mb).expect("a driver").perft(black_box(root), depth, Progress::NONE).expect("a count")
            })
        });
    }
}

/// `root` through the in-place driver, one thread.
fn bench_driver_mut<M: GameMut>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, root: &M, depth: u32) {
    for (setting, mb) in TABLES {
        group.bench_function(BenchmarkId::new(name, setting), |b| {
            b.iter(|| {
                Driver::new(1, mb)
                    .expect("a driver")
                    .perft_mut(black_box(root), depth, Progress::NONE)
                    .expect("a count")
            })
        });
    }
}

fn checkers_paths(c: &mut Criterion) {
    let depth = 10;
    let start = checkers::Position::start();
    let mut group = c.benchmark_group("driver_checkers");
    group.sample_size(10);
    let nodes =
        Counter::new(1, 0).expect("a counter").run(CheckersRepr::Bitboard, &start, depth, Counting::Paths, false);
    group.throughput(Throughput::Elements(nodes.expect("a count").nodes));
    for (setting, mb) in TABLES {
        group.bench_function(BenchmarkId::new("counter", setting), |b| {
            b.iter(|| {
                let mut counter = Counter::new(1, mb).expect("a counter");
                counter
                    .run(CheckersRepr::Bitboard, black_box(&start), depth, Counting::Paths, false)
                    .expect("a count")
                    .nodes
            })
        });
    }
    let root = checkers::Driven::<checkers::bitboard::BitBoard>::new(&start, Counting::Paths);
    bench_driver(&mut group, "driver", &root, depth);
    bench_driver_mut(&mut group, "driver_mut", &root, depth);
    group.finish();
}

fn go_paths(c: &mut Criterion) {
    let depth = 4;
    let empty = go::Position::empty(Size::square(9).expect("9×9"));
    let mut group = c.benchmark_group("driver_go");
    group.sample_size(10);
    let nodes = go::perft(&mut go::bitboard::BitBoard::from_position(&empty), depth, Passing::Allowed);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(BenchmarkId::new("go_perft", "bitboard"), |b| {
        b.iter(|| go::perft(&mut go::bitboard::BitBoard::from_position(black_box(&empty)), depth, Passing::Allowed))
    });
    group.bench_function(BenchmarkId::new("go_perft", "array"), |b| {
        b.iter(|| go::perft(&mut go::array::ArrayBoard::from_position(black_box(&empty)), depth, Passing::Allowed))
    });
    let root = go::Driven::<go::bitboard::BitBoard>::new(&empty, Passing::Allowed);
    bench_driver(&mut group, "driver_bitboard", &root, depth);
    bench_driver_mut(&mut group, "driver_mut_bitboard", &root, depth);
    group.finish();
}

use go::Board as _;

criterion_group!(benches, checkers_paths, go_paths);
criterion_main!(benches);
