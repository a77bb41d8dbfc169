//! Pitrat's "search for a win" on the two figures whose diagrams are lost
//! and whose text still pins the position down: Fig. 5 (a blockade in
//! tic-tac-toe with moving men, p. 141) and Fig. 13 (the threatening moves
//! of a chess position and the opponent's replies, pp. 151-152).
//!
//! `datasets/rules/pitrat-1971-search-for-a-win.json` holds what the text
//! states. The study rebuilds every position that fits it:
//! - Fig. 5: every board of the moving phase with the named man, square and
//!   centre man, on which the named move is a blockade as the text says;
//! - Fig. 13: the named units with the units the text forces (each shown
//!   necessary by removing it), White's king on every square, and Pitrat's
//!   two steps played on each in his chess (`pitrat-chess.rules`: a win
//!   captures the king): the couples Q-R, then for three couples the moves
//!   that destroy R, those eliminated because a win follows, and the
//!   replies left;
//! - Fig. 14 (pp. 152-154): the units the text places in a position of a
//!   game of Edward Lasker's (the seed gives neither the diagram nor the
//!   moves), with one unit it forces, and Pitrat's threats and replies at
//!   each step of his search for a win, in full chess (`chess.rules`).

use std::sync::OnceLock;

use serde::Deserialize;

use super::figures::{Model, Unit, is_uci, pitrat_text, placement, program};
use crate::engine::chess::dispatch::mate_on;
use crate::engine::chess::mate::Rules;
use crate::engine::chess::play::play_moves;
use crate::engine::chess::{Castling, Color, Piece, Repr, Role, Setup, Square};
use crate::engine::progress::Progress;
use crate::engine::rules::ast::Program;
use crate::engine::rules::moves::{RuleMove, Square as RuleSquare, Sub};
use crate::engine::rules::state::State;
use crate::engine::rules::threats::Threats;
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::Parsed;
use crate::study::part::Part;
use crate::{Error, Result};

const FILE: &str = "rules/pitrat-1971-search-for-a-win.json";

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct SearchForWin {
    /// The paper, for citations.
    pub source: String,
    /// Fig. 5: the blockade.
    pub fig5: Fig5,
    /// Fig. 13: the threatening moves.
    pub fig13: Fig13,
    /// Fig. 14: the search for a win in a master game.
    pub fig14: Fig14,
}

/// One threat of Fig. 14 as the text shows it.
#[derive(Clone, Debug, Deserialize)]
pub struct Threat14 {
    /// The threatening move, in UCI.
    pub q: String,
    /// The seed's line.
    pub line: u32,
    /// The number of replies printed, if any.
    #[serde(default)]
    pub replies: Option<usize>,
    /// The replies the text names.
    #[serde(default)]
    pub named: Vec<String>,
    /// Where it names them.
    #[serde(default)]
    pub named_line: Option<u32>,
}

/// One step of Fig. 14: a situation and what the text says of its threats.
#[derive(Clone, Debug, Deserialize)]
pub struct Step14 {
    /// The paper's step and situation.
    pub step: String,
    /// The moves from the figure's position to the situation, in UCI.
    pub path: Vec<String>,
    /// The number of threats printed.
    #[serde(default)]
    pub threats: Option<usize>,
    /// The square of the unit the count is about, when the text counts one
    /// unit's threats.
    #[serde(default)]
    pub threats_from: Option<String>,
    /// Where the count is printed.
    #[serde(default)]
    pub threats_line: Option<u32>,
    /// The number of threats with one reply, when printed.
    #[serde(default)]
    pub one_reply: Option<usize>,
    /// Where.
    #[serde(default)]
    pub one_reply_line: Option<u32>,
    /// The replies to each threat not shown (of the counted unit).
    #[serde(default)]
    pub others_replies: Option<usize>,
    /// Where.
    #[serde(default)]
    pub others_line: Option<u32>,
    /// The threats without reply (the mates).
    #[serde(default)]
    pub without_reply: Vec<String>,
    /// Where.
    #[serde(default)]
    pub without_reply_line: Option<u32>,
    /// The threats shown.
    pub shown: Vec<Threat14>,
}

/// Other natures the text allows for one unit.
#[derive(Clone, Debug, Deserialize)]
pub struct AlsoFits {
    /// The square.
    pub square: String,
    /// The natures, as FEN letters.
    pub units: Vec<char>,
}

/// The game Fig. 14 comes from, as published elsewhere: the seed names
/// the game but its diagram is lost.
#[derive(Clone, Debug, Deserialize)]
pub struct Game14 {
    /// Who played, where and when.
    pub players: String,
    /// The move after which the figure's position stands.
    pub after: String,
    /// The score as published, to that move.
    pub score_text: String,
    /// The same moves in UCI, played from the start to reach the position.
    pub score: Vec<String>,
    /// Where the score comes from.
    pub score_source: String,
    /// The position as published (FEN).
    pub fen: String,
    /// Where the FEN comes from.
    pub fen_source: String,
}

/// A statement of Fig. 14 that the program finds wrong, with the evidence.
#[derive(Clone, Debug, Deserialize)]
pub struct Known14 {
    /// The statement's key in `rules_fig14`.
    pub statement: String,
    /// Why the printed value is wrong, from the computed replies.
    pub why: String,
}

/// Pitrat's claim that one threat of a step mates sooner than another.
#[derive(Clone, Debug, Deserialize)]
pub struct Quicker14 {
    /// The step.
    pub step: String,
    /// The seed's line.
    pub line: u32,
    /// The words.
    pub text: String,
    /// The threat said to mate sooner (UCI).
    pub quicker: String,
    /// The threat it is compared with, the game's move (UCI).
    pub than: String,
    /// The game's moves after the step, to the position where it went on
    /// more slowly (UCI).
    pub game: Vec<String>,
    /// Why the claim does not hold as stated, from the computed mates.
    pub known: String,
}

/// Fig. 14 as the text gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig14 {
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file.
    pub rules: String,
    /// White's castling rights, as in FEN.
    pub castling: String,
    /// The seed's line that gives them.
    pub castling_line: u32,
    /// The words.
    pub castling_text: String,
    /// The seed's line that names the game.
    pub game_line: u32,
    /// The words.
    pub game_text: String,
    /// The game, from the chess literature.
    pub game: Game14,
    /// The units the text places.
    pub units: Vec<Unit>,
    /// The units the text forces without naming them.
    pub forced: Vec<Unit>,
    /// Other natures the text allows on a square, as FEN letters.
    #[serde(default)]
    pub also_fits: Vec<AlsoFits>,
    /// The steps.
    pub steps: Vec<Step14>,
    /// The statements found wrong, with the evidence.
    #[serde(default)]
    pub known: Vec<Known14>,
    /// The claim that one threat mates sooner.
    pub quicker: Quicker14,
}

/// Fig. 5 as the text gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig5 {
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file of the game.
    pub rules: String,
    /// The words.
    pub printed: String,
    /// The seed's line.
    pub line: u32,
    /// The square the blockading man leaves.
    pub from: [i8; 2],
    /// The square it goes to.
    pub to: [i8; 2],
    /// The opponent's man that must move.
    pub center: [i8; 2],
}

