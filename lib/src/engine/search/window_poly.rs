//! Exact expected leaf counts of alpha-beta at any depth, as polynomials
//! in the search window (Knuth and Moore's F1 and F2, random order,
//! independent continuous leaf values).
//!
//! Only the order of the leaf values matters, so they may be taken
//! uniform on `[0, 1]`. Let `F_h` be the distribution function of the
//! minimax value of a node of height `h`: `F_0(x) = x`, `F_h = F_{h−1}^b`
//! at a MAX node and `F_h = 1 − (1 − F_{h−1})^b` at a MIN node.
//!
//! **F2.** Let `g_h(α, β)` be the expected leaves examined below a node of
//! height `h` searched with the window `(α, β)`. A child searched with
//! `(a, β)` returns its true value `v` when `a < v < β`, something `≤ a`
//! when `v ≤ a` and `≥ β` when `v ≥ β` (fail-hard or fail-soft alike). So
//! at a MAX node the `i`-th child is searched with `(max(α, M_{i−1}), β)`,
//! `M_{i−1}` the largest true value of the earlier children (law
//! `F_{h−1}^{i−1}`), and only while `M_{i−1} < β`; what it examines depends
//! only on that window and its own leaves. With `S = Σ_{k=1}^{b−1} F_{h−1}^k`
//! (summing the `i` terms first):
//!
//! ```text
//! g_h(α, β) = g_{h−1}(α, β) · (1 + S(α)) + ∫_α^β g_{h−1}(x, β) S'(x) dx      (MAX)
//! g_h(α, β) = g_{h−1}(α, β) · (1 + U(β)) − ∫_α^β g_{h−1}(α, y) U'(y) dy      (MIN)
//! ```
//!
//! with `U = Σ_{k=1}^{b−1} (1 − F_{h−1})^k` at a MIN node (the bound is the
//! smallest earlier value), and `g_0 = 1`. On `α < β` each `g_h` is a
//! polynomial with rational coefficients of degree below `b^h`, and the
//! root's expectation is `g_d(0, 1)`.
//!
//! **F1** (no deep cutoffs): a node gives its child only its own best so
//! far, so a MAX node has only an upper bound `β` and a MIN node only a
//! lower bound `α`, and the same argument gives polynomials in one
//! variable:
//!
//! ```text
//! f_h(β) = f_{h−1}(0) + ∫_0^β f_{h−1}(x) S'(x) dx        (MAX)
//! f_h(α) = f_{h−1}(1) − ∫_α^1 f_{h−1}(y) U'(y) dy        (MIN)
//! ```
//!
//! and the root's expectation is `f_d(1)`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

use super::error::SearchError;
use super::tree::TreeShape;

/// The most leaves (`b^d`) of a tree whose expectation the polynomial
/// method computes: the polynomials have degree below `b^d`, so their
/// coefficients number about `b^(2d)/2`.
pub const MAX_POLYNOMIAL_LEAVES: u64 = 256;

/// A polynomial in one variable: `c[k]` is the coefficient of `x^k`.
#[derive(Clone, Debug, PartialEq)]
struct Poly1(Vec<BigRational>);

/// A polynomial in `(α, β)`: `c[j][k]` is the coefficient of `α^j β^k`.
#[derive(Clone, Debug, PartialEq)]
struct Poly2(Vec<Vec<BigRational>>);

