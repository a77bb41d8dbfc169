//! One conformance suite for every chess representation: each property is a
//! function generic over [`Board`], and [`conformance!`] makes one `#[test]`
//! per representation and property (`array::legal_moves_match_oracle`,
//! `bitboard::colour_flip_symmetry`, ...).
//!
//! The oracle is shakmaty, which shares no code with plybench. The suite
//! touches only the stable surface: [`Setup::from_fen`], [`Setup::to_fen`],
//! the [`Board`] trait, [`Move`]'s UCI notation, the perft drivers and the
//! datasets of `datasets/perft/`.
//!
//! What each representation's own `tests.rs` keeps is what only it has:
//! its geometry and tables, its piece lists, Bell's figures.

use std::sync::OnceLock;

use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::{Board, Move, MoveKind, MoveList, Role, Setup, Square, perft, perft_like_for_like};
use plybench::engine::rng::SplitMix;
use plybench::study::perft::published::{chess960_suite, edge_case_suite, standard_suite};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// One module per representation, one `#[test]` per property in it. The
/// deep variants are `#[ignore]`d: run them with
/// `cargo test --release -p plybench --test chess_conformance -- --ignored`.
macro_rules! conformance {
    ($($repr:ident: $board:ty),* $(,)?) => {$(
        mod $repr {
            use super::*;

            #[test]
            fn legal_moves_match_oracle() {
                super::legal_moves_match_oracle::<$board>();
            }

            #[test]
            fn make_unmake_round_trips() {
                super::make_unmake_round_trips::<$board>();
            }

            #[test]
            fn dataset_counts() {
                super::dataset_counts::<$board>(CI_NODE_BUDGET);
            }

            #[test]
            fn colour_flip_symmetry() {
                super::colour_flip_symmetry::<$board>();
            }

            #[test]
            fn chess960_matches_oracle() {
                super::chess960_matches_oracle::<$board>();
            }

            #[test]
            fn chess960_counts() {
                super::chess960_counts::<$board>(4);
            }

            #[test]
            #[ignore = "hours: every Chess960 count to depth 6; run with --release -- --ignored"]
            fn chess960_counts_deep() {
                super::chess960_counts::<$board>(6);
            }

            #[test]
            #[ignore = "minutes: every published count up to a billion nodes; run with --release -- --ignored"]
            fn dataset_counts_deep() {
                super::dataset_counts::<$board>(DEEP_NODE_BUDGET);
            }

            #[test]
            #[ignore = "a minute: the oracle at every node of the standard positions' 4-ply trees; run with --release -- --ignored"]
            fn legal_moves_match_oracle_deep() {
                super::oracle_on_dataset_trees::<$board>(standard_fens(), 4);
            }
        }
    )*};
}

conformance! {
    array: ArrayBoard,
    mailbox10: Mailbox10Board,
    x88: X88Board,
    bitboard: BitboardBoard,
}

/// Every published count up to this many nodes runs in CI.
const CI_NODE_BUDGET: u128 = 5_000_000;

/// The `#[ignore]`d runs go this far.
const DEEP_NODE_BUDGET: u128 = 1_000_000_000;

