//! Computed figures beside printed ones: one table per chapter, each row a
//! figure with its exact value, its decimal, the printed figure, where it is
//! printed and the verdict of [`Printed`](crate::report::Printed).

use std::collections::{HashMap, HashSet};

use num_bigint::BigInt;
use num_rational::BigRational;

use super::dataset::{Chapter, Entry};
use crate::report::{Cell, Column, Exact, Table, Verdict, decimal_text_significant};
use crate::{Error, Result};

/// One figure as a chapter computes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The id its printed counterpart has in the dataset, if it has one.
    pub id: String,
    /// What it is, for a figure the book does not print.
    pub label: String,
    /// Its exact value; `None` when the budget leaves it out.
    pub value: Option<Exact>,
    /// What the computation shows beyond the value: how a printed figure
    /// arose, what was assumed.
    pub note: Option<String>,
}

impl Figure {
    /// The figure `id`, described by `label` when the book does not print
    /// it, of exact value `value`.
    pub fn new(id: impl Into<String>, label: impl Into<String>, value: Exact) -> Figure {
        Figure { id: id.into(), label: label.into(), value: Some(value), note: None }
    }

    /// The figure `id`, left out of this run (`why`, e.g. the budget).
    pub fn skipped(id: impl Into<String>, label: impl Into<String>, why: impl Into<String>) -> Figure {
        Figure { id: id.into(), label: label.into(), value: None, note: Some(why.into()) }
    }

    /// The figure with `note` added.
    #[must_use]
    pub fn note(mut self, note: impl Into<String>) -> Figure {
        let note = note.into();
        self.note = Some(match self.note.take() {
            Some(old) => format!("{old} {note}"),
            None => note,
        });
        self
    }
}

/// The columns of every chapter table.
pub fn columns() -> Vec<Column> {
    vec![
        Column::new("id", "Id"),
        Column::new("figure", "Figure"),
        Column::new("exact", "Exact"),
        Column::new("decimal", "Decimal"),
        Column::new("published", "Printed"),
        Column::new("source", "Source"),
        Column::new("verdict", "Verdict"),
        Column::new("note", "Note"),
    ]
}

/// The decimal of an exact value: six significant figures, an integer as
/// itself, a decimal that ends within them without its trailing zeros
/// (`0.5`, not `0.500000`), nothing for a statement or a list.
pub fn decimal(value: &Exact) -> Cell {
    match value {
        Exact::Value(x) => {
            let text = decimal_text_significant(x, 6, 0);
            let places = text.find('.').map_or(0, |dot| text.len() - dot - 1);
            let scaled = x * BigRational::from_integer(BigInt::from(10).pow(places as u32));
            let text = if places > 0 && scaled.is_integer() {
                text.trim_end_matches('0').trim_end_matches('.').to_owned()
            } else {
                text
            };
            Cell::Text(text)
        }
        _ => Cell::Null,
    }
}