fn q(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

impl Poly1 {
    fn constant(c: BigRational) -> Poly1 {
        Poly1(vec![c])
    }

    fn x() -> Poly1 {
        Poly1(vec![q(0), q(1)])
    }

    fn mul(&self, other: &Poly1) -> Poly1 {
        let mut out = vec![BigRational::zero(); self.0.len() + other.0.len() - 1];
        for (i, a) in self.0.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.0.iter().enumerate() {
                if !b.is_zero() {
                    out[i + j] += a * b;
                }
            }
        }
        Poly1(out)
    }

    fn add(&self, other: &Poly1) -> Poly1 {
        let mut out = vec![BigRational::zero(); self.0.len().max(other.0.len())];
        for (i, a) in self.0.iter().enumerate() {
            out[i] += a;
        }
        for (i, b) in other.0.iter().enumerate() {
            out[i] += b;
        }
        Poly1(out)
    }

    /// `1 − self`.
    fn one_minus(&self) -> Poly1 {
        let mut out: Vec<BigRational> = self.0.iter().map(|c| -c).collect();
        out[0] += q(1);
        Poly1(out)
    }

    fn pow(&self, n: u32) -> Poly1 {
        (0..n).fold(Poly1::constant(q(1)), |acc, _| acc.mul(self))
    }

    /// `Σ_{k=1}^{n} self^k`.
    fn power_sum(&self, n: u32) -> Poly1 {
        let mut sum = Poly1::constant(q(0));
        let mut power = Poly1::constant(q(1));
        for _ in 0..n {
            power = power.mul(self);
            sum = sum.add(&power);
        }
        sum
    }

    fn derivative(&self) -> Poly1 {
        if self.0.len() <= 1 {
            return Poly1::constant(q(0));
        }
        Poly1(self.0.iter().enumerate().skip(1).map(|(k, c)| c * q(k as i64)).collect())
    }

    /// The antiderivative vanishing at 0.
    fn integral(&self) -> Poly1 {
        let mut out = vec![BigRational::zero()];
        out.extend(self.0.iter().enumerate().map(|(k, c)| c / q(k as i64 + 1)));
        Poly1(out)
    }

    fn eval(&self, x: &BigRational) -> BigRational {
        self.0.iter().rev().fold(BigRational::zero(), |acc, c| acc * x + c)
    }
}

impl Poly2 {
    fn constant(c: BigRational) -> Poly2 {
        Poly2(vec![vec![c]])
    }

    fn add_at(rows: &mut Vec<Vec<BigRational>>, j: usize, k: usize, c: BigRational) {
        if rows.len() <= j {
            rows.resize(j + 1, Vec::new());
        }
        if rows[j].len() <= k {
            rows[j].resize(k + 1, BigRational::zero());
        }
        rows[j][k] += c;
    }

    /// `g(0, 1)`.
    fn at_zero_one(&self) -> BigRational {
        self.0.first().map(|row| row.iter().sum()).unwrap_or_else(BigRational::zero)
    }

    /// The MAX step: `g(α,β)·(1 + S(α)) + ∫_α^β g(x,β) S'(x) dx`.
    fn max_step(&self, s: &Poly1) -> Poly2 {
        let ds = s.derivative();
        let mut rows: Vec<Vec<BigRational>> = Vec::new();
        let one_plus_s = s.add(&Poly1::constant(q(1)));
        // p[n][k]: coefficient of x^n β^k in g(x, β) S'(x).
        let mut p: Vec<Vec<BigRational>> = Vec::new();
        for (j, row) in self.0.iter().enumerate() {
            for (k, c) in row.iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                for (m, sm) in one_plus_s.0.iter().enumerate() {
                    if !sm.is_zero() {
                        Poly2::add_at(&mut rows, j + m, k, c * sm);
                    }
                }
                for (m, dm) in ds.0.iter().enumerate() {
                    if !dm.is_zero() {
                        Poly2::add_at(&mut p, j + m, k, c * dm);
                    }
                }
            }
        }
        // ∫_α^β x^n dx · β^k = (β^(n+1+k) − α^(n+1) β^k) / (n + 1).
        for (n, row) in p.into_iter().enumerate() {
            let divisor = q(n as i64 + 1);
            for (k, c) in row.into_iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                let c = c / &divisor;
                Poly2::add_at(&mut rows, 0, n + 1 + k, c.clone());
                Poly2::add_at(&mut rows, n + 1, k, -c);
            }
        }
        Poly2(rows)
    }

    /// The MIN step: `g(α,β)·(1 + U(β)) − ∫_α^β g(α,y) U'(y) dy`.
    fn min_step(&self, u: &Poly1) -> Poly2 {
        let du = u.derivative();
        let one_plus_u = u.add(&Poly1::constant(q(1)));
        let mut rows: Vec<Vec<BigRational>> = Vec::new();
        // p[j][n]: coefficient of α^j y^n in g(α, y) U'(y).
        let mut p: Vec<Vec<BigRational>> = Vec::new();
        for (j, row) in self.0.iter().enumerate() {
            for (k, c) in row.iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                for (m, um) in one_plus_u.0.iter().enumerate() {
                    if !um.is_zero() {
                        Poly2::add_at(&mut rows, j, k + m, c * um);
                    }
                }
                for (m, dm) in du.0.iter().enumerate() {
                    if !dm.is_zero() {
                        Poly2::add_at(&mut p, j, k + m, c * dm);
                    }
                }
            }
        }
        // −∫_α^β α^j y^n dy = (α^(j+n+1) − α^j β^(n+1)) / (n + 1).
        for (j, row) in p.into_iter().enumerate() {
            for (n, c) in row.into_iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                let c = c / q(n as i64 + 1);
                Poly2::add_at(&mut rows, j + n + 1, 0, c.clone());
                Poly2::add_at(&mut rows, j, n + 1, -c);
            }
        }
        Poly2(rows)
    }
}

