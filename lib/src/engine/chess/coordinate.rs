//! Game scores in coordinate notation, the from-to notation of the
//! microcomputer chess literature (`e2–e4`, `Nb1–c3`, `Kb4 × a4`,
//! `f1–b5 +`, `e2–d1 = Q`, `e7–e8(Q)+`): reading a move, resolving it
//! against the legal moves of a position, and replaying a score.
//!
//! A written move names its origin and destination square, optionally its
//! piece (`KQRBN`), a capture sign (`×`, `x`, `:`), a promotion (`=Q`,
//! `(Q)`) and the writer's claims: check (`+`), mate (`mate`, `#`, `++`).
//! Resolving a move looks for the legal move with that origin, destination
//! and promotion; castling is the king's move (`e1–g1`). A move that is not
//! legal is reported with the position and its nearest legal readings: the
//! legal moves whose squares are fewest characters away from what was
//! written, as a misprint or a scan error would change them. A promotion
//! written without its piece is ambiguous, and the candidates are listed.
//! Claims are read, not enforced: the replay says whether each holds.
//!
//! ```
//! use plybench::engine::chess::coordinate::{Written, resolve};
//! use plybench::engine::chess::Setup;
//!
//! let start = Setup::starting();
//! let m = resolve(&start, &"Ng1–f3".parse::<Written>()?)?;
//! assert_eq!(m.to_string(), "g1f3");
//! // A knight cannot reach f4: the nearest readings are listed.
//! let err = resolve(&start, &"g1–f4".parse::<Written>()?).unwrap_err();
//! assert!(err.to_string().contains("g1f3"), "{err}");
//! # Ok::<(), plybench::engine::chess::coordinate::NotationError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use super::x88::X88Board;
use super::{Board, Move, MoveList, Role, Setup, Square, zobrist::zobrist};

/// A move as written in coordinate notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The text, as given.
    pub text: String,
    /// The piece letter written, if any (`None` for a pawn or no letter).
    pub role: Option<Role>,
    /// The origin square.
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// Whether a capture sign was written.
    pub capture: bool,
    /// The promotion piece written.
    pub promotion: Option<Role>,
    /// Whether check was claimed (`+`; mate claims it too).
    pub check: bool,
    /// Whether mate was claimed.
    pub mate: bool,
}

/// Why a written move cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Text that is not a move in coordinate notation.
    #[error("`{text}` is not a move in coordinate notation ({why}); expected e.g. e2-e4, Nb1-c3, e7-e8(Q)+")]
    Malformed {
        /// The text.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A move no legal move matches.
    #[error("{text} cannot be played in {fen}; nearest legal readings: {}", if .nearest.is_empty() { "none".to_owned() } else { .nearest.join(", ") })]
    Illegal {
        /// The text.
        text: String,
        /// The position (FEN).
        fen: String,
        /// The nearest legal readings, in UCI notation, nearest first.
        nearest: Vec<String>,
    },
    /// A move that more than one legal move matches.
    #[error("{text} is ambiguous in {fen}; candidates: {}", .candidates.join(", "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The position (FEN).
        fen: String,
        /// The legal moves it could be, in UCI notation.
        candidates: Vec<String>,
    },
    /// A score that cannot be read: a token that is neither a move number,
    /// a move, nor a known word.
    #[error("score token `{token}` is not a move number, a move or a result word")]
    Token {
        /// The token.
        token: String,
    },
}

fn malformed(text: &str, why: &'static str) -> NotationError {
    NotationError::Malformed { text: text.to_owned(), why }
}

/// The square named by the two characters at `i`, if they name one.
fn square_at(chars: &[char], i: usize) -> Option<Square> {
    let file = *chars.get(i)?;
    let rank = *chars.get(i + 1)?;
    if !('a'..='h').contains(&file) || !('1'..='8').contains(&rank) {
        return None;
    }
    Square::from_coords(file as u8 - b'a', rank as u8 - b'1')
}

impl FromStr for Written {
    type Err = NotationError;

