//! The numbers the legal-position program adds: exact counts of a fixed
//! number of 64-bit limbs, or residues modulo a prime just below 2^64,
//! with the primes and the Chinese remainder theorem that turns residues
//! back into the exact count.

use num_bigint::BigUint;

/// What the program adds: a count with its zero and one, and an addition
/// that says when it overflows.
pub trait Count: Copy + Send + Sync + 'static {
    /// What an addition needs besides its operands (the modulus).
    type Ring: Copy + Send + Sync;
    /// Nothing counted.
    const ZERO: Self;
    /// The one empty board.
    const ONE: Self;
    /// 64-bit words of a count.
    const WORDS: usize;
    /// Adds `other`; `false` when the sum does not fit.
    fn add(&mut self, other: &Self, ring: Self::Ring) -> bool;
    /// The count's words, least significant first.
    fn words(&self) -> &[u64];
    /// The count of [`Count::words`]; `words` holds [`Count::WORDS`].
    fn from_words(words: &[u64]) -> Self;
    /// The count whose words, in a layer kept in another width, are
    /// `words`; `None` when it is not one of this type's. Residues have
    /// one width.
    fn resized(words: &[u64]) -> Option<Self> {
        (words.len() == Self::WORDS).then(|| Self::from_words(words))
    }
}

/// An exact count of `N` 64-bit limbs, least significant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// The count as a big integer.
    pub fn to_big(self) -> BigUint {
        let bytes: Vec<u8> = self.0.iter().flat_map(|limb| limb.to_le_bytes()).collect();
        BigUint::from_bytes_le(&bytes)
    }
}

impl<const N: usize> Count for Wide<N> {
    type Ring = ();
    const ZERO: Self = Wide([0; N]);
    const ONE: Self = {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    };
    const WORDS: usize = N;

    fn words(&self) -> &[u64] {
        &self.0
    }

    fn from_words(words: &[u64]) -> Self {
        let mut limbs = [0; N];
        limbs.copy_from_slice(words);
        Wide(limbs)
    }

    /// Fewer limbs are widened with zeros; more are taken when those
    /// past `N` are zero.
    fn resized(words: &[u64]) -> Option<Self> {
        let (low, high) = words.split_at(words.len().min(N));
        let mut limbs = [0; N];
        limbs[..low.len()].copy_from_slice(low);
        high.iter().all(|&word| word == 0).then_some(Wide(limbs))
    }

    #[inline]
    fn add(&mut self, other: &Self, (): ()) -> bool {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        !carry
    }
}

/// Residues of one count modulo `K` primes at once ([`Moduli`]), one word
/// each: a pass over the board counts `K` primes for about the work of one,
/// since the work of a state is in its border, not in its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Residues<const K: usize>(pub [u64; K]);

/// `K` distinct primes above 2^63, the moduli of [`Residues`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moduli<const K: usize>(pub [u64; K]);

impl<const K: usize> Count for Residues<K> {
    type Ring = Moduli<K>;
    const ZERO: Self = Residues([0; K]);
    const ONE: Self = Residues([1; K]);
    const WORDS: usize = K;

    fn words(&self) -> &[u64] {
        &self.0
    }

    fn from_words(words: &[u64]) -> Self {
        let mut residues = [0; K];
        residues.copy_from_slice(words);
        Residues(residues)
    }

    #[inline]
    fn add(&mut self, other: &Self, Moduli(primes): Moduli<K>) -> bool {
        for ((a, &b), p) in self.0.iter_mut().zip(&other.0).zip(primes) {
            // Both below p < 2^64: the true sum is below 2p, so one
            // subtraction (through the wrap when the sum passed 2^64)
            // reduces it.
            let (s, wrapped) = a.overflowing_add(b);
            *a = if wrapped || s >= p { s.wrapping_sub(p) } else { s };
        }
        true
    }
}

/// `a · b mod m`.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut acc = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    acc
}

