use super::lookup::{bell, neutral};
use super::*;
use crate::engine::chess::{perft, x88::X88Board};

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

/// Every node of a `depth`-ply walk: checkers, position and make/unmake
/// (bit for bit) against the 0x88 board at every node, legal move sets at
/// every node that has children, so every move of the walk is checked. The
/// `#[ignore]`d walk one ply deeper checks the move sets of the leaves too.
fn walk(a: &mut ArrayBoard, x: &mut X88Board, depth: u32) -> u64 {
    assert_eq!(a.checkers(), x.checkers(), "checkers of {a:?}");
    assert_eq!(a.to_setup(), x.to_setup());
    if depth == 0 {
        return 1;
    }
    let mut ours = MoveList::new();
    let mut reference = MoveList::new();
    a.legal_moves(&mut ours);
    x.legal_moves(&mut reference);
    let mut left: Vec<u16> = ours.iter().map(|m| m.bits()).collect();
    let mut right: Vec<u16> = reference.iter().map(|m| m.bits()).collect();
    left.sort_unstable();
    right.sort_unstable();
    assert_eq!(left, right, "legal moves of {a:?}");
    let mut nodes = 0;
    for &m in ours.iter() {
        let before = a.clone();
        let undo = a.make(m);
        let x_undo = x.make(m);
        nodes += walk(a, x, depth - 1);
        a.unmake(m, undo);
        x.unmake(m, x_undo);
        assert_eq!(*a, before, "make/unmake of {m} from {before:?}");
    }
    nodes
}

fn differential(fen: &str, depth: u32, leaves: u64) {
    let setup = Setup::from_fen(fen).expect("a valid FEN");
    let mut a = ArrayBoard::from_setup(&setup);
    let mut x = X88Board::from_setup(&setup);
    assert_eq!(walk(&mut a, &mut x, depth), leaves, "{fen}");
}

#[test]
fn agrees_with_x88_start() {
    differential(Setup::STARTING_FEN, 3, 8_902);
}

#[test]
fn agrees_with_x88_kiwipete() {
    differential(KIWIPETE, 3, 97_862);
}

#[test]
fn agrees_with_x88_position_3() {
    differential(POSITION_3, 3, 2_812);
}

#[test]
fn agrees_with_x88_position_4() {
    differential(POSITION_4, 3, 9_467);
}

#[test]
fn agrees_with_x88_position_5() {
    differential(POSITION_5, 3, 62_379);
}

#[test]
fn agrees_with_x88_position_6() {
    differential(POSITION_6, 3, 89_890);
}

#[test]
fn perft_start_depth_4() {
    assert_eq!(perft(&mut board(Setup::STARTING_FEN), 4), 197_281);
}

#[test]
fn perft_kiwipete_depth_3() {
    assert_eq!(perft(&mut board(KIWIPETE), 3), 97_862);
}

#[test]
fn perft_position_3_depth_4() {
    assert_eq!(perft(&mut board(POSITION_3), 4), 43_238);
}

#[test]
fn perft_position_4_depth_3() {
    assert_eq!(perft(&mut board(POSITION_4), 3), 9_467);
}

#[test]
fn perft_position_5_depth_3() {
    assert_eq!(perft(&mut board(POSITION_5), 3), 62_379);
}

#[test]
fn perft_position_6_depth_3() {
    assert_eq!(perft(&mut board(POSITION_6), 3), 89_890);
}

/// Special moves in isolation: en passant exposing the king along the rank
/// is refused, castling through an attacked square is refused, all four
/// promotions are listed.
#[test]
fn special_moves() {
    let uci = |fen: &str| -> Vec<String> {
        let mut moves = MoveList::new();
        board(fen).legal_moves(&mut moves);
        let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    };
    // The b5 pawn may not take c6 en passant: it would open the fifth rank
    // between the rook on h5 and the king on a5.
    let pinned = uci("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert!(!pinned.contains(&"b5c6".to_string()));
    let free = uci("8/8/8/1Pp4r/K7/8/8/7k w - c6 0 1");
    assert!(free.contains(&"b5c6".to_string()));
    // A black rook on f8 covers f1: no king-side castle; queen side is free.
    let castles = uci("5r2/6k1/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!castles.contains(&"e1g1".to_string()));
    assert!(castles.contains(&"e1c1".to_string()));
    // A rook on b8 attacks b1 only, which the king does not cross.
    assert!(uci("1r6/6k1/8/8/8/8/8/R3K2R w KQ - 0 1").contains(&"e1c1".to_string()));
    // In check: no castling at all.
    let checked = uci("4r3/6k1/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!checked.iter().any(|m| m == "e1g1" || m == "e1c1"));
    // Promotion, quiet and capturing, to all four pieces.
    let promotions = uci("1n5k/P7/8/8/8/8/8/7K w - - 0 1");
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"] {
        assert!(promotions.contains(&m.to_string()), "{m}");
    }
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

#[test]
#[ignore = "long in debug; run with --release -- --ignored"]
fn perft_deep() {
    assert_eq!(perft(&mut board(Setup::STARTING_FEN), 5), 4_865_609);
    assert_eq!(perft(&mut board(KIWIPETE), 4), 4_085_603);
    assert_eq!(perft(&mut board(POSITION_3), 5), 674_624);
    assert_eq!(perft(&mut board(POSITION_4), 4), 422_333);
    assert_eq!(perft(&mut board(POSITION_5), 4), 2_103_487);
    assert_eq!(perft(&mut board(POSITION_6), 4), 3_894_594);
}

#[test]
#[ignore = "long in debug; run with --release -- --ignored"]
fn agrees_with_x88_depth_4() {
    differential(Setup::STARTING_FEN, 4, 197_281);
    differential(KIWIPETE, 4, 4_085_603);
    differential(POSITION_3, 4, 43_238);
    differential(POSITION_4, 4, 422_333);
    differential(POSITION_5, 4, 2_103_487);
    differential(POSITION_6, 4, 3_894_594);
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
