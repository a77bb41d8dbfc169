//! A checked shogi position: the board, both hands, the side to move, and
//! its Zobrist key; read from and written to SFEN.

use std::fmt;
use std::str::FromStr;

use super::board::{
    self, CELLS, DIRS, EMPTY, HAND_KEYS, KNIGHT_JUMPS, PIECE_KEYS, SLIDES, STEPS, WALL, WHITE_KEY, cell, code,
    color_of, kind_of,
};
use super::error::{SfenProblem, ShogiError};
use super::types::{Color, Kind, Piece, Square};

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A legal shogi position: each side has one king, no unpromoted piece
/// stands where it could never move, no side has two unpromoted pawns on
/// a file, the side not to move is not in check, and no kind has more
/// pieces than a set.
///
/// ```
/// use plybench::engine::shogi::{Position, START_SFEN};
///
/// let start: Position = START_SFEN.parse()?;
/// assert_eq!(start.to_string(), START_SFEN);
/// assert_eq!(start.legal_moves().len(), 30);
/// # Ok::<(), plybench::engine::shogi::ShogiError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) cells: [u8; CELLS],
    pub(super) hands: [[u8; 7]; 2],
    pub(super) side: Color,
    pub(super) kings: [u8; 2],
    pub(super) key: u64,
    pub(super) move_number: u32,
}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        START_SFEN.parse().expect("the start position is legal")
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        let c = self.cells[cell(sq)];
        (c != EMPTY).then(|| Piece { color: color_of(c), kind: kind_of(c) })
    }

    /// How many pieces of hand kind `kind` `color` holds (0 for a kind that
    /// cannot be held).
    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        if (kind as usize) < 7 { self.hands[color.index()][kind as usize] } else { 0 }
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        board::square(usize::from(self.kings[color.index()]))
    }

    /// The Zobrist key: board, hands and side to move.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The move number of the SFEN (1 by default); it counts plies, as
    /// SFEN does, and [`Position::play`] adds one.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Pieces on the board, of both sides.
    pub fn pieces_on_board(&self) -> usize {
        Square::all().filter(|&sq| self.cells[cell(sq)] != EMPTY).count()
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(usize::from(self.kings[self.side.index()]), self.side.flip())
    }

    /// Whether `by` attacks the cell `at`.
    #[inline]
    pub(super) fn attacked(&self, at: usize, by: Color) -> bool {
        let cells = &self.cells;
        for (d, &delta) in DIRS.iter().enumerate() {
            // A piece next to `at` in direction d reaches it by direction 7 - d.
            let mut to = at.wrapping_add_signed(delta);
            let c = cells[to];
            if c == WALL {
                continue;
            }
            if c != EMPTY {
                if color_of(c) == by && (STEPS[c as usize] | SLIDES[c as usize]) >> (7 - d) & 1 == 1 {
                    return true;
                }
                continue;
            }
            loop {
                to = to.wrapping_add_signed(delta);
                let c = cells[to];
                if c == EMPTY {
                    continue;
                }
                if c != WALL && color_of(c) == by && SLIDES[c as usize] >> (7 - d) & 1 == 1 {
                    return true;
                }
                break;
            }
        }
        let knight = code(by, Kind::Knight);
        KNIGHT_JUMPS[by.index()].iter().any(|&j| cells[at.wrapping_add_signed(-j)] == knight)
    }

    /// Puts piece code `c` on cell `at`, which is empty.
    #[inline]
    pub(super) fn put(&mut self, at: usize, c: u8) {
        self.cells[at] = c;
        self.key ^= PIECE_KEYS[c as usize][at];
        if kind_of(c) == Kind::King {
            self.kings[color_of(c).index()] = at as u8;
        }
    }

    /// Takes the piece off cell `at`, returning its code.
    #[inline]
    pub(super) fn take(&mut self, at: usize) -> u8 {
        let c = self.cells[at];
        self.cells[at] = EMPTY;
        self.key ^= PIECE_KEYS[c as usize][at];
        c
    }

    /// Adds one piece of hand kind `k` to `color`'s hand.
    #[inline]
    pub(super) fn add_to_hand(&mut self, color: Color, k: usize) {
        let n = &mut self.hands[color.index()][k];
        self.key ^= HAND_KEYS[color.index()][k][*n as usize];
        *n += 1;
        self.key ^= HAND_KEYS[color.index()][k][*n as usize];
    }

    /// Takes one piece of hand kind `k` from `color`'s hand.
    #[inline]
    pub(super) fn take_from_hand(&mut self, color: Color, k: usize) {
        let n = &mut self.hands[color.index()][k];
        self.key ^= HAND_KEYS[color.index()][k][*n as usize];
        *n -= 1;
        self.key ^= HAND_KEYS[color.index()][k][*n as usize];
    }

    /// Passes the move to the other side.
    #[inline]
    pub(super) fn switch_side(&mut self) {
        self.side = self.side.flip();
        self.key ^= WHITE_KEY;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Reads an SFEN position (the move number may be left out).
    pub fn from_sfen(text: &str) -> Result<Position, ShogiError> {
        parse(text).map_err(|problem| ShogiError::Sfen { text: text.to_owned(), problem })
    }

    /// The position in SFEN.
    pub fn sfen(&self) -> String {
        self.to_string()
    }
}

