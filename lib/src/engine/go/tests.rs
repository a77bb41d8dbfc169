//! The rules on named positions (Bell's Fig. 3.12, suicide, ko, the end
//! after two passes), the two representations against each other and
//! against a slow reference written from the rules on [`Position`], and
//! make/unmake round trips on random playouts.

use proptest::prelude::*;

use super::array::ArrayBoard;
use super::bitboard::BitBoard;
use super::*;
use crate::engine::rng::SplitMix;

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn pt(name: &str) -> Point {
    name.parse().unwrap()
}

/// Bell (1972), Fig. 3.12, the middle configuration as the text describes
/// it: four black chains whose last breathing space is the centre point E5,
/// so that a white stone there captures all four.
const FOUR_CHAINS: &str = "
    . . . . . . . . .
    . . . . O . . . .
    . . . O X O . . .
    . . O O X O O . .
    . O X X . X X O .
    . . O O X O O . .
    . . . O X O . . .
    . . . . O . . . .
    . . . . . . . . .
    to-move white
";

/// The reference: `position` after a stone of the side to move on
/// `point`, by the rules written out on [`Position`] alone (chains by
/// [`Position::chain`]), or `None` when the rules refuse it.
fn reference_play(position: &Position, point: Point) -> Option<Position> {
    if position.is_over() || position.at(point).is_some() || position.ko() == Some(point) {
        return None;
    }
    let size = position.size();
    let me = position.to_move();
    let mut stones: Vec<(Point, Color)> = position.stones().collect();
    stones.push((point, me));
    let placed = Position::from_parts(
        size,
        {
            let mut cells = [None; MAX_POINTS];
            for &(p, c) in &stones {
                cells[size.index(p)] = Some(c);
            }
            cells
        },
        me,
        None,
        0,
    );
    let mut captured: Vec<Point> = Vec::new();
    for q in size.neighbours(point) {
        if placed.at(q) == Some(me.other()) && !captured.contains(&q) {
            let (chain, liberties) = placed.chain(q);
            if liberties.is_empty() {
                captured.extend(chain);
            }
        }
    }
    stones.retain(|(p, _)| !captured.contains(p));
    let after = Position::from_parts(
        size,
        {
            let mut cells = [None; MAX_POINTS];
            for &(p, c) in &stones {
                cells[size.index(p)] = Some(c);
            }
            cells
        },
        me.other(),
        None,
        0,
    );
    let (chain, liberties) = after.chain(point);
    if liberties.is_empty() {
        return None; // suicide
    }
    let ko = (captured.len() == 1 && chain.len() == 1 && liberties == captured).then(|| captured[0]);
    Some(Position::from_parts(size, after_cells(&after), me.other(), ko, 0))
}

fn after_cells(p: &Position) -> [Option<Color>; MAX_POINTS] {
    let mut cells = [None; MAX_POINTS];
    for (q, c) in p.stones() {
        cells[p.size().index(q)] = Some(c);
    }
    cells
}

/// The reference's legal stones, row by row from A1.
fn reference_plays(position: &Position) -> Vec<Move> {
    position.size().all_points().filter(|&p| reference_play(position, p).is_some()).map(Move::Play).collect()
}

fn after<B: Board>(position: &Position, mv: Move) -> Position {
    let mut b = B::from_position(position);
    b.make(mv);
    b.position()
}

#[test]
fn one_white_stone_captures_four_chains() {
    let p = pos(FOUR_CHAINS);
    assert_eq!(p.count(Color::Black), 8);
    let centre = Move::Play(pt("E5"));
    for repr in Repr::ALL {
        assert!(legal_moves(repr, &p, Passing::Allowed).contains(&centre), "{repr}");
    }
    let a = after::<ArrayBoard>(&p, centre);
    let b = after::<BitBoard>(&p, centre);
    assert_eq!(a, b);
    assert_eq!(a.count(Color::Black), 0, "{a}");
    assert_eq!(a.count(Color::White), p.count(Color::White) + 1);
    assert_eq!(a.ko(), None);
    assert_eq!(Some(a), reference_play(&p, pt("E5")));
}

#[test]
fn suicide_is_refused() {
    // A lone stone in a corner with no breathing space.
    let corner = pos(". X . \nX . .\n. . .\nto-move white\n");
    for repr in Repr::ALL {
        assert!(!legal_moves(repr, &corner, Passing::Allowed).contains(&Move::Play(pt("A3"))), "{repr}");
    }
    // Black joining his four chains at E5 would leave the whole of them
    // without a breathing space, and captures nothing.
    let mut p = pos(FOUR_CHAINS);
    p = play(&p, Move::Pass).unwrap();
    assert_eq!(p.to_move(), Color::Black);
    for repr in Repr::ALL {
        let moves = legal_moves(repr, &p, Passing::Allowed);
        assert!(!moves.contains(&Move::Play(pt("E5"))), "{repr}");
        assert!(moves.contains(&Move::Play(pt("A1"))), "{repr}");
    }
    assert_eq!(play(&p, Move::Play(pt("E5"))), None);
}

