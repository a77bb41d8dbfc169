//! Pitrat's two chess problems, Figs. 6 and 8 (from p. 141), whose
//! diagrams are lost from the scan.
//!
//! The text names squares and units; `datasets/rules/pitrat-1971-figures.json`
//! holds each with the sentence that states it, and they make each
//! figure's *skeleton*. The text also forces units it does not name: the
//! study finds them by search (the fewest units, on every square, that let
//! the named moves do what the text says), and each completion found is
//! played.
//!
//! Fig. 6 (a block: every Black move after the key allows a mate) is played
//! by plybench's legal chess generator (`bitboard`), and Black's moves after
//! the key are also counted by `chess.rules` through the interpreter.
//! Fig. 8 is Pitrat's study of a threat in his own terms (a win is the
//! capture of the king; a move is any move by the pieces' rules, so a king
//! may be left to be captured): it is played by `pitrat-chess.rules`
//! through the interpreter.
//!
//! Neither figure's full position follows from the text, so Black's count
//! after Fig. 6's key (25, the paper says) is not computed: see
//! docs/rules.md §5.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::engine::chess::bitboard::BitboardBoard;
use crate::engine::chess::play::play_moves;
use crate::engine::chess::{Board, Castling, Color, MoveList, Piece, Role, Setup, Square};
use crate::engine::progress::Progress;
use crate::engine::rules::ast::Program;
use crate::engine::rules::bridge::chess::{position_text, rule_move};
use crate::engine::rules::games;
use crate::engine::rules::interp::Interpreter;
use crate::engine::rules::parse::parse;
use crate::engine::rules::perft::{Interpreted, Rules, legal};
use crate::engine::rules::state::{RuleMove, State, Sub};
use crate::report::{Cell, Column, Comparison, Published, Table};
use crate::study::budget::Budget;
use crate::study::datasets::Parsed;
use crate::study::part::Part;
use crate::{Error, Result};

const FILE: &str = "rules/pitrat-1971-figures.json";

/// The key of Fig. 6's count in `datasets/rules/pitrat-1971.json`.
pub const FIG6_COUNT: &str = "fig6_black_legal_moves";

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct Figures {
    /// The paper, for citations.
    pub source: String,
    /// Fig. 6: the block.
    pub fig6: Fig6,
    /// Fig. 8: the threat.
    pub fig8: Fig8,
}

/// A unit the text places.
#[derive(Clone, Debug, Deserialize)]
pub struct Unit {
    /// Its square (`a4`).
    pub square: String,
    /// Its FEN letter: upper case White, lower case Black.
    pub unit: char,
    /// The seed's line that states it.
    pub line: u32,
    /// The words that state it.
    pub text: String,
    /// Why the nature is the skeleton's choice, where the text gives only
    /// the square and colour.
    #[serde(default)]
    pub nature_inferred: Option<String>,
}

/// A move the text names.
#[derive(Clone, Debug, Deserialize)]
pub struct Named {
    /// The move in UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// The seed's line.
    pub line: u32,
    /// The words.
    pub printed: String,
}

/// One of Fig. 6's Black moves with White's answer.
#[derive(Clone, Debug, Deserialize)]
pub struct Line6 {
    /// The row's key.
    pub key: String,
    /// The seed's line.
    pub line: u32,
    /// The words.
    pub printed: String,
    /// Black's move in UCI, or a square (`e3`): every move of the unit there.
    pub black: String,
    /// White's answer in UCI.
    pub white: String,
}

/// Fig. 6 as the text gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig6 {
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The problem's composer and source.
    pub problem: String,
    /// The units the text places.
    pub units: Vec<Unit>,
    /// The key move (White's, from the figure).
    pub key: Named,
    /// The Black moves and White's answers the text names.
    pub lines: Vec<Line6>,
}

/// A T_i with its U_i.
#[derive(Clone, Debug, Deserialize)]
pub struct TU {
    /// The king's move.
    pub t: String,
    /// The move that captures the king after it.
    pub u: String,
    /// The seed's line.
    pub line: u32,
}

/// What a Black move after Q does to the threat (Pitrat's (a) to (e),
/// p. 142).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// (a) R is no longer a move.
    DestroysR,
    /// (b) after R, the unit on `by` captures White's king.
    CountersR {
        /// The square of the capturing unit.
        by: String,
    },
    /// (c) a new reply to R after which White has no winning move.
    NewReply {
        /// The reply in UCI.
        reply: String,
    },
    /// (d) the king's move `t` (a T_i) no longer has a winning answer.
    DestroysU {
        /// The T_i in UCI.
        t: String,
    },
    /// (e) the move threatens to capture White's king at once.
    Immediate {
        /// The capture in UCI.
        threat: String,
    },
}

