use super::lookup::{bell, neutral};
use super::*;
use crate::engine::chess::key_checks;
use crate::engine::chess::x88::X88Board;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
/// The chessprogramming wiki's position 6, to which 46, 2079, 89890 and
/// 3894594 belong (the brief drops the bishop on g4 and puts the a-pawn on
/// a2; that position has 45 moves and 75352 leaves at depth 3).
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// Bell's Fig. 3.1(b), a two-move mate for White, read from his Fig.
/// 3.1(c)-(f) and the move list of Fig. 3.2 (the diagram itself is not
/// legible in the OCR text).
const FIG_3_1: &str = "B4N2/2B5/5p2/R2nqkP1/3p1p1P/1N1p1P2/1K1P1Q2/8 w - - 0 1";

fn board(fen: &str) -> ArrayBoard {
    ArrayBoard::from_setup(&Setup::from_fen(fen).expect("a valid FEN"))
}

#[test]
fn squares_convert_at_the_boundary() {
    for s in Square::all() {
        assert!((1..=64).contains(&bell(s)));
        assert_eq!(neutral(bell(s)), s);
    }
    assert_eq!(bell("a1".parse().unwrap()), 1);
    assert_eq!(bell("h1".parse().unwrap()), 8);
    assert_eq!(bell("a8".parse().unwrap()), 57);
}

#[test]
fn setup_fills_both_boards_and_piece_lists() {
    let b = board(FIG_3_1);
    // Fig. 3.1(e) and (f): the men, a1 first.
    assert_eq!(b.piece[0][..12], [11, 10, 12, 14, 18, 22, 32, 33, 39, 51, 57, 62]);
    assert_eq!(b.piece[1][..8], [7, 20, 28, 30, 36, 37, 38, 46]);
    // Fig. 3.1(c) and (d): the codes, printed rank 8 first.
    let printed = |side: usize| -> Vec<u8> {
        (0..8).rev().flat_map(|rank| (1..=8).map(move |file| rank * 8 + file)).map(|s| b.men[side][s]).collect()
    };
    let nonzero = |v: Vec<u8>| v.into_iter().filter(|&c| c != 0).collect::<Vec<u8>>();
    assert_eq!(nonzero(printed(0)), [3, 2, 3, 4, 1, 1, 2, 1, 6, 1, 5]);
    assert_eq!(nonzero(printed(1)), [1, 2, 5, 6, 1, 1, 1]);
    assert_eq!(b.men[0][65] | b.men[1][65] | b.men[0][0] | b.men[1][0], 0);
    assert_eq!(b.to_setup(), Setup::from_fen(FIG_3_1).unwrap());
}

/// Bell's Fig. 3.2: White's moves in Fig. 3.1(b), man by man, last man of
/// the list first, each man's targets in table order.
#[test]
fn generator_reproduces_fig_3_2() {
    let fig_3_2: [(u8, &[u8]); 9] = [
        (62, &[56, 47, 45, 52]),
        (57, &[50, 43, 36]),
        (51, &[60, 42, 58, 44, 37]),
        (39, &[47, 46]),
        (33, &[34, 35, 36, 41, 49, 25, 17, 9, 1]),
        (32, &[40]),
        (18, &[35, 28, 3, 1]),
        (14, &[15, 16, 13, 6, 23, 5, 21, 28, 7]),
        (10, &[1, 2, 3, 9, 11, 17, 19]),
    ];
    let expected: Vec<(u8, u8)> =
        fig_3_2.iter().flat_map(|&(from, targets)| targets.iter().map(move |&to| (from, to))).collect();
    let mut moves = MoveList::new();
    board(FIG_3_1).pseudo_legal(&mut moves);
    let listed: Vec<(u8, u8)> = moves.iter().map(|m| (bell(m.from()), bell(m.to()))).collect();
    assert_eq!(listed, expected);
    // "the king cannot move to squares 11 or 19": the king-capture test
    // removes exactly those two.
    let mut legal = MoveList::new();
    board(FIG_3_1).legal_moves(&mut legal);
    let dropped: Vec<(u8, u8)> = listed
        .iter()
        .copied()
        .filter(|&(f, t)| !legal.iter().any(|m| (bell(m.from()), bell(m.to())) == (f, t)))
        .collect();
    assert_eq!(dropped, [(10, 11), (10, 19)]);
}

