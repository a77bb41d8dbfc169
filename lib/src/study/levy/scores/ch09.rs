//! Chapter 9, "Chess": Shannon's count of games and Levy's arithmetic on
//! pruning, every game score the chapter prints replayed on the chess
//! engine (with the variations of the notes), and the claims the notes make
//! about positions: checks, mates, pins, threats, repetitions, material.
//!
//! The scores are in `datasets/levy/ch09-chess.json` as printed. Two scan
//! errors (`Rh8-F8`, `Ral-b1`) and a promotion written without its piece
//! are read as the dataset lists, each checked against the legal moves and
//! listed as a known discrepancy. The game of Fig. 33 starts from the
//! position the text describes in words (its diagram is lost); the other
//! diagrams (Figs. 31, 32, 38) are lost and their lines are listed as not
//! computed.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use serde::Deserialize;

use super::replay::{Reading, Replayed, columns, ply_index, push_rows, replay};
use crate::engine::chess::bitboard::BitboardBoard;
use crate::engine::chess::coordinate::{after, legal_moves, resolve};
use crate::engine::chess::mate::{Rules, solve};
use crate::engine::chess::{Board, Color, Move, Role, Setup, Square};
use crate::engine::progress::{Progress, Step};
use crate::report::{Exact, Table};
use crate::study::datasets::LEVY_CH09_CHESS;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;
use crate::{Error, Result};

const FILE: &str = "levy/ch09-chess.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[9], key: "ch09", title: "Chess", run };

/// The complete games (the mean of their legal moves stands beside
/// Gillogly's 30-40 root moves).
const COMPLETE: [&str; 6] = ["bernstein", "machack", "schach", "stean", "princhess", "challenger"];

/// The games and variations of the dataset (the figures are read by
/// [`dataset::read`]).
#[derive(Clone, Debug, Deserialize)]
struct Scores {
    games: Vec<Game>,
    lines: Vec<Line>,
}

/// A game score as printed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Game {
    id: String,
    title: String,
    line: u32,
    score: String,
    #[serde(default)]
    start: Option<Start>,
    #[serde(default)]
    readings: Vec<Reading>,
}

/// A starting position other than the initial one.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    fen: String,
    why: String,
}

/// A variation of a note, played from the game's position before `before`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    id: String,
    game: String,
    before: String,
    score: String,
    line: u32,
    claim: String,
    #[serde(default)]
    readings: Vec<Reading>,
}

/// Every score replayed: the games, then the lines.
struct Replays {
    games: Vec<(Game, Replayed)>,
    lines: Vec<(Line, Replayed)>,
}

impl Replays {
    fn game(&self, id: &str) -> Result<&Replayed> {
        self.games
            .iter()
            .find(|(g, _)| g.id == id)
            .map(|(_, r)| r)
            .ok_or_else(|| Error::Dataset { name: FILE, why: format!("no game {id}") })
    }

    fn line(&self, id: &str) -> Result<&Replayed> {
        self.lines
            .iter()
            .find(|(l, _)| l.id == id)
            .map(|(_, r)| r)
            .ok_or_else(|| Error::Dataset { name: FILE, why: format!("no line {id}") })
    }

    /// The position of game `id` before `before` (`10w`).
    fn before(&self, id: &str, before: &str) -> Result<Setup> {
        let game = self.game(id)?;
        let index = ply_index(game, before)?;
        game.position(index).cloned().ok_or_else(|| Error::invalid("variation", format!("{id} stops before {before}")))
    }
}

