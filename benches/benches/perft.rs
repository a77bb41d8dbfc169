//! Perft on each board representation, side by side in one run.
//!
//! `cargo bench -p plybench-benches --bench perft`. Throughput is reported
//! in elements (leaf nodes) per second; compare representations within one
//! run, since the machines this runs on are shared.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use plybench::engine::chess::{Board, Setup, perft};
use std::hint::black_box;

const POSITIONS: [(&str, &str, u32); 3] = [
    ("startpos", Setup::STARTING_FEN, 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
];

fn bench_repr<B: Board>(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let setup = Setup::from_fen(fen).expect("a valid FEN");
        let nodes = perft(&mut B::from_setup(&setup), depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(B::REPR.name(), format!("{name}_d{depth}")), &setup, |b, setup| {
            let mut board = B::from_setup(setup);
            b.iter(|| perft(black_box(&mut board), depth))
        });
    }
    group.finish();
}

fn representations(c: &mut Criterion) {
    use plybench::engine::chess::{
        array::ArrayBoard, bitboard::BitboardBoard, mailbox10::Mailbox10Board, x88::X88Board,
    };
    bench_repr::<ArrayBoard>(c);
    bench_repr::<Mailbox10Board>(c);
    bench_repr::<X88Board>(c);
    bench_repr::<BitboardBoard>(c);
}

criterion_group!(benches, representations);
criterion_main!(benches);
