//! One conformance suite for every checkers representation: each property
//! is a function generic over [`Board`], and [`conformance!`] makes one
//! `#[test]` per representation and property (`table::legal_moves_match_reference`,
//! `samuel::colour_flip_symmetry`, ...).
//!
//! The reference is a plain move generator written below on the
//! [`Position`] masks with its own geometry (rows and files of the 8x8
//! board): it shares no code with the three representations, so agreeing
//! with it also means agreeing with each other.
//!
//! What each representation keeps in its own `#[cfg(test)]` module is what
//! only it has: Bell's Fig. 3.8 table, Samuel's shifts and ghost squares.

use std::fmt::Debug;

use plybench::engine::checkers::bell_table::TableBoard;
use plybench::engine::checkers::bitboard::BitBoard;
use plybench::engine::checkers::samuel::SamuelBoard;
use plybench::engine::checkers::{
    Board, Color, Counter, Counting, Move, Position, divide, perft, perft_hashed, run_perft,
};
use plybench::engine::game::SEQUENTIAL_BELOW;
use plybench::engine::rng::SplitMix;
use plybench::engine::table::PerftTable;
use plybench::study::checkers::published;

/// One module per representation, one `#[test]` per property in it.
macro_rules! conformance {
    ($($repr:ident: $board:ty),* $(,)?) => {$(
        mod $repr {
            use super::*;

            #[test]
            fn legal_moves_match_reference() {
                super::legal_moves_match_reference::<$board>();
            }

            #[test]
            fn make_unmake_round_trips() {
                super::make_unmake_round_trips::<$board>();
            }

            #[test]
            fn dataset_counts() {
                super::dataset_counts::<$board>();
            }

            #[test]
            fn colour_flip_symmetry() {
                super::colour_flip_symmetry::<$board>();
            }

            #[test]
            fn threads_and_table_leave_counts_alone() {
                super::threads_and_table_leave_counts_alone::<$board>();
            }
        }
    )*};
}

conformance! {
    table: TableBoard,
    samuel: SamuelBoard,
    bitboard: BitBoard,
}

/// The published opening counts checked in CI: perft(8) = 845 931. The
/// deeper ones are in `checkers.rs`, `#[ignore]`d.
const CI_DEPTH: u32 = 8;

// The opening's count at the CI depth must split over threads below the
// root, or the thread test below would not reach the split (checkers
// counts on the generic driver, `engine::game`).
const _: () = assert!(CI_DEPTH > SEQUENTIAL_BELOW, "CI_DEPTH must exceed the driver's SEQUENTIAL_BELOW");

/// Positions whose captures end where they began, which a make written as
/// `pieces ^= from | to` would get wrong (the second is Bell's Fig. 3.7).
const LOOPS: [&str; 2] =
    ["W:WK2,21,22,23,25,27,28,29,30,31,32:B1,4,5,6,7,8,12,14,15", "B:W9,10,11,17,18,19,25,26,27:BK29"];

/// Positions for the usual mistakes, on top of the playouts.
const SPECIAL_POSITIONS: [&str; 5] = [
    // A man crowned by a capture stops there, though a king could go on.
    "B:W27,26:B24",
    "W:W10:B7,8",
    // Samuel's ghost square 9 lies between 4 and 14, and 5 and 13.
    "B:W32:B4,5",
    // Kings of both sides in the middle of the board.
    "W:WK14,K19,22:BK15,K18,11",
    // No move at all: blocked men.
    "B:W9,10:B5,6",
];

// ---------------------------------------------------------------------------
// The properties.

