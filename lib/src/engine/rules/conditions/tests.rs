use std::collections::HashMap;

use super::*;

/// A position for tests: pieces by square, indicatifs by (id, player).
#[derive(Default)]
pub(crate) struct Board {
    pub pieces: HashMap<Square, (u8, u8)>,
    pub indics: HashMap<(u8, u8), i64>,
}

impl View for Board {
    fn width(&self) -> i64 {
        8
    }
    fn height(&self) -> i64 {
        8
    }
    fn occupy(&self, s: Square) -> u8 {
        self.pieces.get(&s).map_or(0, |p| p.0)
    }
    fn nature(&self, s: Square) -> u8 {
        self.pieces.get(&s).map_or(0, |p| p.1)
    }
    fn indic(&self, id: u8, player: u8) -> i64 {
        self.indics.get(&(id, player)).copied().unwrap_or(0)
    }
}

fn sq(x: i8, y: i8) -> Square {
    Square { x, y }
}

const ROOK: u8 = 3;
const BISHOP: u8 = 4;
const KNIGHT: u8 = 5;

fn seed_position() -> Board {
    let mut b = Board::default();
    b.pieces.insert(sq(3, 1), (1, ROOK));
    b.pieces.insert(sq(1, 2), (1, BISHOP));
    b.pieces.insert(sq(4, 5), (2, KNIGHT));
    b
}

#[test]
fn the_bishop_capture_changes_three_things_in_the_papers_order() {
    let board = seed_position();
    let mut mv = RuleMove::new();
    mv.push(Sub::Capture(sq(4, 5)));
    mv.push(Sub::Travel(sq(1, 2), sq(4, 5)));
    assert_eq!(
        changes(&board, 1, &mv),
        [Change::Occupy(sq(4, 5), 1), Change::Nature(sq(4, 5), BISHOP), Change::Occupy(sq(1, 2), 0)]
    );
    let mut mv = RuleMove::new();
    mv.push(Sub::Travel(sq(3, 1), sq(1, 1)));
    assert_eq!(
        changes(&board, 1, &mv),
        [Change::Occupy(sq(3, 1), 0), Change::Occupy(sq(1, 1), 1), Change::Nature(sq(1, 1), ROOK)]
    );
}

#[test]
fn indicatifs_change_only_when_their_value_does() {
    let mut board = seed_position();
    board.indics.insert((0, 1), 1);
    let mut mv = RuleMove::new();
    mv.push(Sub::Indic { id: 0, player: 1, value: 1 });
    mv.push(Sub::Indic { id: 1, player: 1, value: 1 });
    assert_eq!(changes(&board, 1, &mv), [Change::Indic(1, 1, 1)]);
}

#[test]
fn an_overlay_shows_the_assumed_facts() {
    let board = seed_position();
    let assumed = [Fact::Occupy(sq(4, 5), 0), Fact::Occupy(sq(5, 5), 1), Fact::Occupy(sq(3, 1), 2)];
    let o = Overlay { base: &board, assumed: &assumed };
    assert_eq!((o.occupy(sq(4, 5)), o.nature(sq(4, 5))), (0, 0));
    assert_eq!(
        (o.occupy(sq(5, 5)), o.nature(sq(5, 5))),
        (1, 1),
        "an assumed piece on an empty square is of the first nature"
    );
    assert_eq!((o.occupy(sq(3, 1)), o.nature(sq(3, 1))), (2, ROOK));
    assert_eq!((o.occupy(sq(1, 2)), o.nature(sq(1, 2))), (1, BISHOP));
    let more = [Fact::Occupy(sq(5, 5), 1), Fact::Nature(sq(5, 5), KNIGHT)];
    assert_eq!(Overlay { base: &board, assumed: &more }.nature(sq(5, 5)), KNIGHT);
}

#[test]
fn the_push_down_erases_at_the_conjugue_and_keeps_each_fact_once() {
    let mut p = PushDown::default();
    p.push(Fact::Occupy(sq(1, 2), 1), 7);
    p.push(Fact::Nature(sq(1, 2), BISHOP), 7);
    p.push(Fact::Occupy(sq(2, 3), 0), 9);
    p.push(Fact::Occupy(sq(2, 3), 0), 9);
    assert_eq!(p.facts().len(), 3);
    p.enter(9);
    assert_eq!(p.facts(), [Fact::Occupy(sq(1, 2), 1), Fact::Nature(sq(1, 2), BISHOP)]);
    p.enter(7);
    assert!(p.facts().is_empty());
}

