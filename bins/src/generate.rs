//! `NAME --generate KIND`: the binary's man page (roff) or a shell's
//! completion script, generated from its clap definition, as ripgrep does.
//!
//! ```text
//! perft --generate man > perft.1
//! perft --generate complete-bash > ~/.local/share/bash-completion/completions/perft
//! ```

use std::ffi::OsString;
use std::io::{self, Write};

use clap::builder::PossibleValue;
use clap::{Arg, Command, ValueEnum};
use clap_complete::Shell;

/// What `--generate` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generate {
    /// The man page, in roff (`man -l -` reads it).
    Man,
    /// A completion script for a shell.
    Complete(Shell),
}

impl ValueEnum for Generate {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Generate::Man,
            Generate::Complete(Shell::Bash),
            Generate::Complete(Shell::Zsh),
            Generate::Complete(Shell::Fish),
            Generate::Complete(Shell::PowerShell),
            Generate::Complete(Shell::Elvish),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Generate::Man => PossibleValue::new("man").help("the man page, in roff"),
            Generate::Complete(shell) => {
                let (name, help) = match shell {
                    Shell::Bash => ("complete-bash", "the completion script for bash"),
                    Shell::Zsh => ("complete-zsh", "the completion script for zsh"),
                    Shell::Fish => ("complete-fish", "the completion script for fish"),
                    Shell::PowerShell => ("complete-powershell", "the completion script for PowerShell"),
                    Shell::Elvish => ("complete-elvish", "the completion script for Elvish"),
                    _ => return None,
                };
                PossibleValue::new(name).help(help)
            }
        })
    }
}

/// The id and long name of the flag.
const FLAG: &str = "generate";

/// `command` with the `--generate KIND` flag, so that `--help`, the man
/// page and the completions list it.
pub fn with_flag(command: Command) -> Command {
    command.arg(
        Arg::new(FLAG)
            .long(FLAG)
            .value_name("KIND")
            .value_parser(clap::builder::EnumValueParser::<Generate>::new())
            .help("Print the man page (man) or a completion script (complete-bash, complete-zsh, complete-fish, ...) and exit")
            .exclusive(true),
    )
}

/// What the command line asks to generate: `None` when it does not name
/// `--generate`; an error (one line, without the program's name) when it
/// names it with other arguments or an unknown kind.
pub fn requested(args: &[OsString]) -> Result<Option<Generate>, String> {
    let flag = format!("--{FLAG}");
    let Some(at) =
        args.iter().skip(1).position(|a| a.to_str().is_some_and(|a| a == flag || a.starts_with(&format!("{flag}="))))
    else {
        return Ok(None);
    };
    let words: Vec<&str> = args[1..].iter().map(|a| a.to_str().unwrap_or("")).collect();
    let kind = match words.as_slice() {
        [only] if at == 0 => only.strip_prefix(&format!("{flag}=")).ok_or_else(|| format!("{flag} needs a KIND"))?,
        [_, kind] if at == 0 => *kind,
        _ => return Err(format!("{flag} takes one KIND and no other argument (e.g. `{flag} man`)")),
    };
    Generate::from_str(kind, false).map(Some).map_err(|_| {
        let kinds: Vec<String> = Generate::value_variants()
            .iter()
            .filter_map(|g| g.to_possible_value().map(|v| v.get_name().to_owned()))
            .collect();
        format!("invalid {flag} KIND: it is one of {}", kinds.join(", "))
    })
}

/// Writes what `kind` asks for, of the binary `name` defined by `command`.
pub fn write(kind: Generate, command: Command, name: &str, out: &mut dyn Write) -> io::Result<()> {
    let mut command = with_flag(command).name(name.to_owned()).bin_name(name.to_owned());
    match kind {
        Generate::Man => clap_mangen::Man::new(command).render(out),
        Generate::Complete(shell) => {
            // clap_complete panics when its writer fails (a closed pipe:
            // `goban --generate complete-bash | head -1`), so the script is
            // built in memory and written here, its error returned.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, name.to_owned(), &mut script);
            out.write_all(&script)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_flag_is_read_alone_and_nowhere_else() {
        assert_eq!(requested(&args(&["perft", "--depth", "3"])), Ok(None));
        assert_eq!(requested(&args(&["perft", "--generate", "man"])), Ok(Some(Generate::Man)));
        assert_eq!(requested(&args(&["perft", "--generate=complete-zsh"])), Ok(Some(Generate::Complete(Shell::Zsh))));
        assert!(requested(&args(&["perft", "--generate"])).is_err());
        assert!(requested(&args(&["perft", "--generate", "man", "--depth", "3"])).is_err());
        assert!(requested(&args(&["perft", "--depth", "3", "--generate", "man"])).is_err());
        let unknown = requested(&args(&["perft", "--generate", "complete-tcsh"])).unwrap_err();
        assert!(unknown.contains("complete-bash") && unknown.contains("man"), "{unknown}");
    }

    #[test]
    fn every_kind_writes_a_script_that_names_the_binary() {
        let command = Command::new("whatever").subcommand(Command::new("sub").arg(Arg::new("depth").long("depth")));
        for kind in Generate::value_variants() {
            let mut out = Vec::new();
            write(*kind, command.clone(), "perft", &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains("perft"), "{kind:?}: {text}");
            assert!(text.contains("depth") || *kind == Generate::Man, "{kind:?}");
        }
    }
}
