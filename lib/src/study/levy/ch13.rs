//! Chapter 13, "Othello": Black's first moves and their symmetry, the
//! weights of Fig. 48, Fig. 49 counted, the three games Levy prints
//! replayed move by move to their final disc counts, and perft from the
//! start beside the published counts (OEIS A124004).
//!
//! Levy's start (line 3207) has Black on d4 and e5 and White on e4 and d5:
//! the standard start seen in a mirror, which changes no count. His games
//! two and three open with c5 and d6, legal only in that layout, and are
//! replayed from it. A move that cannot be played stops the replay, and
//! the row says which, with the legal moves there.

use std::collections::HashSet;

use crate::Result;
use crate::engine::game::{Driver, Game};
use crate::engine::othello::{Move, Othello, transform, transform_square};
use crate::engine::progress::{Progress, Step};
use crate::report::Exact;
use crate::study::budget::Budget;
use crate::study::datasets::LEVY_CH13_OTHELLO;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

const FILE: &str = "levy/ch13-othello.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[13], key: "ch13", title: "Othello", run };

/// Fig. 48 (lines 3256-3263), rank 8 first, files a to h.
const FIG_48: [[i32; 8]; 8] = [
    [16, -4, 4, 2, 2, 4, -4, 16],
    [-4, -12, -2, -2, -2, -2, -12, -4],
    [4, -2, 4, 2, 2, 4, -2, 4],
    [2, -2, 2, 0, 0, 2, -2, 2],
    [2, -2, 1, 0, 0, 2, -2, 2],
    [4, -2, 4, 2, 2, 4, -2, 4],
    [-4, -12, -2, -2, -2, -2, -12, -4],
    [16, -4, 4, 2, 2, 4, -4, 16],
];

/// Fig. 49 (lines 3321-3328), rank 8 first, files a to h; `.` is empty.
const FIG_49: [&str; 8] =
    ["BBBBBBB.", "BBWWWBBB", "BBWWBBBB", "BBWBBBWB", "BWBWBBBB", "BBBBWBBB", "..BBBBB.", "..BBBBW."];

/// Game one from Fig. 49, White to move (lines 3334-3337), numbered from 54.
const GAME_1: &str = "54 W b1 55 B PASS 56 W h8 57 B PASS 58 W h2 59 B PASS 60 W h1 61 B PASS 62 W b2 63 B a2";

/// Game two (lines 3353-3419): Cogle (Black) against The Moor. The listing
/// has no move 60; `?` stands for it, and every White move there is tried.
const GAME_2: &str = "1 B c5 2 W e6 3 B f5 4 W c4 5 B c3 6 W d3 7 B f4 8 W b3 9 B b4 10 W c6 11 B d6 12 W a4 \
13 B a2 14 W f6 15 B e7 16 W f8 17 B b5 18 W e3 19 B f7 20 W a5 21 B a6 22 W a3 23 B d8 24 W b6 25 B c7 26 W a1 \
27 B f3 28 W g3 29 B f2 30 W g4 31 B h5 32 W e2 33 B e1 34 W d2 35 B h4 36 W d7 37 B c8 38 W g1 39 B d1 40 W g6 \
41 B h6 42 W g5 43 B c2 44 W b1 45 B b2 46 W a7 47 B g2 48 W h1 49 B h2 50 W f1 51 B b7 52 W c1 53 B PASS \
54 W h3 55 B PASS 56 W h7 57 B PASS 58 W g8 59 B g7 60 W ? 61 B PASS 62 W e8 63 B PASS 64 W b8";

/// Game three (lines 3431-3453): The Moor (Black) against Inouie.
const GAME_3: &str = "1 B d6 2 W c6 3 B c5 4 W c4 5 B b3 6 W e6 7 B c7 8 W b5 9 B a6 10 W c3 11 B c2 12 W b4 \
13 B f4 14 W f5 15 B f3 16 W e3 17 B a3 18 W d7 19 B d3 20 W g4 21 B f6 22 W a4 23 B d8 24 W b6 25 B a5 26 W e7 \
27 B h3 28 W e8 29 B f8 30 W f7 31 B c8 32 W g5 33 B h6 34 W h5 35 B h4 36 W g6 37 B h7 38 W c1 39 B d2 40 W b2 \
41 B d1 42 W e1 43 B e2 44 W f1 45 B f2 46 W b1 47 B g8 48 W g1 49 B b7 50 W a7 51 B g2 52 W g3 53 B h1 54 W h2 \
55 B a1 56 W h8 57 B g7 58 W b8 59 B a8 60 W a2";

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 13"));
    let chapter = dataset::read(LEVY_CH13_OTHELLO, FILE)?;
    let mut figures = Vec::new();
    first_moves(&mut figures);
    fig_48(&mut figures);
    game_one(&mut figures);
    game_two(&mut figures);
    game_three(&mut figures);
    perft_rows(settings, progress, &mut figures)?;
    let table = chapter_table("levy_ch13", "Levy (1983) ch. 13: Othello", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

fn bit(name: &str) -> u64 {
    1 << Move::parse(name).and_then(Move::index).expect("a square of the study")
}

/// Levy's start (line 3207): Black on d4 and e5, White on e4 and d5.
pub fn levy_start() -> Othello {
    Othello::from_discs(bit("d4") | bit("e5"), bit("e4") | bit("d5"), true)
}

fn names(position: &Othello) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&m| position.notation(m)).collect()
}