/// Positions that catch the usual bugs, walked three plies deep against the
/// oracle on top of the datasets' positions.
const SPECIAL_POSITIONS: [&str; 25] = [
    // En passant would open the fifth rank between rook and king: refused.
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
    "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
    "8/8/8/r2Pp2K/8/8/8/k7 w - e6 0 2",
    "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    // The same captures with nothing pinned: allowed.
    "8/8/8/1Pp4r/K7/8/8/7k w - c6 0 1",
    "8/8/8/K1pP4/8/8/8/7k w - c6 0 2",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    // En passant takes the checking pawn.
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    // En passant blocked by a diagonal pin.
    "8/8/1b6/2Pp4/8/4K3/8/7k w - d6 0 2",
    // An en passant square kept by from_setup and to_setup.
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    // Double check: only the king moves.
    "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1",
    "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1",
    // Castling through, out of and into attacked squares.
    "5r2/6k1/8/8/8/8/8/R3K2R w KQ - 0 1",
    "1r6/6k1/8/8/8/8/8/R3K2R w KQ - 0 1",
    "4r3/6k1/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
    // Promotions, quiet and capturing, to all four pieces; one pawn pinned.
    "1n5k/P7/8/8/8/8/8/7K w - - 0 1",
    "r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1",
    "1r2k3/P1P5/8/8/8/8/6p1/4K2R b K - 0 1",
    "3rk3/2P5/8/8/8/8/8/3K4 w - - 0 1",
    // Bell's Fig. 3.1(b), a two-move mate (the array board's own figure).
    "B4N2/2B5/5p2/R2nqkP1/3p1p1P/1N1p1P2/1K1P1Q2/8 w - - 0 1",
    // Castling rights that a rook capture on its corner removes.
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
];

// ---------------------------------------------------------------------------
// The properties.

/// The legal moves (with their kinds), the checkers, the position handed
/// back by `to_setup` and `count_legal` agree with the oracle at every node
/// of the datasets' and the special positions' 3-ply trees, and at every
/// node of seeded random playouts; there the moves are also played on the
/// board under test in step with the oracle, the pseudo-legal moves
/// filtered by the king test are the legal ones, and perft(3) of every
/// eighth position equals the oracle's.
fn legal_moves_match_oracle<B: Board>() {
    let mut fens = dataset_fens();
    fens.extend(SPECIAL_POSITIONS.map(String::from));
    oracle_on_dataset_trees::<B>(fens, 3);

    let playouts = playouts();
    let (positions, special) = (&playouts.positions, playouts.special);
    assert!(positions.len() > 5_000, "{} positions", positions.len());
    let [promotions, en_passant, castles, checks] = special;
    assert!(
        promotions > 50 && en_passant > 20 && castles > 20 && checks > 50,
        "promotions, en passant, castles, checks: {special:?}"
    );
    // Built afresh from each position's FEN.
    for fen in positions {
        let mut board = B::from_setup(&setup(fen));
        let pos = oracle(fen);
        check_node(&mut board, &pos);
        pseudo_legal_filtered_is_legal(&mut board, fen);
    }
    // Played in step with the oracle, game by game.
    for game in &playouts.games {
        let mut board = B::from_setup(&setup(&game.start));
        let mut pos = oracle(&game.start);
        for m in &game.moves {
            let ours = oracle_move(m);
            let mut legal = MoveList::new();
            board.legal_moves(&mut legal);
            assert!(legal.contains(&ours), "{:?}: {ours:?} not legal in {}", B::REPR, fen_of(&pos));
            board.make(ours);
            pos.play_unchecked(m);
            check_node(&mut board, &pos);
        }
    }
    for fen in positions.iter().step_by(8) {
        let mut board = B::from_setup(&setup(fen));
        assert_eq!(perft(&mut board, 3), shakmaty::perft(&oracle(fen), 3), "{:?} perft(3) of {fen}", B::REPR);
    }
}

/// Make then unmake restores the board bit for bit, for every move at
/// every node of 4-ply trees (5 for the pawn ending), of the datasets' and
/// the special positions' 2-ply trees, and of every random playout
/// position.
fn make_unmake_round_trips<B: Board>() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut board = B::from_setup(&setup(fen));
        let depth = if fen.starts_with("8/") { 5 } else { 4 };
        assert!(round_trip_walk(&mut board, depth) > 40_000, "{fen}");
    }
    let mut fens = dataset_fens();
    fens.extend(SPECIAL_POSITIONS.map(String::from));
    for fen in &fens {
        round_trip_walk(&mut B::from_setup(&setup(fen)), 2);
    }
    for fen in &playouts().positions {
        round_trip_walk(&mut B::from_setup(&setup(fen)), 1);
    }
}

