//! The published perft counts shipped in `datasets/perft/`, for comparison
//! only: nothing in the counting path reads them.

use std::sync::OnceLock;

use serde::Deserialize;

use super::suite::{SuiteEntry, parse_suite};
use crate::engine::chess::{PerftStats, Setup};
use crate::report::Published;
use crate::{Error, Result};

/// The six standard positions of the chessprogramming wiki.
pub const STANDARD_EPD: &str = crate::study::datasets::PERFT_STANDARD;
/// Martin Sedlak's positions for the usual move-generation bugs.
pub const EDGE_CASES_EPD: &str = crate::study::datasets::PERFT_EDGE_CASES;
/// The Chess960 suite, as EPD.
pub const CHESS960_EPD: &str = crate::study::datasets::PERFT_CHESS960;
const STATS_JSON: &str = crate::study::datasets::PERFT_STATS;

const STANDARD_SOURCE: &str = "chessprogramming wiki, Perft Results";
const EDGE_SOURCE: &str = "Sedlak, via chessprogramming.net Perfect Perft";
const CHESS960_SOURCE: &str = "Chess960 perft, python-chess and shakmaty";

/// The standard positions, parsed.
pub fn standard_suite() -> Result<Vec<SuiteEntry>> {
    parse_suite("datasets/perft/standard.epd", STANDARD_EPD)
        .map_err(|e| Error::Dataset { name: "perft/standard.epd", why: e.to_string() })
}

/// The edge-case positions, parsed.
pub fn edge_case_suite() -> Result<Vec<SuiteEntry>> {
    parse_suite("datasets/perft/edge-cases.epd", EDGE_CASES_EPD)
        .map_err(|e| Error::Dataset { name: "perft/edge-cases.epd", why: e.to_string() })
}

/// The Chess960 positions, parsed: python-chess's 960 positions with
/// counts to depth 6, and shakmaty's X-FEN castling positions.
pub fn chess960_suite() -> Result<Vec<SuiteEntry>> {
    parse_suite("datasets/perft/chess960.epd", CHESS960_EPD)
        .map_err(|e| Error::Dataset { name: "perft/chess960.epd", why: e.to_string() })
}

/// The key of a position for lookups: placement, side, castling, en passant.
/// The castling rights are keyed by their rooks' files, so that a position
/// is found whichever notation (KQkq, Shredder-FEN) either side wrote it in.
fn key(setup: &Setup) -> String {
    let fen = setup.to_fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let files: Vec<u8> = (0..4).map(|i| setup.rook_file(i)).collect();
    format!("{} {} {} {files:?} {}", fields[0], fields[1], setup.castling(), fields[3])
}

/// The published leaf count of `setup` at `depth`, if either dataset has it.
pub fn published_nodes(setup: &Setup, depth: u32) -> Result<Option<Published<u128>>> {
    let wanted = key(setup);
    let mut suites = vec![(standard_suite()?, STANDARD_SOURCE), (edge_case_suite()?, EDGE_SOURCE)];
    if setup.chess960() {
        suites.push((chess960_suite()?, CHESS960_SOURCE));
    }
    for (suite, source) in suites {
        for entry in suite.iter().filter(|e| key(&e.setup) == wanted) {
            if let Some(&(_, nodes)) = entry.expected.iter().find(|(d, _)| *d == depth) {
                return Ok(Some(Published { value: nodes, source: format!("{source}, depth {depth}") }));
            }
        }
    }
    Ok(None)
}

#[derive(Deserialize)]
struct StatsFile {
    source: String,
    positions: Vec<StatsPosition>,
    known_disputes: Vec<Dispute>,
}

#[derive(Deserialize)]
struct StatsPosition {
    name: String,
    fen: String,
    columns: Vec<String>,
    rows: Vec<Vec<u64>>,
}

/// Published figures that independent counts dispute, with the evidence.
#[derive(Clone, Debug, Deserialize)]
pub struct Dispute {
    /// The position's name in the dataset.
    pub position: String,
    /// The disputed figures.
    pub figures: Vec<DisputedFigure>,
    /// Why they are thought wrong, with references.
    pub evidence: String,
}

