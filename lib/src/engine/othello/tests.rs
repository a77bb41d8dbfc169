use proptest::prelude::*;

use super::*;
use crate::engine::game::{Driver, Game, divide, perft};
use crate::engine::progress::Progress;

fn names<G: Game<Move = Move>>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&m| position.notation(m)).collect()
}

#[test]
fn the_start_has_four_moves_each_flipping_one_disc() {
    let start = Othello::start();
    assert_eq!(names(&start), ["d3", "c4", "f5", "e6"]);
    assert_eq!(names(&ArrayBoard::start()), names(&start));
    for name in ["d3", "c4", "f5", "e6"] {
        let next = start.play(Move::parse(name).unwrap());
        assert_eq!(next.disc_counts(), (4, 1), "{name}");
        assert!(!next.black_to_move());
    }
}

#[test]
fn both_boards_count_alike_from_the_start() {
    for depth in 0..=7 {
        assert_eq!(perft(&Othello::start(), depth), perft(&ArrayBoard::start(), depth), "depth {depth}");
    }
    assert_eq!(divide(&Othello::start(), 5), divide(&ArrayBoard::start(), 5));
}

#[test]
fn threads_and_the_table_count_what_one_thread_counts() {
    let plain = perft(&Othello::start(), 8);
    let mut driver = Driver::new(2, 4).unwrap();
    assert_eq!(driver.perft(&Othello::start(), 8, Progress::NONE).unwrap(), plain);
    let mut one = Driver::new(1, 4).unwrap();
    assert_eq!(one.perft(&Othello::start(), 8, Progress::NONE).unwrap(), plain);
    assert_eq!(driver.divide(&Othello::start(), 6, Progress::NONE).unwrap(), divide(&Othello::start(), 6));
}

/// Black a1, White b1 and c1... : a position where one side must pass.
#[test]
fn a_side_without_a_move_passes_and_two_passes_end_the_game() {
    // Black on a1, White on b1: Black plays c1; White has no move.
    let bit = |name: &str| 1u64 << Move::parse(name).unwrap().index().unwrap();
    let black = bit("a1");
    let white = bit("b1");
    let position = Othello::from_discs(black, white, false);
    assert_eq!(names(&position), ["pass"], "White cannot move, Black can");
    assert_eq!(names(&ArrayBoard::from_discs(black, white, false)), ["pass"]);
    let passed = position.play(Move::PASS);
    assert_eq!(names(&passed), ["c1"]);
    let over = passed.play(Move::parse("c1").unwrap());
    assert!(over.is_over());
    assert_eq!(over.disc_counts(), (3, 0));
    assert_eq!(names(&over), Vec::<String>::new());
    assert_eq!(perft(&over, 0), 1);
    assert_eq!(perft(&over, 3), 0);
    // Passes counted silently: White's turn has Black's moves.
    assert_eq!(names(&SilentPass(position)), ["c1"]);
    assert_eq!(perft(&SilentPass(position), 1), 1);
    assert_eq!(perft(&position, 1), 1);
    assert_eq!(perft(&position, 2), 1);
    assert_eq!(perft(&SilentPass(position), 2), 0);
}

#[test]
fn symmetries_map_squares_one_to_one() {
    for symmetry in 0..8 {
        let mut seen = 0u64;
        for square in 0..64 {
            seen |= 1 << transform_square(square, symmetry);
        }
        assert_eq!(seen, !0);
    }
    assert_eq!(transform(START_BLACK, 1), START_WHITE);
}

#[test]
fn notation_round_trips() {
    for i in 0..64 {
        let mv = Move::square(i).unwrap();
        assert_eq!(Move::parse(&mv.to_string()), Some(mv));
    }
    assert_eq!(Move::PASS.to_string(), "pass");
    assert_eq!(Move::parse("a9"), None);
    assert_eq!(Move::parse(""), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games to their end: at every position both boards give the
    /// same moves, the same key and the same discs, and a move's result
    /// agrees.
    #[test]
    fn both_boards_agree_along_random_games(choices in proptest::collection::vec(any::<u16>(), 70)) {
        let mut bits = Othello::start();
        let mut array = ArrayBoard::start();
        let (mut from_bits, mut from_array) = (Vec::new(), Vec::new());
        for choice in choices {
            bits.legal_moves(&mut from_bits);
            array.legal_moves(&mut from_array);
            prop_assert_eq!(&from_bits, &from_array);
            prop_assert_eq!(bits.key(), array.key());
            prop_assert_eq!((bits.black(), bits.white()), (array.black(), array.white()));
            prop_assert_eq!(bits.count_leaves(&mut Vec::new()), from_bits.len() as u64);
            if from_bits.is_empty() {
                prop_assert!(bits.is_over());
                break;
            }
            let mv = from_bits[usize::from(choice) % from_bits.len()];
            bits = bits.play(mv);
            array = array.play(mv);
        }
    }
}
