//! Chess representations against the published counts and against an
//! independent oracle, shakmaty.

use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::dispatch::perft_threads_on;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::zobrist::zobrist;
use plybench::engine::chess::{
    Board, MoveList, Repr, SEQUENTIAL_BELOW, Setup, perft, perft_like_for_like, perft_stats,
};
use plybench::engine::rng::SplitMix;
use plybench::study::perft::published::{edge_case_suite, published_stats, standard_suite};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Runs `$test::<B>()` for every representation.
macro_rules! for_each_repr {
    ($test:ident) => {{
        $test::<ArrayBoard>();
        $test::<Mailbox10Board>();
        $test::<X88Board>();
        $test::<BitboardBoard>();
    }};
}

fn oracle(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("oracle parses the FEN");
    fen.into_position(CastlingMode::Standard).expect("oracle accepts the position")
}

fn oracle_fen(pos: &Chess) -> String {
    Fen::from_position(pos.clone(), EnPassantMode::Always).to_string()
}

fn sorted_moves<B: Board>(board: &mut B) -> Vec<String> {
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut uci: Vec<String> = moves.iter().map(ToString::to_string).collect();
    uci.sort();
    uci
}

fn oracle_moves(pos: &Chess) -> Vec<String> {
    let mut uci: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
    uci.sort();
    uci
}

/// Positions reached by seeded random playouts from the standard and
/// edge-case positions, as FEN, with how many of them were reached by each
/// special kind of move.
fn playout_positions(games_per_start: usize, plies: usize, seed: u64) -> (Vec<String>, [usize; 4]) {
    let mut rng = SplitMix::new(seed);
    let mut starts: Vec<String> = standard_suite().unwrap().into_iter().map(|e| e.fen).collect();
    starts.extend(edge_case_suite().unwrap().into_iter().map(|e| e.fen));
    let mut positions = Vec::new();
    let mut special = [0usize; 4]; // promotions, en passant, castles, checks
    for start in &starts {
        for _ in 0..games_per_start {
            let mut pos = oracle(start);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer the rare kinds, so that the playouts exercise them.
                // Double steps make en passant possible.
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
                special[0] += usize::from(m.is_promotion());
                special[1] += usize::from(m.is_en_passant());
                special[2] += usize::from(m.is_castle());
                pos.play_unchecked(&m);
                special[3] += usize::from(pos.is_check());
                positions.push(oracle_fen(&pos));
            }
        }
    }
    (positions, special)
}

fn moves_and_checkers_match_the_oracle<B: Board>() {
    let (positions, special) = playout_positions(12, 40, 0x5EED);
    assert!(positions.len() > 5_000, "{} positions", positions.len());
    let [promotions, en_passant, castles, checks] = special;
    assert!(
        promotions > 50 && en_passant > 20 && castles > 20 && checks > 50,
        "promotions, en passant, castles, checks: {special:?}"
    );
    for fen in &positions {
        let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut board = B::from_setup(&setup);
        let pos = oracle(fen);
        assert_eq!(sorted_moves(&mut board), oracle_moves(&pos), "{:?} legal moves of {fen}", B::REPR);
        assert_eq!(board.checkers(), u64::from(pos.checkers()), "{:?} checkers of {fen}", B::REPR);
        assert_eq!(board.to_setup().to_fen().rsplitn(3, ' ').last(), fen.rsplitn(3, ' ').last(), "{fen}");
    }
    for fen in positions.iter().step_by(8) {
        let mut board = B::from_setup(&Setup::from_fen(fen).unwrap());
        assert_eq!(perft(&mut board, 3), shakmaty::perft(&oracle(fen), 3), "{:?} perft(3) of {fen}", B::REPR);
    }
}

#[test]
fn legal_moves_checkers_and_perft_3_match_shakmaty_on_random_playouts() {
    for_each_repr!(moves_and_checkers_match_the_oracle);
}

/// Every published count up to this many nodes runs in CI; the rest is
/// behind `#[ignore]` and in `perft suite`.
const CI_NODE_BUDGET: u128 = 5_000_000;

fn published_counts<B: Board>(budget: u128) {
    let mut checked = 0;
    for entry in standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()) {
        for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= budget) {
            let mut board = B::from_setup(&entry.setup);
            assert_eq!(u128::from(perft(&mut board, depth)), expected, "{:?} perft({depth}) of {}", B::REPR, entry.fen);
            checked += 1;
        }
    }
    assert!(checked > 80, "{checked} counts checked");
}

fn published_counts_in_budget<B: Board>() {
    published_counts::<B>(CI_NODE_BUDGET);
}

fn published_counts_deep<B: Board>() {
    published_counts::<B>(1_000_000_000);
}

#[test]
fn every_representation_matches_the_published_counts() {
    for_each_repr!(published_counts_in_budget);
}

#[test]
#[ignore = "minutes: counts up to a billion nodes; run with --ignored in release"]
fn every_representation_matches_the_deep_published_counts() {
    for_each_repr!(published_counts_deep);
}

fn published_statistics<B: Board>() {
    // The initial position to depth 5 and Kiwipete to depth 4, as the issue
    // asks; the other tables to depth 3.
    for table in published_stats().unwrap() {
        let depth = match table.name.as_str() {
            "initial" => 5,
            "kiwipete" => 4,
            _ => 3,
        };
        let mut board = B::from_setup(&table.setup);
        let computed = perft_stats(&mut board, depth);
        for (mine, published) in computed.iter().zip(&table.rows) {
            if table.name == "position 4" {
                // The wiki's position 4 table has no discovered checks at
                // all; see datasets/perft/stats.json. Every other column
                // must match.
                let mut mine = *mine;
                mine.discovered_checks = published.discovered_checks;
                assert_eq!(mine, *published, "{:?} {}", B::REPR, table.name);
            } else {
                assert_eq!(mine, published, "{:?} {}", B::REPR, table.name);
            }
        }
    }
}

