//! Bell's two-move mate program and the full-rules solver.
//!
//! Bell wrote his table-driven board to solve two-move mates (Bell 1972,
//! §3.1, Appendix 1). This module checks his program against what his
//! section says of it, and both solvers against published problems:
//!
//! - [`bell_table`]: Fig. 3.1(b) (rebuilt from its piece lists, Figs.
//!   3.1(c) to (f)) and its key; Fig. 3.2 (White's moves in it, man by man)
//!   and the two king moves found illegal; the rook's 14 moves; Fig. 3.3
//!   (rebuilt from its piece lists and the scan's labels, with the one label
//!   the scan damaged found by computation) and each of Bell's claims about
//!   it; Fig. 3.6, whose position is lost, with what can still be known.
//! - [`fig_3_4_table`] and [`fig_3_5_table`]: the flow of the program and
//!   the contents of its array `moves` on Fig. 3.3, row by row against his
//!   figures.
//! - [`problems_table`]: a set of published two-movers
//!   (`datasets/perft/mate-problems.json`), solved under the full rules on
//!   the four representations, by Bell's program, and without castling and
//!   en passant by the full solver; every key and cook, and the refutation
//!   of a published key that fails.
//! - [`speed_table`]: the time per problem of each, beside Bell's own.

use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::engine::chess::array::bell::{self, BellOptions, BellRun, Flow, Listing};
use crate::engine::chess::bitboard::BitboardBoard;
use crate::engine::chess::dispatch::{mate_on, refutation_on};
use crate::engine::chess::mate::{MateSearch, Refutation, Rules};
use crate::engine::chess::{Board, Castling, Color, MoveList, Piece, Repr, Role, Setup, Square};
use crate::engine::progress::Progress;
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::datasets::Parsed;
use crate::study::perft::program::{MateAnswer, Uci, split_command};
use crate::{Error, Result};

const BELL_FILE: &str = "perft/bell-1972-mate.json";
const PROBLEMS_FILE: &str = "perft/mate-problems.json";

// ------------------------------------------------------------ datasets

/// Bell's figures (`datasets/perft/bell-1972-mate.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct BellFigures {
    /// The book, for citations.
    pub source: String,
    /// Fig. 3.1.
    pub fig_3_1: Fig31,
    /// Fig. 3.2.
    pub fig_3_2: Fig32,
    /// The rook's moves.
    pub rook: Rook,
    /// Fig. 3.3.
    pub fig_3_3: Fig33,
    /// Fig. 3.4.
    pub fig_3_4: Fig34,
    /// Fig. 3.5.
    pub fig_3_5: Fig35,
    /// Fig. 3.6.
    pub fig_3_6: Fig36,
    /// Bell's timings.
    pub speeds: Speeds,
}

/// Fig. 3.1: the example position, as piece lists and codes.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig31 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// (c): White's codes in reading order.
    pub whitemen_codes: Vec<u8>,
    /// (d): Black's codes in reading order.
    pub blackmen_codes: Vec<u8>,
    /// (e): the count, then White's squares.
    pub whitepiece: Vec<u8>,
    /// (f): the count, then Black's squares.
    pub blackpiece: Vec<u8>,
    /// Bell's words on White's men.
    pub white_men_words: String,
    /// Bell's words on Black's men.
    pub black_men_words: String,
    /// The claim: `mate in 2`.
    pub claim: String,
    /// Bell's words.
    pub claim_words: String,
    /// The seed's line.
    pub claim_line: u32,
}

/// One man's entry of a list of moves.
#[derive(Clone, Debug, Deserialize)]
pub struct ListedRow {
    /// The depth (Fig. 3.5 only).
    #[serde(default)]
    pub depth: u8,
    /// The man's number.
    pub man: u8,
    /// His value.
    pub value: u8,
    /// His square.
    pub square: u8,
    /// His targets.
    pub to: Vec<u8>,
    /// Minus his square, or none where the listing stopped.
    pub back_to: Option<i16>,
    /// The scan's text, where given.
    #[serde(default)]
    pub printed: Option<String>,
    /// The seed's line.
    pub line: u32,
}

/// Fig. 3.2: White's moves in Fig. 3.1(b).
#[derive(Clone, Debug, Deserialize)]
pub struct Fig32 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The rows.
    pub rows: Vec<ListedRow>,
    /// The men with no moves.
    pub without_moves: Vec<u8>,
    /// Bell's words.
    pub without_moves_words: String,
    /// The seed's line.
    pub without_moves_line: u32,
    /// The king's illegal squares.
    pub illegal_king_squares: Vec<u8>,
    /// Bell's words.
    pub illegal_words: String,
    /// The seed's line.
    pub illegal_line: u32,
}

/// The rook's greatest number of moves.
#[derive(Clone, Debug, Deserialize)]
pub struct Rook {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// 14.
    pub max_moves: u64,
    /// Bell's words.
    pub words: String,
}

/// A label the scan damaged.
#[derive(Clone, Debug, Deserialize)]
pub struct KnownLabel {
    /// The square.
    pub square: String,
    /// The label printed.
    pub printed: String,
    /// The evidence.
    pub why: String,
}

/// Fig. 3.3: the simplest two-move mate.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig33 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The diagram's labels in reading order.
    pub labels: Vec<String>,
    /// The seed's line.
    pub labels_line: u32,
    /// The count, then White's squares.
    pub whitepiece: Vec<u8>,
    /// The count, then Black's squares.
    pub blackpiece: Vec<u8>,
    /// 11.
    pub white_men: u64,
    /// 9.
    pub black_men: u64,
    /// Bell's words.
    pub men_words: String,
    /// The seed's line.
    pub men_line: u32,
    /// White's moves.
    pub white_moves: u64,
    /// Black's legal replies.
    pub black_replies: u64,
    /// White's second moves.
    pub white_second_moves: u64,
    /// Bell's words.
    pub claims_words: String,
    /// The seed's line.
    pub claims_line: u32,
    /// The damaged labels.
    pub known: Vec<KnownLabel>,
}

/// One row of Fig. 3.4.
#[derive(Clone, Debug, Deserialize)]
pub struct FlowRow {
    /// The depth.
    pub depth: u8,
    /// The move, or none where the scan lost it.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// made, illegal, check, reversed or answer.
    pub kind: String,
    /// The scan's text.
    pub printed: String,
}

/// Fig. 3.4: the flow.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig34 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// How the rows were read.
    pub note: String,
    /// The rows.
    pub rows: Vec<FlowRow>,
    /// What the scan lost.
    pub answer_note: String,
}

