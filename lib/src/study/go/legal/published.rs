//! Published counts of legal positions and of games, read from
//! `datasets/go/legal.json`.
//!
//! The file is compiled in, but nothing in the computing path reads it:
//! the counts are only compared with.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use num_bigint::BigUint;
use serde::Deserialize;

use crate::{Error, Result};

const FILE: &str = "go/legal.json";
const TEXT: &str = crate::study::datasets::GO_LEGAL;

/// A source: a short name for table cells and the full citation.
#[derive(Clone, Debug, Deserialize)]
pub struct Source {
    /// For a table cell.
    pub short: String,
    /// For a note.
    pub full: String,
}

/// A published count, as printed (decimal digits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedCount {
    /// The decimal digits.
    pub digits: String,
    /// Key into [`LegalData::sources`].
    pub source: String,
    /// Whether it was published for the board turned a quarter (m×n for
    /// n×m, the same count by symmetry).
    pub transposed: bool,
}

impl PublishedCount {
    /// The value (the digits are checked when the dataset is read).
    pub fn value(&self) -> BigUint {
        self.digits.parse().unwrap_or_default()
    }
}

#[derive(Clone, Debug, Deserialize)]
struct Square {
    n: usize,
    count: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
struct Row {
    rows: usize,
    source: String,
    counts: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
struct GameEntry {
    rows: usize,
    cols: usize,
    games: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
struct Games {
    rules: String,
    counts: Vec<GameEntry>,
}

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct LegalData {
    /// Source keys and their citations.
    pub sources: BTreeMap<String, Source>,
    squares: Vec<Square>,
    /// L(n, n+1), keyed by n (the `n` of a [`Square`] entry).
    almost_squares: Vec<Square>,
    rows: Vec<Row>,
    games: Games,
}

impl LegalData {
    /// The published number of legal positions of an m×n board (either
    /// way round), if any: from the square sequence, else the 1×n and 2×n
    /// sequences, else the n×(n+1) table.
    pub fn legal(&self, rows: usize, cols: usize) -> Option<PublishedCount> {
        if rows == cols {
            return self.squares.iter().find(|s| s.n == rows).map(|s| PublishedCount {
                digits: s.count.clone(),
                source: s.source.clone(),
                transposed: false,
            });
        }
        let (short, long) = (rows.min(cols), rows.max(cols));
        let transposed = rows != short;
        let strip = self.rows.iter().find(|r| r.rows == short).and_then(|row| {
            let digits = row.counts.get(long.checked_sub(1)?)?;
            Some(PublishedCount { digits: digits.clone(), source: row.source.clone(), transposed })
        });
        strip.or_else(|| {
            let entry = self.almost_squares.iter().find(|s| s.n == short && long == short + 1)?;
            Some(PublishedCount { digits: entry.count.clone(), source: entry.source.clone(), transposed })
        })
    }

    /// The shorter sides n of the published n×(n+1) counts.
    pub fn almost_square_sides(&self) -> Vec<usize> {
        self.almost_squares.iter().map(|s| s.n).collect()
    }

    /// The sides n of the published n×n counts.
    pub fn square_sides(&self) -> Vec<usize> {
        self.squares.iter().map(|s| s.n).collect()
    }

    /// The published number of games of an m×n board (either way round).
    pub fn games(&self, rows: usize, cols: usize) -> Option<PublishedCount> {
        let exact = self.games.counts.iter().find(|g| g.rows == rows && g.cols == cols);
        let turned = self.games.counts.iter().find(|g| g.rows == cols && g.cols == rows);
        let (entry, transposed) = match (exact, turned) {
            (Some(e), _) => (e, false),
            (None, Some(e)) => (e, true),
            (None, None) => return None,
        };
        Some(PublishedCount { digits: entry.games.clone(), source: entry.source.clone(), transposed })
    }

    /// The boards (rows, cols) whose games are published.
    pub fn game_boards(&self) -> Vec<(usize, usize)> {
        self.games.counts.iter().map(|g| (g.rows, g.cols)).collect()
    }

    /// The rules under which the game counts were published.
    pub fn game_rules(&self) -> &str {
        &self.games.rules
    }

    /// The short name of source `key`, and `(turned)` when the count was
    /// published for the transposed board.
    pub fn short(&self, count: &PublishedCount) -> String {
        let name = self.sources.get(&count.source).map_or(count.source.as_str(), |s| s.short.as_str());
        if count.transposed { format!("{name} (board turned)") } else { name.to_owned() }
    }

    /// The full citation of source `key`.
    pub fn full(&self, key: &str) -> Option<&str> {
        self.sources.get(key).map(|s| s.full.as_str())
    }
}

/// The dataset, parsed and checked once.
///
/// ```
/// let data = plybench::study::go::legal::published::data()?;
/// assert_eq!(data.legal(2, 2).unwrap().digits, "57");
/// assert_eq!(data.legal(4, 1).unwrap().digits, "41");
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn data() -> Result<&'static LegalData> {
    static DATA: OnceLock<std::result::Result<LegalData, String>> = OnceLock::new();
    DATA.get_or_init(parse).as_ref().map_err(|why| Error::Dataset { name: FILE, why: why.clone() })
}

fn parse() -> std::result::Result<LegalData, String> {
    let data: LegalData = serde_json::from_str(TEXT).map_err(|e| e.to_string())?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut keys: Vec<(&str, &str)> = Vec::new();
    keys.extend(data.squares.iter().chain(&data.almost_squares).map(|s| (s.source.as_str(), s.count.as_str())));
    for row in &data.rows {
        keys.extend(row.counts.iter().map(|c| (row.source.as_str(), c.as_str())));
    }
    keys.extend(data.games.counts.iter().map(|g| (g.source.as_str(), g.games.as_str())));
    for (source, count) in keys {
        if !data.sources.contains_key(source) {
            return Err(format!("unknown source `{source}`"));
        }
        if !digits(count) {
            return Err(format!("`{count}` is not a count"));
        }
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequences_agree_where_they_meet() {
        let data = data().unwrap();
        // 1x1 and 2x2 are in both the square and the strip sequences.
        let strip = |m: usize, n: usize| {
            let row = data.rows.iter().find(|r| r.rows == m).unwrap();
            row.counts[n - 1].clone()
        };
        assert_eq!(strip(1, 1), data.legal(1, 1).unwrap().digits);
        assert_eq!(strip(2, 2), data.legal(2, 2).unwrap().digits);
        assert_eq!(strip(1, 2), strip(2, 1));
        // 1x2 and 2x3 are in both the strip sequences and the almost-square table.
        for n in [1, 2] {
            let almost = data.almost_squares.iter().find(|s| s.n == n).unwrap();
            assert_eq!(strip(n, n + 1), almost.count);
        }
    }

    #[test]
    fn lookups_go_either_way_round() {
        let data = data().unwrap();
        assert_eq!(data.legal(3, 2), data.legal(2, 3).map(|c| PublishedCount { transposed: true, ..c }));
        assert!(data.legal(3, 5).is_none());
        assert_eq!(data.legal(4, 3).unwrap().digits, "321689");
        assert!(data.legal(4, 3).unwrap().transposed);
        assert_eq!(data.games(2, 1).unwrap().digits, "9");
        assert!(data.games(2, 1).unwrap().transposed);
        assert_eq!(data.legal(19, 19).unwrap().value().to_string().len(), 171);
    }
}
