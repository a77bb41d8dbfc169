//! The backgammon move generator against its brute-force oracle, on
//! positions from random games and on random scattered positions, for every
//! throw; and the levy ch. 10 part's tables.

use std::collections::HashSet;

use plybench::engine::backgammon::movegen::plays;
use plybench::engine::backgammon::oracle::oracle;
use plybench::engine::backgammon::position::{BAR, Men, OFF};
use plybench::engine::backgammon::{Dice, Move, Position, Side, THROWS};
use plybench::engine::game::Game;
use plybench::engine::rng::SplitMix;
use proptest::prelude::*;

/// The positions the generator's plays reach.
fn reached(position: &Position, dice: Dice) -> HashSet<Position> {
    let mut out = Vec::new();
    plays(position, dice, &mut out);
    let with = position.with_dice(Some(dice));
    let set: HashSet<Position> = out.iter().map(|&p| with.play(Move::Play(p))).collect();
    assert_eq!(set.len(), out.len(), "{position} {dice}: two plays reach one position");
    set
}

fn agree(position: &Position) {
    for dice in THROWS {
        let expected = oracle(position, dice).positions;
        assert_eq!(reached(position, dice), expected, "{position} throwing {dice}");
    }
}

/// The position after `turns` turns of random play from the opening.
fn random_game(seed: u64, turns: u32) -> Position {
    let mut rng = SplitMix::new(seed);
    let mut position = Position::start();
    let mut moves = Vec::new();
    for _ in 0..2 * turns {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[rng.below(moves.len())]);
    }
    position.with_dice(None)
}

/// Fifteen men of each side scattered at random (bar and off included),
/// never sharing a point; most of them home when `late`, to exercise the
/// bear-off.
fn scattered(seed: u64, late: bool) -> Position {
    let mut rng = SplitMix::new(seed);
    let (mut white, mut black): (Men, Men) = ([0; 26], [0; 26]);
    for side in 0..2 {
        for _ in 0..15 {
            loop {
                let roll = rng.below(100);
                let p = if roll < 4 {
                    BAR
                } else if roll < 14 {
                    OFF
                } else if late && roll < 80 {
                    1 + rng.below(6)
                } else {
                    1 + rng.below(24)
                };
                let (mine, theirs) = if side == 0 { (&mut white, &black) } else { (&mut black, &white) };
                if (1..=24).contains(&p) && theirs[25 - p] > 0 {
                    continue;
                }
                mine[p] += 1;
                break;
            }
        }
    }
    let turn = if rng.below(2) == 0 { Side::White } else { Side::Black };
    Position::new(white, black, turn, None).expect("scattered men never share a point")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn generator_agrees_with_oracle_in_random_games(seed in any::<u64>(), turns in 0u32..60) {
        agree(&random_game(seed, turns));
    }

    #[test]
    fn generator_agrees_with_oracle_on_scattered_men(seed in any::<u64>(), late in any::<bool>()) {
        agree(&scattered(seed, late));
    }
}

#[test]
fn position_text_round_trips_on_random_positions() {
    for seed in 0..200 {
        let p = scattered(seed, seed % 2 == 0);
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    }
}