/// Fig. 3.5: the array `moves`.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig35 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// How to read it.
    pub note: String,
    /// The rows.
    pub rows: Vec<ListedRow>,
}

/// Fig. 3.6: the mate the program cannot solve.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig36 {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The labels that survive.
    pub labels: Vec<String>,
    /// The seed's line.
    pub labels_line: u32,
    /// The claim.
    pub claim: String,
    /// Bell's words.
    pub claim_words: String,
    /// The seed's line.
    pub claim_line: u32,
    /// What is lost.
    pub lost: String,
}

/// One of Bell's timings.
#[derive(Clone, Debug, Deserialize)]
pub struct Speed {
    /// The computer.
    pub machine: String,
    /// The language.
    pub language: String,
    /// Seconds per problem.
    pub seconds: f64,
    /// Bell's words.
    pub words: String,
}

/// Bell's timings.
#[derive(Clone, Debug, Deserialize)]
pub struct Speeds {
    /// Where in the book.
    #[serde(rename = "where")]
    pub location: String,
    /// The rows.
    pub rows: Vec<Speed>,
    /// What else he says.
    pub note: String,
}

/// One published problem.
#[derive(Clone, Debug, Deserialize)]
pub struct Problem {
    /// A short name.
    pub id: String,
    /// The composer, as Meson names him.
    pub composer: String,
    /// The first publication.
    pub source: String,
    /// Meson's number.
    pub meson_pid: u64,
    /// Meson's page.
    pub url: String,
    /// `#2`.
    pub stipulation: String,
    /// The position.
    pub fen: String,
    /// The key as printed.
    pub key_printed: String,
    /// The key in UCI.
    pub key: String,
    /// Meson's verdict.
    pub meson: String,
    /// What is special about it.
    #[serde(default)]
    pub note: Option<String>,
}

/// The problem set (`datasets/perft/mate-problems.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct ProblemSet {
    /// Where the problems come from.
    pub source: String,
    /// The problems.
    pub problems: Vec<Problem>,
}

fn bad_bell(why: impl Into<String>) -> Error {
    Error::Dataset { name: BELL_FILE, why: why.into() }
}

/// Bell's figures, parsed once.
pub fn bell_figures() -> Result<&'static BellFigures> {
    static FIGURES: Parsed<BellFigures> = Parsed::json(BELL_FILE, crate::study::datasets::PERFT_BELL_MATE);
    FIGURES.get()
}

/// The problem set, parsed and checked once: every FEN reads, every key is
/// UCI, and the stipulation is mate in two.
pub fn problem_set() -> Result<&'static ProblemSet> {
    static SET: Parsed<ProblemSet> =
        Parsed::json_checked(PROBLEMS_FILE, crate::study::datasets::PERFT_MATE_PROBLEMS, check_problems);
    SET.get()
}

/// Every FEN of the set reads, every key is UCI, every stipulation is #2.
fn check_problems(set: &ProblemSet) -> std::result::Result<(), String> {
    for p in &set.problems {
        Setup::from_fen(&p.fen).map_err(|e| format!("{}: {e}", p.id))?;
        if p.stipulation != "#2" {
            return Err(format!("{}: stipulation {} is not #2", p.id, p.stipulation));
        }
        if !(4..=5).contains(&p.key.len()) {
            return Err(format!("{}: key {} is not UCI", p.id, p.key));
        }
    }
    Ok(())
}

// --------------------------------------------------- rebuilt positions

/// The neutral square of Bell's number.
fn square(bell: u8) -> Result<Square> {
    bell.checked_sub(1).and_then(Square::new).ok_or_else(|| bad_bell(format!("square {bell} is not 1 to 64")))
}

/// The squares of a piece list printed as Bell prints it (the count, then
/// the squares), checked against the count.
fn listed(list: &[u8]) -> Result<Vec<Square>> {
    let (&count, squares) = list.split_first().ok_or_else(|| bad_bell("an empty piece list"))?;
    if usize::from(count) != squares.len() {
        return Err(bad_bell(format!("a piece list says {count} men and lists {}", squares.len())));
    }
    squares.iter().map(|&s| square(s)).collect()
}

/// `squares` in the order a diagram is read: rank 8 first, a to h.
fn reading_order(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_by_key(|s| (std::cmp::Reverse(s.rank()), s.file()));
    squares
}

/// A man from one of Bell's values.
fn man(color: Color, value: u8) -> Result<Piece> {
    let role = match value {
        1..=6 => Role::ALL[usize::from(value) - 1],
        _ => return Err(bad_bell(format!("value {value} is not 1 to 6"))),
    };
    Ok(Piece::new(color, role))
}

/// A man from a diagram's label (`WP`, `BK`, ...).
fn labelled(label: &str) -> Result<Piece> {
    let mut chars = label.chars();
    let color = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => return Err(bad_bell(format!("label {label} has no colour"))),
    };
    let role = chars
        .next()
        .and_then(|c| Role::from_char(c.to_ascii_lowercase()))
        .ok_or_else(|| bad_bell(format!("label {label}")))?;
    Ok(Piece::new(color, role))
}

/// Fig. 3.1(b) from its piece lists (e), (f) and codes (c), (d), each side's
/// codes given to its squares in reading order.
pub fn fig_3_1_position() -> Result<Setup> {
    let f = &bell_figures()?.fig_3_1;
    let mut board = [None; 64];
    for (color, list, codes) in
        [(Color::White, &f.whitepiece, &f.whitemen_codes), (Color::Black, &f.blackpiece, &f.blackmen_codes)]
    {
        let squares = reading_order(listed(list)?);
        if squares.len() != codes.len() {
            return Err(bad_bell(format!("{} {} codes for {} squares", codes.len(), color.name(), squares.len())));
        }
        for (s, &code) in squares.iter().zip(codes) {
            board[s.index()] = Some(man(color, code)?);
        }
    }
    Ok(Setup::from_parts(board, Color::White, Castling::NONE, None)?)
}

/// Fig. 3.3 as the scan labels it: every listed square, White's and
/// Black's, in reading order, with the next label.
fn fig_3_3_printed() -> Result<[Option<Piece>; 64]> {
    let f = &bell_figures()?.fig_3_3;
    let mut squares = listed(&f.whitepiece)?;
    let black = listed(&f.blackpiece)?;
    squares.extend(&black);
    let squares = reading_order(squares);
    if squares.len() != f.labels.len() {
        return Err(bad_bell(format!("{} labels for {} squares", f.labels.len(), squares.len())));
    }
    let mut board = [None; 64];
    for (s, label) in squares.iter().zip(&f.labels) {
        let p = labelled(label)?;
        let listed_white = !black.contains(s);
        if (p.color == Color::White) != listed_white {
            return Err(bad_bell(format!("label {label} on {s}, a square of the other side's list")));
        }
        board[s.index()] = Some(p);
    }
    Ok(board)
}

