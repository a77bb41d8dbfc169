//! The dynamic program over the pits (`Method::Dp`) against the explicit
//! stack and memoization: Bell's board test, and random rows full enough
//! to lap the board.

use plybench::engine::kalah::{CountOptions, Method, Position, count};
use plybench::engine::progress::Progress;
use plybench::study::kalah::bell;
use proptest::prelude::*;

fn sequences(position: &Position, method: Method) -> u128 {
    let options = CountOptions { method: Some(method), ..CountOptions::default() };
    count(position, options, Progress::NONE).unwrap().sequences
}

fn laps(position: &Position) -> plybench::engine::kalah::LapStats {
    let options = CountOptions { method: Some(Method::Dp), ..CountOptions::default() };
    count(position, options, Progress::NONE).unwrap().laps.expect("the dynamic program reports laps")
}

#[test]
fn bells_table_by_the_dynamic_program() {
    for row in &bell::published().unwrap().board_test.rows {
        assert_eq!(sequences(&Position::board_test(row.pits).unwrap(), Method::Dp), row.moves, "{} pits", row.pits);
    }
}

fn board_test_agrees(pits: usize, methods: &[Method]) {
    let position = Position::board_test(pits).unwrap();
    let dp = sequences(&position, Method::Dp);
    for &method in methods {
        assert_eq!(dp, sequences(&position, method), "{pits} pits, {method:?}");
    }
}

#[test]
fn the_board_test_agrees_with_stack_and_memo_to_fourteen_pits() {
    for pits in 1..=12 {
        board_test_agrees(pits, &[Method::Stack, Method::Memo]);
    }
    for pits in 13..=14 {
        board_test_agrees(pits, &[Method::Memo]);
    }
}

#[test]
#[ignore = "minutes and up to 10 GB: memoization of 15 to 18 pits"]
fn the_board_test_agrees_with_memo_to_eighteen_pits() {
    for pits in 15..=18 {
        board_test_agrees(pits, &[Method::Memo]);
    }
}

#[test]
fn counts_past_memoization() {
    // Counted by memoization up to 18 pits (docs/kalah.md); by the dynamic
    // program alone beyond.
    assert_eq!(sequences(&Position::board_test(18).unwrap(), Method::Dp), 2_713_174_953);
    let laps = laps(&Position::board_test(11).unwrap());
    assert_eq!((laps.sequences_with_laps, laps.max_laps), (294, 1));
    let laps = laps_of(22);
    assert!(laps.max_laps >= 2 && laps.sequences_with_laps > 0);
}

fn laps_of(pits: usize) -> plybench::engine::kalah::LapStats {
    laps(&Position::board_test(pits).unwrap())
}

#[test]
fn no_laps_below_eleven_pits() {
    for pits in 1..=10 {
        assert_eq!(laps_of(pits).sequences_with_laps, 0, "{pits} pits");
    }
}

#[test]
fn auto_uses_the_dynamic_program_past_small_positions_only() {
    assert_eq!(Method::auto(&Position::board_test(12).unwrap()), Method::Stack);
    assert_eq!(Method::auto(&Position::board_test(13).unwrap()), Method::Dp);
    assert_eq!(Method::auto(&Position::board_test(200).unwrap()), Method::Memo);
    let options = CountOptions { terminal_positions: true, ..CountOptions::default() };
    assert_eq!(Method::chosen(&Position::board_test(13).unwrap(), options), Method::Memo);
}

/// Rows of 2 to 6 pits with up to 40 counters each: many laps.
fn full_row() -> impl Strategy<Value = Position> {
    (2usize..=6).prop_flat_map(|n| prop::collection::vec(0u32..=40, n).prop_map(|own| Position::from_own(own).unwrap()))
}

/// Rows of 1 to 4 pits with up to 25 counters each, counted by the stack too.
fn small_row() -> impl Strategy<Value = Position> {
    (1usize..=4).prop_flat_map(|n| prop::collection::vec(0u32..=25, n).prop_map(|own| Position::from_own(own).unwrap()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn full_rows_count_the_same_as_memoization(position in full_row()) {
        prop_assert_eq!(sequences(&position, Method::Dp), sequences(&position, Method::Memo));
    }

    #[test]
    fn small_rows_count_the_same_as_the_stack(position in small_row()) {
        prop_assert_eq!(sequences(&position, Method::Dp), sequences(&position, Method::Stack));
    }
}

#[test]
fn random_rows_do_lap() {
    // The property tests above are only worth something if laps occur in
    // their rows: check a fixed sample of them.
    let mut lapped = 0;
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let n = 2 + (rng % 5) as usize;
        let own: Vec<u32> = (0..n).map(|i| ((rng >> (7 * i + 5)) % 41) as u32).collect();
        let position = Position::from_own(own).unwrap();
        if laps(&position).sequences_with_laps > 0 {
            lapped += 1;
        }
    }
    assert!(lapped > 50, "{lapped} of 200 rows lap"); // 71 at the time of writing
}
