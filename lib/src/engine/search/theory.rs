//! The closed forms printed beside the measurements.

/// `b^d`: the leaves of a uniform tree, all of which minimax examines.
/// `None` past `u128`.
///
/// ```
/// assert_eq!(plybench::engine::search::minimax_leaves(16, 3), Some(4096));
/// ```
pub fn minimax_leaves(branching: u32, depth: u32) -> Option<u128> {
    u128::from(branching).checked_pow(depth)
}

/// Knuth and Moore's (1975) minimal tree: `b^⌈d/2⌉ + b^⌊d/2⌋ − 1` leaves,
/// what alpha-beta examines when the best move is always searched first.
/// `None` past `u128`.
///
/// ```
/// use plybench::engine::search::knuth_moore_minimum;
///
/// assert_eq!(knuth_moore_minimum(2, 3), Some(5));
/// assert_eq!(knuth_moore_minimum(16, 2), Some(31));
/// ```
pub fn knuth_moore_minimum(branching: u32, depth: u32) -> Option<u128> {
    let b = u128::from(branching);
    b.checked_pow(depth.div_ceil(2))?.checked_add(b.checked_pow(depth / 2)?)?.checked_sub(1)
}

/// Levy's (1983, Figure 17) approximation of the minimal tree,
/// `2·√N − 1` with `N = b^d`. Exact for even depth; for odd depth it lies
/// between the two terms of Knuth and Moore's formula.
///
/// ```
/// use plybench::engine::search::levy_approximation;
///
/// assert_eq!(levy_approximation(4, 3), 15.0);
/// assert!((levy_approximation(2, 3) - 4.657).abs() < 1e-3);
/// ```
pub fn levy_approximation(branching: u32, depth: u32) -> f64 {
    2.0 * f64::from(branching).powf(f64::from(depth) / 2.0) - 1.0
}

/// `ξ_b`: the positive root of `x^b + x − 1 = 0`, found by bisection to
/// full precision.
///
/// ```
/// let xi = plybench::engine::search::pearl_xi(2);
/// assert!((xi - (5f64.sqrt() - 1.0) / 2.0).abs() < 1e-15);
/// ```
pub fn pearl_xi(branching: u32) -> f64 {
    let f = |x: f64| x.powi(branching as i32) + x - 1.0;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Pearl's asymptotic branching factor of alpha-beta on random uniform
/// trees with continuous leaf values, `ξ_b / (1 − ξ_b)`: as the depth
/// grows, the leaves examined grow like this number to the power `d`.
///
/// ```
/// let r = plybench::engine::search::pearl_branching(2);
/// assert!((r - 1.618).abs() < 1e-3);
/// ```
pub fn pearl_branching(branching: u32) -> f64 {
    let xi = pearl_xi(branching);
    xi / (1.0 - xi)
}

/// The effective branching factor of a search that examined `leaves`
/// leaves at depth `depth`: `leaves^(1/d)`.
pub fn effective_branching(leaves: f64, depth: u32) -> f64 {
    leaves.powf(1.0 / f64::from(depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuth_moore_small_cases() {
        // d = 1: all b leaves; d = 2: 2b - 1.
        for b in 2..20 {
            assert_eq!(knuth_moore_minimum(b, 1), Some(u128::from(b)));
            assert_eq!(knuth_moore_minimum(b, 2), Some(2 * u128::from(b) - 1));
            assert_eq!(levy_approximation(b, 2), 2.0 * f64::from(b) - 1.0);
        }
        assert_eq!(knuth_moore_minimum(u32::MAX, 9), None);
    }

    #[test]
    fn xi_is_a_root() {
        for b in 2..=16 {
            let x = pearl_xi(b);
            assert!((x.powi(b as i32) + x - 1.0).abs() < 1e-12);
            assert!(pearl_branching(b) < f64::from(b));
        }
    }
}