fn run(_settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 9"));
    let chapter = dataset::read(&figures_only(LEVY_CH09_CHESS)?, FILE)?;
    let scores: Scores =
        serde_json::from_str(LEVY_CH09_CHESS).map_err(|e| Error::Dataset { name: FILE, why: e.to_string() })?;
    let replays = replay_all(&scores)?;
    let mut figures = Vec::new();
    arithmetic(&mut figures);
    games(&replays, &mut figures)?;
    bernstein(&replays, &mut figures)?;
    others(&replays, &mut figures)?;
    mike(&replays, &mut figures)?;
    let table = chapter_table("levy_scores_ch09", "Levy (1983) ch. 9: chess", &chapter, FILE, &figures)?;
    let mut plies = Table::new("levy_scores_ch09_replay", "Levy (1983) ch. 9: every printed move replayed", columns());
    for (game, replayed) in &replays.games {
        push_rows(&mut plies, &game.id, replayed);
    }
    for (line, replayed) in &replays.lines {
        push_rows(&mut plies, &format!("line.{}", line.id), replayed);
    }
    plies.note(
        "Each score as printed in the seed, replayed on the 0x88 board: the move played (UCI), whether it checks, mates \
         or captures, and how often its position has stood on the board in the score. A reading adopted for a move that \
         cannot be played as printed is given with the failure and the nearest legal moves.",
    );
    for (game, _) in &replays.games {
        plies.note(format!("{}: {}, seed line {}.", game.id, game.title, game.line));
        if let Some(start) = &game.start {
            plies.note(format!("{} starts from {}: {}", game.id, start.fen, start.why));
        }
    }
    for (line, _) in &replays.lines {
        plies.note(format!(
            "line.{}: from {} before {}, seed line {}: {}.",
            line.id, line.game, line.before, line.line, line.claim
        ));
    }
    Ok(Part { tables: vec![table, plies], plots: Vec::new(), reading: Vec::new() })
}

/// The dataset without its games and lines, for [`dataset::read`].
fn figures_only(text: &str) -> Result<String> {
    let bad = |e: serde_json::Error| Error::Dataset { name: FILE, why: e.to_string() };
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(bad)?;
    if let Some(object) = value.as_object_mut() {
        object.remove("games");
        object.remove("lines");
    }
    serde_json::to_string(&value).map_err(bad)
}

fn replay_all(scores: &Scores) -> Result<Replays> {
    let mut games = Vec::new();
    for game in &scores.games {
        let start = match &game.start {
            Some(s) => Setup::from_fen(&s.fen)?,
            None => Setup::starting(),
        };
        let replayed = replay(&start, &game.score, &game.readings)
            .map_err(|e| Error::Dataset { name: FILE, why: format!("game {}: {e}", game.id) })?;
        games.push((game.clone(), replayed));
    }
    let mut replays = Replays { games, lines: Vec::new() };
    for line in &scores.lines {
        let start = replays.before(&line.game, &line.before)?;
        let replayed = replay(&start, &line.score, &line.readings)
            .map_err(|e| Error::Dataset { name: FILE, why: format!("line {}: {e}", line.id) })?;
        replays.lines.push((line.clone(), replayed));
    }
    Ok(replays)
}

fn q(a: impl Into<BigInt>, b: impl Into<BigInt>) -> BigRational {
    BigRational::new(a.into(), b.into())
}

/// The power of ten below `x` (x >= 1).
fn floor_log10(x: &BigRational) -> usize {
    x.floor().to_integer().to_string().len() - 1
}

fn arithmetic(figures: &mut Vec<Figure>) {
    // Shannon: some 10^3 continuations a move pair (about 30 a ply), 40 pairs.
    let games = BigInt::from(1000).pow(40);
    let exponent = games.to_string().len() - 1;
    figures.push(
        Figure::new("shannon.games", "", Exact::Text(format!("10^{exponent}")))
            .note("(10^3)^40, Shannon's estimate of about 10^3 continuations for a move of each side."),
    );
    let seconds = BigRational::from_integer(games) * q(1, 1_000_000);
    let year = BigRational::from_integer(BigInt::from(31_557_600)); // 365.25 days
    let years = seconds / year;
    figures.push(
        Figure::new("shannon.years", "", Exact::Text(format!("10^{}", floor_log10(&years))))
            .note(format!("10^114 s / 31,557,600 s a year = {:.3e} years.", years.to_f64().unwrap_or(f64::NAN))),
    );
    // Levy's pruning: every move at the root, then 90%, 70%, 50%, 30%.
    let kept = [q(9, 10), q(7, 10), q(5, 10), q(3, 10)];
    let leaves: BigRational = kept.iter().product();
    let mut note = format!("Leaves kept: 0.9 x 0.7 x 0.5 x 0.3 = {leaves} = 0.0945.");
    for b in [30, 35, 40] {
        let b = BigRational::from_integer(BigInt::from(b));
        let (mut full, mut pruned, mut width, mut fraction) =
            (BigRational::zero(), BigRational::zero(), BigRational::one(), BigRational::one());
        for depth in 0..5 {
            width *= &b;
            full += &width;
            pruned += &width * &fraction;
            if let Some(k) = kept.get(depth) {
                fraction *= k;
            }
        }
        let share = pruned / full;
        note.push_str(&format!(
            " Counting every node of plies 1-5 with {b} moves a position: {:.4}.",
            share.to_f64().unwrap_or(f64::NAN)
        ));
    }
    figures.push(Figure::new("pruning.leaves_under_tenth", "", Exact::Flag(leaves < q(1, 10))).note(note));
    figures.push(Figure::new(
        "pruning.saving",
        "",
        Exact::Value((BigRational::one() - leaves) * BigRational::from_integer(100.into())),
    ));
    figures.push(Figure::new("bernstein.leaves", "", Exact::integer(7u32.pow(4))));
    let ratio = q(5u32.pow(4), 7u32.pow(4));
    let nodes = q((1..=4).map(|k| 5u32.pow(k)).sum::<u32>(), (1..=4).map(|k| 7u32.pow(k)).sum::<u32>());
    figures.push(
        Figure::new("bernstein.five_in_third", "", Exact::Flag(ratio < q(1, 3)))
            .note(format!("5^4 / 7^4 = {ratio}; all nodes of plies 1-4: {nodes}.")),
    );
}

