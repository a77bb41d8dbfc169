//! The alphabeta study against the book's figures, the theory and itself.

use plybench::engine::rng::mix;
use plybench::engine::search::exact::{self, by_relative_order, two_ply_fraction};
use plybench::engine::search::{
    Algorithm, FixedTree, GameTree, LeafValues, Natural, Noisy, OrderKind, Perfect, RandomTree, SearchError, Spec,
    TreeShape, Worst, knuth_moore_minimum, search,
};
use plybench::engine::tictactoe::{self, TicOrder, TicSearch};
use plybench::study::alphabeta::{Experiment, Precision, run, run_adaptive};
use proptest::prelude::*;

fn experiment(b: u32, d: u32, order: OrderKind, algorithm: Algorithm, seed: u64) -> Experiment {
    noisy_experiment(b, d, order, 0.0, algorithm, seed)
}

fn noisy_experiment(b: u32, d: u32, order: OrderKind, correlation: f64, algorithm: Algorithm, seed: u64) -> Experiment {
    Experiment {
        shape: TreeShape::new(b, d).unwrap(),
        values: LeafValues::Continuous,
        order,
        correlation,
        algorithm,
        seed,
    }
}

#[test]
fn two_ply_monte_carlo_agrees_with_the_exact_values() {
    for b in [2, 3, 4, 8] {
        let exact = two_ply_fraction(b).unwrap().to_f64();
        let sample = run(&experiment(b, 2, OrderKind::Random, Algorithm::AlphaBeta, 5), 0, 40_000).unwrap();
        // Four half-widths of the 95% interval: a false alarm about once in 10^8.
        let gap = (sample.mean_leaves() - exact).abs();
        assert!(gap < 4.0 * sample.ci95_leaves(), "b={b}: {} vs {exact}", sample.mean_leaves());
    }
}

#[test]
fn two_ply_exact_values() {
    assert_eq!(two_ply_fraction(2).unwrap().to_string(), "11/3");
    // Enumeration by relative order, an independent method, agrees.
    for b in [2, 3] {
        let enumerated = by_relative_order(TreeShape::new(b, 2).unwrap(), Algorithm::AlphaBeta).unwrap();
        assert_eq!(Some(enumerated), two_ply_fraction(b));
    }
    // Deep cutoffs need depth 4, so F1 has the same expectation at depth 3.
    let shape = TreeShape::new(2, 3).unwrap();
    assert_eq!(
        by_relative_order(shape, Algorithm::AlphaBeta).unwrap(),
        by_relative_order(shape, Algorithm::AlphaBetaF1).unwrap()
    );
}

#[test]
fn three_ply_exact_value_checks_the_monte_carlo() {
    for b in [2, 3, 4, 8] {
        let exact = exact::expected_leaves(TreeShape::new(b, 3).unwrap()).unwrap();
        let sample = run(&experiment(b, 3, OrderKind::Random, Algorithm::AlphaBeta, 9), 0, 20_000).unwrap();
        let gap = (sample.mean_leaves() - exact.value).abs();
        assert!(gap < 4.0 * sample.ci95_leaves(), "b={b}: {} vs {}", sample.mean_leaves(), exact.value);
    }
}

/// The Monte Carlo of F2 and F1 on the same trees against the exact
/// values by polynomials, within four half-widths of the 95% interval.
fn deep_exact_values_check_the_monte_carlo(shapes: &[(u32, u32)], trees: u64, seed: u64) {
    for &(b, d) in shapes {
        let exact = exact::expected_leaves(TreeShape::new(b, d).unwrap()).unwrap();
        assert_eq!(exact.method, exact::ExactMethod::Polynomial);
        for (algorithm, value) in [(Algorithm::AlphaBeta, exact.value), (Algorithm::AlphaBetaF1, exact.f1_value)] {
            let sample = run(&experiment(b, d, OrderKind::Random, algorithm, seed), 0, trees).unwrap();
            let gap = (sample.mean_leaves() - value).abs();
            assert!(
                gap < 4.0 * sample.ci95_leaves(),
                "b={b} d={d} {}: {} ± {} vs {value}",
                algorithm.name(),
                sample.mean_leaves(),
                sample.ci95_leaves()
            );
        }
        // Deep cutoffs save more than the noise of either estimate.
        assert!(exact.f1_value - exact.value > 0.5, "b={b} d={d}");
    }
}

