//! Game records: parsing, replay, the first illegal move and its repair.
//!
//! A record is PDN-like text: tags such as `[Numbering "cochran"]` or
//! `[FEN "B:W…:B…"]`, move numbers (`12.`), moves (`9-14`, `16x23`,
//! `16x23x30`), comments in braces, `?` for a move that cannot be read and
//! a result (`*`, `1-0`, `0-1`, `1/2-1/2`) ending the game. Squares are in
//! the standard numbering unless the `Numbering` tag (or the caller) says
//! `cochran`.
//!
//! The replay plays each recorded move. When a move is illegal — a ghost
//! square, a square off the board, no such legal move, an unreadable entry —
//! every legal move in its place is tried, and the rest of the record is
//! replayed after it. The repair is the legal move after which the record
//! goes on legally for the most plies; ties go to the move whose square
//! numbers are fewest characters away from what was written (the edit
//! distance, as an OCR slip would change them). When one candidate is ahead
//! and lets at least the next recorded ply through, the replay continues
//! with it and looks for the next damage; otherwise it stops.

use std::fmt;

use super::error::CheckersError;
use super::perft::{legal_moves, play};
use super::{Color, Move, Numbering, Position, Repr, Square, distinct_results};

/// One move as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The text as written in the record (after normalization).
    pub text: String,
    /// The square numbers written, `None` for an unreadable move (`?`).
    pub squares: Option<Vec<u32>>,
}

/// A game record.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The `Event` tag, or `game N`.
    pub name: String,
    /// How squares are numbered.
    pub numbering: Numbering,
    /// The starting position.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Recorded>,
}

/// Parses every game of a record. `numbering` overrides the `Numbering`
/// tags when given.
///
/// ```
/// use plybench::engine::checkers::replay::parse_games;
///
/// let games = parse_games("[Numbering \"cochran\"] 1. 12-16 24-20 *", None)?;
/// assert_eq!(games[0].moves.len(), 2);
/// # Ok::<(), plybench::engine::checkers::CheckersError>(())
/// ```
///
/// # Errors
///
/// [`CheckersError`] for text that is not a game record: an unclosed
/// comment, a malformed tag, a token that is not a move, no moves at all,
/// or a `Numbering` or `FEN` tag whose value cannot be used.
pub fn parse_games(text: &str, numbering: Option<Numbering>) -> Result<Vec<Game>, CheckersError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut moves: Vec<Recorded> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut token = String::new();
    let finish = |tags: &mut Vec<(String, String)>,
                  moves: &mut Vec<Recorded>,
                  games: &mut Vec<Game>|
     -> Result<(), CheckersError> {
        if tags.is_empty() && moves.is_empty() {
            return Ok(());
        }
        let tag = |name: &str| tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
        let numbering = match (numbering, tag("Numbering")) {
            (Some(n), _) => n,
            (None, Some(v)) => v.parse().map_err(|e| bad_tag("Numbering", e))?,
            (None, None) => Numbering::Standard,
        };
        let start = match tag("FEN") {
            Some(fen) => fen.parse().map_err(|e| bad_tag("FEN", e))?,
            None => Position::start(),
        };
        let name = tag("Event").unwrap_or_else(|| format!("game {}", games.len() + 1));
        games.push(Game { name, numbering, start, moves: std::mem::take(moves) });
        tags.clear();
        Ok(())
    };
    loop {
        let next = chars.next();
        let boundary = match next {
            None => true,
            Some((_, c)) => c.is_whitespace() || c == '{' || c == '[',
        };
        if boundary && !token.is_empty() {
            let t = std::mem::take(&mut token);
            match t.as_str() {
                "*" | "1-0" | "0-1" | "1/2-1/2" => finish(&mut tags, &mut moves, &mut games)?,
                _ => {
                    if let Some(m) = parse_token(&t)? {
                        moves.push(m);
                    }
                }
            }
        }
        let Some((at, c)) = next else { break };
        match c {
            '{' => {
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(CheckersError::UnclosedComment { at });
                }
            }
            '[' => {
                if !moves.is_empty() {
                    finish(&mut tags, &mut moves, &mut games)?;
                }
                let mut body = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == ']' {
                        closed = true;
                        break;
                    }
                    body.push(c);
                }
                let parsed = body.trim().split_once(' ').and_then(|(k, v)| {
                    let v = v.trim();
                    (v.len() >= 2 && v.starts_with('"') && v.ends_with('"'))
                        .then(|| (k.to_owned(), v[1..v.len() - 1].to_owned()))
                });
                match (closed, parsed) {
                    (true, Some(tag)) => tags.push(tag),
                    _ => return Err(CheckersError::MalformedTag { body, at }),
                }
            }
            c if c.is_whitespace() => {}
            c => token.push(c),
        }
    }
    finish(&mut tags, &mut moves, &mut games)?;
    if games.is_empty() {
        return Err(CheckersError::NoMoves);
    }
    Ok(games)
}