/// Bell's three counts on a position: White's moves; if one, Black's
/// replies to it; if one, White's moves then.
fn fig_3_3_counts(setup: &Setup) -> [Option<usize>; 3] {
    let mut board = BitboardBoard::from_setup(setup);
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let first = moves.len();
    if first != 1 {
        return [Some(first), None, None];
    }
    board.make(moves[0]);
    board.legal_moves(&mut moves);
    let replies = moves.len();
    if replies != 1 {
        return [Some(first), Some(replies), None];
    }
    board.make(moves[0]);
    board.legal_moves(&mut moves);
    [Some(first), Some(replies), Some(moves.len())]
}

/// What rebuilding Fig. 3.3 found.
#[derive(Clone, Debug)]
pub struct Fig33Rebuilt {
    /// The position as the scan labels it, or why it is refused.
    pub printed: std::result::Result<Setup, String>,
    /// The squares whose label cannot stand there (a pawn on a back rank),
    /// with the label.
    pub damaged: Vec<(Square, Piece)>,
    /// For each other White man on the damaged square: his letter and
    /// Bell's three counts.
    pub tried: Vec<(char, [Option<usize>; 3])>,
    /// The position with the one man for whom all three counts are 1.
    pub position: Setup,
}

/// Fig. 3.3 rebuilt: the scan's labels, and where one cannot stand, every
/// other man of its side tried there, keeping the one for whom Bell's
/// three claims hold.
pub fn fig_3_3_rebuilt() -> Result<Fig33Rebuilt> {
    let board = fig_3_3_printed()?;
    let printed = Setup::from_parts(board, Color::White, Castling::NONE, None).map_err(|e| e.to_string());
    let damaged: Vec<(Square, Piece)> = Square::all()
        .filter_map(|s| board[s.index()].map(|p| (s, p)))
        .filter(|(s, p)| p.role == Role::Pawn && (s.rank() == 0 || s.rank() == 7))
        .collect();
    if let Ok(setup) = &printed {
        return Ok(Fig33Rebuilt { printed: printed.clone(), damaged, tried: Vec::new(), position: setup.clone() });
    }
    let [(s, p)] = damaged[..] else {
        return Err(bad_bell(format!("Fig. 3.3: {} labels cannot stand where the scan puts them", damaged.len())));
    };
    let mut tried = Vec::new();
    let mut fits = Vec::new();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mut b = board;
        b[s.index()] = Some(Piece::new(p.color, role));
        let Ok(setup) = Setup::from_parts(b, Color::White, Castling::NONE, None) else { continue };
        let counts = fig_3_3_counts(&setup);
        tried.push((role.char().to_ascii_uppercase(), counts));
        if counts == [Some(1); 3] {
            fits.push(setup);
        }
    }
    let [position] = &fits[..] else {
        return Err(bad_bell(format!("Fig. 3.3: {} men fit Bell's claims on {s}", fits.len())));
    };
    Ok(Fig33Rebuilt { printed, damaged, tried, position: position.clone() })
}

// ------------------------------------------------------ Bell's figures

/// A row of [`bell_table`].
fn push(table: &mut Table, figure: impl Into<String>, comparison: Comparison<String>) {
    let [computed, published, source, verdict] = comparison.cells();
    table.push(vec![Cell::from(figure.into()), computed, published, source, verdict]);
}

fn published(value: impl Into<String>, source: impl Into<String>) -> Published<String> {
    Published { value: value.into(), source: source.into() }
}

/// One man's entry written as Bell's Fig. 3.2 and 3.5 columns give it.
fn entry_text(value: u8, square: u8, to: &[u8], back_to: Option<i16>) -> String {
    let to: Vec<String> = to.iter().map(u8::to_string).collect();
    let back = back_to.map_or_else(|| "stopped: takes the king".to_owned(), |b| b.to_string());
    format!("value {value}, square {square}: {} | {back}", to.join(" "))
}

/// The solver's keys written `uci (Bell's notation)`, or `none`.
fn keys_text(found: &MateSearch) -> String {
    if found.keys.is_empty() {
        return "none".to_owned();
    }
    found.keys.iter().map(|k| format!("{} (mate in {})", k.mv, k.mates_in)).collect::<Vec<_>>().join(", ")
}

