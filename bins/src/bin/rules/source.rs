//! Where the rules come from: a shipped rule file (`--game`) or one read
//! from disk (`--rules`), the position to start from, the limits every run
//! keeps to, and which flag an error of the rules names.

use std::path::PathBuf;

use clap::Args;
use plybench::Error;
use plybench::engine::limit::{LimitError, Quantity, check_range};
use plybench::engine::memory::MemoryLimit;
use plybench::engine::rules::RulesError;
use plybench::engine::rules::ast::Program;
use plybench::engine::rules::games;
use plybench::engine::rules::limits::Limits;
use plybench::engine::rules::native::NativeOptions;
use plybench::engine::rules::parse::{MAX_TEXT, parse};
use plybench::engine::rules::state::State;
use plybench_cli::{Flag, FlagError, Usage};

/// The flags naming a rule file, shared by every subcommand.
#[derive(Args)]
pub struct RuleFile {
    /// A shipped rule file (tictactoe, gomoku, connect4, othello, chess, draughts, pitrat-chess, ...).
    #[arg(long, conflicts_with = "rules")]
    game: Option<String>,
    /// A rule file to read instead of a shipped one (at most 1 MiB).
    #[arg(long)]
    rules: Option<PathBuf>,
}

impl RuleFile {
    /// The flag that named the rule file, for errors the rules cause.
    pub fn flag(&self) -> &'static str {
        if self.game.is_some() { "--game" } else { "--rules" }
    }

    /// The rule file.
    pub fn load(&self) -> anyhow::Result<Program> {
        match (&self.game, &self.rules) {
            (Some(name), _) => {
                let shipped = games::find(name).ok_or_else(|| {
                    Usage::flag(
                        "--game",
                        format!(
                            "no shipped rule file is called {}; try one of {}",
                            plybench::engine::rules::error::excerpt(name),
                            games::names()
                        ),
                    )
                })?;
                Ok(parse(shipped.file, shipped.text).flag("--game")?)
            }
            (None, Some(path)) => {
                let text = plybench::bounded::read_text_within(path, MAX_TEXT as u64).map_err(Error::from)?;
                Ok(parse(&path.display().to_string(), &text).flag("--rules")?)
            }
            (None, None) => {
                Err(Usage("give --game NAME (one of ".to_owned() + &games::names() + ") or --rules FILE").into())
            }
        }
    }

    /// The key of the game's published counts and notation: the shipped
    /// file's name, or the `GAME` name of a file read from disk.
    pub fn key(&self, program: &Program) -> String {
        match &self.game {
            Some(name) => name.clone(),
            None => program.header.game.to_ascii_lowercase(),
        }
    }

    /// The flag an error of a run names: `--max-steps` for a run past its
    /// budget, `--max-memory` for one past its memory, else the flag of the
    /// rule file.
    pub fn blame(&self, error: impl Into<Error>) -> anyhow::Error {
        let error = error.into();
        let flag = match &error {
            Error::Rules(RulesError::Steps { .. }) => "--max-steps",
            Error::Rules(RulesError::Moves { .. } | RulesError::Memory { .. }) => "--max-memory",
            Error::Rules(RulesError::Native(_)) => "--rustc",
            _ => self.flag(),
        };
        FlagError::new(flag, error).into()
    }
}

/// The position given with `--position`, else the rule file's start
/// (`START * ...` in its header).
pub fn position(given: &Option<String>, program: &Program) -> anyhow::Result<State> {
    match given {
        Some(text) => Ok(State::from_text(program, text).flag("--position")?),
        None if program.header.start.is_some() => Ok(State::start(program)?),
        None => Err(Usage(format!(
            "{} declares no start position: give --position, or add `START * <position>.` to its header",
            plybench::engine::rules::error::excerpt(&program.file)
        ))
        .into()),
    }
}

/// The limits of every run of the rules: `--max-steps` and `--max-memory`.
#[derive(Args)]
pub struct LimitArgs {
    /// The most steps one run of an algorithm may take (a move generation, a RESULT evaluation); a statement
    /// costs one step plus one per operation of its expressions.
    #[arg(long, default_value_t = Limits::DEFAULT_STEPS)]
    max_steps: u64,
    /// The most memory in GiB the moves and the analyses may hold (default: 14 or three quarters of the
    /// machine's memory, whichever is less).
    #[arg(long, value_name = "GIB")]
    max_memory: Option<MemoryLimit>,
}

impl LimitArgs {
    /// The steps, checked.
    fn steps(&self) -> Result<u64, FlagError> {
        let steps: Result<u64, LimitError> =
            check_range(Quantity::Other("steps"), self.max_steps, 1, Limits::MAX_STEPS, "");
        steps.flag("--max-steps")
    }

    /// The memory limit in bytes.
    fn memory(&self) -> u64 {
        self.max_memory.unwrap_or_default().bytes()
    }

    /// The limits of a perft to `depth` plies.
    pub fn perft(&self, depth: u32) -> Result<Limits, FlagError> {
        Ok(Limits::for_perft(self.memory(), depth, self.steps()?))
    }

    /// The limits of an analysis.
    pub fn analysis(&self) -> Result<Limits, FlagError> {
        Ok(Limits { steps: self.steps()?, ..Limits::with_memory(self.memory()) })
    }
}

/// Where the native engine finds rustc and keeps what it builds.
#[derive(Args)]
pub struct NativeArgs {
    /// The rustc that builds the native code of `--engine native`.
    #[arg(long, value_name = "PATH", default_value = "rustc")]
    rustc: PathBuf,
    /// Where the native libraries are kept, one per rule file and version of plybench (default:
    /// $XDG_CACHE_HOME/plybench/rules, else ~/.cache/plybench/rules, else the temporary directory).
    #[arg(long, value_name = "DIR")]
    native_cache: Option<PathBuf>,
}

impl NativeArgs {
    /// The engine's options.
    pub fn options(&self) -> NativeOptions {
        let cache = self.native_cache.clone().unwrap_or_else(|| {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache")))
                .unwrap_or_else(std::env::temp_dir);
            base.join("plybench").join("rules")
        });
        NativeOptions { rustc: self.rustc.clone(), cache }
    }
}