    /// Reads one move. Spaces inside the move (`Kb4 × a4`, `f1–b5 +`) are
    /// ignored; annotations `!` and `?` are dropped.
    fn from_str(text: &str) -> Result<Written, NotationError> {
        let mut body: String = text.chars().filter(|c| !c.is_whitespace() && !matches!(c, '!' | '?')).collect();
        let mut mate = false;
        for suffix in ["mate", "#", "++"] {
            if let Some(rest) = body.strip_suffix(suffix) {
                body = rest.to_owned();
                mate = true;
            }
        }
        let mut check = mate;
        if let Some(rest) = body.strip_suffix('+') {
            body = rest.to_owned();
            check = true;
        }
        let chars: Vec<char> = body.chars().collect();
        let mut i = 0;
        let role = match chars.first().copied() {
            Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => {
                i = 1;
                Role::from_char(c.to_ascii_lowercase())
            }
            _ => None,
        };
        let from = square_at(&chars, i).ok_or_else(|| malformed(text, "no origin square"))?;
        i += 2;
        let capture = match chars.get(i) {
            Some('-' | '–' | '—') => false,
            Some('×' | 'x' | ':') => true,
            _ => return Err(malformed(text, "no - or × between the squares")),
        };
        i += 1;
        let to = square_at(&chars, i).ok_or_else(|| malformed(text, "no destination square"))?;
        i += 2;
        let rest: String = chars[i..].iter().collect();
        let promotion = match rest.as_str() {
            "" => None,
            "=Q" | "(Q)" | "Q" => Some(Role::Queen),
            "=R" | "(R)" | "R" => Some(Role::Rook),
            "=B" | "(B)" | "B" => Some(Role::Bishop),
            "=N" | "(N)" | "N" => Some(Role::Knight),
            _ => return Err(malformed(text, "unreadable text after the destination")),
        };
        Ok(Written { text: text.trim().to_owned(), role, from, to, capture, promotion, check, mate })
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The legal moves of `setup`.
pub fn legal_moves(setup: &Setup) -> MoveList {
    let mut moves = MoveList::new();
    X88Board::from_setup(setup).legal_moves(&mut moves);
    moves
}

/// The position after `m`, legal in `setup`, with the clocks kept.
pub fn after(setup: &Setup, m: Move) -> Setup {
    let mut board = X88Board::from_setup(setup);
    let pawn = setup.piece_at(m.from()).is_some_and(|p| p.role == Role::Pawn);
    let halfmove = if pawn || m.is_capture() { 0 } else { setup.halfmove_clock().saturating_add(1) };
    let fullmove = setup.fullmove_number().saturating_add(u32::from(setup.turn() == super::Color::Black));
    board.make(m);
    board.to_setup().with_clocks(halfmove, fullmove)
}

/// Whether the side to move in `setup` is in check.
pub fn in_check(setup: &Setup) -> bool {
    X88Board::from_setup(setup).is_check()
}

/// How many of the four square characters of `m` differ from those written,
/// plus one for a piece letter that does not name the piece moved.
fn distance(setup: &Setup, m: Move, w: &Written) -> usize {
    let pair = |s: Square| [s.file(), s.rank()];
    let a = [pair(m.from()), pair(m.to())].concat();
    let b = [pair(w.from), pair(w.to)].concat();
    let squares = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    let piece = setup.piece_at(m.from()).map(|p| p.role);
    squares + usize::from(w.role.is_some_and(|role| piece != Some(role)))
}

/// The FEN of `setup`.
fn fen(setup: &Setup) -> String {
    setup.to_fen()
}

/// The legal moves of `setup` nearest to `w`: those at the smallest
/// distance (at most two characters), in UCI notation.
pub fn nearest(setup: &Setup, w: &Written) -> Vec<String> {
    let moves = legal_moves(setup);
    let best = moves.iter().map(|&m| distance(setup, m, w)).min().unwrap_or(usize::MAX);
    if best > 2 {
        return Vec::new();
    }
    let mut near: Vec<String> =
        moves.iter().filter(|&&m| distance(setup, m, w) == best).map(|m| m.uci(false).to_string()).collect();
    near.sort();
    near
}

/// The legal move of `setup` that `w` writes.
///
/// # Errors
///
/// [`NotationError::Illegal`] when no legal move has that origin,
/// destination (and promotion), or the piece letter names another piece;
/// [`NotationError::Ambiguous`] when more than one does (a promotion
/// written without its piece).
pub fn resolve(setup: &Setup, w: &Written) -> Result<Move, NotationError> {
    let moves = legal_moves(setup);
    let piece = |m: Move| setup.piece_at(m.from()).map(|p| p.role);
    let matching: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| m.from() == w.from && (m.to() == w.to || (m.is_castle() && castle_to(m) == w.to)))
        .filter(|&m| w.role.is_none_or(|r| piece(m) == Some(r)))
        .filter(|&m| w.promotion.is_none() || m.promotion() == w.promotion)
        .collect();
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err(NotationError::Illegal { text: w.text.clone(), fen: fen(setup), nearest: nearest(setup, w) }),
        many => Err(NotationError::Ambiguous {
            text: w.text.clone(),
            fen: fen(setup),
            candidates: many.iter().map(|m| m.uci(false).to_string()).collect(),
        }),
    }
}

/// Where a castling king lands (the move is encoded as the king taking its
/// rook).
fn castle_to(m: Move) -> Square {
    super::Castles::destinations(m).0
}