fn first_moves(figures: &mut Vec<Figure>) {
    let start = levy_start();
    let moves = names(&start);
    figures.push(Figure::new("start.first_moves", "", Exact::Set(moves.clone())));
    figures.push(Figure::new("start.first_move_count", "", Exact::integer(moves.len())));
    // One position up to the eight symmetries of the board.
    let classes: HashSet<(u64, u64)> = moves
        .iter()
        .map(|m| {
            let next = start.play(Move::parse(m).expect("a move just generated"));
            (0..8).map(|s| (transform(next.black(), s), transform(next.white(), s))).min().expect("eight symmetries")
        })
        .collect();
    figures.push(
        Figure::new("start.reflections", "", Exact::Flag(classes.len() == 1))
            .note(format!("{} position(s) up to symmetry after Black's first move.", classes.len())),
    );
}

fn fig_48(figures: &mut Vec<Figure>) {
    let weight = |square: u8| FIG_48[7 - usize::from(square / 8)][usize::from(square % 8)];
    let mut odd = Vec::new();
    for square in 0..64u8 {
        let images: Vec<i32> = (0..8).map(|s| weight(transform_square(square, s))).collect();
        let agreeing = images.iter().filter(|&&w| w == weight(square)).count();
        if agreeing * 2 < images.len() {
            odd.push(format!(
                "{} ({}; its images {:?})",
                Move::square(square).expect("a square"),
                weight(square),
                images
            ));
        }
    }
    let squares: Vec<String> = odd.iter().map(|s| s[..2].to_owned()).collect();
    figures.push(
        Figure::new(
            "fig48.asymmetric",
            "Fig. 48: squares whose weight differs from most of their images under the board's symmetries",
            Exact::Set(squares),
        )
        .note(if odd.is_empty() {
            "The map is symmetric.".to_owned()
        } else {
            format!("{}: a misprint, or an asymmetry the text does not explain.", odd.join(", "))
        }),
    );
}

/// A game replayed: the position reached, and the first move that could
/// not be played, if any.
struct Replay {
    position: Othello,
    stopped: Option<String>,
    /// Each position before a move, with the move's number.
    before: Vec<(u32, Othello)>,
}

/// Plays `score` (`54 W b1 55 B PASS ...`) from `start`: each move must
/// be the printed side's and legal (a PASS legal only when forced).
fn replay(start: Othello, score: &str) -> Replay {
    let words: Vec<&str> = score.split_whitespace().collect();
    let mut position = start;
    let mut before = Vec::new();
    for triple in words.chunks(3) {
        let [number, side, text] = triple else {
            return Replay { position, stopped: Some(format!("a truncated move {triple:?}")), before };
        };
        let number: u32 = number.parse().unwrap_or(0);
        before.push((number, position));
        let stop = |why: String| Some(format!("move {number} {side} {text}: {why}"));
        if (*side == "B") != position.black_to_move() {
            let mover = if position.black_to_move() { "Black" } else { "White" };
            return Replay { position, stopped: stop(format!("{mover} is to move")), before };
        }
        let legal = names(&position);
        match Move::parse(text) {
            Some(mv) if legal.contains(&position.notation(mv)) => position = position.play(mv),
            _ => {
                let why = format!(
                    "not legal; the legal moves are {}",
                    if legal.is_empty() { "none".to_owned() } else { legal.join(" ") }
                );
                return Replay { position, stopped: stop(why), before };
            }
        }
    }
    Replay { position, stopped: None, before }
}

/// The legality flag of a replay, with the first refused move as its note.
fn legality(id: &str, replay: &Replay) -> Figure {
    let figure = Figure::new(id, "", Exact::Flag(replay.stopped.is_none()));
    match &replay.stopped {
        Some(why) => figure.note(format!("Stopped at {why}.")),
        None => figure,
    }
}

fn final_counts(figures: &mut Vec<Figure>, game: &str, replay: &Replay, white_first: bool) {
    let (black, white) = replay.position.disc_counts();
    let note = if replay.stopped.is_some() { " (where the replay stopped)" } else { "" };
    let rows = [(format!("{game}.black"), black), (format!("{game}.white"), white)];
    let rows = if white_first { [rows[1].clone(), rows[0].clone()] } else { rows };
    for (id, count) in rows {
        let figure = Figure::new(id, "", Exact::integer(count));
        figures.push(if note.is_empty() { figure } else { figure.note(format!("Counted{note}.")) });
    }
}

fn fig_49() -> Othello {
    let (mut black, mut white) = (0u64, 0u64);
    for (row, text) in FIG_49.iter().enumerate() {
        for (file, c) in text.bytes().enumerate() {
            let square = 1u64 << ((7 - row) * 8 + file);
            match c {
                b'B' => black |= square,
                b'W' => white |= square,
                _ => {}
            }
        }
    }
    Othello::from_discs(black, white, false)
}