/// Whether the side to move can force mate in `n` of its moves.
fn mates_in(b: &mut ArrayBoard, n: u32) -> bool {
    let mut moves = MoveList::new();
    b.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let undo = b.make(m);
        let mut replies = MoveList::new();
        b.legal_moves(&mut replies);
        let forced = if replies.is_empty() {
            b.is_check()
        } else {
            n > 1
                && replies.iter().all(|&r| {
                    let back = b.make(r);
                    let mated = mates_in(b, n - 1);
                    b.unmake(r, back);
                    mated
                })
        };
        b.unmake(m, undo);
        forced
    })
}

#[test]
fn fig_3_1_is_a_two_move_mate() {
    let mut b = board(FIG_3_1);
    assert!(!mates_in(&mut b, 1));
    assert!(mates_in(&mut b, 2));
}

#[test]
fn a_captured_man_leaves_the_list_and_comes_back() {
    let mut b = board("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let before = b.clone();
    let m = Move::new("e4".parse().unwrap(), "d5".parse().unwrap(), MoveKind::Capture);
    let undo = b.make(m);
    assert_eq!(b.piece[1][..3], [2, 0, 61], "the black pawn's entry is cleared");
    assert_eq!(b.piece[0][..3], [2, 5, 36]);
    b.unmake(m, undo);
    assert_eq!(b, before);
}

/// The two ways of asking Bell's question agree: from the target outward
/// ([`ArrayBoard::attacked`]) and man by man ([`ArrayBoard::reachers`]),
/// for both sides and every square, at every node of a two-ply walk.
#[test]
fn both_ways_of_asking_agree() {
    fn check(b: &mut ArrayBoard, depth: u32) {
        for by in 0..2 {
            for target in 1..=64u8 {
                assert_eq!(b.attacked(by, target), b.reachers(by, target) != 0, "{b:?} side {by} square {target}");
            }
        }
        if depth == 0 {
            return;
        }
        let mut moves = MoveList::new();
        b.legal_moves(&mut moves);
        for &m in moves.iter() {
            let undo = b.make(m);
            check(b, depth - 1);
            b.unmake(m, undo);
        }
    }
    for fen in [Setup::STARTING_FEN, KIWIPETE, POSITION_3, POSITION_4, POSITION_5, POSITION_6, FIG_3_1] {
        check(&mut board(fen), 2);
    }
}

/// The node breakdown (captures, en passant, castles, checks, discovered
/// and double checks, mates) equals the 0x88 board's, and for Kiwipete at
/// depth 3 the chessprogramming wiki's published row.
#[test]
fn perft_stats_agree() {
    use crate::engine::chess::perft_stats;
    for (fen, depth) in [(KIWIPETE, 3), (POSITION_3, 3), (POSITION_4, 2), (POSITION_5, 2)] {
        let setup = Setup::from_fen(fen).expect("a valid FEN");
        let ours = perft_stats(&mut ArrayBoard::from_setup(&setup), depth);
        let reference = perft_stats(&mut X88Board::from_setup(&setup), depth);
        assert_eq!(ours, reference, "{fen}");
    }
    let kiwipete = perft_stats(&mut board(KIWIPETE), 3)[2];
    let row = (kiwipete.nodes, kiwipete.captures, kiwipete.en_passant, kiwipete.castles, kiwipete.promotions);
    assert_eq!(row, (97_862, 17_102, 45, 3_162, 0));
    assert_eq!((kiwipete.checks, kiwipete.checkmates), (993, 1));
}

/// [`Board::key_after`] is the key of the position after the move, at
/// every node of three-ply walks from the standard positions.
#[test]
fn key_after_is_the_key_after_the_move_on_every_node() {
    key_checks::walks::<ArrayBoard>(&key_checks::STANDARD, 3);
}

/// The same through Chess960 castling (rights on odd files, the king
/// castling onto its own square) and through en passant, promotions and
/// captures of rooks that hold a right.
#[test]
fn key_after_holds_for_chess960_and_special_moves() {
    key_checks::walks::<ArrayBoard>(&key_checks::CHESS960, 3);
    key_checks::walks::<ArrayBoard>(&key_checks::SPECIAL, 3);
}

/// The same at every ply of random games.
#[test]
fn key_after_holds_through_random_games() {
    key_checks::random_games::<ArrayBoard>();
}
