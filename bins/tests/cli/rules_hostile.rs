//! `rules` on hostile rule files and flags (issue 35 §1): a rule file is a
//! program, so it can loop, fill the memory or overflow. Every case must
//! end with one line on stderr and exit status 2, within a second of CPU,
//! its memory within the limit it was given.
//!
//! Each run goes through `prlimit` (util-linux) with two limits the kernel
//! enforces, so that a regression fails the test instead of taking the
//! machine down:
//! - `--cpu`: one second of CPU time (ten in an unoptimised build); past it
//!   the kernel kills the process (SIGXCPU), which the test reports. CPU
//!   time, not wall time: the verdict does not depend on what else the
//!   machine runs.
//! - `--as`: 512 MiB of address space, twice `--max-memory 0.25` given
//!   where memory is the point; an allocation past it fails, which Rust
//!   reports as "memory allocation failed" and an abort (the symptom the
//!   issue saw), never an exit status 2.
//!
//! `prlimit` rather than `setrlimit` in a `pre_exec` hook: no `unsafe` code
//! and no dependency, and the limits are written in the command the test
//! prints when it fails.

use std::path::PathBuf;
use std::process::{Command, Output};

/// One second of CPU time in an optimised build.
const CPU_SECONDS: &str = if cfg!(debug_assertions) { "10" } else { "1" };

/// The address space each run may use.
const ADDRESS_SPACE: &str = "--as=536870912";

/// A rule file's header: a 3 x 3 board, one man, a few values, the empty start.
const HEADER: &str = "GAME * HOSTILE.\nBOARD * 3, 3.\nPIECE * MAN, X.\n\
                      INITIAL * EMPTY = 0. FRIEND = 1, 2. ZERO = (0, 0). ONE = 1.\nSTART * 3/3/3 1.\n";

/// A MOVES algorithm that puts every empty square, then `result`.
fn with_result(result: &str) -> String {
    format!(
        "{HEADER}ALGORITHM * MOVES.\nA. SCANNING * V. F.\n. IF * OCCUPY(V) = EMPTY. B, XA.\nB. MOVE * PUT, MAN, V.\n\
         . GO TO * XA.\nF. FINISHED *\n. END.\nALGORITHM * RESULT.\n{result}"
    )
}

/// A directory of rule files for this test, removed at the end.
struct Files(PathBuf);

impl Files {
    fn new(name: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("plybench-rules-hostile-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Files(dir)
    }

    /// Writes `text` (header and algorithms) as `name`, returns its path.
    fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a rule file");
        path.to_str().expect("utf-8 path").to_owned()
    }

