//! `--resume FILE` alone: the run continues with the parameters the file
//! records. A flag given beside it must agree with the file; one that
//! contradicts it is refused with its name (exit 2). Whether a flag was
//! given is asked of clap ([`ValueSource::CommandLine`]), so that a default
//! value never counts as a contradiction.

use std::fmt::Display;
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use clap::parser::ValueSource;
use plybench::batch::{BatchFile, Job, Shard};

use crate::{Usage, name_batch_flags};

/// A run to resume: the parameters and shard its file records, and the
/// command line's flags to check against them.
pub struct Resume<'a, P> {
    /// The file.
    pub path: PathBuf,
    /// The parameters it records.
    pub params: P,
    /// The shard it records (`None`: the whole run).
    pub shard: Option<Shard>,
    matches: &'a ArgMatches,
}

impl<'a, P> Resume<'a, P> {
    /// Reads the file at `path` as a run of job `J`. `matches` are the
    /// command line's matches at the level of the flags (a subcommand's own).
    pub fn load<J: Job<Params = P>>(path: &Path, matches: &'a ArgMatches) -> anyhow::Result<Resume<'a, P>> {
        let file = BatchFile::load(path).map_err(name_batch_flags)?;
        let params = file.params_of::<J>(&path.display().to_string()).map_err(|e| name_batch_flags(e.into()))?;
        Ok(Resume { path: path.to_owned(), params, shard: file.shard, matches })
    }

    /// Whether `flag` (`--split-depth`) was given on the command line, not
    /// left at its default.
    pub fn given(&self, flag: &str) -> bool {
        given(self.matches, flag)
    }

    /// Refuses `flag` if it was given with a value other than the one the
    /// file records: `invalid --depth: run.json records 7, not 6; drop
    /// --depth to continue the recorded run`.
    pub fn agree<T: PartialEq + Display>(&self, flag: &str, given: T, recorded: T) -> Result<(), Usage> {
        if !self.given(flag) {
            return Ok(());
        }
        self.check(flag, given == recorded, given, recorded)
    }

    /// Refuses what `flags` (given on the command line: the caller asked
    /// [`Resume::given`]) say unless `agrees`; `given` and `recorded` are
    /// what the message shows.
    pub fn check(&self, flags: &str, agrees: bool, given: impl Display, recorded: impl Display) -> Result<(), Usage> {
        if agrees {
            return Ok(());
        }
        let file = self.path.display();
        Err(Usage::flag(
            flags,
            format!("{file} records {recorded}, not {given}; drop {flags} to continue the recorded run"),
        ))
    }

    /// Refuses a `--shard` given beside the file unless it is the file's.
    pub fn agree_shard(&self, given: Option<Shard>) -> Result<(), Usage> {
        if !self.given("--shard") {
            return Ok(());
        }
        let show = |s: Option<Shard>| s.map_or("the whole run".to_owned(), |s| format!("shard {s}"));
        self.check("--shard", given == self.shard, show(given), show(self.shard))
    }
}

/// Whether `flag`, by its long name (`--split-depth`), was given on the
/// command line of `matches`. Its id is clap's derived one: the long name
/// with `_` for `-`.
pub fn given(matches: &ArgMatches, flag: &str) -> bool {
    let id = flag.trim_start_matches('-').replace('-', "_");
    matches.value_source(&id) == Some(ValueSource::CommandLine)
}

/// A list of values as the command line writes them: `1,2,3`.
pub fn list<T: Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// A value of a `clap::ValueEnum` by its command-line name.
pub fn named<E: clap::ValueEnum>(value: &E) -> String {
    value.to_possible_value().map_or_else(String::new, |v| v.get_name().to_owned())
}

#[cfg(test)]
mod tests {
    use clap::{Arg, Command};

    use super::*;

    fn matches(args: &[&str]) -> ArgMatches {
        Command::new("t")
            .arg(Arg::new("depth").long("depth").default_value("5"))
            .arg(Arg::new("split_depth").long("split-depth"))
            .arg(Arg::new("shard").long("shard"))
            .get_matches_from(std::iter::once("t").chain(args.iter().copied()))
    }

    fn resume(matches: &ArgMatches) -> Resume<'_, u32> {
        Resume { path: "run.json".into(), params: 7, shard: Some(Shard::new(2, 3).unwrap()), matches }
    }

    #[test]
    fn a_default_is_not_given_and_never_contradicts() {
        let none = matches(&[]);
        assert!(!given(&none, "--depth") && !given(&none, "--split-depth"));
        assert!(resume(&none).agree("--depth", 5, 7).is_ok());
        assert!(resume(&none).agree_shard(None).is_ok());
        let some = matches(&["--depth", "5", "--split-depth", "2"]);
        assert!(given(&some, "--depth") && given(&some, "--split-depth"));
    }

    #[test]
    fn a_given_flag_must_agree_and_is_named_when_not() {
        let args = matches(&["--depth", "7", "--shard", "2/3"]);
        assert!(resume(&args).agree("--depth", 7, 7).is_ok());
        assert!(resume(&args).agree_shard(Some(Shard::new(2, 3).unwrap())).is_ok());
        let args = matches(&["--depth", "6", "--shard", "1/3"]);
        assert_eq!(
            resume(&args).agree("--depth", 6, 7).unwrap_err().to_string(),
            "invalid --depth: run.json records 7, not 6; drop --depth to continue the recorded run"
        );
        assert_eq!(
            resume(&args).agree_shard(None).unwrap_err().to_string(),
            "invalid --shard: run.json records shard 2/3, not the whole run; drop --shard to continue the recorded run"
        );
    }

    #[test]
    fn lists_and_names_read_as_on_the_command_line() {
        assert_eq!(list(&[3, 2, 1]), "3,2,1");
        assert_eq!(named(&plybench::report::Format::Json), "json");
    }
}
