//! Seeded, time-bounded fuzzing on the stable toolchain.
//!
//! `smoke [--seconds S] [--seed N] [TARGET...]` mutates `fuzz/corpus/<target>/`
//! for S seconds per target (default 10) and exits non-zero on the first
//! oracle failure, printing the input.

use std::time::{Duration, Instant};

use plybench_fuzz::{TARGETS, mutate};

fn main() {
    let mut seconds = 10.0f64;
    let mut seed = 1u64;
    let mut wanted = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().unwrap_or_else(|| fail(&format!("{name} needs a value")));
        match arg.as_str() {
            "--seconds" => seconds = value("--seconds").parse().unwrap_or_else(|_| fail("--seconds takes a number")),
            "--seed" => seed = value("--seed").parse().unwrap_or_else(|_| fail("--seed takes a whole number")),
            name if TARGETS.iter().any(|(t, _)| *t == name) => wanted.push(name.to_owned()),
            other => fail(&format!("unknown argument {other:?}; targets: fen epd uci checkers kalah engine pdn go rules")),
        }
    }
    let corpus_root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, oracle) in TARGETS {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == name) {
            continue;
        }
        let corpus = mutate::load_corpus(&corpus_root.join(name)).unwrap_or_default();
        let started = Instant::now();
        let (mut runs, mut accepted, mut round) = (0usize, 0usize, 0u64);
        while started.elapsed() < Duration::from_secs_f64(seconds) {
            let batch = 2000;
            accepted +=
                mutate::run(oracle, &corpus, seed ^ round.wrapping_mul(0x9E37_79B9), batch, plybench_fuzz::max_input(name));
            runs += batch;
            round += 1;
        }
        println!(
            "{name}: {runs} inputs ({accepted} accepted) in {:.1} s, seed {seed}",
            started.elapsed().as_secs_f64()
        );
    }
}

fn fail(message: &str) -> ! {
    eprintln!("smoke: {message}");
    std::process::exit(2);
}
