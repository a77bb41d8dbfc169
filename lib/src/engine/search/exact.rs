//! Expected leaf counts of alpha-beta (F2, random order, continuous
//! independent leaf values) as exact fractions.
//!
//! Two methods:
//!
//! - **Depth 2, closed form.** The first MIN node examines all `b` leaves.
//!   MIN node `i + 1` meets the cutoff value `a`, the largest of the `i`
//!   earlier minima, and examines leaves until one is at most `a`; it
//!   examines more than `k` leaves with probability `(1 − a)^k`. Integrating
//!   over the law of `a` (the maximum of `i` minima of `b` uniforms) gives a
//!   Beta integral, and the expectation
//!   `b + Σ_{i=1}^{b−1} Σ_{k=0}^{b−1} Π_{j=1}^{i} jb / (jb + k)`.
//!   Exact in `u128` fractions up to `b = 7`; in `f64` for any `b`.
//! - **Any depth, by relative order.** Only the relative order of the
//!   leaves matters, and the leaves alpha-beta has not examined do not
//!   matter at all. So the search is run with leaf values decided lazily:
//!   when the `k`-th leaf is examined, its rank among the `k − 1` already
//!   seen is one of `k` equally likely choices. Every sequence of choices
//!   is enumerated once; a run that examined `L` leaves has probability
//!   `1/L!`. This is far fewer runs than the `N!` orderings of all leaves,
//!   but it still grows factorially. It is offered for trees of at most
//!   [`MAX_ENUMERATED_LEAVES`] leaves (b = 2 at depth 3 takes 0.1 s); b = 2
//!   at depth 4 already needs more than 30 million runs. A guard of
//!   [`MAX_ENUMERATION_RUNS`] runs stops it in any case.
//!
//! - **Depth 3, integral.** The same argument one level deeper gives a
//!   polynomial in the MIN node's bound for each value of the root's bound,
//!   integrated numerically ([`three_ply_f64`]); it reproduces 719/105 for
//!   b = 2 to 12 digits.
//!
//! - **Any depth, polynomials in the window** ([`window_poly`]): the
//!   expected leaves below a node searched with the window `(α, β)` is a
//!   polynomial in `(α, β)`, built level by level from the leaves up. It
//!   gives exact fractions, and F1 beside F2; it is used from depth 4, up
//!   to [`MAX_POLYNOMIAL_LEAVES`](window_poly::MAX_POLYNOMIAL_LEAVES)
//!   leaves.
//!
//! So exact values: depth 1 any b; depth 2 up to b = 7 as a fraction
//! (beyond as a float from the same closed form); depth 3 as the fraction
//! 719/105 for b = 2 and as a float from the integral for any b; depth 4
//! and more as fractions by polynomials, up to 256 leaves (b = 2 to depth
//! 8, b = 3 to depth 5, b = 4 at depth 4).

use std::cell::RefCell;
use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;

use super::algorithm::{Algorithm, search_unchecked};
use super::error::SearchError;
use super::order::Natural;
use super::tree::{GameTree, RandomNode, TreeShape};
use super::window_poly;
use crate::engine::rng::child_id;

/// The most leaves a tree of depth 3 may have for [`expected_leaves`] to
/// enumerate it.
pub const MAX_ENUMERATED_LEAVES: u64 = 9;

/// The most search runs the enumeration by relative order makes before it
/// gives up.
pub const MAX_ENUMERATION_RUNS: u64 = 30_000_000;

/// A non-negative fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    /// Numerator.
    pub numerator: u128,
    /// Denominator, never 0.
    pub denominator: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    /// `numerator / denominator` in lowest terms (`denominator > 0`).
    pub fn new(numerator: u128, denominator: u128) -> Fraction {
        let g = gcd(numerator, denominator).max(1);
        Fraction { numerator: numerator / g, denominator: denominator / g }
    }

    /// The sum, or `None` past `u128`.
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let g = gcd(self.denominator, other.denominator);
        let left = self.numerator.checked_mul(other.denominator / g)?;
        let right = other.numerator.checked_mul(self.denominator / g)?;
        let den = (self.denominator / g).checked_mul(other.denominator)?;
        Some(Fraction::new(left.checked_add(right)?, den))
    }

    /// The product, or `None` past `u128`.
    pub fn checked_mul(self, other: Fraction) -> Option<Fraction> {
        let g1 = gcd(self.numerator, other.denominator).max(1);
        let g2 = gcd(other.numerator, self.denominator).max(1);
        let num = (self.numerator / g1).checked_mul(other.numerator / g2)?;
        let den = (self.denominator / g2).checked_mul(other.denominator / g1)?;
        Some(Fraction::new(num, den))
    }

    /// The value as a float.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// The 2-ply closed form as a float, for any branching.