#[test]
fn suicide_that_captures_is_allowed() {
    // White A1 has no breathing space of its own, but takes the black
    // stone on B1, whose last breathing space it was.
    let p = pos(". . .\nX O .\n. X O\nto-move white\n");
    let mv = Move::Play(pt("A1"));
    for repr in Repr::ALL {
        assert!(legal_moves(repr, &p, Passing::Allowed).contains(&mv), "{repr}");
    }
    let a = after::<ArrayBoard>(&p, mv);
    assert_eq!(a, after::<BitBoard>(&p, mv));
    assert_eq!(a.at(pt("B1")), None);
    assert_eq!(a.at(pt("A1")), Some(Color::White));
    // One stone took one stone and breathes only where it stood: a ko.
    assert_eq!(a.ko(), Some(pt("B1")));
}

#[test]
fn ko_is_refused_then_allowed_later() {
    let start = pos("
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        to-move black
    ");
    let take = Move::Play(pt("C3"));
    let retake = Move::Play(pt("B3"));
    let taken = play(&start, take).unwrap();
    assert_eq!(taken.at(pt("B3")), None);
    assert_eq!(taken.ko(), Some(pt("B3")));
    for repr in Repr::ALL {
        assert!(!legal_moves(repr, &taken, Passing::Allowed).contains(&retake), "{repr}");
        assert_eq!(after::<ArrayBoard>(&start, take), after::<BitBoard>(&start, take));
    }
    // A ko threat elsewhere and its answer lift the ban: White may retake.
    let threat = play(&taken, Move::Play(pt("E1"))).unwrap();
    assert_eq!(threat.ko(), None);
    let answer = play(&threat, Move::Play(pt("E2"))).unwrap();
    for repr in Repr::ALL {
        assert!(legal_moves(repr, &answer, Passing::Allowed).contains(&retake), "{repr}");
    }
    let retaken = play(&answer, retake).unwrap();
    assert_eq!(retaken.at(pt("C3")), None);
    assert_eq!(retaken.ko(), Some(pt("C3")));
    // A pass lifts it too.
    let passed = play(&play(&taken, Move::Pass).unwrap(), Move::Pass);
    assert!(passed.unwrap().is_over());
    let after_pass = play(&play(&taken, Move::Pass).unwrap(), Move::Play(pt("E5"))).unwrap();
    assert!(legal_moves(Repr::Array, &after_pass, Passing::Allowed).contains(&retake));
}

#[test]
fn two_passes_end_the_game() {
    let empty = Position::empty(Size::square(5).unwrap());
    let one = play(&empty, Move::Pass).unwrap();
    assert!(!one.is_over());
    assert_eq!(legal_moves(Repr::Bitboard, &one, Passing::Allowed).len(), 26);
    let two = play(&one, Move::Pass).unwrap();
    assert!(two.is_over());
    for repr in Repr::ALL {
        assert!(legal_moves(repr, &two, Passing::Allowed).is_empty(), "{repr}");
        assert_eq!(run_perft(repr, &two, 1, Passing::Allowed, false).unwrap().nodes, 0);
        assert_eq!(run_perft(repr, &two, 0, Passing::Allowed, false).unwrap().nodes, 1);
    }
    assert_eq!(play(&two, Move::Pass), None);
}

/// Perft of the empty board to depth 2 by counting: n stones and a pass;
/// after a stone, n - 1 stones and a pass; after a pass, n stones and the
/// pass that ends the game. Without passes, n (n - 1).
#[test]
fn empty_board_to_depth_two_by_formula() {
    for (cols, rows) in [(1, 1), (2, 1), (2, 2), (3, 3), (5, 5), (19, 19), (7, 13)] {
        let size = Size::new(cols, rows).unwrap();
        let n = size.points() as u64;
        let empty = Position::empty(size);
        for repr in Repr::ALL {
            let count = |d, p| run_perft(repr, &empty, d, p, false).unwrap().nodes;
            // On 1×1 the only stone is suicide.
            let stones = if n == 1 { 0 } else { n };
            assert_eq!(count(1, Passing::Allowed), stones + 1, "{size} {repr}");
            assert_eq!(count(1, Passing::Excluded), stones, "{size} {repr}");
            if n > 2 {
                assert_eq!(count(2, Passing::Allowed), n * n + n + 1, "{size} {repr}");
                assert_eq!(count(2, Passing::Excluded), n * (n - 1), "{size} {repr}");
            }
        }
    }
}

/// McKenzie's 9×9 counts without passes (computer-go list, 2005), to the
/// depth a unit test affords; the study compares the rest.
#[test]
fn mckenzie_9x9_small_depths() {
    let empty = Position::empty(Size::square(9).unwrap());
    for repr in Repr::ALL {
        let c = |d| run_perft(repr, &empty, d, Passing::Excluded, false).unwrap().nodes;
        assert_eq!([c(1), c(2), c(3)], [81, 6_480, 511_920], "{repr}");
    }
}

#[test]
fn depth_limits_fit_u64() {
    assert_eq!(max_depth(Size::square(19).unwrap()), 7);
    assert_eq!(max_depth(Size::square(1).unwrap()), 63);
    let p = Position::empty(Size::square(19).unwrap());
    assert!(run_perft(Repr::Array, &p, 8, Passing::Allowed, false).is_err());
}

/// Plays a random game of up to `plies` moves from `start` with both
/// representations and the reference in step, checking at every node that
/// the legal moves agree, that each move's result agrees, and that
/// make/unmake restores the position exactly.
fn random_playout(start: &Position, seed: u64, plies: usize) {
    let mut rng = SplitMix::new(seed);
    let mut a = ArrayBoard::from_position(start);
    let mut b = BitBoard::from_position(start);
    let mut list = MoveList::new();
    for _ in 0..plies {
        let here = a.position();
        assert_eq!(here, b.position());
        let moves_a = {
            generate(&mut a, Passing::Allowed, &mut list);
            list.as_slice().to_vec()
        };
        generate(&mut b, Passing::Allowed, &mut list);
        assert_eq!(moves_a, list.as_slice(), "legal moves differ at\n{here}");
        let mut reference = reference_plays(&here);
        if !here.is_over() {
            reference.push(Move::Pass);
        }
        assert_eq!(moves_a, reference, "reference differs at\n{here}");
        assert_eq!(count_moves(&mut a, Passing::Allowed, &mut list), moves_a.len() as u64);
        assert_eq!(count_moves(&mut b, Passing::Allowed, &mut list), moves_a.len() as u64);
        if moves_a.is_empty() {
            break;
        }
        // Every move round-trips on both boards.
        for &mv in &moves_a {
            let ua = a.make(mv);
            let ub = b.make(mv);
            let (pa, pb) = (a.position(), b.position());
            assert_eq!(pa, pb, "after {mv} from\n{here}");
            if let Move::Play(p) = mv {
                assert_eq!(Some(pa), reference_play(&here, p), "reference after {mv} from\n{here}");
            }
            a.unmake(mv, ua);
            b.unmake(mv, ub);
            assert_eq!(a.position(), here, "array unmake {mv}");
            assert_eq!(b.position(), here, "bitboard unmake {mv}");
        }
        // Passes are rare, so that games run long and fill the board.
        let plays = moves_a.iter().filter(|m| **m != Move::Pass).count();
        let pick = if plays > 0 && !rng.next_u64().is_multiple_of(16) {
            moves_a[(rng.next_u64() % plays as u64) as usize]
        } else {
            Move::Pass
        };
        a.make(pick);
        b.make(pick);
    }
}

#[test]
fn representations_agree_on_seeded_playouts() {
    for (k, (cols, rows)) in [(2, 2), (3, 3), (4, 3), (5, 5), (1, 6), (7, 7), (9, 9)].into_iter().enumerate() {
        let size = Size::new(cols, rows).unwrap();
        for seed in 0..6 {
            random_playout(&Position::empty(size), (k as u64) << 32 | seed, 120);
        }
    }
    random_playout(&pos(FOUR_CHAINS), 7, 60);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn representations_agree_on_random_playouts(cols in 1u32..=9, rows in 1u32..=9, seed in any::<u64>()) {
        let size = Size::new(cols, rows).unwrap();
        random_playout(&Position::empty(size), seed, 100);
    }
}

#[test]
fn representations_agree_on_perft_of_small_boards() {
    for (cols, rows, depth) in [(2, 2, 8), (3, 3, 5), (4, 4, 4), (5, 3, 4)] {
        let p = Position::empty(Size::new(cols, rows).unwrap());
        for passing in Passing::ALL {
            let a = run_perft(Repr::Array, &p, depth, passing, false).unwrap().nodes;
            let b = run_perft(Repr::Bitboard, &p, depth, passing, false).unwrap().nodes;
            assert_eq!(a, b, "{cols}x{rows} depth {depth} {passing}");
        }
    }
}