/// The legality and claims of every game and line, the readings adopted,
/// Gillogly's root moves.
fn games(replays: &Replays, figures: &mut Vec<Figure>) -> Result<()> {
    for (game, replayed) in &replays.games {
        let unmarked: Vec<String> = replayed
            .plies
            .iter()
            .filter(|p| p.gives_check && p.written.as_ref().is_some_and(|w| !w.check))
            .map(|p| format!("{} {}", p.number, p.printed))
            .collect();
        let mut legal = Figure::new(format!("{}.legal", game.id), "", Exact::Flag(replayed.complete))
            .note(format!("{} plies played.", replayed.plies.len()));
        if let Some(stop) = replayed.plies.last().filter(|_| !replayed.complete) {
            legal = legal.note(format!(
                "Stops at {} {}: {}",
                stop.number,
                stop.printed,
                stop.note.clone().unwrap_or_default()
            ));
        }
        figures.push(legal);
        let mut claims = Figure::new(format!("{}.claims", game.id), "", Exact::Flag(replayed.claims_hold()));
        if !unmarked.is_empty() {
            claims = claims.note(format!("Checks not marked: {}.", unmarked.join(", ")));
        }
        if let Some(end) = &replayed.end {
            let last = replayed.plies.last().map(|p| &p.after);
            if let Some(last) = last {
                claims = claims.note(format!(
                    "Ends '{end}': material (Shannon's 9, 5, 3, 3, 1) White {} Black {}.",
                    material(last, Color::White),
                    material(last, Color::Black)
                ));
            }
        }
        figures.push(claims);
        for reading in &game.readings {
            let ply = replayed.plies.iter().find(|p| p.printed == reading.printed);
            let value = ply.and_then(|p| Some(read_as(p.written.as_ref()?, p.played?)));
            let mut figure = match value {
                Some(text) => Figure::new(format!("{}.reading.{}", game.id, reading.printed), "", Exact::Text(text)),
                None => Figure::skipped(format!("{}.reading.{}", game.id, reading.printed), "", "not reached"),
            };
            if let Some(note) = ply.and_then(|p| p.note.clone()) {
                figure = figure.note(note);
            }
            figures.push(figure);
        }
    }
    for (line, replayed) in &replays.lines {
        let mut figure = Figure::new(format!("line.{}", line.id), "", Exact::Flag(replayed.claims_hold()));
        if let Some(stop) = replayed.plies.last().filter(|_| !replayed.complete) {
            figure = figure.note(format!(
                "Stops at {} {}: {}",
                stop.number,
                stop.printed,
                stop.note.clone().unwrap_or_default()
            ));
        }
        figures.push(figure);
        for reading in &line.readings {
            let ply = replayed.plies.iter().find(|p| p.printed == reading.printed);
            let text = ply.and_then(|p| Some(read_as(p.written.as_ref()?, p.played?))).unwrap_or_default();
            let mut figure = Figure::new(format!("{}.reading.{}", line.id, reading.printed), "", Exact::Text(text));
            if let Some(note) = ply.and_then(|p| p.note.clone()) {
                figure = figure.note(note);
            }
            figures.push(figure);
        }
    }
    let (mut positions, mut moves) = (0u64, 0u64);
    for id in COMPLETE {
        for ply in &replays.game(id)?.plies {
            positions += 1;
            moves += legal_moves(&ply.before).len() as u64;
        }
    }
    figures.push(Figure::new("gillogly.root_moves", "", Exact::Value(q(moves, positions))).note(format!(
        "{moves} legal moves over the {positions} positions before each move of the six complete games."
    )));
    Ok(())
}