/// The exact expected leaves of F2 and F1 on one tree shape.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowPolynomials {
    /// Alpha-beta with deep cutoffs (Knuth-Moore F2).
    pub f2: BigRational,
    /// Alpha-beta without deep cutoffs (Knuth-Moore F1).
    pub f1: BigRational,
}

/// Checks that the polynomial method accepts `shape`, before anything is
/// allocated.
///
/// # Errors
///
/// [`SearchError::PolynomialTooLarge`] past [`MAX_POLYNOMIAL_LEAVES`]
/// leaves.
pub fn check_size(shape: TreeShape) -> Result<(), SearchError> {
    if shape.leaves() > MAX_POLYNOMIAL_LEAVES {
        return Err(SearchError::PolynomialTooLarge {
            branching: shape.branching,
            depth: shape.depth,
            leaves: shape.leaves(),
            max_leaves: MAX_POLYNOMIAL_LEAVES,
        });
    }
    Ok(())
}

/// The exact expected leaves of random-order alpha-beta, F2 and F1, on a
/// uniform tree with a MAX root (see the module notes).
///
/// ```
/// use plybench::engine::search::{TreeShape, window_poly::expected};
///
/// let e = expected(TreeShape::new(2, 3)?)?;
/// assert_eq!(e.f2.to_string(), "719/105");
/// assert_eq!(e.f1, e.f2); // no deep cutoffs below depth 4
/// # Ok::<(), plybench::engine::search::SearchError>(())
/// ```
///
/// # Errors
///
/// [`SearchError::PolynomialTooLarge`] past [`MAX_POLYNOMIAL_LEAVES`]
/// leaves.
pub fn expected(shape: TreeShape) -> Result<WindowPolynomials, SearchError> {
    check_size(shape)?;
    let (g2, g1) = polynomials(shape);
    Ok(WindowPolynomials { f2: g2.at_zero_one(), f1: g1.eval(&q(1)) })
}

