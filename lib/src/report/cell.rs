use std::fmt;

use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::Verdict;

/// One value in a [`Table`](super::Table).
///
/// Integers are kept exact up to `u128`: counts that outgrow `u64` are
/// written in full in every format, JSON included.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// No value: not computed, or not applicable. JSON `null`, an empty CSV
    /// field, and `—` in tables.
    Null,
    /// A flag.
    Bool(bool),
    /// A non-negative integer.
    UInt(u128),
    /// A signed integer.
    Int(i64),
    /// A real number, shown with `decimals` digits after the point. JSON
    /// keeps the full value.
    Float {
        /// The value.
        value: f64,
        /// Digits after the decimal point in text renderings.
        decimals: u8,
    },
    /// Text.
    Text(String),
    /// A list of values: a JSON array, comma-separated in text renderings.
    List(Vec<Cell>),
    /// A verdict, written as its stable name in every format.
    Verdict(Verdict),
}

impl Cell {
    /// A real number shown with `decimals` digits after the point.
    pub fn float(value: f64, decimals: u8) -> Self {
        Cell::Float { value, decimals }
    }

    /// `Null` for `None`, the value otherwise.
    pub fn opt<T: Into<Cell>>(value: Option<T>) -> Self {
        value.map_or(Cell::Null, Into::into)
    }

    /// A list of integers.
    pub fn list<T: Into<Cell> + Copy>(values: &[T]) -> Self {
        Cell::List(values.iter().map(|&v| v.into()).collect())
    }

    /// The value as a number, for plots: `None` for text, lists and `Null`.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Cell::UInt(v) => Some(v as f64),
            Cell::Int(v) => Some(v as f64),
            Cell::Float { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The text shown in tables, Markdown and CSV.
    pub fn text(&self) -> String {
        match self {
            Cell::Null => String::new(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Null => f.write_str("—"),
            Cell::Bool(b) => write!(f, "{}", if *b { "yes" } else { "no" }),
            Cell::UInt(n) => write!(f, "{n}"),
            Cell::Int(n) => write!(f, "{n}"),
            Cell::Float { value, decimals } => write!(f, "{value:.prec$}", prec = usize::from(*decimals)),
            Cell::Text(s) => f.write_str(s),
            Cell::Verdict(v) => f.write_str(v.name()),
            Cell::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Null => serializer.serialize_none(),
            Cell::Bool(b) => serializer.serialize_bool(*b),
            Cell::UInt(n) => match u64::try_from(*n) {
                Ok(small) => serializer.serialize_u64(small),
                Err(_) => serializer.serialize_u128(*n),
            },
            Cell::Int(n) => serializer.serialize_i64(*n),
            Cell::Float { value, .. } if value.is_finite() => serializer.serialize_f64(*value),
            Cell::Float { .. } => serializer.serialize_none(),
            Cell::Text(s) => serializer.serialize_str(s),
            Cell::Verdict(v) => serializer.serialize_str(v.name()),
            Cell::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
        }
    }
}

macro_rules! unsigned_cells {
    ($($t:ty),*) => {$(
        impl From<$t> for Cell {
            fn from(n: $t) -> Self {
                Cell::UInt(n as u128)
            }
        }
    )*};
}
unsigned_cells!(u8, u16, u32, u64, u128, usize);

impl From<i64> for Cell {
    fn from(n: i64) -> Self {
        Cell::Int(n)
    }
}

impl From<bool> for Cell {
    fn from(b: bool) -> Self {
        Cell::Bool(b)
    }
}

impl From<Verdict> for Cell {
    fn from(verdict: Verdict) -> Self {
        Cell::Verdict(verdict)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_owned())
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_stays_exact_in_json() {
        let big = Cell::UInt(u128::from(u64::MAX) * 10);
        assert_eq!(serde_json::to_string(&big).unwrap(), "184467440737095516150");
    }

    #[test]
    fn text_forms() {
        assert_eq!(Cell::Null.text(), "");
        assert_eq!(Cell::Null.to_string(), "—");
        assert_eq!(Cell::float(1.23456, 2).text(), "1.23");
        assert_eq!(Cell::list(&[3u32, 2, 1]).text(), "3,2,1");
        assert_eq!(Cell::from(true).text(), "yes");
    }
}