fn game_one(figures: &mut Vec<Figure>) {
    let figure = fig_49();
    let (black, white) = figure.disc_counts();
    figures.push(Figure::new("fig49.black", "", Exact::integer(black)));
    figures.push(Figure::new("fig49.white", "", Exact::integer(white)));
    let empty = 64 - black - white;
    figures.push(Figure::new("fig49.empty", "", Exact::integer(empty)));
    // Discs placed since the start, and the next move's number when no
    // pass came before.
    figures.push(Figure::new("game1.first_number", "", Exact::integer(black + white - 4 + 1)).note(format!(
        "{} discs: 4 at the start and {} placed.",
        black + white,
        black + white - 4
    )));
    let game = replay(figure, GAME_1);
    figures.push(legality("game1.legal", &game));
    figures.push(Figure::new("game1.over", "", Exact::Flag(game.stopped.is_none() && game.position.is_over())));
    final_counts(figures, "game1", &game, true);
}

fn game_two(figures: &mut Vec<Figure>) {
    let (head, tail) = GAME_2.split_once(" 60 W ? ").expect("the gap at move 60");
    let before = replay(levy_start(), head);
    // Move 60: every White move after which the rest replays.
    let mut candidates = Vec::new();
    let mut finish = None;
    if before.stopped.is_none() {
        let mut moves = Vec::new();
        before.position.legal_moves(&mut moves);
        for mv in moves {
            let rest = replay(before.position.play(mv), tail);
            if rest.stopped.is_none() {
                candidates.push(before.position.notation(mv));
                finish.get_or_insert(rest);
            }
        }
    }
    let a2 = before.before.iter().find(|(n, _)| *n == 13).is_some_and(|(_, p)| names(p).contains(&"a2".to_owned()));
    let stuck = before.before.iter().find(|(n, _)| *n == 53).is_some_and(|(_, p)| p.move_squares() == 0);
    let game = match finish {
        Some(rest) if candidates.len() == 1 => Replay { stopped: None, ..rest },
        Some(rest) => Replay {
            stopped: Some(format!("move 60: the listing omits it, and {} fit", candidates.join(", "))),
            ..rest
        },
        None => Replay {
            stopped: Some(before.stopped.unwrap_or_else(|| "move 60: no White move lets the rest replay".to_owned())),
            ..before
        },
    };
    let legal = legality("game2.legal", &game);
    figures.push(if candidates.len() == 1 {
        legal.note(format!(
            "The listing skips move 60 (lines 3414-3418); the one White move that lets moves 61-64 replay is {}.",
            candidates[0]
        ))
    } else {
        legal
    });
    figures.push(Figure::new("game2.a2", "", Exact::Flag(a2)));
    figures.push(Figure::new("game2.black_stuck_53", "", Exact::Flag(stuck)));
    figures.push(Figure::new(
        "game2.move60",
        "Game two: the White moves at the missing move 60 after which moves 61-64 replay",
        Exact::Set(candidates),
    ));
    let a8 = bit("a8");
    let a8_open = game.position.black() & a8 == 0 && game.position.white() & a8 == 0;
    figures.push(Figure::new(
        "game2.a8",
        "",
        Exact::Flag(game.stopped.is_none() && a8_open && game.position.is_over()),
    ));
    final_counts(figures, "game2", &game, true);
}

fn game_three(figures: &mut Vec<Figure>) {
    let game = replay(levy_start(), GAME_3);
    figures.push(legality("game3.legal", &game));
    final_counts(figures, "game3", &game, false);
    let (black, _) = game.position.disc_counts();
    figures.push(Figure::new("game3.bulletin_black", "", Exact::integer(black)));
}

/// The deepest perft each budget counts.
fn perft_depth(budget: Budget) -> u32 {
    match budget {
        Budget::Quick => 8,
        Budget::Default => 10,
        Budget::Full => 11,
    }
}

fn perft_rows(settings: &Settings, progress: Progress<'_>, figures: &mut Vec<Figure>) -> Result<()> {
    let deepest = perft_depth(settings.budget);
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(8);
    let mut driver = Driver::new(threads, 64)?;
    for depth in 1..=11 {
        let id = format!("a124004.{depth}");
        if depth > deepest {
            figures.push(Figure::skipped(id, "", format!("left out of the {} budget", settings.budget.name())));
            continue;
        }
        progress.report(Step::label("levy ch. 13: Othello perft"));
        let count = driver.perft(&Othello::start(), depth, Progress::NONE)?;
        figures.push(Figure::new(id, "", Exact::integer(count)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_and_the_games_replay() {
        let mut figures = Vec::new();
        first_moves(&mut figures);
        game_one(&mut figures);
        game_two(&mut figures);
        game_three(&mut figures);
        for f in &figures {
            eprintln!("{} {:?} {:?}", f.id, f.value.as_ref().map(Exact::exact_text), f.note);
        }
        let find = |id: &str| figures.iter().find(|f| f.id == id).unwrap().value.clone().unwrap();
        assert_eq!(find("game3.legal"), Exact::Flag(true));
        assert_eq!(find("game1.legal"), Exact::Flag(true));
    }
}