impl std::fmt::Display for Effect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Effect::DestroysR => write!(f, "(a) destroys R"),
            Effect::CountersR { by } => write!(f, "(b) counters R: after R, {by} takes the king"),
            Effect::NewReply { reply } => write!(f, "(c) new reply {reply}, with no winning move after it"),
            Effect::DestroysU { t } => write!(f, "(d) destroys the winning move after {t}"),
            Effect::Immediate { threat } => write!(f, "(e) immediate threat {threat}"),
        }
    }
}

/// One of Black's ways to destroy Fig. 8's threat.
#[derive(Clone, Debug, Deserialize)]
pub struct Escape {
    /// The paper's number, `(1)`.
    pub key: String,
    /// Black's move after Q, in UCI.
    pub x: String,
    /// The seed's line.
    pub line: u32,
    /// The words.
    pub printed: String,
    /// What the paper says it does.
    #[serde(flatten)]
    pub effect: Effect,
}

/// Fig. 8 as the text gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig8 {
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The problem's composer and source.
    pub problem: String,
    /// The units the text places.
    pub units: Vec<Unit>,
    /// The key, a threat.
    pub q: Named,
    /// The move the threat prepares.
    pub r: Named,
    /// The winning move after R.
    pub s: Named,
    /// The king's escapes from R and the captures that answer them.
    pub t_u: Vec<TU>,
    /// Black's moves after Q that destroy the threat.
    pub escapes: Vec<Escape>,
}

fn bad(why: impl Into<String>) -> Error {
    Error::Dataset { name: FILE, why: why.into() }
}

/// The reason of an error, without the dataset's name when it is this
/// dataset's (for the caches, which [`bad`] wraps again).
fn reason(e: Error) -> String {
    match e {
        Error::Dataset { name: FILE, why } => why,
        other => other.to_string(),
    }
}

/// A shipped rule file, parsed.
pub(super) fn program(name: &str) -> Result<Program> {
    let game = games::find(name).ok_or_else(|| bad(format!("`{name}` is not a shipped rule file")))?;
    Ok(parse(game.file, game.text)?)
}

/// Whether `text` is a move in UCI between two squares.
pub(super) fn is_uci(text: &str) -> bool {
    text.len() == 4
        && text.is_char_boundary(2)
        && text[..2].parse::<Square>().is_ok()
        && text[2..].parse::<Square>().is_ok()
}

/// The board of `units`, a1 first, or what is wrong with them.
pub(super) fn placement(units: &[Unit]) -> std::result::Result<[Option<Piece>; 64], String> {
    let mut board = [None; 64];
    for u in units {
        let square: Square = u.square.parse().map_err(|e| format!("{e}"))?;
        let piece = Piece::from_char(u.unit).ok_or_else(|| format!("{}: `{}` is not a unit", u.square, u.unit))?;
        if board[square.index()].replace(piece).is_some() {
            return Err(format!("{} holds two units", u.square));
        }
    }
    Ok(board)
}

/// Checks every move and square of the dataset.
fn check(figures: &Figures) -> Result<()> {
    let f6 = &figures.fig6;
    let f8 = &figures.fig8;
    placement(&f6.units).map_err(bad)?;
    placement(&f8.units).map_err(bad)?;
    let mut moves: Vec<&str> = vec![&f6.key.mv, &f8.q.mv, &f8.r.mv, &f8.s.mv];
    for l in &f6.lines {
        moves.push(&l.white);
        if l.black.parse::<Square>().is_err() {
            moves.push(&l.black);
        }
    }
    moves.extend(f8.t_u.iter().flat_map(|tu| [tu.t.as_str(), tu.u.as_str()]));
    for e in &f8.escapes {
        moves.push(&e.x);
        match &e.effect {
            Effect::NewReply { reply: m } | Effect::DestroysU { t: m } | Effect::Immediate { threat: m } => {
                moves.push(m)
            }
            Effect::CountersR { by } if by.parse::<Square>().is_err() => {
                return Err(bad(format!("{by} is not a square")));
            }
            _ => {}
        }
    }
    match moves.into_iter().find(|m| !is_uci(m)) {
        Some(m) => Err(bad(format!("`{m}` is not a move in UCI"))),
        None => Ok(()),
    }
}

/// The dataset, parsed and checked once.
pub fn figures() -> Result<&'static Figures> {
    static FIGURES: Parsed<Figures> =
        Parsed::json_checked(FILE, crate::study::datasets::RULES_PITRAT_FIGURES, |f| check(f).map_err(reason));
    FIGURES.get()
}

// ---------------------------------------------------------------- Fig. 6

/// A completion: the skeleton with the units the search added, White to
/// play the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The position before the key.
    pub setup: Setup,
    /// The units the search added.
    pub added: Vec<(Square, Piece)>,
}

