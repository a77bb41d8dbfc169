//! Checkers: the deeper published counts, and positions that each show one
//! rule (a king's loop, crowning), in every representation; the replay of
//! Cochran's games. The properties every representation must have (legal
//! moves against a reference, make/unmake, the published counts, the colour
//! flip) are in `checkers_conformance.rs`.

use plybench::engine::checkers::{Counting, Move, Position, Repr, legal_moves, play, run_perft};
use plybench::study::checkers::published;

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
