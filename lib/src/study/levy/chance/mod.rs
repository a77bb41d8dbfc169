//! The chapters on chance and hidden information of Levy (1983): every
//! figure they print, computed exactly by [`crate::engine::chance`], beside
//! the printed one; a seeded Monte Carlo beside the exact value where Levy
//! approximates; and the figures that cannot be computed, with the reason.
//!
//! - [`ch06`]: card deduction and Bayes' theorem, Fig. 24, the shuffle.
//! - [`ch07`]: Michie's expected values, the stud bluff, Task 7.
//! - [`ch11`]: stud poker, Figs. 42-44 and the worked hand.
//! - [`ch12`]: draw poker, Figs. 45 and 46, the pointer, the draw.
//! - [`ch15`]: bridge bidding, Fig. 52.
//! - [`ch16`]: bridge play: the finesse, the blocked ending, the fourth highest.
//! - [`ch18`]: dominoes: the set, the sample game, the endgame tree.
//!
//! Tables: `levy_chance_chNN` (the figures of chapter NN), and
//! `levy_chance_chNN_mc` (its Monte Carlo estimates).

pub mod ch06;
pub mod ch07;
pub mod ch11;
pub mod ch12;
pub mod ch15;
pub mod ch16;
pub mod ch18;
pub(in crate::study::levy) mod common;
pub mod monte_carlo;

use super::LevyPart;

/// The chance chapters' parts, in chapter order.
pub const PARTS: [LevyPart; 7] = [ch06::PART, ch07::PART, ch11::PART, ch12::PART, ch15::PART, ch16::PART, ch18::PART];
