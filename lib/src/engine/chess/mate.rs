//! Mate in N under the full rules (castling and en passant included), on
//! any [`Board`]: every key, the shortest mate each key gives, and the
//! defence that refutes a move that is not a key.
//!
//! A *key* is a first move of the side to move after which every defence
//! is mated within the moves left: the stipulation "mate in N" of the
//! chess problem, the attacker's move counted with the mate itself (a
//! two-mover is key, defence, mate). Every key is reported, so a second
//! key, a problem's *cook*, shows up beside the composer's. A stalemate
//! inside the horizon is a defence.
//!
//! The search is the and-or tree of the definition, with the two cuts it
//! allows: the attacker stops at his first move that mates, the defender
//! at his first reply that escapes. At the attacker's last move only a
//! check can mate, so the defender's replies are counted (not listed)
//! only after a move that gives check. Nothing is allocated below the
//! root: each node keeps its moves in a [`MoveList`] on the stack.
//!
//! [`Rules::WithoutCastlingAndEnPassant`] leaves out the two moves Bell's
//! program does not know, so that the same search can check it. Bell's
//! two-move program itself (Bell 1972, Appendix 1), which walks its men
//! round their squares and reverses moves instead of searching
//! recursively, is [`super::array::bell`].
//!
//! ```
//! use plybench::engine::chess::mate::{Rules, solve};
//! use plybench::engine::chess::{Board, Setup, bitboard::BitboardBoard};
//! use plybench::engine::progress::Progress;
//!
//! // Skuja, Wiener Schachzeitung 1934: the key castles.
//! let setup = Setup::from_fen("4k2r/5p1p/5Q2/8/8/4p3/8/R3K3 w Qk - 0 1")?;
//! let found = solve(&mut BitboardBoard::from_setup(&setup), 2, Rules::Full, Progress::NONE)?;
//! let keys: Vec<String> = found.keys.iter().map(|k| k.mv.to_string()).collect();
//! assert_eq!(keys, ["e1c1"]);
//! # Ok::<(), plybench::Error>(())
//! ```

use super::{Board, Move, MoveList};
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::engine::progress::{Progress, Step};

/// The longest mate searched: the tree grows some thirty-fold per move,
/// and a mate in eight in an open position does not finish.
pub const MAX_MATE_MOVES: u32 = 8;

/// Checks the length of a mate: 1 to [`MAX_MATE_MOVES`] moves.
///
/// ```
/// use plybench::engine::chess::mate::check_mate_moves;
///
/// assert_eq!(check_mate_moves(2)?, 2);
/// assert!(check_mate_moves(0).is_err());
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_mate_moves(moves: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Other("moves"), moves, 1, MAX_MATE_MOVES, "; the search grows some thirty-fold per move")
}

/// Which moves the search makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Every legal move.
    #[default]
    Full,
    /// Every legal move but castling and en passant, which Bell's program
    /// omits (Bell 1972, §3.1).
    WithoutCastlingAndEnPassant,
}

impl Rules {
    /// The stable name, for tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Full => "full",
            Rules::WithoutCastlingAndEnPassant => "without castling and en passant",
        }
    }
}

/// A key: a first move that forces mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The move.
    pub mv: Move,
    /// The fewest moves (this one and the mate included) in which it
    /// forces mate.
    pub mates_in: u32,
}

/// What a search for mate in N found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateSearch {
    /// The N searched.
    pub moves: u32,
    /// Every key, sorted by UCI notation.
    pub keys: Vec<Key>,
    /// The positions visited: moves made by either side.
    pub nodes: u64,
}

impl MateSearch {
    /// The keys in UCI notation, in the order of [`MateSearch::keys`].
    pub fn uci_keys(&self, chess960: bool) -> Vec<String> {
        self.keys.iter().map(|k| k.mv.uci(chess960).to_string()).collect()
    }
}

/// Why a first move does not force mate in N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The move forces mate: nothing refutes it.
    None,
    /// After the move the defender is stalemated.
    Stalemate,
    /// The defender's reply after which no mate follows in time (the
    /// first such reply in the generator's order).
    Defence(Move),
    /// The move has no more moves to mate with (N was 1) and does not mate.
    NoMate,
}

/// The and-or search, counting the moves it makes.
struct Search {
    nodes: u64,
    rules: Rules,
}

impl Search {
    /// The moves of the side to move under the search's rules.
    #[inline]
    fn moves<B: Board>(&self, board: &mut B, moves: &mut MoveList) {
        board.legal_moves(moves);
        if self.rules == Rules::WithoutCastlingAndEnPassant {
            moves.retain(|m| !m.is_castle() && !m.is_en_passant());
        }
    }

    /// Whether the side to move has no move under the search's rules.
    #[inline]
    fn no_move<B: Board>(&self, board: &mut B) -> bool {
        match self.rules {
            Rules::Full => board.count_legal() == 0,
            Rules::WithoutCastlingAndEnPassant => {
                let mut moves = MoveList::new();
                self.moves(board, &mut moves);
                moves.is_empty()
            }
        }
    }

    /// Whether the side to move (the attacker) can force mate within `n`
    /// of its moves.
    fn attacker<B: Board>(&mut self, board: &mut B, n: u32) -> bool {
        let mut moves = MoveList::new();
        self.moves(board, &mut moves);
        moves.iter().any(|&m| self.after(board, m, n))
    }

    /// Whether the attacker's legal move `m` forces mate within `n` moves,
    /// `m` counted.
    fn after<B: Board>(&mut self, board: &mut B, m: Move, n: u32) -> bool {
        self.nodes += 1;
        let undo = board.make(m);
        let forced = self.defender(board, n);
        board.unmake(m, undo);
        forced
    }