impl Completion {
    /// The units added, as `k d4, B g7`.
    pub fn label(&self) -> String {
        self.added.iter().map(|(s, p)| format!("{} {s}", p.char())).collect::<Vec<_>>().join(", ")
    }
}

/// The position after `moves` (UCI) from `setup`, if each is legal.
fn after(setup: &Setup, moves: &[&str]) -> Option<Setup> {
    play_moves(setup, moves).ok()
}

/// Whether the side to move is in check.
fn in_check(setup: &Setup) -> bool {
    BitboardBoard::from_setup(setup).is_check()
}

/// The legal moves of `setup`, sorted, in UCI.
fn legal_uci(setup: &Setup) -> Vec<String> {
    let mut board = BitboardBoard::from_setup(setup);
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    let mut out: Vec<String> = list.as_slice().iter().map(|m| m.uci(false).to_string()).collect();
    out.sort_unstable();
    out
}

/// Black's moves a line names after the key: the one move, or every legal
/// move of the unit on the square it gives.
fn black_moves(after_key: &Setup, line: &Line6) -> Vec<String> {
    if line.black.parse::<Square>().is_ok() {
        legal_uci(after_key).into_iter().filter(|m| m.starts_with(&line.black)).collect()
    } else {
        vec![line.black.clone()]
    }
}

/// What one Black move and White's answer do on a completion.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Played {
    /// Black's move.
    black: String,
    /// Whether Black's move is legal after the key.
    black_legal: bool,
    /// Whether White's answer is legal after it.
    white_legal: bool,
    /// Whether the answer gives check.
    check: bool,
    /// Black's legal moves after the answer: what stops it being a mate.
    replies: Vec<String>,
}

impl Played {
    /// The answer is legal and gives check: what a mate needs first.
    fn checks(&self) -> bool {
        self.black_legal && self.white_legal && self.check
    }
}

/// Plays `black` and then `white` after the key.
fn play_line(after_key: &Setup, black: &str, white: &str) -> Played {
    let mut played =
        Played { black: black.to_owned(), black_legal: false, white_legal: false, check: false, replies: Vec::new() };
    let Some(b) = after(after_key, &[black]) else { return played };
    played.black_legal = true;
    let Some(w) = after(&b, &[white]) else { return played };
    played.white_legal = true;
    played.check = in_check(&w);
    played.replies = legal_uci(&w);
    played
}

/// Whether `setup` (before the key) lets the named moves do what the text
/// needs: the key legal and not a check (line 589), each named Black move
/// legal, each answer legal and a check (a mate is one); of the knight's
/// moves, at least one.
fn consistent(fig: &Fig6, setup: &Setup) -> bool {
    let Some(key) = after(setup, &[&fig.key.mv]) else { return false };
    if in_check(&key) {
        return false;
    }
    fig.lines.iter().all(|line| black_moves(&key, line).iter().any(|b| play_line(&key, b, &line.white).checks()))
}

/// The units (natures and colours) the search may add.
pub(super) fn pieces(color: Color) -> impl Iterator<Item = Piece> {
    Role::ALL.into_iter().filter(|&r| r != Role::King).map(move |r| Piece::new(color, r))
}

/// The completions of `board` with the Black king on a free square and
/// `extra` more White units.
fn completions_with(fig: &Fig6, board: &[Option<Piece>; 64], extra: usize) -> Vec<Completion> {
    let king = Piece::new(Color::Black, Role::King);
    let mut found = Vec::new();
    for k in Square::all().filter(|s| board[s.index()].is_none()) {
        let mut b = *board;
        b[k.index()] = Some(king);
        let mut added = vec![(k, king)];
        add_units(fig, &mut b, extra, &mut added, &mut found);
    }
    found
}

/// Adds `extra` White units to `board` in every way (squares in order, so
/// each set once) and keeps the consistent positions.
fn add_units(
    fig: &Fig6,
    board: &mut [Option<Piece>; 64],
    extra: usize,
    added: &mut Vec<(Square, Piece)>,
    found: &mut Vec<Completion>,
) {
    if extra == 0 {
        let setup = Setup::from_parts(*board, Color::White, Castling::NONE, None);
        if let Ok(setup) = setup
            && consistent(fig, &setup)
        {
            found.push(Completion { setup, added: added.clone() });
        }
        return;
    }
    let after_last = added.last().filter(|(_, p)| p.color == Color::White).map_or(0, |(s, _)| s.index() + 1);
    for s in Square::all().skip(after_last) {
        if board[s.index()].is_some() {
            continue;
        }
        for p in pieces(Color::White) {
            board[s.index()] = Some(p);
            added.push((s, p));
            add_units(fig, board, extra - 1, added, found);
            added.pop();
        }
        board[s.index()] = None;
    }
}

