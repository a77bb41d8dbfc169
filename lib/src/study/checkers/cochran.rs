//! Cochran's figures beyond the game records: the centre-control example
//! of Appendix C and its squares (and the list of §V), the boards Appendix
//! B prints after the moves it names, and the claims about material at the
//! end of the games of Appendix A, each computed on the checkers engine in
//! his numbering (`datasets/checkers/cochran-1971-figures.json`).

use serde::Deserialize;

use crate::engine::checkers::replay::{Replay, parse_games, replay};
use crate::engine::checkers::{Dir, Position, Square};
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::datasets::Parsed;
use crate::{Error, Result};

const FILE: &str = "checkers/cochran-1971-figures.json";

/// §V.5: the centre and its supporting squares.
#[derive(Clone, Debug, Deserialize)]
pub struct Centre {
    /// Where in the thesis.
    #[serde(rename = "where")]
    pub location: String,
    /// 15, 16, 20, 21.
    pub centre_squares: Vec<u32>,
    /// The words.
    pub centre_words: String,
    /// The supporting squares as §V lists them.
    pub supporting_squares: Vec<u32>,
    /// The words.
    pub supporting_words: String,
    /// The evidence on the list.
    pub known: String,
}

/// One row of Appendix C's table.
#[derive(Clone, Debug, Deserialize)]
pub struct CentreRow {
    /// The square.
    pub square: u32,
    /// Its centre-control value.
    pub square_value: i32,
    /// The value of the piece on it.
    pub piece_value: i32,
    /// The product printed.
    pub product: i32,
}

/// A printed number known to be wrong.
#[derive(Clone, Debug, Deserialize)]
pub struct KnownProduct {
    /// The square.
    pub square: u32,
    /// The product printed.
    pub printed: i32,
    /// The evidence.
    pub why: String,
}

/// Appendix C: the example computation.
#[derive(Clone, Debug, Deserialize)]
pub struct AppendixC {
    /// Where in the thesis.
    #[serde(rename = "where")]
    pub location: String,
    /// The twelve squares.
    pub squares: Vec<u32>,
    /// The words.
    pub squares_words: String,
    /// The example's black men.
    pub black_men: Vec<u32>,
    /// The example's red men.
    pub red_men: Vec<u32>,
    /// The words.
    pub example_words: String,
    /// The men that do not contribute.
    pub not_contributing: Vec<u32>,
    /// The words.
    pub not_contributing_words: String,
    /// The table's rows.
    pub rows: Vec<CentreRow>,
    /// The total.
    pub total: i32,
    /// Products known to be misprinted.
    pub known: Vec<KnownProduct>,
}

/// One printed board of Appendix B.
#[derive(Clone, Debug, Deserialize)]
pub struct PrintedBoard {
    /// Cochran's board number.
    pub board: u32,
    /// The moves from the start, in his numbering.
    pub after: Vec<String>,
    /// The seed's line.
    pub line: u32,
    /// The words before it.
    pub words: String,
    /// (square, value) pairs: 1 a black man, -1 a red man, 0 empty.
    pub values: Vec<(u32, i32)>,
}

/// Appendix B.
#[derive(Clone, Debug, Deserialize)]
pub struct AppendixB {
    /// Where in the thesis.
    #[serde(rename = "where")]
    pub location: String,
    /// How it is printed.
    pub note: String,
    /// The boards.
    pub boards: Vec<PrintedBoard>,
}

/// A claim about material.
#[derive(Clone, Debug, Deserialize)]
pub struct MaterialClaim {
    /// The game's name in the record.
    pub game: String,
    /// `Red ahead` or `Red ahead by N`.
    pub claim: String,
    /// The words.
    pub words: String,
    /// The seed's line.
    pub line: u32,
}

/// The claims about material.
#[derive(Clone, Debug, Deserialize)]
pub struct Material {
    /// Where in the thesis.
    #[serde(rename = "where")]
    pub location: String,
    /// The claims.
    pub claims: Vec<MaterialClaim>,
}

/// The dataset.
#[derive(Clone, Debug, Deserialize)]
pub struct CochranFigures {
    /// The thesis.
    pub source: String,
    /// §V.5.
    pub centre: Centre,
    /// Appendix C.
    pub appendix_c: AppendixC,
    /// Appendix B.
    pub appendix_b: AppendixB,
    /// Appendix A's claims.
    pub material: Material,
}

fn bad(why: impl Into<String>) -> Error {
    Error::Dataset { name: FILE, why: why.into() }
}

/// The dataset, parsed once.
pub fn cochran_figures() -> Result<&'static CochranFigures> {
    static FIGURES: Parsed<CochranFigures> = Parsed::json(FILE, crate::study::datasets::CHECKERS_COCHRAN_FIGURES);
    FIGURES.get()
}

