//! A printed score replayed on the chess engine, move by move, with the
//! readings a dataset adopts for moves that cannot be played as printed.
//!
//! A move that cannot be read or played stops the replay, unless the
//! dataset lists a reading for its printed text. The reading is then
//! checked, not trusted: the printed text must fail, and the reading must
//! be one of the legal moves nearest to it (the fewest characters away,
//! Levy's form written `Ra1-b1`), or one of the candidates of an ambiguous
//! move.

use serde::Deserialize;

use crate::engine::chess::coordinate::{NotationError, Written, after, legal_moves, parse_score, resolve};
use crate::engine::chess::{Color, Move, Role, Setup};
use crate::report::{Cell, Column, Table};
use crate::{Error, Result};

/// A reading adopted for a printed move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The move as printed.
    pub printed: String,
    /// The move as read.
    pub reading: String,
    /// The seed line.
    pub line: u32,
    /// Why.
    pub why: String,
}

/// One ply as replayed.
#[derive(Clone, Debug)]
pub struct Ply {
    /// `10` or `10...`.
    pub number: String,
    /// The move as printed.
    pub printed: String,
    /// The position before it.
    pub before: Setup,
    /// The move played, `None` when it cannot be.
    pub played: Option<Move>,
    /// The position after it.
    pub after: Setup,
    /// The move as written (the reading, when one was adopted).
    pub written: Option<Written>,
    /// The reading adopted and why, or why the move cannot be played.
    pub note: Option<String>,
    /// Whether the move gives check / mates / captures.
    pub gives_check: bool,
    /// Whether it mates.
    pub mates: bool,
    /// How often the position after it has stood on the board in this
    /// replay (the start included).
    pub occurrence: u32,
}

impl Ply {
    /// Whether every claim the printed move makes holds: check, mate, a
    /// capture sign.
    pub fn claims_hold(&self) -> bool {
        let Some(w) = &self.written else { return false };
        let capture = self.played.is_some_and(Move::is_capture);
        (!w.check || self.gives_check) && (!w.mate || self.mates) && (!w.capture || capture)
    }
}

/// A score replayed.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The plies, up to the first that cannot be played.
    pub plies: Vec<Ply>,
    /// Whether every printed move was played.
    pub complete: bool,
    /// The closing word of the score.
    pub end: Option<String>,
}

impl Replayed {
    /// The position before ply `index` (the final one after the last).
    pub fn position(&self, index: usize) -> Option<&Setup> {
        match self.plies.get(index) {
            Some(p) => Some(&p.before),
            None if index == self.plies.len() => self.plies.last().map(|p| &p.after),
            None => None,
        }
    }

    /// Whether every claim holds.
    pub fn claims_hold(&self) -> bool {
        self.complete && self.plies.iter().all(Ply::claims_hold)
    }

    /// The index of the ply of move `number`, Black's when `black`.
    pub fn index(&self, number: u32, black: bool) -> Option<usize> {
        let label = if black { format!("{number}...") } else { number.to_string() };
        self.plies.iter().position(|p| p.number == label)
    }
}

/// `10w` or `10b`: the index of that ply in `replayed`.
pub fn ply_index(replayed: &Replayed, before: &str) -> Result<usize> {
    let bad = || Error::invalid("variation", format!("`{before}` is not a move number and side (10w, 10b)"));
    if !before.is_ascii() {
        return Err(bad());
    }
    let (number, side) = before.split_at(before.len().checked_sub(1).ok_or_else(bad)?);
    let number: u32 = number.parse().map_err(|_| bad())?;
    let black = match side {
        "w" => false,
        "b" => true,
        _ => return Err(bad()),
    };
    replayed.index(number, black).ok_or_else(|| Error::invalid("variation", format!("the game has no ply {before}")))
}

/// A legal move in Levy's form: `Ra1-b1`, `e2-e4`.
fn levy_form(setup: &Setup, m: Move) -> String {
    let letter = match setup.piece_at(m.from()).map(|p| p.role) {
        Some(Role::Pawn) | None => String::new(),
        Some(role) => role.char().to_ascii_uppercase().to_string(),
    };
    let to = if m.is_castle() { crate::engine::chess::Castles::destinations(m).0 } else { m.to() };
    format!("{letter}{}-{to}", m.from())
}

/// The printed text normalised for comparison: spaces, annotations and
/// claims dropped, every dash a hyphen.
fn normal(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '!' | '?' | '+'))
        .map(|c| if matches!(c, '–' | '—' | '×') { '-' } else { c })
        .collect::<String>()
        .trim_end_matches("mate")
        .to_owned()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The legal moves of `setup` nearest to the printed `text`, in Levy's form.
pub fn nearest_by_text(setup: &Setup, text: &str) -> (usize, Vec<String>) {
    let printed = normal(text);
    let forms: Vec<(usize, String)> =
        legal_moves(setup).iter().map(|&m| levy_form(setup, m)).map(|f| (edit_distance(&printed, &f), f)).collect();
    let best = forms.iter().map(|(d, _)| *d).min().unwrap_or(usize::MAX);
    let mut near: Vec<String> = forms.into_iter().filter(|(d, _)| *d == best).map(|(_, f)| f).collect();
    near.sort();
    (best, near)
}

