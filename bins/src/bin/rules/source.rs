//! Where the rules come from: a shipped rule file (`--game`) or one read
//! from disk (`--rules`), and the position to start from.

use std::path::PathBuf;

use clap::Args;
use plybench::engine::rules::ast::Program;
use plybench::engine::rules::games;
use plybench::engine::rules::parse::parse;
use plybench_cli::{Flag, Usage};

/// The flags naming a rule file, shared by every subcommand.
#[derive(Args)]
pub struct RuleFile {
    /// A shipped rule file (tictactoe, gomoku, chess, draughts, pitrat-chess, ...).
    #[arg(long, conflicts_with = "rules")]
    game: Option<String>,
    /// A rule file to read instead of a shipped one.
    #[arg(long)]
    rules: Option<PathBuf>,
}

impl RuleFile {
    /// The flag that named the rule file, for errors the rules cause.
    pub fn flag(&self) -> &'static str {
        if self.game.is_some() { "--game" } else { "--rules" }
    }

    /// The rule file, and the starting position of a shipped one.
    pub fn load(&self) -> anyhow::Result<(Program, Option<&'static str>)> {
        match (&self.game, &self.rules) {
            (Some(name), _) => {
                let shipped = games::find(name).ok_or_else(|| {
                    Usage::flag(
                        "--game",
                        format!("no shipped rule file is called {name}; try one of {}", games::names()),
                    )
                })?;
                Ok((parse(shipped.file, shipped.text).flag("--game")?, Some(shipped.start)))
            }
            (None, Some(path)) => {
                let text = plybench::bounded::read_text(path).map_err(plybench::Error::from)?;
                Ok((parse(&path.display().to_string(), &text).flag("--rules")?, None))
            }
            (None, None) => {
                Err(Usage("give --game NAME (one of ".to_owned() + &games::names() + ") or --rules FILE").into())
            }
        }
    }
}

/// The position given with `--position`, else the shipped game's start.
pub fn position(given: &Option<String>, start: Option<&str>) -> anyhow::Result<String> {
    match (given, start) {
        (Some(p), _) => Ok(p.clone()),
        (None, Some(s)) => Ok(s.to_owned()),
        (None, None) => Err(Usage("a rule file read with --rules needs --position".into()).into()),
    }
}