/// At every position of seeded random playouts (which reach captures,
/// multiple captures and kings) and at the special positions: the legal
/// moves equal the reference's, each move's landings end on its `to`,
/// `count_moves` counts them under both conventions, and `position`
/// hands back the position. Perft(4) of every ninth position of shorter
/// playouts, and of the loop positions, equals the reference's under both
/// conventions.
fn legal_moves_match_reference<B: Board>() {
    let positions = playout_positions(0x5EED, 60);
    assert!(positions.len() > 2000);
    let (mut captures, mut multi, mut kings) = (0, 0, 0);
    let specials = LOOPS.iter().chain(&SPECIAL_POSITIONS).map(|f| position(f));
    for p in positions.iter().copied().chain(specials) {
        let board = B::from_position(&p);
        assert_eq!(board.position(), p, "{:?} position of {p}", B::REPR);
        let mut moves = Vec::new();
        board.generate(&mut moves);
        for m in &moves {
            assert_eq!(m.landings().last().copied().unwrap_or(m.to), m.to, "{:?} {m} at {p}", B::REPR);
            assert_eq!(m.landings().len(), usize::from(m.jumps), "{:?} {m} at {p}", B::REPR);
            assert_eq!(m.captured.count_ones(), u32::from(m.jumps), "{:?} {m} at {p}", B::REPR);
        }
        let reference = reference_moves(&p);
        assert_eq!(sorted_keys(&moves), reference, "{:?} legal moves at {p}", B::REPR);
        let mut scratch = Vec::new();
        assert_eq!(board.count_moves(&mut scratch, Counting::Paths), reference.len() as u64, "{:?} {p}", B::REPR);
        assert_eq!(board.count_moves(&mut scratch, Counting::Results), distinct(&reference), "{:?} {p}", B::REPR);
        captures += reference.iter().filter(|m| m.captured != 0).count();
        multi += reference.iter().filter(|m| m.landings.len() >= 2).count();
        kings += usize::from(p.kings != 0);
    }
    // The playouts must reach the interesting cases, or the test proves little.
    assert!(captures > 500 && multi > 20 && kings > 200, "captures {captures}, multi {multi}, kings {kings}");

    let loops = LOOPS.iter().map(|f| position(f));
    for p in playout_positions(11, 4).into_iter().step_by(9).chain(loops) {
        for counting in Counting::ALL {
            let n = perft(&mut B::from_position(&p), 4, counting);
            assert_eq!(n, reference_perft(&p, 4, counting), "{:?} perft(4) {counting:?} at {p}", B::REPR);
        }
    }
}

/// Every legal move of every playout position (and of the loop and special
/// positions, and every node of the opening's 6-ply tree): make gives the
/// position the reference gives, unmake restores the board bit for bit.
fn make_unmake_round_trips<B: Board + PartialEq + Debug>() {
    fn round_trip<B: Board + PartialEq + Debug>(board: &mut B) {
        let p = board.position();
        let before = board.clone();
        let mut moves = Vec::new();
        board.generate(&mut moves);
        for mv in &moves {
            let undo = board.make(mv);
            assert_eq!(board.position(), reference_play(&p, &key(mv)), "{:?} make {mv} at {p}", B::REPR);
            board.unmake(mv, undo);
            assert_eq!(*board, before, "{:?} unmake {mv} at {p}", B::REPR);
        }
    }
    fn walk<B: Board + PartialEq + Debug>(board: &mut B, depth: u32) -> u64 {
        round_trip(board);
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        board.generate(&mut moves);
        let mut nodes = 0;
        for mv in &moves {
            let undo = board.make(mv);
            nodes += walk(board, depth - 1);
            board.unmake(mv, undo);
        }
        nodes
    }
    let specials = LOOPS.iter().chain(&SPECIAL_POSITIONS).map(|f| position(f));
    for p in playout_positions(7, 20).into_iter().chain(specials) {
        round_trip(&mut B::from_position(&p));
    }
    assert_eq!(walk(&mut B::from_position(&Position::start()), 6), 36_768);
}

