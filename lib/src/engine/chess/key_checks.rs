//! What every representation's unit tests check of [`Board::key_after`]:
//! at every node, for every legal move, the key the board works out from
//! the move is the key ([`zobrist`]) of the position after it. Each
//! representation's `tests` module runs these over the positions below.

use super::zobrist::zobrist;
use super::{Board, MoveList, Setup};
use crate::engine::rng::SplitMix;

/// The start position, Kiwipete and the chessprogramming wiki's positions
/// 3 to 6.
pub(super) const STANDARD: [&str; 6] = [
    Setup::STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Chess960 positions, whose castling rights hash their rooks' files: the
/// first three are the bitboard tests' (rights on the f and b files); in
/// the last two the king castles onto or past its own square (xfen-00 and
/// xfen-04 of the Chess960 suite).
pub(super) const CHESS960: [&str; 5] = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
];

/// Positions of the moves that change the key the most ways at once: en
/// passant (also taking a checking pawn), promotions with and without a
/// capture, captures of rooks that still hold a right, castling.
pub(super) const SPECIAL: [&str; 6] = [
    "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
    "1r2k3/P1P5/8/8/8/8/6p1/4K2R b K - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "rn2k2r/8/8/8/8/8/8/R3K1NR b KQkq - 0 1",
];

/// How many moves of each special kind were checked: en passant,
/// promotion, castle.
type Seen = [u32; 3];

/// Checks the keys ([`check_keys`]) at every node of a `depth`-ply walk
/// from each of `fens`.
pub(super) fn walks<B: Board>(fens: &[&str], depth: u32) {
    for fen in fens {
        let mut board = B::from_setup(&Setup::from_fen(fen).expect("a valid test FEN"));
        let checked = check_keys(&mut board, depth, &mut Seen::default());
        assert!(checked > 0, "{}: no move checked from {fen}", B::REPR);
    }
}

/// Checks every legal move of every node of a `depth`-ply walk from
/// `board`: [`Board::key_after`] of the node's key is `Some` key of the
/// position after the move, and the board is restored. Counts the special
/// moves checked into `seen`; returns the number of moves checked.
fn check_keys<B: Board>(board: &mut B, depth: u32, seen: &mut Seen) -> u64 {
    if depth == 0 {
        return 0;
    }
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let key = board.zobrist();
    let mut checked = 0;
    for &m in moves.iter() {
        seen[0] += u32::from(m.is_en_passant());
        seen[1] += u32::from(m.promotion().is_some());
        seen[2] += u32::from(m.is_castle());
        let before = board.clone();
        let after = board.key_after(m, key);
        let undo = board.make(m);
        assert_eq!(after, Some(zobrist(&board.to_setup())), "{}: the key after {m:?} from {before:?}", B::REPR);
        checked += 1 + check_keys(board, depth - 1, seen);
        board.unmake(m, undo);
        assert_eq!(*board, before, "{}: unmake of {m:?}", B::REPR);
    }
    checked
}

/// Plays twelve random games (a fixed seed) of at most 150 plies from each
/// standard and Chess960 position, checking the keys of every legal move at
/// every ply ([`check_keys`] one ply deep): they reach endings, promotions,
/// en passant captures and lost rights that short walks do not, and each
/// of these is checked more than ten times.
pub(super) fn random_games<B: Board>() {
    let mut rng = SplitMix::new(0x5eed);
    let mut played = 0;
    let mut seen = Seen::default();
    for fen in STANDARD.into_iter().chain(CHESS960) {
        for _ in 0..12 {
            let mut board = B::from_setup(&Setup::from_fen(fen).expect("a valid test FEN"));
            for _ in 0..150 {
                check_keys(&mut board, 1, &mut seen);
                let mut moves = MoveList::new();
                board.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                board.make(moves[rng.below(moves.len())]);
                played += 1;
            }
        }
    }
    assert!(played > 5_000, "{}: {played} plies", B::REPR);
    assert!(seen.iter().all(|&n| n > 10), "{}: en passant, promotions, castles checked: {seen:?}", B::REPR);
}