///
/// ```
/// let e = plybench::engine::search::exact::two_ply_f64(2);
/// assert!((e - 11.0 / 3.0).abs() < 1e-12);
/// ```
pub fn two_ply_f64(branching: u32) -> f64 {
    let b = f64::from(branching);
    let mut total = b;
    for k in 0..branching {
        let mut product = 1.0;
        for j in 1..branching {
            let jb = f64::from(j) * b;
            product *= jb / (jb + f64::from(k));
            total += product;
        }
    }
    total
}

/// The 2-ply closed form as a fraction; `None` when a term outgrows `u128`.
pub fn two_ply_fraction(branching: u32) -> Option<Fraction> {
    let b = u128::from(branching);
    let mut total = Fraction::new(b, 1);
    for k in 0..b {
        let mut product = Fraction::new(1, 1);
        for j in 1..b {
            product = product.checked_mul(Fraction::new(j * b, j * b + k))?;
            total = total.checked_add(product)?;
        }
    }
    Some(total)
}

/// The 3-ply expectation, by integrating over the cutoff values.
///
/// The first MIN node is a full 2-ply search (by the symmetry `x ↦ 1 − x`
/// it examines as many leaves as a 2-ply MAX search). After `j` MIN nodes
/// the root's bound `a` is the largest of `j` MIN values, whose law is
/// `G(a)^j` with `G(a) = 1 − (1 − a^b)^b`. A MIN node searched with bound
/// `a` examines all `b` leaves of its first MAX child, whose value `β` (law
/// `β^b`) becomes its bound; every later MAX child examines leaves until
/// one reaches `β`, `1 + β + … + β^(b−1)` on average; if one does (chance
/// `1 − β^b`) `β` stays, if none does their maximum lowers `β`; the MIN node
/// stops as soon as `β ≤ a`. For a fixed
/// `a` the expected count is a polynomial in `β`, built exactly in `f64`
/// coefficients (they stay small, so nothing cancels badly); the outer
/// integral over `a` uses composite 32-point Gauss-Legendre quadrature on
/// 256 panels. For b = 2 it gives 719/105, the enumerated value.
///
/// ```
/// let e = plybench::engine::search::exact::three_ply_f64(2);
/// assert!((e - 719.0 / 105.0).abs() < 1e-12);
/// ```
pub fn three_ply_f64(branching: u32) -> f64 {
    let b = branching as usize;
    let bf = f64::from(branching);
    let (nodes, weights) = gauss_legendre_32();
    let panels = 256;
    let mut total = two_ply_f64(branching);
    for panel in 0..panels {
        let (lo, hi) = (panel as f64 / panels as f64, (panel + 1) as f64 / panels as f64);
        let half = 0.5 * (hi - lo);
        for (x, w) in nodes.iter().zip(&weights) {
            let a = lo + half * (x + 1.0);
            let leaves = min_node_leaves(b, a);
            // d/da Σ_{j=1}^{b−1} G(a)^j = G'(a) Σ_j j G(a)^(j−1).
            let g = 1.0 - (1.0 - a.powi(branching as i32)).powi(branching as i32);
            let dg =
                bf * bf * a.powi(branching as i32 - 1) * (1.0 - a.powi(branching as i32)).powi(branching as i32 - 1);
            let mut sum = 0.0;
            let mut power = 1.0;
            for j in 1..b {
                sum += j as f64 * power;
                power *= g;
            }
            total += half * w * leaves * dg * sum;
        }
    }
    total
}