    /// The defender to move, the attacker having `n - 1` moves left after
    /// this reply: whether every reply is mated in time.
    fn defender<B: Board>(&mut self, board: &mut B, n: u32) -> bool {
        if n == 1 {
            // The attacker's move must have mated: a check with no reply.
            return board.is_check() && self.no_move(board);
        }
        let mut replies = MoveList::new();
        self.moves(board, &mut replies);
        if replies.is_empty() {
            return board.is_check();
        }
        for &r in replies.iter() {
            self.nodes += 1;
            let undo = board.make(r);
            let mated = self.attacker(board, n - 1);
            board.unmake(r, undo);
            if !mated {
                return false;
            }
        }
        true
    }
}

/// Every key of mate in `moves` for the side to move under `rules`, each
/// with the fewest moves it mates in. `progress` hears of each first move
/// searched.
///
/// # Errors
///
/// A length outside 1 to [`MAX_MATE_MOVES`] ([`check_mate_moves`]).
pub fn solve<B: Board>(
    board: &mut B,
    moves: u32,
    rules: Rules,
    progress: Progress<'_>,
) -> Result<MateSearch, LimitError> {
    check_mate_moves(moves)?;
    let mut search = Search { nodes: 0, rules };
    let mut first = MoveList::new();
    search.moves(board, &mut first);
    let mut keys = Vec::new();
    for (i, &m) in first.iter().enumerate() {
        if let Some(k) = (1..=moves).find(|&k| search.after(board, m, k)) {
            keys.push(Key { mv: m, mates_in: k });
        }
        progress.report(Step {
            label: "first moves",
            done: i as u64 + 1,
            total: first.len() as u64,
            nodes: u128::from(search.nodes),
        });
    }
    keys.sort_by_key(|k| k.mv.to_string());
    Ok(MateSearch { moves, keys, nodes: search.nodes })
}

/// Why the first move `m` (legal here) does not force mate in `moves`
/// under `rules`, or [`Refutation::None`] when it does.
///
/// # Errors
///
/// A length outside 1 to [`MAX_MATE_MOVES`].
pub fn refutation<B: Board>(board: &mut B, m: Move, moves: u32, rules: Rules) -> Result<Refutation, LimitError> {
    check_mate_moves(moves)?;
    let mut search = Search { nodes: 0, rules };
    let undo = board.make(m);
    let found = if moves == 1 {
        if board.is_check() && search.no_move(board) { Refutation::None } else { Refutation::NoMate }
    } else {
        let mut replies = MoveList::new();
        search.moves(board, &mut replies);
        if replies.is_empty() {
            if board.is_check() { Refutation::None } else { Refutation::Stalemate }
        } else {
            let mut defence = Refutation::None;
            for &r in replies.iter() {
                let back = board.make(r);
                let mated = search.attacker(board, moves - 1);
                board.unmake(r, back);
                if !mated {
                    defence = Refutation::Defence(r);
                    break;
                }
            }
            defence
        }
    };
    board.unmake(m, undo);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chess::array::ArrayBoard;
    use crate::engine::chess::bitboard::BitboardBoard;
    use crate::engine::chess::mailbox10::Mailbox10Board;
    use crate::engine::chess::x88::X88Board;
    use crate::engine::chess::{Setup, Validation};

    fn keys<B: Board>(fen: &str, n: u32) -> Vec<(String, u32)> {
        let setup = Setup::from_fen_with(fen, Validation::Relaxed).unwrap();
        let found = solve(&mut B::from_setup(&setup), n, Rules::Full, Progress::NONE).unwrap();
        found.keys.iter().map(|k| (k.mv.to_string(), k.mates_in)).collect()
    }

    fn all_boards(fen: &str, n: u32) -> Vec<(String, u32)> {
        let a = keys::<ArrayBoard>(fen, n);
        assert_eq!(a, keys::<Mailbox10Board>(fen, n), "mailbox10 on {fen}");
        assert_eq!(a, keys::<X88Board>(fen, n), "x88 on {fen}");
        assert_eq!(a, keys::<BitboardBoard>(fen, n), "bitboard on {fen}");
        a
    }

    #[test]
    fn back_rank_mate_in_one_has_its_two_keys() {
        // Either rook mates on the eighth rank.
        let found = all_boards("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1", 1);
        assert_eq!(found, [("a1a8".to_owned(), 1), ("b1b8".to_owned(), 1)]);
    }

    #[test]
    fn a_mate_in_one_is_also_a_key_of_mate_in_two_with_its_length() {
        let found = all_boards("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2);
        assert!(found.contains(&("a1a8".to_owned(), 1)), "{found:?}");
        assert!(found.iter().all(|(_, k)| *k <= 2));
    }

    #[test]
    fn stalemate_is_a_defence() {
        // Qc7 leaves Black's king on a8 no move and no check.
        let setup = Setup::from_fen("k7/8/1Q6/8/8/8/8/K7 w - - 0 1").unwrap();
        let mut b = BitboardBoard::from_setup(&setup);
        let qc7 = b.find_move("b6c7").unwrap();
        assert_eq!(refutation(&mut b, qc7, 2, Rules::Full).unwrap(), Refutation::Stalemate);
        assert!(!keys::<BitboardBoard>("k7/8/1Q6/8/8/8/8/K7 w - - 0 1", 2).iter().any(|(m, _)| m == "b6c7"));
    }

    #[test]
    fn lengths_out_of_range_are_refused() {
        let setup = Setup::starting();
        let mut b = BitboardBoard::from_setup(&setup);
        assert!(solve(&mut b, 0, Rules::Full, Progress::NONE).is_err());
        assert!(solve(&mut b, MAX_MATE_MOVES + 1, Rules::Full, Progress::NONE).is_err());
    }
}
