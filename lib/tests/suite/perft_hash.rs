//! The transposition table changes the speed of perft, never its counts:
//! every representation, thread count and table size (none, tiny, 1 MiB,
//! 16 MiB) against the published counts of datasets/perft, and every
//! representation against its own plain count.

use std::sync::atomic::{AtomicU64, Ordering};

use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::dispatch::Counter;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::play::play_moves;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::zobrist::zobrist;
use plybench::engine::chess::{
    Board, MoveList, Repr, SEQUENTIAL_BELOW, Setup, Split, perft, perft_hashed, perft_parallel_hashed, perft_split,
};
use plybench::engine::table::PerftTable;
use plybench::study::perft::published::{chess960_suite, edge_case_suite, standard_suite};
use plybench::study::perft::suite::SuiteEntry;

/// Runs `$test::<B>()` for every representation.
macro_rules! for_each_repr {
    ($test:ident) => {{
        $test::<ArrayBoard>();
        $test::<Mailbox10Board>();
        $test::<X88Board>();
        $test::<BitboardBoard>();
    }};
}

fn entries() -> Vec<SuiteEntry> {
    standard_suite().unwrap().into_iter().chain(edge_case_suite().unwrap()).collect()
}

/// The deepest published count of `entry` with at most `max_nodes` leaves
/// and at least three plies (so the table is used below the root).
fn deepest(entry: &SuiteEntry, max_nodes: u128) -> Option<(u32, u128)> {
    entry.expected.iter().copied().filter(|&(d, n)| n <= max_nodes && d >= 3).max_by_key(|&(d, _)| d)
}