#[test]
fn statistics_match_the_published_tables() {
    for_each_repr!(published_statistics);
}

/// Counts discovered checks the way the oracle sees them: after the move,
/// exactly one checker, standing elsewhere than the moved piece.
fn oracle_discovered_checks(pos: &Chess, depth: u32) -> u64 {
    let mut total = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(&m);
        if depth == 1 {
            let checkers = next.checkers();
            let moved = if m.is_castle() { None } else { Some(m.to()) };
            if checkers.count() == 1 && moved.is_some_and(|to| !checkers.contains(to)) {
                total += 1;
            }
        } else {
            total += oracle_discovered_checks(&next, depth - 1);
        }
    }
    total
}

#[test]
fn position_4_has_discovered_checks_the_wiki_does_not_list() {
    let table = published_stats().unwrap().iter().find(|t| t.name == "position 4").unwrap();
    let fen = table.setup.to_fen();
    let mut board = X88Board::from_setup(&table.setup);
    let computed = perft_stats(&mut board, 3);
    assert_eq!(computed[2].discovered_checks, oracle_discovered_checks(&oracle(&fen), 3));
    assert!(computed[2].discovered_checks > 0);
    assert_eq!(table.rows[2].discovered_checks, 0);
}

fn round_trip_on_every_node<B: Board>() {
    fn walk<B: Board>(board: &mut B, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::new();
        board.legal_moves(&mut moves);
        let mut nodes = 0;
        for &m in moves.iter() {
            let before = board.clone();
            let undo = board.make(m);
            nodes += walk(board, depth - 1);
            board.unmake(m, undo);
            assert_eq!(*board, before, "{:?}: make/unmake of {m}", B::REPR);
        }
        nodes
    }
    for fen in [
        Setup::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut board = B::from_setup(&Setup::from_fen(fen).unwrap());
        let depth = if fen.starts_with("8/") { 5 } else { 4 };
        assert!(walk(&mut board, depth) > 40_000);
    }
}

#[test]
fn make_unmake_round_trips_bit_for_bit_on_every_node() {
    for_each_repr!(round_trip_on_every_node);
}

fn mirrored_positions_count_the_same<B: Board>() {
    let (positions, _) = playout_positions(1, 30, 7);
    for fen in positions.iter().step_by(5) {
        let setup = Setup::from_fen(fen).unwrap();
        let a = perft(&mut B::from_setup(&setup), 3);
        let b = perft(&mut B::from_setup(&setup.mirror()), 3);
        assert_eq!(a, b, "{:?} colour flip of {fen}", B::REPR);
    }
}

#[test]
fn colour_flip_keeps_every_count() {
    for_each_repr!(mirrored_positions_count_the_same);
}

fn like_for_like_counts<B: Board>() {
    let mut checked = 0;
    for entry in standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()) {
        for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= 200_000) {
            let mut board = B::from_setup(&entry.setup);
            let before = board.clone();
            assert_eq!(
                u128::from(perft_like_for_like(&mut board, depth)),
                expected,
                "{:?} like-for-like perft({depth}) of {}",
                B::REPR,
                entry.fen
            );
            assert_eq!(board, before);
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} counts checked");
}

#[test]
fn the_like_for_like_driver_matches_the_published_counts() {
    for_each_repr!(like_for_like_counts);
}

fn pseudo_legal_moves_contain_the_legal_ones<B: Board>() {
    let (fens, _) = playout_positions(6, 40, 11);
    for fen in fens {
        let setup = Setup::from_fen(&fen).unwrap();
        let mut board = B::from_setup(&setup);
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
        assert_eq!(kept, sorted_moves(&mut board), "{:?} {fen}", B::REPR);
    }
}

#[test]
fn pseudo_legal_moves_filtered_by_the_king_test_are_the_legal_moves() {
    for_each_repr!(pseudo_legal_moves_contain_the_legal_ones);
}

#[test]
fn every_thread_count_and_representation_gives_the_same_counts() {
    let entries: Vec<_> = standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()).collect();
    let mut checked = 0;
    for entry in &entries {
        // The deepest count up to a million leaves: deep enough to split below the root.
        let Some(&(depth, expected)) =
            entry.expected.iter().filter(|&&(d, n)| n <= 1_000_000 && d > SEQUENTIAL_BELOW).max_by_key(|(d, _)| *d)
        else {
            continue;
        };
        for repr in Repr::ALL {
            for threads in [1, 2, 3, 8] {
                let nodes = perft_threads_on(repr, &entry.setup, depth, threads).unwrap();
                assert_eq!(
                    u128::from(nodes),
                    expected,
                    "{repr} with {threads} threads: perft({depth}) of {}",
                    entry.fen
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 4 * 4 * 10, "{checked} runs");
}

/// Moved from the engine's Zobrist module, which must not read the
/// studies' datasets: every position of the datasets has its own key.
#[test]
fn dataset_positions_have_distinct_keys() {
    let mut setups: Vec<Setup> = standard_suite().unwrap().into_iter().map(|e| e.setup).collect();
    setups.extend(edge_case_suite().unwrap().into_iter().map(|e| e.setup));
    setups.sort_by_key(Setup::to_fen);
    setups.dedup_by_key(|s| s.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" "));
    let mut keys: Vec<u64> = setups.iter().map(zobrist).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), setups.len());
}
