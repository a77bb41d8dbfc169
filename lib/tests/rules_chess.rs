//! `chess.rules` against plybench's hand-written chess generators: perft
//! on the standard and edge-case suites, and the legal-move sets of seeded
//! random playout positions.

use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::{Board, MoveList, Repr, Setup, dispatch};
use plybench::engine::rng::SplitMix;
use plybench::engine::rules::ast::Program;
use plybench::engine::rules::bridge::{chess, legal};
use plybench::engine::rules::games;
use plybench::engine::rules::interp::Interpreter;
use plybench::engine::rules::parse::parse;
use plybench::engine::rules::state::{RuleMove, State};
use plybench::study::datasets::{PERFT_EDGE_CASES, PERFT_STANDARD};

fn program() -> Program {
    let game = games::find("chess").expect("chess.rules is shipped");
    parse(game.file, game.text).unwrap_or_else(|e| panic!("{e}"))
}

fn suite() -> Vec<Setup> {
    [PERFT_STANDARD, PERFT_EDGE_CASES]
        .iter()
        .flat_map(|text| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Setup::from_fen(l.split(';').next().unwrap_or_default().trim()).expect("suite FEN"))
        .collect()
}

fn state(program: &Program, setup: &Setup) -> State {
    let text = chess::position_text(setup);
    State::from_text(program, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn rule_moves(interp: &Interpreter<'_>, royal: &[u8], state: &mut State) -> Vec<String> {
    let (mut out, mut scratch): (Vec<RuleMove>, Vec<RuleMove>) = (Vec::new(), Vec::new());
    legal::legal_moves(interp, royal, state, &mut out, &mut scratch).unwrap_or_else(|e| panic!("{e}"));
    let mut text: Vec<String> = out.iter().map(|m| chess::rule_move(interp.program(), m)).collect();
    text.sort_unstable();
    text
}

fn perft_agrees(depth: u32) {
    let program = program();
    let interp = Interpreter::new(&program).unwrap_or_else(|e| panic!("{e}"));
    for setup in suite() {
        let mut st = state(&program, &setup);
        let rules = legal::perft(&interp, &mut st, depth).unwrap_or_else(|e| panic!("{e}"));
        for repr in [Repr::Bitboard, Repr::X88] {
            let hand = dispatch::perft_on(repr, &setup, depth).expect("perft");
            assert_eq!(rules, hand, "{} depth {depth}: chess.rules {rules}, {repr} {hand}", setup.to_fen());
        }
    }
}

#[test]
fn suite_positions_read_as_rules_positions() {
    let program = program();
    for setup in suite() {
        let st = state(&program, &setup);
        let again = State::from_text(&program, &st.to_text(&program)).expect("round trip");
        assert_eq!(st, again, "{}", setup.to_fen());
    }
}

#[test]
fn perft_depth_2_equals_the_representations() {
    perft_agrees(2);
}

#[test]
#[ignore = "minutes with the interpreter"]
fn perft_depth_3_equals_the_representations() {
    perft_agrees(3);
}

#[test]
#[ignore = "long with the interpreter"]
fn perft_depth_4_equals_the_representations() {
    perft_agrees(4);
}

/// Plays `plies` random legal moves from each suite position (seeded) and
/// compares the legal-move sets at every position reached.
fn playouts(seed: u64, games_per_start: usize, plies: usize) -> usize {
    let program = program();
    let interp = Interpreter::new(&program).unwrap_or_else(|e| panic!("{e}"));
    let royal = legal::royal_natures(&program);
    let mut rng = SplitMix::new(seed);
    let mut compared = 0;
    for start in suite() {
        for _ in 0..games_per_start {
            let mut setup = start.clone();
            for _ in 0..plies {
                let mut st = state(&program, &setup);
                let rules = rule_moves(&interp, &royal, &mut st);
                let hand = chess::hand_moves::<BitboardBoard>(&setup);
                assert_eq!(rules, hand, "legal moves of {}", setup.to_fen());
                assert_eq!(hand, chess::hand_moves::<X88Board>(&setup), "x88 and bitboard disagree");
                compared += 1;
                let mut board = BitboardBoard::from_setup(&setup);
                let mut list = MoveList::new();
                board.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list.as_slice()[rng.below(list.len())];
                board.make(m);
                setup = board.to_setup();
            }
        }
    }
    compared
}

#[test]
fn legal_moves_equal_on_random_playouts() {
    let n = playouts(15, 1, 12);
    assert!(n >= 150, "{n} positions compared");
}

#[test]
#[ignore = "thousands of positions with the interpreter"]
fn legal_moves_equal_on_thousands_of_random_playouts() {
    let n = playouts(1971, 12, 40);
    assert!(n >= 5_000, "{n} positions compared");
}