/// A reading as the table shows it: the move as read and as played (UCI),
/// `Rh8-f8 = h8f8`.
fn read_as(written: &crate::engine::chess::coordinate::Written, played: Move) -> String {
    format!("{} = {}", written.text, played.uci(false))
}

/// Material by Shannon's values (pawn 1, knight and bishop 3, rook 5, queen 9).
fn material(setup: &Setup, color: Color) -> u32 {
    setup
        .board()
        .iter()
        .flatten()
        .filter(|p| p.color == color)
        .map(|p| match p.role {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
        })
        .sum()
}

/// White's material minus Black's.
fn balance(setup: &Setup) -> i64 {
    i64::from(material(setup, Color::White)) - i64::from(material(setup, Color::Black))
}

/// The position with the other side to move (a pass), if it is legal.
fn pass(setup: &Setup) -> Option<Setup> {
    Setup::from_parts(*setup.board(), setup.turn().other(), setup.castling(), None).ok()
}

fn square(name: &str) -> Square {
    name.parse().expect("a square name")
}

/// Levy's form of a legal move: `d8-g5`.
fn short(m: Move) -> String {
    format!("{}-{}", m.from(), m.to())
}

/// The replies of the side to move after which the other side has no mate
/// in `n`.
fn escapes(setup: &Setup, n: u32) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for &m in legal_moves(setup).iter() {
        let next = after(setup, m);
        let found = solve(&mut BitboardBoard::from_setup(&next), n, Rules::Full, Progress::NONE)
            .map_err(|e| Error::invalid("mate search", e.to_string()))?;
        if found.keys.is_empty() {
            out.push(short(m));
        }
    }
    Ok(out)
}

fn pawns_lost_by_white(replays: &Replays, line: &str) -> Result<i64> {
    let replayed = replays.line(line)?;
    let first = replayed.position(0).map(balance).unwrap_or_default();
    let last = replayed.position(replayed.plies.len()).map(balance).unwrap_or_default();
    Ok(first - last)
}

fn bernstein(replays: &Replays, figures: &mut Vec<Figure>) -> Result<()> {
    let game = replays.game("bernstein")?;
    let h4 = game.plies.iter().find(|p| p.printed.starts_with("h2–h4")).map(|p| p.number.clone()).unwrap_or_default();
    figures.push(Figure::new("bernstein.h4_move_number", "", Exact::integer(h4.parse::<u32>().unwrap_or(0))));
    let before22 = replays.before("bernstein", "22w")?;
    let pawn_moves: Vec<String> = legal_moves(&before22)
        .iter()
        .filter(|m| before22.piece_at(m.from()).is_some_and(|p| p.role == Role::Pawn))
        .map(|&m| short(m))
        .collect();
    figures.push(
        Figure::new("bernstein.pawn_moves_22", "", Exact::integer(pawn_moves.len()))
            .note(format!("{}.", pawn_moves.join(", "))),
    );
    let pinned = replays.line("bernstein.16")?;
    let end = pinned.position(pinned.plies.len()).cloned().unwrap_or_else(Setup::starting);
    let takes = legal_moves(&end).iter().any(|m| m.from() == square("e2") && m.to() == square("d1"));
    figures.push(Figure::new("bernstein.pin_16", "", Exact::Flag(pinned.complete && !takes)));
    let a = pawns_lost_by_white(replays, "bernstein.15a")?;
    let b = pawns_lost_by_white(replays, "bernstein.15b")?;
    figures.push(
        Figure::new("bernstein.line15_pawn", "", Exact::integer(a))
            .note(format!("With 16...b7-g2 instead: {b}. White loses f2 and g2, Black the e-pawn.")),
    );
    let line = replays.line("bernstein.10")?;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for p in &line.plies {
        if let Some(m) = p.played.filter(|m| m.is_capture()) {
            let taken = p.before.piece_at(m.to()).map(|x| x.role.char().to_ascii_uppercase()).unwrap_or('?');
            if p.before.turn() == Color::White { white.push(taken) } else { black.push(taken) }
        }
    }
    figures.push(
        Figure::new("bernstein.line10_queen", "", Exact::Flag(white.contains(&'Q') && black.contains(&'R'))).note(
            format!(
                "White takes {white:?}, Black takes {black:?}; White's balance changes by {}.",
                -pawns_lost_by_white(replays, "bernstein.10")?
            ),
        ),
    );
    Ok(())
}

