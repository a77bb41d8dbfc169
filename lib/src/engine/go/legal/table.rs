//! The table in which one part of a layer's successors is summed.
//!
//! A layer's successors are split into parts by a hash of their keys, and
//! each part is summed in a table of its own, small enough for a core's
//! cache. The tables of a point live until the whole layer before has
//! been read, in chunks; the layer before is freed chunk by chunk as it is
//! read, so the peak holds the unread states and the tables, not the two
//! whole layers and every successor at once.
//!
//! A table is an open-addressing hash of keys (linear probing) whose slots
//! hold the place of the key's count in a vector that only grows at its
//! end: 12 bytes a slot, at most three slots in four full, and the counts
//! themselves, written in order, so that their pages are touched only as
//! they fill.

use super::ring::Count;

/// A slot no key occupies: keys use at most 62 bits.
const VACANT: u64 = u64::MAX;

/// Most keys a table holds for each four slots before it doubles.
const LOAD_NUMERATOR: usize = 3;

/// A hash of state keys that mixes every bit into every bit (the finaliser
/// of SplitMix64): its top bits pick a state's part (`part_of` in the
/// parent module), its low bits the slot in the part's table.
#[inline]
pub fn mix(key: u64) -> u64 {
    let mut h = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The sums of one part's successors.
pub struct PartTable<C> {
    /// Keys by slot, [`VACANT`] where none.
    keys: Vec<u64>,
    /// The place in `counts` of the count of the key in the same slot.
    places: Vec<u32>,
    /// Counts in the order their keys arrived.
    counts: Vec<C>,
    /// `keys.len() - 1`: slots are a power of two.
    mask: usize,
}

impl<C: Count> PartTable<C> {
    /// Slots for `expected` keys at most three in four full.
    pub fn slots_for(expected: usize) -> usize {
        (expected * 4).div_ceil(LOAD_NUMERATOR).next_power_of_two().max(16)
    }

    /// An empty table sized for about `expected` keys.
    pub fn with_expected(expected: usize) -> PartTable<C> {
        let slots = Self::slots_for(expected);
        PartTable {
            keys: vec![VACANT; slots],
            places: vec![0; slots],
            counts: Vec::with_capacity(expected + expected / 8),
            mask: slots - 1,
        }
    }

    /// Keys held.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether no key is held.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Adds `n` to the count of `key`, whose mixed hash is `hash`; `false`
    /// when the sum does not fit a count, or the table cannot grow.
    #[inline]
    pub fn add(&mut self, key: u64, hash: u64, n: &C, ring: C::Ring) -> bool {
        let mut slot = hash as usize & self.mask;
        loop {
            let here = self.keys[slot];
            if here == key {
                return self.counts[self.places[slot] as usize].add(n, ring);
            }
            if here == VACANT {
                break;
            }
            slot = (slot + 1) & self.mask;
        }
        let Ok(place) = u32::try_from(self.counts.len()) else {
            return false;
        };
        self.keys[slot] = key;
        self.places[slot] = place;
        self.counts.push(*n);
        if self.counts.len() * 4 > self.keys.len() * LOAD_NUMERATOR {
            self.grow();
        }
        true
    }

    /// Doubles the slots.
    #[cold]
    fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![VACANT; slots]);
        let places = std::mem::replace(&mut self.places, vec![0; slots]);
        self.mask = slots - 1;
        for (key, place) in keys.into_iter().zip(places) {
            if key != VACANT {
                let mut slot = mix(key) as usize & self.mask;
                while self.keys[slot] != VACANT {
                    slot = (slot + 1) & self.mask;
                }
                self.keys[slot] = key;
                self.places[slot] = place;
            }
        }
    }

    /// The keys with their counts, in the order of their slots.
    pub fn states(&self) -> impl Iterator<Item = (u64, &C)> {
        self.keys
            .iter()
            .zip(&self.places)
            .filter(|(key, _)| **key != VACANT)
            .map(|(&key, &place)| (key, &self.counts[place as usize]))
    }

    /// The keys with their counts, in a vector of their exact size; the
    /// table's memory is freed.
    pub fn into_states(self) -> Vec<(u64, C)> {
        let mut out = Vec::with_capacity(self.counts.len());
        out.extend(self.states().map(|(key, n)| (key, *n)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::ring::{Moduli, Residues, Wide};
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn sums_equal_a_hash_map_through_growth() {
        // Far more keys than expected, so that the table doubles several
        // times; keys repeat and include 0.
        let mut table = PartTable::<Wide<2>>::with_expected(10);
        let mut oracle: HashMap<u64, u128> = HashMap::new();
        let mut x = 12345u64;
        for i in 0..20_000u64 {
            x = mix(x);
            let key = if i % 97 == 0 { 0 } else { x % 5_000 };
            let n = Wide([x >> 40, 0]);
            assert!(table.add(key, mix(key), &n, ()));
            *oracle.entry(key).or_default() += u128::from(x >> 40);
        }
        assert_eq!(table.len(), oracle.len());
        let states = table.into_states();
        assert_eq!(states.len(), oracle.len());
        for (key, n) in states {
            assert_eq!(u128::from(n.0[0]) | u128::from(n.0[1]) << 64, oracle[&key], "{key}");
        }
    }

    #[test]
    fn an_overflowing_sum_is_reported() {
        let mut table = PartTable::<Wide<1>>::with_expected(4);
        assert!(table.add(7, mix(7), &Wide([u64::MAX]), ()));
        assert!(!table.add(7, mix(7), &Wide([1]), ()));
        // Residues never overflow.
        let p = Moduli([u64::MAX - 58]);
        let mut table = PartTable::<Residues<1>>::with_expected(4);
        assert!(table.add(7, 1, &Residues([p.0[0] - 1]), p));
        assert!(table.add(7, 1, &Residues([2]), p));
        assert_eq!(table.into_states(), vec![(7, Residues([1]))]);
    }

    #[test]
    fn slots_keep_a_quarter_free() {
        for expected in [0, 1, 12, 3000, 3072, 3073, 100_000] {
            let slots = PartTable::<Residues<1>>::slots_for(expected);
            assert!(slots.is_power_of_two() && slots * 3 >= expected * 4, "{expected}: {slots}");
        }
    }
}
