//! Bell's program to solve two-move mates (Bell 1972, §3.1 "Solving
//! two-move mates", Figs. 3.3 to 3.5, and the Algol of Appendix 1),
//! statement by statement, on the tables of Appendix 2 that this module's
//! parent builds.
//!
//! # Bell's arrays
//!
//! The program keeps Bell's own state: the boards `whitemen` and
//! `blackmen` (`[1:65]`), the piece lists `whitepiece` and `blackpiece`
//! (`[0:16]`, the number of men first, then each man's square, a1 first),
//! and, for each depth 1 to 5, `c` (the man taken by the move made at that
//! depth), `q` (the value of the man moving), `locate` (his number in the
//! piece list), `backto` (his square before his moves began) and
//! `numberofmoves` (where the next list of moves begins). Its one work
//! array is `moves`: for each man with moves, his number, his value and his
//! square, then the squares he can move to, then minus his square.
//!
//! # How it runs
//!
//! `listmoves` writes a side's list from a given cell, men in the reverse
//! order of the piece list, and stops at once (the label `cutoff`) when a
//! man can take the opponent's king: the opponent's last move was illegal.
//! `makemove` walks a man round his squares, moving him from the square he
//! last went to, to the next of his list (A1 to A6), then lists the
//! opponent's replies one depth down (R); when the list of the man ends
//! (a negative square) it puts him back (B1 to B5) and goes on with the
//! next man (NM). `reversemove` takes back the move a man stands on. The
//! main program tries White's first moves in order, and for each every
//! Black reply; after each White second move it asks whether White could
//! take the king at once (the move checks: otherwise a mate could only be
//! a stalemate) and then whether every Black move leaves the king to be
//! taken. The first move for which every reply is met is Bell's answer.
//!
//! Like Bell's program this one knows neither castling nor en passant (his
//! text leaves both to the original paper), whatever the position's
//! castling rights and en passant square, and it takes White to be the
//! side to move.
//!
//! # Where it departs from the Algol as printed
//!
//! - Bell's program prints its first answer and stops; this one records it
//!   and goes on (`goto w1continue`, as for a move that fails), so that it
//!   lists every first move its method accepts ([`BellRun::answers`]),
//!   unless [`BellOptions::stop_at_first`] asks for Bell's stop.
//! - A pawn reaching the last rank is made a queen, a rook, a bishop and a
//!   knight in turn by taking the same cell of `moves` again (A1 moves the
//!   pointer back). The Algol as printed goes wrong twice there. Each
//!   re-entry runs A2 to A5 again, and when the pawn took a man on his way,
//!   A3 puts that man back on the square the pawn left instead of where he
//!   was taken; here a re-entry only changes the new piece. And a queen,
//!   rook or bishop just made is taken back (`reversemove(moves[b2 + 1],
//!   ...)` and the like) with the pointer still moved back, so the square
//!   passed is the one the pawn left: the pawn is wiped out and the new
//!   piece stays; here the piece's own square is used.
//!   [`BellRun::promotion_fixes`] counts the times either happened: as
//!   printed, the program would have gone on with a wrong board.
//! - `moves` holds more than Bell's 500 cells, so that no position can run
//!   past it; [`BellRun::peak`] says how far a run went.
//!
//! The trace ([`BellRun::flow`]) is the flow of the solution as Bell's Fig.
//! 3.4 draws it, and [`BellRun::answer_listings`] the contents of `moves`
//! at the five depths when the answer is found, as his Fig. 3.5 lists them.
//!
//! ```
//! use plybench::engine::chess::Setup;
//! use plybench::engine::chess::array::bell::{BellOptions, run};
//!
//! // Bell's Fig. 3.3: White's only move takes on f5 and mates.
//! let setup = Setup::from_fen("5brk/4p1p1/4PpP1/5pp1/6P1/4p1PB/4P1PR/5BRK w - - 0 1")?;
//! let found = run(&setup, BellOptions::default())?;
//! assert_eq!(found.answers.iter().map(|m| m.uci().to_string()).collect::<Vec<_>>(), ["g4f5"]);
//! # Ok::<(), plybench::Error>(())
//! ```

use std::fmt;