/// Fig. 6's completions: the Black king on every free square, with the
/// fewest added White units (none, then one) for which the key is legal and
/// not a check, each named Black move legal, and each answer legal and a
/// check (of the knight's moves, at least one). Cached: the search is the
/// same on every call.
pub fn fig6_completions() -> Result<&'static [Completion]> {
    static FOUND: OnceLock<std::result::Result<Vec<Completion>, String>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        let fig = &figures().map_err(reason)?.fig6;
        let board = placement(&fig.units)?;
        Ok((0..=1).map(|extra| completions_with(fig, &board, extra)).find(|c| !c.is_empty()).unwrap_or_default())
    });
    found.as_deref().map_err(|why| bad(why.clone()))
}

/// Black's legal moves after the key, by `chess.rules` interpreted.
fn rules_count(after_key: &Setup) -> Result<usize> {
    let program = program("chess")?;
    let mut state = State::from_text(&program, &position_text(after_key))?;
    let mut rules = Interpreted::new(Interpreter::new(&program)?);
    let (mut out, mut kings) = (Vec::new(), Vec::new());
    legal(&mut rules, &mut state, &mut out, &mut kings)?;
    Ok(out.len())
}

/// Black's legal moves after the key on each completion, by the bitboard
/// generator and by `chess.rules`.
pub fn fig6_counts() -> Result<Vec<(String, usize, usize)>> {
    let fig = &figures()?.fig6;
    let mut out = Vec::new();
    for c in fig6_completions()? {
        let key = after(&c.setup, &[&fig.key.mv]).ok_or_else(|| bad("the key is not legal on a completion"))?;
        out.push((c.label(), legal_uci(&key).len(), rules_count(&key)?));
    }
    Ok(out)
}

/// `moves` written as one text.
fn joined<S: AsRef<str>>(moves: &[S]) -> String {
    moves.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(" ")
}

