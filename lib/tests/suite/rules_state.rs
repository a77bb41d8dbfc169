//! The state of a rule-language game (`plybench::engine::rules::state`):
//! its text form, make and unmake, and the checks of a move's sub-moves.

use plybench::engine::rules::ast::Program;
use plybench::engine::rules::moves::{RuleMove, Square, Sub};
use plybench::engine::rules::parse::parse;
use plybench::engine::rules::state::{Cell, State, check_move};

fn chessish() -> Program {
    let text = "BOARD * 4, 3.\nPIECE * KING, K. PAWN, P.\nINDICATIF * CAS1 = 0. PLAYER.\n\
                INDICATIF * PASSANT = 0. RESET.\nALGORITHM * MOVES.\n. END.\n";
    parse("c.rules", text).unwrap()
}

#[test]
fn text_round_trips_with_indicatifs() {
    let program = chessish();
    for text in ["K3/4/2pk 1", "4/1P2/3k 2 CAS1=1,0", "4/4/4 1 CAS1=0,1 PASSANT=3"] {
        let state = State::from_text(&program, text).unwrap();
        assert_eq!(state.to_text(&program), text);
    }
    let state = State::from_text(&program, "K3/4/2pk 1").unwrap();
    assert_eq!(state.cell(Square::new(1, 3)), Cell { owner: 1, nature: 1 });
    assert_eq!(state.cell(Square::new(3, 1)), Cell { owner: 2, nature: 2 });
}

#[test]
fn bad_positions_say_why() {
    let program = chessish();
    for (text, why) in [
        ("K3/4/2qk 1", "not a piece's letter"),
        ("K3/5/2pk 1", "different lengths"),
        ("K3/4/2pk 3", "player to move"),
        ("K3/4/2pk 1 CAS1=1", "two values"),
        ("K3/4/2pk 1 FOO=1", "not an indicatif"),
    ] {
        let err = State::from_text(&program, text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
}

#[test]
fn make_and_unmake_restore_everything_and_reset_transients() {
    let program = chessish();
    let mut state = State::from_text(&program, "K3/1p2/4 1 PASSANT=2").unwrap();
    let before = state.clone();
    let mut mv = RuleMove::new();
    mv.push(Sub::Capture(Square::new(2, 2)));
    mv.push(Sub::Travel(Square::new(1, 3), Square::new(2, 2)));
    mv.push(Sub::Indic { id: 0, player: 1, value: 1 });
    check_move(&state, 1, &mv).unwrap();
    let undo = state.make(&mv);
    assert_eq!(state.to_text(&program), "4/1K2/4 2 CAS1=1,0");
    state.unmake(&undo);
    assert_eq!(state, before);
}

#[test]
fn sub_moves_check_what_the_paper_says() {
    let program = chessish();
    let state = State::from_text(&program, "K3/1p2/4 1").unwrap();
    let one = |sub| {
        let mut mv = RuleMove::new();
        mv.push(sub);
        check_move(&state, 1, &mv)
    };
    assert!(one(Sub::Travel(Square::new(3, 3), Square::new(4, 3))).unwrap_err().contains("is empty"));
    assert!(one(Sub::Travel(Square::new(1, 3), Square::new(2, 2))).unwrap_err().contains("not empty"));
    assert!(one(Sub::Capture(Square::new(1, 3))).unwrap_err().contains("no enemy"));
    assert!(one(Sub::Put(1, Square::new(1, 3))).unwrap_err().contains("not empty"));
    assert!(one(Sub::Promotion(1, Square::new(2, 2))).unwrap_err().contains("no friendly"));
    assert!(one(Sub::Put(1, Square::new(4, 1))).is_ok());
}