/// One disputed figure of a statistics table.
#[derive(Clone, Debug, Deserialize)]
pub struct DisputedFigure {
    /// The depth.
    pub depth: u32,
    /// The [`PerftStats`] field.
    pub field: String,
    /// The value as published.
    pub published: u64,
}

impl Dispute {
    /// Whether `field` at `depth` is among the disputed figures.
    pub fn covers(&self, depth: u32, field: &str) -> bool {
        self.figures.iter().any(|f| f.depth == depth && f.field == field)
    }
}

/// A published statistics table for one position.
#[derive(Clone, Debug)]
pub struct PublishedStats {
    /// The position's name, e.g. `kiwipete`.
    pub name: String,
    /// The position.
    pub setup: Setup,
    /// One row per depth from 1.
    pub rows: Vec<PerftStats>,
    /// Where it was published.
    pub source: String,
    /// Published values in this table that independent counts dispute.
    pub disputes: Vec<Dispute>,
}

fn load_stats() -> Result<Vec<PublishedStats>> {
    let bad = |why: String| Error::Dataset { name: "perft/stats.json", why };
    let file: StatsFile = serde_json::from_str(STATS_JSON).map_err(|e| bad(e.to_string()))?;
    let expected_columns = [
        "depth",
        "nodes",
        "captures",
        "en_passant",
        "castles",
        "promotions",
        "checks",
        "discovered_checks",
        "double_checks",
        "checkmates",
    ];
    file.positions
        .into_iter()
        .map(|p| {
            if p.columns != expected_columns {
                return Err(bad(format!("columns of {} are {:?}", p.name, p.columns)));
            }
            let setup = Setup::from_fen(&p.fen).map_err(|e| bad(e.to_string()))?;
            let rows = p
                .rows
                .iter()
                .map(|r| match r[..] {
                    [depth, nodes, captures, en_passant, castles, promotions, checks, discovered, double, mates] => {
                        Ok(PerftStats {
                            depth: depth as u32,
                            nodes,
                            captures,
                            en_passant,
                            castles,
                            promotions,
                            checks,
                            discovered_checks: discovered,
                            double_checks: double,
                            checkmates: mates,
                        })
                    }
                    _ => Err(bad(format!("a row of {} has {} values, not 10", p.name, r.len()))),
                })
                .collect::<Result<_>>()?;
            let disputes = file.known_disputes.iter().filter(|d| d.position == p.name).cloned().collect();
            Ok(PublishedStats { name: p.name, setup, rows, source: file.source.clone(), disputes })
        })
        .collect()
}

/// Every published statistics table.
pub fn published_stats() -> Result<&'static [PublishedStats]> {
    static STATS: OnceLock<std::result::Result<Vec<PublishedStats>, String>> = OnceLock::new();
    match STATS.get_or_init(|| load_stats().map_err(|e| e.to_string())) {
        Ok(stats) => Ok(stats),
        Err(why) => Err(Error::Dataset { name: "perft/stats.json", why: why.clone() }),
    }
}

/// The published statistics of `setup`, if any.
pub fn published_stats_for(setup: &Setup) -> Result<Option<&'static PublishedStats>> {
    let wanted = key(setup);
    Ok(published_stats()?.iter().find(|p| key(&p.setup) == wanted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datasets_parse() {
        assert_eq!(standard_suite().unwrap().len(), 7);
        assert_eq!(edge_case_suite().unwrap().len(), 14);
        let stats = published_stats().unwrap();
        assert_eq!(stats.len(), 4);
        for table in stats {
            for (i, row) in table.rows.iter().enumerate() {
                assert_eq!(row.depth as usize, i + 1);
            }
        }
    }

    #[test]
    fn published_counts_are_found_by_position() {
        let start = Setup::starting();
        assert_eq!(published_nodes(&start, 3).unwrap().map(|p| p.value), Some(8902));
        assert_eq!(published_nodes(&start, 14).unwrap(), None);
    }
}
