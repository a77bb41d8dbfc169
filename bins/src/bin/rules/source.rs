//! Where the rules come from: a shipped rule file (`--game`) or one read
//! from disk (`--rules`), and its starting position.

use std::path::PathBuf;

use plybench::engine::rules::ast::Program;
use plybench::engine::rules::games;
use plybench::engine::rules::parse::parse;
use plybench::error::IoError;
use plybench_cli::{Flag, Usage};

/// The rule file and its starting position.
pub fn load(game: &Option<String>, rules: &Option<PathBuf>) -> anyhow::Result<(Program, Option<&'static str>)> {
    match (game, rules) {
        (Some(name), _) => {
            let shipped = games::find(name).ok_or_else(|| {
                Usage::flag("--game", format!("no shipped rule file is called {name}; try one of {}", games::names()))
            })?;
            Ok((parse(shipped.file, shipped.text).flag("--game")?, Some(shipped.start)))
        }
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| plybench::Error::from(IoError::read(path, e)))?;
            Ok((parse(&path.display().to_string(), &text).flag("--rules")?, None))
        }
        (None, None) => {
            Err(Usage("give --game NAME (one of ".to_owned() + &games::names() + ") or --rules FILE").into())
        }
    }
}
