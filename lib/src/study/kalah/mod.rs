//! The Kalah study: Bell's published figures ([`bell`]), the tables that
//! set the computed figures beside them ([`results`]), and counts split into
//! work units ([`units`]).

pub mod bell;
pub mod results;
pub mod units;