    /// A file of `HEADER` and a MOVES algorithm of `body`.
    fn moves(&self, name: &str, body: &str) -> String {
        self.write(name, &format!("{HEADER}ALGORITHM * MOVES.\n{body}. END.\n"))
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs `rules args` under the CPU and address-space limits.
fn limited(args: &[&str]) -> Output {
    let cpu = format!("--cpu={CPU_SECONDS}");
    Command::new("prlimit")
        .args([cpu.as_str(), ADDRESS_SPACE, "--", env!("CARGO_BIN_EXE_rules")])
        .args(args)
        .output()
        .expect("prlimit (util-linux) runs the binary under a CPU and a memory limit")
}

/// `rules args` fails as bad input should: status 2 (not a signal: not
/// killed past its CPU second, not aborted past its memory), nothing on
/// stdout, one short line on stderr without control characters, naming
/// `needle`.
fn refused(args: &[&str], needle: &str) -> String {
    let out = limited(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(2),
        "prlimit --cpu={CPU_SECONDS} {ADDRESS_SPACE} rules {args:?} ended with {:?} (a signal: past its limits): {err}",
        out.status
    );
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout: {}", String::from_utf8_lossy(&out.stdout));
    let line = err.strip_suffix('\n').unwrap_or(&err);
    assert!(!line.is_empty() && !line.contains('\n'), "{args:?}: not one line: {err}");
    assert!(!line.chars().any(char::is_control), "{args:?}: a control character: {line:?}");
    assert!(line.len() < 600, "{args:?}: {} bytes: {line}", line.len());
    assert!(line.contains(needle), "{args:?}: no {needle:?} in: {line}");
    line.to_owned()
}

#[test]
fn a_move_in_a_loop_stops_at_the_budget_of_steps_or_of_memory() {
    let files = Files::new("move-loop");
    let f = files.moves("move-loop.rules", ". ARITHMETIC * P = (1, 1).\nA. MOVE * PUT, MAN, P.\n. GO TO * A.\n");
    for engine in ["interp", "compiled"] {
        let line = refused(&["perft", "--rules", &f, "--depth", "2", "--engine", engine], "invalid --max-steps");
        assert!(line.contains("move-loop.rules:8: `A. MOVE * PUT, MAN, P.`"), "{line}");
        assert!(line.contains("MOVES algorithm ran past its budget of 1000000 steps at label A"), "{line}");
        // With less memory, the list of moves is full first.
        let args = ["perft", "--rules", &f, "--depth", "2", "--engine", engine, "--max-memory", "0.05"];
        let line = refused(&args, "invalid --max-memory");
        assert!(line.contains("output more than") && line.contains("at label A"), "{line}");
    }
    // The analysis of conditions (which aborted, out of memory).
    refused(&["conditions", "--rules", &f], "invalid --max-steps");
    refused(&["conditions", "--rules", &f, "--max-memory", "0.05"], "invalid --max-memory");
}

#[test]
fn a_loop_with_a_zero_step_is_refused_where_it_would_loop() {
    let files = Files::new("zero-step");
    let f = files.moves(
        "zero.rules",
        ". ARITHMETIC * V = (1, 1).\nL. LOOP * W = V. ZERO. F.\n. MOVE * PUT, MAN, V.\n. GO TO * ZL.\nF. FINISHED *\n",
    );
    for engine in ["interp", "compiled"] {
        let line = refused(&["perft", "--rules", &f, "--depth", "1", "--engine", engine], "(0, 0)");
        assert!(line.contains("zero.rules:8: `L. LOOP * W = V. ZERO. F.`"), "{line}");
    }
    refused(&["conditions", "--rules", &f], "(0, 0)");
}

#[test]
fn go_to_statements_that_only_go_to_each_other_are_refused_by_every_subcommand() {
    let files = Files::new("goto");
    let moves = files.moves("goto.rules", "A. GO TO * B.\nB. GO TO * A.\n");
    let result = files.write("result.rules", &with_result("A. GO TO * A.\n. END.\n"));
    for (f, algorithm) in [(&moves, "moves"), (&result, "result")] {
        refused(&["perft", "--rules", f, "--depth", "1"], "only go to each other");
        refused(&["conditions", "--rules", f], "only go to each other");
        refused(&["conjugues", "--rules", f, "--algorithm", algorithm], "only go to each other");
    }
    refused(&["threats", "--rules", &result], "only go to each other");
}

#[test]
fn a_result_algorithm_or_an_arithmetic_loop_that_never_ends_stops_at_the_budget() {
    let files = Files::new("endless");
    let counting = "A. ARITHMETIC * N = N + ONE.\n. GO TO * A.\n";
    let result = files.write("result.rules", &with_result(&format!(". ARITHMETIC * N = 0.\n{counting}. END.\n")));
    for engine in ["interp", "compiled"] {
        let line = refused(&["perft", "--rules", &result, "--depth", "2", "--engine", engine], "--max-steps");
        assert!(line.contains("the RESULT algorithm ran past its budget") && line.contains("at label A"), "{line}");
    }
    refused(&["threats", "--rules", &result], "--max-steps");
    refused(&["conditions", "--rules", &result, "--algorithm", "result"], "--max-steps");
    let arithmetic = files.moves("arithmetic.rules", &format!(". ARITHMETIC * N = 0.\n{counting}"));
    refused(&["perft", "--rules", &arithmetic, "--depth", "1", "--engine", "compiled"], "the MOVES algorithm ran past");
    refused(&["conditions", "--rules", &arithmetic], "--max-steps");
    // The budget is the user's to raise, and to lower.
    refused(&["perft", "--game", "tictactoe", "--depth", "2", "--max-steps", "10"], "budget of 10 steps");
    refused(&["perft", "--game", "tictactoe", "--depth", "2", "--max-steps", "0"], "invalid --max-steps: 0");
}

#[test]
fn expressions_too_long_or_too_deep_are_refused_without_overflowing_the_stack() {
    let files = Files::new("deep");
    let terms = vec!["1"; 20_000].join(" + ");
    let parens = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    let signs = "- ".repeat(100_000) + "1";
    let calls = format!("{}(1, 1){}", "ABSCISSA(".repeat(5_000), ")".repeat(5_000));
    for (name, expr) in [("terms", terms), ("parens", parens), ("signs", signs), ("calls", calls)] {
        let f = files.moves(&format!("{name}.rules"), &format!(". ARITHMETIC * N = {expr}.\n"));
        let line = refused(&["perft", "--rules", &f, "--depth", "1"], "nests more than 100 levels");
        assert!(line.contains(&format!("{name}.rules:7: `. ARITHMETIC * N = ")), "{line}");
        refused(&["conjugues", "--rules", &f], "nests more than 100 levels");
    }
}

#[test]
fn a_bound_past_reason_is_refused_and_a_large_analysis_stops_at_its_memory() {
    let max = u64::MAX.to_string();
    let args = ["conditions", "--game", "chess", "--modifications", "5", "--max-runs", &max];
    refused(&args, "invalid --max-runs: 18446744073709551615; expected 1 to 100000000");
    let args = ["conditions", "--game", "chess", "--modifications", "5", "--max-memory", "0.05"];
    refused(&args, "invalid --max-memory: the analysis of conditions and modifications would hold more than 51 MiB");
}

#[test]
fn arithmetic_past_64_bits_is_an_error_not_a_wrapped_number() {
    let files = Files::new("overflow");
    // 63 doublings pass i64; wrapped, the guard would read false and perft print 0.
    let f = files.moves(
        "doubling.rules",
        ". ARITHMETIC * N = 1.\nA. ARITHMETIC * N = N * 2.\n. IF * N > 0. A, B.\nB. MOVE * PUT, MAN, (1, 1).\n",
    );
    for engine in ["interp", "compiled"] {
        let line = refused(&["perft", "--rules", &f, "--depth", "1", "--engine", engine], "passes the 64-bit");
        assert!(line.contains("4611686018427387904 * 2"), "{line}");
    }
    let negative =
        files.moves("negative.rules", ". ARITHMETIC * N = -9223372036854775807 - 1.\n. ARITHMETIC * M = -N.\n");
    refused(&["perft", "--rules", &negative, "--depth", "1"], "passes the 64-bit");
    let literal = files.moves("literal.rules", ". ARITHMETIC * N = 9223372036854775808.\n");
    refused(&["perft", "--rules", &literal, "--depth", "1"], "number too large");
}

#[test]
fn a_name_declared_twice_is_refused_like_a_label_used_twice() {
    let files = Files::new("twice");
    let tictactoe = include_str!("../../../lib/rules/tictactoe.rules");
    let twice = tictactoe.replace("INITIAL * LINE = 2.", "INITIAL * LINE = 2.\nINITIAL * EMPTY = 1.");
    let f = files.write("twice.rules", &twice);
    let line = refused(&["perft", "--rules", &f, "--depth", "2"], "EMPTY is already declared at line 8");
    assert!(line.contains("twice.rules:14: `INITIAL * EMPTY = 1.`"), "{line}");
    let piece = files.write("piece.rules", &tictactoe.replace("INITIAL * LINE = 2.", "INITIAL * MAN = 2."));
    refused(&["perft", "--rules", &piece, "--depth", "2"], "MAN is already declared at line 7, as a piece");
    let labels = files.moves("labels.rules", "A. GO TO * B.\nA. GO TO * B.\nB. FINISHED *\n");
    refused(&["perft", "--rules", &labels, "--depth", "1"], "already used at line 7");
}

#[test]
fn a_position_larger_than_the_board_is_refused_and_the_start_is_the_file_s() {
    let files = Files::new("board");
    let connect4 = files.write("connect4.rules", include_str!("../../../lib/rules/connect4.rules"));
    let eight = "8/8/8/8/8/8/8/8 1";
    let line = refused(&["perft", "--rules", &connect4, "--position", eight, "--depth", "2"], "--position");
    assert!(line.contains("larger than the rule file's `BOARD * 7, 6.`"), "{line}");
    // Without --position, the file's START (7 x 6, empty): 7 then 49.
    let out = limited(&["perft", "--rules", &connect4, "--depth", "2", "--format", "csv"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains(",2,49,"), "{}", String::from_utf8_lossy(&out.stdout));
    // A file without START needs --position.
    let bare =
        files.write("bare.rules", &include_str!("../../../lib/rules/tictactoe.rules").replace("START * 3/3/3 1.", ""));
    refused(&["perft", "--rules", &bare, "--depth", "1"], "declares no start position: give --position");
    let bad_start = files
        .write("start.rules", &include_str!("../../../lib/rules/tictactoe.rules").replace("3/3/3 1.", "4/4/4/4 1."));
    refused(&["perft", "--rules", &bad_start, "--depth", "1"], "the start position: a board of 4 x 4, larger");
}

#[test]
fn a_file_past_a_megabyte_or_full_of_control_bytes_is_refused_in_one_short_line() {
    let files = Files::new("bytes");
    #[cfg(target_os = "linux")]
    refused(&["perft", "--rules", "/dev/zero", "--depth", "1"], "larger than 1 MiB");
    let big = files.write("big.rules", &format!("{HEADER}# {}\n", "x".repeat(1 << 20)));
    refused(&["conjugues", "--rules", &big], "larger than 1 MiB");
    let raw = files.write("raw.rules", "GAME * X\u{1b}[2J\0.\nBOARD * 2, 1.\n");
    let line = refused(&["perft", "--rules", &raw, "--depth", "1"], "unexpected character");
    assert!(line.contains("\\u{1b}"), "{line}");
    let long = files.moves("long.rules", &format!(". ARITHMETIC * N = {}.\n", "A".repeat(100_000)));
    refused(&["perft", "--rules", &long, "--depth", "1"], "a name has at most 64 characters");
}

#[test]
fn a_table_increment_that_is_not_a_pair_is_refused_by_both_engines() {
    // Found by the `rules` fuzz target: a scalar in a TABLE row used as a
    // LOOP's increments was refused by the compiled engine and walked by
    // the interpreter, so the two gave different counts.
    let files = Files::new("scalar-step");
    let f = files.write(
        "scalar-step.rules",
        &format!(
            "{HEADER}TABLE * DIR(1) = (1, 0), 1.\nALGORITHM * MOVES.\nA. SCANNING * V. F.\n\
             B. LOOP * W = V. DIR(ONE). XA.\n. IF * OCCUPY(W) = EMPTY. C, XB.\nC. MOVE * PUT, MAN, W.\n\
             . GO TO * XB.\nF. FINISHED *\n. END.\n"
        ),
    );
    for engine in ["interp", "compiled"] {
        refused(&["perft", "--rules", &f, "--depth", "1", "--engine", engine], "is 1, not a pair");
    }
}

#[test]
fn a_go_to_into_a_loop_not_begun_in_the_run_is_refused_by_both_engines() {
    // Found by the `rules` fuzz target: `GO TO * ZK` from the rook's loop
    // into the king's, for a side without a king, continued the compiled
    // engine's loop from the previous run and the interpreter's from
    // nothing (perft(2) 2 against 6).
    let files = Files::new("unstarted");
    let f = files.write("unstarted.rules", include_str!("../../../fuzz/corpus/rules/found-go-to-unstarted-loop.rules"));
    for engine in ["interp", "compiled"] {
        refused(&["perft", "--rules", &f, "--depth", "2", "--engine", engine], "before the loop began in this run");
    }
}
