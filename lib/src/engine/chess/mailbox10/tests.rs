//! Unit tests of the array geometry and of the setup round trip. The
//! published counts, the oracle, make/unmake and the colour flip are in
//! `lib/tests/suite/chess_conformance.rs`.

use super::geometry::{BORDER, CELLS, DIAGONAL, EMPTY, EMPTY_BOARD, JUMPS, KING_STEPS, ORTHOGONAL, SQUARE, cell, step};
use super::*;
use crate::engine::chess::key_checks;
use crate::engine::chess::{Board, Setup, Square};

const START: &str = Setup::STARTING_FEN;
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
/// Edwards's position, as the chessprogramming wiki's "Perft Results" page
/// gives it (with the black bishop on g4 and the white pawn on a3).
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
const POSITIONS: [&str; 6] = [START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5, POSITION_6];

fn on_board(c: usize) -> bool {
    (1..=8).contains(&(c / 10)) && (1..=8).contains(&(c % 10))
}

#[test]
fn cells_and_squares_correspond() {
    for s in Square::all() {
        let c = cell(s) as usize;
        assert!(on_board(c), "{s} -> {c}");
        assert_eq!(SQUARE[c], s);
        assert_eq!(EMPTY_BOARD[c], EMPTY);
    }
    assert_eq!(cell("a1".parse().unwrap()), 11);
    assert_eq!(cell("h8".parse().unwrap()), 88);
    assert_eq!(EMPTY_BOARD.iter().filter(|&&c| c == BORDER).count(), CELLS - 64);
}

#[test]
fn every_step_from_a_board_cell_stays_in_the_array() {
    for c in (0..CELLS).filter(|&c| on_board(c)) {
        for d in KING_STEPS.into_iter().chain(ORTHOGONAL).chain(DIAGONAL) {
            let to = c as i32 + i32::from(d);
            assert!((0..CELLS as i32).contains(&to), "{c} + {d}");
            // `step` agrees with the wide arithmetic wherever it is used.
            assert_eq!(i32::from(step(c as u8, d)), to);
            // A step that leaves the board lands on the boundary.
            let (file, rank) = (c % 10, c / 10);
            let (df, dr) = ((d + 55) % 10 - 5, (d + 55) / 10 - 5);
            let inside = (1..=8).contains(&(file as i8 + df)) && (1..=8).contains(&(rank as i8 + dr));
            assert_eq!(on_board(to as usize), inside, "{c} + {d}");
        }
    }
}

#[test]
fn double_pushes_stay_in_the_array() {
    // Only from the second rank up and the seventh rank down.
    for file in 1..=8u8 {
        assert!(on_board(usize::from(step(20 + file, 20))));
        assert!(on_board(usize::from(step(70 + file, -20))));
    }
}

#[test]
fn knight_jumps_are_board_cells_and_symmetric() {
    let mut total = 0;
    for (c, jumps) in JUMPS.iter().enumerate() {
        let jumps = jumps.cells();
        if !on_board(c) {
            assert!(jumps.is_empty());
            continue;
        }
        total += jumps.len();
        for &j in jumps {
            assert!(on_board(j as usize), "{c} -> {j}");
            let (df, dr) = ((c % 10).abs_diff(j as usize % 10), (c / 10).abs_diff(j as usize / 10));
            assert!((df, dr) == (1, 2) || (df, dr) == (2, 1), "{c} -> {j}");
            assert!(JUMPS[j as usize].cells().contains(&(c as u8)));
        }
    }
    // The number of knight moves on an empty board, counted both ways.
    assert_eq!(total, 336);
    // The corners: the jumps that would leave the 10x10 array are absent.
    assert_eq!(JUMPS[11].cells().len(), 2);
    assert_eq!(JUMPS[88].cells().len(), 2);
}

#[test]
fn setup_round_trips() {
    for fen in POSITIONS {
        let setup = Setup::from_fen(fen).unwrap();
        let expected = setup.clone().with_clocks(0, 1);
        assert_eq!(Mailbox10Board::from_setup(&setup).to_setup(), expected, "{fen}");
    }
    let ep = Setup::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").unwrap();
    assert_eq!(Mailbox10Board::from_setup(&ep).to_setup().en_passant(), Some("e3".parse().unwrap()));
}

/// [`Board::key_after`] is the key of the position after the move, at
/// every node of three-ply walks from the standard positions.
#[test]
fn key_after_is_the_key_after_the_move_on_every_node() {
    key_checks::walks::<Mailbox10Board>(&key_checks::STANDARD, 3);
}

/// The same through Chess960 castling (rights on odd files, the king
/// castling onto its own square) and through en passant, promotions and
/// captures of rooks that hold a right.
#[test]
fn key_after_holds_for_chess960_and_special_moves() {
    key_checks::walks::<Mailbox10Board>(&key_checks::CHESS960, 3);
    key_checks::walks::<Mailbox10Board>(&key_checks::SPECIAL, 3);
}

/// The same at every ply of random games.
#[test]
fn key_after_holds_through_random_games() {
    key_checks::random_games::<Mailbox10Board>();
}