fn bad_tag(tag: &'static str, source: CheckersError) -> CheckersError {
    CheckersError::BadTag { tag, source: Box::new(source) }
}

/// A token: a move number (ignored), a move, or `?`.
fn parse_token(t: &str) -> Result<Option<Recorded>, CheckersError> {
    let digits_dot = t.trim_end_matches('.');
    if digits_dot.len() < t.len() && !digits_dot.is_empty() && digits_dot.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    if t == "?" {
        return Ok(Some(Recorded { text: "?".into(), squares: None }));
    }
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && p.len() <= 3)
    {
        let squares = parts.iter().map(|p| p.parse().unwrap_or(u32::MAX)).collect();
        return Ok(Some(Recorded { text: t.to_owned(), squares: Some(squares) }));
    }
    Err(CheckersError::BadToken(t.to_owned()))
}

/// Why a recorded move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `?`: the record has no readable move here.
    Unreadable,
    /// A square that does not exist in the record's numbering.
    BadSquare(String),
    /// The squares exist but no legal move joins them.
    NotLegal,
    /// More than one legal move fits and they end differently.
    Ambiguous,
    /// The side to move has no move but the record goes on.
    GameOver,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Unreadable => f.write_str("unreadable in the record"),
            Fault::BadSquare(why) => f.write_str(why),
            Fault::NotLegal => f.write_str("no legal move joins these squares"),
            Fault::Ambiguous => f.write_str("more than one legal move fits"),
            Fault::GameOver => f.write_str("the side to move has no legal move"),
        }
    }
}

/// A damaged entry of a record and its repair.
#[derive(Clone, Debug, PartialEq)]
pub struct Damage {
    /// Index of the ply, from 0.
    pub ply: usize,
    /// Move number (both sides' moves share one).
    pub number: usize,
    /// Who was to move.
    pub side: Color,
    /// What the record says.
    pub recorded: String,
    /// Why it cannot be played.
    pub fault: Fault,
    /// Legal moves in the record's numbering, written `from-to`, that let
    /// the record go on longest, best first.
    pub repairs: Vec<String>,
    /// The chosen repair, if exactly one candidate is ahead.
    pub repair: Option<Move>,
    /// How many of the following recorded plies replay after the best
    /// candidates.
    pub plies_after: usize,
    /// How many legal moves there were to choose from.
    pub legal: usize,
}

/// The replay of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The game's name.
    pub name: String,
    /// The numbering of the record.
    pub numbering: Numbering,
    /// Recorded plies.
    pub plies: usize,
    /// Plies played as recorded before the first damage.
    pub clean_plies: usize,
    /// Every damage found, in order; the replay stops at one without a
    /// single repair.
    pub damages: Vec<Damage>,
    /// The last position reached.
    pub end: Position,
}

/// Writes `mv` in `numbering`, `from-to` (or `fromxto` for a capture).
pub fn write_move(mv: &Move, numbering: Numbering) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    format!("{}{sep}{}", numbering.number(mv.from), numbering.number(mv.to))
}

fn resolve(position: &Position, rec: &Recorded, numbering: Numbering) -> Result<Move, Fault> {
    let Some(numbers) = &rec.squares else {
        return Err(Fault::Unreadable);
    };
    let squares: Vec<Square> = numbers
        .iter()
        .map(|&n| numbering.square(n).map_err(|e| Fault::BadSquare(e.to_string())))
        .collect::<Result<_, _>>()?;
    let mut legal = legal_moves(Repr::Bitboard, position);
    if legal.is_empty() {
        return Err(Fault::GameOver);
    }
    distinct_results(&mut legal);
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    let fits: Vec<Move> = legal
        .into_iter()
        .filter(|m| m.from == first && m.to == last)
        .filter(|m| squares.len() == 2 || m.landings() == squares[1..])
        .collect();
    match fits.as_slice() {
        [] => Err(Fault::NotLegal),
        [one] => Ok(*one),
        [one, rest @ ..] if rest.iter().all(|m| m.result_key() == one.result_key()) => Ok(*one),
        _ => Err(Fault::Ambiguous),
    }
}