fn others(replays: &Replays, figures: &mut Vec<Figure>) -> Result<()> {
    // MacHack: 20 d5-c6+ forces mate (in three: 20...e6-d7 and 20...c5-d7
    // interpose).
    let before20 = replays.before("machack", "20w")?;
    let found = solve(&mut BitboardBoard::from_setup(&before20), 3, Rules::Full, Progress::NONE)
        .map_err(|e| Error::invalid("mate search", e.to_string()))?;
    let keys: Vec<String> = found.keys.iter().map(|k| short(k.mv)).collect();
    figures.push(Figure::new("machack.forced_mate", "", Exact::Flag(keys.contains(&"d5-c6".to_owned()))).note(
        format!(
            "Keys of mate in 3 before White's 20th: {} (no mate in 2: 20...e6-d7 or c5-d7 interposes).",
            keys.join(", ")
        ),
    ));
    // Schach.
    figures.push(Figure::new("schach.line10_pawn", "", Exact::integer(pawns_lost_by_white(replays, "schach.10")?)));
    let before15 = replays.before("schach", "15b")?;
    figures.push(
        Figure::new("schach.only_15", "", Exact::Set(escapes(&before15, 2)?))
            .note(format!("Of {} legal replies.", legal_moves(&before15).len())),
    );
    let before21 = replays.before("schach", "21b")?;
    figures.push(Figure::new("schach.only_21", "", Exact::Set(escapes(&before21, 2)?)).note(format!(
        "Of {} legal replies. Replies that stop mate next move (on h7 or elsewhere): {}; all but f8-f7 are mated in two.",
        legal_moves(&before21).len(),
        escapes(&before21, 1)?.join(", ")
    )));
    // Stean.
    let diagonal: Vec<Square> = (0..8).filter_map(|i| Square::from_coords(i, 7 - i)).collect();
    let black_on = |setup: &Setup, role: Role| {
        diagonal
            .iter()
            .filter(|&&s| setup.piece_at(s).is_some_and(|p| p.color == Color::Black && p.role == role))
            .count()
    };
    let before15b = replays.before("stean", "15b")?;
    let king_h1 = before15b.king(Color::White) == Some(square("h1"));
    figures.push(Figure::new(
        "stean.diagonal_15",
        "",
        Exact::Flag(king_h1 && black_on(&before15b, Role::Queen) == 1 && black_on(&before15b, Role::Bishop) == 1),
    ));
    let before25 = replays.before("stean", "25w")?;
    let bishops: Vec<String> = diagonal
        .iter()
        .filter(|&&s| before25.piece_at(s).is_some_and(|p| p.color == Color::Black && p.role == Role::Bishop))
        .map(ToString::to_string)
        .collect();
    figures.push(Figure::new("stean.bishop_24", "", Exact::Text(bishops.join(", "))));
    let mate = replays.line("stean.23")?;
    figures.push(Figure::new(
        "stean.mate_g2",
        "",
        Exact::Flag(mate.complete && mate.plies.last().is_some_and(|p| p.mates)),
    ));
    let pin = replays.line("stean.27")?;
    let end = pin.position(pin.plies.len()).cloned().unwrap_or_else(Setup::starting);
    let knight_moves = legal_moves(&end).iter().filter(|m| m.from() == square("e4")).count();
    let knight = end.piece_at(square("e4")).is_some_and(|p| p.color == Color::White && p.role == Role::Knight);
    figures.push(
        Figure::new("stean.pin_27", "", Exact::Flag(pin.complete && knight && knight_moves == 0))
            .note(format!("The knight on e4 has {knight_moves} legal moves.")),
    );
    let threat = replays.before("stean", "29b")?;
    let keys = match pass(&threat) {
        Some(white_again) => solve(&mut BitboardBoard::from_setup(&white_again), 2, Rules::Full, Progress::NONE)
            .map_err(|e| Error::invalid("mate search", e.to_string()))?
            .keys
            .iter()
            .map(|k| short(k.mv))
            .collect(),
        None => Vec::new(),
    };
    figures.push(
        Figure::new("stean.threat_29", "", Exact::Flag(keys.contains(&"f2-f7".to_owned())))
            .note(format!("White to move again after 29 a2-f2: keys of mate in 2: {}.", keys.join(", "))),
    );
    // Princhess v K Chess IV.
    let before3 = replays.before("princhess", "3b")?;
    let mut mobility: Vec<(usize, String)> = legal_moves(&before3)
        .iter()
        .filter_map(|&m| pass(&after(&before3, m)).map(|again| (legal_moves(&again).len(), short(m))))
        .collect();
    mobility.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let top = mobility.first().map_or(0, |t| t.0);
    let best: Vec<&str> = mobility.iter().filter(|t| t.0 == top).map(|t| t.1.as_str()).collect();
    figures.push(Figure::new("princhess.mobility_3", "", Exact::Flag(best.contains(&"d8-h4"))).note(format!(
        "Black's legal moves after each 3rd move (White passing): most {top}, after {}.",
        best.join(", ")
    )));
    let before9 = replays.before("princhess", "9b")?;
    let queen = square("h5");
    let safe: Vec<String> = legal_moves(&before9)
        .iter()
        .filter(|m| m.from() == queen)
        .filter(|&&m| !after(&before9, m).attacked_by(m.to(), Color::White))
        .map(|&m| short(m))
        .collect();
    figures.push(Figure::new("princhess.safe_9", "", Exact::integer(safe.len())).note(if safe.is_empty() {
        "Every queen move lands on a square White attacks.".to_owned()
    } else {
        format!("Safe: {}.", safe.join(", "))
    }));
    let flight = replays.line("princhess.9")?;
    let reach = |setup: Option<&Setup>| {
        setup
            .and_then(|s| if s.turn() == Color::Black { Some(s.clone()) } else { pass(s) })
            .is_some_and(|s| legal_moves(&s).iter().any(|m| m.from() == square("g4") && m.to() == square("d7")))
    };
    let (before, later) = (reach(flight.position(1)), reach(flight.position(2)));
    figures.push(
        Figure::new("princhess.d7_9", "", Exact::Flag(before && !later))
            .note(format!("Queen g4 to d7 legal before 10 e5-e6: {before}; after: {later}.")),
    );
    // Chess Challenger v Boris.
    let before9 = replays.before("challenger", "9b")?;
    let right = before9.castling().contains(crate::engine::chess::Castling::BLACK_KING);
    let can = legal_moves(&before9).iter().any(|m| m.is_castle());
    figures.push(
        Figure::new("challenger.castling_9", "", Exact::Flag(right && !can))
            .note(format!("Black keeps the king's-side right: {right}; a legal castle: {can}.")),
    );
    let alt = replays.line("challenger.20")?;
    let h4 = alt.plies.iter().find(|p| p.printed == "h2-h4").map(|p| p.number.clone()).unwrap_or_default();
    figures.push(Figure::new("challenger.h4_move_number", "", Exact::integer(h4.parse::<u32>().unwrap_or(0))));
    // Figs. 38 and 39: the files between the pawns.
    let between = |a: &str, b: &str| i64::from(square(b).file()) - i64::from(square(a).file()) - 1;
    figures.push(Figure::new("fig38.files", "", Exact::integer(between("a7", "e7"))));
    figures.push(Figure::new("fig39.files", "", Exact::integer(between("a7", "d7"))));
    fig37(figures)?;
    Ok(())
}