/// The published counts of `datasets/checkers/perft.json` up to
/// [`CI_DEPTH`], through the generic driver and through `run_perft`; the
/// opening's divide at depth 6 names the published root moves and adds up;
/// Bell's Fig. 3.7 has four distinct results and more paths.
fn dataset_counts<B: Board>() {
    let data = published::data().unwrap();
    let start = position(&data.position);
    assert_eq!(start, Position::start());
    let mut checked = 0;
    for count in data.counts.iter().filter(|c| c.depth <= CI_DEPTH) {
        let depth = count.depth;
        assert_eq!(perft(&mut B::from_position(&start), depth, Counting::Paths), count.nodes, "{:?} {depth}", B::REPR);
        let run = run_perft(B::REPR, &start, depth, Counting::Paths, false).unwrap();
        assert_eq!(run.nodes, count.nodes, "{:?} run_perft {depth}", B::REPR);
        checked += 1;
    }
    assert_eq!(checked, CI_DEPTH);

    let run = run_perft(B::REPR, &start, 6, Counting::Paths, true).unwrap();
    let split = run.divide.unwrap();
    assert_eq!(split, divide(&mut B::from_position(&start), 6, Counting::Paths));
    assert_eq!(split.len(), 7);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 36768);
    assert_eq!(run.nodes, 36768);
    let mut names: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
    names.sort();
    let mut expected: Vec<String> = data.divide[0].moves.keys().cloned().collect();
    expected.sort();
    assert_eq!(names, expected);

    let fig = &data.bell_fig_3_7;
    let p = position(&fig.position);
    let paths = run_perft(B::REPR, &p, 1, Counting::Paths, false).unwrap().nodes;
    let results = run_perft(B::REPR, &p, 1, Counting::Results, false).unwrap().nodes;
    assert_eq!(results, fig.distinct_results, "{:?}", B::REPR);
    assert!(paths > results, "{:?}: {paths} paths", B::REPR);
    assert_eq!(perft(&mut B::from_position(&p), 1, Counting::Results), fig.distinct_results);
}

/// `--threads` and `--hash` change the time, never the count: on the
/// opening to the CI depth, on the special positions and on playout
/// positions, under both conventions, with a table so small that entries
/// collide and are replaced all the time, and with a roomy one, on one
/// thread and on three.
fn threads_and_table_leave_counts_alone<B: Board + Send + Sync>() {
    let tiny = PerftTable::with_entries(64).unwrap();
    let mut counters = [Counter::new(1, 1).unwrap(), Counter::new(3, 0).unwrap(), Counter::new(3, 1).unwrap()];
    let mut positions: Vec<(Position, u32)> = vec![(Position::start(), CI_DEPTH)];
    positions.extend(LOOPS.iter().chain(&SPECIAL_POSITIONS).map(|f| (position(f), 6)));
    positions.extend(playout_positions(11, 4).into_iter().step_by(9).map(|p| (p, 4)));
    for (p, depth) in positions {
        for counting in Counting::ALL {
            let plain = perft(&mut B::from_position(&p), depth, counting);
            let hashed = perft_hashed(&mut B::from_position(&p), depth, counting, &tiny);
            assert_eq!(hashed, plain, "{:?} {p} depth {depth} {counting:?}, tiny table", B::REPR);
            for counter in &mut counters {
                let run = counter.run(B::REPR, &p, depth, counting, false).unwrap();
                assert_eq!(run.nodes, plain, "{:?} {p} depth {depth} {counting:?} {counter:?}", B::REPR);
            }
        }
    }
    let with_divide = counters[2].run(B::REPR, &Position::start(), 6, Counting::Paths, true).unwrap();
    assert_eq!(with_divide.divide.unwrap(), divide(&mut B::from_position(&Position::start()), 6, Counting::Paths));
}

/// Turning the board round (square `n` becomes `33 - n`) and swapping the
/// colours changes nothing but the names: the legal moves are the turned
/// ones, make gives the turned position, and perft is the same under both
/// conventions; the turned opening (White to move) has the published counts.
fn colour_flip_symmetry<B: Board>() {
    let specials = LOOPS.iter().chain(&SPECIAL_POSITIONS).map(|f| position(f));
    for p in playout_positions(3, 20).into_iter().chain(specials) {
        let turned = turn(&p);
        assert_eq!(turn(&turned), p);
        let (board, flipped) = (B::from_position(&p), B::from_position(&turned));
        let mut moves = Vec::new();
        board.generate(&mut moves);
        let mut expected: Vec<Key> = moves.iter().map(|m| turn_key(&key(m))).collect();
        expected.sort();
        let mut theirs = Vec::new();
        flipped.generate(&mut theirs);
        assert_eq!(sorted_keys(&theirs), expected, "{:?} legal moves at {turned}", B::REPR);
        for mv in &theirs {
            let mut after = flipped.clone();
            after.make(mv);
            let mut mine = board.clone();
            let original = moves.iter().find(|m| turn_key(&key(m)) == key(mv)).expect("a turned move");
            mine.make(original);
            assert_eq!(after.position(), turn(&mine.position()), "{:?} {mv} at {turned}", B::REPR);
        }
    }
    for p in playout_positions(13, 2).into_iter().step_by(7) {
        for counting in Counting::ALL {
            let a = perft(&mut B::from_position(&p), 4, counting);
            let b = perft(&mut B::from_position(&turn(&p)), 4, counting);
            assert_eq!(a, b, "{:?} perft(4) {counting:?} of {p} turned", B::REPR);
        }
    }
    let data = published::data().unwrap();
    let turned = turn(&Position::start());
    assert_eq!(turned.side, Color::White);
    for count in data.counts.iter().filter(|c| c.depth <= 6) {
        assert_eq!(perft(&mut B::from_position(&turned), count.depth, Counting::Paths), count.nodes, "{:?}", B::REPR);
    }
}

