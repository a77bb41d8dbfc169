//! Checkers: the three representations against each other and against the
//! published perft counts; make/unmake; differential move lists on random
//! playouts.

use plybench::engine::checkers::bell_table::TableBoard;
use plybench::engine::checkers::bitboard::BitBoard;
use plybench::engine::checkers::samuel::SamuelBoard;
use plybench::engine::checkers::{Board, Counting, Move, Position, Repr, legal_moves, perft, play, run_perft};
use plybench::engine::rng::SplitMix;
use plybench::study::checkers::published;

/// Depth reached in CI: perft(8) = 845931 takes well under a second per
/// representation in release.
const CI_DEPTH: u32 = 8;

#[test]
fn every_representation_matches_the_published_counts() {
    let start = Position::start();
    for depth in 1..=CI_DEPTH {
        let published = published::opening(depth).unwrap().expect("published").value;
        for repr in Repr::ALL {
            let run = run_perft(repr, &start, depth, Counting::Paths, false).unwrap();
            assert_eq!(run.nodes, published, "{repr} depth {depth}");
        }
    }
}

#[test]
#[ignore = "about two minutes in release"]
fn deeper_published_counts() {
    let start = Position::start();
    for depth in 9..=11 {
        let published = published::opening(depth).unwrap().expect("published").value;
        for repr in Repr::ALL {
            assert_eq!(
                run_perft(repr, &start, depth, Counting::Paths, false).unwrap().nodes,
                published,
                "{repr} {depth}"
            );
        }
    }
    for depth in 12..=14 {
        let published = published::opening(depth).unwrap().expect("published").value;
        assert_eq!(
            run_perft(Repr::Bitboard, &start, depth, Counting::Paths, false).unwrap().nodes,
            published,
            "{depth}"
        );
    }
    // The two conventions agree to depth 11 and part at depth 12.
    let results = |depth| run_perft(Repr::Bitboard, &start, depth, Counting::Results, false).unwrap().nodes;
    assert_eq!(results(11), 85_242_128);
    assert!(results(12) < 388_623_673);
}

#[test]
fn divide_adds_up_and_matches_the_published_opening_moves() {
    let start = Position::start();
    for repr in Repr::ALL {
        let run = run_perft(repr, &start, 6, Counting::Paths, true).unwrap();
        let divide = run.divide.unwrap();
        assert_eq!(divide.len(), 7);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 36768);
        let mut names: Vec<String> = divide.iter().map(|(m, _)| m.to_string()).collect();
        names.sort();
        let data = published::data().unwrap();
        let mut expected: Vec<String> = data.divide[0].moves.keys().cloned().collect();
        expected.sort();
        assert_eq!(names, expected);
    }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

/// Positions met on random games from the opening, plus a few with kings.
fn playout_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = SplitMix::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        for _ in 0..200 {
            out.push(p);
            let moves = legal_moves(Repr::Bitboard, &p);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            p = play(&p, &mv);
        }
    }
    out
}

#[test]
fn move_lists_agree_on_random_playouts() {
    let positions = playout_positions(0x5EED, 60);
    assert!(positions.len() > 2000);
    let mut captures = 0;
    let mut multi = 0;
    let mut kings = 0;
    for p in &positions {
        let reference = sorted(legal_moves(Repr::Table, p));
        for repr in [Repr::Samuel, Repr::Bitboard] {
            assert_eq!(sorted(legal_moves(repr, p)), reference, "{repr} at {p}");
        }
        captures += reference.iter().filter(|m| m.is_capture()).count();
        multi += reference.iter().filter(|m| m.jumps >= 2).count();
        kings += usize::from(p.kings != 0);
        for m in &reference {
            assert_eq!(m.landings().last().copied().unwrap_or(m.to), m.to);
        }
    }
    // The playouts must reach the interesting cases, or the test proves little.
    assert!(captures > 500 && multi > 20 && kings > 200, "captures {captures}, multi {multi}, kings {kings}");
}

