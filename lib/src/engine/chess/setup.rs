//! The neutral position: what a FEN says, checked, before any representation
//! sees it.
//!
//! [`Setup::from_fen`] rejects every position a representation could not
//! play from: a wrong field count, bad piece letters, ranks that do not sum
//! to 8, a missing or extra king, pawns on the first or last rank, more men
//! than a side can have, the side not to move in check. Castling rights and
//! en passant squares that the position makes impossible are **rejected**,
//! never silently dropped, so a count is always for the position the user
//! wrote. An en passant square is possible when the pawn that just made its
//! double step stands in front of it and the square and the one behind it
//! are empty; whether a pawn can actually take there does not matter.
//!
//! Two of those checks refuse positions that cannot arise in a game but are
//! well defined for move generation: more than 16 men or 8 pawns a side,
//! and pawns on the first or last rank. Some published perft suites hold
//! such positions. [`Setup::from_fen_with`] and [`Validation::Relaxed`]
//! accept them, and [`Setup::impossibility`] tells them apart. Not every
//! representation can hold them: a count checks with
//! [`check_countable`](super::dispatch::check_countable) first.

use std::fmt::{self, Write};

use super::{Castles, ChessError, Color, FenError, Piece, Role, Square};

/// Castling rights, as in FEN: `KQkq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castling(u8);

impl Castling {
    /// No rights.
    pub const NONE: Castling = Castling(0);
    /// Every right.
    pub const ALL: Castling = Castling(0b1111);
    /// White, king's side (`K`).
    pub const WHITE_KING: Castling = Castling(1);
    /// White, queen's side (`Q`).
    pub const WHITE_QUEEN: Castling = Castling(2);
    /// Black, king's side (`k`).
    pub const BLACK_KING: Castling = Castling(4);
    /// Black, queen's side (`q`).
    pub const BLACK_QUEEN: Castling = Castling(8);

    /// The right of `color` on the king's side (`king_side`) or queen's side.
    pub const fn right(color: Color, king_side: bool) -> Castling {
        Castling(1 << (color as u8 * 2 + if king_side { 0 } else { 1 }))
    }

    /// The rights as four bits, `K` = 1, `Q` = 2, `k` = 4, `q` = 8.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights of four bits (higher bits are ignored).
    pub const fn from_bits(bits: u8) -> Castling {
        Castling(bits & 0b1111)
    }

    /// Whether every right in `other` is held.
    pub const fn contains(self, other: Castling) -> bool {
        self.0 & other.0 == other.0
    }