/// Bell's figures of §3.1 checked: Figs. 3.1, 3.2, 3.3 and 3.6, the rook's
/// moves. Figs. 3.4 and 3.5 have tables of their own.
pub fn bell_table() -> Result<Table> {
    let figs = bell_figures()?;
    let mut table = Table::new(
        "perft_mate_bell",
        "Bell (1972) §3.1: the two-move mate program's figures, computed (Bell's program omits castling and en passant)",
        vec![
            Column::new("figure", "Figure"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let cite = |what: &str, line: u32| format!("Bell 1972, {what}, seed line {line}");

    // Fig. 3.1
    let f31 = &figs.fig_3_1;
    let fig31 = fig_3_1_position()?;
    push(
        &mut table,
        "Fig. 3.1(c), (e): White's men",
        Comparison::new(
            Some(fig31.men(Color::White).to_string()),
            Some(&published(f31.whitepiece[0].to_string(), format!("{}: \"{}\"", f31.location, f31.white_men_words))),
        ),
    );
    push(
        &mut table,
        "Fig. 3.1(d), (f): Black's men",
        Comparison::new(
            Some(fig31.men(Color::Black).to_string()),
            Some(&published(f31.blackpiece[0].to_string(), format!("{}: \"{}\"", f31.location, f31.black_men_words))),
        ),
    );
    let full = mate_on(Repr::Bitboard, &fig31, 2, Rules::Full, Progress::NONE)?;
    let shortest = full.keys.iter().map(|k| k.mates_in).min();
    let claim = match shortest {
        Some(k) => format!("mate in {k}"),
        None => "no mate in 2".to_owned(),
    };
    push(
        &mut table,
        "Fig. 3.1(b): a two-move mate for White",
        Comparison::new(
            Some(claim),
            Some(&published(&f31.claim, format!("{}: \"{}\"", cite("§3.1", f31.claim_line), f31.claim_words))),
        ),
    );
    let bell31 = bell::run(&fig31, BellOptions { flow_rows: 0, stop_at_first: false })?;
    let bell_keys: Vec<String> = bell31.answers.iter().map(|m| format!("{} ({m})", m.uci())).collect();
    push(
        &mut table,
        "Fig. 3.1(b): the key (full rules; Bell's program)",
        Comparison::new(Some(format!("{}; Bell's program: {}", keys_text(&full), bell_keys.join(", "))), None),
    );

    // Fig. 3.2
    let f32 = &figs.fig_3_2;
    let listing = &bell31.first_listing;
    for row in &f32.rows {
        let computed =
            listing.men.iter().find(|m| m.man == row.man).map(|m| entry_text(m.value, m.square, &m.to, m.back_to));
        push(
            &mut table,
            format!("Fig. 3.2: man {}", row.man),
            Comparison::new(
                computed,
                Some(&published(entry_text(row.value, row.square, &row.to, row.back_to), cite("Fig. 3.2", row.line))),
            ),
        );
    }
    let without: Vec<String> = (1..=fig31.men(Color::White) as u8)
        .rev()
        .filter(|n| !listing.men.iter().any(|m| m.man == *n))
        .map(|n| n.to_string())
        .collect();
    let printed_without: Vec<String> = f32.without_moves.iter().map(u8::to_string).collect();
    push(
        &mut table,
        "Fig. 3.2: men without moves",
        Comparison::new(
            Some(without.join(", ")),
            Some(&published(
                printed_without.join(", "),
                format!("{}: \"{}\"", cite("§3.1", f32.without_moves_line), f32.without_moves_words),
            )),
        ),
    );
    let king_illegal: Vec<String> =
        bell31.illegal_first.iter().filter(|m| m.value == 6).map(|m| m.to.to_string()).collect();
    let others_illegal = bell31.illegal_first.iter().filter(|m| m.value != 6).count();
    let printed_illegal: Vec<String> = f32.illegal_king_squares.iter().map(u8::to_string).collect();
    push(
        &mut table,
        "§3.1: the king's first moves found illegal when made",
        Comparison::new(
            Some(king_illegal.join(", ")),
            Some(&published(
                printed_illegal.join(", "),
                format!("{}: \"{}\"", cite("§3.1", f32.illegal_line), f32.illegal_words),
            )),
        ),
    );

    // The rook.
    let rook = &figs.rook;
    let most = Square::all().map(|s| crate::engine::chess::array::table_moves(Role::Rook, s)).max().unwrap_or(0);
    let least = Square::all().map(|s| crate::engine::chess::array::table_moves(Role::Rook, s)).min().unwrap_or(0);
    push(
        &mut table,
        "§3.1: the greatest number of moves a rook can have (Appendix 2(c))",
        Comparison::new(
            Some(most.to_string()),
            Some(&published(rook.max_moves.to_string(), format!("{}: \"{}\"", rook.location, rook.words))),
        ),
    );

    // Fig. 3.3
    let f33 = &figs.fig_3_3;
    let rebuilt = fig_3_3_rebuilt()?;
    let fig33 = &rebuilt.position;
    for known in &f33.known {
        let found = rebuilt.damaged.iter().find(|(s, _)| s.to_string() == known.square);
        let computed = found.map(|(s, _)| {
            let p = fig33.piece_at(*s).map_or('?', |p| p.role.char().to_ascii_uppercase());
            format!("W{p}")
        });
        let mut c = Comparison::new(computed, Some(&published(&known.printed, cite("Fig. 3.3(a)", f33.labels_line))));
        if c.verdict == Verdict::Differs {
            c.verdict = Verdict::Known;
        }
        push(&mut table, format!("Fig. 3.3(a): the White man on {}", known.square), c);
    }
    let men_source = format!("{}: \"{}\"", cite("§3.1", f33.men_line), f33.men_words);
    push(
        &mut table,
        "Fig. 3.3(b): White's men",
        Comparison::new(
            Some(fig33.men(Color::White).to_string()),
            Some(&published(f33.white_men.to_string(), men_source.clone())),
        ),
    );
    push(
        &mut table,
        "Fig. 3.3(b): Black's men",
        Comparison::new(
            Some(fig33.men(Color::Black).to_string()),
            Some(&published(f33.black_men.to_string(), men_source)),
        ),
    );
    let counts = fig_3_3_counts(fig33);
    let claims_source = format!("{}: \"{}\"", cite("Fig. 3.3", f33.claims_line), f33.claims_words);
    for (i, (what, printed)) in [
        ("White's moves", f33.white_moves),
        ("Black's legal replies", f33.black_replies),
        ("White's second moves", f33.white_second_moves),
    ]
    .into_iter()
    .enumerate()
    {
        push(
            &mut table,
            format!("Fig. 3.3: {what}"),
            Comparison::new(
                counts[i].map(|n| n.to_string()),
                Some(&published(printed.to_string(), claims_source.clone())),
            ),
        );
    }
    let full33 = mate_on(Repr::Bitboard, fig33, 2, Rules::Full, Progress::NONE)?;
    let claim33 = match full33.keys.iter().map(|k| k.mates_in).min() {
        Some(k) => format!("mate in {k}"),
        None => "no mate in 2".to_owned(),
    };
    push(
        &mut table,
        "Fig. 3.3: two-move mate inevitably",
        Comparison::new(Some(claim33), Some(&published("mate in 2", claims_source.clone()))),
    );

    // Fig. 3.6
    let f36 = &figs.fig_3_6;
    let labels: Vec<Piece> = f36.labels.iter().map(|l| labelled(l)).collect::<Result<_>>()?;
    let count = |color: Color, role: Option<Role>| {
        labels.iter().filter(|p| p.color == color && role.is_none_or(|r| p.role == r)).count()
    };
    push(
        &mut table,
        "Fig. 3.6: the key of a two-move mate the program cannot solve",
        Comparison::new(
            None,
            Some(&published(&f36.claim, format!("{}: \"{}\"", cite("§3.1", f36.claim_line), f36.claim_words))),
        ),
    );
    push(
        &mut table,
        "Fig. 3.6: the men its labels name (White; Black)",
        Comparison::new(
            Some(format!(
                "{} (K {}, Q {}, R {}, B {}, N {}, P {}); {} (K {}, Q {}, R {}, B {}, N {}, P {})",
                count(Color::White, None),
                count(Color::White, Some(Role::King)),
                count(Color::White, Some(Role::Queen)),
                count(Color::White, Some(Role::Rook)),
                count(Color::White, Some(Role::Bishop)),
                count(Color::White, Some(Role::Knight)),
                count(Color::White, Some(Role::Pawn)),
                count(Color::Black, None),
                count(Color::Black, Some(Role::King)),
                count(Color::Black, Some(Role::Queen)),
                count(Color::Black, Some(Role::Rook)),
                count(Color::Black, Some(Role::Bishop)),
                count(Color::Black, Some(Role::Knight)),
                count(Color::Black, Some(Role::Pawn)),
            )),
            None,
        ),
    );
    let white_rooks = count(Color::White, Some(Role::Rook));
    table.note(format!(
        "Fig. 3.1(b) is rebuilt from its piece lists: the codes of (c) and (d), printed rank 8 first, go to the \
         squares of (e) and (f) in that order ({}). Fig. 3.2 is the first list Bell's program writes on it, man by \
         man; the king's moves to 11 and 19 are the first moves its `makemove` finds illegal ({} other first move{} \
         too).",
        fig31.to_fen(),
        others_illegal,
        if others_illegal == 1 { "" } else { "s" }
    ));
    table.note(format!(
        "The rook: Appendix 2(c)'s terminal squares give every square {least} to {most} moves on an empty board."
    ));
    let tried: Vec<String> = rebuilt
        .tried
        .iter()
        .map(|(c, n)| {
            let n: Vec<String> = n.iter().map(|x| x.map_or("-".to_owned(), |v| v.to_string())).collect();
            format!("{c}: {}", n.join("/"))
        })
        .collect();
    table.note(format!(
        "Fig. 3.3 is rebuilt from its piece lists and the scan's labels, read rank 8 first: every label's colour \
         agrees with the list its square is in. As printed it is refused ({}). The man on the damaged square was \
         tried as each piece (White's moves / Black's replies / White's second moves: {}); only one fits. The \
         position: {}.",
        rebuilt.printed.as_ref().err().cloned().unwrap_or_default(),
        tried.join(", "),
        fig33.to_fen()
    ));
    for known in &f33.known {
        table.note(format!("Fig. 3.3(a), {} printed {}: {}", known.square, known.printed, known.why));
    }
    table.note(format!(
        "Fig. 3.6: {} What can still be known from the labels: White has no rook ({white_rooks}), so White \
         cannot castle; Black castling or taking en passant could only add Black defences, which can make a \
         program accept a false key, not miss a true one. The one omitted move that can make Bell's program miss a \
         mate is White taking en passant, legal on the first move only if Black's last move was a pawn's double \
         step: which move was last is what the legality of the position (Bell's hint) decides, by retrograde \
         analysis, the 'lot of human aid'. The key itself is not computed.",
        f36.lost
    ));
    Ok(table)
}

/// The flow of Bell's program as rows: depth, move in Bell's notation, and
/// kind (made, illegal, check, no check, reversed, answer).
pub fn flow_rows(flow: &[Flow]) -> Vec<(u8, String, &'static str)> {
    let mut rows = Vec::new();
    for step in flow {
        match *step {
            Flow::Made { depth, mv } => rows.push((depth, mv.to_string(), "made")),
            Flow::Illegal { depth, mv, capture } => {
                rows.push((depth, mv.to_string(), "made"));
                rows.push((depth + 1, capture.to_string(), "illegal"));
            }
            Flow::Checks { capture } => rows.push((3, capture.to_string(), "check")),
            Flow::NoCheck { mv } => rows.push((3, mv.to_string(), "no check")),
            Flow::Reversed { depth, mv } => rows.push((depth, mv.to_string(), "reversed")),
            Flow::Answer { mv } => rows.push((1, mv.to_string(), "answer")),
        }
    }
    rows
}

/// Bell's program on Fig. 3.3, stopping at its answer as his does.
fn fig_3_3_run() -> Result<BellRun> {
    let rebuilt = fig_3_3_rebuilt()?;
    Ok(bell::run(&rebuilt.position, BellOptions { stop_at_first: true, ..BellOptions::default() })?)
}

/// Fig. 3.4, row by row: the flow of Bell's program on Fig. 3.3.
pub fn fig_3_4_table() -> Result<Table> {
    let fig = &bell_figures()?.fig_3_4;
    let run = fig_3_3_run()?;
    let rows = flow_rows(&run.flow);
    let mut table = Table::new(
        "perft_mate_fig3_4",
        "Bell (1972) Fig. 3.4: the flow of his program on Fig. 3.3, row by row (no castling, no en passant)",
        vec![
            Column::new("row", "Row"),
            Column::new("depth", "Depth"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("printed", "Printed"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let n = rows.len().max(fig.rows.len());
    for i in 0..n {
        let computed = rows.get(i).map(|(d, m, k)| format!("{d} {m} ({k})"));
        let printed = fig.rows.get(i);
        let published = printed.and_then(|r| r.mv.as_ref().map(|m| format!("{} {m} ({})", r.depth, r.kind)));
        let source = format!("Bell 1972, {}", fig.location);
        let comparison = Comparison::new(computed, published.map(|p| Published { value: p, source }).as_ref());
        let [computed, published, source, verdict] = comparison.cells();
        table.push(vec![
            Cell::from(i + 1),
            Cell::opt(rows.get(i).map(|r| u64::from(r.0))),
            computed,
            published,
            Cell::opt(printed.map(|r| r.printed.clone())),
            source,
            verdict,
        ]);
    }
    table.note(fig.note.clone());
    table.note(fig.answer_note.clone());
    Ok(table)
}

/// The rows of Fig. 3.5 from listings.
fn listing_rows(listings: &[Listing]) -> Vec<(u8, u8, String)> {
    listings
        .iter()
        .flat_map(|l| l.men.iter().map(move |m| (l.depth, m.man, entry_text(m.value, m.square, &m.to, m.back_to))))
        .collect()
}

/// Fig. 3.5, row by row: the array `moves` when Bell's program answers
/// Fig. 3.3.
pub fn fig_3_5_table() -> Result<Table> {
    let fig = &bell_figures()?.fig_3_5;
    let run = fig_3_3_run()?;
    let computed = listing_rows(run.answer_listings.as_deref().unwrap_or_default());
    let mut table = Table::new(
        "perft_mate_fig3_5",
        "Bell (1972) Fig. 3.5: the array moves at the five depths when his program answers Fig. 3.3",
        vec![
            Column::new("row", "Row"),
            Column::new("depth", "Depth"),
            Column::new("man", "Man"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let n = computed.len().max(fig.rows.len());
    for i in 0..n {
        let c = computed.get(i);
        let p = fig.rows.get(i).map(|r| Published {
            value: entry_text(r.value, r.square, &r.to, r.back_to),
            source: format!("Bell 1972, Fig. 3.5, seed line {}", r.line),
        });
        let comparison = Comparison::new(c.map(|c| c.2.clone()), p.as_ref());
        let [computed_cell, published, source, verdict] = comparison.cells();
        table.push(vec![
            Cell::from(i + 1),
            Cell::opt(c.map(|c| u64::from(c.0))),
            Cell::opt(c.map(|c| u64::from(c.1))),
            computed_cell,
            published,
            source,
            verdict,
        ]);
    }
    table.note(fig.note.clone());
    table.note(format!(
        "The run used {} cells of moves (Bell declared 500), made {} moves and listed {} times.",
        run.peak, run.makes, run.listings
    ));
    Ok(table)
}

// ----------------------------------------------------- the problem set

/// What the solvers found on one problem.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The problem.
    pub problem: Problem,
    /// Full rules, per representation.
    pub full: Vec<(Repr, MateSearch)>,
    /// The full solver without castling and en passant (bitboard).
    pub restricted: MateSearch,
    /// Bell's program: its answers, or why it cannot take the position.
    pub bell: std::result::Result<BellRun, String>,
    /// Why the published key fails, when it does.
    pub refutation: Option<String>,
}

impl Solved {
    /// The full rules' keys, if every representation found the same.
    pub fn keys(&self) -> Option<Vec<String>> {
        let first = self.full.first()?.1.uci_keys(false);
        self.full.iter().all(|(_, f)| f.uci_keys(false) == first).then_some(first)
    }

    /// Bell's answers in UCI.
    pub fn bell_keys(&self) -> Option<Vec<String>> {
        self.bell.as_ref().ok().map(|b| {
            let mut keys: Vec<String> = b.answers.iter().map(|m| m.uci().to_string()).collect();
            keys.sort();
            keys
        })
    }

    /// The verdict: every representation agrees and finds the published key
    /// alone.
    pub fn verdict(&self) -> Verdict {
        match self.keys() {
            Some(keys) if keys == [self.problem.key.clone()] => Verdict::Match,
            _ => Verdict::Differs,
        }
    }
}

/// Solves `problem` on `reprs`, by Bell's program and without castling and
/// en passant.
pub fn solve_problem(problem: &Problem, reprs: &[Repr]) -> Result<Solved> {
    let setup = Setup::from_fen(&problem.fen)?;
    let mut full = Vec::with_capacity(reprs.len());
    for &repr in reprs {
        full.push((repr, mate_on(repr, &setup, 2, Rules::Full, Progress::NONE)?));
    }
    let restricted = mate_on(Repr::Bitboard, &setup, 2, Rules::WithoutCastlingAndEnPassant, Progress::NONE)?;
    let bell = bell::run(&setup, BellOptions { flow_rows: 0, stop_at_first: false }).map_err(|e| e.to_string());
    let solved_key = full.first().is_some_and(|(_, f)| f.uci_keys(false).contains(&problem.key));
    let refutation = if solved_key { None } else { Some(refutation_text(&setup, &problem.key, Rules::Full)) };
    Ok(Solved { problem: problem.clone(), full, restricted, bell, refutation })
}

/// Why `key` fails under `rules`, in words.
fn refutation_text(setup: &Setup, key: &str, rules: Rules) -> String {
    match refutation_on(Repr::Bitboard, setup, key, 2, rules) {
        Ok(Refutation::Defence(m)) => format!("refuted by {m}"),
        Ok(Refutation::Stalemate) => "stalemates".to_owned(),
        Ok(Refutation::NoMate) => "does not mate".to_owned(),
        Ok(Refutation::None) => "mates".to_owned(),
        Err(e) => e.to_string(),
    }
}

/// `castles` or `takes en passant` when `uci` is such a move in `setup`.
fn special_move(setup: &Setup, uci: &str) -> Option<&'static str> {
    let mut board = BitboardBoard::from_setup(setup);
    let m = board.find_move(uci).ok()?;
    if m.is_castle() {
        Some("castles")
    } else if m.is_en_passant() {
        Some("takes en passant")
    } else {
        None
    }
}

/// Whether `uci`, played in `setup`, leaves the side to move no legal move
/// and no check.
fn stalemates(setup: &Setup, uci: &str) -> bool {
    crate::engine::chess::play::play_moves(setup, &[uci]).is_ok_and(|after| {
        let mut board = BitboardBoard::from_setup(&after);
        board.count_legal() == 0 && !board.is_check()
    })
}

/// Every problem of the set solved on `reprs`.
pub fn solve_set(reprs: &[Repr]) -> Result<Vec<Solved>> {
    problem_set()?.problems.iter().map(|p| solve_problem(p, reprs)).collect()
}

/// The problem set's table: each problem's published key beside the keys
/// found under the full rules (on every representation), by Bell's program
/// and by the full solver without castling and en passant.
pub fn problems_table(solved: &[Solved]) -> Result<Table> {
    let set = problem_set()?;
    let mut table = Table::new(
        "perft_mate_problems",
        "Published two-move problems: every key under the full rules, on each representation, beside Bell's \
         program (which omits castling and en passant)",
        vec![
            Column::new("problem", "Problem"),
            Column::new("composer", "Composer"),
            Column::new("computed", "Keys (full rules)"),
            Column::new("published", "Published key"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("representations", "Representations"),
            Column::new("bell", "Bell's program"),
            Column::new("restricted", "No castling, no e.p."),
            Column::new("remark", "Remark"),
        ],
    );
    for s in solved {
        let p = &s.problem;
        let keys = s.keys();
        let reprs: Vec<&str> = s.full.iter().map(|(r, _)| r.name()).collect();
        let mut remarks = Vec::new();
        let first = &s.full[0].1;
        for k in &first.keys {
            let uci = k.mv.to_string();
            if uci != p.key {
                remarks.push(format!("cook: {uci} mates in {}", k.mates_in));
            } else if k.mates_in < 2 {
                remarks.push(format!("the key mates at once ({uci})"));
            }
        }
        if keys.is_none() {
            remarks.push("the representations disagree".to_owned());
        }
        if let Some(r) = &s.refutation {
            remarks.push(format!("published key {}: {r}", p.key));
        }
        let restricted = s.restricted.uci_keys(false);
        let bell = s.bell_keys();
        let setup = Setup::from_fen(&p.fen)?;
        if let Some(full_keys) = keys.as_ref().filter(|k| **k != restricted) {
            for k in full_keys.iter().filter(|k| !restricted.contains(k)) {
                match special_move(&setup, k) {
                    Some(what) => remarks.push(format!("{k} {what}: not a move without castling and en passant")),
                    None => remarks.push(format!(
                        "{k} fails without castling and en passant: {}",
                        refutation_text(&setup, k, Rules::WithoutCastlingAndEnPassant)
                    )),
                }
            }
            for k in restricted.iter().filter(|k| !full_keys.contains(k)) {
                remarks.push(format!(
                    "{k} mates without castling and en passant; with them it is {}",
                    refutation_text(&setup, k, Rules::Full)
                ));
            }
        }
        match &bell {
            Some(b) => {
                for m in b.iter().filter(|m| !restricted.contains(m)) {
                    if stalemates(&setup, m) {
                        remarks.push(format!(
                            "Bell's program accepts {m}, which stalemates: his method asks only that White's second move check"
                        ));
                    } else {
                        remarks.push(format!("Bell's program accepts {m}, which the restricted solver rejects"));
                    }
                }
                for m in restricted.iter().filter(|m| !b.contains(m)) {
                    remarks.push(format!("Bell's program misses {m}"));
                }
            }
            None => remarks.push(format!("Bell's program: {}", s.bell.as_ref().err().cloned().unwrap_or_default())),
        }
        let source = format!("{}, {}; Meson {} ({})", p.composer, p.source, p.meson_pid, p.url);
        let comparison = Comparison::new(
            keys.map(|k| if k.is_empty() { "none".to_owned() } else { k.join(" ") }),
            Some(&Published { value: p.key.clone(), source }),
        );
        let [computed, published, source, _] = comparison.cells();
        table.push(vec![
            Cell::from(p.id.as_str()),
            Cell::from(p.composer.as_str()),
            computed,
            published,
            source,
            Cell::Verdict(s.verdict()),
            Cell::from(reprs.join(" ")),
            Cell::opt(bell.map(|b| if b.is_empty() { "none".to_owned() } else { b.join(" ") })),
            Cell::from(if restricted.is_empty() { "none".to_owned() } else { restricted.join(" ") }),
            Cell::from(remarks.join("; ")),
        ]);
    }
    table.note(format!(
        "{} Keys are every first move that forces mate in at most two moves; a second key would be a cook. Bell's \
         program runs on to every first move its method accepts (his stopped at the first). The last column but \
         one is the full solver with castling and en passant left out: an independent check of Bell's program, \
         which must agree with it.",
        set.source
    ));
    Ok(table)
}

// ----------------------------------------------------------- speeds

/// The timing of one solver on the whole set.
#[derive(Clone, Debug, PartialEq)]
pub struct SetTiming {
    /// Which solver.
    pub program: String,
    /// Its rules.
    pub rules: String,
    /// Problems solved per run.
    pub problems: usize,
    /// Moves made per run (the solver's own count).
    pub nodes: u64,
    /// Runs timed.
    pub runs: usize,
    /// The median run, seconds.
    pub median_seconds: f64,
    /// The median absolute deviation over the median.
    pub spread: f64,
}

impl SetTiming {
    /// Seconds per problem of the median run.
    pub fn per_problem(&self) -> f64 {
        if self.problems == 0 { 0.0 } else { self.median_seconds / self.problems as f64 }
    }
}

/// The fewest runs timed.
const MIN_RUNS: usize = 3;
/// The most runs timed.
const MAX_RUNS: usize = 1_000;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs `once` (one pass over the set, returning its node count) at least
/// [`MIN_RUNS`] times and for `seconds`.
fn time_runs(seconds: f64, mut once: impl FnMut() -> Result<u64>) -> Result<(u64, usize, f64, f64)> {
    let started = Instant::now();
    let mut times = Vec::new();
    let mut nodes = 0;
    while times.len() < MIN_RUNS || (started.elapsed().as_secs_f64() < seconds && times.len() < MAX_RUNS) {
        let t = Instant::now();
        nodes = once()?;
        times.push(t.elapsed().as_secs_f64());
    }
    let m = median(times.clone());
    let mad = median(times.iter().map(|t| (t - m).abs()).collect());
    Ok((nodes, times.len(), m, if m > 0.0 { mad / m } else { 0.0 }))
}

/// Times the problem set: the full solver on each representation, Bell's
/// program stopping at its first answer (as he ran it) and running on to
/// every answer, each for `seconds` and at least three runs.
pub fn time_set(seconds: f64) -> Result<Vec<SetTiming>> {
    let setups: Vec<Setup> =
        problem_set()?.problems.iter().map(|p| Setup::from_fen(&p.fen)).collect::<std::result::Result<_, _>>()?;
    let mut out = Vec::new();
    for repr in Repr::ALL {
        let (nodes, runs, median_seconds, spread) = time_runs(seconds, || {
            let mut nodes = 0;
            for s in &setups {
                nodes += mate_on(repr, s, 2, Rules::Full, Progress::NONE)?.nodes;
            }
            Ok(nodes)
        })?;
        out.push(SetTiming {
            program: format!("plybench, {}", repr.name()),
            rules: Rules::Full.name().to_owned(),
            problems: setups.len(),
            nodes,
            runs,
            median_seconds,
            spread,
        });
    }
    for (name, stop_at_first) in [("Bell's program, first answer", true), ("Bell's program, every answer", false)] {
        let (nodes, runs, median_seconds, spread) = time_runs(seconds, || {
            let mut nodes = 0;
            for s in &setups {
                nodes += bell::run(s, BellOptions { flow_rows: 0, stop_at_first })?.makes;
            }
            Ok(nodes)
        })?;
        out.push(SetTiming {
            program: format!("{name} (array)"),
            rules: Rules::WithoutCastlingAndEnPassant.name().to_owned(),
            problems: setups.len(),
            nodes,
            runs,
            median_seconds,
            spread,
        });
    }
    Ok(out)
}

/// The speed table: plybench's solvers on the problem set (and any peer
/// timed beside them), then Bell's own timings, per problem.
pub fn speed_table(timings: &[SetTiming]) -> Result<Table> {
    let speeds = &bell_figures()?.speeds;
    let mut table = Table::new(
        "perft_mate_speed",
        "Two-move mates: seconds per problem, plybench's solvers on the published set beside Bell's programs",
        vec![
            Column::new("program", "Program"),
            Column::new("rules", "Rules"),
            Column::new("problems", "Problems"),
            Column::new("nodes", "Moves made"),
            Column::new("runs", "Runs"),
            Column::new("median_seconds", "Median s (set)"),
            Column::new("spread", "Spread (MAD)"),
            Column::new("seconds_per_problem", "s per problem"),
            Column::new("problems_per_second", "Problems/s"),
            Column::new("source", "Source"),
        ],
    );
    for t in timings {
        table.push(vec![
            Cell::from(t.program.as_str()),
            Cell::from(t.rules.as_str()),
            Cell::from(t.problems as u64),
            Cell::from(t.nodes),
            Cell::from(t.runs as u64),
            Cell::float(t.median_seconds, 4),
            Cell::float(t.spread, 3),
            Cell::float(t.per_problem(), 6),
            Cell::float(if t.median_seconds > 0.0 { t.problems as f64 / t.median_seconds } else { 0.0 }, 1),
            Cell::from("measured here"),
        ]);
    }
    for s in &speeds.rows {
        table.push(vec![
            Cell::from(format!("Bell's program, {} on the {}", s.language, s.machine)),
            Cell::from(Rules::WithoutCastlingAndEnPassant.name()),
            Cell::Null,
            Cell::Null,
            Cell::Null,
            Cell::Null,
            Cell::Null,
            Cell::float(s.seconds, 0),
            Cell::float(1.0 / s.seconds, 3),
            Cell::from(format!("Bell 1972, {}: \"{}\"", speeds.location, s.words)),
        ]);
    }
    table.note(format!(
        "One thread, the median of the runs over the whole set, divided by the number of problems. Moves made: \
         the full solver counts every move it makes; Bell's program counts the moves `makemove` makes. Bell's \
         programs and his problems were not these, nor were his machines: the rows say how far apart the orders of \
         magnitude are, not which method is better. {}",
        speeds.note
    ));
    Ok(table)
}

// ----------------------------------------------------------- a peer

/// A UCI engine's answer to `go mate 2` on one problem.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerAnswer {
    /// The problem's id.
    pub problem: String,
    /// The published key.
    pub published: String,
    /// What the engine said (its first run).
    pub answer: MateAnswer,
}

/// Times a UCI engine (Stockfish's `go mate 2`) on the problem set: the
/// seconds from `go` to `bestmove`, summed over the set, at least three
/// runs and for `seconds`; with each problem's first answer.
///
/// # Errors
///
/// A command that cannot be split or started, an engine that does not
/// answer within `timeout` or ends.
pub fn time_engine(command: &str, timeout: Duration, seconds: f64) -> Result<(SetTiming, Vec<PeerAnswer>)> {
    let set = problem_set()?;
    let mut engine = Uci::start(split_command(command)?, timeout)?;
    let started = Instant::now();
    let mut times = Vec::new();
    let mut answers = Vec::new();
    while times.len() < MIN_RUNS || (started.elapsed().as_secs_f64() < seconds && times.len() < MAX_RUNS) {
        let mut total = 0.0;
        for p in &set.problems {
            let answer = engine.mate(&p.fen, 2)?;
            total += answer.seconds;
            if times.is_empty() {
                answers.push(PeerAnswer { problem: p.id.clone(), published: p.key.clone(), answer });
            }
        }
        times.push(total);
    }
    let m = median(times.clone());
    let mad = median(times.iter().map(|t| (t - m).abs()).collect());
    let timing = SetTiming {
        program: format!("{command} (go mate 2)"),
        rules: Rules::Full.name().to_owned(),
        problems: set.problems.len(),
        nodes: 0,
        runs: times.len(),
        median_seconds: m,
        spread: if m > 0.0 { mad / m } else { 0.0 },
    };
    Ok((timing, answers))
}

/// The peer's answers beside the published keys.
pub fn peer_table(command: &str, answers: &[PeerAnswer]) -> Table {
    let mut table = Table::new(
        "perft_mate_peer",
        &format!("{command}: go mate 2 on the published two-move problems"),
        vec![
            Column::new("problem", "Problem"),
            Column::new("computed", "bestmove"),
            Column::new("published", "Published key"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
            Column::new("mate", "score mate"),
            Column::new("seconds", "Seconds"),
        ],
    );
    for a in answers {
        let published = Published { value: a.published.clone(), source: format!("Meson, problem {}", a.problem) };
        let [computed, published, source, verdict] =
            Comparison::new(a.answer.bestmove.clone(), Some(&published)).cells();
        table.push(vec![
            Cell::from(a.problem.as_str()),
            computed,
            published,
            source,
            verdict,
            Cell::opt(a.answer.mate),
            Cell::float(a.answer.seconds, 4),
        ]);
    }
    table.note(
        "What `go mate 2` reports: one move (bestmove) and, on its info lines, the score `mate M` of its principal \
         variation. What it does not: every key (it stops at the first mate it proves, so a cook goes unseen), \
         whether the move is the only one, the refutation of a move that fails, or a mate missed in positions where \
         it gives up (`(none)` or a move without a mate score). Its clock includes the pipe's round trip.",
    );
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datasets_parse() {
        assert_eq!(bell_figures().unwrap().fig_3_4.rows.len(), 10);
        assert!(problem_set().unwrap().problems.len() >= 20);
    }

    #[test]
    fn fig_3_1_is_the_arrays_test_position() {
        assert_eq!(fig_3_1_position().unwrap().to_fen(), "B4N2/2B5/5p2/R2nqkP1/3p1p1P/1N1p1P2/1K1P1Q2/8 w - - 0 1");
    }

    #[test]
    fn fig_3_3_needs_a_bishop_on_f1() {
        let r = fig_3_3_rebuilt().unwrap();
        assert!(r.printed.is_err());
        assert_eq!(r.position.to_fen(), "5brk/4p1p1/4PpP1/5pp1/6P1/4p1PB/4P1PR/5BRK w - - 0 1");
        assert_eq!(r.tried.iter().filter(|(_, n)| *n == [Some(1); 3]).count(), 1);
    }

    #[test]
    fn figures_3_4_and_3_5_match_row_by_row() {
        for table in [fig_3_4_table().unwrap(), fig_3_5_table().unwrap()] {
            let verdicts: Vec<&Cell> = table.column("verdict").unwrap().collect();
            assert!(
                verdicts.iter().all(|v| matches!(v, Cell::Verdict(Verdict::Match | Verdict::NoPublishedValue))),
                "{}",
                table.render(crate::report::Format::Table)
            );
        }
    }

    #[test]
    fn bells_figures_hold() {
        let table = bell_table().unwrap();
        let tally = crate::report::Tally::of([&table]);
        assert_eq!(tally.differs, 0, "{}", table.render(crate::report::Format::Table));
        assert_eq!(tally.known, 1);
    }
}
