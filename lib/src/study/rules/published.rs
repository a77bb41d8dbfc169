//! The published perft counts a position of a described game can be
//! compared with: chess (the standard and edge-case suites of
//! `datasets/perft/`, through [`bridge::chess`]), draughts (the opening, in
//! `datasets/checkers/perft.json`), and the games of
//! `datasets/rules/games-by-ply.json` (Connect Four, Othello), whose
//! table by ply is [`super::by_ply`].
//!
//! A game is named by a key: the shipped file's name (`rules perft --game
//! chess`), or the `GAME` name of a file read from disk, in lower case. A
//! count is found only for its game and its exact position (both read
//! through the rule file, so that the same board written two ways compares
//! equal). The counts are only compared with; nothing computes from them.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::engine::checkers;
use crate::engine::rules::ast::Program;
use crate::engine::rules::bridge;
use crate::engine::rules::state::State;
use crate::report::Published;
use crate::study::datasets::{PERFT_EDGE_CASES, PERFT_STANDARD, RULES_GAMES_BY_PLY};
use crate::study::perft::suite::parse_suite;
use crate::{Error, Result};

const FILE: &str = "rules/games-by-ply.json";

/// One game's published counts by ply.
#[derive(Clone, Debug, Deserialize)]
pub struct GameCounts {
    /// The shipped file's name.
    pub id: String,
    /// Every key the counts answer to (the shipped name, the `GAME` name).
    pub names: Vec<String>,
    /// What is counted.
    pub title: String,
    /// The start position, as the shipped file writes it.
    pub position: String,
    /// `counts[n]`: the games at the end of ply `n`.
    pub counts: Vec<u64>,
    /// Where the counts are published.
    pub source: String,
    /// What else the source's reader should know.
    pub notes: String,
}

#[derive(Deserialize)]
struct Raw {
    games: Vec<GameCounts>,
}

/// The games of `datasets/rules/games-by-ply.json`.
pub fn games_by_ply() -> Result<&'static [GameCounts]> {
    static DATA: OnceLock<std::result::Result<Vec<GameCounts>, String>> = OnceLock::new();
    DATA.get_or_init(|| {
        let raw: Raw = serde_json::from_str(RULES_GAMES_BY_PLY).map_err(|e| e.to_string())?;
        if raw.games.iter().any(|g| g.counts.first() != Some(&1)) {
            return Err("every game's counts start with 1, the start position".into());
        }
        Ok(raw.games)
    })
    .as_deref()
    .map_err(|why| Error::Dataset { name: FILE, why: why.clone() })
}

/// `text` read as a position of `program` and written back, or `None` if
/// the program cannot read it.
fn normal(program: &Program, text: &str) -> Option<String> {
    State::from_text(program, text).ok().map(|s| s.to_text(program))
}

/// The published perft of `state` at `depth` for the game `key`, if
/// `datasets/` has one.
pub fn published_perft(key: &str, program: &Program, state: &State, depth: u32) -> Result<Option<Published<u128>>> {
    let here = state.to_text(program);
    match key {
        "chess" => {
            for (file, text, source) in [
                ("standard.epd", PERFT_STANDARD, "chessprogramming wiki, Perft Results"),
                ("edge-cases.epd", PERFT_EDGE_CASES, "Martin Sedlak's positions, in Steve Maughan, Perfect Perft!"),
            ] {
                for entry in parse_suite(file, text)? {
                    if normal(program, &bridge::chess::position_text(&entry.setup)).as_ref() != Some(&here) {
                        continue;
                    }
                    let found = entry.expected.iter().find(|&&(d, _)| d == depth);
                    return Ok(found.map(|&(_, nodes)| Published {
                        value: nodes,
                        source: format!("{source} (datasets/perft/{file}, line {})", entry.line),
                    }));
                }
            }
            Ok(None)
        }
        "draughts" => {
            let opening = bridge::checkers::position_text(&checkers::Position::start());
            if normal(program, &opening).as_ref() != Some(&here) {
                return Ok(None);
            }
            Ok(crate::study::checkers::published::opening(depth)?
                .map(|p| Published { value: u128::from(p.value), source: p.source }))
        }
        _ => {
            for game in games_by_ply()? {
                if !game.names.iter().any(|n| n == key) || normal(program, &game.position).as_ref() != Some(&here) {
                    continue;
                }
                let count = game.counts.get(depth as usize);
                return Ok(count.map(|&n| Published { value: u128::from(n), source: game.source.clone() }));
            }
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::games;
    use crate::engine::rules::parse::parse;

    fn shipped(name: &str) -> (Program, State) {
        let g = games::find(name).unwrap();
        let program = parse(g.file, g.text).unwrap();
        let start = State::start(&program).unwrap();
        (program, start)
    }

    #[test]
    fn every_game_of_the_dataset_is_shipped_and_starts_where_the_file_does() {
        for game in games_by_ply().unwrap() {
            let (program, start) = shipped(&game.id);
            assert_eq!(normal(&program, &game.position), Some(start.to_text(&program)), "{}", game.id);
            assert!(game.names.contains(&game.id) && game.names.contains(&program.header.game.to_ascii_lowercase()));
        }
    }

    #[test]
    fn published_counts_are_found_for_their_game_and_position_only() {
        let (chess, start) = shipped("chess");
        assert_eq!(published_perft("chess", &chess, &start, 4).unwrap().map(|p| p.value), Some(197_281));
        assert!(published_perft("chess", &chess, &start, 4).unwrap().unwrap().source.contains("standard.epd, line 8"));
        // Pitrat's chess has the same board, and no published count.
        assert_eq!(published_perft("pitrat-chess", &chess, &start, 4).unwrap(), None);
        let after = State::from_text(&chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR 2 PASSANT=5").unwrap();
        assert_eq!(published_perft("chess", &chess, &after, 1).unwrap(), None);
        let (draughts, opening) = shipped("draughts");
        assert_eq!(published_perft("draughts", &draughts, &opening, 3).unwrap().map(|p| p.value), Some(302));
        let (othello, start) = shipped("othello");
        assert_eq!(published_perft("othello", &othello, &start, 10).unwrap().map(|p| p.value), Some(24_571_056));
        assert_eq!(published_perft("othello", &othello, &start, 40).unwrap(), None);
    }
}
