//! A chapter's published figures, as `datasets/levy/` stores them.
//!
//! One JSON file per chapter:
//!
//! ```json
//! {
//!   "about": "...",
//!   "source": "D. Levy, Computer Gamesmanship (1983), ch. 11 ...",
//!   "chapter": 11,
//!   "pages": "166-180",
//!   "figures": [
//!     {"id": "fig42.ace", "figure": "Fig. 42: the down card is an ace", "kind": "decimal",
//!      "printed": "0.061", "line": 2771},
//!     {"id": "equity.odds", "figure": "...", "kind": "odds", "printed": "35:9", "line": 2742,
//!      "known": {"kind": "arithmetic slip", "evidence": "..."}},
//!     {"id": "chess.chance", "figure": "...", "printed": "one in ten thousand", "line": 1328,
//!      "not_computed": "a judgement of the players' chances"}
//!   ]
//! }
//! ```
//!
//! `kind` is the form of the printed figure ([`Printed::parse`]); `line` the
//! line of the seed text (`shared/seeds/levy-1983-computer-gamesmanship.txt`)
//! where it is printed; `page` the page when the source gives it (the seed
//! gives only the contents' page of each chapter, recorded as `pages`). A
//! figure `known` to be wrong carries the kind of error and the evidence;
//! its verdict is then a known discrepancy instead of `differs`. A figure
//! that cannot be computed says why in `not_computed`.

use std::collections::HashSet;

use serde::Deserialize;

use crate::report::Printed;
use crate::{Error, Result};

/// A chapter's file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    /// What the file is.
    pub about: String,
    /// The book and chapter.
    pub source: String,
    /// The chapter's number.
    pub chapter: u32,
    /// Its pages, from the book's contents.
    pub pages: String,
    /// The figures, in the order of the text.
    pub figures: Vec<Entry>,
}

/// One printed figure.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Unique in the chapter; the study's computed figure of the same id
    /// stands beside it.
    pub id: String,
    /// What the figure is, in a few words.
    pub figure: String,
    /// The form of the printed figure: `decimal`, `about`, `count`,
    /// `fraction`, `odds`, `range`, `flag`, `set` or `text`.
    #[serde(default)]
    pub kind: Option<String>,
    /// The figure as printed.
    pub printed: String,
    /// The line of the seed text; 0 for a figure from outside the book,
    /// named by [`Entry::reference`].
    pub line: u32,
    /// Where a figure from outside the book is published (an OEIS
    /// sequence, a paper).
    #[serde(default)]
    pub reference: Option<String>,
    /// The page, where the source gives one.
    #[serde(default)]
    pub page: Option<u32>,
    /// Set when the printed figure is a known error.
    #[serde(default)]
    pub known: Option<Known>,
    /// Why the figure is not computed, when it is not.
    #[serde(default)]
    pub not_computed: Option<String>,
}

/// A printed figure known to be wrong.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// `rounding`, `truncation`, `arithmetic slip`, `misprint`,
    /// `approximation`, `wrong count`.
    pub kind: String,
    /// How the printed figure arose, and the exact value.
    pub evidence: String,
}

impl Entry {
    /// The printed figure, parsed; `None` for a figure not computed.
    pub fn printed(&self, file: &'static str) -> Result<Option<Printed>> {
        if self.not_computed.is_some() {
            return Ok(None);
        }
        let kind = self
            .kind
            .as_deref()
            .ok_or_else(|| Error::Dataset { name: file, why: format!("figure {} has no kind", self.id) })?;
        Printed::parse(kind, &self.printed)
            .map(Some)
            .map_err(|why| Error::Dataset { name: file, why: format!("figure {}: {why}", self.id) })
    }

    /// Where the figure is printed: `ch. 11, line 2771` (with the page
    /// when known).
    pub fn source(&self, chapter: u32) -> String {
        if let Some(reference) = &self.reference {
            return reference.clone();
        }
        match self.page {
            Some(page) => format!("ch. {chapter}, p. {page}, line {}", self.line),
            None => format!("ch. {chapter}, line {}", self.line),
        }
    }
}

/// Reads the chapter file `text`, named `file` in messages: every id once,
/// every computed figure's printed form readable, a not computed figure
/// not also listed as known.
pub fn read(text: &str, file: &'static str) -> Result<Chapter> {
    let chapter: Chapter = serde_json::from_str(text).map_err(|e| Error::Dataset { name: file, why: e.to_string() })?;
    let mut ids = HashSet::new();
    for entry in &chapter.figures {
        if !ids.insert(entry.id.as_str()) {
            return Err(Error::Dataset { name: file, why: format!("figure {} is listed twice", entry.id) });
        }
        if entry.not_computed.is_some() && entry.known.is_some() {
            return Err(Error::Dataset {
                name: file,
                why: format!("figure {} is both known wrong and not computed", entry.id),
            });
        }
        entry.printed(file)?;
    }
    Ok(chapter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_files_are_refused() {
        let good = r#"{"about": "a", "source": "s", "chapter": 6, "pages": "77-87", "figures": [
            {"id": "x", "figure": "f", "kind": "count", "printed": "34", "line": 1138}]}"#;
        assert_eq!(read(good, "t").unwrap().figures.len(), 1);
        let twice = good.replace(
            r#""line": 1138}]"#,
            r#""line": 1138}, {"id": "x", "figure": "f", "kind": "count", "printed": "3", "line": 1}]"#,
        );
        assert!(read(&twice, "t").is_err());
        assert!(read(&good.replace("count", "colour"), "t").is_err());
        assert!(read(&good.replace(r#""kind": "count", "#, ""), "t").is_err());
        assert!(read(&good.replace("\"line\"", "\"lines\""), "t").is_err());
    }
}
