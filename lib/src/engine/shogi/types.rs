//! Sides, piece kinds and squares.
//!
//! Squares are numbered 0..81 in the order SFEN writes them: rank `a`
//! (White's back rank, at the top of a diagram) first, and in each rank
//! file 9 first. [`Square::usi`] writes the USI name (`7g`).

use std::fmt;

/// A side. Black (sente) moves first and moves up the board, toward rank `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Sente, the first player, upper case in SFEN.
    Black,
    /// Gote, lower case in SFEN.
    White,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Whether `rank` (0 = `a` .. 8 = `i`) is in the side's promotion
    /// zone, the three ranks furthest from it.
    #[inline]
    pub const fn in_zone(self, rank: u8) -> bool {
        match self {
            Color::Black => rank <= 2,
            Color::White => rank >= 6,
        }
    }

    /// How many ranks lie ahead of `rank` for the side: 0 on its last rank.
    #[inline]
    pub const fn ranks_ahead(self, rank: u8) -> u8 {
        match self {
            Color::Black => rank,
            Color::White => 8 - rank,
        }
    }
}

/// A kind of piece, promoted kinds included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Fu.
    Pawn = 0,
    /// Kyosha.
    Lance,
    /// Keima.
    Knight,
    /// Gin.
    Silver,
    /// Kin.
    Gold,
    /// Kaku.
    Bishop,
    /// Hisha.
    Rook,
    /// Gyoku / O.
    King,
    /// Tokin, a promoted pawn.
    ProPawn,
    /// A promoted lance.
    ProLance,
    /// A promoted knight.
    ProKnight,
    /// A promoted silver.
    ProSilver,
    /// Uma, a promoted bishop.
    Horse,
    /// Ryu, a promoted rook.
    Dragon,
}

impl Kind {
    /// Every kind, in the order of the enum.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kinds a player may hold in hand, in the order of the enum.
    pub const HAND: [Kind; 7] =
        [Kind::Pawn, Kind::Lance, Kind::Knight, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook];

    /// The kind of index `i` of [`Kind::ALL`].
    #[inline]
    pub const fn from_index(i: u8) -> Kind {
        Kind::ALL[i as usize]
    }

    /// The promoted kind, for a kind that promotes.
    #[inline]
    pub const fn promoted(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::ProPawn),
            Kind::Lance => Some(Kind::ProLance),
            Kind::Knight => Some(Kind::ProKnight),
            Kind::Silver => Some(Kind::ProSilver),
            Kind::Bishop => Some(Kind::Horse),
            Kind::Rook => Some(Kind::Dragon),
            _ => None,
        }
    }

    /// The kind a captured piece becomes in hand: promoted kinds turn back.
    #[inline]
    pub const fn unpromoted(self) -> Kind {
        match self {
            Kind::ProPawn => Kind::Pawn,
            Kind::ProLance => Kind::Lance,
            Kind::ProKnight => Kind::Knight,
            Kind::ProSilver => Kind::Silver,
            Kind::Horse => Kind::Bishop,
            Kind::Dragon => Kind::Rook,
            k => k,
        }
    }

    /// Whether the kind is a promoted one.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= Kind::ProPawn as u8
    }

    /// The fewest ranks that must lie ahead of an unpromoted piece of this
    /// kind for it to have a move: 1 for a pawn or lance, 2 for a knight,
    /// 0 for the rest. A move to a square with fewer ranks ahead must
    /// promote; a drop there is refused.
    #[inline]
    pub const fn ranks_needed(self) -> u8 {
        match self {
            Kind::Pawn | Kind::Lance => 1,
            Kind::Knight => 2,
            _ => 0,
        }
    }

    /// How many pieces of the unpromoted kind a set holds: 18 pawns, 4 of
    /// each of lance, knight, silver and gold, 2 bishops, 2 rooks, 2 kings.
    pub const fn in_set(self) -> u8 {
        match self.unpromoted() {
            Kind::Pawn => 18,
            Kind::Lance | Kind::Knight | Kind::Silver | Kind::Gold => 4,
            _ => 2,
        }
    }

    /// The SFEN letter of Black's piece (upper case), without the `+` of a
    /// promoted kind.
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Gold => 'G',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted kind of an SFEN letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'L' => Kind::Lance,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'G' => Kind::Gold,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'K' => Kind::King,
            _ => return None,
        })
    }

    /// The English name: `pawn`, `promoted silver`, `horse`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Lance => "lance",
            Kind::Knight => "knight",
            Kind::Silver => "silver",
            Kind::Gold => "gold",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::King => "king",
            Kind::ProPawn => "promoted pawn",
            Kind::ProLance => "promoted lance",
            Kind::ProKnight => "promoted knight",
            Kind::ProSilver => "promoted silver",
            Kind::Horse => "horse",
            Kind::Dragon => "dragon",
        }
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl fmt::Display for Piece {
    /// The SFEN form: `+P`, `k`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.color {
            Color::Black => self.kind.letter(),
            Color::White => self.kind.letter().to_ascii_lowercase(),
        };
        if self.kind.is_promoted() { write!(f, "+{letter}") } else { write!(f, "{letter}") }
    }
}

/// A square of the 9x9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of index `i` (0..81, SFEN order), if there is one.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 81 { Some(Square(i)) } else { None }
    }

    /// The square on `file` (1..=9, counted from Black's right) and `rank`
    /// (0 = `a` .. 8 = `i`).
    #[inline]
    pub const fn at(file: u8, rank: u8) -> Option<Square> {
        if file.wrapping_sub(1) < 9 && rank < 9 { Some(Square(rank * 9 + (9 - file))) } else { None }
    }

    /// Every square, in SFEN order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }

    /// The index, 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9.
    #[inline]
    pub const fn file(self) -> u8 {
        9 - self.0 % 9
    }

    /// The rank, 0 (`a`) ..= 8 (`i`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The USI name: file digit then rank letter, `7g`.
    pub fn usi(self) -> String {
        format!("{}{}", self.file(), (b'a' + self.rank()) as char)
    }

    /// The square of a USI name (`7g`).
    pub fn parse_usi(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'1'..=b'9').contains(&b[0]) || !(b'a'..=b'i').contains(&b[1]) {
            return None;
        }
        Square::at(b[0] - b'0', b[1] - b'a')
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.usi())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_usi() {
        let sq = Square::parse_usi("7g").unwrap();
        assert_eq!((sq.file(), sq.rank()), (7, 6));
        assert_eq!(sq.usi(), "7g");
        assert_eq!(Square::at(9, 0).unwrap().index(), 0);
        assert_eq!(Square::at(1, 8).unwrap().index(), 80);
        assert!(Square::parse_usi("0a").is_none() && Square::parse_usi("1j").is_none());
        assert!(Square::all().all(|s| Square::parse_usi(&s.usi()) == Some(s)));
    }

    #[test]
    fn kinds_promote_and_turn_back() {
        for kind in Kind::ALL {
            if let Some(p) = kind.promoted() {
                assert_eq!(p.unpromoted(), kind);
                assert!(p.is_promoted() && !kind.is_promoted());
            }
        }
        assert_eq!(Kind::HAND.iter().map(|k| u32::from(k.in_set())).sum::<u32>() + 2, 40);
    }
}