/// The square of Cochran's number `n`.
fn square(n: u32) -> Result<Square> {
    Square::from_cochran(n).ok_or_else(|| bad(format!("{n} is not a square of Cochran's numbering")))
}

/// Cochran's numbers of the squares that touch one of `centre` diagonally
/// and are not in it, ascending.
fn supporting(centre: &[u32]) -> Result<Vec<u32>> {
    let centre: Vec<Square> = centre.iter().map(|&n| square(n)).collect::<Result<_>>()?;
    let mut out: Vec<u32> = centre
        .iter()
        .flat_map(|s| Dir::ALL.into_iter().filter_map(move |d| s.step(d)))
        .filter(|s| !centre.contains(s))
        .map(Square::cochran)
        .collect();
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// A position's board as Cochran prints it: `square:value` for each of his
/// 32 squares, 1 a black man (2 a king), -1 a red man (-2 a king).
fn board_text(p: &Position) -> String {
    (1..=35u32)
        .filter_map(|n| Square::from_cochran(n).map(|s| (n, s)))
        .map(|(n, s)| {
            let bit = s.bit();
            let king = if p.kings & bit != 0 { 2 } else { 1 };
            let v = if p.black & bit != 0 {
                king
            } else if p.white & bit != 0 {
                -king
            } else {
                0
            };
            format!("{n}:{v}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The replay of `moves` (Cochran's numbering) from the opening.
fn replayed(moves: &[String]) -> Result<Replay> {
    let mut text = String::from("[Numbering \"cochran\"]");
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!(" {}.", i / 2 + 1));
        }
        text.push_str(&format!(" {m}"));
    }
    text.push_str(" *");
    let games = parse_games(&text, None)?;
    let game = games.first().ok_or_else(|| bad("an empty list of moves"))?;
    Ok(replay(game))
}

/// Men and kings of each side, and who is ahead.
fn material(p: &Position) -> (u32, u32, u32, u32) {
    let (black, red) = (p.black, p.white);
    (
        (black & !p.kings).count_ones(),
        (black & p.kings).count_ones(),
        (red & !p.kings).count_ones(),
        (red & p.kings).count_ones(),
    )
}

/// Every figure, computed.
pub fn figures_table() -> Result<Table> {
    let f = cochran_figures()?;
    let mut table = Table::new(
        "checkers_cochran_figures",
        "Cochran (1971): centre control, the boards of Appendix B, material at the end of the games, computed",
        vec![
            Column::new("figure", "Figure"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let mut push = |figure: String, c: Comparison<String>| {
        let [computed, published, source, verdict] = c.cells();
        table.push(vec![Cell::from(figure), computed, published, source, verdict]);
    };
    let published = |value: String, source: String| Published { value, source };

    // §V and Appendix C: the squares.
    let c = &f.centre;
    let support = supporting(&c.centre_squares)?;
    let mut v_list = Comparison::new(
        Some(list(&support)),
        Some(&published(
            list(&c.supporting_squares),
            format!("Cochran 1971, {}: \"{}\"", c.location, c.supporting_words),
        )),
    );
    if v_list.verdict == Verdict::Differs {
        v_list.verdict = Verdict::Known;
    }
    push("§V: the supporting squares (those touching the centre diagonally)".to_owned(), v_list);
    let ac = &f.appendix_c;
    let mut twelve: Vec<u32> = c.centre_squares.iter().copied().chain(support.iter().copied()).collect();
    twelve.sort_unstable();
    push(
        "Appendix C: the squares that count (centre and supporting)".to_owned(),
        Comparison::new(
            Some(list(&twelve)),
            Some(&published(list(&ac.squares), format!("Cochran 1971, {}: \"{}\"", ac.location, ac.squares_words))),
        ),
    );

    // Appendix C: the example.
    let square_value = |n: u32| -> i32 {
        if c.centre_squares.contains(&n) {
            4
        } else if support.contains(&n) {
            1
        } else {
            0
        }
    };
    let piece_value = |n: u32| -> i32 {
        if ac.black_men.contains(&n) {
            1
        } else if ac.red_men.contains(&n) {
            -1
        } else {
            0
        }
    };
    let example_source = format!("Cochran 1971, {}", ac.location);
    for row in &ac.rows {
        let (sv, pv) = (square_value(row.square), piece_value(row.square));
        let known = ac.known.iter().find(|k| k.square == row.square);
        let mut comparison = Comparison::new(
            Some(format!("{sv} x {pv} = {}", sv * pv)),
            Some(&published(
                format!("{} x {} = {}", row.square_value, row.piece_value, row.product),
                example_source.clone(),
            )),
        );
        if comparison.verdict == Verdict::Differs && known.is_some() {
            comparison.verdict = Verdict::Known;
        }
        push(format!("Appendix C: square {} (square value x piece value = product)", row.square), comparison);
    }
    let men: Vec<u32> = ac.black_men.iter().chain(&ac.red_men).copied().collect();
    let total: i32 = men.iter().map(|&n| square_value(n) * piece_value(n)).sum();
    push(
        "Appendix C: center control of the example".to_owned(),
        Comparison::new(Some(total.to_string()), Some(&published(ac.total.to_string(), example_source.clone()))),
    );
    let mut outside: Vec<u32> = men.iter().copied().filter(|&n| square_value(n) == 0).collect();
    outside.sort_unstable();
    push(
        "Appendix C: the men that do not contribute".to_owned(),
        Comparison::new(
            Some(list(&outside)),
            Some(&published(
                list(&ac.not_contributing),
                format!("{example_source}: \"{}\"", ac.not_contributing_words),
            )),
        ),
    );

    // Appendix B: the boards.
    let ab = &f.appendix_b;
    for b in &ab.boards {
        let r = replayed(&b.after)?;
        let computed = (r.damages.is_empty()).then(|| board_text(&r.end));
        let printed: Vec<String> = b.values.iter().map(|(n, v)| format!("{n}:{v}")).collect();
        let after = if b.after.is_empty() { "the start".to_owned() } else { b.after.join(" ") };
        push(
            format!("Appendix B: board {} (after {after})", b.board),
            Comparison::new(
                computed,
                Some(&published(
                    printed.join(" "),
                    format!("Cochran 1971, {}, line {}: {}", ab.location, b.line, b.words),
                )),
            ),
        );
    }

    // Appendix A: material at the end.
    let games = parse_games(crate::study::datasets::CHECKERS_COCHRAN_GAMES, None)?;
    let mut notes = Vec::new();
    for claim in &f.material.claims {
        let game = games.iter().find(|g| g.name == claim.game).ok_or_else(|| bad(format!("no game {}", claim.game)))?;
        let r = replay(game);
        let stopped = r.damages.iter().find(|d| d.repair.is_none());
        let computed = match stopped {
            Some(d) => {
                notes.push(format!(
                    "{}: the replay stops at move {} ({}'s {}: {}), where no single legal move repairs the record, so the \
                     end of the game is not reached and its material is not computed.",
                    claim.game,
                    d.number,
                    if d.side == crate::engine::checkers::Color::White { "Red" } else { "Black" },
                    d.recorded,
                    d.fault
                ));
                None
            }
            None => {
                let (bm, bk, rm, rk) = material(&r.end);
                let pieces = i64::from(rm + rk) - i64::from(bm + bk);
                notes.push(format!(
                    "{}: at the end Black has {bm} men and {bk} kings, Red {rm} men and {rk} kings (kings count twice: \
                     Red ahead by {}).",
                    claim.game,
                    i64::from(rm + 2 * rk) - i64::from(bm + 2 * bk)
                ));
                Some(match (pieces, claim.claim.contains(" by ")) {
                    (p, true) if p > 0 => format!("Red ahead by {p}"),
                    (p, false) if p > 0 => "Red ahead".to_owned(),
                    (0, _) => "even".to_owned(),
                    (p, _) => format!("Black ahead by {}", -p),
                })
            }
        };
        push(
            format!("{}: material at the end (pieces)", claim.game),
            Comparison::new(
                computed,
                Some(&published(
                    claim.claim.clone(),
                    format!("Cochran 1971, {}, line {}: \"{}\"", f.material.location, claim.line, claim.words),
                )),
            ),
        );
    }
    table.note(format!("{} The supporting squares: {}", f.source, c.known));
    for k in &ac.known {
        table.note(format!("Appendix C, square {}, product printed {}: {}", k.square, k.printed, k.why));
    }
    table.note(format!(
        "Appendix B: {} Each board is computed by playing the moves named before it on the engine in Cochran's numbering.",
        ab.note
    ));
    for n in notes {
        table.note(n);
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_is_supported_by_eight_squares() {
        assert_eq!(supporting(&[15, 16, 20, 21]).unwrap(), [10, 11, 12, 17, 19, 24, 25, 26]);
    }

    #[test]
    fn the_figures_hold_but_the_known_misprints() {
        let table = figures_table().unwrap();
        let tally = crate::report::Tally::of([&table]);
        assert_eq!(tally.differs, 0, "{}", table.render(crate::report::Format::Table));
        assert_eq!(tally.known, 2, "{}", table.render(crate::report::Format::Table));
    }
}