/// The row of the key on a completion.
fn key_row(fig: &Fig6, c: &Completion) -> Vec<Cell> {
    let key = after(&c.setup, &[&fig.key.mv]);
    let legal = if key.is_some() { "yes".to_owned() } else { format!("no: {}", fig.key.mv) };
    let check = key.as_ref().map(in_check);
    let replies = key.as_ref().map(|k| joined(&legal_uci(k)));
    vec![
        Cell::from(format!("{}: key", c.label())),
        Cell::from(fig.key.mv.as_str()),
        Cell::from(legal),
        Cell::opt(check.map(yes_no)),
        Cell::opt(replies),
    ]
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The row of one Black move and White's answer on a completion.
fn line_row(fig: &Fig6, c: &Completion, line: &Line6, p: &Played) -> Vec<Cell> {
    let legal = match (p.black_legal, p.white_legal) {
        (true, true) => "yes".to_owned(),
        (false, _) => format!("no: {}", p.black),
        (true, false) => format!("no: {}", line.white),
    };
    let replies = match (p.white_legal, p.replies.is_empty()) {
        (false, _) => String::new(),
        (true, true) => "none: mate".to_owned(),
        (true, false) => joined(&p.replies),
    };
    vec![
        Cell::from(format!("{}: {} {}", c.label(), line.key, p.black)),
        Cell::from(joined(&[fig.key.mv.as_str(), &p.black, &line.white])),
        Cell::from(legal),
        Cell::from(yes_no(p.white_legal && p.check)),
        Cell::from(replies),
    ]
}

/// Fig. 6's named moves played on every completion.
pub fn fig6_table() -> Result<Table> {
    let fig = &figures()?.fig6;
    let mut table = Table::new(
        "rules_fig6",
        "Fig. 6 (block): the key and the Black moves the text names, with White's answers, on each completion",
        vec![
            Column::new("key", "completion: line"),
            Column::new("moves", "moves"),
            Column::new("legal", "legal"),
            Column::new("check", "answer gives check"),
            Column::new("replies", "Black's legal moves after it"),
        ],
    );
    for c in fig6_completions()? {
        table.push(key_row(fig, c));
        let Some(key) = after(&c.setup, &[&fig.key.mv]) else { continue };
        for line in &fig.lines {
            for black in black_moves(&key, line) {
                table.push(line_row(fig, c, line, &play_line(&key, &black, &line.white)));
            }
        }
    }
    table.note(format!(
        "{}. The text says each answer mates; a mate is a check with no reply. On every completion each answer is \
         legal and checks (the search asks that much), but Black still has the replies listed: the figure held \
         units the text does not name, which stop them. After 1...Nxf5 the answer Rxd5 is impossible on any \
         position, since the knight has taken the rook: 'Knight in (5, 3) moves is followed by: Rook in (6, 5) \
         captures (4, 5)' cannot cover that knight move. On a key's row the check column says whether the key \
         checks (it must not: line 589) and the last column lists Black's legal moves after it.",
        fig.problem
    ));
    Ok(table)
}

/// The completions and Black's legal moves after the key on each, by
/// `chess.rules` interpreted against the bitboard generator.
pub fn fig6_completions_table() -> Result<Table> {
    let fig = &figures()?.fig6;
    let mut table = Table::new(
        "rules_fig6_completions",
        "Fig. 6: the text's units completed by search, and Black's legal moves after the key on each",
        vec![
            Column::new("key", "added units"),
            Column::new("computed", "chess.rules (interpreted)"),
            Column::new("published", "bitboard"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    for (label, hand, rules) in fig6_counts()? {
        let published = Published { value: hand as u64, source: "plybench bitboard".to_owned() };
        let [computed, published, source, verdict] = Comparison::new(Some(rules as u64), Some(&published)).cells();
        table.push(vec![Cell::from(label), computed, published, source, verdict]);
    }
    table.note(format!(
        "The skeleton is the {} units the text places ({}; each with its sentence in datasets/{FILE}). The search \
         puts the Black king on every free square, with no more White units, then with one of any nature on any \
         free square, and keeps the positions where the key is legal and not a check and every named Black move \
         is legal and answered by a legal check (only a White unit can give one, so adding Black units would not \
         help). It finds none without an added unit: the king's two answers must uncover a line through (6, 6), \
         and Pawn (2, 2) to (2, 3) the queen's line through (2, 2). The counts are the skeleton's, not the \
         figure's (rules_counts): the chess.rules interpreter and the bitboard generator count them alike.",
        fig.units.len(),
        fig.location
    ));
    Ok(table)
}

// ---------------------------------------------------------------- Fig. 8

/// Pitrat's chess: `pitrat-chess.rules` interpreted, where a move is any
/// move by the pieces' rules and a win is a move that captures the king.
pub(super) struct Model<'p> {
    program: &'p Program,
    rules: Interpreted<'p>,
    king: u8,
}

impl<'p> Model<'p> {
    pub(super) fn new(program: &'p Program) -> Result<Self> {
        let king = program.header.pieces.iter().position(|p| p.letter == 'K').ok_or_else(|| bad("no king nature"))?;
        let king = u8::try_from(king + 1).map_err(|_| bad("too many natures"))?;
        Ok(Model { program, rules: Interpreted::new(Interpreter::new(program)?), king })
    }

    /// The moves of the player to move.
    pub(super) fn moves(&mut self, state: &State) -> Result<Vec<RuleMove>> {
        let mut out = Vec::new();
        self.rules.moves(state, &mut out)?;
        Ok(out)
    }

    pub(super) fn uci(&self, mv: &RuleMove) -> String {
        rule_move(self.program, mv)
    }

    /// `state` after the move written `uci`, if it is a move.
    pub(super) fn play(&mut self, state: &State, uci: &str) -> Result<Option<State>> {
        let found = self.moves(state)?.into_iter().find(|m| self.uci(m) == uci);
        Ok(found.map(|m| {
            let mut next = state.clone();
            next.make(&m);
            next
        }))
    }

    /// The moves of the player to move that capture the other's king.
    pub(super) fn wins(&mut self, state: &State) -> Result<Vec<String>> {
        let king = self.king;
        let takes_king =
            |m: &RuleMove| m.subs().iter().any(|s| matches!(*s, Sub::Capture(at) if state.cell(at).nature == king));
        Ok(self.moves(state)?.iter().filter(|m| takes_king(m)).map(|m| self.uci(m)).collect())
    }

    /// `state` with the other player to move: a move not played (Pitrat's ∅).
    pub(super) fn passed(state: &State) -> State {
        let mut next = state.clone();
        next.set_player(3 - state.player());
        next
    }

    /// The replies of the player to move, each with the winning moves the
    /// other then has.
    pub(super) fn replies(&mut self, state: &State) -> Result<Vec<(String, Vec<String>)>> {
        let mut out = Vec::new();
        for m in self.moves(state)? {
            let mut next = state.clone();
            next.make(&m);
            out.push((self.uci(&m), self.wins(&next)?));
        }
        Ok(out)
    }
}

/// The position after Q, a pass and R (Black to move), if each is a move.
fn after_r(model: &mut Model<'_>, start: &State, fig: &Fig8) -> Result<Option<State>> {
    let Some(q) = model.play(start, &fig.q.mv)? else { return Ok(None) };
    model.play(&Model::passed(&q), &fig.r.mv)
}

/// What Black's move `x` after Q does to the threat, by Pitrat's (a)-(e);
/// `None` if `x` is not a move.
fn effects(model: &mut Model<'_>, after_q: &State, fig: &Fig8, x: &str) -> Result<Option<Vec<Effect>>> {
    let Some(qx) = model.play(after_q, x)? else { return Ok(None) };
    let mut out: Vec<Effect> =
        model.wins(&Model::passed(&qx))?.into_iter().map(|threat| Effect::Immediate { threat }).collect();
    match model.play(&qx, &fig.r.mv)? {
        None => out.push(Effect::DestroysR),
        Some(r) => {
            let from = |w: &str| w.get(..2).unwrap_or(w).to_owned();
            out.extend(model.wins(&r)?.iter().map(|w| Effect::CountersR { by: from(w) }));
            for (reply, wins) in model.replies(&r)? {
                if wins.is_empty() {
                    let is_t = fig.t_u.iter().any(|tu| tu.t == reply);
                    out.push(if is_t { Effect::DestroysU { t: reply } } else { Effect::NewReply { reply } });
                }
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(Some(out))
}

/// Whether the statements about White's king hold on `start`: Black could
/// not take it at once, Q is a move, and each escape said to counter R
/// does.
fn king_consistent(model: &mut Model<'_>, start: &State, fig: &Fig8) -> Result<bool> {
    if !model.wins(&Model::passed(start))?.is_empty() {
        return Ok(false);
    }
    let Some(q) = model.play(start, &fig.q.mv)? else { return Ok(false) };
    for e in fig.escapes.iter().filter(|e| matches!(e.effect, Effect::CountersR { .. })) {
        if !effects(model, &q, fig, &e.x)?.is_some_and(|found| found.contains(&e.effect)) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The rules position of a setup, for `pitrat-chess.rules` (which has no
/// indicatifs).
pub(super) fn pitrat_text(setup: &Setup) -> String {
    let fen = setup.to_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let player = if setup.turn() == Color::White { 1 } else { 2 };
    format!("{board} {player}")
}

/// Fig. 8's completions: White's king on every free square where the
/// position is legal and the statements about it hold.
pub fn fig8_completions() -> Result<Vec<Completion>> {
    let fig = &figures()?.fig8;
    let board = placement(&fig.units).map_err(bad)?;
    let program = program("pitrat-chess")?;
    let mut model = Model::new(&program)?;
    let king = Piece::new(Color::White, Role::King);
    let mut found = Vec::new();
    for k in Square::all().filter(|s| board[s.index()].is_none()) {
        let mut b = board;
        b[k.index()] = Some(king);
        let Ok(setup) = Setup::from_parts(b, Color::White, Castling::NONE, None) else { continue };
        let start = State::from_text(&program, &pitrat_text(&setup))?;
        if king_consistent(&mut model, &start, fig)? {
            found.push(Completion { setup, added: vec![(k, king)] });
        }
    }
    Ok(found)
}

/// The T_i-U_i pairs as the dataset writes them: `e4d4: b3d4; ...`.
fn pairs_text<'a>(pairs: impl Iterator<Item = (&'a str, String)>) -> String {
    pairs.map(|(t, u)| format!("{t}: {u}")).collect::<Vec<_>>().join("; ")
}

/// The computed T_i-U_i (the printed U where it wins, else every winning
/// move), and the winning moves beside the printed ones.
fn tu_computed(destroyers: &[(String, Vec<String>)], fig: &Fig8) -> (String, String) {
    let find = |t: &str| destroyers.iter().find(|(m, _)| m == t).map(|(_, w)| w);
    let printed = fig.t_u.iter().map(|tu| {
        let u = match find(&tu.t) {
            None => "not a T".to_owned(),
            Some(wins) if wins.contains(&tu.u) => tu.u.clone(),
            Some(wins) if wins.is_empty() => "none".to_owned(),
            Some(wins) => wins.join("/"),
        };
        (tu.t.as_str(), u)
    });
    let extra = destroyers
        .iter()
        .filter(|(m, _)| !fig.t_u.iter().any(|tu| &tu.t == m))
        .map(|(m, w)| (m.as_str(), if w.is_empty() { "none".to_owned() } else { w.join("/") }));
    let computed = pairs_text(printed.chain(extra));
    let also = destroyers
        .iter()
        .filter_map(|(m, w)| {
            let printed_u = fig.t_u.iter().find(|tu| &tu.t == m).map(|tu| tu.u.as_str());
            let others: Vec<&str> = w.iter().map(String::as_str).filter(|u| Some(*u) != printed_u).collect();
            (!others.is_empty() && printed_u.is_some()).then(|| format!("{m}: also {}", others.join("/")))
        })
        .collect::<Vec<_>>()
        .join("; ");
    (computed, also)
}

/// One row of the Fig. 8 table.
struct Row8 {
    key: String,
    moves: String,
    computed: String,
    published: String,
    line: u32,
    also: String,
}

/// The statements of Fig. 8 on one completion.
fn fig8_rows(model: &mut Model<'_>, fig: &Fig8, c: &Completion) -> Result<Vec<Row8>> {
    let label = c.label();
    let start = State::from_text(model.program, &pitrat_text(&c.setup))?;
    let row = |key: &str, moves: String, computed: String, published: String, line: u32, also: String| Row8 {
        key: format!("{label}: {key}"),
        moves,
        computed,
        published,
        line,
        also,
    };
    let mut rows = Vec::new();
    let q = model.play(&start, &fig.q.mv)?;
    let is_move = |b: bool| if b { "a move" } else { "not a move" }.to_owned();
    rows.push(row("Q", fig.q.mv.clone(), is_move(q.is_some()), is_move(true), fig.q.line, String::new()));
    let Some(q) = q else { return Ok(rows) };
    let r = after_r(model, &start, fig)?;
    let s_wins = match &r {
        None => "R is not a move".to_owned(),
        Some(r) if model.wins(&Model::passed(r))?.contains(&fig.s.mv) => "s takes the king".to_owned(),
        Some(_) => "s does not take the king".to_owned(),
    };
    let rs_moves = joined(&[fig.q.mv.as_str(), "0000", &fig.r.mv, &fig.s.mv]);
    rows.push(row("R, s", rs_moves, s_wins, "s takes the king".to_owned(), fig.s.line, String::new()));
    if let Some(r) = &r {
        let destroyers: Vec<_> = model.replies(r)?.into_iter().filter(|(_, wins)| !wins.contains(&fig.s.mv)).collect();
        let (computed, also) = tu_computed(&destroyers, fig);
        let published = pairs_text(fig.t_u.iter().map(|tu| (tu.t.as_str(), tu.u.clone())));
        let line = fig.t_u.first().map_or(fig.s.line, |tu| tu.line);
        rows.push(row("T-U", joined(&[fig.q.mv.as_str(), "0000", &fig.r.mv]), computed, published, line, also));
    }
    for e in &fig.escapes {
        let found = effects(model, &q, fig, &e.x)?;
        let computed = match &found {
            None => format!("{} is not a move", e.x),
            Some(list) if list.contains(&e.effect) => e.effect.to_string(),
            Some(_) => "not found".to_owned(),
        };
        let others: Vec<String> =
            found.unwrap_or_default().iter().filter(|f| **f != e.effect).map(ToString::to_string).collect();
        let moves = joined(&[fig.q.mv.as_str(), &e.x]);
        rows.push(row(&e.key, moves, computed, e.effect.to_string(), e.line, others.join("; ")));
    }
    Ok(rows)
}

/// Fig. 8's statements played on every completion, in Pitrat's chess.
pub fn fig8_table() -> Result<Table> {
    let figs = figures()?;
    let fig = &figs.fig8;
    let program = program("pitrat-chess")?;
    let mut model = Model::new(&program)?;
    let mut table = Table::new(
        "rules_fig8",
        "Fig. 8 (threat): Q, R, s, the T-U pairs and Black's escapes (1)-(6) on each completion, in Pitrat's chess \
         (pitrat-chess.rules: a win captures the king)",
        vec![
            Column::new("key", "completion: statement"),
            Column::new("moves", "moves (0000: no move)"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
            Column::new("also", "also found"),
        ],
    );
    let completions = fig8_completions()?;
    for c in &completions {
        for r in fig8_rows(&mut model, fig, c)? {
            let published =
                Published { value: r.published, source: format!("Pitrat 1971, Fig. 8, seed line {}", r.line) };
            let [computed, published, source, verdict] = Comparison::new(Some(r.computed), Some(&published)).cells();
            table.push(vec![
                Cell::from(r.key),
                Cell::from(r.moves),
                computed,
                published,
                source,
                verdict,
                Cell::from(r.also),
            ]);
        }
    }
    let kings: Vec<String> = completions.iter().map(|c| c.label()).collect();
    table.note(format!(
        "{}. The skeleton is the {} units the text places (each with its sentence in datasets/{FILE}); the text \
         never places White's king, but (4) pins the knight on (3, 4) against it, so the study puts it on every \
         free square and keeps those where the position is legal, Black could not take it at once, and (4) \
         counters R: {}. The other statements are then checked on each. 'Also found' is what else the move does \
         on the skeleton: a king left open to a check the text does not mention says the figure held a unit the \
         text does not name between them.",
        fig.problem,
        fig.units.len(),
        kings.join(", ")
    ));
    Ok(table)
}

/// The note of `rules_counts` on Fig. 6's count: why it is not computed,
/// with the skeleton's counts.
pub fn fig6_count_note() -> Result<String> {
    let units = figures()?.fig6.units.len();
    let counts = fig6_counts()?;
    let mut values: Vec<usize> = counts.iter().map(|&(_, hand, _)| hand).collect();
    values.sort_unstable();
    values.dedup();
    let values: Vec<String> = values.iter().map(ToString::to_string).collect();
    Ok(format!(
        "{FIG6_COUNT} is not computed: the diagram of Fig. 6 is lost from the scan and the problem was \
         not found elsewhere (docs/rules.md §5). The text places {units} units, and the study completes them with \
         the Black king and one White unit ({} completions, rules_fig6_completions), on which Black has {} legal \
         moves after the key; but there the named answers are checks Black escapes (rules_fig6), so the figure \
         held units the text does not name, and Black's count depends on them.",
        counts.len(),
        values.join(" or ")
    ))
}

/// This part of the rules study: Figs. 6 and 8.
pub fn part(_budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    let tables = vec![fig6_completions_table()?, fig6_table()?, fig8_table()?];
    let reading = vec![format!(
        "Pitrat's chess problems ({}), Figs. 6 and 8, from the units the text places: the completions the text \
         forces, found by search, and the moves it names played on each.",
        figures()?.source
    )];
    Ok(Part { tables, plots: Vec::new(), reading })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Verdict;

    fn labels(found: &[Completion]) -> Vec<String> {
        found.iter().map(Completion::label).collect()
    }

    #[test]
    fn the_dataset_parses_with_every_unit_on_its_own_square() {
        let figs = figures().unwrap();
        assert_eq!(placement(&figs.fig6.units).unwrap().iter().flatten().count(), figs.fig6.units.len());
        assert_eq!(placement(&figs.fig8.units).unwrap().iter().flatten().count(), figs.fig8.units.len());
        assert!(is_uci("a4a1") && !is_uci("a4") && !is_uci("a4a9") && !is_uci("a4é"));
    }

    #[test]
    fn fig6_forces_the_black_king_on_d4_and_a_line_unit_beyond_white_s_king() {
        let found = fig6_completions().unwrap();
        assert_eq!(labels(found), ["k d4, B g7", "k d4, Q g7", "k d4, B h8", "k d4, Q h8"]);
    }

    #[test]
    fn fig6_counts_come_from_the_position_and_the_two_generators_agree() {
        let fig = &figures().unwrap().fig6;
        for ((label, hand, rules), c) in fig6_counts().unwrap().into_iter().zip(fig6_completions().unwrap()) {
            assert_eq!(hand, rules, "{label}");
            let key = after(&c.setup, &[&fig.key.mv]).unwrap();
            assert_eq!(hand, legal_uci(&key).len());
            // A unit on e7 takes b4f8 from Black: the count follows the position.
            let mut board = *key.board();
            board["e7".parse::<Square>().unwrap().index()] = Some(Piece::new(Color::White, Role::Knight));
            let blocked = Setup::from_parts(board, Color::Black, Castling::NONE, None).unwrap();
            assert_eq!(legal_uci(&blocked).len(), hand - 1, "{label}: b4e7 becomes b4xe7, b4f8 goes");
        }
        let note = fig6_count_note().unwrap();
        assert!(note.contains(&format!("Black has {} legal", fig6_counts().unwrap()[0].1)), "{note}");
    }

    #[test]
    fn fig6_answers_check_but_nxf5_leaves_no_rook_to_take_d5() {
        let table = fig6_table().unwrap();
        for row in &table.rows {
            let key = format!("{:?}", row[0]);
            if key.contains("knight e3f5") {
                assert_eq!(row[2], Cell::from("no: f5d5"), "{key}");
            } else if !key.contains(": key") {
                assert_eq!((&row[2], &row[3]), (&Cell::from("yes"), &Cell::from("yes")), "{key}");
            }
        }
    }

    #[test]
    fn fig8_puts_white_s_king_on_the_pin_line_and_every_statement_holds() {
        assert_eq!(labels(&fig8_completions().unwrap()), ["K b5", "K a6"]);
        let table = fig8_table().unwrap();
        assert_eq!(table.rows.len(), 2 * (3 + figures().unwrap().fig8.escapes.len()));
        assert!(table.rows.iter().all(|r| r[5] == Cell::Verdict(Verdict::Match)), "{table:?}");
    }

    #[test]
    fn a_move_that_leaves_the_threat_alone_has_no_effect() {
        let fig = &figures().unwrap().fig8;
        let program = program("pitrat-chess").unwrap();
        let mut model = Model::new(&program).unwrap();
        let c = &fig8_completions().unwrap()[1];
        let start = State::from_text(&program, &pitrat_text(&c.setup)).unwrap();
        let q = model.play(&start, &fig.q.mv).unwrap().unwrap();
        assert_eq!(effects(&mut model, &q, fig, "h6h7").unwrap(), Some(Vec::new()));
        assert_eq!(effects(&mut model, &q, fig, "h6a1").unwrap(), None);
        assert_eq!(effects(&mut model, &q, fig, "d5c4").unwrap(), Some(vec![Effect::DestroysR]));
    }
}