#[test]
fn depth_4_to_6_exact_values_check_the_monte_carlo() {
    deep_exact_values_check_the_monte_carlo(&[(2, 4), (2, 5), (2, 6), (3, 4), (4, 4)], 40_000, 11);
}

/// A million trees a shape: intervals about five times narrower.
#[test]
#[ignore = "about a minute on two cores; run with --ignored"]
fn depth_4_to_6_exact_values_check_a_large_monte_carlo() {
    deep_exact_values_check_the_monte_carlo(&[(2, 4), (2, 5), (2, 6), (3, 4), (4, 4), (2, 8), (3, 5)], 1_000_000, 12);
}

#[test]
fn adaptive_runs_reach_the_precision_asked() {
    let precision = Precision { relative_ci: 0.001, min_trees: 1_000, max_trees: 10_000_000 };
    let sample = run_adaptive(&experiment(2, 2, OrderKind::Random, Algorithm::AlphaBeta, 1983), precision).unwrap();
    assert!(sample.ci95_leaves() <= 0.001 * sample.mean_leaves());
    assert!(sample.trees > 1_000 && sample.trees < 10_000_000);
}

#[test]
fn perfect_order_examines_the_knuth_moore_minimum() {
    for b in 2..=8u32 {
        for d in 1..=6u32 {
            // Keep CI fast: perfect ordering searches every child's subtree.
            if u64::from(b).pow(d) > 40_000 {
                continue;
            }
            let shape = TreeShape::new(b, d).unwrap();
            for index in 0..3 {
                let tree = RandomTree::new(shape, LeafValues::Continuous, 77, index);
                let leaves = search(&tree, &Perfect, Algorithm::AlphaBeta).unwrap().counts.leaves;
                assert_eq!(Some(u128::from(leaves)), knuth_moore_minimum(b, d), "b={b} d={d} tree {index}");
            }
        }
    }
}

#[test]
fn minimax_and_worst_order_examine_every_leaf() {
    for (b, d) in [(2, 5), (3, 4), (5, 3), (4, 2)] {
        let shape = TreeShape::new(b, d).unwrap();
        for index in 0..20 {
            let tree = RandomTree::new(shape, LeafValues::Continuous, 3, index);
            assert_eq!(search(&tree, &Natural, Algorithm::Minimax).unwrap().counts.leaves, shape.leaves());
            let worst = search(&tree, &Worst, Algorithm::AlphaBeta).unwrap().counts.leaves;
            if d <= 3 {
                // No cutoff is possible when every move improves on the last.
                assert_eq!(worst, shape.leaves());
            } else {
                // From depth 4 a deep cutoff can still prune in worst order.
                assert!(worst >= search(&tree, &Natural, Algorithm::AlphaBeta).unwrap().counts.leaves);
            }
        }
    }
}

#[test]
fn noisy_order_spans_worst_to_perfect() {
    let shape = TreeShape::new(4, 4).unwrap();
    for index in 0..5 {
        let tree = RandomTree::new(shape, LeafValues::Continuous, 11, index);
        let leaves = |order: &Noisy| search(&tree, order, Algorithm::AlphaBeta).unwrap().counts.leaves;
        let perfect = search(&tree, &Perfect, Algorithm::AlphaBeta).unwrap().counts.leaves;
        let worst = search(&tree, &Worst, Algorithm::AlphaBeta).unwrap().counts.leaves;
        assert_eq!(leaves(&Noisy::new(1.0).unwrap()), perfect);
        assert_eq!(leaves(&Noisy::new(-1.0).unwrap()), worst);
    }
    let mean = |r: f64| {
        run(&noisy_experiment(4, 4, OrderKind::Noisy, r, Algorithm::AlphaBeta, 2), 0, 400).unwrap().mean_leaves()
    };
    let (low, mid, high) = (mean(-0.5), mean(0.0), mean(0.5));
    assert!(low > mid && mid > high, "{low} {mid} {high}");
    assert!(Noisy::new(1.5).is_err() && Noisy::new(f64::NAN).is_err());
}