use super::ArrayBoard;
use super::lookup::{
    BISHOP_TABLE, BLACK_PAWN_TABLE, KING_TABLE, KNIGHT_TABLE, LEAPER_LEN, PAWN_LEN, ROOK_TABLE, SLIDER_LEN,
    WHITE_PAWN_TABLE, bell, neutral,
};
use crate::engine::chess::{Board, ChessError, Color, Move, MoveKind, Role, Setup};

/// Bell's side index of White's arrays.
const WHITE: usize = 0;
/// Bell's side index of Black's arrays.
const BLACK: usize = 1;

/// The most cells one man's entry in `moves` can take: his number, value
/// and square, a queen's 27 squares, and minus his square.
const MAN_CELLS: usize = 31;
/// The most cells one list can take: 16 men.
const LIST_CELLS: usize = 16 * MAN_CELLS;
/// The cells of this program's `moves`: cell 0 unused (Algol's arrays
/// here start at 1), the lists of the five depths and White's list of the
/// check test after them, and the three cells `NM` reads past a list's end.
pub const MOVES_CELLS: usize = 1 + 6 * LIST_CELLS + 4;
/// Bell's declaration: `moves[1:500]`.
pub const BELL_MOVES_CELLS: usize = 500;
/// The most rows of the flow a run records unless told otherwise.
pub const DEFAULT_FLOW_ROWS: usize = 10_000;

/// A man's move as Bell's program makes it: his number in the piece list,
/// his value (pawn 1 ... king 6), the squares (Bell's 1 to 64), the value
/// of the man taken (0 for none) and the piece a pawn becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BellMove {
    /// The side moving.
    pub color: Color,
    /// The man's number in his side's piece list.
    pub man: u8,
    /// His value before the move: pawn 1, knight 2, bishop 3, rook 4,
    /// queen 5, king 6.
    pub value: u8,
    /// Bell's square he stood on before his moves began (`backto`): the
    /// program walks a man from one of his squares to the next, but the
    /// move it tries is from there.
    pub from: u8,
    /// Bell's square he goes to.
    pub to: u8,
    /// The value of the man taken there, or 0.
    pub captured: u8,
    /// The value a pawn becomes on the last rank.
    pub promoted: Option<u8>,
}

/// The letter of one of Bell's values.
fn letter(value: u8) -> char {
    match value {
        1 => 'P',
        2 => 'N',
        3 => 'B',
        4 => 'R',
        5 => 'Q',
        _ => 'K',
    }
}

impl BellMove {
    /// The move in UCI notation.
    pub fn uci(&self) -> Move {
        let (from, to) = (neutral(self.from), neutral(self.to));
        let capture = self.captured != 0;
        let kind = match self.promoted {
            Some(v) => MoveKind::promotion(Role::ALL[(v - 1) as usize], capture).unwrap_or(MoveKind::Quiet),
            None if capture => MoveKind::Capture,
            None if self.value == 1 && from.rank().abs_diff(to.rank()) == 2 => MoveKind::DoublePush,
            None => MoveKind::Quiet,
        };
        Move::new(from, to, kind)
    }
}

/// Bell's short descriptive notation, as his Fig. 3.4 writes moves: the
/// man's letter, then `*` and the letter of the man taken, or `-` and the
/// square, named by its file's piece (R, N, B, Q, K, B, N, R from a to h,
/// without the wing) and its rank counted from the mover's side; a pawn
/// becoming a piece adds `=` and its letter.
///
/// ```
/// use plybench::engine::chess::Color;
/// use plybench::engine::chess::array::bell::BellMove;
///
/// let k = BellMove { color: Color::Black, man: 9, value: 6, from: 64, to: 56, captured: 0, promoted: None };
/// assert_eq!(k.to_string(), "K-R2");
/// let p = BellMove { color: Color::White, man: 9, value: 1, from: 31, to: 38, captured: 1, promoted: None };
/// assert_eq!(p.to_string(), "P*P");
/// ```
impl fmt::Display for BellMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", letter(self.value))?;
        if self.captured != 0 {
            write!(f, "*{}", letter(self.captured))?;
        } else {
            let square = neutral(self.to);
            let file = ['R', 'N', 'B', 'Q', 'K', 'B', 'N', 'R'][square.file() as usize];
            let rank = if self.color == Color::White { square.rank() + 1 } else { 8 - square.rank() };
            write!(f, "-{file}{rank}")?;
        }
        match self.promoted {
            Some(v) => write!(f, "={}", letter(v)),
            None => Ok(()),
        }
    }
}

