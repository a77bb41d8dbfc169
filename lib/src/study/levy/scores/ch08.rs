//! Chapter 8, "Checkers": the forward moves Griffith tabulates (Fig. 30)
//! and the squares of Samuel's evaluation terms, each White square list
//! checked against the Black one turned through half a turn of the board.

use crate::Result;
use crate::engine::checkers::replay::write_move;
use crate::engine::checkers::{Color, Numbering, Position, Repr, Square, legal_moves};
use crate::engine::progress::{Progress, Step};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH08_CHECKERS;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

const FILE: &str = "levy/ch08-checkers.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[8], key: "ch08", title: "Checkers", run };

/// Black's squares of Samuel's terms and the id of the printed White ones
/// (lines 1519-1595).
const MIRRORED: [(&str, &[u32]); 6] = [
    ("apex.white", &[7]),
    ("back.white", &[1, 3]),
    ("cramp.white", &[13]),
    ("cramp.white_nearby", &[9, 14]),
    ("cramp.white_active", &[17, 21, 22, 25]),
    ("oreo.white", &[2, 3, 7]),
];

fn run(_settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 8"));
    let chapter = dataset::read(LEVY_CH08_CHECKERS, FILE)?;
    let mut figures = Vec::new();
    for (id, black) in MIRRORED {
        let white: Vec<String> = black.iter().map(|&n| half_turn(n).number().to_string()).collect();
        figures.push(Figure::new(id, "", Exact::Set(white)));
    }
    let (total, from_one) = forward_moves()?;
    figures.push(
        Figure::new("forward.moves", "", Exact::integer(total)).note(
            "One Black man alone on each square, its legal moves summed: the plain (non-capturing) forward moves.",
        ),
    );
    figures.push(Figure::new("fig30.square1", "", Exact::Set(from_one)));
    let table = chapter_table("levy_scores_ch08", "Levy (1983) ch. 8: checkers", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

/// The square a half turn of the board takes `n` to, found by its row and
/// file.
fn half_turn(n: u32) -> Square {
    let s = Square::new(n).expect("a square of the board");
    (1..=32)
        .filter_map(Square::new)
        .find(|t| t.row() == 7 - s.row() && t.file() == 7 - s.file())
        .expect("the half turn keeps the dark squares")
}

/// The forward moves of a man: a Black man alone on each square it can
/// stand on without being crowned, every legal move counted; and the moves
/// from square 1, as Fig. 30 writes them.
fn forward_moves() -> Result<(usize, Vec<String>)> {
    let mut total = 0;
    let mut from_one = Vec::new();
    for n in 1..=32 {
        let square = Square::new(n).expect("1-32");
        if square.bit() & Color::Black.crown_row() != 0 {
            continue;
        }
        // A White man two rows or more away, off his crowning row, so that
        // the position has both sides and he takes no part.
        let far = if n <= 24 { 32 } else { 5 };
        let white = Square::new(far).expect("a corner square");
        let position = Position::new(square.bit(), white.bit(), 0, Color::Black)?;
        let moves = legal_moves(Repr::Bitboard, &position);
        total += moves.len();
        if n == 1 {
            from_one = moves.iter().map(|m| write_move(m, Numbering::Standard)).collect();
        }
    }
    Ok((total, from_one))
}
