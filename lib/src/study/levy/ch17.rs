//! Chapter 17, "Shogi": the pieces and their moves, the promotion rules,
//! the squares a held piece may be dropped on, the branching Levy expects
//! once pieces are in hand; and perft of the shogi engine
//! ([`crate::engine::shogi`]) beside the published counts.
//!
//! Every count is taken from the engine: the start position read from SFEN
//! (Figure 55 is lost in the seed), the moves of a piece alone on an empty
//! board, the drops of the legal-move generator in positions reached by
//! the moves named in each row. Levy's "150 or 200" legal moves once two
//! or three pieces are in hand is set beside seeded random games: every
//! position where the side to move holds two or three pieces.
//!
//! Tables: `levy_shogi_ch17` (the figures) and `levy_shogi_ch17_perft`
//! (perft of the published positions, as deep as the budget allows).

use serde::Deserialize;

use crate::engine::progress::{Progress, Step};
use crate::engine::rng::SplitMix;
use crate::engine::shogi::{self, Color, Kind, Position, Square};
use crate::report::{Cell, Column, Exact, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::LEVY_CH17_SHOGI;
use crate::study::levy::dataset::{self, Chapter};
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;
use crate::{Error, Result};

const FILE: &str = "levy/ch17-shogi.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[17], key: "ch17", title: "Shogi", run };

/// A line where Black captures the first piece, a bishop, and White does
/// not recapture: Black to move holds it with 39 pieces on the board (row
/// `drop.squares`).
const FIRST_CAPTURE: [&str; 4] = ["7g7f", "3c3d", "8h2b+", "4a3b"];
/// A line where Black captures a pawn early, and White makes a quiet move:
/// Black to move holds one pawn (row `drop.any_kind`).
const PAWN_CAPTURE: [&str; 8] = ["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "4a3b"];
/// The longest random game played for row `moves.with_captures`.
const RANDOM_PLIES: usize = 300;

/// A position with published perft counts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftEntry {
    /// Unique in the file.
    pub id: String,
    /// What the position is.
    pub name: String,
    /// The position.
    pub sfen: String,
    /// The published counts from depth 1.
    pub counts: Vec<u64>,
    /// Where they are published.
    pub source: String,
}

/// Reads the chapter's file: Levy's figures (the study's common form) and
/// the published perft counts (its `perft` list).
pub fn read(text: &str) -> Result<(Chapter, Vec<PerftEntry>)> {
    let malformed = |why: String| Error::Dataset { name: FILE, why };
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
    let perft =
        value.as_object_mut().and_then(|o| o.remove("perft")).ok_or_else(|| malformed("no perft list".into()))?;
    let perft: Vec<PerftEntry> = serde_json::from_value(perft).map_err(|e| malformed(e.to_string()))?;
    for entry in &perft {
        if entry.counts.is_empty() {
            return Err(malformed(format!("perft {} has no counts", entry.id)));
        }
    }
    let chapter = dataset::read(&value.to_string(), FILE)?;
    Ok((chapter, perft))
}

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 17"));
    let (chapter, perfts) = read(LEVY_CH17_SHOGI)?;
    let start = Position::start();
    let mut figures = Vec::new();
    pieces(&start, &mut figures);
    moves(&mut figures);
    drops(&mut figures)?;
    figures.push(with_captures(settings));
    let table = chapter_table("levy_shogi_ch17", "Levy (1983) ch. 17: shogi", &chapter, FILE, &figures)?;
    let perft = perft_table(settings, &perfts, progress)?;
    Ok(Part { tables: vec![table, perft], plots: Vec::new(), reading: Vec::new() })
}

fn int(n: impl Into<num_bigint::BigInt>) -> Exact {
    Exact::integer(n)
}

/// Black's pieces of `kind` (promoted ones counted with their kind) on
/// the board of `pos`.
fn count(pos: &Position, kind: Kind) -> usize {
    Square::all().filter_map(|sq| pos.piece(sq)).filter(|p| p.color == Color::Black && p.kind == kind).count()
}

fn pieces(start: &Position, figures: &mut Vec<Figure>) {
    let black = Square::all().filter_map(|sq| start.piece(sq)).filter(|p| p.color == Color::Black).count();
    figures.push(Figure::new("pieces.per_side", "", int(black)));
    figures.push(Figure::new("board.squares", "", int(Square::all().count())));
    for (id, kind) in [
        ("pieces.kings", Kind::King),
        ("pieces.golds", Kind::Gold),
        ("pieces.silvers", Kind::Silver),
        ("pieces.knights", Kind::Knight),
        ("pieces.lances", Kind::Lance),
        ("pieces.pawns", Kind::Pawn),
    ] {
        figures.push(Figure::new(id, "", int(count(start, kind))));
    }
    figures.push(Figure::new("pieces.rooks", "Rooks per player", int(count(start, Kind::Rook))));
    figures.push(Figure::new("pieces.bishops", "Bishops per player", int(count(start, Kind::Bishop))));
    figures.push(Figure::new("pieces.total", "", int(start.pieces_on_board())));
    // Chess: the pieces of the standard start position.
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".chars().filter(char::is_ascii_alphabetic).count();
    figures
        .push(Figure::new("pieces.chess_total", "", int(chess)).note("Counted on the FEN of chess's start position."));
}

