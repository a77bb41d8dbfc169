//! The chance engine of the `levy` study: every five-card hand classified
//! once (the class count, and the census that also finds each hand's value
//! and designation), a three-card draw, and a stud showdown.
//!
//! `cargo bench -p plybench-benches --bench levy`. The class count of all
//! 2,598,960 hands should take well under a second on one core; run it on
//! a quiet machine with `taskset -c 0` and record the machine with the
//! figure in `reports/levy/`.

use criterion::{Criterion, criterion_group, criterion_main};
use plybench::engine::chance::cards::Card;
use plybench::engine::chance::draw::draw;
use plybench::engine::chance::poker::{census, class_counts};
use plybench::engine::chance::stud::showdown;
use std::hint::black_box;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().expect("a card")).collect()
}

fn all_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("levy_all_hands");
    group.sample_size(20);
    group.bench_function("class_counts", |b| b.iter(|| black_box(class_counts())));
    group.bench_function("census", |b| b.iter(|| black_box(census())));
    group.finish();
}

fn draws_and_showdowns(c: &mut Criterion) {
    let mut group = c.benchmark_group("levy_draw_stud");
    group.sample_size(20);
    let pair = cards("KS KH 2C 7D 9H");
    group.bench_function("draw_three_to_a_pair", |b| b.iter(|| draw(black_box(&pair), &pair[..2]).expect("a draw")));
    let (known, up) = (cards("AC 9H 7S 6D"), cards("8D 10C JS"));
    group.bench_function("showdown_one_to_come", |b| {
        b.iter(|| showdown(black_box(&known), &up, 1).expect("a showdown"))
    });
    group.finish();
}

criterion_group!(benches, all_hands, draws_and_showdowns);
criterion_main!(benches);
