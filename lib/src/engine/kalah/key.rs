//! Compact hash keys for sets of counts.
//!
//! Both counting methods keep sets of positions. When every count fits in a
//! byte, a position is packed inline into a fixed array (no allocation, one
//! short hash); otherwise it is boxed. The choice is made once per run and
//! the algorithms are generic over it.

use std::hash::Hash;

/// A position packed as a hash key. `pack` and `unpack` must be inverse on
/// the slices the key type was chosen for.
pub(crate) trait StateKey: Hash + Eq + Clone + Send + Sync {
    /// Packs `values`.
    fn pack(values: &[u32]) -> Self;
    /// Writes the packed values back into `out`, which has their length.
    fn unpack(&self, out: &mut [u32]);
    /// Bytes a key of `len` values holds outside itself, in an allocation
    /// of its own (the allocator's header included): none for inline keys.
    fn heap_bytes(_len: usize) -> usize {
        0
    }
}

/// Up to `K` counts below 256, one byte each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bytes<const K: usize>([u8; K]);

impl<const K: usize> StateKey for Bytes<K> {
    #[inline]
    fn pack(values: &[u32]) -> Self {
        debug_assert!(values.len() <= K && values.iter().all(|&v| v < 256));
        let mut bytes = [0u8; K];
        for (b, &v) in bytes.iter_mut().zip(values) {
            *b = v as u8;
        }
        Bytes(bytes)
    }

    #[inline]
    fn unpack(&self, out: &mut [u32]) {
        for (o, &b) in out.iter_mut().zip(&self.0) {
            *o = u32::from(b);
        }
    }
}

/// Any counts, boxed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Wide(Box<[u32]>);

impl StateKey for Wide {
    fn pack(values: &[u32]) -> Self {
        Wide(values.into())
    }

    fn unpack(&self, out: &mut [u32]) {
        out.copy_from_slice(&self.0);
    }

    fn heap_bytes(len: usize) -> usize {
        // The counts, rounded up to the allocator's 16-byte chunks, and its header.
        (4 * len).next_multiple_of(16) + 16
    }
}

/// Which key type fits slices of `len` counts, none above `max_value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyKind {
    Bytes16,
    Bytes32,
    Bytes64,
    Wide,
}

impl KeyKind {
    pub(crate) fn for_values(len: usize, max_value: u64) -> KeyKind {
        match (len, max_value < 256) {
            (0..=16, true) => KeyKind::Bytes16,
            (17..=32, true) => KeyKind::Bytes32,
            (33..=64, true) => KeyKind::Bytes64,
            _ => KeyKind::Wide,
        }
    }
}

/// Calls `$f::<K>($args)` with the key type `K` that `$kind` names.
macro_rules! with_key {
    ($kind:expr, $($f:ident)::+ ($($arg:expr),* $(,)?)) => {
        match $kind {
            $crate::engine::kalah::key::KeyKind::Bytes16 => $($f)::+::<$crate::engine::kalah::key::Bytes<16>>($($arg),*),
            $crate::engine::kalah::key::KeyKind::Bytes32 => $($f)::+::<$crate::engine::kalah::key::Bytes<32>>($($arg),*),
            $crate::engine::kalah::key::KeyKind::Bytes64 => $($f)::+::<$crate::engine::kalah::key::Bytes<64>>($($arg),*),
            $crate::engine::kalah::key::KeyKind::Wide => $($f)::+::<$crate::engine::kalah::key::Wide>($($arg),*),
        }
    };
}
pub(crate) use with_key;

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<K: StateKey>(values: &[u32]) {
        let mut out = vec![0; values.len()];
        K::pack(values).unpack(&mut out);
        assert_eq!(out, values);
    }

    #[test]
    fn keys_round_trip() {
        round_trip::<Bytes<16>>(&[0, 255, 7]);
        round_trip::<Bytes<32>>(&[1; 32]);
        round_trip::<Wide>(&[70000, 0, 1]);
        assert_eq!(KeyKind::for_values(6, 21), KeyKind::Bytes16);
        assert_eq!(KeyKind::for_values(20, 210), KeyKind::Bytes32);
        assert_eq!(KeyKind::for_values(40, 300), KeyKind::Wide);
        assert_ne!(Bytes::<16>::pack(&[1, 0]), Bytes::<16>::pack(&[0, 1]));
        assert_eq!(Bytes::<64>::heap_bytes(64), 0);
        assert!(Wide::heap_bytes(200) >= 800);
    }
}
