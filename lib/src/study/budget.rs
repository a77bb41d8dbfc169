//! How much work a run of a study may do: one setting shared by every
//! study, below both the studies and `reproduce`, which runs them.

/// How much work a run may do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    /// A subset for CI: under two minutes on two cores.
    Quick,
    /// Every published figure that fits in about three minutes on two cores.
    #[default]
    Default,
    /// Deep runs: may take an hour.
    Full,
}

impl Budget {
    /// `quick`, `default` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Quick => "quick",
            Budget::Default => "default",
            Budget::Full => "full",
        }
    }
}
