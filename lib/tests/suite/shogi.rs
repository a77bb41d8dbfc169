//! Shogi: perft of the engine beside the published counts (read from the
//! dataset), and the engine against the slow oracle of `shogi_oracle` on
//! published positions and on seeded random games.

use plybench::engine::rng::SplitMix;
use plybench::engine::shogi::{Position, START_SFEN, divide, perft};
use plybench::study::datasets::LEVY_CH17_SHOGI;
use plybench::study::levy::ch17::{PerftEntry, read};
use proptest::prelude::*;

use crate::shogi_oracle::Oracle;

fn published() -> Vec<PerftEntry> {
    read(LEVY_CH17_SHOGI).unwrap().1
}

fn entry(id: &str) -> PerftEntry {
    published().into_iter().find(|e| e.id == id).unwrap()
}

/// Perft of the published position `id` at every depth whose count is at
/// most `limit`.
fn check(id: &str, limit: u64) {
    let e = entry(id);
    let pos: Position = e.sfen.parse().unwrap();
    let mut checked = 0;
    for (d, &count) in e.counts.iter().enumerate().filter(|(_, c)| **c <= limit) {
        assert_eq!(perft(&pos, d as u32 + 1).unwrap(), count, "{id} at depth {}", d + 1);
        checked += 1;
    }
    assert!(checked > 0, "{id}: no depth within {limit}");
}

#[test]
fn start_position_to_depth_four() {
    check("start", 1_000_000);
}

#[test]
fn published_positions_at_small_depths() {
    check("pawn_drop_mate", 200_000);
    check("knight_promotion", 250_000);
    check("matsuri", 30_000);
    check("max_moves", 110_000);
    check("peeper_91", 20_000);
    check("peeper_124", 20_000);
    check("all_in_hand", 1_000);
}

#[test]
#[ignore = "perft(5) of the start position: 19,861,490 leaves"]
fn start_position_to_depth_five() {
    check("start", 20_000_000);
}

#[test]
#[ignore = "the published positions to a few million leaves each"]
fn published_positions_deeper() {
    for id in ["matsuri", "knight_promotion", "pawn_drop_mate", "peeper_91", "peeper_124", "all_in_hand"] {
        check(id, 7_000_000);
    }
}

#[test]
fn divide_sums_to_perft() {
    let start: Position = START_SFEN.parse().unwrap();
    let divided = divide(&start, 3).unwrap();
    assert_eq!(divided.len(), 30);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 25_470);
}

#[test]
fn the_oracle_agrees_on_published_positions() {
    for e in published() {
        let pos: Position = e.sfen.parse().unwrap();
        let oracle = Oracle::from_position(&pos);
        let mut engine: Vec<String> = pos.legal_moves().iter().map(|m| m.usi()).collect();
        engine.sort();
        assert_eq!(engine, oracle.moves(), "{}", e.id);
        assert_eq!(oracle.perft(1), e.counts[0], "{}", e.id);
        if e.counts.get(1).is_some_and(|&n| n < 30_000) {
            assert_eq!(oracle.perft(2), e.counts[1], "{}", e.id);
        }
    }
}

/// Plays a random game of `plies` from `sfen`, comparing the engine with
/// the oracle at every ply: the moves, and the position after each.
fn random_game(sfen: &str, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut pos: Position = sfen.parse().unwrap();
    let mut oracle = Oracle::from_position(&pos);
    let mut rng = SplitMix::new(seed);
    for ply in 0..plies {
        let moves = pos.legal_moves();
        let mut engine: Vec<String> = moves.iter().map(|m| m.usi()).collect();
        engine.sort();
        let expected = oracle.moves();
        prop_assert_eq!(&engine, &expected, "seed {} ply {} position {}", seed, ply, pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos = pos.play(mv);
        oracle = oracle.play(&mv.usi());
        prop_assert_eq!(&Oracle::from_position(&pos), &oracle, "seed {} ply {} after {}", seed, ply, mv);
        let fresh: Position = pos.to_string().parse().unwrap();
        prop_assert_eq!(fresh.key(), pos.key(), "the key of {} depends on its history", pos);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_the_oracle(seed in any::<u64>()) {
        random_game(START_SFEN, seed, 160)?;
    }

    #[test]
    fn random_games_from_drop_heavy_positions_agree(seed in any::<u64>(), which in 0usize..3) {
        let sfen = [
            "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
            "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ][which];
        random_game(sfen, seed, 60)?;
    }
}

#[test]
fn the_generic_driver_counts_what_the_plain_perft_counts() {
    use plybench::engine::game::{self, Driver};
    use plybench::engine::progress::Progress;
    for id in ["start", "pawn_drop_mate", "matsuri"] {
        let e = entry(id);
        let pos: Position = e.sfen.parse().unwrap();
        let depth = if id == "matsuri" { 2 } else { 3 };
        let plain = u128::from(perft(&pos, depth).unwrap());
        assert_eq!(game::perft(&pos, depth), plain, "{id}");
        let mut driver = Driver::new(2, 16).unwrap();
        assert_eq!(driver.perft(&pos, depth, Progress::NONE).unwrap(), plain, "{id}, two threads and a table");
        let divided = game::divide(&pos, depth);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u128>(), plain, "{id}");
    }
}