/// Expected leaves of a 2-ply MIN node over MAX nodes searched with the
/// lower bound `a` (see [`three_ply_f64`]).
fn min_node_leaves(b: usize, a: f64) -> f64 {
    let eval = |p: &[f64], x: f64| p.iter().rev().fold(0.0, |acc, c| acc * x + c);
    // c(β) = 1 + β + … + β^(b−1).
    let c = vec![1.0; b];
    let mut f: Vec<f64> = Vec::new();
    // Multiply by the density b·β^(b−1) and integrate: the antiderivative.
    let weigh_and_integrate = |poly: &[f64]| {
        let mut q = vec![0.0; poly.len() + b];
        for (k, coef) in poly.iter().enumerate() {
            let power = k + b - 1;
            q[power + 1] = b as f64 * coef / (power + 1) as f64;
        }
        q
    };
    for _ in 1..b {
        let q = weigh_and_integrate(&f);
        let qa = eval(&q, a);
        // A cut-off MAX child (probability 1 − β^b) leaves β as it was.
        let mut next = q;
        next.resize(next.len().max(c.len()).max(f.len() + b), 0.0);
        for (k, ck) in c.iter().enumerate() {
            next[k] += ck;
        }
        for (k, fk) in f.iter().enumerate() {
            next[k] += fk;
            next[k + b] -= fk;
        }
        next[0] -= qa;
        f = next;
    }
    let h = weigh_and_integrate(&f);
    b as f64 + eval(&h, 1.0) - eval(&h, a)
}

/// Nodes and weights of 32-point Gauss-Legendre quadrature on [−1, 1],
/// by Newton's method on the Legendre polynomial.
fn gauss_legendre_32() -> ([f64; 32], [f64; 32]) {
    const N: usize = 32;
    let mut nodes = [0.0; N];
    let mut weights = [0.0; N];
    for i in 0..N {
        let mut x = (std::f64::consts::PI * (i as f64 + 0.75) / (N as f64 + 0.5)).cos();
        let mut derivative = 0.0;
        for _ in 0..100 {
            let (mut p0, mut p1) = (1.0, x);
            for k in 2..=N {
                let p2 = ((2 * k - 1) as f64 * x * p1 - (k - 1) as f64 * p0) / k as f64;
                p0 = p1;
                p1 = p2;
            }
            derivative = N as f64 * (x * p1 - p0) / (x * x - 1.0);
            let step = p1 / derivative;
            x -= step;
            if step.abs() < 1e-16 {
                break;
            }
        }
        nodes[i] = x;
        weights[i] = 2.0 / ((1.0 - x * x) * derivative * derivative);
    }
    (nodes, weights)
}

/// A uniform tree whose leaf values are decided, by rank, the first time
/// each leaf is examined, following a script of choices.
struct LazyTree {
    shape: TreeShape,
    state: RefCell<Lazy>,
}

#[derive(Default)]
struct Lazy {
    /// Values already given, sorted.
    sorted: Vec<i64>,
    /// `(leaf id, value)` of every leaf examined in this run.
    given: Vec<(u64, i64)>,
    /// The choices: `(rank, number of ranks)` for each leaf in order.
    script: Vec<(usize, usize)>,
}

const TOP: i64 = 1 << 61;

impl GameTree for LazyTree {
    type Node = RandomNode;

    fn root(&self) -> RandomNode {
        RandomNode { id: 0, ply: 0 }
    }

    fn degree(&self, node: RandomNode) -> usize {
        if node.ply >= self.shape.depth { 0 } else { self.shape.branching as usize }
    }

    fn child(&self, node: RandomNode, index: usize) -> RandomNode {
        RandomNode { id: child_id(node.id, index), ply: node.ply + 1 }
    }

    fn value(&self, node: RandomNode) -> i64 {
        let mut state = self.state.borrow_mut();
        if let Some(&(_, v)) = state.given.iter().find(|(id, _)| *id == node.id) {
            return v;
        }
        let k = state.given.len();
        if k == state.script.len() {
            state.script.push((0, k + 1));
        }
        let rank = state.script[k].0;
        let low = if rank == 0 { 0 } else { state.sorted[rank - 1] };
        let high = if rank == k { TOP } else { state.sorted[rank] };
        let value = low + (high - low) / 2;
        state.sorted.insert(rank, value);
        state.given.push((node.id, value));
        value
    }

