//! Layer 1, the engines: the games, their representations, perft drivers,
//! tables and search.
//!
//! Nothing here knows of published figures, reports, batches, terminals or
//! command-line flags. Each engine reports progress through
//! [`progress::Progress`] and fails with an error of its own domain.
//!
//! - [`backgammon`]: positions, throws, the move generator and its oracle,
//!   the game tree with chance nodes.
//! - [`chance`]: finite chance counted exactly: cards, poker hands, draws,
//!   stud, bridge deals, trick-taking endings, dominoes, shuffles.
//! - [`chess`]: the core types, four board representations, perft drivers,
//!   Zobrist keys.
//! - [`checkers`]: English draughts in three representations.
//! - [`game`]: the generic perft driver over any [`game::Game`]: perft,
//!   divide, threads and the shared table.
//! - [`go`]: Zobrist's influence algorithm, Go boards and perft, counts of
//!   legal positions.
//! - [`kalah`]: sowing, Bell's continuation counts, stacks and sweeps.
//! - [`othello`]: Othello on a bitboard and on an array board (its
//!   oracle), for the generic driver.
//! - [`shogi`]: shogi with drops and promotions, SFEN, perft.
//! - [`rules`]: Pitrat's rules language: parser, interpreter, compiler,
//!   perft over any described game, the conditions found in the rules.
//! - [`tictactoe`]: the full game tree with Levy's move orders;
//!   [`tictactoe_rows`]: Levy's row evaluation, move classes, MENACE's boxes.
//! - [`puzzle`], [`nim`], [`gomoku`]: the 8-puzzle, Nim and go-moku of
//!   Levy's chapters 1 and 14.
//! - [`search`]: random and real game trees, move orders and the search
//!   algorithms with their node counts.
//! - [`table`]: the perft transposition table of chess and checkers.
//! - [`spill`]: tables too large for memory, as sorted runs on disk.
//! - [`rng`], [`memory`], [`limit`], [`progress`], [`work`]: what every engine
//!   shares (the last: the estimate of a long run, and its bound).
//! - [`hint`]: huge pages and prefetch, the library's only `unsafe` code.

pub mod backgammon;
pub mod chance;
pub mod checkers;
pub mod chess;
pub mod game;
pub mod go;
pub mod gomoku;
pub mod hint;
pub mod kalah;
pub mod limit;
pub mod meminfo;
pub mod memory;
pub mod nim;
pub mod othello;
pub mod progress;
pub mod puzzle;
pub mod rng;
pub mod rules;
pub mod search;
pub mod shogi;
pub mod spill;
pub mod table;
pub mod tictactoe;
pub mod tictactoe_rows;
pub mod work;