/// The root's F2 polynomial `g_d(α, β)` and F1 polynomial (in `β`, the
/// root being a MAX node).
fn polynomials(shape: TreeShape) -> (Poly2, Poly1) {
    let (b, d) = (shape.branching, shape.depth);
    let mut cdf = Poly1::x();
    let mut g2 = Poly2::constant(q(1));
    let mut g1 = Poly1::constant(q(1));
    for h in 1..=d {
        let max = (d - h) % 2 == 0;
        if max {
            let s = cdf.power_sum(b - 1);
            let ds = s.derivative();
            g2 = g2.max_step(&s);
            // f_h(β) = f_{h−1}(0) + ∫_0^β f_{h−1}(x) S'(x) dx.
            let mut next = g1.mul(&ds).integral();
            next.0[0] += g1.eval(&q(0));
            g1 = next;
            cdf = cdf.pow(b);
        } else {
            let u = cdf.one_minus().power_sum(b - 1);
            let du = u.derivative();
            g2 = g2.min_step(&u);
            // f_h(α) = f_{h−1}(1) − (H(1) − H(α)), H an antiderivative.
            let mut next = g1.mul(&du).integral();
            let total = next.eval(&q(1));
            next.0[0] += g1.eval(&q(1)) - total;
            g1 = next;
            cdf = cdf.one_minus().pow(b).one_minus();
        }
    }
    (g2, g1)
}

/// `value` in decimal notation, rounded half up to `significant` digits
/// when its integer part is not 0 (to that many decimals otherwise).
///
/// ```
/// use num_rational::BigRational;
/// use plybench::engine::search::window_poly::decimal;
///
/// let v = BigRational::new(719.into(), 105.into());
/// assert_eq!(decimal(&v, 12), "6.84761904762");
/// ```
pub fn decimal(value: &BigRational, significant: u32) -> String {
    if value.is_zero() {
        return "0".to_string();
    }
    let (num, den) = (value.numer().abs(), value.denom().clone());
    let integer_digits = {
        let int = &num / &den;
        if int.is_zero() { 0 } else { int.to_string().len() as i64 }
    };
    let decimals = (i64::from(significant) - integer_digits).max(0) as u32;
    let scale = BigInt::from(10).pow(decimals);
    // Round half up.
    let twice: BigInt = &num * &scale * 2 + &den;
    let scaled = twice.div_floor(&(&den * 2));
    let mut digits = scaled.to_string();
    if decimals > 0 {
        if digits.len() <= decimals as usize {
            digits = format!("{}{digits}", "0".repeat(decimals as usize + 1 - digits.len()));
        }
        digits.insert(digits.len() - decimals as usize, '.');
    }
    if value.is_negative() { format!("-{digits}") } else { digits }
}