/// Levy's Figure 14: MAX at the root, P1 with leaves 8 and 5, P2 whose first
/// leaf is 3 followed by 999 others.
#[test]
fn figure_14_three_of_1002_leaves() {
    let mut rest: Vec<i64> = vec![3];
    rest.extend((0..999).map(|i| (mix(i) % 100) as i64 - 50));
    let tree = FixedTree::new(&Spec::node(vec![Spec::leaves(&[8, 5]), Spec::leaves(&rest)]));
    assert_eq!(tree.leaf_count(), 1002);
    for algorithm in [Algorithm::AlphaBeta, Algorithm::AlphaBetaF1, Algorithm::NegaScout] {
        let searched = search(&tree, &Natural, algorithm).unwrap();
        assert_eq!((searched.counts.leaves, searched.value), (3, 5), "{algorithm:?}");
    }
    assert_eq!(search(&tree, &Natural, Algorithm::Minimax).unwrap().counts.leaves, 1002);
}

/// Levy's Figure 15: 5 of 8 leaves and root value 8 whatever values P122,
/// P221 and P222 hold.
#[test]
fn figure_15_five_of_eight_whatever_the_unexamined_leaves() {
    for p122 in -2..=12 {
        for p221 in -2..=12 {
            for p222 in -2..=12 {
                let tree = FixedTree::new(&Spec::node(vec![
                    Spec::node(vec![Spec::leaves(&[8, 7]), Spec::leaves(&[9, p122])]),
                    Spec::node(vec![Spec::leaves(&[3, 2]), Spec::leaves(&[p221, p222])]),
                ]));
                let searched = search(&tree, &Natural, Algorithm::AlphaBeta).unwrap();
                assert_eq!((searched.counts.leaves, searched.value), (5, 8), "{p122} {p221} {p222}");
                assert_eq!(search(&tree, &Natural, Algorithm::Minimax).unwrap().value, 8);
            }
        }
    }
}

#[test]
fn f1_never_examines_fewer_than_f2_and_more_from_depth_4() {
    for d in 1..=6u32 {
        let shape = TreeShape::new(3, d).unwrap();
        let (mut f1_total, mut f2_total) = (0u64, 0u64);
        for index in 0..300 {
            let tree = RandomTree::new(shape, LeafValues::Continuous, 21, index);
            let f1 = search(&tree, &Natural, Algorithm::AlphaBetaF1).unwrap().counts.leaves;
            let f2 = search(&tree, &Natural, Algorithm::AlphaBeta).unwrap().counts.leaves;
            assert!(f1 >= f2, "d={d} tree {index}: F1 {f1} < F2 {f2}");
            if d <= 3 {
                assert_eq!(f1, f2, "d={d} tree {index}");
            }
            f1_total += f1;
            f2_total += f2;
        }
        if d >= 4 {
            assert!(f1_total > f2_total, "d={d}: F1 {f1_total} F2 {f2_total}");
        }
    }
}

