use crate::quote::quote;
use std::fmt;
use std::str::FromStr;

use crate::Error;

/// How a [`Table`](super::Table) is written out. The variants' first doc
/// lines are the command line's help for each value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A terminal table.
    ///
    /// Drawn with comfy-table.
    #[default]
    Table,
    /// JSON with stable snake_case fields.
    ///
    /// Pretty-printed.
    Json,
    /// CSV with a header row.
    Csv,
    /// A Markdown table.
    Markdown,
}

impl Format {
    /// Every format, in the order the command-line help lists them.
    pub const ALL: [Format; 4] = [Format::Table, Format::Json, Format::Csv, Format::Markdown];

    /// The name used on the command line and in file extensions' place.
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Markdown => "markdown",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Format::ALL.into_iter().find(|format| format.name() == s).ok_or_else(|| {
            Error::invalid("format", format!("{} is not a format; use table, json, csv or markdown", quote(s)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>().unwrap(), format);
        }
        assert!("yaml".parse::<Format>().is_err());
    }
}