/// One couple Q-R of the first step.
#[derive(Clone, Debug, Deserialize)]
pub struct Couple {
    /// The paper's number.
    pub key: String,
    /// The threatening move, in UCI.
    pub q: String,
    /// The winning move it creates, in UCI.
    pub r: String,
    /// The seed's line.
    pub line: u32,
}

/// The couples eliminated as double checks.
#[derive(Clone, Debug, Deserialize)]
pub struct DoubleChecks {
    /// Their numbers.
    pub couples: Vec<String>,
    /// The seed's line.
    pub line: u32,
    /// The words.
    pub printed: String,
}

/// The second step for one couple.
#[derive(Clone, Debug, Deserialize)]
pub struct Replies {
    /// The couple's number.
    pub couple: String,
    /// Black's moves after Q that destroy a condition of R.
    pub destroyers: Vec<String>,
    /// Where the text lists them.
    pub destroyers_line: u32,
    /// Those after which White has a winning move.
    pub eliminated: Vec<String>,
    /// Where the text says so.
    pub eliminated_line: u32,
    /// The replies left.
    pub replies: Vec<String>,
    /// Where the text lists them.
    pub replies_line: u32,
}

/// Fig. 13 as the text gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct Fig13 {
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The units the text places.
    pub units: Vec<Unit>,
    /// The units the text forces without naming them.
    pub forced: Vec<Unit>,
    /// The couples of the first step.
    pub couples: Vec<Couple>,
    /// The couples eliminated as double checks.
    pub double_checks: DoubleChecks,
    /// The second step, for the couples the text shows.
    pub replies: Vec<Replies>,
}

impl Fig14 {
    /// Every unit, named and forced.
    fn all_units(&self) -> Vec<Unit> {
        self.units.iter().chain(&self.forced).cloned().collect()
    }
}

impl Fig13 {
    /// Every unit, named and forced.
    fn all_units(&self) -> Vec<Unit> {
        self.units.iter().chain(&self.forced).cloned().collect()
    }

    fn couple(&self, key: &str) -> Option<&Couple> {
        self.couples.iter().find(|c| c.key == key)
    }
}

fn bad(why: impl Into<String>) -> Error {
    Error::Dataset { name: FILE, why: why.into() }
}

/// Checks every move, square and reference of the dataset.
fn check(data: &SearchForWin) -> std::result::Result<(), String> {
    let f13 = &data.fig13;
    placement(&f13.all_units())?;
    let mut moves: Vec<&str> = f13.couples.iter().flat_map(|c| [c.q.as_str(), c.r.as_str()]).collect();
    for r in &f13.replies {
        if f13.couple(&r.couple).is_none() {
            return Err(format!("replies name couple {}, which is not listed", r.couple));
        }
        moves.extend(r.destroyers.iter().chain(&r.eliminated).chain(&r.replies).map(String::as_str));
    }
    if let Some(k) = f13.double_checks.couples.iter().find(|k| f13.couple(k).is_none()) {
        return Err(format!("double check {k} is not a listed couple"));
    }
    if let Some(m) = moves.into_iter().find(|m| !is_uci(m)) {
        return Err(format!("`{m}` is not a move in UCI"));
    }
    let f14 = &data.fig14;
    placement(&f14.all_units())?;
    if let Some(m) = f14.game.score.iter().find(|m| !is_uci(m)) {
        return Err(format!("Fig. 14's game: `{m}` is not a move in UCI"));
    }
    let mut moves14: Vec<&str> = Vec::new();
    for st in &f14.steps {
        moves14.extend(st.path.iter().chain(&st.without_reply).map(String::as_str));
        for t in &st.shown {
            moves14.push(&t.q);
            moves14.extend(t.named.iter().map(String::as_str));
        }
    }
    if let Some(m) = moves14.into_iter().find(|m| !is_uci(m)) {
        return Err(format!("Fig. 14: `{m}` is not a move in UCI"));
    }
    let f5 = &data.fig5;
    if [f5.from, f5.to, f5.center].iter().any(|s| !(1..=3).contains(&s[0]) || !(1..=3).contains(&s[1])) {
        return Err("Fig. 5's squares must be on the 3x3 board".to_owned());
    }
    Ok(())
}

/// The dataset, parsed and checked once.
pub fn search_for_win() -> Result<&'static SearchForWin> {
    static FIGURES: Parsed<SearchForWin> = Parsed::json_checked(FILE, crate::study::datasets::RULES_PITRAT_WIN, check);
    FIGURES.get()
}

// ---------------------------------------------------------------- Fig. 5

/// A Fig. 5 board that fits the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blockade {
    /// The board, in the rules' text (`X1X/xxX/2x 1`).
    pub position: String,
    /// The opponent's moves after the blockade, each with the player's
    /// winning answer.
    pub answers: Vec<(String, String)>,
}

