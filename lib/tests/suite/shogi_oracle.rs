//! A second shogi move generator, slow and plain, written from the rules
//! alone: a 9x9 array of optional pieces indexed by file and rank, each
//! kind's moves as a list of (file, rank) steps and slides from Black's
//! side, legality by trying every reply of the opponent for a capture of
//! the king. It shares nothing with `engine::shogi` but the public
//! accessors that read a position into it.

use plybench::engine::shogi::{Color, Kind, Position, Square};

/// A piece: side, kind.
pub type Piece = (Color, Kind);

/// An oracle position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oracle {
    /// `board[file - 1][rank]`, rank 0 = `a`.
    board: [[Option<Piece>; 9]; 9],
    /// Pieces in hand, by side and hand kind (pawn .. rook).
    hands: [[u8; 7]; 2],
    side: Color,
}

/// A change of (file, rank).
type Step = (i32, i32);

/// Steps (one square) and slides of a kind for Black, as (file, rank)
/// changes; rank -1 is forward for Black. White's are the same with the
/// rank negated (and the file, which the symmetric pieces ignore).
fn movement(kind: Kind) -> (Vec<Step>, Vec<Step>) {
    let orth = vec![(0, -1), (0, 1), (1, 0), (-1, 0)];
    let diag = vec![(1, -1), (-1, -1), (1, 1), (-1, 1)];
    let gold = vec![(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
    match kind {
        Kind::Pawn => (vec![(0, -1)], vec![]),
        Kind::Lance => (vec![], vec![(0, -1)]),
        Kind::Knight => (vec![(1, -2), (-1, -2)], vec![]),
        Kind::Silver => (vec![(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)], vec![]),
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => (gold, vec![]),
        Kind::King => ([orth, diag].concat(), vec![]),
        Kind::Bishop => (vec![], diag),
        Kind::Rook => (vec![], orth),
        Kind::Horse => (orth, diag),
        Kind::Dragon => (diag, orth),
    }
}

fn promote(kind: Kind) -> Option<Kind> {
    Some(match kind {
        Kind::Pawn => Kind::ProPawn,
        Kind::Lance => Kind::ProLance,
        Kind::Knight => Kind::ProKnight,
        Kind::Silver => Kind::ProSilver,
        Kind::Bishop => Kind::Horse,
        Kind::Rook => Kind::Dragon,
        _ => return None,
    })
}

fn demote(kind: Kind) -> Kind {
    match kind {
        Kind::ProPawn => Kind::Pawn,
        Kind::ProLance => Kind::Lance,
        Kind::ProKnight => Kind::Knight,
        Kind::ProSilver => Kind::Silver,
        Kind::Horse => Kind::Bishop,
        Kind::Dragon => Kind::Rook,
        k => k,
    }
}

const HAND: [Kind; 7] = [Kind::Pawn, Kind::Lance, Kind::Knight, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook];
const HAND_LETTERS: [char; 7] = ['P', 'L', 'N', 'S', 'G', 'B', 'R'];

fn side_index(c: Color) -> usize {
    if c == Color::Black { 0 } else { 1 }
}

fn other(c: Color) -> Color {
    if c == Color::Black { Color::White } else { Color::Black }
}

/// Whether rank `r` is in the promotion zone of `c`.
fn in_zone(c: Color, r: i32) -> bool {
    if c == Color::Black { r <= 2 } else { r >= 6 }
}

/// Whether an unpromoted `kind` of `c` on rank `r` could never move.
fn stuck(c: Color, kind: Kind, r: i32) -> bool {
    let ahead = if c == Color::Black { r } else { 8 - r };
    match kind {
        Kind::Pawn | Kind::Lance => ahead < 1,
        Kind::Knight => ahead < 2,
        _ => false,
    }
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", file, (b'a' + rank as u8) as char)
}

/// A move as the oracle plays it.
#[derive(Clone, Debug)]
enum Play {
    Board { from: (i32, i32), to: (i32, i32), promote: bool },
    Drop { kind: Kind, to: (i32, i32) },
}

impl Play {
    fn usi(&self) -> String {
        match self {
            Play::Board { from, to, promote } => {
                format!("{}{}{}", name(from.0, from.1), name(to.0, to.1), if *promote { "+" } else { "" })
            }
            Play::Drop { kind, to } => {
                let letter = HAND_LETTERS[HAND.iter().position(|k| k == kind).unwrap()];
                format!("{letter}*{}", name(to.0, to.1))
            }
        }
    }
}

impl Oracle {
    /// Reads `pos` square by square.
    pub fn from_position(pos: &Position) -> Oracle {
        let mut board = [[None; 9]; 9];
        for file in 1..=9u8 {
            for rank in 0..9u8 {
                let sq = Square::at(file, rank).unwrap();
                board[file as usize - 1][rank as usize] = pos.piece(sq).map(|p| (p.color, p.kind));
            }
        }
        let mut hands = [[0; 7]; 2];
        for c in [Color::Black, Color::White] {
            for (k, kind) in HAND.iter().enumerate() {
                hands[side_index(c)][k] = pos.in_hand(c, *kind);
            }
        }
        Oracle { board, hands, side: pos.side() }
    }

    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        self.board[f as usize - 1][r as usize]
    }

    fn set(&mut self, f: i32, r: i32, p: Option<Piece>) {
        self.board[f as usize - 1][r as usize] = p;
    }

    /// The squares the piece on (f, r) reaches, empty or enemy.
    fn targets(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let (color, kind) = self.at(f, r).unwrap();
        let sign = if color == Color::Black { 1 } else { -1 };
        let (steps, slides) = movement(kind);
        let inside = |f: i32, r: i32| (1..=9).contains(&f) && (0..9).contains(&r);
        let mut out = Vec::new();
        for (df, dr) in steps {
            let (tf, tr) = (f + df * sign, r + dr * sign);
            if inside(tf, tr) && self.at(tf, tr).is_none_or(|p| p.0 != color) {
                out.push((tf, tr));
            }
        }
        for (df, dr) in slides {
            let (mut tf, mut tr) = (f + df * sign, r + dr * sign);
            while inside(tf, tr) {
                match self.at(tf, tr) {
                    None => out.push((tf, tr)),
                    Some(p) => {
                        if p.0 != color {
                            out.push((tf, tr));
                        }
                        break;
                    }
                }
                tf += df * sign;
                tr += dr * sign;
            }
        }
        out
    }

    fn king(&self, c: Color) -> (i32, i32) {
        for f in 1..=9 {
            for r in 0..9 {
                if self.at(f, r) == Some((c, Kind::King)) {
                    return (f, r);
                }
            }
        }
        panic!("no king");
    }

    /// Whether any piece of `by` reaches the king of the other side.
    fn attacks_king(&self, by: Color) -> bool {
        let king = self.king(other(by));
        (1..=9).any(|f| (0..9).any(|r| self.at(f, r).is_some_and(|p| p.0 == by) && self.targets(f, r).contains(&king)))
    }

    fn apply(&self, play: &Play) -> Oracle {
        let mut next = self.clone();
        let us = self.side;
        match *play {
            Play::Board { from, to, promote } => {
                let (_, kind) = self.at(from.0, from.1).unwrap();
                if let Some((_, taken)) = self.at(to.0, to.1) {
                    let k = HAND.iter().position(|&h| h == demote(taken)).unwrap();
                    next.hands[side_index(us)][k] += 1;
                }
                next.set(from.0, from.1, None);
                let kind = if promote { promote_kind(kind) } else { kind };
                next.set(to.0, to.1, Some((us, kind)));
            }
            Play::Drop { kind, to } => {
                let k = HAND.iter().position(|&h| h == kind).unwrap();
                next.hands[side_index(us)][k] -= 1;
                next.set(to.0, to.1, Some((us, kind)));
            }
        }
        next.side = other(us);
        next
    }

    fn pseudo(&self) -> Vec<Play> {
        let us = self.side;
        let mut out = Vec::new();
        for f in 1..=9 {
            for r in 0..9 {
                let Some((c, kind)) = self.at(f, r) else { continue };
                if c != us {
                    continue;
                }
                for to in self.targets(f, r) {
                    let may_promote = promote(kind).is_some() && (in_zone(us, r) || in_zone(us, to.1));
                    if may_promote {
                        out.push(Play::Board { from: (f, r), to, promote: true });
                    }
                    if !stuck(us, kind, to.1) {
                        out.push(Play::Board { from: (f, r), to, promote: false });
                    }
                }
            }
        }
        for (k, &kind) in HAND.iter().enumerate() {
            if self.hands[side_index(us)][k] == 0 {
                continue;
            }
            for f in 1..=9 {
                let nifu = kind == Kind::Pawn && (0..9).any(|r| self.at(f, r) == Some((us, Kind::Pawn)));
                if nifu {
                    continue;
                }
                for r in 0..9 {
                    if self.at(f, r).is_none() && !stuck(us, kind, r) {
                        out.push(Play::Drop { kind, to: (f, r) });
                    }
                }
            }
        }
        out
    }

    fn legal(&self) -> Vec<(Play, Oracle)> {
        let us = self.side;
        let mut out = Vec::new();
        for play in self.pseudo() {
            let next = self.apply(&play);
            if next.attacks_king(other(us)) {
                continue;
            }
            let pawn_drop = matches!(play, Play::Drop { kind: Kind::Pawn, .. });
            if pawn_drop && next.attacks_king(us) && next.legal().is_empty() {
                continue; // uchifuzume
            }
            out.push((play, next));
        }
        out
    }

    /// The legal moves in USI, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(|(p, _)| p.usi()).collect();
        v.sort();
        v
    }

    /// The position after the legal move written `usi`.
    pub fn play(&self, usi: &str) -> Oracle {
        self.legal().into_iter().find(|(p, _)| p.usi() == usi).map(|(_, n)| n).expect("a legal move")
    }

    /// Perft by the oracle.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}

fn promote_kind(kind: Kind) -> Kind {
    promote(kind).expect("a kind that promotes")
}