    /// These rights and `other`'s.
    pub const fn with(self, other: Castling) -> Castling {
        Castling(self.0 | other.0)
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_char('-');
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.0 & bit != 0 {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// How strictly a FEN is checked ([`Setup::from_fen_with`]).
///
/// ```
/// use plybench::engine::chess::{Setup, Validation};
///
/// // Black has 17 men: a knight too many for a game, fine for move generation.
/// let fen = "rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
/// assert!(Setup::from_fen(fen).is_err());
/// let setup = Setup::from_fen_with(fen, Validation::Relaxed)?;
/// assert!(setup.impossibility().unwrap().to_string().contains("black has 17 men"));
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Validation {
    /// Every check: only positions that can arise in a game, as far as the
    /// checks see (the default).
    #[default]
    Strict,
    /// Also positions that cannot arise in a game but are well defined for
    /// move generation: more than 16 men or 8 pawns a side, pawns on the
    /// first or last rank. Everything else is checked as strictly.
    Relaxed,
}

/// A position as FEN describes it, independent of any board representation,
/// checked: every strictly checked `Setup` is one every representation can
/// play from (for one accepted by [`Validation::Relaxed`], see
/// [`Setup::impossibility`]).
///
/// A `Setup` is made only by the constructors that check it
/// ([`Setup::from_fen`], [`Setup::from_parts`], [`Setup::starting`]) or from
/// one that was checked ([`Setup::mirror`], [`Setup::with_clocks`], a
/// board's [`to_setup`](super::Board::to_setup)), and its fields are read
/// through accessors: a board is only ever built from a valid position, as
/// shakmaty's `Setup` reaches a `Position` only through `FromSetup`.
///
/// ```
/// use plybench::engine::chess::{Color, Setup};
///
/// let setup = Setup::from_fen(Setup::STARTING_FEN)?;
/// assert_eq!(setup.turn(), Color::White);
/// assert_eq!(setup.to_fen(), Setup::STARTING_FEN);
///
/// // A rank of nine squares is refused with a one-line reason.
/// let error = Setup::from_fen("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert!(error.to_string().contains("rank 7"));
/// # Ok::<(), plybench::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What stands on each square, a1 first.
    board: [Option<Piece>; 64],
    /// The side to move.
    turn: Color,
    /// Castling rights still held.
    castling: Castling,
    /// The square a pawn may take en passant on, if the last move was a
    /// double step.
    en_passant: Option<Square>,
    /// The file of each right's rook, in [`Castling`] bit order; the
    /// standard h or a file for a right not held.
    rook_files: [u8; 4],
    /// Whether castles are written in Chess960's notation.
    chess960: bool,
    /// Half-moves since the last capture or pawn move.
    halfmove_clock: u32,
    /// The move number, starting at 1.
    fullmove_number: u32,
}

impl Setup {
    /// The initial position.
    pub const STARTING_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The initial position.
    pub fn starting() -> Setup {
        Setup::from_fen(Setup::STARTING_FEN).expect("the starting FEN is valid")
    }

    /// A position from its placement, side to move, castling rights and en
    /// passant square, with the clocks at their start (0 and 1), checked as
    /// [`Setup::from_fen`] checks a FEN.
    ///
    /// ```
    /// use plybench::engine::chess::{Castling, Color, Setup};
    ///
    /// let start = Setup::starting();
    /// let again = Setup::from_parts(*start.board(), Color::White, Castling::ALL, None)?;
    /// assert_eq!(again, start);
    /// // An empty board has no kings.
    /// assert!(Setup::from_parts([None; 64], Color::White, Castling::NONE, None).is_err());
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn from_parts(
        board: [Option<Piece>; 64],
        turn: Color,
        castling: Castling,
        en_passant: Option<Square>,
    ) -> Result<Setup, ChessError> {
        let mut setup = Setup::from_board(board, turn, castling, en_passant, &Castles::STANDARD);
        // A king beside the e file with standard rook files is a Chess960 castle.
        setup.validate()?;
        setup.chess960 = !setup.standard_castling();
        Ok(setup)
    }

    /// [`Setup::from_parts`] without the check, for a representation
    /// handing back the position of a board, which was built from a checked
    /// setup and changed only by legal moves (it is also called on boards
    /// between a pseudo-legal move and its test, whose setups are never
    /// played from). Not public: outside the engine, every setup is checked.
    pub(super) fn from_board(
        board: [Option<Piece>; 64],
        turn: Color,
        castling: Castling,
        en_passant: Option<Square>,
        castles: &Castles,
    ) -> Setup {
        let mut rook_files = DEFAULT_ROOK_FILES;
        for (i, file) in rook_files.iter_mut().enumerate() {
            if castling.bits() & 1 << i != 0 {
                *file = castles.rook_file(i);
            }
        }
        Setup {
            board,
            turn,
            castling,
            en_passant,
            rook_files,
            chess960: castles.chess960() && castling != Castling::NONE,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Parses and checks a FEN: six fields, or the first four (as in EPD).
    pub fn from_fen(fen: &str) -> Result<Setup, ChessError> {
        Setup::from_fen_with(fen, Validation::Strict)
    }

    /// Parses a FEN as [`Setup::from_fen`] does, checked as `validation`
    /// says: [`Validation::Relaxed`] also accepts positions that cannot
    /// arise in a game but are well defined for move generation.
    pub fn from_fen_with(fen: &str, validation: Validation) -> Result<Setup, ChessError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount { count: fields.len(), fen: fen.to_owned() }.into());
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Side { found: other.to_owned() }.into()),
        };
        let (castling, rook_files, chess960) = parse_castling(fields[2], &board)?;
        let en_passant = match fields[3] {
            "-" => None,
            s => Some(s.parse::<Square>().map_err(|_| FenError::EnPassantField { field: s.to_owned() })?),
        };
        let number = |field: &str, name: &'static str| {
            field.parse::<u32>().map_err(|_| FenError::Number { name, field: field.to_owned() })
        };
        let (halfmove_clock, fullmove_number) = if fields.len() == 6 {
            (number(fields[4], "halfmove clock")?, number(fields[5], "fullmove number")?)
        } else {
            (0, 1)
        };
        let mut setup = Setup {
            board,
            turn,
            castling,
            en_passant,
            rook_files,
            chess960,
            halfmove_clock,
            fullmove_number: fullmove_number.max(1),
        };
        if validation == Validation::Strict {
            setup.validate()?;
        } else {
            setup.validate_rules()?;
        }
        setup.chess960 = (setup.chess960 || !setup.standard_castling()) && castling != Castling::NONE;
        Ok(setup)
    }

    /// The position as a six-field FEN.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file] {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = match self.turn {
            Color::White => 'w',
            Color::Black => 'b',
        };
        let ep = self.en_passant.map_or_else(|| "-".to_owned(), |s| s.to_string());
        let _ = write!(fen, " {side} {} {ep} {} {}", self.castling_field(), self.halfmove_clock, self.fullmove_number);
        fen
    }

    /// The castling field of the FEN: `KQkq` letters in standard chess,
    /// Shredder-FEN's rook files (`HAha`) in Chess960.
    pub fn castling_field(&self) -> String {
        if !self.chess960 || self.castling == Castling::NONE {
            return self.castling.to_string();
        }
        let mut field = String::new();
        for (i, base) in [(0, b'A'), (1, b'A'), (2, b'a'), (3, b'a')] {
            if self.castling.bits() & 1 << i != 0 {
                field.push((base + self.rook_files[i]) as char);
            }
        }
        field
    }

    /// Whether castles are written in Chess960's notation, the king taking
    /// its own rook (`e1h1`), and the FEN's castling field in Shredder-FEN
    /// (`HAha`). Set by a FEN whose castling rights need it (a king off the
    /// e file, a rook off the a or h file) or that names rook files, and by
    /// [`Setup::with_chess960`]. Only a position with a castling right is
    /// in either notation: without one there is no castle to write, and
    /// the FEN's field is `-` in both.
    #[inline]
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// The same position in Chess960's notation ([`Setup::chess960`]), if
    /// it holds a castling right. The notation does not change the moves,
    /// so this needs no check.
    pub fn with_chess960(self) -> Setup {
        Setup { chess960: self.castling != Castling::NONE, ..self }
    }

    /// The file of the rook of castling right `i` (in [`Castling`] bit
    /// order: `K`, `Q`, `k`, `q`); the standard h or a file for a right
    /// not held.
    #[inline]
    pub fn rook_file(&self, i: usize) -> u8 {
        self.rook_files[i]
    }

    /// The castling squares of the position, for a board.
    pub fn castles(&self) -> Castles {
        let kings = Color::ALL.map(|c| self.king(c).expect("a checked setup has both kings"));
        Castles::new(self.castling.bits(), self.rook_files, kings, self.chess960)
    }

    /// Whether every right held is standard chess's: king on the e file,
    /// rook on the h or a file.
    fn standard_castling(&self) -> bool {
        (0..4).all(|i| {
            self.castling.bits() & 1 << i == 0
                || (self.rook_files[i] == DEFAULT_ROOK_FILES[i]
                    && self.king(if i < 2 { Color::White } else { Color::Black }).is_some_and(|k| k.file() == 4))
        })
    }

    /// What stands on each square, a1 first.
    #[inline]
    pub fn board(&self) -> &[Option<Piece>; 64] {
        &self.board
    }

    /// The piece on `square`.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights still held.
    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The square a pawn may take en passant on, if the last move was a
    /// double step.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The same position with the clocks set (a fullmove number of 0 is
    /// taken as 1, as in [`Setup::from_fen`]). The clocks do not decide
    /// whether a position can be played from, so this needs no check.
    pub fn with_clocks(self, halfmove_clock: u32, fullmove_number: u32) -> Setup {
        Setup { halfmove_clock, fullmove_number: fullmove_number.max(1), ..self }
    }

    /// How many men `color` has, its king included.
    pub fn men(&self, color: Color) -> usize {
        self.board.iter().flatten().filter(|p| p.color == color).count()
    }

    /// Why the position cannot arise in a game, for one that
    /// [`Validation::Relaxed`] accepted and [`Validation::Strict`] would
    /// not: the reason the strict check gives. `None` for a position the
    /// strict check accepts.
    ///
    /// ```
    /// use plybench::engine::chess::{Setup, Validation};
    ///
    /// assert_eq!(Setup::starting().impossibility(), None);
    /// let pawn_on_h8 = Setup::from_fen_with("k6P/8/8/8/8/8/8/K7 w - - 0 1", Validation::Relaxed)?;
    /// assert_eq!(pawn_on_h8.impossibility().unwrap().to_string(), "pawn on h8; pawns cannot stand on the first or last rank");
    /// # Ok::<(), plybench::Error>(())
    /// ```
    pub fn impossibility(&self) -> Option<FenError> {
        self.validate_game().err()
    }

    /// The square of `color`'s king. A validated setup has exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&s| self.board[s.index()] == Some(Piece::new(color, Role::King)))
    }

    /// The same position with colours swapped and the board mirrored top to
    /// bottom. Every count is the same from it.
    pub fn mirror(&self) -> Setup {
        let mut board = [None; 64];
        for s in Square::all() {
            board[s.flip_vertical().index()] = self.board[s.index()].map(|p| Piece::new(p.color.other(), p.role));
        }
        let c = self.castling.bits();
        Setup {
            board,
            turn: self.turn.other(),
            castling: Castling::from_bits((c & 0b11) << 2 | c >> 2),
            en_passant: self.en_passant.map(Square::flip_vertical),
            rook_files: [self.rook_files[2], self.rook_files[3], self.rook_files[0], self.rook_files[1]],
            chess960: self.chess960,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// Whether a piece of `by` attacks `target`, on this board.
    ///
    /// A plain, slow reference: representations have their own fast tests.
    pub fn attacked_by(&self, target: Square, by: Color) -> bool {
        let is = |s: Option<Square>, roles: &[Role]| {
            s.and_then(|s| self.board[s.index()]).is_some_and(|p| p.color == by && roles.contains(&p.role))
        };
        let forward: i8 = if by == Color::White { -1 } else { 1 };
        if is(target.offset(-1, forward), &[Role::Pawn]) || is(target.offset(1, forward), &[Role::Pawn]) {
            return true;
        }
        const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        if KNIGHT.iter().any(|&(df, dr)| is(target.offset(df, dr), &[Role::Knight])) {
            return true;
        }
        if KING.iter().any(|&(df, dr)| is(target.offset(df, dr), &[Role::King])) {
            return true;
        }
        for &(df, dr) in &KING {
            let slider = if df == 0 || dr == 0 { Role::Rook } else { Role::Bishop };
            let mut s = target.offset(df, dr);
            while let Some(square) = s {
                if let Some(p) = self.board[square.index()] {
                    if p.color == by && (p.role == slider || p.role == Role::Queen) {
                        return true;
                    }
                    break;
                }
                s = square.offset(df, dr);
            }
        }
        false
    }

    /// Every check, in the order the reasons are reported: the kings, then
    /// what a game could not reach, then the rest of the rules.
    fn validate(&self) -> Result<(), FenError> {
        self.validate_kings()?;
        self.validate_game()?;
        self.validate_rules()
    }

    fn validate_kings(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            match self.board.iter().filter(|&&p| p == Some(Piece::new(color, Role::King))).count() {
                1 => {}
                n => return Err(FenError::Kings { color, count: n }),
            }
        }
        Ok(())
    }

    /// What [`Validation::Relaxed`] lets through: more men or pawns than a
    /// side can have, pawns on the first or last rank ([`FenError::is_impossible`]).
    fn validate_game(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let pawns = self.board.iter().filter(|&&p| p == Some(Piece::new(color, Role::Pawn))).count();
            let men = self.men(color);
            if men > 16 || pawns > 8 {
                return Err(FenError::TooManyMen { color, men, pawns });
            }
        }
        for s in Square::all() {
            if self.board[s.index()].is_some_and(|p| p.role == Role::Pawn) && (s.rank() == 0 || s.rank() == 7) {
                return Err(FenError::PawnOnBackRank { square: s });
            }
        }
        Ok(())
    }

    /// The checks without which no move generator could play from the
    /// position: one king each, castling rights with their king and rook,
    /// a possible en passant square, the side not to move not in check.
    fn validate_rules(&self) -> Result<(), FenError> {
        self.validate_kings()?;
        for i in 0..4 {
            if self.castling.bits() & 1 << i != 0 {
                self.check_right(i)?;
            }
        }
        if let Some(ep) = self.en_passant {
            let (rank, forward) = if self.turn == Color::White { (5, -1) } else { (2, 1) };
            let pawn = ep.offset(0, forward);
            let origin = ep.offset(0, -forward);
            let possible = ep.rank() == rank
                && self.board[ep.index()].is_none()
                && origin.is_some_and(|s| self.board[s.index()].is_none())
                && pawn.is_some_and(|s| self.board[s.index()] == Some(Piece::new(self.turn.other(), Role::Pawn)));
            if !possible {
                return Err(FenError::EnPassantImpossible { square: ep, mover: self.turn.other() });
            }
        }
        let idle = self.turn.other();
        let king = self.king(idle).expect("one king each, checked above");
        if self.attacked_by(king, self.turn) {
            return Err(FenError::OpponentInCheck { king });
        }
        Ok(())
    }
}