    fn key(&self, node: RandomNode) -> u64 {
        node.id
    }

    fn max_degree(&self) -> usize {
        self.shape.branching as usize
    }
}

/// The expected number of leaves `algorithm` examines in random order on
/// a uniform tree with independent continuous leaf values, by enumerating
/// the relative orders of the examined leaves.
///
/// ```
/// use plybench::engine::search::{Algorithm, TreeShape, exact::by_relative_order};
///
/// let e = by_relative_order(TreeShape::new(2, 2)?, Algorithm::AlphaBeta)?;
/// assert_eq!((e.numerator, e.denominator), (11, 3));
/// # Ok::<(), plybench::engine::search::SearchError>(())
/// ```
///
/// # Errors
///
/// [`SearchError::EnumerationTooLong`] past [`MAX_ENUMERATION_RUNS`] runs
/// or when the sum outgrows `u128`.
pub fn by_relative_order(shape: TreeShape, algorithm: Algorithm) -> Result<Fraction, SearchError> {
    let too_large = || SearchError::EnumerationTooLong {
        branching: shape.branching,
        depth: shape.depth,
        max_runs: MAX_ENUMERATION_RUNS,
    };
    let tree = LazyTree { shape, state: RefCell::new(Lazy::default()) };
    // runs_by_leaves[L] = number of runs that examined L distinct leaves,
    // and leaves_by_leaves[L] the leaf evaluations they made in total.
    let mut evaluations_by_distinct: Vec<u128> = Vec::new();
    let mut runs: u64 = 0;
    loop {
        runs += 1;
        if runs > MAX_ENUMERATION_RUNS {
            return Err(too_large());
        }
        {
            let mut state = tree.state.borrow_mut();
            state.sorted.clear();
            state.given.clear();
        }
        let searched = search_unchecked(&tree, &Natural, algorithm);
        let mut state = tree.state.borrow_mut();
        let distinct = state.given.len();
        if evaluations_by_distinct.len() <= distinct {
            evaluations_by_distinct.resize(distinct + 1, 0);
        }
        evaluations_by_distinct[distinct] += u128::from(searched.counts.leaves);
        // The choices past this run's leaves were never used.
        state.script.truncate(distinct);
        // Advance the odometer of choices.
        loop {
            match state.script.last_mut() {
                None => {
                    drop(state);
                    return sum_over_factorials(&evaluations_by_distinct).ok_or_else(too_large);
                }
                Some((rank, ranks)) if *rank + 1 < *ranks => {
                    *rank += 1;
                    break;
                }
                Some(_) => {
                    state.script.pop();
                }
            }
        }
    }
}

fn sum_over_factorials(evaluations_by_distinct: &[u128]) -> Option<Fraction> {
    let mut total = Fraction::new(0, 1);
    let mut factorial: u128 = 1;
    for (l, &evaluations) in evaluations_by_distinct.iter().enumerate() {
        if l > 0 {
            factorial = factorial.checked_mul(l as u128)?;
        }
        if evaluations > 0 {
            total = total.checked_add(Fraction::new(evaluations, factorial))?;
        }
    }
    Some(total)
}

/// How an exact value was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactMethod {
    /// Depth 1: every leaf is examined.
    Trivial,
    /// The 2-ply closed form.
    ClosedForm,
    /// Enumeration by relative order.
    Enumeration,
    /// The 3-ply integral ([`three_ply_f64`]).
    Integral,
    /// Polynomials in the search window ([`window_poly`]).
    Polynomial,
}

impl ExactMethod {
    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            ExactMethod::Trivial => "all leaves (depth 1)",
            ExactMethod::ClosedForm => "2-ply closed form",
            ExactMethod::Enumeration => "enumeration by relative order",
            ExactMethod::Integral => "3-ply integral (float)",
            ExactMethod::Polynomial => "polynomials in the window",
        }
    }
}

