//! A count that passes `u64` is refused, never printed wrapped.
//!
//! Reaching 2^64 leaves for real would take days, so these tests plant
//! large counts in a perft table: every position three plies deep is given
//! 2^56 - 1 leaves at the depth left, the most an entry holds. Their sum
//! passes `u64` (hundreds of them), and the drivers must saturate at
//! `u64::MAX`, which `check_count` refuses.

use plybench::engine::checkers::{self, Counting};
use plybench::engine::chess::{self, Board as _, MoveList, Setup};
use plybench::engine::limit::{LimitError, check_count};
use plybench::engine::table::PerftTable;

const HUGE: u64 = (1 << 56) - 1;

fn plant_chess(board: &mut chess::bitboard::BitboardBoard, plies: u32, depth_left: u32, table: &PerftTable) {
    if plies == 0 {
        table.store(board.zobrist(), depth_left, HUGE);
        return;
    }
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    for &m in moves.iter() {
        let undo = board.make(m);
        plant_chess(board, plies - 1, depth_left, table);
        board.unmake(m, undo);
    }
}

#[test]
fn chess_hashed_count_that_passes_u64_saturates_and_is_refused() {
    let table = PerftTable::new(64).unwrap();
    let mut board = chess::bitboard::BitboardBoard::from_setup(&Setup::starting());
    plant_chess(&mut board, 3, 2, &table);
    let nodes = chess::perft_hashed(&mut board, 5, &table);
    assert_eq!(nodes, u64::MAX, "8,902 paths of 2^56 - 1 leaves pass u64");
    assert_eq!(check_count(nodes, 5), Err(LimitError::CountOverflow { depth: 5 }));
    // Without the planted entries the same call counts perft(5).
    let fresh = PerftTable::new(1).unwrap();
    assert_eq!(check_count(chess::perft_hashed(&mut board, 5, &fresh), 5), Ok(4_865_609));
}

fn plant_checkers(board: &mut checkers::bitboard::BitBoard, plies: u32, depth_left: u32, table: &PerftTable) {
    use checkers::Board as _;
    if plies == 0 {
        table.store(checkers::zobrist::key(&board.position()), depth_left, HUGE);
        return;
    }
    let mut moves = Vec::new();
    board.generate(&mut moves);
    for mv in &moves {
        let undo = board.make(mv);
        plant_checkers(board, plies - 1, depth_left, table);
        board.unmake(mv, undo);
    }
}

#[test]
fn checkers_hashed_count_that_passes_u64_saturates_and_is_refused() {
    use checkers::Board as _;
    let table = PerftTable::new(16).unwrap();
    let mut board = checkers::bitboard::BitBoard::from_position(&checkers::Position::start());
    plant_checkers(&mut board, 3, 2, &table);
    let nodes = checkers::perft_hashed(&mut board, 5, Counting::Paths, &table);
    assert_eq!(nodes, u64::MAX, "302 paths of 2^56 - 1 leaves pass u64");
    assert!(check_count(nodes, 5).unwrap_err().to_string().contains("passes u64"));
    let fresh = PerftTable::new(1).unwrap();
    assert_eq!(check_count(checkers::perft_hashed(&mut board, 5, Counting::Paths, &fresh), 5), Ok(7_361));
}