impl Setup {
    /// Whether castling right `i` has its king and rook at home, the king
    /// between the b and g files and the rook on the right side of it.
    fn check_right(&self, i: usize) -> Result<(), FenError> {
        let color = if i < 2 { Color::White } else { Color::Black };
        let rank = if i < 2 { 0 } else { 7 };
        // The right as the field wrote it: a rook file in Shredder-FEN.
        let letter = match (self.chess960, i < 2) {
            (false, _) => ['K', 'Q', 'k', 'q'][i],
            (true, true) => (b'A' + self.rook_files[i]) as char,
            (true, false) => (b'a' + self.rook_files[i]) as char,
        };
        let problem = |problem: String| Err(FenError::CastlingRight { letter, problem });
        let king = self.king(color).expect("one king each, checked before");
        if king.rank() != rank {
            return problem(format!("needs the {} king on rank {}, not on {king}", color.name(), rank + 1));
        }
        if king.file() == 0 || king.file() == 7 {
            return problem(format!("needs the {} king between the b and g files, not on {king}", color.name()));
        }
        let file = self.rook_files[i];
        let rook = Square::from_coords(file, rank).expect("a file and a back rank");
        if self.board[rook.index()] != Some(Piece::new(color, Role::Rook)) {
            return problem(format!("needs a {} rook on {rook}", color.name()));
        }
        if i.is_multiple_of(2) != (file > king.file()) {
            let side = if i.is_multiple_of(2) { "king's" } else { "queen's" };
            return problem(format!("needs the rook on {rook} on the {side} side of the king on {king}"));
        }
        Ok(())
    }
}