/// An exact expectation: a fraction where one fits in 128 bits, the
/// fraction however large where the method gives one, and its value (from
/// the fraction, or from the closed form or integral in `f64`); and the
/// same for F1, alpha-beta without deep cutoffs.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// The fraction, where it was found and fits in 128 bits.
    pub fraction: Option<Fraction>,
    /// The fraction, where it was found, however large.
    pub rational: Option<BigRational>,
    /// The value.
    pub value: f64,
    /// How it was found.
    pub method: ExactMethod,
    /// F1's fraction, where it was found. Below depth 4 deep cutoffs cannot
    /// occur, so F1 examines the same leaves as F2 on every tree and this
    /// is F2's.
    pub f1_rational: Option<BigRational>,
    /// F1's value.
    pub f1_value: f64,
}

impl Exact {
    /// An expectation of F2 and F1 alike (depth 3 and less), from a
    /// fraction that fits in 128 bits.
    fn same_f1(fraction: Fraction, method: ExactMethod) -> Exact {
        let rational = BigRational::new(BigInt::from(fraction.numerator), BigInt::from(fraction.denominator));
        let value = fraction.to_f64();
        Exact {
            fraction: Some(fraction),
            rational: Some(rational.clone()),
            value,
            method,
            f1_rational: Some(rational),
            f1_value: value,
        }
    }

    /// An expectation of F2 and F1 alike (depth 3 and less) known only as
    /// a float.
    fn float(value: f64, method: ExactMethod) -> Exact {
        Exact { fraction: None, rational: None, value, method, f1_rational: None, f1_value: value }
    }

    /// From the polynomials.
    fn polynomial(found: window_poly::WindowPolynomials) -> Exact {
        let fraction = match (found.f2.numer().try_into(), found.f2.denom().try_into()) {
            (Ok(numerator), Ok(denominator)) => Some(Fraction { numerator, denominator }),
            _ => None,
        };
        Exact {
            fraction,
            value: window_poly::to_f64(&found.f2),
            rational: Some(found.f2),
            method: ExactMethod::Polynomial,
            f1_value: window_poly::to_f64(&found.f1),
            f1_rational: Some(found.f1),
        }
    }
}

/// The exact expected leaf count of alpha-beta (F2) in random order, and
/// of F1, choosing the method by depth: depth 1 trivially; depth 2 by the
/// closed form (a fraction up to b = 7, a float beyond); depth 3 by
/// enumeration for b = 2 and by the integral for larger b; depth 4 and more
/// by polynomials in the window, up to
/// [`MAX_POLYNOMIAL_LEAVES`](window_poly::MAX_POLYNOMIAL_LEAVES) leaves.
///
/// ```
/// use plybench::engine::search::{TreeShape, exact::expected_leaves};
///
/// let e = expected_leaves(TreeShape::new(2, 2)?)?;
/// assert_eq!(e.fraction.unwrap().to_string(), "11/3");
/// let e = expected_leaves(TreeShape::new(16, 3)?)?;
/// assert!(e.fraction.is_none() && (e.value - 1214.45).abs() < 0.01);
/// let e = expected_leaves(TreeShape::new(2, 4)?)?;
/// assert!(e.f1_value > e.value); // deep cutoffs from depth 4
/// # Ok::<(), plybench::engine::search::SearchError>(())
/// ```
///
/// # Errors
///
/// [`SearchError::PolynomialTooLarge`] from depth 4 past
/// [`MAX_POLYNOMIAL_LEAVES`](window_poly::MAX_POLYNOMIAL_LEAVES) leaves,
/// checked before anything is computed.
pub fn expected_leaves(shape: TreeShape) -> Result<Exact, SearchError> {
    match shape.depth {
        1 => Ok(Exact::same_f1(Fraction::new(u128::from(shape.branching), 1), ExactMethod::Trivial)),
        2 => Ok(match two_ply_fraction(shape.branching) {
            Some(f) => Exact::same_f1(f, ExactMethod::ClosedForm),
            None => Exact::float(two_ply_f64(shape.branching), ExactMethod::ClosedForm),
        }),
        3 if shape.leaves() <= MAX_ENUMERATED_LEAVES => {
            by_relative_order(shape, Algorithm::AlphaBeta).map(|f| Exact::same_f1(f, ExactMethod::Enumeration))
        }
        3 => Ok(Exact::float(three_ply_f64(shape.branching), ExactMethod::Integral)),
        _ => window_poly::expected(shape).map(Exact::polynomial),
    }
}