fn round_trip<B: Board + PartialEq + std::fmt::Debug>(p: &Position) {
    let mut board = B::from_position(p);
    let before = board.clone();
    assert_eq!(board.position(), *p);
    let mut moves = Vec::new();
    board.generate(&mut moves);
    for mv in &moves {
        let undo = board.make(mv);
        // Bell's table is the reference: its make shares no code with the others.
        let mut reference = TableBoard::from_position(p);
        reference.make(mv);
        assert_eq!(board.position(), reference.position(), "{:?} make {mv} at {p}", B::REPR);
        board.unmake(mv, undo);
        assert_eq!(board, before, "{:?} unmake {mv} at {p}", B::REPR);
    }
}

/// Positions whose captures end where they began, which a make written as
/// `pieces ^= from | to` would get wrong.
const LOOPS: [&str; 2] =
    ["W:WK2,21,22,23,25,27,28,29,30,31,32:B1,4,5,6,7,8,12,14,15", "B:W9,10,11,17,18,19,25,26,27:BK29"];

#[test]
fn make_unmake_round_trip() {
    let loops = LOOPS.iter().map(|f| f.parse::<Position>().unwrap());
    for p in playout_positions(7, 20).into_iter().chain(loops) {
        round_trip::<TableBoard>(&p);
        round_trip::<SamuelBoard>(&p);
        round_trip::<BitBoard>(&p);
    }
}

#[test]
fn perft_agrees_from_playout_positions() {
    let loops = LOOPS.iter().map(|f| f.parse::<Position>().unwrap());
    for p in playout_positions(11, 4).into_iter().step_by(9).chain(loops) {
        for counting in Counting::ALL {
            let mut t = TableBoard::from_position(&p);
            let mut s = SamuelBoard::from_position(&p);
            let mut b = BitBoard::from_position(&p);
            let n = perft(&mut t, 4, counting);
            assert_eq!(perft(&mut s, 4, counting), n, "{p}");
            assert_eq!(perft(&mut b, 4, counting), n, "{p}");
        }
    }
}

#[test]
fn bad_fen_is_a_usage_error_on_one_line() {
    for bad in [
        "",
        "B:W21",
        "X:W21:B1",
        "B:W21:C1",
        "B:W21:B0",
        "B:W21:B33",
        "B:W21:B21",
        "B:W21,21:B1",
        "B:W2:B1",
        "B:W21:B30",
        "B:W21:B5-3",
        "B:Wx:B1",
        "B:W1:W2",
        "B:W21:B1-13",
    ] {
        let e = plybench::Error::from(bad.parse::<Position>().expect_err(bad));
        assert!(e.is_usage(), "{bad}: {e}");
        assert!(!e.to_string().contains('\n'), "{bad}: {e}");
    }
}

#[test]
fn bells_multiple_capture_has_four_results() {
    let fig = &published::data().unwrap().bell_fig_3_7;
    let p: Position = fig.position.parse().unwrap();
    for repr in Repr::ALL {
        let paths = run_perft(repr, &p, 1, Counting::Paths, false).unwrap().nodes;
        let results = run_perft(repr, &p, 1, Counting::Results, false).unwrap().nodes;
        assert_eq!(results, fig.distinct_results, "{repr}");
        assert!(paths > results, "{repr}: {paths} paths");
    }
}

