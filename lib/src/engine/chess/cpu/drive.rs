//! The recursive entry points of each flavour, and the node bodies they
//! share. The `unsafe` calls here rest on the argument of the parent
//! module's safety note: a value of `Popcnt` or `Bmi2` exists only after
//! run-time detection has found every feature its functions enable.

use super::{Bmi2, Flavour, Popcnt, Portable};
use crate::engine::chess::board::played;
use crate::engine::chess::stats::castle_squares;
use crate::engine::chess::{Board, MAX_MOVES, Move, MoveList, PerftStats};
use crate::engine::table::PerftTable;

/// A flavour's copies of the perft drivers.
pub(crate) trait Drive: Flavour {
    /// [`perft`](crate::engine::chess::perft) in this flavour.
    fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64;

    /// The walk of [`perft_stats`](crate::engine::chess::perft_stats) in
    /// this flavour, from `ply` (0 at the root) to the end of `stats`.
    fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize);

    /// [`perft_hashed`](crate::engine::chess::perft_hashed) in this flavour;
    /// `key` is the board's [`Board::zobrist`].
    fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64;
}

/// One node of [`perft`](crate::engine::chess::perft), in flavour `flavour`, with `child(board, depth)`
/// counting each child, and `count(board)` each child one ply from the
/// leaves. Inlined into each flavour's recursive entry point
/// ([`Drive::perft`]), so that the node is compiled with that flavour's
/// instructions.
///
/// `count` is the flavour's out-of-line bulk count (`count_portable` and
/// the like), not `child` at depth 1: entering the recursive node costs
/// the prologue of the whole inner node (its saved registers and frame)
/// on every leaf parent's child, and inlining the count into each place
/// the children's sink plays a move made the node 1.3 to 1.6 times slower
/// (`reports/profiles/bitboard.md`).
#[inline(always)]
pub(crate) fn perft_node<B: Board, F: Flavour>(
    board: &mut B,
    depth: u32,
    flavour: F,
    mut child: impl FnMut(&mut B, u32) -> u64,
    mut count: impl FnMut(&mut B) -> u64,
) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_in(flavour),
        2 => board.sum_children_in(flavour, &mut count),
        _ => board.sum_children_in(flavour, |b| child(b, depth - 1)),
    }
}

/// One node of [`perft_stats`](crate::engine::chess::perft_stats), `ply`
/// plies from the root, in flavour `flavour`, with `child(board, stats,
/// ply)` walking each child; see [`perft_node`]. Every node is made, as the
/// breakdown needs the position after each move.
#[inline(always)]
pub(crate) fn stats_node<B: Board, F: Flavour>(
    board: &mut B,
    stats: &mut [PerftStats],
    ply: usize,
    flavour: F,
    mut child: impl FnMut(&mut B, &mut [PerftStats], usize),
) {
    let mut moves = MoveList::new();
    board.legal_moves_in(&mut moves, flavour);
    for &m in moves.iter() {
        let undo = board.make(m);
        record(&mut stats[ply], m, board, flavour);
        if ply + 1 < stats.len() {
            child(board, stats, ply + 1);
        }
        board.unmake(m, undo);
    }
}

/// Counts in `stats` one node, reached by `m`: `board` is the position
/// after it. A node in check is asked for its replies, in `flavour`, to
/// tell a mate.
#[inline(always)]
fn record<B: Board, F: Flavour>(stats: &mut PerftStats, m: Move, board: &mut B, flavour: F) {
    stats.nodes += 1;
    stats.captures += u64::from(m.is_capture());
    stats.en_passant += u64::from(m.is_en_passant());
    stats.castles += u64::from(m.is_castle());
    stats.promotions += u64::from(m.promotion().is_some());
    let checkers = board.checkers_in(flavour);
    if checkers != 0 {
        stats.checks += 1;
        // The moved piece stands on `to`; for castling the rook moved too,
        // so only a check that neither king nor rook gives is discovered.
        let moved = if m.is_castle() { castle_squares(m) } else { 1u64 << m.to().index() };
        stats.discovered_checks += u64::from(checkers.count_ones() == 1 && checkers & !moved != 0);
        stats.double_checks += u64::from(checkers.count_ones() >= 2);
        let mut replies = MoveList::new();
        board.legal_moves_in(&mut replies, flavour);
        stats.checkmates += u64::from(replies.is_empty());
    }
}