/// How many of `moves` replay legally in a row from `position`.
fn run_length(mut position: Position, moves: &[Recorded], numbering: Numbering) -> usize {
    let mut n = 0;
    for rec in moves {
        match resolve(&position, rec, numbering) {
            Ok(mv) => position = play(&position, &mv),
            Err(_) => break,
        }
        n += 1;
    }
    n
}

/// How far `mv` is from what was written: the edit distance between the
/// written and the legal square numbers, start and end (0 for `?`).
fn distance(mv: &Move, rec: &Recorded, numbering: Numbering) -> usize {
    let Some(sq) = &rec.squares else { return 0 };
    let (Some(first), Some(last)) = (sq.first(), sq.last()) else { return 0 };
    edit_distance(&first.to_string(), &numbering.number(mv.from).to_string())
        + edit_distance(&last.to_string(), &numbering.number(mv.to).to_string())
}

/// Levenshtein distance of two short strings.
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

/// Replays `game`, finding each damaged entry and its repair.
///
/// ```
/// use plybench::engine::checkers::replay::{parse_games, replay};
///
/// // 24-20 is Red's (White's) reply in Cochran's numbering; 22-19 cannot be.
/// let game = &parse_games("[Numbering \"cochran\"] 1. 12-16 22-19 2. 16x24 28x20 *", None)?[0];
/// let r = replay(game);
/// assert_eq!(r.damages[0].number, 1);
/// assert_eq!(r.damages[0].repairs, ["24-20"]);
/// # Ok::<(), plybench::engine::checkers::CheckersError>(())
/// ```
pub fn replay(game: &Game) -> Replay {
    let mut position = game.start;
    let mut damages = Vec::new();
    let mut clean_plies = None;
    let first_side = game.start.side;
    let mut i = 0;
    while i < game.moves.len() {
        let rec = &game.moves[i];
        match resolve(&position, rec, game.numbering) {
            Ok(mv) => {
                position = play(&position, &mv);
                i += 1;
                continue;
            }
            Err(fault) => {
                clean_plies.get_or_insert(i);
                let mut legal = legal_moves(Repr::Bitboard, &position);
                distinct_results(&mut legal);
                let rest = &game.moves[i + 1..];
                let mut scored: Vec<(usize, usize, Move)> = legal
                    .iter()
                    .map(|mv| {
                        (run_length(play(&position, mv), rest, game.numbering), distance(mv, rec, game.numbering), *mv)
                    })
                    .collect();
                scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
                let best = scored.first().map(|s| (s.0, s.1));
                let top: Vec<&(usize, usize, Move)> = scored.iter().filter(|s| Some((s.0, s.1)) == best).collect();
                let plies_after = best.map_or(0, |b| b.0);
                // A repair must let the record go on (unless nothing follows)
                // and be ahead of every other legal move.
                let repair = match top.as_slice() {
                    [one] if plies_after > 0 || rest.is_empty() => Some(one.2),
                    _ => None,
                };
                let side = if i % 2 == 0 { first_side } else { first_side.other() };
                let number = (i + usize::from(first_side == Color::White)) / 2 + 1;
                damages.push(Damage {
                    ply: i,
                    number,
                    side,
                    recorded: rec.text.clone(),
                    fault,
                    repairs: top.iter().map(|s| write_move(&s.2, game.numbering)).collect(),
                    repair,
                    plies_after,
                    legal: legal.len(),
                });
                match repair {
                    Some(mv) => {
                        position = play(&position, &mv);
                        i += 1;
                    }
                    None => break,
                }
            }
        }
    }
    Replay {
        name: game.name.clone(),
        numbering: game.numbering,
        plies: game.moves.len(),
        clean_plies: clean_plies.unwrap_or(game.moves.len()),
        damages,
        end: position,
    }
}