#[test]
fn same_seed_same_counts_with_any_number_of_threads() {
    let e = experiment(5, 4, OrderKind::Random, Algorithm::AlphaBeta, 99);
    let counts = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let s = pool.install(|| run(&e, 0, 3_000).unwrap());
        (s.mean_leaves().to_bits(), s.ci95_leaves().to_bits(), s.mean_nodes().to_bits(), s.percentile_leaves(99))
    };
    assert_eq!(counts(1), counts(4));
    assert_eq!(counts(3), counts(2));
    let other = run(&experiment(5, 4, OrderKind::Random, Algorithm::AlphaBeta, 100), 0, 3_000).unwrap();
    assert_ne!(other.mean_leaves().to_bits(), counts(1).0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every algorithm finds the minimax value, in every order, with or
    /// without ties; pruning never examines more than minimax.
    #[test]
    fn all_algorithms_agree_on_the_value(seed in any::<u64>(), b in 2u32..5, d in 1u32..5, levels in prop::option::of(2u32..5)) {
        let values = levels.map_or(LeafValues::Continuous, |levels| LeafValues::Discrete { levels });
        let tree = RandomTree::new(TreeShape::new(b, d).unwrap(), values, seed, 0);
        let truth = search(&tree, &Natural, Algorithm::Minimax).unwrap();
        let mid = values.at_quantile(0.5);
        for algorithm in [
            Algorithm::AlphaBeta,
            Algorithm::AlphaBetaF1,
            Algorithm::NegaScout,
            Algorithm::Aspiration { low: mid - 1, high: mid + 1 },
            Algorithm::Aspiration { low: values.at_quantile(0.1), high: values.at_quantile(0.9) },
        ] {
            for searched in [
                search(&tree, &Natural, algorithm).unwrap(),
                search(&tree, &Perfect, algorithm).unwrap(),
                search(&tree, &Noisy::new(0.3).unwrap(), algorithm).unwrap(),
            ] {
                prop_assert_eq!(searched.value, truth.value, "{:?}", algorithm);
            }
            if matches!(algorithm, Algorithm::AlphaBeta | Algorithm::AlphaBetaF1) {
                prop_assert!(search(&tree, &Natural, algorithm).unwrap().counts.leaves <= truth.counts.leaves);
            }
        }
    }
}

#[test]
fn minimax_counts_every_node() {
    let shape = TreeShape::new(3, 4).unwrap();
    let tree = RandomTree::new(shape, LeafValues::Continuous, 1, 0);
    let counts = search(&tree, &Natural, Algorithm::Minimax).unwrap().counts;
    assert_eq!((counts.leaves, counts.interior, counts.nodes()), (81, 1 + 3 + 9 + 27, 3 + 9 + 27 + 81));
    assert_eq!(tree.degree(tree.root()), 3);
}

#[test]
fn tic_tac_toe_minimax_totals() {
    let minimax =
        TicSearch { order: TicOrder::Natural, seed: 0, killer: false, window: false, symmetry: false, minimax: true };
    let full = tictactoe::count(minimax);
    assert_eq!((full.leaves, full.nodes, full.value), (255_168, 549_945, 0));
    // The move order does not change a full minimax.
    assert_eq!(tictactoe::count(TicSearch { order: TicOrder::Levy, ..minimax }), full);
    let reduced = tictactoe::count(TicSearch { symmetry: true, ..minimax });
    assert!(reduced.leaves < full.leaves / 5 && reduced.value == 0);
}

/// Positions of the full tic-tac-toe tree at each ply, the root at ply 0,
/// by a plain enumeration of boards (3 = empty), independent of the engine.
fn positions_by_ply(board: &mut [u8; 9], ply: usize, out: &mut [u64; 10]) {
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    out[ply] += 1;
    let won = LINES.iter().any(|l| board[l[0]] != 3 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]]);
    if won || ply == 9 {
        return;
    }
    for square in 0..9 {
        if board[square] == 3 {
            board[square] = (ply % 2) as u8;
            positions_by_ply(board, ply + 1, out);
            board[square] = 3;
        }
    }
}