/// The table `id` of `figures` computed for `chapter` (read from `file`):
/// each figure beside its printed counterpart, in the order computed, then
/// the printed figures that are not computed, with the reason.
///
/// A printed figure the chapter does not compute and does not list as not
/// computed, a computed figure listed as not computed, a figure listed as a
/// known error that agrees, and a printed form that cannot be compared with
/// the value are errors of the dataset (or of the study): the table is not
/// built.
pub fn chapter_table(
    id: &str,
    title: &str,
    chapter: &Chapter,
    file: &'static str,
    figures: &[Figure],
) -> Result<Table> {
    let dataset = |why: String| Error::Dataset { name: file, why };
    let entries: HashMap<&str, &Entry> = chapter.figures.iter().map(|e| (e.id.as_str(), e)).collect();
    let mut used = HashSet::new();
    let mut table = Table::new(id, title, columns());
    for figure in figures {
        if !used.insert(figure.id.as_str()) {
            return Err(dataset(format!("the study computes figure {} twice", figure.id)));
        }
        let entry = entries.get(figure.id.as_str()).copied();
        let (exact, decimal) = match &figure.value {
            Some(v) => (Cell::Text(v.exact_text()), decimal(v)),
            None => (Cell::Null, Cell::Null),
        };
        let Some(entry) = entry else {
            let verdict = if figure.value.is_some() { Verdict::NoPublishedValue } else { Verdict::NotComputed };
            table.push(vec![
                figure.id.as_str().into(),
                figure.label.as_str().into(),
                exact,
                decimal,
                Cell::Null,
                Cell::Null,
                verdict.into(),
                Cell::opt(figure.note.clone()),
            ]);
            continue;
        };
        if entry.not_computed.is_some() {
            return Err(dataset(format!("figure {} is listed as not computed, but the study computes it", entry.id)));
        }
        let printed = entry.printed(file)?.expect("a computed figure has a printed form");
        let mut notes = Vec::new();
        let verdict = match &figure.value {
            None => Verdict::NotComputed,
            Some(value) => {
                let verdict = printed.verdict(value).ok_or_else(|| {
                    dataset(format!(
                        "figure {}: the printed {} cannot be compared with {}",
                        entry.id,
                        entry.printed,
                        value.exact_text()
                    ))
                })?;
                match (verdict, &entry.known) {
                    (Verdict::Differs, Some(known)) => {
                        notes.push(format!("{}: {}", known.kind, known.evidence));
                        Verdict::Known
                    }
                    (Verdict::Match, Some(_)) => {
                        return Err(dataset(format!(
                            "figure {} is listed as a known discrepancy but agrees with the computed {}",
                            entry.id,
                            value.exact_text()
                        )));
                    }
                    (verdict, _) => verdict,
                }
            }
        };
        notes.extend(figure.note.clone());
        table.push(vec![
            figure.id.as_str().into(),
            entry.figure.as_str().into(),
            exact,
            decimal,
            entry.printed.as_str().into(),
            entry.source(chapter.chapter).into(),
            verdict.into(),
            if notes.is_empty() { Cell::Null } else { Cell::Text(notes.join(" ")) },
        ]);
    }
    for entry in &chapter.figures {
        if used.contains(entry.id.as_str()) {
            continue;
        }
        let Some(why) = &entry.not_computed else {
            return Err(dataset(format!("figure {} is printed but the study does not compute it", entry.id)));
        };
        table.push(vec![
            entry.id.as_str().into(),
            entry.figure.as_str().into(),
            Cell::Null,
            Cell::Null,
            entry.printed.as_str().into(),
            entry.source(chapter.chapter).into(),
            Verdict::NotComputed.into(),
            why.as_str().into(),
        ]);
    }
    table.note(format!("{} Pages {} by the book's contents.", chapter.source, chapter.pages));
    table.note(
        "A printed decimal matches when it equals the exact value rounded to the digits printed; odds and fractions \
         when the ratio is equal; anything else is a discrepancy (report::Printed). A known discrepancy is listed in \
         datasets/levy/ with its evidence.",
    );
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::levy::dataset::read;

    const FILE: &str = "test.json";

    fn chapter() -> Chapter {
        read(
            r#"{"about": "a", "source": "s", "chapter": 6, "pages": "77-87", "figures": [
            {"id": "unseen", "figure": "unseen cards", "kind": "count", "printed": "34", "line": 1138},
            {"id": "third", "figure": "a third", "kind": "decimal", "printed": "0.334", "line": 1198,
             "known": {"kind": "misprint", "evidence": "1/3 = 0.333"}},
            {"id": "judgement", "figure": "a judgement", "printed": "0.45", "line": 1250, "not_computed": "a guess"}]}"#,
            FILE,
        )
        .unwrap()
    }

    #[test]
    fn rows_carry_verdicts_known_errors_and_reasons() {
        let figures = [
            Figure::new("unseen", "", Exact::integer(34)),
            Figure::new("third", "", Exact::ratio(1, 3)),
            Figure::new("extra", "not printed", Exact::ratio(1, 2)),
        ];
        let table = chapter_table("t", "T", &chapter(), FILE, &figures).unwrap();
        let verdicts: Vec<String> = table.column("verdict").unwrap().map(Cell::text).collect();
        assert_eq!(verdicts, ["match", "known discrepancy", "no published value", "not computed"]);
        let decimals: Vec<String> = table.column("decimal").unwrap().map(Cell::text).collect();
        assert_eq!(decimals, ["34", "0.333333", "0.5", ""]);
    }

    #[test]
    fn inconsistencies_are_errors() {
        // A printed figure the study does not compute.
        assert!(chapter_table("t", "T", &chapter(), FILE, &[Figure::new("unseen", "", Exact::integer(34))]).is_err());
        // A known error that agrees.
        let agreeing =
            [Figure::new("unseen", "", Exact::integer(34)), Figure::new("third", "", Exact::ratio(334, 1000))];
        assert!(chapter_table("t", "T", &chapter(), FILE, &agreeing).is_err());
        // A statement against a number.
        let flag = [Figure::new("unseen", "", Exact::Flag(true)), Figure::new("third", "", Exact::ratio(1, 3))];
        assert!(chapter_table("t", "T", &chapter(), FILE, &flag).is_err());
        // A figure computed twice.
        let twice = [
            Figure::new("unseen", "", Exact::integer(34)),
            Figure::new("unseen", "", Exact::integer(34)),
            Figure::new("third", "", Exact::ratio(1, 3)),
        ];
        assert!(chapter_table("t", "T", &chapter(), FILE, &twice).is_err());
    }
}