/// One node of [`perft_hashed`](crate::engine::chess::perft_hashed), in flavour `flavour`, whose
/// Zobrist key is `key`, with `child(board, depth, key)` counting each
/// child and `count` each child one ply from the leaves; see [`perft_node`].
///
/// Children that probe the table (two plies or more left) are keyed
/// before any is played, from [`Board::key_after`] where the
/// representation has it: their buckets are all prefetched at once, so
/// that the misses overlap, and each is probed before its move is made, so
/// that a hit costs no make and unmake. Representations without
/// `key_after` key each child by [`Board::zobrist`] after its move.
#[inline(always)]
pub(crate) fn hashed_node<B: Board, F: Flavour>(
    board: &mut B,
    depth: u32,
    key: u64,
    table: &PerftTable,
    flavour: F,
    mut child: impl FnMut(&mut B, u32, u64) -> u64,
    mut count: impl FnMut(&mut B) -> u64,
) -> u64 {
    if depth < 2 {
        return if depth == 0 { 1 } else { board.count_legal_in(flavour) };
    }
    if let Some(nodes) = table.probe(key, depth) {
        return nodes;
    }
    if depth == 2 {
        let nodes = board.sum_children_in(flavour, &mut count);
        table.store(key, depth, nodes);
        return nodes;
    }
    let mut moves = MoveList::new();
    board.legal_moves_in(&mut moves, flavour);
    let mut nodes = 0;
    let mut keys = [0u64; MAX_MOVES];
    let keyed = child_keys(board, &moves, key, table, &mut keys);
    for (&m, &child_key) in moves.iter().zip(&keys) {
        let count = if keyed {
            match table.probe(child_key, depth - 1) {
                Some(count) => count,
                None => played(board, m, |b| child(b, depth - 1, child_key)),
            }
        } else {
            played(board, m, |b| {
                let child_key = b.zobrist();
                child(b, depth - 1, child_key)
            })
        };
        nodes = u64::saturating_add(nodes, count);
    }
    table.store(key, depth, nodes);
    nodes
}

/// Writes the key of each child of `board` (whose key is `key`) into
/// `keys`, and prefetches its bucket; false when the representation does
/// not key a position from the move (its [`Board::key_after`] is `None`,
/// for every move alike).
#[inline(always)]
fn child_keys<B: Board>(board: &B, moves: &MoveList, key: u64, table: &PerftTable, keys: &mut [u64]) -> bool {
    for (&m, slot) in moves.iter().zip(keys.iter_mut()) {
        let Some(child_key) = board.key_after(m, key) else { return false };
        *slot = child_key;
        table.prefetch(child_key);
    }
    true
}

/// The last ply in the portable flavour, out of line: inlined into each
/// place the children's sink plays a move it would be copied a dozen times.
#[inline(never)]
fn count_portable<B: Board>(board: &mut B, f: Portable) -> u64 {
    board.count_legal_in(f)
}

impl Drive for Portable {
    fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64 {
        perft_node(board, depth, self, |b, d| self.perft(b, d), |b| count_portable(b, self))
    }

    fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize) {
        stats_node(board, stats, ply, self, |b, s, p| self.stats(b, s, p))
    }

    fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64 {
        hashed_node(
            board,
            depth,
            key,
            table,
            self,
            |b, d, k| self.perft_hashed(b, d, k, table),
            |b| count_portable(b, self),
        )
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Bmi2, Drive, Popcnt, hashed_node, perft_node, stats_node};
    use crate::engine::chess::{Board, PerftStats};
    use crate::engine::table::PerftTable;

    // The recursive entry points of the two flavours. Each calls itself,
    // not the trait method, so the recursion stays inside code compiled
    // with the features and needs no `unsafe`.

    #[target_feature(enable = "popcnt")]
    fn perft_popcnt<B: Board>(board: &mut B, depth: u32, f: Popcnt) -> u64 {
        perft_node(board, depth, f, |b, d| perft_popcnt(b, d, f), |b| count_popcnt(b, f))
    }

    #[target_feature(enable = "popcnt")]
    #[inline(never)]
    fn count_popcnt<B: Board>(board: &mut B, f: Popcnt) -> u64 {
        board.count_legal_in(f)
    }

    #[target_feature(enable = "popcnt")]
    fn stats_popcnt<B: Board>(board: &mut B, stats: &mut [PerftStats], ply: usize, f: Popcnt) {
        stats_node(board, stats, ply, f, |b, s, p| stats_popcnt(b, s, p, f))
    }

    #[target_feature(enable = "popcnt")]
    fn hashed_popcnt<B: Board>(board: &mut B, depth: u32, key: u64, table: &PerftTable, f: Popcnt) -> u64 {
        hashed_node(board, depth, key, table, f, |b, d, k| hashed_popcnt(b, d, k, table, f), |b| count_popcnt(b, f))
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn perft_bmi2<B: Board>(board: &mut B, depth: u32, f: Bmi2) -> u64 {
        perft_node(board, depth, f, |b, d| perft_bmi2(b, d, f), |b| count_bmi2(b, f))
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    fn count_bmi2<B: Board>(board: &mut B, f: Bmi2) -> u64 {
        board.count_legal_in(f)
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn stats_bmi2<B: Board>(board: &mut B, stats: &mut [PerftStats], ply: usize, f: Bmi2) {
        stats_node(board, stats, ply, f, |b, s, p| stats_bmi2(b, s, p, f))
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn hashed_bmi2<B: Board>(board: &mut B, depth: u32, key: u64, table: &PerftTable, f: Bmi2) -> u64 {
        hashed_node(board, depth, key, table, f, |b, d, k| hashed_bmi2(b, d, k, table, f), |b| count_bmi2(b, f))
    }

    impl Drive for Popcnt {
        fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64 {
            // SAFETY: `self` proves the CPU has popcnt (module safety note).
            #[allow(unsafe_code)]
            unsafe {
                perft_popcnt(board, depth, self)
            }
        }

        fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize) {
            // SAFETY: as in `perft` above.
            #[allow(unsafe_code)]
            unsafe {
                stats_popcnt(board, stats, ply, self)
            }
        }

        fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64 {
            // SAFETY: as in `perft` above.
            #[allow(unsafe_code)]
            unsafe {
                hashed_popcnt(board, depth, key, table, self)
            }
        }
    }

    impl Drive for Bmi2 {
        fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64 {
            // SAFETY: `self` proves the CPU has popcnt, BMI1 and BMI2
            // (module safety note).
            #[allow(unsafe_code)]
            unsafe {
                perft_bmi2(board, depth, self)
            }
        }

        fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize) {
            // SAFETY: as in `perft` above.
            #[allow(unsafe_code)]
            unsafe {
                stats_bmi2(board, stats, ply, self)
            }
        }

        fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64 {
            // SAFETY: as in `perft` above.
            #[allow(unsafe_code)]
            unsafe {
                hashed_bmi2(board, depth, key, table, self)
            }
        }
    }
}

// Elsewhere no value of `Popcnt` or `Bmi2` can exist (their `detect`
// returns `None`), so these bodies never run; they keep the types complete.
#[cfg(not(target_arch = "x86_64"))]
impl Drive for Popcnt {
    fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64 {
        Portable.perft(board, depth)
    }
    fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize) {
        Portable.stats(board, stats, ply)
    }
    fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64 {
        Portable.perft_hashed(board, depth, key, table)
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Drive for Bmi2 {
    fn perft<B: Board>(self, board: &mut B, depth: u32) -> u64 {
        Portable.perft(board, depth)
    }
    fn stats<B: Board>(self, board: &mut B, stats: &mut [PerftStats], ply: usize) {
        Portable.stats(board, stats, ply)
    }
    fn perft_hashed<B: Board>(self, board: &mut B, depth: u32, key: u64, table: &PerftTable) -> u64 {
        Portable.perft_hashed(board, depth, key, table)
    }
}
