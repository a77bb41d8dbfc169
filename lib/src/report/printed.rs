//! Figures as a book prints them, and the one rule by which a printed figure
//! agrees with an exact value.
//!
//! Books print rounded decimals, odds, fractions, counts, ranges, yes-or-no
//! statements and lists. The rule, for each form:
//!
//! - a **decimal** (`0.061`, `4.85`, `17`) agrees when it equals the exact
//!   value rounded to the digits printed after the point, halves rounded
//!   away from zero; `0.0000153` for 1/64,974 = 0.00001539… does not (that
//!   is a truncation);
//! - a figure **about** a value (`about 39,000`) agrees when it equals the
//!   exact value rounded to the significant figures printed (here two);
//! - a **count** agrees when it is the exact integer;
//! - a **fraction** (`1/3`, `6/20`) agrees when its ratio is the exact
//!   value;
//! - **odds** `a:b` agree when `a/b` is the exact ratio; when one term has
//!   decimals (`1:1.47`, `0.6921:1`) the other must be 1, and the decimal
//!   term agrees by the decimal rule;
//! - a **range** (`100–200`) agrees when the exact value lies within it;
//! - a **flag** (a statement: `yes`), a **set** (a list, order ignored;
//!   items separated by commas, or by semicolons when an item holds commas)
//!   and **text** (compared without regard to case) agree when equal.
//!
//! Anything else is a discrepancy. A study never changes its computation to
//! agree; it may say how the printed figure arose.
//!
//! ```
//! use num_rational::BigRational;
//! use plybench::report::{Exact, Printed, Verdict};
//!
//! let third = Exact::Value(BigRational::new(1.into(), 3.into()));
//! assert_eq!(Printed::parse("decimal", "0.333")?.verdict(&third), Some(Verdict::Match));
//! assert_eq!(Printed::parse("decimal", "0.334")?.verdict(&third), Some(Verdict::Differs));
//! assert_eq!(Printed::parse("fraction", "2/6")?.verdict(&third), Some(Verdict::Match));
//! assert_eq!(Printed::parse("odds", "1:3")?.verdict(&third), Some(Verdict::Match)); // a/b is the ratio
//! assert_eq!(Printed::parse("odds", "1:2")?.verdict(&third), Some(Verdict::Differs));
//! assert_eq!(Printed::parse("flag", "yes")?.verdict(&third), None); // not comparable
//! # Ok::<(), String>(())
//! ```

use std::fmt::Write as _;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::Verdict;

/// What a study computed, to stand against a printed figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// A number, exactly.
    Value(BigRational),
    /// Whether a statement holds.
    Flag(bool),
    /// A list whose order does not matter.
    Set(Vec<String>),
    /// Words.
    Text(String),
}

impl Exact {
    /// The exact value `numerator / denominator`.
    pub fn ratio(numerator: impl Into<BigInt>, denominator: impl Into<BigInt>) -> Exact {
        Exact::Value(BigRational::new(numerator.into(), denominator.into()))
    }

    /// The exact integer `n`.
    pub fn integer(n: impl Into<BigInt>) -> Exact {
        Exact::Value(BigRational::from_integer(n.into()))
    }

    /// The value as a fraction in lowest terms (`425/2695` is written
    /// `85/539`), an integer as itself; a flag as `yes`/`no`; a set joined
    /// by commas; text as is.
    pub fn exact_text(&self) -> String {
        match self {
            Exact::Value(v) if v.is_integer() => v.numer().to_string(),
            Exact::Value(v) => format!("{}/{}", v.numer(), v.denom()),
            Exact::Flag(b) => (if *b { "yes" } else { "no" }).to_owned(),
            Exact::Set(items) => items.join(", "),
            Exact::Text(t) => t.clone(),
        }
    }
}

/// One term of printed odds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The number printed.
    pub value: BigRational,
    /// Digits after the point, `None` for an integer.
    pub places: Option<u32>,
}

/// A figure as printed, with the form that decides how it is compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Printed {
    /// A rounded decimal: `places` digits after the point.
    Decimal {
        /// The number printed.
        value: BigRational,
        /// Digits after the point.
        places: u32,
    },
    /// A value given to `figures` significant figures (`about 39,000`).
    About {
        /// The number printed.
        value: BigRational,
        /// Significant figures printed.
        figures: u32,
    },
    /// An exact integer.
    Count(BigInt),
    /// A ratio `a/b`.
    Fraction(BigRational),
    /// Odds `left:right`.
    Odds {
        /// The first term.
        left: Term,
        /// The second term.
        right: Term,
    },
    /// An inclusive range.
    Range(BigRational, BigRational),
    /// A statement: true or false.
    Flag(bool),
    /// A list, order ignored.
    Set(Vec<String>),
    /// Words.
    Text(String),
}

