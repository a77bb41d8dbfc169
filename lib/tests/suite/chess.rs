//! Chess representations against the published statistics, across thread
//! counts, and against an independent oracle, shakmaty. The properties every
//! representation must have (legal moves against the oracle, make/unmake,
//! the published counts, the colour flip) are in `chess_conformance.rs`.

use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::dispatch::perft_threads_on;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::zobrist::zobrist;
use plybench::engine::chess::{Board, Repr, SEQUENTIAL_BELOW, Setup, perft_stats};
use plybench::study::perft::published::{edge_case_suite, published_stats, standard_suite};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

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

#[test]
fn every_thread_count_and_representation_gives_the_same_counts() {
    let entries: Vec<_> = standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()).collect();
    let mut checked = 0;
    for entry in &entries {
        // The deepest count up to 1.5 million leaves, deep enough to split below the root.
        let Some(&(depth, expected)) =
            entry.expected.iter().filter(|&&(d, n)| n <= 1_500_000 && d > SEQUENTIAL_BELOW).max_by_key(|(d, _)| *d)
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
    assert!(checked >= 4 * 4 * 8, "{checked} runs");
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