// ---------------------------------------------------------------------------
// The reference: its own geometry on the 8x8 board.

/// A move as the reference sees it: where it starts, each square it lands
/// on (none for a simple move), where it ends, what it takes (bit `n - 1`
/// for square `n`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    from: u32,
    to: u32,
    landings: Vec<u32>,
    captured: u32,
}

fn key(m: &Move) -> Key {
    Key {
        from: m.from.number(),
        to: m.to.number(),
        landings: m.landings().iter().map(|s| s.number()).collect(),
        captured: m.captured,
    }
}

fn sorted_keys(moves: &[Move]) -> Vec<Key> {
    let mut keys: Vec<Key> = moves.iter().map(key).collect();
    keys.sort();
    keys
}

/// The number of distinct results (start, end, captures) among `moves`.
fn distinct(moves: &[Key]) -> u64 {
    let mut results: Vec<(u32, u32, u32)> = moves.iter().map(|m| (m.from, m.to, m.captured)).collect();
    results.sort_unstable();
    results.dedup();
    results.len() as u64
}

/// The row (0 on Black's side, where squares 1..4 are) and file (0..8) of
/// bit `i`: squares run right to left, rows alternate which files are dark.
fn coords(i: u32) -> (i32, i32) {
    let row = (i / 4) as i32;
    let file = 2 * (i % 4) as i32 + i32::from(row % 2 == 0);
    (row, file)
}

/// The bit of the dark square at `row`, `file`, if on the board.
fn bit_at(row: i32, file: i32) -> Option<u32> {
    ((0..8).contains(&row) && (0..8).contains(&file) && (row + file) % 2 == 1).then(|| (row * 4 + file / 2) as u32)
}

/// The square `steps` diagonal steps from bit `i` in direction `(dr, df)`.
fn step(i: u32, (dr, df): (i32, i32), steps: i32) -> Option<u32> {
    let (row, file) = coords(i);
    bit_at(row + dr * steps, file + df * steps)
}

/// The directions a piece moves in: men forward only (Black down the
/// numbers' rows, towards 29..32; White the other way), kings all four.
fn directions(side: Color, king: bool) -> Vec<(i32, i32)> {
    let forward = if side == Color::Black { 1 } else { -1 };
    let mut dirs = vec![(forward, -1), (forward, 1)];
    if king {
        dirs.extend([(-forward, -1), (-forward, 1)]);
    }
    dirs
}

/// The row where `side`'s men are crowned.
fn crown_row(side: Color) -> i32 {
    if side == Color::Black { 7 } else { 0 }
}

/// Every legal move, sorted: captures if any (each path taken to its end,
/// a man's ending when he is crowned), else the simple moves.
fn reference_moves(p: &Position) -> Vec<Key> {
    let (own, theirs) = if p.side == Color::Black { (p.black, p.white) } else { (p.white, p.black) };
    let mut out = Vec::new();
    for from in (0..32).filter(|&i| own >> i & 1 == 1) {
        let king = p.kings >> from & 1 == 1;
        let empty = !(p.black | p.white) | 1 << from;
        let mut landings = Vec::new();
        jumps(p.side, king, from, from, theirs, empty, 0, &mut landings, &mut out);
    }
    if out.is_empty() {
        let empty = !(p.black | p.white);
        for from in (0..32).filter(|&i| own >> i & 1 == 1) {
            let king = p.kings >> from & 1 == 1;
            for dir in directions(p.side, king) {
                if let Some(to) = step(from, dir, 1).filter(|&to| empty >> to & 1 == 1) {
                    out.push(Key { from: from + 1, to: to + 1, landings: Vec::new(), captured: 0 });
                }
            }
        }
    }
    out.sort();
    out
}