#[test]
fn figure_4_a_variable_remembers_the_condition_it_was_defined_under() {
    // IF a: A = 0 (the push-down holds a); s erases a; IF A = 0 reads A's list.
    let a = Fact::Occupy(sq(4, 4), 0);
    let mut p = PushDown::default();
    p.push(a, 5);
    p.define("A", &[], false);
    p.enter(5);
    assert!(p.facts().is_empty());
    assert_eq!(p.lists_of(&["A".to_owned()]), [a]);
    // B = A + 1 inherits A's list; redefining A under nothing empties it.
    p.define("B", &["A".to_owned()], false);
    p.define("A", &[], false);
    assert_eq!(p.lists_of(&["B".to_owned()]), [a]);
    assert!(p.lists_of(&["A".to_owned()]).is_empty());
}

#[test]
fn words_follow_the_paper() {
    let header = Header {
        pieces: ["KING", "QUEEN", "ROOK", "BISHOP", "KNIGHT", "PAWN"]
            .iter()
            .map(|n| crate::engine::rules::ast::PieceDecl { name: (*n).into(), letter: n.chars().next().unwrap() })
            .collect(),
        ..Header::default()
    };
    let w = Words { header: &header, player: 1 };
    assert_eq!(w.fact(Fact::Nature(sq(1, 2), BISHOP)), "NATURE(1, 2) = BISHOP");
    assert_eq!(
        w.condition(Condition { fact: Fact::Occupy(sq(8, 6), 0), fulfilled: false }),
        "OCCUPY(8, 6) becomes EMPTY"
    );
    assert_eq!(w.change(Change::Occupy(sq(4, 5), 1)), "OCCUPY(4, 5) becomes FRIEND");
    let mut mv = RuleMove::new();
    mv.push(Sub::Capture(sq(7, 7)));
    mv.push(Sub::Travel(sq(2, 2), sq(7, 7)));
    assert_eq!(w.output(&Output::Move(mv)), "CAPTURE, (7, 7). TRAVEL, (2, 2), (7, 7).");
}

mod with_the_interpreter {
    use super::super::*;
    use crate::engine::rules::games::find;
    use crate::engine::rules::parse::parse;
    use crate::engine::rules::state::State;