/// Replays the printed `score` from `start`, adopting `readings`.
///
/// # Errors
///
/// A listed reading that does not fit: its printed move can be played, or
/// the reading is not among the nearest legal moves (or the candidates).
pub fn replay(start: &Setup, score: &str, readings: &[Reading]) -> Result<Replayed> {
    let parsed = parse_score(score).map_err(|e| Error::invalid("score", e.to_string()))?;
    let mut number = parsed.first.max(1);
    let mut black = parsed.black_first || start.turn() == Color::Black;
    let mut position = start.clone();
    let mut seen = vec![crate::engine::chess::zobrist::zobrist(start)];
    let mut plies = Vec::new();
    let mut complete = true;
    for entry in parsed.moves {
        let label = if black { format!("{number}...") } else { number.to_string() };
        let printed = match &entry {
            Ok(w) => w.text.clone(),
            Err(NotationError::Malformed { text, .. }) => text.clone(),
            Err(e) => e.to_string(),
        };
        let first = entry.as_ref().map_err(Clone::clone).and_then(|w| resolve(&position, w).map(|m| (w.clone(), m)));
        let (written, m, note) = match first {
            Ok((w, m)) => (w, m, None),
            Err(failure) => {
                let Some(reading) = readings.iter().find(|r| normal(&r.printed) == normal(&printed)) else {
                    plies.push(Ply {
                        number: label,
                        printed,
                        before: position.clone(),
                        played: None,
                        after: position.clone(),
                        written: None,
                        note: Some(failure.to_string()),
                        gives_check: false,
                        mates: false,
                        occurrence: 0,
                    });
                    complete = false;
                    break;
                };
                let (m, w, why) = adopt(&position, &printed, reading, &failure)?;
                (w, m, Some(why))
            }
        };
        let next = after(&position, m);
        let key = crate::engine::chess::zobrist::zobrist(&next);
        seen.push(key);
        let replies = legal_moves(&next);
        let gives_check = crate::engine::chess::coordinate::in_check(&next);
        plies.push(Ply {
            number: label,
            printed,
            before: position.clone(),
            played: Some(m),
            after: next.clone(),
            written: Some(written),
            note,
            gives_check,
            mates: gives_check && replies.is_empty(),
            occurrence: seen.iter().filter(|&&k| k == key).count() as u32,
        });
        position = next;
        if black {
            number += 1;
        }
        black = !black;
    }
    Ok(Replayed { plies, complete, end: parsed.end })
}

/// Checks the listed `reading` of `printed`, which failed with `failure`.
fn adopt(
    position: &Setup,
    printed: &str,
    reading: &Reading,
    failure: &NotationError,
) -> Result<(Move, Written, String)> {
    let bad = |why: String| Error::invalid("reading", format!("{printed} read as {}: {why}", reading.reading));
    let w: Written = reading.reading.parse().map_err(|e: NotationError| bad(e.to_string()))?;
    let m = resolve(position, &w).map_err(|e| bad(e.to_string()))?;
    let evidence = match failure {
        NotationError::Ambiguous { candidates, .. } => {
            if !candidates.contains(&m.uci(false).to_string()) {
                return Err(bad(format!("not one of the candidates {}", candidates.join(", "))));
            }
            format!("ambiguous: candidates {}", candidates.join(", "))
        }
        _ => {
            let (distance, near) = nearest_by_text(position, printed);
            if !near.contains(&levy_form(position, m)) {
                return Err(bad(format!("the nearest legal moves are {}", near.join(", "))));
            }
            format!(
                "nearest legal reading{} at {distance} character{}: {}",
                plural(near.len()),
                plural(distance),
                near.join(", ")
            )
        }
    };
    let why = format!("printed {printed}: {failure}. Read as {} ({evidence}; {}).", reading.reading, reading.why);
    Ok((m, w, why))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The columns of the replay table.
pub fn columns() -> Vec<Column> {
    vec![
        Column::new("id", "Id"),
        Column::new("score", "Score"),
        Column::new("move", "Move"),
        Column::new("printed", "Printed"),
        Column::new("played", "Played"),
        Column::new("check", "Check"),
        Column::new("mate", "Mate"),
        Column::new("capture", "Capture"),
        Column::new("occurrence", "Occurrence"),
        Column::new("verdict", "Verdict"),
        Column::new("note", "Note"),
    ]
}

/// Adds a row per ply of `replayed` (score `score`) to `table`.
pub fn push_rows(table: &mut Table, score: &str, replayed: &Replayed) {
    for (i, ply) in replayed.plies.iter().enumerate() {
        let verdict = match (&ply.played, &ply.note) {
            (None, _) => "cannot be played",
            (Some(_), _) if !ply.claims_hold() => "claim fails",
            (Some(_), Some(_)) => "read",
            (Some(_), None) => "legal",
        };
        let mut notes: Vec<String> = ply.note.iter().cloned().collect();
        if let Some(w) = &ply.written {
            if ply.gives_check && !w.check {
                notes.push("gives check, not marked".to_owned());
            }
            if w.check && !ply.gives_check {
                notes.push("marked check, gives none".to_owned());
            }
            if w.mate && !ply.mates {
                notes.push("marked mate, is not".to_owned());
            }
            if ply.mates && !w.mate {
                notes.push("mates, not marked".to_owned());
            }
        }
        if ply.played.is_none() {
            notes.push(format!("position: {}", ply.before.to_fen()));
        }
        table.push(vec![
            format!("{score}.{}", i + 1).into(),
            score.into(),
            ply.number.as_str().into(),
            ply.printed.as_str().into(),
            Cell::opt(ply.played.map(|m| m.uci(false).to_string())),
            Cell::Bool(ply.gives_check),
            Cell::Bool(ply.mates),
            Cell::Bool(ply.played.is_some_and(Move::is_capture)),
            Cell::Int(i64::from(ply.occurrence)),
            verdict.into(),
            if notes.is_empty() { Cell::Null } else { Cell::Text(notes.join("; ")) },
        ]);
    }
}