/// One step of the flow of a solution (Bell's Fig. 3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// A move made at `depth` (1 to 4), after which the opponent's list
    /// found no king to take.
    Made {
        /// 1 and 3 for White's moves, 2 and 4 for Black's.
        depth: u8,
        /// The move.
        mv: BellMove,
    },
    /// A move made at `depth` after which the opponent's list, one depth
    /// down, found `capture`, a man taking the king: the move was illegal.
    Illegal {
        /// The depth of the move.
        depth: u8,
        /// The move.
        mv: BellMove,
        /// The man who can take the king, and the king's square.
        capture: BellMove,
    },
    /// After White's second move White could take the king (`capture`):
    /// the move checks, so Black's replies are tried.
    Checks {
        /// The man who can take the king.
        capture: BellMove,
    },
    /// White's second move does not check: the next one is tried.
    NoCheck {
        /// The move.
        mv: BellMove,
    },
    /// A move taken back by `reversemove` at `depth`: Black's second move
    /// that escapes (depth 4), White's second move that mates (3), Black's
    /// first reply that no second move meets (2).
    Reversed {
        /// The depth of the move.
        depth: u8,
        /// The move.
        mv: BellMove,
    },
    /// White's first move met every reply: an answer.
    Answer {
        /// The move.
        mv: BellMove,
    },
}

/// One man's entry in a list of `moves` (a row of Bell's Fig. 3.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// His number in the piece list.
    pub man: u8,
    /// His value.
    pub value: u8,
    /// His square ("initial square").
    pub square: u8,
    /// The squares he can move to, in the order listed.
    pub to: Vec<u8>,
    /// Minus his square, closing the entry ("back to"); `None` when the
    /// listing stopped at him because he can take the king, whose square
    /// is then the last of `to`.
    pub back_to: Option<i16>,
}

/// The last list of one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The depth, 1 to 5.
    pub depth: u8,
    /// The side whose moves these are.
    pub color: Color,
    /// The men with moves, in the order listed.
    pub men: Vec<Listed>,
}

/// Where a listing stopped: a man able to take the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cut {
    /// The cell where the man's entry begins.
    entry: usize,
    /// The last cell written.
    last: usize,
    man: u8,
    value: u8,
    square: u8,
    king: u8,
}

/// How a run is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BellOptions {
    /// The most steps of [`BellRun::flow`] kept (0 keeps none; the run
    /// goes on past the limit, unrecorded).
    pub flow_rows: usize,
    /// Stop at the first answer, as Bell's program does.
    pub stop_at_first: bool,
}

impl Default for BellOptions {
    fn default() -> Self {
        BellOptions { flow_rows: DEFAULT_FLOW_ROWS, stop_at_first: false }
    }
}

/// What a run of the program found and did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BellRun {
    /// Every first move the method accepts, in the order tried; Bell's
    /// program prints the first and stops.
    pub answers: Vec<BellMove>,
    /// The flow, up to [`BellOptions::flow_rows`] steps.
    pub flow: Vec<Flow>,
    /// Whether the flow went past the limit.
    pub flow_truncated: bool,
    /// The first moves found illegal when made (White's king left to be
    /// taken), in the order tried.
    pub illegal_first: Vec<BellMove>,
    /// The lists of the five depths when the first answer was found (Bell's
    /// Fig. 3.5), if one was.
    pub answer_listings: Option<Vec<Listing>>,
    /// White's first list (depth 1): Bell's Fig. 3.2 for Fig. 3.1(b).
    pub first_listing: Listing,
    /// Moves made by `makemove` (a man stepping onto a square, legal or
    /// not).
    pub makes: u64,
    /// Calls of `listmoves`.
    pub listings: u64,
    /// The highest cell of `moves` written; past [`BELL_MOVES_CELLS`],
    /// Bell's array would not have held the run.
    pub peak: usize,
    /// The times the Algol as printed would have left a wrong board after a
    /// promotion: a man taken by the promoting pawn put back on the wrong
    /// square when the promotion is re-entered, or a new piece taken back
    /// from the wrong square.
    pub promotion_fixes: u64,
}

/// What `makemove` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A legal move was made; the opponent's list is ready.
    Made,
    /// The man's list ended and he was put back (`goto continue`).
    Continue,
}

