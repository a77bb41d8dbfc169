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
    assert_eq!(changes(&board, 1, &mv), [Change::Occupy(sq(3, 1), 0), Change::Occupy(sq(1, 1), 1), Change::Nature(sq(1, 1), ROOK)]);
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
    assert_eq!((o.occupy(sq(5, 5)), o.nature(sq(5, 5))), (1, 1), "an assumed piece on an empty square is of the first nature");
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
    assert_eq!(w.condition(Condition { fact: Fact::Occupy(sq(8, 6), 0), fulfilled: false }), "OCCUPY(8, 6) becomes EMPTY");
    assert_eq!(w.change(Change::Occupy(sq(4, 5), 1)), "OCCUPY(4, 5) becomes FRIEND");
    let mut mv = RuleMove::new();
    mv.push(Sub::Capture(sq(7, 7)));
    mv.push(Sub::Travel(sq(2, 2), sq(7, 7)));
    assert_eq!(w.output(&Output::Move(mv)), "CAPTURE, (7, 7). TRAVEL, (2, 2), (7, 7).");
}