/// Fig. 37 (lost): the positions with White's king on d6, one White pawn
/// and Black's bare king, White to move, that fit every word of the text.
fn fig37(figures: &mut Vec<Figure>) -> Result<()> {
    let d6 = square("d6");
    let e6 = square("e6");
    let mut fits = Vec::new();
    for pawn in Square::all().filter(|s| (1..7).contains(&s.rank()) && *s != d6) {
        for king in Square::all().filter(|&s| s != d6 && s != pawn) {
            let mut board = [None; 64];
            board[d6.index()] = Some(crate::engine::chess::Piece::new(Color::White, Role::King));
            board[pawn.index()] = Some(crate::engine::chess::Piece::new(Color::White, Role::Pawn));
            board[king.index()] = Some(crate::engine::chess::Piece::new(Color::Black, Role::King));
            let Ok(setup) = Setup::from_parts(board, Color::White, crate::engine::chess::Castling::NONE, None) else {
                continue;
            };
            let moves = legal_moves(&setup);
            if moves.iter().any(|m| m.from() == pawn) {
                continue; // "any other king move": the pawn cannot move
            }
            let defends = |s: &Setup| {
                let k = s.king(Color::White).expect("a king");
                (i32::from(k.file()) - i32::from(pawn.file())).abs() <= 1
                    && (i32::from(k.rank()) - i32::from(pawn.rank())).abs() <= 1
            };
            let mut only_e6 = true;
            let mut stalemate = false;
            let mut others_lose = true;
            for &m in moves.iter() {
                let next = after(&setup, m);
                let replies = legal_moves(&next);
                if m.to() == e6 {
                    stalemate =
                        defends(&next) && replies.is_empty() && !crate::engine::chess::coordinate::in_check(&next);
                } else {
                    only_e6 &= !defends(&next);
                    others_lose &= replies.iter().any(|r| r.to() == pawn);
                }
            }
            if only_e6 && stalemate && others_lose {
                fits.push(setup.to_fen());
            }
        }
    }
    figures.push(
        Figure::new(
            "fig37.positions",
            "Fig. 37 (lost): positions with White Kd6, a pawn, Black's bare king, White to move, where Kd6-e6 alone keeps the pawn defended and stalemates, and every other king move lets the pawn be taken",
            Exact::integer(fits.len()),
        )
        .note(fits.join("; ")),
    );
    Ok(())
}