fn parse(text: &str) -> Result<Position, SfenProblem> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(SfenProblem::Fields(fields.len()));
    }
    let mut pos = Position {
        cells: [WALL; CELLS],
        hands: [[0; 7]; 2],
        side: Color::Black,
        kings: [0; 2],
        key: 0,
        move_number: 1,
    };
    for sq in Square::all() {
        pos.cells[cell(sq)] = EMPTY;
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenProblem::Ranks(ranks.len()));
    }
    let mut kings = [0usize; 2];
    for (r, text) in ranks.iter().enumerate() {
        let letter = (b'a' + r as u8) as char;
        let mut width = 0usize;
        let mut promoted = false;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d >= 1 && !promoted) {
                width += d as usize;
                continue;
            }
            if ch == '+' {
                if promoted {
                    return Err(SfenProblem::Promotion('+'));
                }
                promoted = true;
                continue;
            }
            let kind = Kind::from_letter(ch).ok_or(SfenProblem::Piece(ch))?;
            let kind = if promoted { kind.promoted().ok_or(SfenProblem::Promotion(ch))? } else { kind };
            promoted = false;
            let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
            if width >= 9 {
                return Err(SfenProblem::RankWidth { rank: letter, width: width + 1 });
            }
            let sq = Square::new((r * 9 + width) as u8).expect("inside the board");
            if kind == Kind::King {
                kings[color.index()] += 1;
            }
            pos.put(cell(sq), code(color, kind));
            width += 1;
        }
        if promoted {
            return Err(SfenProblem::Promotion(' '));
        }
        if width != 9 {
            return Err(SfenProblem::RankWidth { rank: letter, width });
        }
    }
    for color in [Color::Black, Color::White] {
        if kings[color.index()] != 1 {
            return Err(SfenProblem::Kings { side: color.name(), kings: kings[color.index()] });
        }
    }
    match fields[1] {
        "b" => {}
        "w" => {
            pos.side = Color::White;
            pos.key ^= WHITE_KEY;
        }
        other => return Err(SfenProblem::Side(other.to_owned())),
    }
    parse_hands(&mut pos, fields[2])?;
    if let Some(n) = fields.get(3) {
        pos.move_number = n.parse().ok().filter(|&n| n >= 1).ok_or_else(|| SfenProblem::MoveNumber((*n).to_owned()))?;
    }
    check(&pos)?;
    Ok(pos)
}

fn parse_hands(pos: &mut Position, text: &str) -> Result<(), SfenProblem> {
    if text == "-" {
        return Ok(());
    }
    let bad = || SfenProblem::Hand(text.to_owned());
    let mut count: Option<u32> = None;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 || (count.is_none() && d == 0) {
                return Err(bad());
            }
            count = Some(n);
            continue;
        }
        let kind = Kind::from_letter(ch).ok_or_else(bad)?;
        if kind == Kind::King {
            return Err(SfenProblem::KingInHand);
        }
        let color = if ch.is_ascii_uppercase() { Color::Black } else { Color::White };
        let n = count.take().unwrap_or(1);
        if n < 1 {
            return Err(bad());
        }
        for _ in 0..n {
            if pos.hands[color.index()][kind as usize] >= 18 {
                return Err(bad());
            }
            pos.add_to_hand(color, kind as usize);
        }
    }
    if count.is_some() {
        return Err(bad());
    }
    Ok(())
}

/// The rules a position read from text must keep.
fn check(pos: &Position) -> Result<(), SfenProblem> {
    let mut counts = [0usize; 8];
    for hand in &pos.hands {
        for (count, &n) in counts.iter_mut().zip(hand) {
            *count += usize::from(n);
        }
    }
    let mut pawn_files = [[false; 10]; 2];
    for sq in Square::all() {
        let Some(piece) = pos.piece(sq) else { continue };
        counts[piece.kind.unpromoted() as usize] += 1;
        if piece.color.ranks_ahead(sq.rank()) < piece.kind.ranks_needed() {
            return Err(SfenProblem::DeadPiece { side: piece.color.name(), kind: piece.kind.name(), square: sq.usi() });
        }
        if piece.kind == Kind::Pawn {
            let seen = &mut pawn_files[piece.color.index()][sq.file() as usize];
            if *seen {
                return Err(SfenProblem::TwoPawns { side: piece.color.name(), file: sq.file() });
            }
            *seen = true;
        }
    }
    for kind in Kind::HAND {
        if counts[kind as usize] > usize::from(kind.in_set()) {
            return Err(SfenProblem::TooMany { kind: kind.name(), count: counts[kind as usize], max: kind.in_set() });
        }
    }
    if pos.attacked(usize::from(pos.kings[pos.side.flip().index()]), pos.side) {
        return Err(SfenProblem::OpponentInCheck);
    }
    Ok(())
}