/// The nearest `f64` (through 20 significant digits).
pub fn to_f64(value: &BigRational) -> f64 {
    decimal(value, 20).parse().unwrap_or_else(|_| value.to_f64().unwrap_or(f64::NAN))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(b: u32, d: u32) -> TreeShape {
        TreeShape::new(b, d).unwrap()
    }

    fn ratio(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn one_ply_examines_every_leaf() {
        for b in 2..=6 {
            let e = expected(shape(b, 1)).unwrap();
            assert_eq!((e.f2.clone(), e.f1), (q(i64::from(b)), q(i64::from(b))));
        }
    }

    #[test]
    fn known_small_values() {
        assert_eq!(expected(shape(2, 2)).unwrap().f2, ratio(11, 3));
        assert_eq!(expected(shape(2, 3)).unwrap().f2, ratio(719, 105));
        let e = expected(shape(2, 4)).unwrap();
        assert_eq!((e.f2, e.f1), (ratio(77503, 6435), ratio(344530, 27027)));
    }

    #[test]
    fn f1_equals_f2_below_depth_4_and_exceeds_it_from_depth_4() {
        for (b, d) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (5, 3)] {
            let e = expected(shape(b, d)).unwrap();
            assert_eq!(e.f1, e.f2, "b={b} d={d}");
        }
        for (b, d) in [(2, 4), (2, 5), (2, 6), (3, 4), (3, 5)] {
            let e = expected(shape(b, d)).unwrap();
            assert!(e.f1 > e.f2, "b={b} d={d}");
        }
    }

    #[test]
    fn window_polynomials_hold_at_their_limits() {
        // A MAX node of height 1 examines leaf i while the first i − 1 are
        // below β: Σ β^(i−1), whatever α.
        let g = Poly2::constant(q(1)).max_step(&Poly1::x().power_sum(2));
        assert_eq!(g.0[0], vec![q(1), q(1), q(1)]);
        assert!(g.0.iter().skip(1).flatten().all(Zero::is_zero));
        // The symmetric MIN node: Σ (1 − α)^(i−1).
        let g = Poly2::constant(q(1)).min_step(&Poly1::x().one_minus().power_sum(2));
        assert_eq!(g.at_zero_one(), q(3));
    }

    #[test]
    fn too_large_is_refused_before_computing() {
        assert!(check_size(shape(4, 4)).is_ok());
        let err = expected(shape(2, 9)).unwrap_err();
        assert!(matches!(err, SearchError::PolynomialTooLarge { leaves: 512, max_leaves: 256, .. }), "{err}");
    }

    /// A plain alpha-beta over `f64` leaves drawn as they are reached
    /// (fail-hard when `hard`), counting leaves: an oracle independent of
    /// the engine's searches and of the polynomials.
    struct Plain {
        rng: u64,
        branching: u32,
        hard: bool,
        leaves: u64,
    }

    impl Plain {
        fn leaf(&mut self) -> f64 {
            self.leaves += 1;
            self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.rng;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        }

        fn search(&mut self, h: u32, max: bool, low: f64, high: f64) -> f64 {
            if h == 0 {
                return self.leaf();
            }
            let (mut alpha, mut beta) = (low, high);
            let mut best = if max { f64::NEG_INFINITY } else { f64::INFINITY };
            for _ in 0..self.branching {
                let v = self.search(h - 1, !max, alpha, beta);
                if max {
                    best = best.max(v);
                    alpha = alpha.max(best);
                } else {
                    best = best.min(v);
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    break;
                }
            }
            if self.hard { best.clamp(low, high) } else { best }
        }
    }

    fn eval2(g: &Poly2, alpha: f64, beta: f64) -> f64 {
        let (a, b) = (BigRational::from_float(alpha).unwrap(), BigRational::from_float(beta).unwrap());
        let value = g.0.iter().rev().fold(BigRational::zero(), |acc, row| acc * &a + Poly1(row.clone()).eval(&b));
        to_f64(&value)
    }

    #[test]
    fn window_polynomials_agree_with_a_plain_search_inside_windows() {
        let mut plain = Plain { rng: 0x5EED, branching: 2, hard: false, leaves: 0 };
        for (b, d, alpha, beta) in
            [(2, 3, 0.2, 0.9), (2, 4, 0.25, 0.75), (2, 4, 0.0, 1.0), (3, 2, 0.3, 0.8), (3, 3, 0.45, 0.55)]
        {
            let (g, _) = polynomials(shape(b, d));
            let exact = eval2(&g, alpha, beta);
            for hard in [false, true] {
                let trees = 200_000;
                let (mut sum, mut squares) = (0.0, 0.0);
                (plain.branching, plain.hard) = (b, hard);
                for _ in 0..trees {
                    plain.leaves = 0;
                    plain.search(d, true, alpha, beta);
                    sum += plain.leaves as f64;
                    squares += (plain.leaves * plain.leaves) as f64;
                }
                let mean = sum / f64::from(trees);
                let sd = (squares / f64::from(trees) - mean * mean).sqrt();
                let gap = (mean - exact).abs();
                assert!(
                    gap < 5.0 * sd / f64::from(trees).sqrt(),
                    "b={b} d={d} ({alpha}, {beta}) hard={hard}: {mean} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn decimals_round_half_up() {
        assert_eq!(decimal(&ratio(2, 3), 5), "0.66667");
        assert_eq!(decimal(&ratio(77503, 6435), 12), "12.0439782440");
        assert_eq!(decimal(&q(12), 4), "12.00");
        assert_eq!(decimal(&ratio(1, 8), 2), "0.13");
        assert_eq!(to_f64(&ratio(719, 105)), 719.0 / 105.0);
    }
}
