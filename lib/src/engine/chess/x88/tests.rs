//! Unit tests of the 0x88 board: square mapping, the difference tables,
//! piece lists through make/unmake, and legal generation against the
//! make-and-test filter.

use super::geometry::{DIAGONAL, KNIGHT, LINE_STEP, REACH, STRAIGHT, diff, off_board, step, to_square, to_x88};
use super::*;
use crate::engine::chess::key_checks;
use crate::engine::chess::{Board, Move, MoveList, Setup, Square};

#[test]
fn square_conversions_round_trip() {
    for s in Square::all() {
        let x = to_x88(s);
        assert!(!off_board(x));
        assert_eq!(to_square(x), s);
    }
    assert!(off_board(step(0x07, 1)));
    assert!(off_board(step(0x00, -1)));
    assert!(off_board(step(0x70, 33)));
}

#[test]
fn difference_tables_name_lines_and_jumps() {
    let sq = |s: &str| to_x88(s.parse().unwrap());
    // a1 to h8: a diagonal walked by +17.
    assert_eq!(REACH[diff(sq("a1"), sq("h8"))] & DIAGONAL, DIAGONAL);
    assert_eq!(LINE_STEP[diff(sq("a1"), sq("h8"))], 17);
    // h1 to a1: a rank walked by -1.
    assert_eq!(REACH[diff(sq("h1"), sq("a1"))] & STRAIGHT, STRAIGHT);
    assert_eq!(LINE_STEP[diff(sq("h1"), sq("a1"))], -1);
    // g1 to f3: a knight's jump, on no line.
    assert_eq!(REACH[diff(sq("g1"), sq("f3"))], KNIGHT);
    assert_eq!(LINE_STEP[diff(sq("g1"), sq("f3"))], 0);
    // a1 to b3 is neither line nor jump... it is a jump; a1 to c4 is nothing.
    assert_eq!(REACH[diff(sq("a1"), sq("c4"))], 0);
}

/// Every move of every position a few plies from `fen`: the legal list
/// must be the pseudo-legal moves that leave the king safe, and make/unmake
/// must restore board and piece lists.
fn check_tree(board: &mut X88Board, depth: u32) {
    let mut legal = MoveList::new();
    board.legal_moves(&mut legal);
    let mut pseudo = MoveList::new();
    board.pseudo_legal_moves(&mut pseudo);
    let mut filtered: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| {
            let undo = board.make(m);
            let ok = !board.mover_king_attacked();
            board.unmake(m, undo);
            ok
        })
        .collect();
    let mut listed = legal.to_vec();
    filtered.sort_by_key(|m| m.bits());
    listed.sort_by_key(|m| m.bits());
    assert_eq!(listed, filtered, "{board:?}");
    assert_eq!(board.count_legal(), listed.len() as u64, "{board:?}");
    if depth == 0 {
        return;
    }
    for &m in legal.iter() {
        let before = board.clone();
        let undo = board.make(m);
        check_tree(board, depth - 1);
        board.unmake(m, undo);
        assert_eq!(*board, before, "{m:?}");
        assert_eq!(board.lists, before.lists, "{m:?}");
    }
}

#[test]
fn legal_generation_agrees_with_make_and_test() {
    for fen in [
        Setup::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // En passant that would uncover a rank check.
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    ] {
        let mut board = X88Board::from_setup(&Setup::from_fen(fen).unwrap());
        check_tree(&mut board, 2);
    }
}

/// [`Board::key_after`] is the key of the position after the move, at
/// every node of three-ply walks from the standard positions.
#[test]
fn key_after_is_the_key_after_the_move_on_every_node() {
    key_checks::walks::<X88Board>(&key_checks::STANDARD, 3);
}

/// The same through Chess960 castling (rights on odd files, the king
/// castling onto its own square) and through en passant, promotions and
/// captures of rooks that hold a right.
#[test]
fn key_after_holds_for_chess960_and_special_moves() {
    key_checks::walks::<X88Board>(&key_checks::CHESS960, 3);
    key_checks::walks::<X88Board>(&key_checks::SPECIAL, 3);
}

/// The same at every ply of random games.
#[test]
fn key_after_holds_through_random_games() {
    key_checks::random_games::<X88Board>();
}