/// Bell's arrays and the records of a run.
struct Program {
    /// `whitemen` and `blackmen`, cells 1 to 65 (0 unused).
    men: [[u8; 66]; 2],
    /// `whitepiece` and `blackpiece`.
    piece: [[u8; 17]; 2],
    c: [u8; 6],
    q: [u8; 6],
    locate: [u8; 6],
    backto: [u8; 6],
    numberofmoves: [usize; 6],
    moves: Box<[i16; MOVES_CELLS]>,
    depth: usize,
    /// Per depth: the next make at that depth re-enters a promotion.
    reentry: [bool; 6],
    /// Per depth: the last move made there, for the flow.
    last_made: [Option<BellMove>; 6],
    /// Per depth: where its last listing stopped, if it did.
    last_cut: [Option<Cut>; 6],
    run: BellRun,
    options: BellOptions,
}

/// Runs Bell's program on `setup`, White to move.
///
/// # Errors
///
/// [`ChessError::BellProgram`] when Black is to move (Bell's program solves
/// for White), or the position is beyond Bell's arrays (more than 16 men a
/// side, a pawn on a back rank, which his pawn tables have no row for).
pub fn run(setup: &Setup, options: BellOptions) -> Result<BellRun, ChessError> {
    if setup.turn() != Color::White {
        return Err(ChessError::BellProgram {
            why: "it solves for White to move and this position has Black to move".to_owned(),
        });
    }
    ArrayBoard::holds(setup).map_err(|why| ChessError::BellProgram { why })?;
    let mut program = Program::new(setup, options);
    program.main();
    Ok(program.run)
}

impl Program {
    fn new(setup: &Setup, options: BellOptions) -> Program {
        let mut men = [[0u8; 66]; 2];
        let mut piece = [[0u8; 17]; 2];
        for s in crate::engine::chess::Square::all() {
            if let Some(p) = setup.piece_at(s) {
                let side = p.color.index();
                men[side][bell(s) as usize] = p.role.index() as u8 + 1;
                piece[side][0] += 1;
                let n = piece[side][0] as usize;
                piece[side][n] = bell(s);
            }
        }
        let empty = Listing { depth: 1, color: Color::White, men: Vec::new() };
        Program {
            men,
            piece,
            c: [0; 6],
            q: [0; 6],
            locate: [0; 6],
            backto: [0; 6],
            numberofmoves: [0; 6],
            moves: Box::new([0; MOVES_CELLS]),
            depth: 1,
            reentry: [false; 6],
            last_made: [None; 6],
            last_cut: [None; 6],
            run: BellRun {
                answers: Vec::new(),
                flow: Vec::new(),
                flow_truncated: false,
                illegal_first: Vec::new(),
                answer_listings: None,
                first_listing: empty,
                makes: 0,
                listings: 0,
                peak: 0,
                promotion_fixes: 0,
            },
            options,
        }
    }

    /// Records a step of the flow, if the limit allows.
    fn flow(&mut self, step: Flow) {
        if self.run.flow.len() < self.options.flow_rows {
            self.run.flow.push(step);
        } else {
            self.run.flow_truncated = true;
        }
    }

    // ------------------------------------------------------ listmoves

    /// Bell's `listmoves` for `side`, writing from cell `start`: the cell
    /// after the list, or where it stopped (`cutoff`).
    fn list_moves(&mut self, side: usize, start: usize) -> Result<usize, Cut> {
        self.run.listings += 1;
        let mut c = start;
        for pointer in (1..=self.piece[side][0] as usize).rev() {
            let square = self.piece[side][pointer];
            let value = self.men[side][square as usize];
            if value == 0 {
                continue;
            }
            let entry = c;
            self.moves[c] = pointer as i16;
            self.moves[c + 1] = i16::from(value);
            self.moves[c + 2] = i16::from(square);
            c += 2;
            let stopped = match value {
                1 => {
                    let table =
                        if self.men[WHITE][square as usize] == 1 { &WHITE_PAWN_TABLE } else { &BLACK_PAWN_TABLE };
                    self.pawn_moves(side, table, square, &mut c)
                }
                2 => self.leaper_moves(side, &KNIGHT_TABLE, square, &mut c),
                3 => self.slider_moves(side, &BISHOP_TABLE, square, &mut c),
                4 => self.slider_moves(side, &ROOK_TABLE, square, &mut c),
                5 => self
                    .slider_moves(side, &ROOK_TABLE, square, &mut c)
                    .and_then(|()| self.slider_moves(side, &BISHOP_TABLE, square, &mut c)),
                _ => self.leaper_moves(side, &KING_TABLE, square, &mut c),
            };
            if let Err(king) = stopped {
                self.run.peak = self.run.peak.max(c + 1);
                return Err(Cut { entry, last: c, man: pointer as u8, value, square, king });
            }
            // nextman
            if self.moves[c] != i16::from(square) {
                self.moves[c + 1] = -i16::from(square);
                c += 2;
            } else {
                c -= 2;
            }
        }
        self.run.peak = self.run.peak.max(c);
        Ok(c)
    }

