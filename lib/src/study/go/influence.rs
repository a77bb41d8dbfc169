//! The influence part of the Go study: Zobrist's algorithm (Bell 1972,
//! §3.4) beside Figs. 3.14 and 3.16, the score of the game of Figs. 3.15
//! and 3.16, and Bell's remark that no value lies between ±17 and ±33.
//!
//! Published numbers come from `datasets/go/influence-bell-1972.json` and
//! are only compared with, with one exception the issue asks for: the
//! position of Figs. 3.15/3.16, lost from the scan, is reconstructed from
//! the magnitudes Fig. 3.16 prints ([`reconstruct()`]), and its recomputed
//! map is then compared with the same figure point by point.

use serde::Deserialize;

use crate::Result;
use crate::engine::go::influence::map::{PASSES, STEP, STONE};
use crate::engine::go::influence::reconstruct::EMPTY_MAX;
use crate::engine::go::influence::{
    BLACK, EMPTY, InfluenceMap, Position, Reconstruction, SIZE, Search, Stone, Territory, WHITE, by_influence,
    by_regions, influence, point_name, reconstruct,
};
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::progress::{Progress, Step};
use crate::engine::rng::{mix, unit};
use crate::engine::work::{MAX_SECONDS, Work};
use crate::report::heatmap::{Disc, HeatMap};
use crate::report::plot::Plot;
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::Parsed;
use crate::study::part::Part;

const FILE: &str = "go/influence-bell-1972.json";
const COLUMN_LETTERS: &str = "ABCDEFGHJKLMNOPQRST";

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct Bell {
    /// The book, for citations.
    pub source: String,
    /// Fig. 3.14.
    pub fig_3_14: Fig314,
    /// Fig. 3.16.
    pub fig_3_16: Fig316,
    /// The game's score.
    pub score: Score,
    /// The ±17–33 remark.
    pub claim: Claim,
    /// The board and the stones (§3.4, 'Description of GO').
    pub board: BoardFigures,
}

/// Bell's figures of the board: 361 points, 181 and 180 stones.
#[derive(Clone, Debug, Deserialize)]
pub struct BoardFigures {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// Bell's words.
    pub quote: String,
    /// 19.
    pub size: usize,
    /// 361.
    pub points: u64,
    /// 181.
    pub black_stones: u64,
    /// 180.
    pub white_stones: u64,
}

/// Bell's board figures computed: the points of the engine's 19 by 19
/// board, and the stones each side needs to cover it moving alternately,
/// Black first.
pub fn board_table() -> Result<Table> {
    let b = &bell()?.board;
    let mut table = Table::new(
        "go_bell_board",
        "Bell (1972) §3.4: the GO board's points and each side's stones",
        vec![
            Column::new("figure", "Figure"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let empty = Position::empty();
    let points =
        (0..SIZE).flat_map(|r| (0..SIZE).map(move |c| (r, c))).filter(|&(r, c)| empty.at(r, c) == EMPTY).count() as u64;
    // Alternate moves from Black's until every point is covered.
    let (mut black, mut white) = (0u64, 0u64);
    for move_number in 0..points {
        if move_number % 2 == 0 { black += 1 } else { white += 1 }
    }
    let source = format!("{}: \"{}\"", b.location, b.quote);
    for (figure, computed, published) in [
        (format!("points of the {}x{} board", SIZE, SIZE), points, b.points),
        ("stones Black needs to cover it, moving first".to_owned(), black, b.black_stones),
        ("stones White needs".to_owned(), white, b.white_stones),
    ] {
        let [c, p, s, v] =
            Comparison::new(Some(computed), Some(&Published { value: published, source: source.clone() })).cells();
        table.push(vec![Cell::from(figure), c, p, s, v]);
    }
    if SIZE != b.size {
        table.note(format!("The engine's board is {SIZE} wide, Bell's {}.", b.size));
    }
    table.note(
        "The points are counted on the engine's empty board; the stones are the moves each side makes when the \
         players alternate, Black first, until every point holds a stone: with 361 points Black needs one more.",
    );
    Ok(table)
}

/// Fig. 3.14: the single black stone's diamond, row by row.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig314 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The printed rows, 1, 3, 5, 7, 9, 7, 5, 3, 1 numbers.
    pub rows: Vec<Vec<i32>>,
}

/// Fig. 3.16 as scanned: 19 rows of 19 unsigned numbers.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig316 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The printed magnitudes, top row first.
    pub magnitudes: Vec<Vec<i32>>,
    /// Printed numbers the dataset lists as damaged, with the evidence.
    pub known: Vec<KnownPoint>,
}

/// A printed number of Fig. 3.16 known to be damaged.
#[derive(Clone, Debug, Deserialize)]
pub struct KnownPoint {
    /// The point, GTP-style.
    pub point: String,
    /// The number as printed.
    pub printed: i32,
    /// The evidence.
    pub why: String,
}

/// The score of the game of Figs. 3.15 and 3.16.
#[derive(Clone, Debug, Deserialize)]
pub struct Score {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// Black's score.
    pub black: u32,
    /// White's (the computer's) score.
    pub white: u32,
    /// Stones Black captured.
    pub black_captured: u32,
    /// Stones White captured.
    pub white_captured: u32,
}

/// Bell's remark on the values that cannot occur.
#[derive(Clone, Debug, Deserialize)]
pub struct Claim {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The smallest magnitude said not to occur.
    pub low: i32,
    /// The largest.
    pub high: i32,
}

/// The dataset, parsed once.
pub fn bell() -> Result<&'static Bell> {
    static FIGURES: Parsed<Bell> = Parsed::json_checked(FILE, crate::study::datasets::GO_INFLUENCE_BELL, check_bell);
    FIGURES.get()
}

