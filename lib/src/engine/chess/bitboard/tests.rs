//! The bitboard board node by node against the 0x88 reference, with what
//! only it promises: rebuilding it from its own setup gives it back bit for
//! bit. The published counts, the oracle, make/unmake and the colour flip
//! are in `lib/tests/suite/chess_conformance.rs`.

use super::BitboardBoard;
use crate::engine::chess::cpu::Portable;
use crate::engine::chess::key_checks;
use crate::engine::chess::x88::X88Board;
use crate::engine::chess::zobrist::zobrist;
use crate::engine::chess::{Board, Move, MoveList, Setup, perft};

const START: &str = Setup::STARTING_FEN;
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn board(fen: &str) -> BitboardBoard {
    BitboardBoard::from_setup(&Setup::from_fen(fen).expect("a valid test FEN"))
}

fn sorted(moves: &MoveList) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort_by_key(|m| m.bits());
    v
}

/// Compares with the 0x88 board on every node of a `depth`-ply walk. Where
/// moves are generated (above the leaves): the legal move sets, the
/// checkers, the count, the setup, and the make/unmake round trip of every
/// move. At the leaves: the checkers and the count against the list.
fn walk(bits: &mut BitboardBoard, x88: &mut X88Board, depth: u32) -> u64 {
    let mut ours = MoveList::new();
    bits.legal_moves(&mut ours);
    assert_eq!(bits.count_legal(), ours.len() as u64, "{bits:?}");
    assert_eq!(bits.checkers(), x88.checkers(), "{bits:?}");
    if depth == 0 {
        return 1;
    }
    let mut reference = MoveList::new();
    x88.legal_moves(&mut reference);
    assert_eq!(sorted(&ours), sorted(&reference), "{bits:?}");
    assert_eq!(bits.to_setup(), x88.to_setup());
    assert_eq!(BitboardBoard::from_setup(&bits.to_setup()), *bits);
    let mut played = Vec::new();
    let mut found = Vec::new();
    let before = bits.clone();
    let summed = bits.sum_children_in(Portable, |child| {
        found.push(child.to_setup().to_fen());
        2
    });
    assert_eq!(*bits, before, "the board after its children were summed");
    assert_eq!(summed, 2 * ours.len() as u64, "{bits:?}");
    let mut nodes = 1;
    for &m in ours.iter() {
        let before = bits.clone();
        let key_after = bits.key_after(m, bits.zobrist());
        let undo = bits.make(m);
        assert_eq!(key_after, Some(zobrist(&bits.to_setup())), "the key after {m:?} from {before:?}");
        let x88_undo = x88.make(m);
        nodes += walk(bits, x88, depth - 1);
        bits.unmake(m, undo);
        x88.unmake(m, x88_undo);
        assert_eq!(*bits, before, "unmake of {m:?}");
        played.push(fen_after(bits, m));
    }
    // The children the generator plays as it finds them are those of the
    // listed moves, made one by one.
    played.sort();
    found.sort();
    assert_eq!(found, played, "the children of {bits:?}");
    nodes
}

/// The FEN of the position after `m`, made on a copy of `board`.
fn fen_after(board: &BitboardBoard, m: Move) -> String {
    let mut after = board.clone();
    after.make(m);
    after.to_setup().to_fen()
}

#[test]
fn agrees_with_x88_on_every_node() {
    for fen in [START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5, POSITION_6] {
        let setup = Setup::from_fen(fen).unwrap();
        let nodes = walk(&mut BitboardBoard::from_setup(&setup), &mut X88Board::from_setup(&setup), 3);
        assert!(nodes > 1, "{fen}");
    }
}

