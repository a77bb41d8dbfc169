//! The native code of a rule file (`plybench::engine::rules::native`)
//! against the interpreter, the reference: perft of every shipped game at
//! small depths, the legal moves and ends along seeded random playouts
//! (a property test), the errors of a run. Each game's library is built
//! once (rustc, a few seconds) into the test target's cache and shared by
//! every test of the run.

use std::path::PathBuf;
use std::sync::Mutex;

use plybench::engine::chess::Setup;
use plybench::engine::rules::RulesError;
use plybench::engine::rules::ast::Program;
use plybench::engine::rules::bridge::chess;
use plybench::engine::rules::games;
use plybench::engine::rules::interp::Interpreter;
use plybench::engine::rules::limits::Limits;
use plybench::engine::rules::native::{Native, NativeError, NativeOptions};
use plybench::engine::rules::parse::parse;
use plybench::engine::rules::perft::{Buffers, Interpreted, Rules, legal, perft};
use plybench::engine::rules::state::State;
use proptest::prelude::*;

/// One build at a time: tests running in parallel would otherwise start
/// rustc for the same game at once on a machine of two cores.
static BUILD: Mutex<()> = Mutex::new(());

fn options() -> NativeOptions {
    NativeOptions {
        rustc: PathBuf::from("rustc"),
        cache: PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules-native"),
    }
}

fn program(name: &str) -> Program {
    let game = games::find(name).unwrap();
    parse(game.file, game.text).unwrap()
}

fn native(program: &Program) -> Native<'_> {
    let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
    Native::new(program, Limits::default(), &options()).unwrap()
}

/// Perft by the interpreter and by the native code, equal at every depth
/// up to `depth`; the native counts.
fn both(name: &str, position: Option<&str>, depth: u32) -> Vec<u128> {
    let program = program(name);
    let mut interp = Interpreted::new(Interpreter::new(&program).unwrap());
    let mut native = native(&program);
    let mut state = match position {
        Some(text) => State::from_text(&program, text).unwrap(),
        None => State::start(&program).unwrap(),
    };
    (0..=depth)
        .map(|d| {
            let a = perft(&mut interp, &mut state, d, &mut Buffers::default()).unwrap();
            let b = perft(&mut native, &mut state, d, &mut Buffers::default()).unwrap();
            assert_eq!(a, b, "{name} perft({d})");
            b
        })
        .collect()
}

#[test]
fn native_perft_equals_the_interpreter_on_tictactoe() {
    // 9, 72, 504, 3024: the hand-written generator's counts as well.
    assert_eq!(both("tictactoe", None, 4), [1, 9, 72, 504, 3024]);
}

#[test]
fn native_perft_equals_the_interpreter_on_chess() {
    assert_eq!(both("chess", None, 3), [1, 20, 400, 8902]);
    // Castling through attacked squares (ATTACKED), en passant, promotions:
    // the "Kiwipete" position of the standard suite.
    let kiwipete = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(both("chess", Some(&chess::position_text(&kiwipete)), 2), [1, 48, 2039]);
}

#[test]
fn native_perft_equals_the_interpreter_on_draughts() {
    assert_eq!(both("draughts", None, 5), [1, 7, 49, 302, 1469, 7361]);
}

#[test]
fn native_perft_equals_the_interpreter_on_connect_four_and_othello() {
    assert_eq!(both("connect4", None, 4), [1, 7, 49, 343, 2401]);
    assert_eq!(both("othello", None, 5), [1, 4, 12, 56, 244, 1396]);
}

#[test]
fn native_perft_equals_the_interpreter_on_gomoku_and_the_moving_men() {
    // Go-moku on its 15 x 15 board: every ordered pair of squares.
    assert_eq!(both("gomoku", None, 2), [1, 225, 225 * 224]);
    let counts = both("tictactoe-moving", None, 3);
    assert_eq!(counts[1], 9, "{counts:?}");
    let counts = both("figure4", None, 3);
    assert!(counts[1] > 0, "{counts:?}");
}

/// A seeded random playout of `plies` plies from the start of `name`: at
/// each position the native code gives the interpreter's legal moves, in
/// the same order, and the same end.
fn playout(name: &str, seed: u64, plies: usize, native: &mut Native<'_>, program: &Program) {
    let mut interp = Interpreted::new(Interpreter::new(program).unwrap());
    let mut state = State::start(program).unwrap();
    let mut rng = seed;
    let (mut a, mut b, mut kings) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..plies {
        legal(&mut interp, &mut state, &mut a, &mut kings).unwrap();
        legal(native, &mut state, &mut b, &mut kings).unwrap();
        assert_eq!(a, b, "{name} at {}", state.to_text(program));
        let ended = interp.ended(&state).unwrap();
        assert_eq!(ended, native.ended(&state).unwrap(), "{name} at {}", state.to_text(program));
        if ended || a.is_empty() {
            return;
        }
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let mv = a[(rng >> 33) as usize % a.len()];
        state.make(&mv);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn native_moves_equal_the_interpreter_on_random_positions(seed in any::<u64>(), game in 0usize..4) {
        let name = ["chess", "draughts", "othello", "connect4"][game];
        let program = program(name);
        let mut native = native(&program);
        playout(name, seed, 60, &mut native, &program);
    }
}

#[test]
fn a_native_run_past_its_budget_gives_the_compiled_forms_error() {
    let text = "BOARD * 3, 3.\nPIECE * MAN, M.\nINITIAL * ONE = 1.\nINITIAL * N = 0.\n\
                ALGORITHM * MOVES.\nA. ARITHMETIC * N = N + ONE.\n. IF * N > ONE. A, A.\n. END.\n";
    let program = parse("loop.rules", text).unwrap();
    let limits = Limits { steps: 10_000, ..Limits::default() };
    let mut native = {
        let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
        Native::new(&program, limits, &options()).unwrap()
    };
    let state = State::from_text(&program, "3/3/3 1").unwrap();
    let error = native.moves(&state, &mut Vec::new()).unwrap_err();
    assert!(matches!(error, RulesError::Steps { .. }), "{error}");
    assert!(error.to_string().contains("budget of 10000 steps"), "{error}");
}

#[test]
fn a_missing_rustc_is_one_clear_error() {
    let program = program("tictactoe");
    let options = NativeOptions {
        rustc: PathBuf::from("/nonexistent/rustc"),
        cache: PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rules-native-missing"),
    };
    let _ = std::fs::remove_dir_all(&options.cache);
    let error = Native::new(&program, Limits::default(), &options).err().unwrap();
    assert!(matches!(error, RulesError::Native(NativeError::Rustc { .. })), "{error}");
    assert!(error.to_string().contains("needs rustc"), "{error}");
}