#[test]
fn every_thread_count_table_size_and_representation_gives_the_published_counts() {
    let entries = entries();
    let mut checked = 0;
    for threads in [1, 2, 3] {
        for hash_mb in [0, 1, 16] {
            let mut counter = Counter::new(threads, hash_mb).unwrap();
            for repr in Repr::ALL {
                for entry in &entries {
                    let Some((depth, expected)) = deepest(entry, 120_000) else { continue };
                    let nodes = counter.count(repr, &entry.setup, depth).unwrap();
                    assert_eq!(
                        u128::from(nodes),
                        expected,
                        "{repr}, {threads} threads, hash {hash_mb} MiB: perft({depth}) of {}",
                        entry.fen
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 3 * 3 * 4 * 15, "{checked} counts");
}

/// Hashed perft counts what plain perft counts, depth by depth, from the
/// standard and edge-case positions and from Chess960 ones (the first ten
/// of the suite, and its X-FEN and castling-block positions): the children
/// are keyed by [`Board::key_after`] from three plies up, so a key that
/// took two positions for one would show here. Each position is counted
/// from depth 1 to its first count above 10,000 leaves (at most depth 8),
/// on a table of its own that all its depths share.
fn hashed_counts_equal_plain_counts<B: Board>() {
    let chess960 = chess960_suite().unwrap().into_iter().enumerate().filter(|(i, entry)| {
        *i < 10 || entry.id.as_deref().is_some_and(|id| id.starts_with("xfen") || id.starts_with("hside"))
    });
    for entry in entries().into_iter().chain(chess960.map(|(_, entry)| entry)) {
        let table = PerftTable::new(1).unwrap();
        for depth in 1..=8 {
            let plain = perft(&mut B::from_setup(&entry.setup), depth);
            let hashed = perft_hashed(&mut B::from_setup(&entry.setup), depth, &table);
            assert_eq!(hashed, plain, "{:?}: hashed perft({depth}) of {}", B::REPR, entry.fen);
            if plain > 10_000 {
                assert!(depth >= 3, "{:?}: the table is used below the root of {}", B::REPR, entry.fen);
                break;
            }
        }
    }
}

#[test]
fn hashed_counts_equal_plain_counts_on_every_representation() {
    for_each_repr!(hashed_counts_equal_plain_counts);
}

/// A representation of one's own that does not implement
/// [`Board::key_after`]: every method but that one is `B`'s, so the hashed
/// driver keys its children by [`Board::zobrist`] after each move, the path
/// no representation of plybench's takes any more.
#[derive(Clone, PartialEq, Debug)]
struct WithoutKeyAfter<B>(B);

impl<B: Board> Board for WithoutKeyAfter<B> {
    const REPR: Repr = B::REPR;
    const COPY_MAKE: bool = B::COPY_MAKE;
    type Undo = B::Undo;

    fn from_setup(setup: &Setup) -> Self {
        WithoutKeyAfter(B::from_setup(setup))
    }
    fn to_setup(&self) -> Setup {
        self.0.to_setup()
    }
    fn turn(&self) -> plybench::engine::chess::Color {
        self.0.turn()
    }
    fn legal_moves(&mut self, moves: &mut MoveList) {
        self.0.legal_moves(moves);
    }
    fn pseudo_legal_moves(&mut self, moves: &mut MoveList) {
        self.0.pseudo_legal_moves(moves);
    }
    fn mover_king_attacked(&self) -> bool {
        self.0.mover_king_attacked()
    }
    fn make(&mut self, m: plybench::engine::chess::Move) -> Self::Undo {
        self.0.make(m)
    }
    fn unmake(&mut self, m: plybench::engine::chess::Move, undo: Self::Undo) {
        self.0.unmake(m, undo);
    }
    fn checkers(&self) -> u64 {
        self.0.checkers()
    }
}

#[test]
fn a_representation_without_key_after_is_keyed_after_each_move() {
    let mut board = WithoutKeyAfter(X88Board::from_setup(&Setup::starting()));
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    assert!(moves.iter().all(|&m| board.key_after(m, board.zobrist()).is_none()), "the fallback is what is tested");
    // Through make/unmake (x88) and through copy-make (array).
    hashed_counts_equal_plain_counts::<WithoutKeyAfter<X88Board>>();
    hashed_counts_equal_plain_counts::<WithoutKeyAfter<ArrayBoard>>();
}

/// A table of one bucket (four entries) and one of 64: almost every store
/// evicts another position's count, and almost every probe finds another
/// position's key in the slot, so the counts are exact only if every
/// entry is checked against the whole key and the depth.
fn tiny_tables_give_exact_counts<B: Board + Send + Sync>() {
    for entry in entries() {
        let Some((depth, expected)) = deepest(&entry, 100_000) else { continue };
        for entries in [4, 64] {
            let table = PerftTable::with_entries(entries).unwrap();
            let mut board = B::from_setup(&entry.setup);
            assert_eq!(u128::from(perft_hashed(&mut board, depth, &table)), expected, "{:?} {}", B::REPR, entry.fen);
            let table = PerftTable::with_entries(entries).unwrap();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
            let nodes = pool.install(|| perft_parallel_hashed(&board, depth, &table));
            assert_eq!(u128::from(nodes), expected, "{:?} parallel {}", B::REPR, entry.fen);
        }
    }
}

#[test]
fn a_table_of_a_few_entries_still_gives_exact_counts() {
    for_each_repr!(tiny_tables_give_exact_counts);
}

/// Trees deep enough that the parallel hashed count splits below the root,
/// where it hands each child the key [`Board::key_after`] gives (or, for a
/// board without it, [`Board::zobrist`] after the move): on a table of 64
/// entries and on one of 1 MiB, with three threads.
fn parallel_hashed_splits_below_the_root<B: Board + Send + Sync>() {
    let mut checked = 0;
    for entry in entries() {
        let Some(&(depth, expected)) =
            entry.expected.iter().filter(|&&(d, n)| d > SEQUENTIAL_BELOW && n <= 250_000).max_by_key(|&&(d, _)| d)
        else {
            continue;
        };
        for table in [PerftTable::with_entries(64).unwrap(), PerftTable::new(1).unwrap()] {
            let board = B::from_setup(&entry.setup);
            let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
            let nodes = pool.install(|| perft_parallel_hashed(&board, depth, &table));
            assert_eq!(u128::from(nodes), expected, "{:?} parallel perft({depth}) of {}", B::REPR, entry.fen);
            checked += 1;
        }
    }
    assert!(checked >= 2 * 3, "{checked} counts: too few positions deep enough to split below the root");
}

#[test]
fn the_parallel_hashed_count_keys_the_children_it_splits() {
    for_each_repr!(parallel_hashed_splits_below_the_root);
    parallel_hashed_splits_below_the_root::<WithoutKeyAfter<X88Board>>();
}

#[test]
fn a_counter_with_a_tiny_table_gives_exact_counts() {
    let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    for threads in [1, 2, 3] {
        let mut counter = Counter {
            threads,
            table: Some(PerftTable::with_entries(8).unwrap()),
            progress: plybench::engine::progress::Progress::NONE,
        };
        assert_eq!(counter.count(Repr::Bitboard, &kiwipete, 4).unwrap(), 4_085_603);
    }
}

/// One table kept across positions and depths without being emptied: keys
/// of other positions and counts of other depths must never be taken.
fn a_table_shared_by_many_counts_stays_exact<B: Board>() {
    let table = PerftTable::new(1).unwrap();
    for _ in 0..2 {
        for entry in entries() {
            for &(depth, expected) in entry.expected.iter().filter(|&&(_, n)| n <= 50_000) {
                let mut board = B::from_setup(&entry.setup);
                assert_eq!(u128::from(perft_hashed(&mut board, depth, &table)), expected, "{}", entry.fen);
                assert_eq!(board, B::from_setup(&entry.setup), "the board is restored");
            }
        }
    }
}

#[test]
fn a_shared_table_never_mixes_positions_or_depths() {
    for_each_repr!(a_table_shared_by_many_counts_stays_exact);
}

/// The key is the setup's, whatever the representation, and a
/// transposition (two move orders to one position) gives one key.
fn keys_follow_the_position<B: Board>() {
    let start = Setup::starting();
    let a = play_moves(&start, &["g1f3", "g8f6", "b1c3"]).unwrap();
    let b = play_moves(&start, &["b1c3", "g8f6", "g1f3"]).unwrap();
    let (ka, kb) = (B::from_setup(&a).zobrist(), B::from_setup(&b).zobrist());
    assert_eq!(ka, kb, "{:?}", B::REPR);
    assert_eq!(ka, zobrist(&a));
    // Every move changes the key, and unmake restores it.
    for entry in entries() {
        let mut board = B::from_setup(&entry.setup);
        let before = board.zobrist();
        let mut moves = MoveList::new();
        board.legal_moves(&mut moves);
        for &m in moves.iter() {
            let undo = board.make(m);
            assert_ne!(board.zobrist(), before, "{:?} {m} in {}", B::REPR, entry.fen);
            board.unmake(m, undo);
            assert_eq!(board.zobrist(), before);
        }
    }
}

#[test]
fn keys_are_those_of_the_position() {
    for_each_repr!(keys_follow_the_position);
}

#[test]
fn the_split_reports_every_root_move_once() {
    let board = X88Board::from_setup(&Setup::starting());
    let table = PerftTable::new(1).unwrap();
    for split in [
        Split { parallel: false, table: None },
        Split { parallel: true, table: None },
        Split { parallel: false, table: Some(&table) },
        Split { parallel: true, table: Some(&table) },
    ] {
        let (calls, sum) = (AtomicU64::new(0), AtomicU64::new(0));
        let nodes = perft_split(&board, 4, split, |n| {
            calls.fetch_add(1, Ordering::Relaxed);
            sum.fetch_add(n, Ordering::Relaxed);
        });
        assert_eq!(nodes, perft(&mut board.clone(), 4));
        assert_eq!((calls.into_inner(), sum.into_inner()), (20, nodes), "{split:?}");
    }
}