/// Every count of `datasets/perft/standard.epd` and `edge-cases.epd` up to
/// `budget` nodes with the bulk-counting driver, and up to 200 000 with the
/// like-for-like driver (which must leave the board as it found it).
fn dataset_counts<B: Board>(budget: u128) {
    let mut checked = 0;
    for entry in standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()) {
        for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= budget) {
            let mut board = B::from_setup(&setup(&entry.fen));
            assert_eq!(u128::from(perft(&mut board, depth)), expected, "{:?} perft({depth}) of {}", B::REPR, entry.fen);
            checked += 1;
        }
    }
    assert!(checked > 80, "{checked} counts checked");

    let mut checked = 0;
    for entry in standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()) {
        for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= 200_000) {
            let mut board = B::from_setup(&setup(&entry.fen));
            let before = board.clone();
            assert_eq!(
                u128::from(perft_like_for_like(&mut board, depth)),
                expected,
                "{:?} like-for-like perft({depth}) of {}",
                B::REPR,
                entry.fen
            );
            assert_eq!(board, before, "{:?} like-for-like perft({depth}) of {}", B::REPR, entry.fen);
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} counts checked");
}

/// Mirroring the board top to bottom and swapping the colours (the FEN
/// rewritten by [`mirror_fen`]) changes nothing but the names: the mirrored
/// legal moves, the mirrored checkers and position, the published counts
/// (up to 200 000 nodes) of every dataset position, and perft(3) of random
/// playout positions.
fn colour_flip_symmetry<B: Board>() {
    let mut fens = dataset_fens();
    fens.extend(SPECIAL_POSITIONS.map(String::from));
    for fen in &fens {
        let mirrored = mirror_fen(fen);
        assert_eq!(mirror_fen(&mirrored), *fen, "mirroring twice");
        let mut board = B::from_setup(&setup(fen));
        let mut flipped = B::from_setup(&setup(&mirrored));
        let mut expected: Vec<String> = uci_moves(&mut board).iter().map(|m| mirror_uci(m)).collect();
        expected.sort();
        assert_eq!(uci_moves(&mut flipped), expected, "{:?} legal moves of {mirrored}", B::REPR);
        assert_eq!(flipped.checkers(), board.checkers().swap_bytes(), "{:?} checkers of {mirrored}", B::REPR);
        assert_eq!(position_fields(&flipped), position_fields_of(&mirrored), "{:?} {mirrored}", B::REPR);
    }
    let mut checked = 0;
    for entry in standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()) {
        let mirrored = mirror_fen(&entry.fen);
        for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= 200_000) {
            let mut board = B::from_setup(&setup(&mirrored));
            assert_eq!(u128::from(perft(&mut board, depth)), expected, "{:?} perft({depth}) of {mirrored}", B::REPR);
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} counts checked");
    let (positions, _) = playout_positions(1, 30, 7);
    for fen in positions.iter().step_by(5) {
        let a = perft(&mut B::from_setup(&setup(fen)), 3);
        let b = perft(&mut B::from_setup(&setup(&mirror_fen(fen))), 3);
        assert_eq!(a, b, "{:?} colour flip of {fen}", B::REPR);
    }
}

// ---------------------------------------------------------------------------
// Chess960.

