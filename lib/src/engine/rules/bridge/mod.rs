//! Positions and moves of the hand-written engines (chess, checkers) in the
//! rules' terms, so that perft and legal-move sets can be compared.
//!
//! - [`chess`]: a chess [`Setup`](crate::engine::chess::Setup) as a
//!   position of `chess.rules`, and every move (the rules' and the
//!   representations') as UCI text: `e2e4`, `e7e8q`, `e1g1`.
//! - [`checkers`]: a checkers [`Position`](crate::engine::checkers::Position)
//!   as a position of `draughts.rules`, and every move as the checkers
//!   study writes it: `9-13`, or `9x18x27` with every landing of the path.
//!
//! Perft and legal moves of a rule file are [`super::perft`]'s.
//!
//! A move's comparable form is a `String`, so that two lists compare as
//! sorted lists (multisets: a path counted twice would show).

pub mod checkers;
pub mod chess;