/// The largest branching whose 2-ply fraction fits in `u128`.
pub fn largest_exact_two_ply() -> u32 {
    (2..64).take_while(|&b| two_ply_fraction(b).is_some()).last().unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_agrees_with_enumeration() {
        for b in 2..=3 {
            let shape = TreeShape::new(b, 2).unwrap();
            let closed = two_ply_fraction(b).unwrap();
            assert_eq!(by_relative_order(shape, Algorithm::AlphaBeta).unwrap(), closed, "b = {b}");
            assert!((closed.to_f64() - two_ply_f64(b)).abs() < 1e-12);
        }
    }

    #[test]
    fn three_ply_integral_agrees_with_enumeration() {
        let enumerated = by_relative_order(TreeShape::new(2, 3).unwrap(), Algorithm::AlphaBeta).unwrap();
        assert!((three_ply_f64(2) - enumerated.to_f64()).abs() < 1e-12);
        let (_, w) = gauss_legendre_32();
        assert!((w.iter().sum::<f64>() - 2.0).abs() < 1e-13);
    }

    #[test]
    fn minimax_by_enumeration_is_every_leaf() {
        let shape = TreeShape::new(2, 3).unwrap();
        assert_eq!(by_relative_order(shape, Algorithm::Minimax).unwrap(), Fraction::new(8, 1));
    }

    fn rational(f: Fraction) -> BigRational {
        BigRational::new(BigInt::from(f.numerator), BigInt::from(f.denominator))
    }

    #[test]
    fn polynomials_reproduce_the_closed_form() {
        for b in 2..=7 {
            let found = window_poly::expected(TreeShape::new(b, 2).unwrap()).unwrap();
            assert_eq!(found.f2, rational(two_ply_fraction(b).unwrap()), "b = {b}");
            assert_eq!(found.f1, found.f2, "b = {b}");
        }
        let found = window_poly::expected(TreeShape::new(16, 2).unwrap()).unwrap();
        assert!((window_poly::to_f64(&found.f2) - two_ply_f64(16)).abs() < 1e-9);
    }

    #[test]
    fn polynomials_reproduce_the_three_ply_integral() {
        for b in 2..=6 {
            let found = window_poly::expected(TreeShape::new(b, 3).unwrap()).unwrap();
            let value = window_poly::to_f64(&found.f2);
            assert!((value - three_ply_f64(b)).abs() < 1e-9 * value, "b = {b}: {value} vs {}", three_ply_f64(b));
        }
    }

    #[test]
    fn polynomials_reproduce_the_enumeration_for_f1_and_f2() {
        for (b, d) in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)] {
            let shape = TreeShape::new(b, d).unwrap();
            let found = window_poly::expected(shape).unwrap();
            let f2 = by_relative_order(shape, Algorithm::AlphaBeta).unwrap();
            let f1 = by_relative_order(shape, Algorithm::AlphaBetaF1).unwrap();
            assert_eq!((found.f2, found.f1), (rational(f2), rational(f1)), "b={b} d={d}");
        }
    }

    #[test]
    fn depth_4_and_more_by_polynomials() {
        let e = expected_leaves(TreeShape::new(2, 4).unwrap()).unwrap();
        assert_eq!(e.method, ExactMethod::Polynomial);
        assert_eq!(e.fraction, Some(Fraction::new(77503, 6435)));
        assert_eq!(e.f1_rational, Some(rational(Fraction::new(344530, 27027))));
        let e = expected_leaves(TreeShape::new(4, 4).unwrap()).unwrap();
        assert!(e.fraction.is_none() && e.rational.is_some() && (e.value - 112.738440018530).abs() < 1e-9);
        assert!(matches!(expected_leaves(TreeShape::new(2, 9).unwrap()), Err(SearchError::PolynomialTooLarge { .. })));
    }

    #[test]
    fn fractions_reduce() {
        assert_eq!(Fraction::new(6, 4), Fraction { numerator: 3, denominator: 2 });
        let sum = Fraction::new(1, 3).checked_add(Fraction::new(1, 6)).unwrap();
        assert_eq!(sum, Fraction::new(1, 2));
    }
}