fn mike(replays: &Replays, figures: &mut Vec<Figure>) -> Result<()> {
    let game = replays.game("mike")?;
    let at = |label: &str| game.plies.iter().find(|p| p.number == label).map_or(0, |p| p.occurrence);
    figures.push(Figure::new("mike.repetition_83", "", Exact::integer(at("83"))));
    figures.push(Figure::new("mike.repetition_85", "", Exact::integer(game.plies.last().map_or(0, |p| p.occurrence))));
    let last = game.position(game.plies.len()).cloned().unwrap_or_else(Setup::starting);
    figures.push(Figure::new("mike.material", "", Exact::integer(material(&last, Color::Black))));
    figures.push(Figure::new("mike.material_white", "", Exact::integer(material(&last, Color::White))));
    let line = replays.line("mike.83c")?;
    let mates = line.complete && line.plies.last().is_some_and(|p| p.mates);
    // Which promotions Qf7-e7 mates after.
    let mut with = Vec::new();
    if let Some(before) = line.plies.iter().find(|p| p.number == "85").map(|p| p.before.clone()) {
        for &m in legal_moves(&before).iter().filter(|m| m.promotion().is_some()) {
            let next = after(&before, m);
            let qe7 = "Qf7-e7"
                .parse()
                .map_err(|e: crate::engine::chess::coordinate::NotationError| Error::invalid("move", e.to_string()))?;
            if let Ok(q) = resolve(&next, &qe7) {
                let end = after(&next, q);
                if crate::engine::chess::coordinate::in_check(&end) && legal_moves(&end).is_empty() {
                    with.push(m.promotion().map_or('?', |r| r.char().to_ascii_uppercase()));
                }
            }
        }
    }
    figures.push(Figure::new("mike.c8_mate", "", Exact::Flag(mates)).note(format!(
        "Qf7-e7 mates after c7-c8 = {}.",
        with.iter().map(char::to_string).collect::<Vec<_>>().join(", ")
    )));
    Ok(())
}