    /// `knightorkingmove`: the cells from the back pointer to the row's end.
    fn leaper_moves(&mut self, side: usize, table: &[u16; LEAPER_LEN], square: u8, c: &mut usize) -> Result<(), u8> {
        let j = 9 * square as usize;
        for &cell in &table[table[j] as usize..j] {
            let target = cell as usize;
            if self.men[side][target] == 0 {
                if self.men[1 - side][target] == 6 {
                    return Err(target as u8);
                }
                *c += 1;
                self.moves[*c] = target as i16;
            }
        }
        Ok(())
    }

    /// `rookorbishopmove`: for each increment, `for i := square + k step k
    /// until terminal`.
    fn slider_moves(&mut self, side: usize, table: &[i8; SLIDER_LEN], square: u8, c: &mut usize) -> Result<(), u8> {
        for j in 0..4 {
            let k = i16::from(table[j]);
            let terminal = i16::from(table[4 * square as usize + j]);
            let mut i = i16::from(square) + k;
            while (i - terminal) * k.signum() <= 0 {
                let t = i as usize;
                if self.men[side][t] != 0 {
                    break;
                }
                *c += 1;
                self.moves[*c] = i;
                if self.men[1 - side][t] != 0 {
                    if self.men[1 - side][t] == 6 {
                        return Err(t as u8);
                    }
                    break;
                }
                i += k;
            }
        }
        Ok(())
    }