/// Chess960 castling against shakmaty in its Chess960 mode: every node of
/// the 2-ply trees of the suite's positions and of the 960 start
/// positions, and of seeded random playouts from random start positions
/// (castles chosen one time in two when there are some), played in step
/// with the oracle; there perft(3) of every 64th position equals the
/// oracle's, and make/unmake restores the board at every node.
fn chess960_matches_oracle<B: Board>() {
    let mut fens: Vec<String> = chess960_suite().unwrap().into_iter().map(|e| e.fen).collect();
    fens.extend((0..960).map(start_position_960));
    for fen in &fens {
        let pos = oracle_960(fen);
        let depth = if fen.contains("pppppppp") { 1 } else { 2 };
        let nodes = oracle_walk(&mut B::from_setup(&setup(fen)), &pos, depth, check_node_960);
        assert_eq!(nodes, shakmaty::perft(&pos, depth), "{fen}");
    }

    let mut rng = SplitMix::new(0x960);
    let mut castles = [0usize; 2];
    for game in 0..300 {
        let start = start_position_960(rng.below(960));
        let mut board = B::from_setup(&setup(&start));
        let mut pos = oracle_960(&start);
        for ply in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let castling: Vec<_> = moves.iter().filter(|m| m.is_castle()).collect();
            let m = if !castling.is_empty() && rng.below(2) == 0 {
                castling[rng.below(castling.len())].clone()
            } else {
                moves[rng.below(moves.len())].clone()
            };
            if let shakmaty::Move::Castle { king, rook } = m {
                castles[usize::from(rook.file() < king.file())] += 1;
            }
            let ours = oracle_move(&m);
            let before = board.clone();
            let undo = board.make(ours);
            board.unmake(ours, undo);
            assert_eq!(board, before, "{:?}: make/unmake of {ours:?} in {}", B::REPR, fen_of(&pos));
            board.make(ours);
            pos.play_unchecked(&m);
            check_node_960(&mut board, &pos);
            if (game + ply) % 64 == 0 {
                let fen = board.to_setup().to_fen();
                let mut fresh = B::from_setup(&setup(&fen));
                assert_eq!(perft(&mut fresh, 3), shakmaty::perft(&pos, 3), "{:?} perft(3) of {fen}", B::REPR);
            }
        }
    }
    assert!(castles[0] > 50 && castles[1] > 50, "king's and queen's side castles: {castles:?}");
}

/// Every count of `datasets/perft/chess960.epd` to `depth` plies, with the
/// bulk-counting driver, and to 2 plies with the like-for-like driver.
fn chess960_counts<B: Board>(depth: u32) {
    let mut checked = 0;
    for entry in chess960_suite().unwrap() {
        for &(d, expected) in entry.expected.iter().filter(|&&(d, _)| d <= depth) {
            let mut board = B::from_setup(&entry.setup);
            assert_eq!(u128::from(perft(&mut board, d)), expected, "{:?} perft({d}) of {}", B::REPR, entry.fen);
            if d <= 2 {
                let before = board.clone();
                assert_eq!(u128::from(perft_like_for_like(&mut board, d)), expected, "{:?} {}", B::REPR, entry.fen);
                assert_eq!(board, before, "{:?} like-for-like perft({d}) of {}", B::REPR, entry.fen);
            }
            checked += 1;
        }
    }
    assert!(checked >= 966 * depth.min(3) as usize, "{checked} counts checked");
}

/// [`check_node`] for a Chess960 position: the oracle writes X-FEN, so
/// the positions are compared as setups (in the same notation).
/// Walks `board` and the oracle's `pos` in step to `depth`: `check` at
/// every node (leaves included), every move played by both, and unmake
/// restoring the board bit for bit. Returns the leaves.
fn oracle_walk<B: Board>(board: &mut B, pos: &Chess, depth: u32, check: fn(&mut B, &Chess)) -> u64 {
    check(board, pos);
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let ours = oracle_move(&m);
        let mut next = pos.clone();
        next.play_unchecked(&m);
        let before = board.clone();
        let undo = board.make(ours);
        nodes += oracle_walk(board, &next, depth - 1, check);
        board.unmake(ours, undo);
        assert_eq!(*board, before, "{:?}: make/unmake of {ours:?} in {}", B::REPR, fen_of(pos));
    }
    nodes
}

