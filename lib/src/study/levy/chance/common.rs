//! Small helpers shared by the chance chapters.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::Result;
use crate::engine::chance::cards::{Card, CardSet};
use crate::report::Exact;

/// The exact value `a / b`.
pub fn q(a: impl Into<BigInt>, b: impl Into<BigInt>) -> BigRational {
    BigRational::new(a.into(), b.into())
}

/// The exact integer `n`.
pub fn int(n: impl Into<BigInt>) -> Exact {
    Exact::integer(n)
}

/// `a / b` as an exact value.
pub fn ratio(a: impl Into<BigInt>, b: impl Into<BigInt>) -> Exact {
    Exact::ratio(a, b)
}

/// The cards of `text` (`AS KS 10H`), in the order written; a card given
/// twice is refused.
pub fn cards(text: &str) -> Result<Vec<Card>> {
    text.parse::<CardSet>()?;
    Ok(text.split_whitespace().map(str::parse).collect::<std::result::Result<_, _>>()?)
}

/// A list of words for a set-valued figure.
pub fn set<I: IntoIterator<Item = S>, S: Into<String>>(items: I) -> Exact {
    Exact::Set(items.into_iter().map(Into::into).collect())
}