/// A score: the moves in order, from a first move number and side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The number of the first move.
    pub first: u32,
    /// Whether the first move written is Black's (`12 ... c8–d7`).
    pub black_first: bool,
    /// The moves, in order; a token in a move's place that cannot be read
    /// as one keeps its place, with the reason.
    pub moves: Vec<Result<Written, NotationError>>,
    /// The closing word, if any (`Resigns`, `Black Resigns`, `mate`).
    pub end: Option<String>,
}

/// Reads a score: move numbers (`12`, `12.`), `...` for the half-move not
/// given, the moves, and a closing `Resigns` (`Black Resigns`). A lone
/// `mate` or `+` after a move is a claim on that move. Any other token
/// stands in a move's place, read or not ([`Score::moves`]).
///
/// ```
/// use plybench::engine::chess::coordinate::parse_score;
///
/// let score = parse_score("20 ... c8–c6 21 d1–d8 mate")?;
/// assert!(score.black_first && score.first == 20);
/// assert!(score.moves[1].as_ref().is_ok_and(|m| m.mate));
/// # Ok::<(), plybench::engine::chess::coordinate::NotationError>(())
/// ```
///
/// # Errors
///
/// [`NotationError::Token`] for a claim (`mate`, `+`) that follows no
/// readable move.
pub fn parse_score(text: &str) -> Result<Score, NotationError> {
    // Glue the spaced signs to their move: `Kb4 × a4`, `f1–b5 +`, `= Q`.
    let mut glued = String::new();
    for c in text.chars() {
        match c {
            '×' | '–' | '-' | '=' | '+' | '(' | ')' => {
                while glued.ends_with(' ') {
                    glued.pop();
                }
                glued.push(c);
                if c != '+' && c != ')' {
                    continue;
                }
            }
            c if c.is_whitespace() && (glued.ends_with(['×', '–', '-', '=', '('])) => {}
            c => glued.push(c),
        }
    }
    let glued = glued.replace(". . .", "...").replace('…', "...");
    let mut score = Score { first: 0, black_first: false, moves: Vec::new(), end: None };
    let mut started = false;
    for token in glued.split_whitespace() {
        let token = token.trim_end_matches(',');
        if let Ok(n) = token.trim_end_matches('.').parse::<u32>() {
            if !started {
                score.first = n;
            }
            continue;
        }
        match token {
            "..." => {
                if !started {
                    score.black_first = true;
                }
                continue;
            }
            "mate" | "#" => {
                let last = last_move(&mut score, token)?;
                last.mate = true;
                last.check = true;
                continue;
            }
            "+" => {
                last_move(&mut score, token)?.check = true;
                continue;
            }
            "Resigns" | "resigns" | "Black" | "White" => {
                let end = score.end.get_or_insert_with(String::new);
                if !end.is_empty() {
                    end.push(' ');
                }
                end.push_str(token);
                continue;
            }
            "!" | "?" | "!?" | "?!" | "??" | "!!" => continue,
            _ => {}
        }
        started = true;
        score.moves.push(token.parse());
    }
    Ok(score)
}

/// The move a lone claim (`mate`, `+`) follows.
fn last_move<'a>(score: &'a mut Score, token: &str) -> Result<&'a mut Written, NotationError> {
    match score.moves.last_mut() {
        Some(Ok(w)) => Ok(w),
        _ => Err(NotationError::Token { token: token.to_owned() }),
    }
}

/// One ply of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move as written.
    pub written: Written,
    /// The position before it.
    pub before: Setup,
    /// The legal move it resolves to, or why it cannot be played.
    pub played: Result<Move, NotationError>,
    /// The position after it (the one before when it cannot be played).
    pub after: Setup,
    /// Whether the move gives check.
    pub gives_check: bool,
    /// Whether the side to move after it has no legal move.
    pub no_reply: bool,
    /// How often the position after it (placement, side, castling, en
    /// passant) has stood on the board in this replay, the start included.
    pub occurrence: u32,
}

impl Ply {
    /// Whether the move mates.
    pub fn mates(&self) -> bool {
        self.gives_check && self.no_reply
    }

    /// Whether the move stalemates.
    pub fn stalemates(&self) -> bool {
        !self.gives_check && self.no_reply
    }

    /// Whether the move captures.
    pub fn captures(&self) -> bool {
        self.played.as_ref().is_ok_and(|m| m.is_capture())
    }
}

