//! The Kalah study: Bell's published figures ([`bell`]), the tables that
//! set the computed figures beside them ([`results`]), and counts split into
//! work units ([`units`]); the worked examples of §3.3 ([`worked`]).

pub mod bell;
pub mod results;
pub mod saved;
pub mod units;
pub mod worked;
