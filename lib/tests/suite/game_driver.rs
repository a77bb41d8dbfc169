//! The generic perft driver (`engine::game`) by copy (`Game`) against the
//! in-place walk (`GameMut`) that the checkers and Go entry points
//! (`checkers::Counter`, `checkers::divide`, `go::run_perft`, `go::divide`)
//! count by: the same counts on several positions, depths,
//! representations and conventions, on one thread and on two with a table.

use plybench::engine::checkers::{self, Counter, Counting, Repr as CheckersRepr};
use plybench::engine::game::{self, Driver, Game, GameMut};
use plybench::engine::go::{self, Passing, Repr as GoRepr, Size};
use plybench::engine::progress::Progress;

/// The plain walk, and two threads with a table, on `root`.
fn both_ways<G: Game>(root: &G, depth: u32) -> (u128, u128) {
    let mut driver = Driver::new(2, 2).unwrap();
    (game::perft(root, depth), driver.perft(root, depth, Progress::NONE).unwrap())
}

/// The in-place walk, plain and with a caller's table, and two threads with
/// a table, on `root`.
fn in_place<M: GameMut>(root: &M, depth: u32) -> [u128; 3] {
    let mut driver = Driver::new(2, 2).unwrap();
    let table = plybench::engine::table::PerftTable::with_entries(64).unwrap();
    [
        game::perft_mut(&mut root.clone(), depth),
        game::perft_mut_in(&mut root.clone(), depth, &table),
        driver.perft_mut(root, depth, Progress::NONE).unwrap(),
    ]
}

#[test]
fn checkers_counts_are_the_checkers_drivers() {
    let positions = [
        checkers::Position::start(),
        "W:WK2,21,22,23,25,27,28,29,30,31,32:B1,4,5,6,7,8,12,14,15".parse().unwrap(),
        "B:WK10,K19,27,26:BK24,K3,6".parse().unwrap(),
    ];
    let mut counter = Counter::new(1, 0).unwrap();
    for position in &positions {
        for counting in Counting::ALL {
            for depth in [1, 3, 5, 7] {
                let expected = counter.run(CheckersRepr::Bitboard, position, depth, counting, false).unwrap().nodes;
                let expected = u128::from(expected);
                let table = game::Driver::new(1, 1).unwrap().perft(
                    &checkers::Driven::<checkers::bell_table::TableBoard>::new(position, counting),
                    depth,
                    Progress::NONE,
                );
                assert_eq!(table.unwrap(), expected, "{position:?} {counting:?} {depth}");
                let samuel = checkers::Driven::<checkers::samuel::SamuelBoard>::new(position, counting);
                assert_eq!(game::perft(&samuel, depth), expected);
                let bits = checkers::Driven::<checkers::bitboard::BitBoard>::new(position, counting);
                assert_eq!(both_ways(&bits, depth), (expected, expected), "{position:?} {counting:?} {depth}");
                assert_eq!(in_place(&samuel, depth), [expected; 3], "{position:?} {counting:?} {depth}");
            }
        }
    }
    // Divide, root move by root move.
    let start = checkers::Position::start();
    let mut board = checkers::bitboard::BitBoard::from_position(&start);
    let expected = checkers::divide(&mut board, 6, Counting::Paths);
    let driven = checkers::Driven::<checkers::bitboard::BitBoard>::new(&start, Counting::Paths);
    let got = Driver::new(2, 1).unwrap().divide(&driven, 6, Progress::NONE).unwrap();
    assert_eq!(got.iter().map(|&(m, n)| (m, n as u64)).collect::<Vec<_>>(), expected);
}

use plybench::engine::checkers::Board as _;

#[test]
fn go_counts_are_the_go_drivers() {
    let positions = [
        go::Position::empty(Size::square(5).unwrap()),
        go::Position::empty(Size::new(4, 3).unwrap()),
        "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        to-move black
        "
        .parse()
        .unwrap(),
    ];
    for position in &positions {
        for passing in [Passing::Allowed, Passing::Excluded] {
            for depth in [1, 2, 3, 4] {
                let expected =
                    u128::from(go::run_perft(GoRepr::Bitboard, position, depth, passing, false).unwrap().nodes);
                let array = go::Driven::<go::array::ArrayBoard>::new(position, passing);
                assert_eq!(game::perft(&array, depth), expected, "{passing:?} {depth}");
                let bits = go::Driven::<go::bitboard::BitBoard>::new(position, passing);
                assert_eq!(both_ways(&bits, depth), (expected, expected), "{passing:?} {depth}");
                assert_eq!(in_place(&array, depth), [expected; 3], "{passing:?} {depth}");
            }
        }
    }
    let empty = go::Position::empty(Size::square(5).unwrap());
    let mut board = go::array::ArrayBoard::from_position(&empty);
    use plybench::engine::go::Board as _;
    let expected = go::divide(&mut board, 3, Passing::Allowed);
    let got = game::divide(&go::Driven::<go::array::ArrayBoard>::new(&empty, Passing::Allowed), 3);
    assert_eq!(got.iter().map(|&(m, n)| (m, n as u64)).collect::<Vec<_>>(), expected);
}