/// Fig. 3.14 is a diamond, Fig. 3.16 a full board, every known point a point.
fn check_bell(bell: &Bell) -> std::result::Result<(), String> {
    let shape: Vec<usize> = bell.fig_3_14.rows.iter().map(Vec::len).collect();
    if shape != [1, 3, 5, 7, 9, 7, 5, 3, 1] {
        return Err(format!("fig_3_14 has rows of {shape:?} numbers; the diamond has 1, 3, 5, 7, 9, 7, 5, 3, 1"));
    }
    if bell.fig_3_16.magnitudes.len() != SIZE || bell.fig_3_16.magnitudes.iter().any(|r| r.len() != SIZE) {
        return Err("fig_3_16 must have 19 rows of 19 numbers".into());
    }
    for k in &bell.fig_3_16.known {
        point_index(&k.point).ok_or_else(|| format!("known point {} is not a point", k.point))?;
    }
    Ok(())
}

/// `(row, col)` of a GTP name, row 0 at the top.
fn point_index(name: &str) -> Option<(usize, usize)> {
    let mut position = Position::empty();
    position.place(name, BLACK).ok()?;
    (0..SIZE * SIZE).map(|p| (p / SIZE, p % SIZE)).find(|&(r, c)| position.at(r, c) == BLACK)
}

/// The map of a position as a table: one row per board row, top first, one
/// column per board column.
pub fn map_table(id: &str, title: &str, map: &InfluenceMap) -> Table {
    let mut columns = vec![Column::new("row", "")];
    for letter in COLUMN_LETTERS.chars() {
        columns.push(Column::new(&letter.to_ascii_lowercase().to_string(), &letter.to_string()));
    }
    let mut table = Table::new(id, title, columns);
    for row in 0..SIZE {
        let mut cells = vec![Cell::from((SIZE - row) as u64)];
        cells.extend((0..SIZE).map(|col| Cell::from(i64::from(map.at(row, col)))));
        table.push(cells);
    }
    table
}

/// The position as a table: one row per board row, `X` black, `O` white.
pub fn position_table(id: &str, title: &str, position: &Position) -> Table {
    let mut table = Table::new(id, title, vec![Column::new("row", "row"), Column::new("points", COLUMN_LETTERS)]);
    for row in 0..SIZE {
        let line: String = (0..SIZE)
            .map(|col| match position.at(row, col) {
                BLACK => 'X',
                WHITE => 'O',
                _ => '.',
            })
            .collect();
        table.push(vec![Cell::from((SIZE - row) as u64), Cell::from(line)]);
    }
    table
}

/// The single black stone of `position`, if it has exactly one stone, it
/// is black and it stands on the fifth line or further in (so that the
/// pattern is not clipped).
pub fn single_centred_stone(position: &Position) -> Option<(usize, usize)> {
    if position.count(BLACK) != 1 || position.count(WHITE) != 0 {
        return None;
    }
    let reach = PASSES;
    (0..SIZE * SIZE)
        .map(|p| (p / SIZE, p % SIZE))
        .find(|&(r, c)| position.at(r, c) == BLACK)
        .filter(|&(r, c)| (reach..SIZE - reach).contains(&r) && (reach..SIZE - reach).contains(&c))
}

