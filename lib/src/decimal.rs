//! `u128` counts written as decimal strings in JSON.
//!
//! JSON numbers are read as `f64` by many tools, which keeps only 53 bits;
//! partial results that must merge exactly therefore carry their large
//! counts as strings of digits. Use with `#[serde(with = "crate::decimal")]`.
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Partial {
//!     #[serde(with = "plybench::decimal")]
//!     sum: u128,
//! }
//!
//! let big = Partial { sum: u128::MAX };
//! let text = serde_json::to_string(&big)?;
//! assert_eq!(text, format!("{{\"sum\":\"{}\"}}", u128::MAX));
//! assert_eq!(serde_json::from_str::<Partial>(&text)?, big);
//! assert!(serde_json::from_str::<Partial>(r#"{"sum":"12x"}"#).is_err());
//! # Ok::<(), serde_json::Error>(())
//! ```

use crate::quote::quote;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// Writes `value` as a string of decimal digits.
pub fn serialize<S: Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a string of decimal digits (no sign, no spaces) as a `u128`.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u128, D::Error> {
    let text = String::deserialize(deserializer)?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(D::Error::custom(format!("{} is not a decimal count", quote(&text))));
    }
    text.parse().map_err(|_| D::Error::custom(format!("{} does not fit in 128 bits", quote(&text))))
}