/// Parses `12`, `-20`, `64,974`, `0.0000153` into its value and the digits
/// after its point.
fn number(text: &str) -> Result<(BigRational, u32), String> {
    let clean: String = text.trim().chars().filter(|&c| c != ',').collect();
    let bad = || format!("`{text}` is not a number");
    let (negative, digits) = match clean.strip_prefix(['-', '−']) {
        Some(rest) => (true, rest),
        None => (false, clean.as_str()),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(bad());
    }
    let all: BigInt = format!("{whole}{fraction}").parse().map_err(|_| bad())?;
    let places = fraction.len() as u32;
    let mut value = BigRational::new(all, BigInt::from(10).pow(places));
    if negative {
        value = -value;
    }
    Ok((value, places))
}

impl Printed {
    /// Reads `text` printed in form `kind`: `decimal`, `about`, `count`,
    /// `fraction`, `odds`, `range`, `flag`, `set` or `text`.
    pub fn parse(kind: &str, text: &str) -> Result<Printed, String> {
        Ok(match kind {
            "decimal" => {
                let (value, places) = number(text)?;
                Printed::Decimal { value, places }
            }
            "about" => {
                let (value, _) = number(text)?;
                let digits: String = text.chars().filter(char::is_ascii_digit).collect();
                let significant = digits.trim_start_matches('0').trim_end_matches('0').len().max(1);
                Printed::About { value, figures: significant as u32 }
            }
            "count" => {
                let (value, places) = number(text)?;
                if places > 0 || !value.is_integer() {
                    return Err(format!("`{text}` is not a whole number"));
                }
                Printed::Count(value.to_integer())
            }
            "fraction" => {
                let (a, b) = text.split_once('/').ok_or_else(|| format!("`{text}` is not a fraction a/b"))?;
                let (a, b) = (number(a)?.0, number(b)?.0);
                if b.is_zero() {
                    return Err(format!("`{text}` divides by zero"));
                }
                Printed::Fraction(a / b)
            }
            "odds" => {
                let (a, b) = text.split_once(':').ok_or_else(|| format!("`{text}` are not odds a:b"))?;
                let term =
                    |t: &str| number(t).map(|(value, places)| Term { value, places: (places > 0).then_some(places) });
                let (left, right) = (term(a)?, term(b)?);
                let decimal = left.places.is_some() || right.places.is_some();
                let one = |t: &Term| t.places.is_none() && t.value.is_one();
                if decimal && !one(&left) && !one(&right) {
                    return Err(format!("odds `{text}` with a decimal term need the other term to be 1"));
                }
                if right.value.is_zero() || left.value.is_zero() {
                    return Err(format!("odds `{text}` have a zero term"));
                }
                Printed::Odds { left, right }
            }
            "range" => {
                let (a, b) = text.split_once(['–', '-']).ok_or_else(|| format!("`{text}` is not a range a–b"))?;
                Printed::Range(number(a)?.0, number(b)?.0)
            }
            "flag" => match text.trim() {
                "yes" | "true" => Printed::Flag(true),
                "no" | "false" => Printed::Flag(false),
                _ => return Err(format!("`{text}` is not yes or no")),
            },
            "set" => Printed::Set(set_of(text)),
            "text" => Printed::Text(normal(text)),
            other => return Err(format!("`{other}` is not a form of printed figure")),
        })
    }

    /// Whether the printed figure agrees with `exact` by the rule of this
    /// module; `None` when the two cannot be compared (a statement against
    /// a number).
    pub fn agrees(&self, exact: &Exact) -> Option<bool> {
        match (self, exact) {
            (Printed::Decimal { value, places }, Exact::Value(x)) => Some(round_to_places(x, *places) == *value),
            (Printed::About { value, figures }, Exact::Value(x)) => Some(round_to_figures(x, *figures) == *value),
            (Printed::Count(n), Exact::Value(x)) => Some(x.is_integer() && x.numer() == n),
            (Printed::Fraction(f), Exact::Value(x)) => Some(f == x),
            (Printed::Odds { left, right }, Exact::Value(x)) => Some(odds_agree(left, right, x)),
            (Printed::Range(low, high), Exact::Value(x)) => Some(low <= x && x <= high),
            (Printed::Flag(b), Exact::Flag(c)) => Some(b == c),
            (Printed::Set(a), Exact::Set(b)) => {
                let lower = |items: &[String]| {
                    let mut items: Vec<String> = items.iter().map(|s| normal(s).to_lowercase()).collect();
                    items.sort();
                    items
                };
                Some(lower(a) == lower(b))
            }
            (Printed::Text(a), Exact::Text(b)) => Some(a.to_lowercase() == normal(b).to_lowercase()),
            _ => None,
        }
    }

