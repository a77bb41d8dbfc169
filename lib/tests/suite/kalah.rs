//! Bell's published Kalah figures, and the two counting methods checked
//! against each other.

use plybench::engine::kalah::sweep::{longest_on_pits, pattern_for_counters};
use plybench::engine::kalah::{Count, CountOptions, Method, Position, Rules, count};
use plybench::engine::progress::Progress;
use plybench::study::kalah::bell;
use proptest::prelude::*;

fn figures(position: &Position, method: Method, rules: Rules) -> Count {
    let options = CountOptions { rules, method: Some(method), terminal_positions: true, ..CountOptions::default() };
    count(position, options, Progress::NONE).unwrap()
}

#[test]
fn bells_board_test_table_both_figures_both_methods() {
    let bell = bell::published().unwrap();
    assert_eq!(bell.board_test.rows.len(), 10);
    for row in &bell.board_test.rows {
        let position = Position::board_test(row.pits).unwrap();
        for method in [Method::Stack, Method::Memo] {
            let c = figures(&position, method, Rules::default());
            assert_eq!(c.sequences, row.moves, "{} pits, {method:?}: sequences", row.pits);
            // Up to ten pits no two sequences end on the same board.
            assert_eq!(
                c.terminal_positions.map(u128::from),
                Some(row.moves),
                "{} pits, {method:?}: terminals",
                row.pits
            );
        }
    }
}

#[test]
fn bells_stack_depths() {
    let bell = bell::published().unwrap();
    let three = figures(&"3,2,1".parse().unwrap(), Method::Stack, Rules::default());
    assert_eq!((three.max_stack_right_to_left, three.max_stack_left_to_right), (Some(3), Some(5)));
    let six = figures(&Position::board_test(6).unwrap(), Method::Stack, Rules::default());
    assert_eq!((six.max_stack_right_to_left, six.max_stack_left_to_right), (Some(6), Some(35)));
    for example in &bell.stack_depth.examples {
        let c = figures(&example.position.parse().unwrap(), Method::Memo, Rules::default());
        let computed =
            if example.scan == "right-to-left" { c.max_stack_right_to_left } else { c.max_stack_left_to_right };
        assert_eq!(computed, Some(example.max_stack), "{example:?}");
    }
}

#[test]
fn right_to_left_stack_never_exceeds_the_pits() {
    for pits in 1..=12 {
        let c = figures(&Position::board_test(pits).unwrap(), Method::Memo, Rules::default());
        // One pit: the only move empties the side, so nothing is stacked.
        let expected = if pits == 1 { 0 } else { pits };
        assert_eq!(c.max_stack_right_to_left, Some(expected), "{pits} pits");
    }
}

#[test]
fn the_two_methods_agree_up_to_twelve_pits() {
    for pits in 1..=12 {
        let position = Position::board_test(pits).unwrap();
        let stack = figures(&position, Method::Stack, Rules::default());
        let memo = figures(&position, Method::Memo, Rules::default());
        assert_eq!(
            (stack.sequences, stack.terminal_positions, stack.max_stack_right_to_left, stack.max_stack_left_to_right),
            (memo.sequences, memo.terminal_positions, memo.max_stack_right_to_left, memo.max_stack_left_to_right),
            "{pits} pits"
        );
    }
}

#[test]
fn sequences_and_terminal_positions_part_at_twelve_pits() {
    // Found by both methods above; Bell does not distinguish the figures.
    for pits in 1..=11 {
        let c = figures(&Position::board_test(pits).unwrap(), Method::Memo, Rules::default());
        assert_eq!(c.terminal_positions.map(u128::from), Some(c.sequences), "{pits} pits");
    }
    let c = figures(&Position::board_test(12).unwrap(), Method::Memo, Rules::default());
    assert!(u128::from(c.terminal_positions.unwrap()) < c.sequences);
}

#[test]
fn counts_do_not_depend_on_the_number_of_threads() {
    let position = Position::board_test(11).unwrap();
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| [Method::Stack, Method::Memo].map(|m| figures(&position, m, Rules::default())))
    };
    let one = run(1);
    let three = run(3);
    for (a, b) in one.iter().zip(&three) {
        assert_eq!(
            (a.sequences, a.terminal_positions, a.max_stack_right_to_left, a.max_stack_left_to_right),
            (b.sequences, b.terminal_positions, b.max_stack_right_to_left, b.max_stack_left_to_right)
        );
    }
}

#[test]
fn bells_fifty_pit_pattern_and_small_examples() {
    let bell = bell::published().unwrap();
    let fifty = &bell.clearing.fifty_pits;
    let sweep = longest_on_pits(fifty.pits).unwrap();
    assert_eq!(sweep.pattern_pn_first(), fifty.pattern_pn_first);
    assert!(sweep.cleared);
    assert_eq!(sweep.moves.len() as u64, fifty.moves);
    assert_eq!(sweep.counters, fifty.moves);
    for small in &bell.clearing.small {
        let sweep = pattern_for_counters(small.play.len() as u64).unwrap();
        let played: Vec<usize> = sweep.moves.iter().map(|p| p.number()).collect();
        assert_eq!(played, small.play);
    }
    assert_eq!(longest_on_pits(6).unwrap().moves.len(), 17);
}

/// Positions with a few pits and counters, and an opponent row.
fn small_position() -> impl Strategy<Value = Position> {
    (1usize..=6).prop_flat_map(|n| {
        (prop::collection::vec(0u32..=9, n), prop::collection::vec(0u32..=4, n))
            .prop_map(|(own, opponent)| Position::new(own, opponent).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_positions_count_the_same_by_both_methods(position in small_position(), captures: bool) {
        let rules = Rules { captures };
        let stack = figures(&position, Method::Stack, rules);
        let memo = figures(&position, Method::Memo, rules);
        prop_assert_eq!(stack.sequences, memo.sequences);
        prop_assert_eq!(stack.terminal_positions, memo.terminal_positions);
        prop_assert_eq!(stack.max_stack_right_to_left, memo.max_stack_right_to_left);
        prop_assert_eq!(stack.max_stack_left_to_right, memo.max_stack_left_to_right);
        prop_assert!(stack.max_stack_right_to_left.unwrap() <= position.pits());
    }

    #[test]
    fn captures_never_change_the_number_of_sequences(position in small_position()) {
        let plain = figures(&position, Method::Stack, Rules::default());
        let capturing = figures(&position, Method::Stack, Rules { captures: true });
        prop_assert_eq!(plain.sequences, capturing.sequences);
    }
}

#[test]
fn lapping_continuations_are_counted() {
    // P1 holds 1 + 2N + 1 counters: its last counter goes round the board
    // and lands in the kalah, a continuation. Checked by both methods and
    // by hand: from 0,0,8 (N = 3) P1 laps to 1,1,1 plus 2 in the kalah,
    // then 11 sequences follow from 1,1,1.
    let lapping: Position = "0,0,8".parse().unwrap();
    let after: Position = "1,1,1".parse().unwrap();
    let from_after = figures(&after, Method::Stack, Rules::default()).sequences;
    for method in [Method::Stack, Method::Memo] {
        assert_eq!(figures(&lapping, method, Rules::default()).sequences, from_after);
    }
}