    fn program(name: &str) -> Program {
        let g = find(name).unwrap();
        parse(g.file, g.text).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Each output with its conditions and changes, in the paper's words.
    fn run(name: &str, position: &str, algo: Algo, options: Options) -> Vec<(String, Vec<String>, Vec<String>)> {
        let program = program(name);
        let state = State::from_text(&program, position).unwrap();
        let interp = Interpreter::new(&program).unwrap();
        let report = Analysis::new(&program, algo).unwrap().run(&interp, &state, state.player(), options).unwrap();
        let words = Words { header: &program.header, player: state.player() };
        report
            .findings
            .iter()
            .map(|f| {
                (
                    words.output(&f.output),
                    f.conditions.iter().map(|&c| words.condition(c)).collect(),
                    f.changes.iter().map(|&c| words.change(c)).collect(),
                )
            })
            .collect()
    }

    fn find_output<'a>(
        found: &'a [(String, Vec<String>, Vec<String>)],
        output: &str,
    ) -> &'a (String, Vec<String>, Vec<String>) {
        found.iter().find(|f| f.0 == output).unwrap_or_else(|| panic!("no {output} in {found:#?}"))
    }

    #[test]
    fn the_papers_bishop_and_rook_moves() {
        let found = run("pitrat-chess", "8/8/8/3n4/8/8/B7/2R5 1", Algo::Moves, Options::default());
        let bishop = find_output(&found, "CAPTURE, (4, 5). TRAVEL, (1, 2), (4, 5).");
        assert_eq!(
            bishop.1,
            [
                "OCCUPY(1, 2) = FRIEND",
                "NATURE(1, 2) = BISHOP",
                "OCCUPY(2, 3) = EMPTY",
                "OCCUPY(3, 4) = EMPTY",
                "OCCUPY(4, 5) = ENEMY"
            ]
        );
        assert_eq!(
            bishop.2,
            ["OCCUPY(4, 5) becomes FRIEND", "NATURE(4, 5) becomes BISHOP", "OCCUPY(1, 2) becomes EMPTY"]
        );
        let rook = find_output(&found, "TRAVEL, (3, 1), (1, 1).");
        assert_eq!(
            rook.1,
            ["OCCUPY(3, 1) = FRIEND", "NATURE(3, 1) = ROOK", "OCCUPY(2, 1) = EMPTY", "OCCUPY(1, 1) = EMPTY"]
        );
        assert_eq!(rook.2, ["OCCUPY(3, 1) becomes EMPTY", "OCCUPY(1, 1) becomes FRIEND", "NATURE(1, 1) becomes ROOK"]);
    }

    #[test]
    fn the_papers_moves_with_modifications() {
        let options = Options { modifications: 2, ..Options::default() };
        let found = run("pitrat-chess", "7k/7q/7b/7R/6B1/8/8/8 1", Algo::Moves, options);
        let queen = find_output(&found, "CAPTURE, (8, 7). TRAVEL, (8, 5), (8, 7).");
        assert_eq!(
            queen.1,
            ["OCCUPY(8, 5) = FRIEND", "NATURE(8, 5) = ROOK", "OCCUPY(8, 6) becomes EMPTY", "OCCUPY(8, 7) = ENEMY"]
        );
        let king = find_output(&found, "CAPTURE, (8, 8). TRAVEL, (8, 5), (8, 8).");
        assert_eq!(
            king.1,
            [
                "OCCUPY(8, 5) = FRIEND",
                "NATURE(8, 5) = ROOK",
                "OCCUPY(8, 6) becomes EMPTY",
                "OCCUPY(8, 7) becomes EMPTY",
                "OCCUPY(8, 8) = ENEMY"
            ]
        );
        let bishop = find_output(&found, "CAPTURE, (8, 5). TRAVEL, (7, 4), (8, 5).");
        assert_eq!(bishop.1, ["OCCUPY(7, 4) = FRIEND", "NATURE(7, 4) = BISHOP", "OCCUPY(8, 5) becomes ENEMY"]);
        // Without modifications, none of them.
        let legal = run("pitrat-chess", "7k/7q/7b/7R/6B1/8/8/8 1", Algo::Moves, Options::default());
        assert!(legal.iter().all(|f| !f.1.iter().any(|c| c.contains("becomes"))));
        assert!(!legal.iter().any(|f| f.0 == queen.0));
    }

    #[test]
    fn the_go_moku_win_with_three_modifications_on_row_6() {
        let options = Options { modifications: 3, ..Options::default() };
        let found = run("pitrat-gomoku", "15/15/15/15/15/15/5X9/15/5X9/15/15/15/15/15/15 1", Algo::Result, options);
        let wins: Vec<&Vec<String>> = found.iter().filter(|f| f.0 == "RESULT VICTORY").map(|f| &f.1).collect();
        let paper = [
            "OCCUPY(6, 5) becomes FRIEND",
            "OCCUPY(6, 6) becomes FRIEND",
            "OCCUPY(6, 7) = FRIEND",
            "OCCUPY(6, 8) becomes FRIEND",
            "OCCUPY(6, 9) = FRIEND",
        ];
        assert!(wins.iter().any(|w| **w == paper), "{wins:#?}");
        // Every win needs at least the three modifications of a line through
        // two men: none with fewer.
        assert!(wins.iter().all(|w| w.iter().filter(|c| c.contains("becomes")).count() == 3));
    }

    #[test]
    fn figure_4_the_refinement_gives_back_the_stored_condition() {
        let plain = run("figure4", "3/3/mMM 1", Algo::Moves, Options::default());
        let refined = run("figure4", "3/3/mMM 1", Algo::Moves, Options { refined: true, ..Options::default() });
        let mv = "TRAVEL, (2, 1), (2, 2).";
        assert_eq!(find_output(&plain, mv).1, ["OCCUPY(2, 1) = FRIEND"]);
        assert_eq!(find_output(&refined, mv).1, ["OCCUPY(2, 1) = FRIEND", "OCCUPY(2, 2) = EMPTY"]);
    }
}