/// Fig. 3.14 beside the map of a single black stone at `(row, col)`, row
/// by row of the printed diamond, and the blank points around it.
pub fn fig_3_14_table(map: &InfluenceMap, (row, col): (usize, usize)) -> Result<Table> {
    let bell = bell()?;
    let source = &bell.fig_3_14.location;
    let mut table = Table::new(
        "go_influence_fig3_14",
        &format!("Fig. 3.14: a black stone at {}, Zobrist's map beside Bell's", point_name(row, col)),
        vec![
            Column::new("line", "board row"),
            Column::new("computed", "computed"),
            Column::new("published", "Fig. 3.14"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let radius = PASSES as i64;
    let mut inside = 0usize;
    for (k, printed) in bell.fig_3_14.rows.iter().enumerate() {
        let dr = k as i64 - radius;
        let r = (row as i64 + dr) as usize;
        let half = radius - dr.abs();
        let computed: Vec<i64> = (-half..=half).map(|dc| i64::from(map.at(r, (col as i64 + dc) as usize))).collect();
        inside += computed.len();
        let published: Vec<i64> = printed.iter().map(|&v| i64::from(v)).collect();
        let verdict = if computed == published { Verdict::Match } else { Verdict::Differs };
        table.push(vec![
            Cell::from((SIZE - r).to_string()),
            Cell::list(&computed),
            Cell::list(&published),
            Cell::from(source.as_str()),
            verdict.into(),
        ]);
    }
    // Every point outside the diamond is blank in the figure: zero.
    let mut outside_nonzero = 0u64;
    for r in 0..SIZE {
        for c in 0..SIZE {
            let d = (r as i64 - row as i64).abs() + (c as i64 - col as i64).abs();
            if d > radius && map.at(r, c) != 0 {
                outside_nonzero += 1;
            }
        }
    }
    let blank = Published { value: 0u64, source: format!("{source} (blank outside the diamond)") };
    let outside = Comparison::new(Some(outside_nonzero), Some(&blank));
    let [computed, published, source_cell, verdict] = outside.cells();
    table.push(vec![Cell::from("elsewhere (non-zero points)"), computed, published, source_cell, verdict]);
    table.note(format!(
        "The figure prints the {inside} points within distance {radius} of the stone and leaves the rest blank; \
         each row of the diamond is compared number by number, then the {} points outside it must be 0.",
        SIZE * SIZE - inside
    ));
    Ok(table)
}

/// The printed magnitudes of Fig. 3.16, row by row from the top.
fn printed_3_16(bell: &Bell) -> Vec<i32> {
    bell.fig_3_16.magnitudes.iter().flatten().copied().collect()
}

/// The reconstruction of the position of Figs. 3.15/3.16, oriented by
/// Bell's text, with its map.
#[derive(Clone, Debug)]
pub struct Fig316Result {
    /// What the search found.
    pub reconstruction: Reconstruction,
    /// The position, Black the positive side, White holding the lower half.
    pub position: Position,
    /// Its map.
    pub map: InfluenceMap,
    /// Whether the colours were swapped to put White's area in the lower
    /// half (Bell: "White controls the lower segment and Black the upper").
    pub swapped: bool,
}

/// The search effort of each budget.
fn search(budget: Budget) -> Search {
    match budget {
        Budget::Quick => Search { seed: 1, restarts: 2, steps: 120_000, max_edits: 3 },
        Budget::Default => Search { seed: 1, restarts: 4, steps: 150_000, max_edits: 4 },
        Budget::Full => Search { seed: 1, restarts: 12, steps: 400_000, max_edits: 6 },
    }
}

/// Reconstructs the position of Fig. 3.16 and recomputes its map.
pub fn fig_3_16(search: Search) -> Result<Fig316Result> {
    let bell = bell()?;
    let reconstruction = reconstruct(&printed_3_16(bell), search)?;
    let first = influence(&reconstruction.position);
    let lower: i64 =
        (SIZE / 2 + 1..SIZE).flat_map(|r| (0..SIZE).map(move |c| (r, c))).map(|(r, c)| i64::from(first.at(r, c))).sum();
    let swapped = lower > 0;
    let position = if swapped { reconstruction.position.swapped() } else { reconstruction.position.clone() };
    let map = influence(&position);
    Ok(Fig316Result { reconstruction, position, map, swapped })
}

/// Fig. 3.16 point by point: the recomputed value, its magnitude beside the
/// printed one, and a verdict. With `all` false only the points that do
/// not match are listed.
pub fn fig_3_16_points(result: &Fig316Result, all: bool) -> Result<Table> {
    let bell = bell()?;
    let printed = printed_3_16(bell);
    let source = &bell.fig_3_16.location;
    let mut table = Table::new(
        "go_influence_fig3_16",
        "Fig. 3.16: the reconstructed position's map beside the scan (magnitudes: the scan lost the signs)",
        vec![
            Column::new("point", "point"),
            Column::new("stone", "stone"),
            Column::new("value", "computed value"),
            Column::new("computed", "|computed|"),
            Column::new("published", "Fig. 3.16"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    for (p, &printed) in printed.iter().enumerate() {
        let (row, col) = (p / SIZE, p % SIZE);
        let name = point_name(row, col);
        let value = result.map.at(row, col);
        let known = bell.fig_3_16.known.iter().find(|k| k.point == name && k.printed == printed);
        let mut comparison = Comparison::new(
            Some(i64::from(value.abs())),
            Some(&Published { value: i64::from(printed), source: source.clone() }),
        );
        if comparison.verdict == Verdict::Differs && known.is_some() {
            comparison.verdict = Verdict::Known;
        }
        if !all && comparison.verdict == Verdict::Match {
            continue;
        }
        let [computed, published, source_cell, verdict] = comparison.cells();
        table.push(vec![
            Cell::from(name),
            Cell::from(stone_name(result.position.at(row, col))),
            Cell::from(i64::from(value)),
            computed,
            published,
            source_cell,
            verdict,
        ]);
    }
    for k in &bell.fig_3_16.known {
        table.note(format!("{} printed {}: {}", k.point, k.printed, k.why));
    }
    Ok(table)
}

fn stone_name(stone: Stone) -> &'static str {
    match stone {
        BLACK => "black",
        WHITE => "white",
        _ => "empty",
    }
}

/// How the reconstruction went: stones, fit, edits, and the check of the
/// stone counts against the captures Bell gives.
pub fn fig_3_16_summary(result: &Fig316Result) -> Result<Table> {
    let bell = bell()?;
    let printed = printed_3_16(bell);
    let r = &result.reconstruction;
    let (matches, known, differs) = tally_points(result, &printed, bell);
    let black = result.position.count(BLACK);
    let white = result.position.count(WHITE);
    // Stones on the board plus those the other side captured: moves made.
    let black_moves = black + bell.score.white_captured as usize;
    let white_moves = white + bell.score.black_captured as usize;
    let edits: Vec<String> = r
        .edits
        .iter()
        .map(|e| {
            let after = if result.swapped { -e.after } else { e.after };
            format!("{}: {} -> {}", point_name(e.row, e.col), stone_name(e.before), stone_name(after))
        })
        .collect();
    let implied = printed.iter().filter(|&&v| v > EMPTY_MAX).count();
    let in_gap = printed.iter().filter(|&&v| (bell.claim.low..=bell.claim.high).contains(&v)).count();
    let mut table = Table::record(
        "go_influence_fig3_16_summary",
        "Fig. 3.16: the position reconstructed from the scan",
        vec![
            ("figure", "figure", Cell::from("3.16")),
            ("printed_stones", "printed magnitudes above 16 (stones)", Cell::from(implied)),
            ("printed_in_gap", "printed magnitudes in 17..33", Cell::from(in_gap)),
            ("black_stones", "black stones", Cell::from(black)),
            ("white_stones", "white stones", Cell::from(white)),
            ("black_moves", "Black's moves (stones + 21 captured by White)", Cell::from(black_moves)),
            ("white_moves", "White's moves (stones + 14 captured by Black)", Cell::from(white_moves)),
            ("annealing_mismatches", "mismatching points after the annealing", Cell::from(r.before_edits.0)),
            ("annealing_distance", "distance after the annealing", Cell::from(r.before_edits.1)),
            ("edits", "edits of the position", Cell::from(edits.join("; "))),
            (
                "runs_at_best",
                "annealing runs reaching the best distance",
                Cell::from(r.runs.iter().filter(|&&d| d == r.runs.iter().copied().min().unwrap_or(0)).count()),
            ),
            ("runs", "annealing runs", Cell::from(r.runs.len())),
            ("matches", "points matching", Cell::from(matches)),
            ("known", "points listed as damaged in the dataset", Cell::from(known)),
            ("differs", "points differing otherwise", Cell::from(differs)),
        ],
    );
    table.note(format!(
        "A printed magnitude above {EMPTY_MAX} is a stone (an empty point gains at most {STEP} a pass, a stone keeps \
         its {STONE} within that); the colours are the annealing's fit of the magnitudes, up to one swap, settled by \
         Bell's text: White (negative) holds the lower half."
    ));
    table.note(format!(
        "Moves: Black {black_moves}, White {white_moves}. Black moves first, so equal counts mean White moved last; \
         the swapped colouring would give {} and {}.",
        white + bell.score.white_captured as usize,
        black + bell.score.black_captured as usize
    ));
    Ok(table)
}

fn tally_points(result: &Fig316Result, printed: &[i32], bell: &Bell) -> (usize, usize, usize) {
    let (mut matches, mut known, mut differs) = (0, 0, 0);
    for (p, &printed) in printed.iter().enumerate() {
        let (row, col) = (p / SIZE, p % SIZE);
        if result.map.at(row, col).abs() == printed {
            matches += 1;
        } else if bell.fig_3_16.known.iter().any(|k| k.point == point_name(row, col) && k.printed == printed) {
            known += 1;
        } else {
            differs += 1;
        }
    }
    (matches, known, differs)
}

/// A counting rule applied to the reconstructed position.
struct Rule {
    name: String,
    territory: Territory,
}

/// Bell's score (59 to Black, 66 to White) against territory counted by
/// several rules on the reconstructed position, plus the captures.
pub fn score_table(result: &Fig316Result) -> Result<Table> {
    let bell = bell()?;
    let score = &bell.score;
    let mut rules = vec![
        Rule { name: "regions touching one colour, every stone alive".into(), territory: by_regions(&result.position) },
        Rule {
            name: "sign of the influence (Zobrist's segmentation)".into(),
            territory: by_influence(&result.position, &result.map, 1),
        },
    ];
    for threshold in [4, 8, 12] {
        rules.push(Rule {
            name: format!("influence of magnitude {threshold} or more"),
            territory: by_influence(&result.position, &result.map, threshold),
        });
    }
    let mut table = Table::new(
        "go_influence_score",
        "The score of the game of Figs. 3.15/3.16: territory by rule, plus captures",
        vec![
            Column::new("rule", "rule"),
            Column::new("black_territory", "Black territory"),
            Column::new("white_territory", "White territory"),
            Column::new("black_score", "Black score"),
            Column::new("white_score", "White score"),
            Column::new("published", "Bell"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let published = format!("{}-{}", score.black, score.white);
    let mut reproducing = Vec::new();
    for rule in &rules {
        let b = rule.territory.black as u32 + score.black_captured;
        let w = rule.territory.white as u32 + score.white_captured;
        let reproduces = (b, w) == (score.black, score.white);
        if reproduces {
            reproducing.push(rule.name.clone());
        }
        table.push(vec![
            Cell::from(rule.name.as_str()),
            Cell::from(rule.territory.black),
            Cell::from(rule.territory.white),
            Cell::from(b),
            Cell::from(w),
            Cell::from(published.as_str()),
            Cell::from(score.location.as_str()),
            if reproduces { Verdict::Match } else { Verdict::NoPublishedValue }.into(),
        ]);
    }
    let verdict = if reproducing.is_empty() { Verdict::NotComputed } else { Verdict::Match };
    table.push(vec![
        Cell::from("Bell's count: territory as agreed when the game stopped (Fig. 3.15)"),
        Cell::Null,
        Cell::Null,
        if reproducing.is_empty() { Cell::Null } else { Cell::from(score.black) },
        if reproducing.is_empty() { Cell::Null } else { Cell::from(score.white) },
        Cell::from(published.as_str()),
        Cell::from(score.location.as_str()),
        verdict.into(),
    ]);
    table.note(format!(
        "Bell: Black captured {}, White {}; the scores 59 and 66 leave {} and {} surrounded nodes. Our rules are \
         not Bell's, so a rule that misses is 'no published value'; the last row is 'match' when a rule \
         reproduces both scores ({}), else 'not computed': the players' agreed segmentation (Fig. 3.15) is lost.",
        score.black_captured,
        score.white_captured,
        score.black - score.black_captured,
        score.white - score.white_captured,
        if reproducing.is_empty() { "none does".to_owned() } else { reproducing.join("; ") }
    ));
    Ok(table)
}

/// What the ±17–33 test found in one family of positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GapTest {
    /// Positions tried.
    pub positions: u64,
    /// Values looked at (361 a position).
    pub values: u64,
    /// Values whose magnitude lies in the gap.
    pub in_gap: u64,
    /// The largest magnitude at an empty point (-1 while no empty point was
    /// seen: the table shows none rather than 0).
    pub max_empty: i32,
    /// The smallest magnitude at a stone.
    pub min_stone: i32,
    /// The first position with a value in the gap, if any.
    pub counterexample: Option<Position>,
}

impl GapTest {
    fn add(&mut self, position: &Position, low: i32, high: i32) {
        let map = influence(position);
        self.positions += 1;
        if self.positions == 1 {
            self.min_stone = i32::MAX;
            self.max_empty = -1;
        }
        for row in 0..SIZE {
            for col in 0..SIZE {
                let v = map.at(row, col).abs();
                self.values += 1;
                if (low..=high).contains(&v) {
                    self.in_gap += 1;
                    if self.counterexample.is_none() {
                        self.counterexample = Some(position.clone());
                    }
                }
                if position.at(row, col) == EMPTY {
                    self.max_empty = self.max_empty.max(v);
                } else {
                    self.min_stone = self.min_stone.min(v);
                }
            }
        }
    }
}

/// Random positions tested a second by one core (about 100,000 in 2.5 s
/// on the two-core machine, wall clock, one thread).
pub const POSITIONS_PER_SECOND: f64 = 4e4;

/// What testing Bell's remark on `count` random positions costs.
///
/// ```
/// use plybench::study::go::influence::random_work;
///
/// assert!(random_work(1_000)?.seconds < 1.0);
/// assert_eq!(random_work(0).unwrap_err().to_string(), "0; expected 1 to 3456000000; a test of no position proves nothing");
/// assert!(random_work(u64::MAX).is_err()); // centuries
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] for no position, or a test past a day.
pub fn random_work(count: u64) -> std::result::Result<Work, LimitError> {
    let most = (MAX_SECONDS * POSITIONS_PER_SECOND) as u64;
    if count == 0 {
        check_range(Quantity::Other("positions"), count, 1, most, "; a test of no position proves nothing")?;
    }
    Work::exact(count as f64, "positions", POSITIONS_PER_SECOND).check()
}

/// Tests Bell's remark on `count` random positions of seed `seed`, each
/// with its own density drawn uniformly from 0 to 1 (or `density` when
/// given). Same seed, same positions, on any machine.
pub fn gap_random(seed: u64, count: u64, density: Option<f64>, progress: Progress<'_>) -> Result<GapTest> {
    random_work(count)?;
    let bell = bell()?;
    let mut test = GapTest::default();
    let chunk = (count / 20).max(1);
    for index in 0..count {
        let d = density.unwrap_or_else(|| unit(mix(seed ^ mix(index))));
        let position = Position::random(seed, index, d)?;
        test.add(&position, bell.claim.low, bell.claim.high);
        if (index + 1) % chunk == 0 || index + 1 == count {
            progress.report(Step {
                done: index + 1,
                total: count,
                nodes: u128::from(test.values),
                label: "random positions",
            });
        }
    }
    Ok(test)
}

/// The claim table: Bell's remark against the reconstructed position, the
/// scan itself, random positions and the two extreme constructions.
pub fn claim_table(families: &[(String, GapTest)]) -> Result<Table> {
    let bell = bell()?;
    let mut table = Table::new(
        "go_influence_claim",
        "Bell: 'it is impossible to have numbers between ±(17-33)'",
        vec![
            Column::new("positions", "positions"),
            Column::new("count", "count"),
            Column::new("values", "values"),
            Column::new("max_empty", "largest |empty|"),
            Column::new("min_stone", "smallest |stone|"),
            Column::new("computed", "values in 17..33"),
            Column::new("published", "Bell"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let none = Published { value: 0u64, source: bell.claim.location.clone() };
    for (name, test) in families {
        let [computed, published, source, verdict] = Comparison::new(Some(test.in_gap), Some(&none)).cells();
        table.push(vec![
            Cell::from(name.as_str()),
            Cell::from(test.positions),
            Cell::from(test.values),
            if test.max_empty < 0 { Cell::Null } else { Cell::from(i64::from(test.max_empty)) },
            if test.min_stone == i32::MAX { Cell::Null } else { Cell::from(i64::from(test.min_stone)) },
            computed,
            published,
            source,
            verdict,
        ]);
    }
    table.note(format!(
        "Why it holds: a pass adds at most {STEP} to any point (one from each neighbour), so after {PASSES} passes an \
         empty point has at most {EMPTY_MAX} and a stone at least {STONE} - {EMPTY_MAX} = {}. The bounds are reached: \
         an empty point between four black stones has {EMPTY_MAX}, a black stone between four white ones {}.",
        STONE - EMPTY_MAX,
        STONE - EMPTY_MAX
    ));
    Ok(table)
}

/// The two extreme positions: an empty point between four black stones,
/// and a black stone between four white ones.
fn extremes() -> Result<Position> {
    let mut p = Position::empty();
    p.place("K11,K9,J10,L10", BLACK)?;
    p.place("D5,D3,C4,E4", WHITE)?;
    p.place("D4", BLACK)?;
    Ok(p)
}

/// The heat map of a map, stones as discs, rows labelled as on the board.
pub fn heat_map(id: &str, title: &str, position: &Position, map: &InfluenceMap) -> Plot {
    let values = (0..SIZE).map(|r| (0..SIZE).map(|c| f64::from(map.at(r, c))).collect()).collect();
    let discs = (0..SIZE)
        .map(|r| {
            (0..SIZE)
                .map(|c| match position.at(r, c) {
                    BLACK => Disc::Dark,
                    WHITE => Disc::Light,
                    _ => Disc::None,
                })
                .collect()
        })
        .collect();
    Plot::Heat(HeatMap {
        id: id.to_owned(),
        title: title.to_owned(),
        columns: COLUMN_LETTERS.chars().map(String::from).collect(),
        rows: (1..=SIZE).rev().map(|n| n.to_string()).collect(),
        values,
        discs,
        saturation: f64::from(EMPTY_MAX),
        legend: "blue: Black's influence (positive), red: White's (negative); stones drawn as discs with their value"
            .to_owned(),
    })
}

/// The number of random positions of each budget.
fn random_positions(budget: Budget) -> u64 {
    match budget {
        Budget::Quick => 2_000,
        Budget::Default => 50_000,
        Budget::Full => 1_000_000,
    }
}

/// The influence part of the Go study at a budget.
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let bell = bell()?;
    let mut part = Part::default();

    // Fig. 3.14: a black stone at K10.
    let mut single = Position::empty();
    single.place("K10", BLACK)?;
    let single_map = influence(&single);
    let centre = single_centred_stone(&single).unwrap_or((9, 9));
    let fig314 = fig_3_14_table(&single_map, centre)?;
    part.plots.push(heat_map(
        "go_influence_fig3_14",
        "Zobrist's influence of a black stone at K10 (Fig. 3.14)",
        &single,
        &single_map,
    ));

    // Fig. 3.16: reconstruct, recompute, compare.
    let result = fig_3_16(search(budget))?;
    let summary = fig_3_16_summary(&result)?;
    let points = fig_3_16_points(&result, true)?;
    let score = score_table(&result)?;
    part.plots.push(heat_map(
        "go_influence_fig3_16",
        "Figs. 3.15/3.16 reconstructed: Zobrist's influence map of the final position",
        &result.position,
        &result.map,
    ));
    let mut position = position_table(
        "go_influence_fig3_15",
        "Figs. 3.15/3.16: the reconstructed final position (X Black, O White)",
        &result.position,
    );
    position.note("Reconstructed from the magnitudes of Fig. 3.16; Fig. 3.15 itself is lost from the scan.");

    // Bell's remark.
    let seed = 1;
    let random = gap_random(seed, random_positions(budget), None, progress)?;
    let mut scan = GapTest { positions: 1, values: (SIZE * SIZE) as u64, min_stone: i32::MAX, ..GapTest::default() };
    for &v in &printed_3_16(bell) {
        if (bell.claim.low..=bell.claim.high).contains(&v) {
            scan.in_gap += 1;
        }
        if v > EMPTY_MAX {
            scan.min_stone = scan.min_stone.min(v);
        } else {
            scan.max_empty = scan.max_empty.max(v);
        }
    }
    let mut reconstructed = GapTest::default();
    reconstructed.add(&result.position, bell.claim.low, bell.claim.high);
    let mut extreme = GapTest::default();
    extreme.add(&extremes()?, bell.claim.low, bell.claim.high);
    let claim = claim_table(&[
        ("Fig. 3.16 as scanned (magnitudes; a printed value above 16 taken as a stone)".to_owned(), scan),
        ("the reconstructed position of Figs. 3.15/3.16".to_owned(), reconstructed),
        ("the two extremes (empty point in four blacks, black stone in four whites)".to_owned(), extreme),
        (format!("random positions, seed {seed}, density uniform in 0..1"), random.clone()),
    ])?;

    let (matches, known, differs) = tally_points(&result, &printed_3_16(bell), bell);
    part.reading.push(format!(
        "Fig. 3.14 is the map of one black stone after Zobrist's four passes exactly as Bell's Fortran (Fig. 3.13) \
         makes them: a diamond of radius 4 with 62 on the stone (its neighbours are zero in the first pass, so it \
         gains 4 in three passes), 10 beside it and 1 at distance 4. Verdict: {}.",
        if crate::report::Tally::of(std::slice::from_ref(&fig314)).passed() {
            "every number matches"
        } else {
            "it differs"
        }
    ));
    part.reading.push(format!(
        "Fig. 3.16 survives only as 361 unsigned numbers. Every number above 16 is a stone ({} stones); their \
         colours are the one assignment (up to a swap) whose recomputed magnitudes fit the scan, and the swap is \
         settled by Bell's text (White holds the lower half). The reconstruction has {} black and {} white stones; \
         with White's 21 and Black's 14 captures, both sides made the same number of moves, as they should when \
         Black starts and White moves last. Point by point: {matches} of 361 magnitudes match, {known} are the \
         scan's damage listed in the dataset with the evidence, {differs} differ otherwise.",
        result.position.count(BLACK) + result.position.count(WHITE),
        result.position.count(BLACK),
        result.position.count(WHITE),
    ));
    part.reading.push(format!(
        "Bell's remark holds always, not by chance: an empty point ends within ±16, a stone within 50 ± 16. No \
         value of {} random positions, of the reconstructed position or of the scan lies in 17..33; the extremes \
         16 and 34 are reached.",
        random.positions
    ));
    part.tables = vec![board_table()?, fig314, summary, position, points, score, claim];
    Ok(part)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Tally;

    #[test]
    fn the_quick_part_passes_and_declares_every_column() {
        let part = part(Budget::Quick, Progress::NONE).unwrap();
        assert!(Tally::of(&part.tables).passed());
        assert_eq!(part.plots.len(), 2);
        for table in &part.tables {
            for column in &table.columns {
                assert!(
                    crate::study::schema::column_kind(&table.id, &column.key).is_some(),
                    "{}.{} has no kind in study::schema",
                    table.id,
                    column.key
                );
            }
        }
    }

    #[test]
    fn the_dataset_parses() {
        let bell = bell().unwrap();
        assert_eq!(bell.fig_3_16.magnitudes.len(), 19);
        assert_eq!(bell.score.black, 59);
    }

    #[test]
    fn fig_3_14_is_reproduced_at_the_centre_and_anywhere_on_the_fifth_line() {
        for name in ["K10", "E5", "P15", "E15"] {
            let mut p = Position::empty();
            p.place(name, BLACK).unwrap();
            let stone = single_centred_stone(&p).unwrap();
            let table = fig_3_14_table(&influence(&p), stone).unwrap();
            assert!(Tally::of(&[table]).passed(), "{name}");
        }
        let mut edge = Position::empty();
        edge.place("D4", BLACK).unwrap();
        assert_eq!(single_centred_stone(&edge), None);
        // A white stone's map is not Fig. 3.14.
        let mut white = Position::empty();
        white.place("K10", WHITE).unwrap();
        assert_eq!(single_centred_stone(&white), None);
        let table = fig_3_14_table(&influence(&white), (9, 9)).unwrap();
        assert!(!Tally::of(&[table]).passed());
    }

    #[test]
    fn the_gap_is_empty_and_its_edges_are_reached() {
        let bell = bell().unwrap();
        let mut test = GapTest::default();
        test.add(&extremes().unwrap(), bell.claim.low, bell.claim.high);
        assert_eq!((test.in_gap, test.max_empty, test.min_stone), (0, 16, 34));
        let random = gap_random(5, 200, None, Progress::NONE).unwrap();
        assert_eq!(random.in_gap, 0);
        assert!(random.max_empty <= 16 && random.min_stone >= 34);
    }
}