/// Extends a capture from `at`, where the piece (which started on `from`)
/// stands after `landings`: every jump over an enemy piece not yet taken
/// onto an empty square, until none is left or a man is crowned.
#[allow(clippy::too_many_arguments)]
fn jumps(
    side: Color,
    king: bool,
    from: u32,
    at: u32,
    theirs: u32,
    empty: u32,
    captured: u32,
    landings: &mut Vec<u32>,
    out: &mut Vec<Key>,
) {
    let mut extended = false;
    for dir in directions(side, king) {
        let (Some(over), Some(land)) = (step(at, dir, 1), step(at, dir, 2)) else { continue };
        if theirs >> over & 1 == 0 || empty >> land & 1 == 0 {
            continue;
        }
        extended = true;
        landings.push(land + 1);
        let (taken, theirs) = (captured | 1 << over, theirs & !(1 << over));
        let empty = (empty | 1 << at | 1 << over) & !(1 << land);
        if !king && coords(land).0 == crown_row(side) {
            out.push(Key { from: from + 1, to: land + 1, landings: landings.clone(), captured: taken });
        } else {
            jumps(side, king, from, land, theirs, empty, taken, landings, out);
        }
        landings.pop();
    }
    if !extended && !landings.is_empty() {
        out.push(Key { from: from + 1, to: at + 1, landings: landings.clone(), captured });
    }
}

/// The position after `m`: the piece moved, what it took removed, a man
/// crowned on the far row, the other side to move.
fn reference_play(p: &Position, m: &Key) -> Position {
    let (from, to) = (1u32 << (m.from - 1), 1u32 << (m.to - 1));
    let king = p.kings & from != 0;
    let crowned = !king && coords(m.to - 1).0 == crown_row(p.side);
    let (mut black, mut white) = (p.black, p.white);
    let mut kings = p.kings & !m.captured & !from;
    if king || crowned {
        kings |= to;
    }
    match p.side {
        Color::Black => {
            black = black & !from | to;
            white &= !m.captured;
        }
        Color::White => {
            white = white & !from | to;
            black &= !m.captured;
        }
    }
    Position::new(black, white, kings, p.side.other()).expect("a legal move gives a valid position")
}

/// Perft by the reference, under `counting`.
fn reference_perft(p: &Position, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = reference_moves(p);
    if counting == Counting::Results {
        moves.sort_by_key(|m| (m.from, m.to, m.captured));
        moves.dedup_by_key(|m| (m.from, m.to, m.captured));
    }
    moves.iter().map(|m| reference_perft(&reference_play(p, m), depth - 1, counting)).sum()
}

/// The position turned round with the colours swapped: square `n` becomes
/// `33 - n`, Black's pieces White's, the other side to move.
fn turn(p: &Position) -> Position {
    Position::new(p.white.reverse_bits(), p.black.reverse_bits(), p.kings.reverse_bits(), p.side.other())
        .expect("a turned position is valid")
}

/// A move turned round as [`turn`] turns positions.
fn turn_key(m: &Key) -> Key {
    Key {
        from: 33 - m.from,
        to: 33 - m.to,
        landings: m.landings.iter().map(|n| 33 - n).collect(),
        captured: m.captured.reverse_bits(),
    }
}

// ---------------------------------------------------------------------------
// Positions.

fn position(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every position met in `games` seeded random games of up to 200 plies
/// from the opening, the moves drawn from the reference's.
fn playout_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = SplitMix::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        for _ in 0..200 {
            out.push(p);
            let moves = reference_moves(&p);
            if moves.is_empty() {
                break;
            }
            p = reference_play(&p, &moves[rng.below(moves.len())]);
        }
    }
    out
}