fn check_node_960<B: Board>(board: &mut B, pos: &Chess) {
    check_moves(board, pos);
    let theirs = setup(&fen_of(pos)).with_chess960().with_clocks(0, 1);
    assert_eq!(board.to_setup().with_chess960(), theirs, "{:?} to_setup of {}", B::REPR, fen_of(pos));
}

/// The oracle's position in its Chess960 mode.
fn oracle_960(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("oracle parses the FEN");
    fen.into_position(CastlingMode::Chess960).expect("oracle accepts the position")
}

/// Chess960 start position number `n` (0 to 959, Scharnagl's numbering;
/// 518 is the standard one), in Shredder-FEN.
fn start_position_960(n: usize) -> String {
    let mut rank = [' '; 8];
    let (n, light) = (n / 4, n % 4);
    rank[2 * light + 1] = 'B';
    let (n, dark) = (n / 4, n % 4);
    rank[2 * dark] = 'B';
    let (n, queen) = (n / 6, n % 6);
    let free = |rank: &[char; 8]| (0..8).filter(|&i| rank[i] == ' ').collect::<Vec<_>>();
    rank[free(&rank)[queen]] = 'Q';
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n];
    let empty = free(&rank);
    rank[empty[a]] = 'N';
    rank[empty[b]] = 'N';
    let empty = free(&rank);
    rank[empty[0]] = 'R';
    rank[empty[1]] = 'K';
    rank[empty[2]] = 'R';
    let white: String = rank.iter().collect();
    let files: String = [empty[2], empty[0]].iter().map(|&f| (b'A' + f as u8) as char).collect();
    format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {files}{} - 0 1", white.to_lowercase(), files.to_lowercase())
}

