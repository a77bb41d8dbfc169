//! The study `levy`: the figures of D. Levy, *Computer Gamesmanship*
//! (1983), recomputed.
//!
//! The study is a list of parts, one per chapter or group of chapters
//! ([`parts::all`]), each a [`LevyPart`] that builds its tables from a
//! [`Settings`] (budget, seed, Monte Carlo trials). `plybench reproduce
//! --only levy` runs them all; the `levy` binary runs the chapters asked
//! for.
//!
//! - [`ch13`]: Othello: the first moves, Fig. 48 and 49, the three games
//!   replayed, perft beside OEIS A124004.
//! - [`chance`]: the chapters on chance and hidden information (6, 7, 11,
//!   12, 15, 16, 18): card deduction, bluffing, stud and draw poker, bridge,
//!   dominoes.
//! - [`ch17`]: shogi: the pieces, moves and drop squares of the chapter,
//!   and the shogi engine's perft beside the published counts.
//! - [`ch10`]: backgammon: throws, the tree's size, blockades, blots, the
//!   race, with the move generator's counts from the opening.
//! - [`scores`]: the board-game chapters 8 and 9 (checkers, chess): the
//!   figures and every printed game score replayed on the engines.
//! - [`games`]: the chapters on games and search without perft (1, 2,
//!   3-4, 5, 14): the 8-puzzle, Nim, tic-tac-toe, MENACE, go-moku.
//! - [`dataset`]: a chapter's published figures, read from
//!   `datasets/levy/`.
//! - [`figures`]: computed figures beside printed ones, one table per
//!   chapter, with the verdict rule of [`crate::report::Printed`].
//! - [`parts`]: the parts of the study, in chapter order.
//! - [`settings`]: what a run of the study is asked to do.
//!
//! A part of another group of chapters (the games) joins by adding its
//! module and listing its parts in [`parts::all`]; its tables' ids start
//! with `levy_` and its group's name, as the chance tables' start with
//! `levy_chance_`.

pub mod ch10;
pub mod ch13;
pub mod ch17;
pub mod chance;
pub mod dataset;
pub mod figures;
pub mod games;
pub mod parts;
pub mod scores;
pub mod settings;

pub use settings::Settings;

use crate::Result;
use crate::engine::progress::Progress;
use crate::study::part::Part;

/// One part of the study: a chapter, or chapters read together.
#[derive(Clone, Copy, Debug)]
pub struct LevyPart {
    /// The chapters the part covers (one, or two read together).
    pub chapters: &'static [u32],
    /// A short name, unique in the study: `ch06`.
    pub key: &'static str,
    /// The chapter's title, as the book gives it.
    pub title: &'static str,
    /// Builds the part's tables.
    pub run: fn(&Settings, Progress<'_>) -> Result<Part>,
}