impl FromStr for Position {
    type Err = ShogiError;

    fn from_str(s: &str) -> Result<Position, ShogiError> {
        Position::from_sfen(s)
    }
}

impl fmt::Display for Position {
    /// SFEN: the board, the side to move, the hands (Black's then White's,
    /// rook, bishop, gold, silver, knight, lance, pawn) and the move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in 0..9u8 {
            if rank > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for i in 0..9u8 {
                let sq = Square::new(rank * 9 + i).expect("inside the board");
                match self.piece(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{piece}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        f.write_str(match self.side {
            Color::Black => " b ",
            Color::White => " w ",
        })?;
        let mut any = false;
        for color in [Color::Black, Color::White] {
            for kind in [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Knight, Kind::Lance, Kind::Pawn] {
                let n = self.hands[color.index()][kind as usize];
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    write!(f, "{n}")?;
                }
                write!(f, "{}", Piece { color, kind })?;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        write!(f, " {}", self.move_number)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_round_trips() {
        for sfen in [
            START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        ] {
            let pos: Position = sfen.parse().unwrap();
            assert_eq!(pos.to_string(), sfen);
        }
        let start = Position::start();
        assert_eq!(start.pieces_on_board(), 40);
        assert_eq!(start.king(Color::Black).usi(), "5i");
        assert!(!start.in_check());
    }

    #[test]
    fn bad_sfen_names_the_problem() {
        let problem = |text: &str| match Position::from_sfen(text) {
            Err(ShogiError::Sfen { problem, .. }) => problem,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(problem("lnsgkgsnl b -"), SfenProblem::Ranks(1));
        assert_eq!(problem("x"), SfenProblem::Fields(1));
        assert!(matches!(problem(&START_SFEN.replace("1r5b1", "1r6b1")), SfenProblem::RankWidth { rank: 'b', .. }));
        assert_eq!(problem(&START_SFEN.replace("1r5b1", "1r5x1")), SfenProblem::Piece('x'));
        assert_eq!(problem(&START_SFEN.replace("1r5b1", "1r5+g1")), SfenProblem::Promotion('g'));
        assert_eq!(problem(&START_SFEN.replace(" b ", " x ")), SfenProblem::Side("x".into()));
        assert_eq!(problem(&START_SFEN.replace(" - ", " 2K ")), SfenProblem::KingInHand);
        assert_eq!(problem(&START_SFEN.replace(" - ", " P3 ")), SfenProblem::Hand("P3".into()));
        assert_eq!(problem(&START_SFEN.replace(" 1", " 0")), SfenProblem::MoveNumber("0".into()));
        assert!(matches!(problem(&START_SFEN.replace("LNSGKGSNL", "LNSG1GSNL")), SfenProblem::Kings { kings: 0, .. }));
        assert!(matches!(problem(&START_SFEN.replace(" - ", " P ")), SfenProblem::TooMany { count: 19, .. }));
        assert!(matches!(problem("P3k4/9/9/9/9/9/9/9/4K4 b - 1"), SfenProblem::DeadPiece { .. }));
        assert!(matches!(problem("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1"), SfenProblem::TwoPawns { file: 5, .. }));
        assert_eq!(problem("4k4/9/9/9/4R4/9/9/9/4K4 b - 1"), SfenProblem::OpponentInCheck);
        let message = Position::from_sfen("x").unwrap_err().to_string();
        assert!(!message.contains('\n') && message.contains("fields"), "{message}");
    }

    #[test]
    fn keys_follow_side_and_hands() {
        let a: Position = "4k4/9/9/9/9/9/9/9/4K4 b P 1".parse().unwrap();
        let b: Position = "4k4/9/9/9/9/9/9/9/4K4 w P 1".parse().unwrap();
        let c: Position = "4k4/9/9/9/9/9/9/9/4K4 b p 1".parse().unwrap();
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), c.key());
        let again: Position = "4k4/9/9/9/9/9/9/9/4K4 b P 7".parse().unwrap();
        assert_eq!(a.key(), again.key());
    }
}
