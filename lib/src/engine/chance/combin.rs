//! Counting: binomial coefficients, the `k`-subsets of a short list walked
//! without allocation, and the ways unseen items can lie between two hidden
//! hands.

/// `n` choose `k`, exactly; 0 when `k > n`.
///
/// ```
/// use plybench::engine::chance::combin::binomial;
///
/// assert_eq!(binomial(52, 5), 2_598_960);
/// assert_eq!(binomial(52, 13), 635_013_559_600);
/// assert_eq!(binomial(3, 4), 0);
/// ```
pub const fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = if k > n - k { n - k } else { k };
    let mut result: u128 = 1;
    let mut i = 0;
    while i < k {
        // result * (n - i) / (i + 1) stays an integer at every step.
        result = result * (n - i) as u128 / (i + 1) as u128;
        i += 1;
    }
    result
}

/// The most items [`for_each_subset`] chooses from.
pub const MAX_ITEMS: usize = 64;
/// The largest subset [`for_each_subset`] walks.
pub const MAX_CHOSEN: usize = 8;

/// Calls `visit` once with each `k`-subset of `items`, in lexicographic
/// order of positions, as a slice of `k` items; nothing is allocated.
///
/// # Panics
///
/// If `k > MAX_CHOSEN` or `items.len() > MAX_ITEMS`: callers check their
/// sizes first (the draws and showdowns use at most five of 52).
///
/// ```
/// use plybench::engine::chance::combin::for_each_subset;
///
/// let mut seen = Vec::new();
/// for_each_subset(&[1, 2, 3, 4], 2, |s| seen.push(s.to_vec()));
/// assert_eq!(seen, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
/// ```
pub fn for_each_subset<T: Copy + Default>(items: &[T], k: usize, mut visit: impl FnMut(&[T])) {
    assert!(k <= MAX_CHOSEN && items.len() <= MAX_ITEMS, "subsets of at most {MAX_CHOSEN} from {MAX_ITEMS} items");
    let n = items.len();
    if k > n {
        return;
    }
    let mut index = [0usize; MAX_CHOSEN];
    let mut chosen = [T::default(); MAX_CHOSEN];
    for i in 0..k {
        index[i] = i;
        chosen[i] = items[i];
    }
    loop {
        visit(&chosen[..k]);
        // The rightmost position that can still move right.
        let Some(i) = (0..k).rev().find(|&i| index[i] < n - k + i) else { return };
        index[i] += 1;
        chosen[i] = items[index[i]];
        for j in i + 1..k {
            index[j] = index[j - 1] + 1;
            chosen[j] = items[index[j]];
        }
    }
}

/// The unseen items (cards, dominoes: bits of a 64-bit mask) split at
/// random between two hidden hands, `A` of a known size and `B` the rest,
/// every split that agrees with what is known being equally likely.
///
/// What is known: items certainly in `A`, items certainly in `B` (a void
/// shown, a domino known to be elsewhere). [`TwoHands::ways`] counts the
/// splits in which, of some tracked items, exactly a given subset lies in
/// `A`; a probability is a ratio of such counts.
///
/// ```
/// use plybench::engine::chance::combin::TwoHands;
///
/// // Four unseen items, two in each hand: the first two both in A?
/// let split = TwoHands { pool: 0b1111, a_size: 2, in_a: 0, in_b: 0 };
/// assert_eq!(split.ways(0b0011, 0b0011), 1);
/// assert_eq!(split.total(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoHands {
    /// Every unseen item.
    pub pool: u64,
    /// How many of them `A` holds.
    pub a_size: u32,
    /// Items known to be in `A`.
    pub in_a: u64,
    /// Items known to be in `B`.
    pub in_b: u64,
}

impl TwoHands {
    /// The number of splits in which, of the `tracked` items, exactly
    /// those of `tracked_in_a` lie in `A` (0 when that contradicts what is
    /// known).
    pub fn ways(&self, tracked: u64, tracked_in_a: u64) -> u128 {
        let tracked = tracked & self.pool;
        let in_a = tracked_in_a & tracked;
        let in_b = tracked & !in_a;
        if in_a & self.in_b != 0 || in_b & self.in_a != 0 {
            return 0;
        }
        let forced_a = self.in_a & self.pool & !tracked;
        let forced_b = self.in_b & self.pool & !tracked;
        let free = self.pool & !tracked & !forced_a & !forced_b;
        let placed = u64::from(in_a.count_ones() + forced_a.count_ones());
        let Some(rest) = u64::from(self.a_size).checked_sub(placed) else { return 0 };
        binomial(u64::from(free.count_ones()), rest)
    }

    /// Every split that agrees with what is known.
    pub fn total(&self) -> u128 {
        self.ways(0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_agree_with_pascal() {
        for n in 0..60u64 {
            for k in 1..n {
                assert_eq!(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k), "{n} {k}");
            }
            assert_eq!(binomial(n, 0), 1);
            assert_eq!(binomial(n, n), 1);
        }
    }

    #[test]
    fn subsets_are_counted_by_the_binomial() {
        let items: Vec<u8> = (0..12).collect();
        for k in 0..=6 {
            let mut count = 0u128;
            let mut last: Option<Vec<u8>> = None;
            for_each_subset(&items, k, |s| {
                count += 1;
                assert!(s.windows(2).all(|w| w[0] < w[1]));
                if let Some(prev) = &last {
                    assert!(prev.as_slice() < s);
                }
                last = Some(s.to_vec());
            });
            assert_eq!(count, binomial(12, k as u64));
        }
    }

    #[test]
    fn two_hands_sum_to_the_total_over_every_assignment() {
        // 10 unseen items, A holds 4, item 0 known in A, item 9 known in B.
        let split = TwoHands { pool: 0x3FF, a_size: 4, in_a: 1, in_b: 1 << 9 };
        let tracked = 0b1_0000_0110; // items 1, 2, 8
        let sum: u128 = (0..8u64)
            .map(|m| {
                let sub = (m & 1) << 1 | (m >> 1 & 1) << 2 | (m >> 2 & 1) << 8;
                split.ways(tracked, sub)
            })
            .sum();
        assert_eq!(sum, split.total());
        assert_eq!(split.total(), binomial(8, 3));
        assert_eq!(split.ways(1 << 9, 1 << 9), 0, "item 9 cannot be in A");
    }
}