fn moves(figures: &mut Vec<Figure>) {
    let centre = Square::parse_usi("5e").expect("a square");
    let reach = |kind| Position::reach_on_empty_board(Color::Black, kind, centre);
    figures.push(Figure::new("gold.moves", "", int(reach(Kind::Gold))));
    figures.push(Figure::new("silver.moves", "", int(reach(Kind::Silver))));
    figures.push(Figure::new("knight.shogi_moves", "", int(reach(Kind::Knight))).note("From 5e."));
    // A chess knight on d4 of an empty 8x8 board.
    let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let on_board = |(df, dr): (i32, i32)| (0..8).contains(&(3 + df)) && (0..8).contains(&(3 + dr));
    figures.push(
        Figure::new("knight.chess_moves", "", int(jumps.into_iter().filter(|&j| on_board(j)).count())).note("From d4."),
    );
    for (kind, label) in [
        (Kind::King, "King: squares from 5e of an empty board"),
        (Kind::Rook, "Rook: squares from 5e of an empty board"),
        (Kind::Bishop, "Bishop: squares from 5e of an empty board"),
        (Kind::Dragon, "Promoted rook (dragon): squares from 5e of an empty board"),
        (Kind::Horse, "Promoted bishop (horse): squares from 5e of an empty board"),
    ] {
        figures.push(Figure::new(format!("reach.{}", kind.name()), label, int(reach(kind))));
    }
    let zone = (0..9u8).filter(|&r| Color::Black.in_zone(r)).count();
    figures.push(Figure::new("zone.ranks", "", int(zone)));
    figures.push(Figure::new("forced.pawn_lance", "", int(Kind::Pawn.ranks_needed().max(Kind::Lance.ranks_needed()))));
    figures.push(Figure::new("forced.knight", "", int(Kind::Knight.ranks_needed())));
}

/// The position after the USI moves `line` from the start.
fn after(line: &[&str]) -> Result<Position> {
    let mut pos = Position::start();
    for text in line {
        pos = pos.play(pos.parse_move(text)?);
    }
    Ok(pos)
}

/// The legal drops of `kind` in `pos`.
fn drops_of(pos: &Position, kind: Kind) -> usize {
    pos.legal_moves().iter().filter(|m| m.dropped() == Some(kind)).count()
}

fn drops(figures: &mut Vec<Figure>) -> Result<()> {
    let first = after(&FIRST_CAPTURE)?;
    let empty = 81 - first.pieces_on_board();
    figures.push(Figure::new("drop.squares", "", int(drops_of(&first, Kind::Bishop))).note(format!(
        "Black holds the bishop; {} pieces on the board, {empty} empty squares, every one open to a bishop.",
        first.pieces_on_board()
    )));
    figures.push(Figure::new("drop.at_least", "", int(empty)));
    let pawn = after(&PAWN_CAPTURE)?;
    let pawn_squares = drops_of(&pawn, Kind::Pawn);
    let gold_like = 81 - pawn.pieces_on_board();
    figures.push(Figure::new("drop.any_kind", "", Exact::Flag(pawn_squares >= 42)).note(format!(
        "Computed: after {}, Black's one held pawn has {pawn_squares} drop squares, where a held gold would \
         have {gold_like}.",
        PAWN_CAPTURE.join(" ")
    )));
    Ok(())
}

const LABEL_RANDOM: &str = "Legal moves in random games where the side to move holds two or three pieces (median; beside 'can easily \
     increase to 150 or 200', line 4038)";