#[test]
fn a_king_loop_is_two_paths_to_one_result() {
    // Met at ply 12 of the opening tree: the white king on 2 takes the four
    // men on 7, 15, 14 and 6 either way round.
    let p: Position = "W:WK2,21,22,23,25,27,28,29,30,31,32:B1,4,5,6,7,8,12,14,15".parse().unwrap();
    for repr in Repr::ALL {
        let moves = legal_moves(repr, &p);
        let loops: Vec<&Move> = moves.iter().filter(|m| m.from == m.to).collect();
        assert_eq!(loops.len(), 2, "{repr}");
        assert_eq!(loops[0].result_key(), loops[1].result_key());
        assert_ne!(loops[0].dirs, loops[1].dirs);
        assert_eq!(play(&p, loops[0]), play(&p, loops[1]));
        // The king ends where it began, and four men are gone.
        let after = play(&p, loops[0]);
        assert_eq!((after.white, after.kings), (p.white, p.kings));
        assert_eq!(after.black, p.black & !(1 << 6 | 1 << 14 | 1 << 13 | 1 << 5));
        let paths = run_perft(repr, &p, 1, Counting::Paths, false).unwrap().nodes;
        let results = run_perft(repr, &p, 1, Counting::Results, false).unwrap().nodes;
        assert_eq!(paths, results + 1, "{repr}");
    }
}

#[test]
fn crowning_ends_the_move() {
    // A black man on 24 jumps 27 to land on 31 (the crowning row); the white
    // man on 26 is then next to a new king but the move is over.
    let p: Position = "B:W27,26:B24".parse().unwrap();
    for repr in Repr::ALL {
        let moves = legal_moves(repr, &p);
        assert_eq!(moves.len(), 1, "{repr}");
        assert_eq!(moves[0].to_string(), "24x31");
        assert_eq!(play(&p, &moves[0]).kings, 1 << 30);
    }
}

mod replays {
    use plybench::engine::checkers::replay::{Fault, parse_games, replay};
    use plybench::engine::checkers::{Color, Numbering, Square};

    const COCHRAN: &str = include_str!("../../datasets/checkers/cochran-1971-appendix-a.pdn");

    #[test]
    fn cochran_games_replay_to_their_first_damaged_move() {
        let games = parse_games(COCHRAN, None).unwrap();
        assert_eq!(games.len(), 5);
        assert!(games.iter().all(|g| g.numbering == Numbering::Cochran));
        let replays: Vec<_> = games.iter().map(replay).collect();
        // Issue 7: Game 4, move 14, Black's "8 - 18" lands on a ghost square.
        let g4 = &replays[3].damages[0];
        assert_eq!((g4.number, g4.side, g4.recorded.as_str()), (14, Color::Black, "8-18"));
        assert!(matches!(&g4.fault, Fault::BadSquare(why) if why.contains("ghost")));
        assert_eq!(replays[3].clean_plies, 26);
        // Game 5, move 12, Red's "24 - 20" cannot be played.
        let g5 = &replays[4].damages[0];
        assert_eq!((g5.number, g5.side, g5.recorded.as_str()), (12, Color::White, "24-20"));
        assert_eq!(g5.fault, Fault::NotLegal);
        assert_eq!(replays[4].clean_plies, 23);
        // Every first damage found has exactly one repair that lets the record go on.
        for r in &replays {
            let d = &r.damages[0];
            assert!(d.repair.is_some() && d.repairs.len() == 1 && d.plies_after > 0, "{}: {d:?}", r.name);
        }
    }

    #[test]
    fn standard_numbering_gives_the_same_replay() {
        // Game 5 rewritten square by square in the standard numbering.
        let games = parse_games(COCHRAN, None).unwrap();
        let g5 = &games[4];
        let mut text = String::from("[Numbering \"standard\"]\n");
        for rec in &g5.moves {
            let squares = rec.squares.as_ref().unwrap();
            let std: Vec<String> =
                squares.iter().map(|&n| Square::from_cochran(n).unwrap().number().to_string()).collect();
            text.push_str(&std.join("-"));
            text.push(' ');
        }
        let standard = &parse_games(&text, None).unwrap()[0];
        let (a, b) = (replay(g5), replay(standard));
        assert_eq!(a.clean_plies, b.clean_plies);
        assert_eq!(a.end, b.end);
        assert_eq!(a.damages.len(), b.damages.len());
        let repair = |d: &plybench::engine::checkers::replay::Damage| d.repair.map(|m| (m.from, m.to));
        assert_eq!(repair(&a.damages[0]), repair(&b.damages[0]));
    }
}