/// The board of the moving phase with the first player's men on `ours` and
/// the second's on `theirs` (bit i: abscissa i % 3 + 1, ordinate i / 3 + 1),
/// the first player to move.
fn board_text(ours: u16, theirs: u16) -> String {
    let rows: Vec<String> = (0..3)
        .rev()
        .map(|y| {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..3 {
                let bit = 1 << (y * 3 + x);
                let c = if ours & bit != 0 {
                    'X'
                } else if theirs & bit != 0 {
                    'x'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} 1", rows.join("/"))
}

/// A square of the dataset as the rules engine writes it.
fn rule_square(square: [i8; 2]) -> RuleSquare {
    RuleSquare { x: square[0], y: square[1] }
}

/// The bit of a square in [`board_text`]'s masks.
fn bit(square: [i8; 2]) -> u16 {
    1 << ((square[1] - 1) * 3 + (square[0] - 1))
}

/// Whether the opponent's move `mv` moves his man on `center`.
fn moves_from(mv: &RuleMove, center: [i8; 2]) -> bool {
    let c = rule_square(center);
    mv.subs().iter().any(|s| matches!(*s, Sub::Travel(from, _) if from == c))
}

/// Every board of the moving phase (three men a side) that fits Fig. 5's
/// text, the player (X) to move: his man on `from`, `to` empty, the
/// opponent's man on `center`; the player cannot win at once (or he would
/// not need a blockade); the move `from`-`to` exists and does not win; it
/// is "not dangerous" (played again, the player would still have no win:
/// it threatens nothing); after it every move of the opponent moves the
/// centre man, none wins, and after each the player wins at once.
pub fn fig5_blockades() -> Result<Vec<Blockade>> {
    let fig = &search_for_win()?.fig5;
    let program = program(&fig.rules)?;
    let threats = Threats::new(&program)?;
    let (from, to, center) = (bit(fig.from), bit(fig.to), bit(fig.center));
    let travel = |mv: &RuleMove| {
        let (f, t) = (rule_square(fig.from), rule_square(fig.to));
        mv.subs().contains(&Sub::Travel(f, t))
    };
    let mut found = Vec::new();
    for ours in (0u16..512).filter(|b| b.count_ones() == 3 && b & from != 0 && b & (to | center) == 0) {
        for theirs in (0u16..512).filter(|b| b.count_ones() == 3 && b & center != 0 && b & (ours | to) == 0) {
            let position = board_text(ours, theirs);
            let state = State::from_text(&program, &position)?;
            if threats.winning(&state, 1)?.is_some() {
                continue;
            }
            let ours_now = threats.moves(&state, 1)?;
            let Some(block) = ours_now.iter().find(|m| travel(m)) else { continue };
            let blocked = Threats::after(&state, 1, block);
            // Not dangerous: played again, the player has no win.
            if threats.winning(&blocked, 1)?.is_some() {
                continue;
            }
            let theirs_now = threats.moves(&blocked, 2)?;
            if theirs_now.is_empty() || !theirs_now.iter().all(|m| moves_from(m, fig.center)) {
                continue;
            }
            let mut answers = Vec::new();
            for t in &theirs_now {
                let after_t = Threats::after(&blocked, 2, t);
                if threats.won(&after_t, 2)? {
                    break;
                }
                let Some(win) = threats.winning(&after_t, 1)? else { break };
                answers.push((t.to_string(), win.to_string()));
            }
            if answers.len() == theirs_now.len() {
                found.push(Blockade { position, answers });
            }
        }
    }
    Ok(found)
}

/// Fig. 5's boards, with the opponent's moves and the player's wins.
pub fn fig5_table() -> Result<Table> {
    let data = search_for_win()?;
    let fig = &data.fig5;
    let mut table = Table::new(
        "rules_fig5",
        "Fig. 5 (blockade in tic-tac-toe with moving men): every board that fits the text, with the opponent's \
         moves after the blockade and the player's win after each",
        vec![
            Column::new("key", "board (X to move)"),
            Column::new("opponent", "opponent's moves after the blockade"),
            Column::new("wins", "the player's winning answers"),
        ],
    );
    let found = fig5_blockades()?;
    for b in &found {
        let (theirs, wins): (Vec<_>, Vec<_>) = b.answers.iter().cloned().unzip();
        table.push(vec![Cell::from(b.position.as_str()), Cell::from(theirs.join(" ")), Cell::from(wins.join(" "))]);
    }
    table.note(format!(
        "{}, seed line {}: \"{}\" The diagram is lost. The study tries every board of the moving phase (three men a \
         side, {}) with X on ({}, {}), ({}, {}) empty and an opponent's man on ({}, {}), X to move, and keeps those \
         where X cannot win at once, the move ({}, {}) to ({}, {}) does not win and threatens nothing (played \
         again, X would have no win), and after it every move of the opponent moves the centre man, none wins, and \
         X wins after each. {}",
        fig.location,
        fig.line,
        fig.printed,
        fig.rules,
        fig.from[0],
        fig.from[1],
        fig.to[0],
        fig.to[1],
        fig.center[0],
        fig.center[1],
        fig.from[0],
        fig.from[1],
        fig.to[0],
        fig.to[1],
        match found.len() {
            1 => "One board fits: the position is determined.".to_owned(),
            n => format!("{n} boards fit."),
        }
    ));
    Ok(table)
}

// ---------------------------------------------------------------- Fig. 13

/// Pitrat's two steps computed on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Steps {
    /// Every couple (Q, R): R captures the king after Q and a pass, in the
    /// order of White's moves.
    couples: Vec<(String, String)>,
    /// For each couple the text shows: Black's winning moves after Q (case
    /// (a)), the destroyers of R, those followed by a win, the replies.
    replies: Vec<Second>,
}

/// The second step for one couple (all empty when Q is not a move).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Second {
    black_wins: Vec<String>,
    destroyers: Vec<String>,
    eliminated: Vec<String>,
    replies: Vec<String>,
}

/// Sorted `moves`, written as one text.
fn set_text<S: AsRef<str>>(moves: &[S]) -> String {
    let mut v: Vec<&str> = moves.iter().map(AsRef::as_ref).collect();
    v.sort_unstable();
    v.join(" ")
}

/// The two steps on `start`, White to move.
fn steps(model: &mut Model<'_>, start: &State, fig: &Fig13) -> Result<Steps> {
    let mut couples = Vec::new();
    for q in model.moves(start)? {
        let mut next = start.clone();
        next.make(&q);
        let q_uci = model.uci(&q);
        for r in model.wins(&Model::passed(&next))? {
            couples.push((q_uci.clone(), r));
        }
    }
    let mut replies = Vec::new();
    for shown in &fig.replies {
        let couple = fig.couple(&shown.couple).ok_or_else(|| bad("an unlisted couple"))?;
        let mut second =
            Second { black_wins: Vec::new(), destroyers: Vec::new(), eliminated: Vec::new(), replies: Vec::new() };
        if let Some(after_q) = model.play(start, &couple.q)? {
            second.black_wins = model.wins(&after_q)?;
            for x in model.moves(&after_q)? {
                let mut after_x = after_q.clone();
                after_x.make(&x);
                let wins = model.wins(&after_x)?;
                if wins.contains(&couple.r) {
                    continue;
                }
                let x = model.uci(&x);
                second.destroyers.push(x.clone());
                if wins.is_empty() {
                    second.replies.push(x);
                } else {
                    second.eliminated.push(x);
                }
            }
        }
        replies.push(second);
    }
    Ok(Steps { couples, replies })
}

/// One statement of Fig. 13: its key, the moves it is about, the computed
/// and printed values and the seed's line.
struct Statement {
    key: String,
    moves: String,
    computed: String,
    published: String,
    line: u32,
}

/// The couples written `q-r`, in the paper's order and then the others.
fn couples_text(found: &[(String, String)], fig: &Fig13) -> String {
    let mut out: Vec<String> = Vec::new();
    for c in &fig.couples {
        if found.iter().any(|(q, r)| *q == c.q && *r == c.r) {
            out.push(format!("{}-{}", c.q, c.r));
        }
    }
    for (q, r) in found {
        if !fig.couples.iter().any(|c| c.q == *q && c.r == *r) {
            out.push(format!("{q}-{r}"));
        }
    }
    out.join(" ")
}

/// The statements, computed from `steps`.
fn statements(steps: &Steps, fig: &Fig13) -> Vec<Statement> {
    let printed_couples: Vec<(String, String)> = fig.couples.iter().map(|c| (c.q.clone(), c.r.clone())).collect();
    let mut out = vec![Statement {
        key: "first step: the couples Q-R".to_owned(),
        moves: String::new(),
        computed: couples_text(&steps.couples, fig),
        published: couples_text(&printed_couples, fig),
        line: fig.couples.first().map_or(0, |c| c.line),
    }];
    // A double check: a Q with a second R; the text keeps the first.
    let doubles = |couples: &[(String, String)]| -> String {
        let mut keys = Vec::new();
        for (i, (q, r)) in couples.iter().enumerate() {
            if couples[..i].iter().any(|(q0, _)| q0 == q) {
                let key =
                    fig.couples.iter().find(|c| c.q == *q && c.r == *r).map_or(format!("{q}-{r}"), |c| c.key.clone());
                keys.push(key);
            }
        }
        keys.join(", ")
    };
    let in_paper_order: Vec<(String, String)> = fig
        .couples
        .iter()
        .filter(|c| steps.couples.iter().any(|(q, r)| *q == c.q && *r == c.r))
        .map(|c| (c.q.clone(), c.r.clone()))
        .collect();
    out.push(Statement {
        key: "double checks (eliminated)".to_owned(),
        moves: String::new(),
        computed: doubles(&in_paper_order),
        published: fig.double_checks.couples.join(", "),
        line: fig.double_checks.line,
    });
    for (shown, second) in fig.replies.iter().zip(&steps.replies) {
        let Some(couple) = fig.couple(&shown.couple) else { continue };
        let moves = format!("{} - {}", couple.q, couple.r);
        let refuted = |list: &[String]| {
            if second.black_wins.is_empty() {
                set_text(list)
            } else {
                format!("refuted by {}", set_text(&second.black_wins))
            }
        };
        for (what, computed, printed, line) in [
            ("destroyers of R", &second.destroyers, &shown.destroyers, shown.destroyers_line),
            ("followed by a win (eliminated)", &second.eliminated, &shown.eliminated, shown.eliminated_line),
            ("replies", &second.replies, &shown.replies, shown.replies_line),
        ] {
            out.push(Statement {
                key: format!("couple {}: {what}", shown.couple),
                moves: moves.clone(),
                computed: refuted(computed),
                published: set_text(printed),
                line,
            });
        }
    }
    out
}

/// The keys of the statements that fail on `steps`.
fn failing(steps: &Steps, fig: &Fig13) -> Vec<String> {
    statements(steps, fig).into_iter().filter(|s| s.computed != s.published).map(|s| s.key).collect()
}

/// One arrangement of the units to test: the dataset's, or one changed.
#[derive(Clone, Debug)]
struct Variant {
    label: String,
    board: [Option<Piece>; 64],
}

/// What White's king on each square makes of one arrangement.
#[derive(Clone, Debug)]
pub struct Kings {
    /// The arrangement.
    pub label: String,
    /// The squares where the position is legal (neither king can be taken)
    /// and every statement holds.
    pub completions: Vec<Square>,
    /// The legal squares.
    pub legal: usize,
    /// The statements that fail on every legal square (when none holds).
    pub always_failing: Vec<String>,
}

/// The position of `board` with White's king on `king`, White to move, if
/// it is legal in Pitrat's terms: neither side can take a king at once.
fn start_with_king(
    model: &mut Model<'_>,
    program: &Program,
    board: &[Option<Piece>; 64],
    king: Square,
) -> Result<Option<State>> {
    let mut b = *board;
    b[king.index()] = Some(Piece::new(Color::White, Role::King));
    let Ok(setup) = Setup::from_parts(b, Color::White, Castling::NONE, None) else { return Ok(None) };
    let start = State::from_text(program, &pitrat_text(&setup))?;
    if !model.wins(&start)?.is_empty() || !model.wins(&Model::passed(&start))?.is_empty() {
        return Ok(None);
    }
    Ok(Some(start))
}

/// White's king on every free square of `variant`.
fn kings(model: &mut Model<'_>, program: &Program, fig: &Fig13, variant: &Variant) -> Result<(Kings, Option<Steps>)> {
    let mut result =
        Kings { label: variant.label.clone(), completions: Vec::new(), legal: 0, always_failing: Vec::new() };
    let mut first = None;
    let mut always: Option<Vec<String>> = None;
    for k in Square::all().filter(|s| variant.board[s.index()].is_none()) {
        let Some(start) = start_with_king(model, program, &variant.board, k)? else { continue };
        result.legal += 1;
        let s = steps(model, &start, fig)?;
        let fails = failing(&s, fig);
        if fails.is_empty() {
            result.completions.push(k);
            first.get_or_insert(s);
        }
        always = Some(match always {
            None => fails,
            Some(a) => a.into_iter().filter(|f| fails.contains(f)).collect(),
        });
    }
    if result.completions.is_empty() {
        result.always_failing = always.unwrap_or_default();
    }
    Ok((result, first))
}

/// The dataset's arrangement, then each forced unit removed, then each
/// other Black nature on the square whose nature the text leaves open.
fn variants(fig: &Fig13) -> Result<Vec<Variant>> {
    let board = placement(&fig.all_units()).map_err(bad)?;
    let mut out = vec![Variant { label: "as stored".to_owned(), board }];
    for u in &fig.forced {
        let square: Square = u.square.parse().map_err(|e| bad(format!("{e}")))?;
        let mut b = board;
        b[square.index()] = None;
        out.push(Variant { label: format!("without {} {}", u.unit, u.square), board: b });
    }
    for u in fig.units.iter().filter(|u| u.nature_inferred.is_some()) {
        let square: Square = u.square.parse().map_err(|e| bad(format!("{e}")))?;
        let stored = board[square.index()];
        for p in super::figures::pieces(Color::Black).filter(|p| Some(*p) != stored) {
            let mut b = board;
            b[square.index()] = Some(p);
            out.push(Variant { label: format!("{} {} for {} {}", p.char(), u.square, u.unit, u.square), board: b });
        }
    }
    Ok(out)
}

/// What the Fig. 13 search finds.
struct Search13 {
    /// Every arrangement, the dataset's first, with White's king squares.
    arrangements: Vec<Kings>,
    /// The first completion of the dataset's arrangement and the steps on it.
    stored: Option<(Square, Steps)>,
}

/// Every arrangement with the squares of White's king, and the statements
/// computed on the first completion of the dataset's arrangement. Cached:
/// the search is the same on every call.
fn fig13_search() -> Result<&'static Search13> {
    static FOUND: OnceLock<std::result::Result<Search13, String>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        let run = || -> Result<Search13> {
            let fig = &search_for_win()?.fig13;
            let program = program("pitrat-chess")?;
            let mut model = Model::new(&program)?;
            let mut all = Vec::new();
            let mut stored = None;
            for (i, v) in variants(fig)?.iter().enumerate() {
                let (k, first) = kings(&mut model, &program, fig, v)?;
                if i == 0 {
                    stored = k.completions.first().copied().zip(first);
                }
                all.push(k);
            }
            Ok(Search13 { arrangements: all, stored })
        };
        run().map_err(|e| e.to_string())
    });
    found.as_ref().map_err(|why| bad(why.clone()))
}

