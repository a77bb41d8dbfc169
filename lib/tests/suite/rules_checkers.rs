//! `draughts.rules` against plybench's hand-written checkers generators:
//! perft of the opening and the legal-move sets (every path of a capture a
//! move) of seeded random playout positions.

use plybench::engine::checkers::bell_table::TableBoard;
use plybench::engine::checkers::bitboard::BitBoard;
use plybench::engine::checkers::samuel::SamuelBoard;
use plybench::engine::checkers::{Board, Counting, Position, perft};
use plybench::engine::rng::SplitMix;
use plybench::engine::rules::ast::Program;
use plybench::engine::rules::bridge::checkers;
use plybench::engine::rules::compile::Compiled;
use plybench::engine::rules::games;
use plybench::engine::rules::interp::Interpreter;
use plybench::engine::rules::parse::parse;
use plybench::engine::rules::perft::{self as rules_perft, Buffers, Interpreted, Rules, legal};
use plybench::engine::rules::state::{RuleMove, State};

fn program() -> Program {
    let game = games::find("draughts").expect("draughts.rules is shipped");
    parse(game.file, game.text).unwrap_or_else(|e| panic!("{e}"))
}

fn state(program: &Program, position: &Position) -> State {
    let text = checkers::position_text(position);
    State::from_text(program, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions with kings and multiple captures, besides the opening: a
/// king's cycle back to its square, a man crowned by a jump, two paths to
/// the same capture.
const POSITIONS: &[&str] = &[
    "B:W21-32:B1-12",
    "B:W6,7,14,15:BK10",
    "B:W14,15,22,23:BK18",
    "B:W22,23,30,31:B19",
    "W:WK14,K23:B9,10,18,19,26,27",
    "B:W10,11,18,19,26,27:BK14",
    "W:W26,27,K5:B22,23,K30,K31",
    "B:W25,26,27,K12:B1,2,K3,21,22",
];

fn perft_opening(depth: u32) {
    let program = program();
    let mut interp = Interpreted::new(Interpreter::new(&program).unwrap_or_else(|e| panic!("{e}")));
    let mut compiled = Compiled::new(&program).unwrap_or_else(|e| panic!("{e}"));
    let mut buffers = Buffers::default();
    for fen in POSITIONS.iter().take(if depth > 7 { 1 } else { POSITIONS.len() }) {
        let position: Position = fen.parse().expect("position");
        let mut st = state(&program, &position);
        let rules = rules_perft::perft(&mut interp, &mut st, depth, &mut buffers).unwrap_or_else(|e| panic!("{e}"));
        let fast = rules_perft::perft(&mut compiled, &mut st, depth, &mut buffers).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rules, fast, "{fen} depth {depth}: interpreted {rules}, compiled {fast}");
        let rules = u64::try_from(rules).expect("a draughts perft this shallow fits u64");
        let table = perft(&mut TableBoard::from_position(&position), depth, Counting::Paths);
        let bitboard = perft(&mut BitBoard::from_position(&position), depth, Counting::Paths);
        let samuel = perft(&mut SamuelBoard::from_position(&position), depth, Counting::Paths);
        assert_eq!((table, samuel), (bitboard, bitboard), "{fen} depth {depth}: table, Samuel's words, bitboard");
        assert_eq!(rules, bitboard, "{fen} depth {depth}: draughts.rules {rules}, the three boards {bitboard}");
    }
}

#[test]
fn positions_read_as_rules_positions() {
    let program = program();
    for fen in POSITIONS {
        let st = state(&program, &fen.parse().expect("position"));
        assert_eq!(st, State::from_text(&program, &st.to_text(&program)).expect("round trip"), "{fen}");
    }
}

#[test]
fn perft_depth_5_equals_the_representations() {
    perft_opening(5);
}

#[test]
#[ignore = "minutes with the interpreter"]
fn perft_of_the_opening_to_depth_10_equals_the_representations() {
    perft_opening(10);
}

fn rule_moves<R: Rules>(rules: &mut R, state: &mut State) -> Vec<String> {
    let (mut out, mut kings): (Vec<RuleMove>, Vec<_>) = (Vec::new(), Vec::new());
    legal(rules, state, &mut out, &mut kings).unwrap_or_else(|e| panic!("{e}"));
    let mut text: Vec<String> = out.iter().map(checkers::rule_move).collect();
    text.sort_unstable();
    text
}

fn playouts(seed: u64, games_per_start: usize, plies: usize) -> usize {
    let program = program();
    let mut interp = Interpreted::new(Interpreter::new(&program).unwrap_or_else(|e| panic!("{e}")));
    let mut rng = SplitMix::new(seed);
    let mut compared = 0;
    for fen in POSITIONS {
        for _ in 0..games_per_start {
            let mut board = BitBoard::from_position(&fen.parse().expect("position"));
            for _ in 0..plies {
                let position = board.position();
                let mut st = state(&program, &position);
                let rules = rule_moves(&mut interp, &mut st);
                let hand = checkers::hand_moves::<BitBoard>(&position);
                assert_eq!(rules, hand, "legal moves of {position}");
                assert_eq!(hand, checkers::hand_moves::<TableBoard>(&position));
                assert_eq!(hand, checkers::hand_moves::<SamuelBoard>(&position));
                compared += 1;
                let mut list = Vec::new();
                board.generate(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[rng.below(list.len())];
                board.make(&m);
            }
        }
    }
    compared
}

#[test]
fn legal_moves_equal_on_random_playouts() {
    let n = playouts(15, 4, 60);
    assert!(n >= 300, "{n} positions compared");
}

#[test]
fn legal_moves_equal_on_thousands_of_random_playouts() {
    let n = playouts(1971, 60, 120);
    assert!(n >= 5_000, "{n} positions compared");
}