/// Whether `n` is prime: Miller-Rabin with the first twelve primes as
/// bases, which decides every 64-bit number.
///
/// ```
/// use plybench::engine::go::legal::ring::is_prime;
///
/// assert!(is_prime(18_446_744_073_709_551_557)); // 2^64 - 59
/// assert!(!is_prime(18_446_744_073_709_551_559));
/// assert!(!is_prime(3_215_031_751)); // a strong pseudoprime to bases 2, 3, 5 and 7
/// ```
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The most moduli a count may use: their product passes 2^(64·MAX_MODULI
/// − MAX_MODULI), enough for 3^361 (19×19) with room to spare.
pub const MAX_MODULI: usize = 16;

/// The `count` largest primes below 2^64, largest first: the moduli of a
/// count by residues. Index k of a run `--modulus k` is its place here.
pub fn moduli(count: usize) -> Vec<u64> {
    let mut found = Vec::with_capacity(count);
    let mut n = u64::MAX;
    while found.len() < count {
        if is_prime(n) {
            found.push(n);
        }
        n -= 2;
    }
    found
}

/// How many moduli of [`moduli`] a count below `bound` needs: their
/// product must exceed it.
pub fn moduli_needed(bound: &BigUint) -> usize {
    // Every modulus is above 2^63, so k of them pass 2^(63k).
    (bound.bits() as usize).div_ceil(63).max(1)
}

/// The integer below the product of `moduli` with the given residues
/// (the Chinese remainder theorem, moduli pairwise coprime).
///
/// ```
/// use num_bigint::BigUint;
/// use plybench::engine::go::legal::ring::crt;
///
/// assert_eq!(crt(&[(2, 3), (3, 5), (2, 7)]), BigUint::from(23u32));
/// ```
pub fn crt(residues: &[(u64, u64)]) -> BigUint {
    // Garner-free form: x = Σ r_i · M_i · (M_i⁻¹ mod m_i) mod M.
    let product: BigUint = residues.iter().map(|&(_, m)| BigUint::from(m)).product();
    let mut x = BigUint::ZERO;
    for &(r, m) in residues {
        let big_m = BigUint::from(m);
        let others = &product / &big_m;
        let reduced = u64::try_from(&others % &big_m).unwrap_or(0);
        // m is prime: the inverse is reduced^(m-2) mod m.
        let inverse = pow_mod(reduced, m - 2, m);
        x += BigUint::from(mul_mod(r % m, inverse, m)) * others;
    }
    x % product
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primality_agrees_with_trial_division_below_ten_thousand() {
        let trial = |n: u64| n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
        for n in 0..10_000 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
    }

    #[test]
    fn the_moduli_are_distinct_primes_above_two_to_the_63() {
        let m = moduli(6);
        assert_eq!(m[0], u64::MAX - 58);
        assert!(m.windows(2).all(|w| w[0] > w[1]) && m.iter().all(|&p| p > 1 << 63 && is_prime(p)));
        // No prime lies between two consecutive moduli.
        for w in m.windows(2) {
            assert!(((w[1] + 2)..w[0]).step_by(2).all(|n| !is_prime(n)));
        }
    }

    #[test]
    fn residues_add_modulo_the_prime_even_past_two_to_the_64() {
        let m = moduli(2);
        let (p, q) = (m[0], m[1]);
        let mut a = Residues([p - 1, 3]);
        a.add(&Residues([p - 1, q - 1]), Moduli([p, q]));
        assert_eq!(a, Residues([p - 2, 2]));
        let mut b = Residues([5]);
        b.add(&Residues([p - 5]), Moduli([p]));
        assert_eq!(b, Residues([0]));
    }

    #[test]
    fn crt_recovers_a_big_number_from_its_residues() {
        let n: BigUint = BigUint::from(3u32).pow(200) - 12345u32;
        let k = moduli_needed(&BigUint::from(3u32).pow(200));
        let m = moduli(k);
        let residues: Vec<(u64, u64)> = m.iter().map(|&p| (u64::try_from(&n % BigUint::from(p)).unwrap(), p)).collect();
        assert_eq!(crt(&residues), n);
        // Too few moduli (a product below n) lose it.
        assert_ne!(crt(&residues[..4]), n);
    }

    #[test]
    fn wide_counts_carry() {
        let mut a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        assert!(a.add(&Wide::ONE, ()));
        assert_eq!(a, Wide([0, 0, 1]));
        let mut top = Wide::<2>([u64::MAX, u64::MAX]);
        assert!(!top.add(&Wide::ONE, ()));
    }
}