/// Fig. 13's arrangements and White's king squares.
pub fn fig13_completions_table() -> Result<Table> {
    let fig = &search_for_win()?.fig13;
    let all = &fig13_search()?.arrangements;
    let mut table = Table::new(
        "rules_fig13_completions",
        "Fig. 13: the units the text places and forces, with White's king on every square; the squares where \
         every statement of the text holds",
        vec![
            Column::new("key", "arrangement"),
            Column::new("legal", "legal squares for White's king"),
            Column::new("kings", "squares where every statement holds"),
            Column::new("failing", "statements failing on every legal square"),
        ],
    );
    for k in all {
        let squares: Vec<String> = k.completions.iter().map(ToString::to_string).collect();
        table.push(vec![
            Cell::from(k.label.as_str()),
            Cell::from(k.legal as u64),
            Cell::from(if squares.is_empty() { "none".to_owned() } else { squares.join(" ") }),
            Cell::from(k.always_failing.join("; ")),
        ]);
    }
    let named: Vec<String> = fig.units.iter().map(|u| format!("{} {}", u.unit, u.square)).collect();
    let forced: Vec<String> = fig.forced.iter().map(|u| format!("{} {}", u.unit, u.square)).collect();
    table.note(format!(
        "{}. The text places {} ({} with its nature inferred) and forces {} (datasets/{FILE} gives the sentences \
         and the reasons). White's king is never placed: it goes on every free square where neither king can be \
         taken at once. A row 'without' removes a forced unit, a row 'for' puts another Black nature on the square \
         whose nature the text leaves open; 'failing' then names the statements (rules_fig13) that no square \
         saves.",
        fig.location,
        named.join(", "),
        fig.units.iter().filter(|u| u.nature_inferred.is_some()).count(),
        forced.join(", ")
    ));
    Ok(table)
}