/// Replays `moves` from `start` up to the first that cannot be played
/// (which is the last ply returned, with its error).
pub fn replay(start: &Setup, moves: &[Written]) -> Vec<Ply> {
    let mut seen = vec![zobrist(start)];
    let mut position = start.clone();
    let mut plies = Vec::new();
    for w in moves {
        let played = resolve(&position, w);
        let Ok(m) = played else {
            plies.push(Ply {
                written: w.clone(),
                before: position.clone(),
                played,
                after: position.clone(),
                gives_check: false,
                no_reply: false,
                occurrence: 0,
            });
            break;
        };
        let next = after(&position, m);
        let key = zobrist(&next);
        seen.push(key);
        let occurrence = seen.iter().filter(|&&k| k == key).count() as u32;
        plies.push(Ply {
            written: w.clone(),
            before: position,
            played: Ok(m),
            gives_check: in_check(&next),
            no_reply: legal_moves(&next).is_empty(),
            after: next.clone(),
            occurrence,
        });
        position = next;
    }
    plies
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(text: &str) -> Written {
        text.parse().unwrap()
    }

    #[test]
    fn the_forms_of_the_notation_are_read() {
        let m = w("Kb4 × a4");
        assert_eq!(
            (m.role, m.from.to_string(), m.to.to_string(), m.capture),
            (Some(Role::King), "b4".into(), "a4".into(), true)
        );
        let m = w("e7–e8(Q)+");
        assert_eq!((m.promotion, m.check, m.mate), (Some(Role::Queen), true, false));
        let m = w("e2–d1 = Q");
        assert_eq!(m.promotion, Some(Role::Queen));
        assert!(w("f8–h6+ ?").check);
        assert!(w("h7-f7mate").mate);
        let s = parse_score("10 ... f8–h6 + ? 11 c1–b1").unwrap();
        assert!(s.black_first && s.moves[0].as_ref().unwrap().check);
        for bad in ["", "e2", "e2e4", "Ral-b1", "e9-e4", "e2-e4 (K)", "Pe2-e4"] {
            assert!(bad.parse::<Written>().is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_resolve_against_the_legal_moves() {
        let start = Setup::starting();
        assert_eq!(resolve(&start, &w("e2–e4")).unwrap().to_string(), "e2e4");
        // A piece letter must name the piece on the origin square.
        assert!(matches!(resolve(&start, &w("Ne2-e4")), Err(NotationError::Illegal { .. })));
        // Castling is the king's move.
        let castle = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert!(resolve(&castle, &w("e1–g1")).unwrap().is_castle());
        assert!(resolve(&castle, &w("Ke8-c8")).is_err(), "not Black's turn");
        // A promotion without its piece is ambiguous; with it, resolved.
        let promo = Setup::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        match resolve(&promo, &w("b7-b8")) {
            Err(NotationError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 4),
            other => panic!("{other:?}"),
        }
        assert_eq!(resolve(&promo, &w("b7-b8=N")).unwrap().to_string(), "b7b8n");
    }

    #[test]
    fn an_illegal_move_lists_the_nearest_readings() {
        let start = Setup::starting();
        match resolve(&start, &w("e2-e5")) {
            Err(NotationError::Illegal { nearest, fen, .. }) => {
                assert_eq!(nearest, ["e2e3", "e2e4"]);
                assert!(fen.starts_with("rnbqkbnr/"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scores_replay_with_checks_mates_and_repetitions() {
        let moves =
            |text: &str| -> Vec<Written> { parse_score(text).unwrap().moves.into_iter().map(Result::unwrap).collect() };
        let score = parse_score("1 f2–f3 e7–e5 2 g2–g4 d8–h4 mate").unwrap();
        assert_eq!((score.first, score.black_first, score.moves.len()), (1, false, 4));
        let plies = replay(&Setup::starting(), &moves("1 f2–f3 e7–e5 2 g2–g4 d8–h4 mate"));
        assert!(plies[3].mates() && plies[3].written.mate);
        assert!(!plies[2].gives_check);
        let plies =
            replay(&Setup::starting(), &moves("1 Ng1-f3 Ng8-f6 2 Nf3-g1 Nf6-g8 3 Ng1-f3 Ng8-f6 4 Nf3-g1 Nf6-g8"));
        assert_eq!(plies.iter().map(|p| p.occurrence).collect::<Vec<_>>(), [1, 1, 1, 2, 2, 2, 2, 3]);
        let ended = parse_score("38 c5–c8 + h8–h7 39 c8–a6 Black Resigns").unwrap();
        assert_eq!(ended.end.as_deref(), Some("Black Resigns"));
        assert!(ended.moves[0].as_ref().unwrap().check);
        // An unreadable move keeps its place; a claim after nothing is refused.
        let damaged = parse_score("14 Ral-b1 Bd7-c8").unwrap();
        assert!(damaged.moves[0].is_err() && damaged.moves[1].is_ok());
        assert!(parse_score("mate").is_err());
        // The replay stops at the first move that cannot be played.
        let plies = replay(&Setup::starting(), &moves("1 e2-e4 e7-e5 2 e4-e5"));
        assert_eq!(plies.len(), 3);
        assert!(plies[2].played.is_err());
    }
}