/// The rook files of standard chess, in [`Castling`] bit order.
const DEFAULT_ROOK_FILES: [u8; 4] = [7, 0, 7, 0];

fn parse_placement(placement: &str) -> Result<[Option<Piece>; 64], FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { count: ranks.len(), placement: placement.to_owned() });
    }
    let mut board = [None; 64];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    board[rank * 8 + file] = Some(piece);
                }
                file += 1;
            } else {
                return Err(FenError::PieceLetter { found: c, rank: rank + 1 });
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth { rank: rank + 1, text: (*text).to_owned(), squares: file });
        }
    }
    Ok(board)
}

/// The castling field: `-`, or standard and X-FEN letters (`KQkq`: the
/// outermost rook on that side of the king), or Shredder-FEN's rook files
/// (`A`-`H` for white, `a`-`h` for black), which X-FEN also uses where the
/// outermost rook is not the one meant. Returns the rights, the rook files
/// and whether a file was named (which makes the position Chess960).
fn parse_castling(field: &str, board: &[Option<Piece>; 64]) -> Result<(Castling, [u8; 4], bool), FenError> {
    let mut rights = Castling::NONE;
    let mut files = DEFAULT_ROOK_FILES;
    let mut named = false;
    if field == "-" {
        return Ok((rights, files, named));
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let rank = if color == Color::White { 0 } else { 7 };
        let rook_on = |file: u8| board[usize::from(rank * 8 + file)] == Some(Piece::new(color, Role::Rook));
        let king = (0..8u8).find(|&f| board[usize::from(rank * 8 + f)] == Some(Piece::new(color, Role::King)));
        let (king_side, file) = match c.to_ascii_lowercase() {
            side @ ('k' | 'q') => {
                let king_side = side == 'k';
                // X-FEN: the outermost rook on that side of the king; with no
                // king at home, the standard file (validation says why).
                let outer = king.and_then(|k| {
                    if king_side { (k + 1..8).rev().find(|&f| rook_on(f)) } else { (0..k).find(|&f| rook_on(f)) }
                });
                (king_side, outer.unwrap_or(if king_side { 7 } else { 0 }))
            }
            f @ 'a'..='h' => {
                let file = f as u8 - b'a';
                named = true;
                match king {
                    Some(k) if k != file => (file > k, file),
                    Some(_) => {
                        return Err(FenError::CastlingFile {
                            field: field.to_owned(),
                            letter: c,
                            problem: format!("names the file of the {} king", color.name()),
                        });
                    }
                    None => {
                        return Err(FenError::CastlingFile {
                            field: field.to_owned(),
                            letter: c,
                            problem: format!("needs the {} king on rank {}", color.name(), rank + 1),
                        });
                    }
                }
            }
            _ => return Err(FenError::CastlingField { field: field.to_owned() }),
        };
        let right = Castling::right(color, king_side);
        if rights.contains(right) {
            return Err(FenError::CastlingRepeat { field: field.to_owned(), letter: c });
        }
        rights = rights.with(right);
        files[right.bits().trailing_zeros() as usize] = file;
    }
    Ok((rights, files, named))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(fen: &str) -> String {
        Setup::from_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn round_trips_the_standard_positions() {
        for fen in [
            Setup::STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        ] {
            assert_eq!(Setup::from_fen(fen).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn four_fields_default_the_clocks() {
        let setup = Setup::from_fen("8/8/8/8/8/8/8/K6k w - -").unwrap();
        assert_eq!(setup.to_fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn refuses_malformed_and_impossible_positions() {
        let cases = [
            ("8/8/8/8/8/8/8/K6k w - - 0", "field"),
            ("8/8/8/8/8/8/8/K6x w - - 0 1", "'x'"),
            ("8/8/8/8/8/8/8/K7k w - - 0 1", "covers 9"),
            ("8/8/8/8/8/8/8 w - - 0 1", "7 ranks"),
            ("8/8/8/8/8/8/8/K7 w - - 0 1", "0 black kings"),
            ("k7/8/8/8/8/8/8/KK6 w - - 0 1", "2 white kings"),
            ("k7/8/8/8/8/8/8/K5P1 w - - 0 1", "pawn on g1"),
            ("k6P/8/8/8/8/8/8/K7 w - - 0 1", "pawn on h8"),
            ("k6R/8/8/8/8/8/8/K7 w - - 0 1", "not to move is in check"),
            ("k7/8/8/8/8/8/8/K6R b K - 0 1", "castling right K"),
            ("k7/8/8/8/8/8/8/K6R b KK - 0 1", "repeats"),
            ("k7/8/8/8/8/8/8/K6R x - - 0 1", "side to move"),
            ("k7/8/8/8/8/8/8/K6R b - e3 0 1", "en passant square e3"),
            ("k7/8/8/8/8/8/8/K6R b - e9 0 1", "en passant field"),
            ("k7/8/8/8/8/8/8/K6R b - - x 1", "halfmove"),
        ];
        for (fen, needle) in cases {
            let message = error(fen);
            assert!(message.contains(needle), "{fen}: {message}");
            assert!(!message.contains('\n'));
        }
    }

    #[test]
    fn relaxed_accepts_only_what_a_game_cannot_reach() {
        for fen in [
            "rnbqkbnr/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            "k7/8/8/8/8/8/8/K5P1 b - - 0 1",
        ] {
            let strict = Setup::from_fen(fen).unwrap_err();
            assert!(strict.is_impossible(), "{fen}: {strict}");
            let relaxed = Setup::from_fen_with(fen, Validation::Relaxed).unwrap();
            assert_eq!(relaxed.impossibility().map(ChessError::from), Some(strict), "{fen}");
            assert_eq!(relaxed.to_fen(), fen);
            assert_eq!(relaxed.mirror().mirror(), relaxed);
        }
        for (fen, needle) in [
            ("8/8/8/8/8/8/8/K6P w - - 0 1", "0 black kings"),
            ("k6R/8/8/8/8/8/8/K6P w - - 0 1", "not to move is in check"),
            ("k7/8/8/8/8/8/8/K6P b K - 0 1", "castling right K"),
            ("k7/8/8/8/8/8/P7/K6P b - e3 0 1", "en passant square e3"),
            ("k7/8/8/8/8/8/8/K5P1 w - - 0", "field"),
        ] {
            let error = Setup::from_fen_with(fen, Validation::Relaxed).unwrap_err();
            assert!(!error.is_impossible() && error.to_string().contains(needle), "{fen}: {error}");
        }
        assert_eq!(Setup::starting().impossibility(), None);
    }

    #[test]
    fn shredder_and_x_fen_round_trip() {
        // Shredder-FEN round-trips as written.
        for fen in [
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 1",
            "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        ] {
            let setup = Setup::from_fen(fen).unwrap();
            assert!(setup.chess960(), "{fen}");
            assert_eq!(setup.to_fen(), fen);
            assert_eq!(setup.mirror().mirror(), setup);
        }
        // X-FEN: KQkq name the outermost rooks, written back as files.
        for (xfen, shredder) in [
            ("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "EAea"),
            ("8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", "C"),
            ("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "E"),
            // A file letter where the outermost rook is not the one meant.
            ("4k3/8/8/8/8/8/8/RR2K2R w BK - 0 1", "HB"),
        ] {
            let setup = Setup::from_fen(xfen).unwrap();
            assert!(setup.chess960(), "{xfen}");
            assert_eq!(setup.castling_field(), shredder, "{xfen}");
            assert_eq!(Setup::from_fen(&setup.to_fen()).unwrap(), setup);
        }
        // Standard rights stay standard, in either notation of the field.
        let standard = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert!(!standard.chess960());
        assert_eq!(standard.clone().with_chess960().to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap(), standard.clone().with_chess960());
    }

    #[test]
    fn bad_castling_fields_name_the_problem() {
        for (fen, needle) in [
            ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "Shredder-FEN"),
            ("4k3/8/8/8/8/8/8/R3K2R w HH - 0 1", "repeats H"),
            ("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1", "repeats H"),
            ("4k3/8/8/8/8/8/8/R3K2R w E - 0 1", "names the file of the white king"),
            ("4k3/8/8/8/8/8/4K3/R6R w H - 0 1", "needs the white king on rank 1"),
            ("4k3/8/8/8/8/8/8/R3K1NR w G - 0 1", "castling right G needs a white rook on g1; remove G"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K needs a white rook on h1"),
            ("4k3/8/8/8/8/8/8/K6R w K - 0 1", "between the b and g files"),
            ("r7/4k3/8/8/8/8/8/4K3 w q - 0 1", "castling right q needs the black king on rank 8"),
        ] {
            let message = error(fen);
            assert!(message.contains(needle), "{fen}: {message}");
            assert!(!message.contains('\n'));
        }
    }

    #[test]
    fn mirror_is_an_involution() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 b Qkq - 0 1";
        let setup = Setup::from_fen(fen).unwrap();
        let mirrored = setup.mirror();
        assert_eq!(mirrored.turn(), Color::White);
        assert_eq!(mirrored.castling().to_string(), "KQq");
        assert_eq!(mirrored.mirror(), setup);
    }
}