/// Fig. 13's statements on the first completion.
pub fn fig13_table() -> Result<Table> {
    let data = search_for_win()?;
    let fig = &data.fig13;
    let Search13 { arrangements: all, stored } = fig13_search()?;
    let mut table = Table::new(
        "rules_fig13",
        "Fig. 13 (threatening moves in a chess position): Pitrat's two steps, in his chess (pitrat-chess.rules: a \
         win captures the king)",
        vec![
            Column::new("key", "statement"),
            Column::new("moves", "Q - R"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let Some((king, steps)) = stored else {
        table.note("No square for White's king makes every statement hold: rules_fig13_completions says which fail.");
        return Ok(table);
    };
    for s in statements(steps, fig) {
        let published = Published { value: s.published, source: format!("Pitrat 1971, Fig. 13, seed line {}", s.line) };
        let [computed, published, source, verdict] = Comparison::new(Some(s.computed), Some(&published)).cells();
        table.push(vec![Cell::from(s.key), Cell::from(s.moves), computed, published, source, verdict]);
    }
    let squares = all.first().map_or(0, |k| k.completions.len());
    table.note(format!(
        "Computed with White's king on {king}, the first of the {squares} squares where every statement holds \
         (rules_fig13_completions). A couple Q-R: after White's Q and a pass, R captures Black's king. The second \
         step, for the three couples the text shows: the destroyers are Black's moves after Q after which R no \
         longer captures the king; those after which White still captures the king are eliminated; the rest are \
         the replies. A Black move that captures White's king after Q would refute the couple (case (a)): none \
         does. The paper's words for each move are in datasets/{FILE}."
    ));
    Ok(table)
}

// ---------------------------------------------------------------- Fig. 14

/// The Fig. 14 position the text places: its units, White's castling
/// rights, White to move, in the rules' text of `chess.rules`.
fn fig14_start(fig: &Fig14, board: [Option<Piece>; 64]) -> Result<String> {
    let mut castling = Castling::NONE;
    for c in fig.castling.chars() {
        castling = castling.with(match c {
            'K' => Castling::WHITE_KING,
            'Q' => Castling::WHITE_QUEEN,
            'k' => Castling::BLACK_KING,
            'q' => Castling::BLACK_QUEEN,
            other => return Err(bad(format!("Fig. 14: `{other}` is not a castling right"))),
        });
    }
    let setup = Setup::from_parts(board, Color::White, castling, None)
        .map_err(|e| bad(format!("Fig. 14's units are not a position: {e}")))?;
    Ok(crate::engine::rules::bridge::chess::position_text(&setup))
}

/// What one situation of Fig. 14 holds: every threat of White (a move Q
/// after which, were Black to pass, White would capture the king), in
/// the order of White's moves, with Black's replies to it (his moves after
/// which White has no capture of the king).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Situation {
    threats: Vec<(String, Vec<String>)>,
}

impl Situation {
    fn replies(&self, q: &str) -> Option<&[String]> {
        self.threats.iter().find(|(t, _)| t == q).map(|(_, r)| r.as_slice())
    }
}

/// The threats and replies on `state`, White to move.
fn situation(model: &mut Model<'_>, state: &State) -> Result<Situation> {
    let mut threats = Vec::new();
    for q in model.moves(state)? {
        let mut next = state.clone();
        next.make(&q);
        // Case (a): a Q after which Black captures White's king is no
        // threat (in chess, an illegal move).
        if !model.wins(&next)?.is_empty() || model.wins(&Model::passed(&next))?.is_empty() {
            continue;
        }
        let mut replies = Vec::new();
        for (reply, wins) in model.replies(&next)? {
            if wins.is_empty() {
                replies.push(reply);
            }
        }
        threats.push((model.uci(&q), replies));
    }
    Ok(Situation { threats })
}

/// Each step's situation, or the first move of its path that is not a move
/// there.
type Situations = Vec<std::result::Result<Situation, String>>;

/// The label of the game's own position among the arrangements.
const GAME: &str = "the game after 10...Qe7";
/// The label of the units the text places and forces.
const TEXT: &str = "the units the text places and forces";

/// The position the game's score reaches, played from the start by the
/// chess engine: every move must be legal.
fn fig14_game(fig: &Fig14) -> Result<Setup> {
    play_moves(&Setup::starting(), &fig.game.score)
        .map_err(|e| bad(format!("Fig. 14: the score of {} is not a legal game: {e}", fig.game.players)))
}

/// The arrangements of Fig. 14: the game's position first; then the units
/// the text places and forces, alone; each forced unit removed; each other
/// nature the text allows.
fn fig14_variants(fig: &Fig14) -> Result<Vec<Variant>> {
    let game = fig14_game(fig)?;
    let board = placement(&fig.all_units()).map_err(bad)?;
    let mut out =
        vec![Variant { label: GAME.to_owned(), board: *game.board() }, Variant { label: TEXT.to_owned(), board }];
    for u in &fig.forced {
        let square: Square = u.square.parse().map_err(|e| bad(format!("{e}")))?;
        let mut b = board;
        b[square.index()] = None;
        out.push(Variant { label: format!("the text's units without {} {}", u.unit, u.square), board: b });
    }
    for a in &fig.also_fits {
        let square: Square = a.square.parse().map_err(|e| bad(format!("{e}")))?;
        for &c in &a.units {
            let p = Piece::from_char(c).ok_or_else(|| bad(format!("`{c}` is not a unit")))?;
            let mut b = board;
            b[square.index()] = Some(p);
            out.push(Variant { label: format!("the text's units with {c} {}", a.square), board: b });
        }
    }
    Ok(out)
}

/// The longest mate the quicker-mate check searches, in moves.
const MATE_HORIZON: u32 = 4;

/// The fewest moves to mate after each of the two threats Pitrat compares,
/// and White's mates in two where the game went on.
struct Mates {
    quicker: Option<u32>,
    than: Option<u32>,
    game_keys: Vec<String>,
}

/// The mates behind Pitrat's claim of a quicker mate, on the game's
/// position (`game`) after the step's path.
fn fig14_quicker(fig: &Fig14, game: &Setup) -> Result<Mates> {
    let q = &fig.quicker;
    let step = fig
        .steps
        .iter()
        .find(|s| s.step == q.step)
        .ok_or_else(|| bad(format!("Fig. 14: no step {} for the quicker mate", q.step)))?;
    let chess = |e: crate::engine::chess::ChessError| bad(format!("Fig. 14, the quicker mate: {e}"));
    let at = play_moves(game, &step.path).map_err(chess)?;
    let search = mate_on(Repr::Bitboard, &at, MATE_HORIZON, Rules::Full, Progress::NONE).map_err(chess)?;
    let fewest = |uci: &str| search.keys.iter().find(|k| k.mv.uci(false).to_string() == uci).map(|k| k.mates_in);
    let after = play_moves(&at, &q.game).map_err(chess)?;
    let game_keys = mate_on(Repr::Bitboard, &after, 2, Rules::Full, Progress::NONE).map_err(chess)?.uci_keys(false);
    Ok(Mates { quicker: fewest(&q.quicker), than: fewest(&q.than), game_keys })
}

/// The first four fields of a FEN: placement, side, castling, en passant.
fn fen_position(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The game's position beside the published one, and each unit the text
/// places or forces beside the game's unit on its square.
pub fn fig14_position_table() -> Result<Table> {
    let fig = &search_for_win()?.fig14;
    let game = fig14_game(fig)?;
    let mut table = Table::new(
        "rules_fig14_position",
        "Fig. 14: the game's position (its score played from the start) beside the published position, and each \
         unit Pitrat's text places or forces beside the game's unit on that square",
        vec![
            Column::new("key", "statement"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let mut push = |key: String, computed: String, value: String, source: String| {
        let published = Published { value, source };
        let [computed, published, source, verdict] = Comparison::new(Some(computed), Some(&published)).cells();
        table.push(vec![Cell::from(key), computed, published, source, verdict]);
    };
    push(
        format!("the position after {} (placement, side, castling, en passant)", fig.game.after),
        fen_position(&game.to_fen()),
        fen_position(&fig.game.fen),
        fig.game.fen_source.clone(),
    );
    push(
        "White's castling rights".to_owned(),
        game.castling_field(),
        fig.castling.clone(),
        format!("Pitrat 1971, seed line {}", fig.castling_line),
    );
    for (u, forced) in fig.units.iter().map(|u| (u, false)).chain(fig.forced.iter().map(|u| (u, true))) {
        let square: Square = u.square.parse().map_err(|e| bad(format!("{e}")))?;
        let on = game.piece_at(square).map_or_else(|| "empty".to_owned(), |p| p.char().to_string());
        let how = match (forced, &u.nature_inferred) {
            (true, _) => "forced by the text; nature the study's choice",
            (false, Some(_)) => "placed by the text; nature inferred",
            (false, None) => "placed by the text",
        };
        push(
            format!("the unit on {} ({how})", u.square),
            on,
            u.unit.to_string(),
            format!("Pitrat 1971, seed line {}", u.line),
        );
    }
    let mates = fig14_quicker(fig, &game)?;
    let q = &fig.quicker;
    let claim = mates.quicker.is_some_and(|a| mates.than.is_none_or(|b| a < b));
    let mut comparison = Comparison::new(
        Some(if claim { "yes" } else { "no" }.to_owned()),
        Some(&Published { value: "yes".to_owned(), source: format!("Pitrat 1971, seed line {}", q.line) }),
    );
    if comparison.verdict == Verdict::Differs {
        comparison.verdict = Verdict::Known;
    }
    let [computed, published, source, verdict] = comparison.cells();
    table.push(vec![
        Cell::from(format!("step {}: {} mates sooner than {} (\"{}\")", q.step, q.quicker, q.than, q.text)),
        computed,
        published,
        source,
        verdict,
    ]);
    let moves = |n: Option<u32>| n.map_or_else(|| format!("more than {MATE_HORIZON}"), |n| n.to_string());
    table.note(format!(
        "Mates, by the full-rules solver (engine::chess::mate) on the position of step {}: {} mates in {}, {} in {}; \
         after the game's {}, White mates in 2 by {}.{}",
        q.step,
        q.quicker,
        moves(mates.quicker),
        q.than,
        moves(mates.than),
        q.game.join(" "),
        mates.game_keys.join(" "),
        if claim { String::new() } else { format!(" Known discrepancy: {}", q.known) }
    ));
    table.note(format!(
        "{}: {}. Score ({}): {}. The seed names the game (\"{}\", line {}) but its diagram is lost; the study plays the \
         score with the chess engine and compares the position it reaches with the published one (the halfmove \
         clock is not compared: versions of the opening differ in move order). Every unit the text places stands \
         in the game, with the nature the study inferred where the text leaves it open.",
        fig.game.players, fig.game.after, fig.game.score_source, fig.game.score_text, fig.game_text, fig.game_line
    ));
    Ok(table)
}

/// Every arrangement's label and situations, the game's first. Cached.
fn fig14_all() -> Result<&'static [(String, Situations)]> {
    static FOUND: OnceLock<std::result::Result<Vec<(String, Situations)>, String>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        let run = || -> Result<Vec<(String, Situations)>> {
            let fig = &search_for_win()?.fig14;
            fig14_variants(fig)?.into_iter().map(|v| Ok((v.label, fig14_situations_on(fig, v.board)?))).collect()
        };
        run().map_err(|e| e.to_string())
    });
    found.as_ref().map(Vec::as_slice).map_err(|why| bad(why.clone()))
}

/// The situations on the game's position.
fn fig14_situations() -> Result<&'static [std::result::Result<Situation, String>]> {
    fig14_all()?.first().map(|(_, s)| s.as_slice()).ok_or_else(|| bad("Fig. 14: no arrangement"))
}

/// Each step's situation on `board`.
fn fig14_situations_on(fig: &Fig14, board: [Option<Piece>; 64]) -> Result<Situations> {
    {
        {
            let program = program(&fig.rules)?;
            let mut model = Model::new(&program)?;
            let start = State::from_text(&program, &fig14_start(fig, board)?)?;
            let mut out = Vec::new();
            for step in &fig.steps {
                let mut state = start.clone();
                let mut missing = None;
                for m in &step.path {
                    match model.play(&state, m)? {
                        Some(next) => state = next,
                        None => {
                            missing = Some(m.clone());
                            break;
                        }
                    }
                }
                out.push(match missing {
                    Some(m) => Err(format!("{m} is not a move on the way")),
                    None => Ok(situation(&mut model, &state)?),
                });
            }
            Ok(out)
        }
    }
}

/// One statement of Fig. 14 with its computed value (`None`: the situation
/// is not reached).
struct Statement14 {
    key: String,
    /// The moves the computed value counts.
    found: String,
    computed: Option<String>,
    published: String,
    line: u32,
}

/// The statements of one step, computed on `found`.
fn step_statements(step: &Step14, found: Option<&Situation>) -> Vec<Statement14> {
    let mut out = Vec::new();
    let mut push = |what: String, found: String, computed: Option<String>, published: String, line: Option<u32>| {
        let key = format!("step {}: {what}", step.step);
        out.push(Statement14 { key, found, computed, published, line: line.unwrap_or(0) });
    };
    let counted: Vec<&(String, Vec<String>)> = found.map_or(Vec::new(), |f| {
        f.threats
            .iter()
            .filter(|(q, _)| step.threats_from.as_ref().is_none_or(|from| q.starts_with(from.as_str())))
            .collect()
    });
    if let Some(n) = step.threats {
        let what = match &step.threats_from {
            Some(from) => format!("threats by the unit on {from}"),
            None => "threats".to_owned(),
        };
        let list: Vec<&str> = counted.iter().map(|(q, _)| q.as_str()).collect();
        push(what, list.join(" "), found.map(|_| list.len().to_string()), n.to_string(), step.threats_line);
    }
    if let Some(n) = step.one_reply {
        let ones: Vec<&str> = counted.iter().filter(|(_, r)| r.len() == 1).map(|(q, _)| q.as_str()).collect();
        let computed = found.map(|_| ones.len().to_string());
        push("threats with one reply".to_owned(), ones.join(" "), computed, n.to_string(), step.one_reply_line);
    }
    for t in &step.shown {
        let replies = found.map(|f| f.replies(&t.q));
        let text = |r: Option<Option<&[String]>>, f: &dyn Fn(&[String]) -> String| {
            r.map(|r| r.map_or_else(|| "not a threat".to_owned(), f))
        };
        let listed = replies.flatten().map_or(String::new(), set_text);
        if let Some(n) = t.replies {
            let computed = text(replies, &|r| r.len().to_string());
            push(format!("{}: replies", t.q), listed.clone(), computed, n.to_string(), Some(t.line));
        } else {
            let computed = text(replies, &|_| "yes".to_owned());
            push(format!("{}: a threat", t.q), listed.clone(), computed, "yes".to_owned(), Some(t.line));
        }
        if !t.named.is_empty() {
            let computed = text(replies, &|r| set_text(r));
            push(format!("{}: the replies named", t.q), listed, computed, set_text(&t.named), t.named_line);
        }
    }
    if let Some(n) = step.others_replies {
        let shown: Vec<&str> = step.shown.iter().map(|t| t.q.as_str()).collect();
        let others: Vec<&(String, Vec<String>)> =
            counted.iter().copied().filter(|(q, _)| !shown.contains(&q.as_str())).collect();
        let listed: Vec<String> = others.iter().map(|(q, r)| format!("{q}: {}", r.len())).collect();
        let mut counts: Vec<usize> = others.iter().map(|(_, r)| r.len()).collect();
        counts.sort_unstable();
        counts.dedup();
        let counts: Vec<String> = counts.iter().map(ToString::to_string).collect();
        let computed = found.map(|_| counts.join(", "));
        push("replies to each other threat".to_owned(), listed.join(" "), computed, n.to_string(), step.others_line);
    }
    if !step.without_reply.is_empty() {
        let mates: Vec<&str> = counted.iter().filter(|(_, r)| r.is_empty()).map(|(q, _)| q.as_str()).collect();
        push(
            "threats without reply".to_owned(),
            counted.iter().map(|(q, r)| format!("{q}: {}", r.len())).collect::<Vec<_>>().join(" "),
            found.map(|_| set_text(&mates)),
            set_text(&step.without_reply),
            step.without_reply_line,
        );
    }
    out
}

/// Every statement of Fig. 14 on `found`, in the paper's order.
fn statements_on(fig: &Fig14, found: &[std::result::Result<Situation, String>]) -> Vec<Statement14> {
    fig.steps.iter().zip(found).flat_map(|(step, f)| step_statements(step, f.as_ref().ok())).collect()
}

/// Every statement of Fig. 14, in the paper's order.
fn fig14_statements() -> Result<Vec<Statement14>> {
    Ok(statements_on(&search_for_win()?.fig14, fig14_situations()?))
}

/// The statements that hold on each arrangement.
pub fn fig14_arrangements_table() -> Result<Table> {
    let fig = &search_for_win()?.fig14;
    let mut table = Table::new(
        "rules_fig14_arrangements",
        "Fig. 14: the statements of the text that hold on the units it places and forces, and on the arrangements \
         that change one of them",
        vec![
            Column::new("key", "arrangement"),
            Column::new("held", "statements that hold"),
            Column::new("total", "statements"),
            Column::new("failing", "statements that fail"),
        ],
    );
    for (label, found) in fig14_all()? {
        let all = statements_on(fig, found);
        let failing: Vec<String> =
            all.iter().filter(|s| s.computed.as_deref() != Some(s.published.as_str())).map(|s| s.key.clone()).collect();
        table.push(vec![
            Cell::from(label.as_str()),
            Cell::from((all.len() - failing.len()) as u64),
            Cell::from(all.len() as u64),
            Cell::from(failing.join("; ")),
        ]);
    }
    table.note(format!(
        "{}. 'without' removes a unit the text forces; 'for the stored unit' puts another nature the text allows \
         (datasets/{FILE} gives the sentences and reasons).",
        fig.location
    ));
    Ok(table)
}

/// Fig. 14's statements on the game's position.
pub fn fig14_table() -> Result<Table> {
    let fig = &search_for_win()?.fig14;
    let mut table = Table::new(
        "rules_fig14",
        "Fig. 14 (search for a win in a position of a game of Edward Lasker's): Pitrat's threats and replies at \
         each step, in chess (chess.rules), on the game's position",
        vec![
            Column::new("key", "statement"),
            Column::new("found", "moves found"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let mut known_notes = Vec::new();
    for s in fig14_statements()? {
        let published = Published { value: s.published, source: format!("Pitrat 1971, Fig. 14, seed line {}", s.line) };
        let mut comparison = Comparison::new(s.computed, Some(&published));
        if let Some(k) = fig.known.iter().find(|k| k.statement == s.key)
            && comparison.verdict == Verdict::Differs
        {
            comparison.verdict = Verdict::Known;
            known_notes.push(format!("Known discrepancy, {}: {}", k.statement, k.why));
        }
        let [computed, published, source, verdict] = comparison.cells();
        table.push(vec![Cell::from(s.key), Cell::from(s.found), computed, published, source, verdict]);
    }
    let unreached: Vec<String> = fig
        .steps
        .iter()
        .zip(fig14_situations()?)
        .filter_map(|(st, f)| f.as_ref().err().map(|why| format!("step {}: {why}", st.step)))
        .collect();
    table.note(format!(
        "{}. \"{}\" (line {}) \"{}\" (line {}) The position is the game's ({}, after {}; rules_fig14_position \
         checks it against the published position and against every unit the text places). A threat: a move Q \
         after which, were Black to pass, White would capture the king (in chess, a check); its replies: Black's \
         moves after Q after which White cannot capture the king (his legal moves). Each step is reached by the \
         moves the text names (A, I, J, K, L, O, R, U). rules_fig14_arrangements shows how many statements hold \
         on the units of the text alone.{}",
        fig.location,
        fig.castling_text,
        fig.castling_line,
        fig.game_text,
        fig.game_line,
        fig.game.players,
        fig.game.after,
        if unreached.is_empty() { String::new() } else { format!(" Not reached: {}.", unreached.join("; ")) }
    ));
    for n in known_notes {
        table.note(n);
    }
    Ok(table)
}

/// This part of the rules study: Figs. 5, 13 and 14.
pub fn part(_budget: Budget, _progress: Progress<'_>) -> Result<Part> {
    let tables = vec![
        fig5_table()?,
        fig13_completions_table()?,
        fig13_table()?,
        fig14_position_table()?,
        fig14_arrangements_table()?,
        fig14_table()?,
    ];
    let reading = vec![format!(
        "Pitrat's search for a win ({}), Figs. 5, 13 and 14, from what the text states: the positions that fit it, \
         found by search, and his steps played on them.",
        search_for_win()?.source
    )];
    Ok(Part { tables, plots: Vec::new(), reading })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dataset_parses_and_its_units_stand_apart() {
        let data = search_for_win().unwrap();
        let units = data.fig13.all_units();
        assert_eq!(placement(&units).unwrap().iter().flatten().count(), units.len());
        assert_eq!(board_text(0b000_000_111, 0b111_000_000), "xxx/3/XXX 1");
        assert_eq!(board_text(0b100_000_001, 0b000_010_000), "2X/1x1/X2 1");
    }

    #[test]
    fn fig5_boards_block_the_opponent_into_moving_the_centre_man() {
        let found = fig5_blockades().unwrap();
        // One board: X on (3, 3), (1, 2), (2, 1); the opponent's men on (1,
        // 3) and (1, 1) are walled in, the centre man can only go to (3, 2).
        let boards: Vec<&str> = found.iter().map(|b| b.position.as_str()).collect();
        assert_eq!(boards, ["x1X/Xx1/xX1 1"]);
        for b in &found {
            assert!(b.answers.iter().all(|(t, _)| t.starts_with("TRAVEL, (2, 2)")), "{b:?}");
        }
    }

    #[test]
    fn fig13_every_statement_holds_on_a_completion_and_each_forced_unit_is_needed() {
        let Search13 { arrangements: all, stored } = fig13_search().unwrap();
        assert!(!all[0].completions.is_empty(), "{:?}", all[0]);
        assert!(stored.is_some());
        for k in &all[1..] {
            if k.label.starts_with("without") {
                assert!(k.completions.is_empty(), "{k:?}");
                assert!(!k.always_failing.is_empty(), "{k:?}");
            }
        }
        let table = fig13_table().unwrap();
        assert_eq!(table.rows.len(), 2 + 3 * 3);
        assert!(table.rows.iter().all(|r| r[5] == Cell::Verdict(Verdict::Match)), "{table:?}");
    }

    #[test]
    fn fig13_without_the_h7_unit_the_king_escapes_there() {
        let fig = &search_for_win().unwrap().fig13;
        let program = program("pitrat-chess").unwrap();
        let mut model = Model::new(&program).unwrap();
        let mut board = placement(&fig.all_units()).unwrap();
        board["h7".parse::<Square>().unwrap().index()] = None;
        let start = start_with_king(&mut model, &program, &board, "h1".parse().unwrap()).unwrap().unwrap();
        let s = steps(&mut model, &start, fig).unwrap();
        let h7 = "g8h7".to_owned();
        assert!(s.replies.iter().all(|r| r.destroyers.contains(&h7)), "{:?}", s.replies);
        // The knight on f6 covers h7 in couple 1; in 5 and 11 the king escapes.
        assert!(s.replies[0].eliminated.contains(&h7), "{:?}", s.replies[0]);
        assert!(s.replies[1..].iter().all(|r| r.replies.contains(&h7)), "{:?}", s.replies);
    }

    #[test]
    fn fig14_the_threats_found_follow_the_text_and_the_mate_ends_it() {
        let found = fig14_situations().unwrap();
        assert!(found.iter().all(Result::is_ok), "every step is reached by the moves the text names");
        let at = |step: usize| found[step].as_ref().unwrap();
        // Step 1: three threats, Qxh7+ with the one reply Kxh7.
        let first: Vec<&str> = at(0).threats.iter().map(|(q, _)| q.as_str()).collect();
        assert_eq!(first, ["e4f6", "h5h7", "h5f7"]);
        assert_eq!(at(0).replies("h5h7").unwrap(), ["g8h7"]);
        // Step 9: two mates, Kd2 and long castling.
        let mates: Vec<&str> = at(8).threats.iter().filter(|(_, r)| r.is_empty()).map(|(q, _)| q.as_str()).collect();
        assert_eq!(mates, ["e1d2", "e1c1"]);
        let table = fig14_table().unwrap();
        let count = |v: Verdict| table.rows.iter().filter(|r| r[5] == Cell::Verdict(v)).count();
        assert_eq!((count(Verdict::Match), count(Verdict::Known), table.rows.len()), (44, 4, 48), "{table:?}");
    }

    #[test]
    fn fig14_the_game_reaches_the_published_position_with_every_unit_of_the_text() {
        let table = fig14_position_table().unwrap();
        assert!(table.rows.len() > 3, "{table:?}");
        let quicker = |r: &&Vec<Cell>| matches!(&r[0], Cell::Text(t) if t.contains("mates sooner"));
        assert!(table.rows.iter().filter(|r| !quicker(r)).all(|r| r[4] == Cell::Verdict(Verdict::Match)), "{table:?}");
        // Both threats mate in four: the claim holds only against the line Lasker played.
        let claim = table.rows.iter().find(quicker).unwrap();
        assert_eq!((&claim[1], &claim[4]), (&Cell::from("no"), &Cell::Verdict(Verdict::Known)), "{table:?}");
        let mates =
            fig14_quicker(&search_for_win().unwrap().fig14, &fig14_game(&search_for_win().unwrap().fig14).unwrap())
                .unwrap();
        assert_eq!((mates.quicker, mates.than), (Some(4), Some(4)));
        assert_eq!(mates.game_keys, ["e1f1", "e1g1"]);
    }

    #[test]
    fn fig14_every_known_discrepancy_names_a_statement_that_differs() {
        let fig = &search_for_win().unwrap().fig14;
        let statements = fig14_statements().unwrap();
        for k in &fig.known {
            let s = statements.iter().find(|s| s.key == k.statement).unwrap_or_else(|| panic!("{}", k.statement));
            assert_ne!(s.computed.as_deref(), Some(s.published.as_str()), "{}", k.statement);
        }
    }

    #[test]
    fn fig14_without_the_e6_unit_fewer_statements_hold() {
        let table = fig14_arrangements_table().unwrap();
        let held = |label: &str| table.rows.iter().find(|r| r[0] == Cell::from(label)).map(|r| r[1].clone()).unwrap();
        assert_eq!(held(GAME), Cell::from(44u64));
        assert_eq!(held(TEXT), Cell::from(42u64));
        let Cell::UInt(without) = held("the text's units without p e6") else { panic!("{table:?}") };
        assert!(without < 42, "{table:?}");
    }
}
