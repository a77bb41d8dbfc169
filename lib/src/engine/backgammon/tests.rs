//! The generator against its oracle on the opening throws, and a plain
//! recursive perft with chance nodes.

use std::collections::HashSet;

use super::movegen::plays;
use super::oracle::oracle;
use super::*;
use crate::engine::game::Game;

/// Perft by plain recursion over [`Game`]: the reference the driver must agree with.
fn perft(position: &Position, depth: u32) -> u64 {
    let mut moves = Vec::new();
    match depth {
        0 => 1,
        1 => position.count_leaves(&mut moves),
        _ => {
            position.legal_moves(&mut moves);
            moves.iter().map(|&m| perft(&position.play(m), depth - 1)).sum()
        }
    }
}

fn reached(position: &Position, dice: Dice) -> HashSet<Position> {
    let mut out = Vec::new();
    plays(position, dice, &mut out);
    let with = position.with_dice(Some(dice));
    out.iter().map(|&p| with.play(Move::Play(p))).collect()
}

#[test]
fn every_opening_throw_agrees_with_the_oracle() {
    let start = Position::start();
    for dice in THROWS {
        let fast = reached(&start, dice);
        let mut out = Vec::new();
        plays(&start, dice, &mut out);
        assert_eq!(fast.len(), out.len(), "{dice}: two plays reach one position");
        assert_eq!(fast, oracle(&start, dice).positions, "{dice}");
    }
}

#[test]
fn perft_alternates_throws_and_plays() {
    let start = Position::start();
    let mut out = Vec::new();
    let plays_per_throw: u64 = THROWS
        .iter()
        .map(|&d| {
            plays(&start, d, &mut out);
            out.len() as u64
        })
        .sum();
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 21);
    assert_eq!(perft(&start, 2), plays_per_throw);
    // No game ends within two turns, so every position below has 21 throws.
    assert_eq!(perft(&start, 3), 21 * plays_per_throw);
}

#[test]
fn a_finished_game_is_a_leaf() {
    let done: Position = "off:15/24:15 b".parse().unwrap();
    let mut moves = Vec::new();
    done.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(done.count_leaves(&mut moves), 0);
    assert_eq!(perft(&done, 3), 0);
}

#[test]
fn the_driver_agrees_with_plain_recursion() {
    let start = Position::start();
    let mut driver = crate::engine::game::Driver::new(2, 1).unwrap();
    for depth in 0..=4 {
        let plain = u128::from(perft(&start, depth));
        assert_eq!(crate::engine::game::perft(&start, depth), plain, "depth {depth}");
        assert_eq!(driver.perft(&start, depth, crate::engine::progress::Progress::NONE).unwrap(), plain);
    }
}