#[test]
fn start_position_518_is_the_standard_one() {
    assert_eq!(start_position_960(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    assert_eq!(start_position_960(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}

// ---------------------------------------------------------------------------
// Walks.

/// Walks the `depth`-ply tree of each of `fens` on the board under test and
/// on the oracle in step: [`check_node`] at every node (leaves included),
/// every move played by both, and unmake restoring the board bit for bit.
fn oracle_on_dataset_trees<B: Board>(fens: Vec<String>, depth: u32) {
    for fen in &fens {
        let pos = oracle(fen);
        let nodes = oracle_walk(&mut B::from_setup(&setup(fen)), &pos, depth, check_node);
        assert_eq!(nodes, shakmaty::perft(&pos, depth), "{:?} {fen}", B::REPR);
    }
}

/// The board under test against the oracle at one node: the legal moves
/// with their kinds, their count, the checkers, and the position.
fn check_node<B: Board>(board: &mut B, pos: &Chess) {
    check_moves(board, pos);
    let fen = fen_of(pos);
    assert_eq!(position_fields(board), position_fields_of(&fen), "{:?} to_setup", B::REPR);
}

/// [`check_node`] but for the position: the legal moves with their kinds,
/// their count and the checkers.
fn check_moves<B: Board>(board: &mut B, pos: &Chess) {
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut ours: Vec<u16> = moves.iter().map(|m| m.bits()).collect();
    let mut theirs: Vec<u16> = pos.legal_moves().iter().map(|m| oracle_move(m).bits()).collect();
    ours.sort_unstable();
    theirs.sort_unstable();
    if ours != theirs {
        let mut ours: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        let mut theirs: Vec<String> = pos.legal_moves().iter().map(|m| format!("{:?}", oracle_move(m))).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{:?} legal moves of {}", B::REPR, fen_of(pos));
    }
    assert_eq!(board.count_legal(), moves.len() as u64, "{:?} count_legal of {}", B::REPR, fen_of(pos));
    assert_eq!(board.checkers(), u64::from(pos.checkers()), "{:?} checkers of {}", B::REPR, fen_of(pos));
    assert_eq!(board.is_check(), pos.is_check(), "{:?} is_check of {}", B::REPR, fen_of(pos));
}

/// The pseudo-legal moves that leave the mover's king safe are the legal
/// moves, and testing them leaves the board as it was.
fn pseudo_legal_filtered_is_legal<B: Board>(board: &mut B, fen: &str) {
    let before = board.clone();
    let mut pseudo = MoveList::new();
    board.pseudo_legal_moves(&mut pseudo);
    let mut kept: Vec<String> = pseudo
        .iter()
        .filter(|&&m| {
            let undo = board.make(m);
            let legal = !board.mover_king_attacked();
            board.unmake(m, undo);
            legal
        })
        .map(|m| m.to_string())
        .collect();
    kept.sort();
    assert_eq!(*board, before, "{:?} {fen}", B::REPR);
    assert_eq!(kept, uci_moves(board), "{:?} pseudo-legal moves of {fen}", B::REPR);
}

/// Every node of the `depth`-ply tree: each legal move made and unmade,
/// after which the board is as before, bit for bit.
fn round_trip_walk<B: Board>(board: &mut B, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let before = board.clone();
        let undo = board.make(m);
        nodes += round_trip_walk(board, depth - 1);
        board.unmake(m, undo);
        assert_eq!(*board, before, "{:?}: make/unmake of {m}", B::REPR);
    }
    nodes
}

// ---------------------------------------------------------------------------
// Positions.

fn setup(fen: &str) -> Setup {
    Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FENs of the standard suite.
fn standard_fens() -> Vec<String> {
    standard_suite().unwrap().into_iter().map(|e| e.fen).collect()
}

/// The FENs of the standard and edge-case suites.
fn dataset_fens() -> Vec<String> {
    let mut fens = standard_fens();
    fens.extend(edge_case_suite().unwrap().into_iter().map(|e| e.fen));
    fens
}

/// Placement, side to move, castling and en passant: what every
/// representation keeps (none keeps the clocks).
fn position_fields_of(fen: &str) -> String {
    fen.split_ascii_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// [`position_fields_of`] the position `board` hands back.
fn position_fields<B: Board>(board: &B) -> String {
    position_fields_of(&board.to_setup().to_fen())
}

/// The legal moves in UCI, sorted.
fn uci_moves<B: Board>(board: &mut B) -> Vec<String> {
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut uci: Vec<String> = moves.iter().map(ToString::to_string).collect();
    uci.sort();
    uci
}

/// The FEN of the position seen in a mirror laid along the middle of the
/// board, with the colours swapped: rank 8 becomes rank 1, white pieces
/// black, White to move Black to move, `K` `k`, e3 e6. The clocks stay.
fn mirror_fen(fen: &str) -> String {
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let placement = fields[0].split('/').rev().map(swap_case).collect::<Vec<_>>().join("/");
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = match fields[2] {
        "-" => "-".to_string(),
        rights => {
            let swapped = swap_case(rights);
            "KQkq".chars().filter(|&c| swapped.contains(c)).collect()
        }
    };
    let en_passant = match fields[3] {
        "-" => "-".to_string(),
        square => mirror_square(square),
    };
    let mut out = vec![placement, side.to_string(), castling, en_passant];
    out.extend(fields[4..].iter().map(|s| s.to_string()));
    out.join(" ")
}

/// `e3` as the mirror shows it: `e6`.
fn mirror_square(square: &str) -> String {
    let (file, rank) = square.split_at(1);
    let rank: u8 = rank.parse().expect("a rank digit");
    format!("{file}{}", 9 - rank)
}

/// A UCI move as the mirror shows it: `e2e4` is `e7e5`, `a7a8q` is `a2a1q`.
fn mirror_uci(uci: &str) -> String {
    format!("{}{}{}", mirror_square(&uci[0..2]), mirror_square(&uci[2..4]), &uci[4..])
}

// ---------------------------------------------------------------------------
// The oracle.

fn oracle(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("oracle parses the FEN");
    fen.into_position(CastlingMode::Standard).expect("oracle accepts the position")
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos.clone(), EnPassantMode::Always).to_string()
}

/// The oracle's move as plybench encodes it, kind included.
fn oracle_move(m: &shakmaty::Move) -> Move {
    let square = |s: shakmaty::Square| Square::new(u8::from(s)).expect("a square");
    let role = |r: shakmaty::Role| match r {
        shakmaty::Role::Pawn => Role::Pawn,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::King => Role::King,
    };
    match *m {
        shakmaty::Move::Normal { role: mover, from, capture, to, promotion } => {
            let kind = match promotion {
                Some(p) => MoveKind::promotion(role(p), capture.is_some()).expect("a promotion piece"),
                None if capture.is_some() => MoveKind::Capture,
                None if mover == shakmaty::Role::Pawn && from.rank().distance(to.rank()) == 2 => MoveKind::DoublePush,
                None => MoveKind::Quiet,
            };
            Move::new(square(from), square(to), kind)
        }
        shakmaty::Move::EnPassant { from, to } => Move::new(square(from), square(to), MoveKind::EnPassant),
        shakmaty::Move::Castle { king, rook } => {
            // plybench writes a castle as the king taking its own rook.
            let king_side = rook.file() > king.file();
            Move::new(square(king), square(rook), if king_side { MoveKind::CastleKing } else { MoveKind::CastleQueen })
        }
        shakmaty::Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

// ---------------------------------------------------------------------------
// Random playouts.

/// One random game: where it started and the oracle's moves.
struct Game {
    start: String,
    moves: Vec<shakmaty::Move>,
}

/// Seeded random games from every dataset position, each position they
/// reach as FEN, and how many moves of each rare kind they played.
struct Playouts {
    games: Vec<Game>,
    positions: Vec<String>,
    /// Promotions, en passant captures, castles, checks.
    special: [usize; 4],
}

/// The playouts the oracle and round-trip properties share, made once.
fn playouts() -> &'static Playouts {
    static PLAYOUTS: OnceLock<Playouts> = OnceLock::new();
    PLAYOUTS.get_or_init(|| play_games(12, 40, 0x5EED))
}

/// The positions of [`play_games`].
fn playout_positions(games_per_start: usize, plies: usize, seed: u64) -> (Vec<String>, [usize; 4]) {
    let playouts = play_games(games_per_start, plies, seed);
    (playouts.positions, playouts.special)
}

/// `games_per_start` games of at most `plies` plies from every dataset
/// position, the rare kinds of move (promotions, en passant, castles,
/// double steps) chosen one time in three when there are some.
fn play_games(games_per_start: usize, plies: usize, seed: u64) -> Playouts {
    let mut rng = SplitMix::new(seed);
    let mut playouts = Playouts { games: Vec::new(), positions: Vec::new(), special: [0; 4] };
    for start in dataset_fens() {
        for _ in 0..games_per_start {
            let mut pos = oracle(&start);
            let mut game = Game { start: start.clone(), moves: Vec::new() };
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let double_step = |m: &shakmaty::Move| {
                    m.role() == shakmaty::Role::Pawn && m.from().is_some_and(|f| f.rank().distance(m.to().rank()) == 2)
                };
                let rare: Vec<_> = moves
                    .iter()
                    .filter(|m| m.is_promotion() || m.is_en_passant() || m.is_castle() || double_step(m))
                    .collect();
                let m = if !rare.is_empty() && rng.below(3) == 0 {
                    rare[rng.below(rare.len())].clone()
                } else {
                    moves[rng.below(moves.len())].clone()
                };
                playouts.special[0] += usize::from(m.is_promotion());
                playouts.special[1] += usize::from(m.is_en_passant());
                playouts.special[2] += usize::from(m.is_castle());
                pos.play_unchecked(&m);
                playouts.special[3] += usize::from(pos.is_check());
                playouts.positions.push(fen_of(&pos));
                game.moves.push(m);
            }
            playouts.games.push(game);
        }
    }
    playouts
}