/// Row `moves.random_median`: the median number of legal moves in the
/// positions of seeded random games where the side to move holds two or
/// three pieces.
fn with_captures(settings: &Settings) -> Figure {
    let games = match settings.budget {
        Budget::Quick => 40,
        Budget::Default => 200,
        Budget::Full => 1000,
    };
    let mut rng = SplitMix::new(settings.seed ^ 0x5_0617);
    let mut counts = Vec::new();
    let mut moves = Vec::with_capacity(600);
    for _ in 0..games {
        let mut pos = Position::start();
        for _ in 0..RANDOM_PLIES {
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let held: u32 = Kind::HAND.iter().map(|&k| u32::from(pos.in_hand(pos.side(), k))).sum();
            if (2..=3).contains(&held) {
                counts.push(moves.len() as u64);
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    counts.sort_unstable();
    if counts.is_empty() {
        return Figure::skipped(
            "moves.with_captures",
            "",
            "no random game reached a position with two or three pieces in hand",
        );
    }
    let median = counts[counts.len() / 2];
    let p90 = counts[counts.len() * 9 / 10];
    let max = counts[counts.len() - 1];
    let in_range = counts.iter().filter(|&&n| (150..=200).contains(&n)).count();
    Figure::new("moves.random_median", LABEL_RANDOM, int(median)).note(format!(
        "Median over {} positions of {games} random games (seed {}) where the side to move holds two or three \
         pieces; 90th percentile {p90}, most {max}; {in_range} positions in 150-200. Random play is not master play: \
         the figure measures the rules, not Levy's games.",
        counts.len(),
        settings.seed
    ))
}

/// The deepest published depth whose count fits the budget's leaves.
fn depth_for(budget: Budget, counts: &[u64]) -> usize {
    let limit = match budget {
        Budget::Quick => 300_000,
        Budget::Default => 5_000_000,
        Budget::Full => 60_000_000,
    };
    counts.iter().take_while(|&&n| n <= limit).count().min(shogi::MAX_DEPTH as usize)
}

fn perft_table(settings: &Settings, perfts: &[PerftEntry], progress: Progress<'_>) -> Result<Table> {
    let mut table = Table::new(
        "levy_shogi_ch17_perft",
        "Shogi perft beside the published counts",
        vec![
            Column::new("position", "Position"),
            Column::new("depth", "Depth"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("verdict", "Verdict"),
            Column::new("source", "Source"),
        ],
    );
    for (i, entry) in perfts.iter().enumerate() {
        progress.report(Step { label: "shogi perft", done: i as u64, total: perfts.len() as u64, nodes: 0 });
        let pos = match Position::from_sfen(&entry.sfen) {
            Ok(pos) => pos,
            Err(e) => {
                table.push(vec![
                    entry.id.as_str().into(),
                    Cell::Null,
                    Cell::Null,
                    Cell::Null,
                    Verdict::InvalidInput.into(),
                    Cell::Text(format!("{}: {e}", entry.source)),
                ]);
                continue;
            }
        };
        let deepest = depth_for(settings.budget, &entry.counts);
        for (d, &published) in entry.counts.iter().enumerate() {
            let depth = d + 1;
            let (computed, verdict) = if depth <= deepest {
                let n = shogi::perft(&pos, depth as u32)?;
                (Cell::from(n), if n == published { Verdict::Match } else { Verdict::Differs })
            } else {
                (Cell::Null, Verdict::NotComputed)
            };
            table.push(vec![
                entry.id.as_str().into(),
                Cell::from(depth),
                computed,
                Cell::from(published),
                verdict.into(),
                if d == 0 { entry.source.as_str().into() } else { Cell::Null },
            ]);
        }
    }
    table.note(
        "Perft counts every legal move, each drop and each promotion choice (promote or not) a move of its own, \
         pawn drops that would mate (uchifuzume) excluded. Depths past the budget are not computed: the quick \
         budget counts to 300,000 leaves, the default to 5 million, the full to 60 million.",
    );
    for entry in perfts {
        table.note(format!("{}: {} ({}).", entry.id, entry.name, entry.sfen));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dataset_reads_and_every_row_has_a_verdict() {
        let (chapter, perfts) = read(LEVY_CH17_SHOGI).unwrap();
        assert_eq!(chapter.chapter, 17);
        assert!(perfts.iter().any(|p| p.id == "start" && p.counts[..3] == [30, 900, 25470]));
        let settings = Settings::new(Budget::Quick, 1);
        let part = run(&settings, Progress::NONE).unwrap();
        let verdicts: Vec<String> = part.tables[0].column("verdict").unwrap().map(Cell::text).collect();
        let text = part.tables[0].render(crate::report::Format::Markdown);
        assert!(verdicts.iter().all(|v| v != "differs"), "{text}");
        assert_eq!(verdicts.iter().filter(|v| *v == "known discrepancy").count(), 1, "{text}");
        assert!(text.contains("Black's one held pawn has 5 drop squares, where a held gold would have 43"), "{text}");
        let perft: Vec<String> = part.tables[1].column("verdict").unwrap().map(Cell::text).collect();
        assert!(perft.iter().filter(|v| *v == "match").count() >= 12, "{perft:?}");
        assert!(perft.iter().all(|v| v == "match" || v == "not computed"), "{perft:?}");
    }
}