/// Random games (a fixed SplitMix64 seed) from the test positions, checked
/// against the 0x88 board at every ply: they reach endings, promotions and
/// en passant captures the short walks do not.
#[test]
fn random_games_agree_with_x88() {
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut plies = 0;
    let mut seen = [0u32; 3]; // en passant, promotion, castle
    for fen in [START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5, POSITION_6] {
        for _ in 0..12 {
            let setup = Setup::from_fen(fen).unwrap();
            let mut bits = BitboardBoard::from_setup(&setup);
            let mut x88 = X88Board::from_setup(&setup);
            for _ in 0..150 {
                // A walk of depth 1 compares this node and every child.
                walk(&mut bits, &mut x88, 1);
                let mut moves = MoveList::new();
                bits.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for m in moves.iter() {
                    seen[0] += u32::from(m.is_en_passant());
                    seen[1] += u32::from(m.promotion().is_some());
                    seen[2] += u32::from(m.is_castle());
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                bits.make(m);
                x88.make(m);
                plies += 1;
            }
        }
    }
    assert!(plies > 5_000, "{plies}");
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

#[test]
fn special_positions_agree_with_x88() {
    for fen in [
        // En passant would expose the king along the rank: illegal.
        "8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
        "8/8/8/r2Pp2K/8/8/8/k7 w - e6 0 2",
        // En passant takes the checking pawn.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        // En passant blocked by a diagonal pin.
        "8/8/1b6/2Pp4/8/4K3/8/7k w - d6 0 2",
        // Double check: only the king moves.
        "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1",
        // Castling through, out of and into attacked squares.
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
        // Promotions with and without capture, one pawn pinned.
        "1r2k3/P1P5/8/8/8/8/6p1/4K2R b K - 0 1",
        "3rk3/2P5/8/8/8/8/8/3K4 w - - 0 1",
    ] {
        let setup = Setup::from_fen(fen).unwrap();
        walk(&mut BitboardBoard::from_setup(&setup), &mut X88Board::from_setup(&setup), 3);
    }
}

/// Chess960 positions, whose castling rights hash their rooks' files: the
/// incremental key (checked in `walk`) through castling and the loss of
/// rights on odd files.
#[test]
fn chess960_positions_agree_with_x88() {
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    ] {
        let setup = Setup::from_fen(fen).unwrap();
        walk(&mut BitboardBoard::from_setup(&setup), &mut X88Board::from_setup(&setup), 3);
    }
}

/// The shared key checks where `walk` does not go: Chess960 kings that
/// castle onto their own square, and captures of rooks that hold a right.
#[test]
fn key_after_holds_for_chess960_and_special_moves() {
    key_checks::walks::<BitboardBoard>(&key_checks::CHESS960, 3);
    key_checks::walks::<BitboardBoard>(&key_checks::SPECIAL, 3);
}

#[test]
#[ignore = "deep; run in release"]
fn deep_walk_agrees_with_x88() {
    for fen in [KIWIPETE, POSITION_3, POSITION_4, POSITION_5] {
        let setup = Setup::from_fen(fen).unwrap();
        walk(&mut BitboardBoard::from_setup(&setup), &mut X88Board::from_setup(&setup), 4);
    }
}

/// Prints the start-up cost of the magic search and the speed of perft(5)
/// from the start position with bulk counting.
#[test]
#[ignore = "timing; run in release with --nocapture"]
fn speed_report() {
    let started = std::time::Instant::now();
    let sliders = super::magic::Sliders::search_default();
    println!("magic search: {:?}", started.elapsed());
    drop(sliders);
    let mut b = board(START);
    perft(&mut b, 1); // builds the shared tables
    for (fen, depth) in [(START, 5), (START, 6), (KIWIPETE, 4), (KIWIPETE, 5)] {
        // The best of five runs: the machine is shared.
        let (nodes, seconds) = (0..5)
            .map(|_| {
                let mut b = board(fen);
                let started = std::time::Instant::now();
                let nodes = perft(&mut b, depth);
                (nodes, started.elapsed().as_secs_f64())
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        println!("perft({depth}) {fen}: {nodes} nodes in {seconds:.3} s, {:.1} Mnps", nodes as f64 / seconds / 1e6);
    }
}

/// The published leaf counts of the six standard positions to depth 4.
const PUBLISHED: [(&str, [u64; 4]); 6] = [
    (START, [20, 400, 8_902, 197_281]),
    (KIWIPETE, [48, 2_039, 97_862, 4_085_603]),
    (POSITION_3, [14, 191, 2_812, 43_238]),
    (POSITION_4, [6, 264, 9_467, 422_333]),
    (POSITION_5, [44, 1_486, 62_379, 2_103_487]),
    (POSITION_6, [46, 2_079, 89_890, 3_894_594]),
];

/// Every instruction path this CPU runs gives the published counts on
/// every representation (the bitboard's BMI2 path with `pext` sliders).
/// Paths the CPU lacks are named on stderr and skipped.
#[test]
fn every_supported_cpu_path_gives_the_published_counts() {
    use crate::engine::chess::array::ArrayBoard;
    use crate::engine::chess::cpu::{Cpu, CpuPath};
    use crate::engine::chess::mailbox10::Mailbox10Board;
    use crate::engine::chess::perft_with;

    let mut ran = Vec::new();
    for path in CpuPath::ALL {
        let Some(cpu) = Cpu::for_path(path) else {
            eprintln!("{path}: not supported by this CPU, not tested");
            continue;
        };
        assert_eq!(cpu.path(), path);
        for (fen, counts) in PUBLISHED {
            let setup = Setup::from_fen(fen).unwrap();
            for (depth, &expected) in (1..).zip(&counts) {
                let bits = perft_with(&mut BitboardBoard::from_setup(&setup), depth, cpu);
                assert_eq!(bits, expected, "{path} bitboard perft({depth}) {fen}");
            }
            // The other boards take the flavour's instructions too.
            assert_eq!(perft_with(&mut X88Board::from_setup(&setup), 3, cpu), counts[2], "{path} x88 {fen}");
            assert_eq!(perft_with(&mut ArrayBoard::from_setup(&setup), 3, cpu), counts[2], "{path} array {fen}");
            assert_eq!(perft_with(&mut Mailbox10Board::from_setup(&setup), 3, cpu), counts[2], "{path} 10x10 {fen}");
        }
        ran.push(path);
    }
    // The portable path runs everywhere; on x86-64 every CPU this project
    // targets has popcnt.
    assert!(ran.contains(&CpuPath::Portable));
    #[cfg(target_arch = "x86_64")]
    assert!(ran.contains(&CpuPath::Popcnt), "{ran:?}");
    eprintln!("paths tested: {ran:?}");
}

/// The detected path is the last (fastest) one supported, and the drivers
/// that detect it themselves agree with every path, node for node, on a
/// deeper count.
#[test]
fn detection_picks_the_fastest_path_and_paths_agree_deeper() {
    use crate::engine::chess::cpu::{Cpu, CpuPath};
    use crate::engine::chess::perft_with;
    use crate::engine::table::PerftTable;

    let best = CpuPath::ALL.into_iter().rev().find(|p| p.is_supported()).unwrap();
    assert_eq!(Cpu::detect().path(), best);
    let setup = Setup::from_fen(KIWIPETE).unwrap();
    let board = BitboardBoard::from_setup(&setup);
    let portable = perft_with(&mut board.clone(), 4, Cpu::for_path(CpuPath::Portable).unwrap());
    for cpu in CpuPath::ALL.into_iter().filter_map(Cpu::for_path) {
        assert_eq!(perft_with(&mut board.clone(), 4, cpu), portable, "{:?}", cpu.path());
    }
    let table = PerftTable::new(1).unwrap();
    assert_eq!(crate::engine::chess::perft_hashed(&mut board.clone(), 4, &table), portable);
    assert_eq!(crate::engine::chess::perft_parallel(&board, 4), portable);
    let split = crate::engine::chess::Split { parallel: false, table: None };
    assert_eq!(crate::engine::chess::perft_split(&board, 4, split, |_| {}), portable);
}

/// The breakdown by kind of move is the same on every path the CPU runs,
/// on every representation, and its node counts are perft's.
#[test]
fn perft_stats_are_the_same_on_every_supported_path() {
    use crate::engine::chess::array::ArrayBoard;
    use crate::engine::chess::cpu::{Cpu, CpuPath};
    use crate::engine::chess::{perft_stats_with, perft_with};

    let portable_cpu = Cpu::for_path(CpuPath::Portable).unwrap();
    for fen in [KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"] {
        let setup = Setup::from_fen(fen).unwrap();
        let portable = perft_stats_with(&mut X88Board::from_setup(&setup), 3, portable_cpu);
        for (d, s) in (1..).zip(&portable) {
            assert_eq!(s.nodes, perft_with(&mut X88Board::from_setup(&setup), d, portable_cpu), "{fen} depth {d}");
        }
        for cpu in CpuPath::ALL.into_iter().filter_map(Cpu::for_path) {
            let bits = perft_stats_with(&mut BitboardBoard::from_setup(&setup), 3, cpu);
            assert_eq!(bits, portable, "{:?} bitboard {fen}", cpu.path());
            let array = perft_stats_with(&mut ArrayBoard::from_setup(&setup), 3, cpu);
            assert_eq!(array, portable, "{:?} array {fen}", cpu.path());
        }
    }
    assert!(perft_stats_with(&mut BitboardBoard::from_setup(&Setup::starting()), 0, portable_cpu).is_empty());
}