#[test]
fn tic_tac_toe_nodes_with_the_root_agree_with_a_plain_enumeration() {
    let mut by_ply = [0u64; 10];
    positions_by_ply(&mut [3; 9], 0, &mut by_ply);
    assert_eq!(by_ply, [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
    let minimax =
        TicSearch { order: TicOrder::Levy, seed: 0, killer: false, window: false, symmetry: false, minimax: true };
    let full = tictactoe::count(minimax);
    assert_eq!(full.nodes_with_root, by_ply.iter().sum::<u64>());
    assert_eq!(full.nodes, by_ply[1..].iter().sum::<u64>());
}

#[test]
fn tic_tac_toe_ordering_killer_and_window_help() {
    let base =
        TicSearch { order: TicOrder::Natural, seed: 0, killer: false, window: false, symmetry: false, minimax: false };
    let natural = tictactoe::count(base);
    let levy = tictactoe::count(TicSearch { order: TicOrder::Levy, ..base });
    let killer = tictactoe::count(TicSearch { order: TicOrder::Levy, killer: true, ..base });
    let window = tictactoe::count(TicSearch { order: TicOrder::Levy, window: true, ..base });
    let both = tictactoe::count(TicSearch { order: TicOrder::Levy, killer: true, window: true, ..base });
    for c in [natural, levy, killer, window, both] {
        assert_eq!(c.value, 0);
    }
    assert!(levy.leaves < natural.leaves);
    assert!(
        killer.leaves < levy.leaves && window.leaves < levy.leaves && both.leaves < killer.leaves.min(window.leaves)
    );
    // Random order: value 0, deterministic per seed.
    let random = TicSearch { order: TicOrder::Random, seed: 4, ..base };
    assert_eq!(tictactoe::count(random), tictactoe::count(random));
    assert_eq!(tictactoe::count(random).value, 0);
}

#[test]
fn bad_sizes_are_errors() {
    assert!(TreeShape::new(1, 2).is_err());
    assert!(TreeShape::new(2, 0).is_err());
    assert!(TreeShape::new(2, 64).is_err());
    assert!(TreeShape::new(65, 2).is_err());
    assert!(run(&experiment(2, 2, OrderKind::Random, Algorithm::AlphaBeta, 0), 0, 0).is_err());
    assert!(run(&noisy_experiment(2, 2, OrderKind::Noisy, 1.5, Algorithm::AlphaBeta, 0), 0, 10).is_err());
    let err = plybench::Error::from(exact::expected_leaves(TreeShape::new(2, 9).unwrap()).unwrap_err());
    assert!(err.is_usage() && err.to_string().contains("at most 256 leaves"), "{err}");
    // Messages give the reason, never a command-line flag.
    for error in [
        TreeShape::new(1, 3).unwrap_err(),
        TreeShape::new(65, 2).unwrap_err(),
        TreeShape::new(2, 0).unwrap_err(),
        TreeShape::new(16, 16).unwrap_err(),
        Noisy::new(2.0).unwrap_err(),
        SearchError::NoCorrelation,
    ] {
        assert!(!error.to_string().contains("--"), "{error}");
    }
}

/// Every percentile of a run of real random trees against a sort of each
/// tree's own count (each tree searched alone): the oracle the histogram
/// of leaves never met, whose first range ended at 2047. The shapes span
/// counts from tens to over a million leaves a tree.
#[test]
fn percentiles_agree_with_a_sort_of_each_trees_leaves() {
    let cases = [
        (2, 11, OrderKind::Random, Algorithm::Minimax, 12),
        (3, 8, OrderKind::Random, Algorithm::AlphaBeta, 300),
        (8, 6, OrderKind::Random, Algorithm::AlphaBeta, 150),
        (16, 5, OrderKind::Worst, Algorithm::AlphaBeta, 6),
        (12, 5, OrderKind::Random, Algorithm::NegaScout, 60),
    ];
    for (b, d, order, algorithm, trees) in cases {
        let e = experiment(b, d, order, algorithm, 17);
        let sample = run(&e, 0, trees).unwrap();
        let mut leaves: Vec<u64> = (0..trees).map(|i| run(&e, i, 1).unwrap().min_leaves).collect();
        leaves.sort_unstable();
        assert_eq!((sample.min_leaves, sample.max_leaves), (leaves[0], leaves[leaves.len() - 1]));
        for p in 1..=100u32 {
            let exact = leaves[(u64::from(p) * trees).div_ceil(100) as usize - 1];
            let got = sample.percentile_leaves(p).unwrap();
            assert!(
                got >= exact && got - exact <= exact / 1024 && got <= sample.max_leaves,
                "{b}^{d} {order:?} {algorithm:?} p{p}: {got}, exactly {exact}"
            );
        }
    }
}
