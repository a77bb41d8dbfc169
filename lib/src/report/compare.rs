use super::{Cell, Verdict};

/// A published figure and where it was published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published<T> {
    /// The value as printed in the source.
    pub value: T,
    /// Document, section, figure or table: enough for a reader to find it.
    pub source: String,
}

/// A computed figure beside its published counterpart.
///
/// ```
/// use plybench::report::{Comparison, Published, Verdict};
///
/// let published = Published { value: 912u64, source: "Bell 1972, §3.3".into() };
/// assert_eq!(Comparison::new(Some(912), Some(&published)).verdict, Verdict::Match);
/// assert_eq!(Comparison::new(Some(911), Some(&published)).verdict, Verdict::Differs);
/// assert_eq!(Comparison::new(Some(3333u64), None).verdict, Verdict::NoPublishedValue);
/// assert_eq!(Comparison::new(None, Some(&published)).verdict, Verdict::NotComputed);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison<T> {
    /// What plybench computed; `None` when it was not computed.
    pub computed: Option<T>,
    /// What the literature says, if anything.
    pub published: Option<T>,
    /// Where the published value comes from.
    pub source: Option<String>,
    /// The outcome.
    pub verdict: Verdict,
}

impl<T: PartialEq + Clone> Comparison<T> {
    /// Compares `computed` with `published`.
    pub fn new(computed: Option<T>, published: Option<&Published<T>>) -> Self {
        let verdict = match (&computed, published) {
            (_, None) => Verdict::NoPublishedValue,
            (None, Some(_)) => Verdict::NotComputed,
            (Some(c), Some(p)) if *c == p.value => Verdict::Match,
            (Some(_), Some(_)) => Verdict::Differs,
        };
        Comparison {
            computed,
            published: published.map(|p| p.value.clone()),
            source: published.map(|p| p.source.clone()),
            verdict,
        }
    }
}

impl<T: Clone + Into<Cell>> Comparison<T> {
    /// The four cells `computed, published, source, verdict`, in that order.
    pub fn cells(&self) -> [Cell; 4] {
        [
            Cell::opt(self.computed.clone()),
            Cell::opt(self.published.clone()),
            Cell::opt(self.source.clone()),
            self.verdict.into(),
        ]
    }
}