    /// [`Verdict::Match`] or [`Verdict::Differs`] by [`Printed::agrees`];
    /// `None` when the two cannot be compared.
    pub fn verdict(&self, exact: &Exact) -> Option<Verdict> {
        self.agrees(exact).map(|agree| if agree { Verdict::Match } else { Verdict::Differs })
    }

    /// Digits after the point of a decimal figure (of the decimal term of
    /// odds), if it has any.
    pub fn places(&self) -> Option<u32> {
        match self {
            Printed::Decimal { places, .. } => Some(*places),
            Printed::Odds { left, right } => left.places.or(right.places),
            _ => None,
        }
    }
}

fn odds_agree(left: &Term, right: &Term, exact: &BigRational) -> bool {
    match (left.places, right.places) {
        (None, None) => left.value.clone() / right.value.clone() == *exact,
        (Some(places), None) => round_to_places(exact, places) == left.value,
        (None, Some(places)) => !exact.is_zero() && round_to_places(&exact.recip(), places) == right.value,
        (Some(_), Some(_)) => false,
    }
}

fn normal(item: &str) -> String {
    item.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The items of a printed list: separated by semicolons when there are
/// any (items that hold commas or spaces themselves), else by commas.
fn set_of(text: &str) -> Vec<String> {
    let separator = if text.contains(';') { ';' } else { ',' };
    let mut items: Vec<String> = text.split(separator).map(normal).filter(|s| !s.is_empty()).collect();
    items.sort();
    items
}

/// `x` rounded to `places` digits after the point, halves away from zero.
///
/// ```
/// use num_rational::BigRational;
/// use plybench::report::round_to_places;
///
/// let x = BigRational::new(1.into(), 64974.into());
/// assert_eq!(round_to_places(&x, 7), BigRational::new(154.into(), 10_000_000.into()));
/// let half = BigRational::new(5.into(), 2.into());
/// assert_eq!(round_to_places(&half, 0), BigRational::from_integer(3.into()));
/// assert_eq!(round_to_places(&-half, 0), BigRational::from_integer((-3).into()));
/// ```
pub fn round_to_places(x: &BigRational, places: u32) -> BigRational {
    let scale = BigInt::from(10).pow(places);
    let scaled = x.abs() * BigRational::from_integer(scale.clone());
    let twice: BigInt = scaled.numer() * 2 + scaled.denom();
    let rounded = twice.div_floor(&(scaled.denom() * BigInt::from(2)));
    let signed = if x.is_negative() { -rounded } else { rounded };
    BigRational::new(signed, scale)
}

/// `x` rounded to `figures` significant figures, halves away from zero.
pub fn round_to_figures(x: &BigRational, figures: u32) -> BigRational {
    if x.is_zero() {
        return x.clone();
    }
    // The power of ten of the leading digit: 10^e <= |x| < 10^(e+1).
    let mut e: i64 = 0;
    let ten = BigRational::from_integer(10.into());
    let mut m = x.abs();
    while m >= ten {
        m /= ten.clone();
        e += 1;
    }
    while m < BigRational::one() {
        m *= ten.clone();
        e -= 1;
    }
    let shift = i64::from(figures) - 1 - e;
    if shift >= 0 {
        round_to_places(x, shift as u32)
    } else {
        let scale = BigRational::from_integer(BigInt::from(10).pow((-shift) as u32));
        round_to_places(&(x / scale.clone()), 0) * scale
    }
}

/// The decimal text of `x` rounded to `places` digits after the point:
/// `0.15770`, `-20`, `64974.00`.
pub fn decimal_text(x: &BigRational, places: u32) -> String {
    let rounded = round_to_places(x, places);
    let scale = BigInt::from(10).pow(places);
    let scaled = (rounded.abs() * BigRational::from_integer(scale.clone())).to_integer();
    let (whole, fraction) = scaled.div_rem(&scale);
    let mut text = String::new();
    if rounded.is_negative() {
        text.push('-');
    }
    let _ = write!(text, "{whole}");
    if places > 0 {
        let digits = fraction.to_string();
        let _ = write!(text, ".{}{digits}", "0".repeat(places as usize - digits.len()));
    }
    text
}

/// The decimal text of `x` with `figures` significant figures at least,
/// and at least `places` digits after the point: `0.00001539`, `0.15770`,
/// `5`, `694.167`.
pub fn decimal_text_significant(x: &BigRational, figures: u32, places: u32) -> String {
    if x.is_integer() {
        return x.numer().to_string();
    }
    let magnitude = x.abs().to_f64().unwrap_or(0.0);
    let leading = if magnitude > 0.0 { magnitude.log10().floor() as i64 } else { 0 };
    let needed = (i64::from(figures) - 1 - leading).max(i64::from(places)).clamp(0, 40) as u32;
    decimal_text(x, needed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: i64, b: i64) -> Exact {
        Exact::ratio(a, b)
    }

    fn agrees(kind: &str, text: &str, exact: &Exact) -> bool {
        Printed::parse(kind, text).unwrap().agrees(exact).unwrap()
    }

    #[test]
    fn decimals_agree_when_rounded_to_the_printed_digits() {
        assert!(agrees("decimal", "0.061", &r(3, 49)));
        assert!(agrees("decimal", "0.082", &r(4, 49)));
        assert!(!agrees("decimal", "0.810", &r(436, 539)), "0.80890 rounds to 0.809");
        assert!(!agrees("decimal", "0.0000153", &r(1, 64974)), "a truncation");
        assert!(agrees("decimal", "17", &r(337, 20)), "16.85 rounds to 17");
        assert!(agrees("decimal", "-20", &r(-20, 1)));
        assert!(agrees("decimal", "64,974", &r(64974, 1)));
        assert!(!agrees("decimal", "0.6921", &r(1101, 1594)));
    }

    #[test]
    fn other_forms() {
        assert!(agrees("about", "39,000", &r(38760, 1)));
        assert!(!agrees("about", "39,000", &r(116280, 1)));
        assert!(agrees("count", "2598960", &r(2598960, 1)));
        assert!(!agrees("count", "12", &r(25, 2)));
        assert!(agrees("fraction", "6/20", &r(3, 10)));
        assert!(!agrees("fraction", "6/20", &r(6, 19)));
        assert!(agrees("odds", "35:9", &r(70, 18)));
        assert!(!agrees("odds", "35:9", &r(36, 9)));
        assert!(agrees("odds", "1:1.47", &r(1090, 1605)));
        assert!(agrees("odds", "1.31:1", &r(1526, 1169)));
        assert!(agrees("range", "100–200", &r(150, 1)));
        assert!(!agrees("range", "100–200", &r(255, 1)));
        assert!(agrees("flag", "yes", &Exact::Flag(true)));
        assert!(agrees("set", "A, 8,  10", &Exact::Set(vec!["10".into(), "A".into(), "8".into()])));
        assert!(agrees("text", "five Diamonds", &Exact::Text("five Diamonds".into())));
        assert_eq!(Printed::parse("flag", "yes").unwrap().agrees(&r(1, 2)), None);
    }

    #[test]
    fn bad_printed_figures_are_refused() {
        for (kind, text) in [
            ("decimal", "0.0.1"),
            ("decimal", "x"),
            ("count", "1.5"),
            ("fraction", "1/0"),
            ("odds", "0.4:0.6"),
            ("odds", "3"),
            ("flag", "maybe"),
            ("colour", "red"),
        ] {
            assert!(Printed::parse(kind, text).is_err(), "{kind} {text}");
        }
    }

    #[test]
    fn decimal_texts() {
        let x = BigRational::new(425.into(), 2695.into());
        assert_eq!(decimal_text(&x, 5), "0.15770");
        assert_eq!(decimal_text(&BigRational::from_integer((-20).into()), 0), "-20");
        assert_eq!(decimal_text_significant(&BigRational::new(1.into(), 64974.into()), 4, 0), "0.00001539");
        assert_eq!(decimal_text_significant(&BigRational::new(2598960.into(), 3744.into()), 4, 3), "694.167");
        assert_eq!(
            round_to_figures(&BigRational::from_integer(38760.into()), 2),
            BigRational::from_integer(39000.into())
        );
    }
}