    /// `whiteorblackpawnmove`: one step, then two while the squares are
    /// empty; then the two captures, the no-man's land never occupied.
    fn pawn_moves(&mut self, side: usize, table: &[u8; PAWN_LEN], square: u8, c: &mut usize) -> Result<(), u8> {
        let row = 4 * square as usize;
        for i in [row, row + 1] {
            let j = table[i] as usize;
            if self.men[side][j] != 0 || self.men[1 - side][j] != 0 {
                break;
            }
            *c += 1;
            self.moves[*c] = j as i16;
        }
        for i in [row + 2, row + 3] {
            let j = table[i] as usize;
            if self.men[1 - side][j] != 0 {
                if self.men[1 - side][j] == 6 {
                    return Err(j as u8);
                }
                *c += 1;
                self.moves[*c] = j as i16;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------- makemove

    /// The side moving at the current depth: White at odd depths.
    fn side(&self) -> usize {
        if self.depth % 2 == 1 { WHITE } else { BLACK }
    }

    /// The man capturing the king at a cut, as a move.
    fn capture_of(&self, cut: &Cut, side: usize) -> BellMove {
        BellMove {
            color: if side == WHITE { Color::White } else { Color::Black },
            man: cut.man,
            value: cut.value,
            from: cut.square,
            to: cut.king,
            captured: 6,
            promoted: None,
        }
    }

    /// Bell's `makemove` with `pointer` passed by name.
    fn make_move(&mut self, pointer: &mut usize) -> Next {
        loop {
            // start:
            let d = self.depth;
            let me = self.side();
            let him = 1 - me;
            let from = self.moves[*pointer];
            let to = self.moves[*pointer + 1];
            if to > 0 {
                let (from, to) = (from as usize, to as usize);
                let reentry = std::mem::take(&mut self.reentry[d]);
                // A1
                let mut promoted = None;
                if self.q[d] == 1 && !(9..=56).contains(&to) {
                    *pointer -= 1;
                    self.men[me][to] = if self.men[me][to] == 0 { 5 } else { self.men[me][to] - 1 };
                    if self.men[me][to] == 2 {
                        *pointer += 1;
                    } else {
                        self.reentry[d] = true;
                    }
                    promoted = Some(self.men[me][to]);
                } else {
                    self.men[me][to] = self.q[d];
                }
                if reentry {
                    // The same cell again: only the new piece changes.
                    if self.c[d] != 0 {
                        self.run.promotion_fixes += 1;
                    }
                } else {
                    self.men[me][from] = 0; // A2
                    self.men[him][from] = self.c[d]; // A3
                    self.c[d] = self.men[him][to]; // A4
                    self.men[him][to] = 0; // A5
                }
                self.piece[me][self.locate[d] as usize] = to as u8; // A6
                self.run.makes += 1;
                let mv = BellMove {
                    color: if me == WHITE { Color::White } else { Color::Black },
                    man: self.locate[d],
                    value: self.q[d],
                    // The chess move: from his square, where the walk
                    // round his list began.
                    from: self.backto[d],
                    to: to as u8,
                    captured: self.c[d],
                    promoted,
                };
                // D
                self.depth += 1;
                let below = self.depth;
                self.numberofmoves[below] = self.numberofmoves[below - 1];
                let start = self.numberofmoves[below];
                self.reentry[below] = false;
                // R
                match self.list_moves(him, start) {
                    Err(cut) => {
                        self.last_cut[below] = Some(cut);
                        let capture = self.capture_of(&cut, him);
                        if d == 1 {
                            self.run.illegal_first.push(mv);
                        }
                        self.flow(Flow::Illegal { depth: d as u8, mv, capture });
                        // illegal move:
                        self.depth -= 1;
                        *pointer += 1;
                        continue;
                    }
                    Ok(end) => {
                        self.numberofmoves[below] = end;
                        self.last_cut[below] = None;
                    }
                }
                // N, V, BT
                self.locate[below] = self.moves[start] as u8;
                self.q[below] = self.moves[start + 1] as u8;
                self.backto[below] = self.moves[start + 2] as u8;
                self.last_made[d] = Some(mv);
                self.flow(Flow::Made { depth: d as u8, mv });
                return Next::Made;
            }
            let back = (-to) as usize;
            let from = from as usize;
            self.men[me][back] = self.q[d]; // B1
            self.men[me][from] = 0; // B2
            self.men[him][from] = self.c[d]; // B3
            self.c[d] = 0; // B4
            self.piece[me][self.locate[d] as usize] = back as u8; // B5
            // NM
            self.locate[d] = self.moves[*pointer + 2] as u8;
            self.q[d] = self.moves[*pointer + 3] as u8;
            self.backto[d] = self.moves[*pointer + 4] as u8;
            *pointer += 3;
            return Next::Continue;
        }
    }

    /// Bell's `reversemove`: the man moved at the current depth, now on
    /// `from`, back to his square.
    fn reverse_move(&mut self, from: i16) {
        let d = self.depth;
        let me = self.side();
        let mut from = from as usize;
        if let Some(mv) = self.last_made[d] {
            self.flow(Flow::Reversed { depth: d as u8, mv });
            if self.reentry[d] {
                // A promotion still to be re-entered: `makemove` moved the
                // pointer back, so the caller's `moves[pointer + 1]` is the
                // square the pawn left, not the one his new piece stands on.
                from = usize::from(mv.to);
                self.run.promotion_fixes += 1;
            }
        }
        self.men[me][self.backto[d] as usize] = self.q[d];
        self.men[me][from] = 0;
        self.men[1 - me][from] = self.c[d];
        self.c[d] = 0;
        self.piece[me][self.locate[d] as usize] = self.backto[d];
        self.reentry[d] = false;
    }

    // ------------------------------------------------------ the entry

    /// Bell's main program (ENTRY); each `goto ...continue` ends the
    /// current step of its loop.
    fn main(&mut self) {
        self.c[1] = 0;
        self.depth = 1;
        self.numberofmoves[1] = 1;
        let Ok(end) = self.list_moves(WHITE, 1) else { return }; // theend
        self.numberofmoves[1] = end;
        self.run.first_listing = self.listing(1, 1, end, None);
        self.locate[1] = self.moves[1] as u8;
        self.q[1] = self.moves[2] as u8;
        // Not in the Algol, which never reads it: the first man's square,
        // so that his moves are told from where they start.
        self.backto[1] = self.moves[3] as u8;
        let mut w1 = 3;
        while w1 <= self.numberofmoves[1] {
            if self.make_move(&mut w1) == Next::Made && self.replies_met() {
                // THE ANSWER
                if let Some(mv) = self.last_made[1] {
                    self.flow(Flow::Answer { mv });
                    if self.run.answers.is_empty() {
                        self.run.answer_listings = Some(self.listings());
                    }
                    self.run.answers.push(mv);
                }
                if self.options.stop_at_first {
                    return; // goto theend
                }
            }
            self.depth = 1; // w1continue
            w1 += 1;
        }
    }

    /// Black's replies to a first move (depth 2): whether a second move
    /// meets each. A reply that none meets is taken back (`goto
    /// w1continue`).
    fn replies_met(&mut self) -> bool {
        let mut b1 = self.numberofmoves[1] + 2;
        while b1 <= self.numberofmoves[2] {
            if self.make_move(&mut b1) == Next::Made && !self.second_moves() {
                self.depth = 2;
                self.reverse_move(self.moves[b1 + 1]);
                return false;
            }
            self.depth = 2; // b1continue
            b1 += 1;
        }
        true
    }

    /// White's second moves after a Black reply (depth 3): whether one of
    /// them mates; that one is taken back (`goto b1continue`).
    fn second_moves(&mut self) -> bool {
        let mut w2 = self.numberofmoves[2] + 2;
        while w2 <= self.numberofmoves[3] {
            if self.make_move(&mut w2) == Next::Made && self.checks() && self.every_reply_mated() {
                self.depth = 3;
                self.reverse_move(self.moves[w2 + 1]);
                return true;
            }
            self.depth = 3; // w2continue
            w2 += 1;
        }
        false
    }

    /// Whether White, after his second move, could take the king at once:
    /// his list, written after Black's, stops at the king if so
    /// (`notstalemate`).
    fn checks(&mut self) -> bool {
        let n = self.numberofmoves[4];
        match self.list_moves(WHITE, n) {
            Ok(_) => {
                if let Some(mv) = self.last_made[3] {
                    self.flow(Flow::NoCheck { mv });
                }
                false
            }
            Err(cut) => {
                let capture = self.capture_of(&cut, WHITE);
                self.flow(Flow::Checks { capture });
                true
            }
        }
    }

    /// Black's second moves (depth 4): whether each leaves his king to be
    /// taken. One that does not is taken back (`goto w2continue`).
    fn every_reply_mated(&mut self) -> bool {
        let mut b2 = self.numberofmoves[3] + 2;
        while b2 <= self.numberofmoves[4] {
            if self.make_move(&mut b2) == Next::Made {
                self.depth = 4;
                self.reverse_move(self.moves[b2 + 1]);
                return false;
            }
            self.depth = 4; // b2continue
            b2 += 1;
        }
        true
    }

    // ------------------------------------------------------- records

    /// The entries of `moves` from cell `start` to `end`, as depth `depth`
    /// lists them, the last stopped at `cut` if given.
    fn listing(&self, depth: u8, start: usize, end: usize, cut: Option<Cut>) -> Listing {
        let color = if depth % 2 == 1 { Color::White } else { Color::Black };
        let mut men = Vec::new();
        let stop = cut.map_or(end, |c| c.entry);
        let mut i = start;
        while i < stop {
            let (man, value, square) = (self.moves[i] as u8, self.moves[i + 1] as u8, self.moves[i + 2] as u8);
            let mut j = i + 3;
            let mut to = Vec::new();
            while j < stop && self.moves[j] > 0 {
                to.push(self.moves[j] as u8);
                j += 1;
            }
            let back_to = (j < stop).then(|| self.moves[j]);
            men.push(Listed { man, value, square, to, back_to });
            i = j + 1;
        }
        if let Some(cut) = cut {
            let mut to: Vec<u8> =
                (cut.entry + 3..=cut.last).map(|k| self.moves[k] as u8).filter(|&s| s != cut.king).collect();
            to.push(cut.king);
            men.push(Listed { man: cut.man, value: cut.value, square: cut.square, to, back_to: None });
        }
        Listing { depth, color, men }
    }

    /// The lists of the five depths as `moves` holds them now.
    fn listings(&self) -> Vec<Listing> {
        let mut out = Vec::with_capacity(5);
        let mut start = 1;
        for depth in 1..=5usize {
            let end = self.numberofmoves[depth];
            let cut = if depth == 5 { self.last_cut[5] } else { None };
            out.push(self.listing(depth as u8, start, end, cut));
            start = end;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bell's Fig. 3.3, as the piece lists of Fig. 3.3(b) and the moves of
    /// Figs. 3.4 and 3.5 place the men.
    const FIG_3_3: &str = "5brk/4p1p1/4PpP1/5pp1/6P1/4p1PB/4P1PR/5BRK w - - 0 1";

    fn setup(fen: &str) -> Setup {
        Setup::from_fen(fen).unwrap()
    }

    #[test]
    fn piece_lists_are_bells() {
        let p = Program::new(&setup(FIG_3_3), BellOptions::default());
        assert_eq!(p.piece[WHITE][..12], [11, 6, 7, 8, 13, 15, 16, 23, 24, 31, 45, 47]);
        assert_eq!(p.piece[BLACK][..10], [9, 21, 38, 39, 46, 53, 55, 62, 63, 64]);
    }

    #[test]
    fn fig_3_3_flows_as_fig_3_4() {
        let found = run(&setup(FIG_3_3), BellOptions { stop_at_first: true, ..BellOptions::default() }).unwrap();
        let text: Vec<String> = found
            .flow
            .iter()
            .map(|f| match f {
                Flow::Made { depth, mv } => format!("{depth} {mv}"),
                Flow::Illegal { depth, mv, capture } => format!("{depth} {mv} illegal {capture}"),
                Flow::Checks { capture } => format!("checks {capture}"),
                Flow::NoCheck { mv } => format!("no check {mv}"),
                Flow::Reversed { depth, mv } => format!("{depth} reversed {mv}"),
                Flow::Answer { mv } => format!("answer {mv}"),
            })
            .collect();
        assert_eq!(
            text,
            [
                "1 P*P",
                "2 K-R2 illegal P*K",
                "2 P-N5",
                "3 B*P",
                "checks R*K",
                "4 K-R2 illegal P*K",
                "3 reversed B*P",
                "answer P*P"
            ]
        );
    }

    #[test]
    fn fig_3_3_leaves_moves_as_fig_3_5() {
        let found = run(&setup(FIG_3_3), BellOptions::default()).unwrap();
        type Row = (u8, u8, u8, u8, Vec<u8>, Option<i16>);
        let rows: Vec<Row> = found
            .answer_listings
            .unwrap()
            .iter()
            .flat_map(|l| l.men.iter().map(move |m| (l.depth, m.man, m.value, m.square, m.to.clone(), m.back_to)))
            .collect();
        assert_eq!(
            rows,
            [
                (1, 9, 1, 31, vec![38], Some(-31)),
                (2, 9, 6, 64, vec![56], Some(-64)),
                (2, 3, 1, 39, vec![31], Some(-39)),
                (3, 8, 3, 24, vec![31], Some(-24)),
                (4, 9, 6, 64, vec![56], Some(-64)),
                (5, 11, 1, 47, vec![56], None),
            ]
        );
        assert!(found.peak < BELL_MOVES_CELLS);
    }

    #[test]
    fn black_to_move_is_refused() {
        let e = run(&setup("5brk/4p1p1/4PpP1/5pp1/6P1/4p1PB/4P1PR/5BRK b - - 0 1"), BellOptions::default());
        assert!(e.unwrap_err().to_string().contains("White to move"));
    }

    #[test]
    fn promotions_cycle_queen_rook_bishop_knight() {
        // The pawn on b7 takes a8 or goes to b8: each of the two in four
        // pieces, and nothing taken is lost on the way (every position
        // after the run is the starting one).
        let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let before = Program::new(&setup(fen), BellOptions::default());
        let mut p = Program::new(&setup(fen), BellOptions { flow_rows: 100_000, stop_at_first: false });
        p.main();
        let firsts: Vec<String> = p
            .run
            .flow
            .iter()
            .filter_map(|f| match f {
                Flow::Made { depth: 1, mv } | Flow::Illegal { depth: 1, mv, .. } if mv.value == 1 => {
                    Some(mv.uci().to_string())
                }
                _ => None,
            })
            .collect();
        assert_eq!(firsts, ["b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n"]);
        assert_eq!(p.men, before.men);
        assert!(p.run.promotion_fixes > 0);
    }
}
