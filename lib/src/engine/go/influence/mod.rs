//! Zobrist's influence algorithm after Bell (1972, §3.4, Figs. 3.13 to
//! 3.16): the position ([`position`]), the four passes of the Fortran
//! ([`map`]), a position recovered from a map whose signs were lost
//! ([`mod@reconstruct`]), and territory counts ([`territory`]).

pub mod map;
pub mod position;
pub mod reconstruct;
pub mod territory;

pub use map::{InfluenceMap, influence, influence_after};
pub use position::{BLACK, EMPTY, Position, SIZE, Stone, WHITE, point_name};
pub use reconstruct::{Reconstruction, Search, reconstruct};
pub use territory::{Territory, by_influence, by_regions};
