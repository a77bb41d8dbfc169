//! Randomness derived from a seed and a path, never from a generator's
//! state: the same node of the same tree gets the same numbers whichever
//! thread reaches it first, and in whatever order.

/// The SplitMix64 finaliser: a bijective 64-bit mixing function.
///
/// ```
/// use plybench::engine::rng::mix;
///
/// assert_ne!(mix(1), mix(2));
/// assert_eq!(mix(7), mix(7));
/// ```
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The identifier of child `index` of the node identified by `parent`.
#[inline]
pub fn child_id(parent: u64, index: usize) -> u64 {
    mix(parent ^ (index as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The identifier of the root of tree number `tree` under `seed`.
#[inline]
pub fn tree_id(seed: u64, tree: u64) -> u64 {
    mix(mix(seed) ^ tree.wrapping_mul(0xA076_1D64_78BD_642F))
}

/// A number uniform in [0, 1) taken from the 53 high bits of `bits`.
#[inline]
pub fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal deviate made from `key` by the Box-Muller transform.
#[inline]
pub fn normal(key: u64) -> f64 {
    let a = mix(key ^ 0x5851_F42D_4C95_7F2D);
    let b = mix(a);
    // 1 - unit(..) lies in (0, 1], so the logarithm is finite.
    let radius = (-2.0 * (1.0 - unit(a)).ln()).sqrt();
    radius * (std::f64::consts::TAU * unit(b)).cos()
}

/// A small stateful generator (SplitMix64) for places where a sequence is
/// wanted, seeded from a path-derived key.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number uniform in `0..n` (`n > 0`), by Lemire's multiply-shift;
    /// the bias is below 2^-50 for the small `n` used here.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_has_unit_moments() {
        let n = 200_000;
        let (mut s, mut s2) = (0.0, 0.0);
        for i in 0..n {
            let x = normal(mix(i));
            s += x;
            s2 += x * x;
        }
        let mean = s / n as f64;
        let var = s2 / n as f64 - mean * mean;
        assert!(mean.abs() < 0.01, "mean {mean}");
        assert!((var - 1.0).abs() < 0.02, "variance {var}");
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = SplitMix::new(3);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}
