//! What an installed binary offers beyond its subcommands: `--version`, the
//! man page and shell completions (`--generate`), and help texts that a
//! person can read (no documentation markup leaking from the library).

use std::process::{Command, Output};

/// Every installed binary, by name.
const BINARIES: [(&str, &str); 8] = [
    ("alphabeta", env!("CARGO_BIN_EXE_alphabeta")),
    ("checkers", env!("CARGO_BIN_EXE_checkers")),
    ("goban", env!("CARGO_BIN_EXE_goban")),
    ("kalah", env!("CARGO_BIN_EXE_kalah")),
    ("levy", env!("CARGO_BIN_EXE_levy")),
    ("perft", env!("CARGO_BIN_EXE_perft")),
    ("plybench", env!("CARGO_BIN_EXE_plybench")),
    ("rules", env!("CARGO_BIN_EXE_rules")),
];

fn run(path: &str, args: &[&str]) -> Output {
    Command::new(path).args(args).output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

#[test]
fn every_binary_prints_its_version() {
    for (name, path) in BINARIES {
        let out = run(path, &["--version"]);
        assert!(out.status.success(), "{name}");
        assert_eq!(stdout(&out).trim(), format!("{name} {}", env!("CARGO_PKG_VERSION")), "{name}");
    }
}

#[test]
fn every_binary_generates_its_man_page_and_completions() {
    for (name, path) in BINARIES {
        let man = run(path, &["--generate", "man"]);
        assert!(man.status.success() && man.stderr.is_empty(), "{name}: {}", String::from_utf8_lossy(&man.stderr));
        let page = stdout(&man);
        assert!(page.contains(&format!(".TH {name} 1")), "{name}: not a roff page for {name}");
        assert!(page.contains("\\-\\-format") && page.contains("\\-\\-generate"), "{name}: the page lists no flags");
        for (shell, marker) in [("bash", "complete -F"), ("zsh", "#compdef"), ("fish", "complete -c")] {
            let out = run(path, &["--generate", &format!("complete-{shell}")]);
            assert!(out.status.success(), "{name} {shell}");
            let script = stdout(&out);
            assert!(script.contains(marker) && script.contains(name), "{name}: no {shell} completion of {name}");
            assert!(script.contains("format"), "{name} {shell}: the script completes no flag");
        }
    }
}

#[test]
fn generate_into_a_closed_pipe_ends_quietly() {
    // `perft --generate complete-bash | grep -q perft`: the reader leaves
    // after its first line, and the writer must not panic.
    for kind in ["man", "complete-bash", "complete-zsh"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["--generate", kind])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("perft starts");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("perft ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.is_empty(), "{kind}: {:?} {err}", out.status);
    }
}

#[test]
fn generate_is_refused_with_other_arguments_or_an_unknown_kind() {
    for args in [&["--generate", "complete-tcsh"][..], &["--generate"], &["--format", "json", "--generate", "man"]] {
        let out = run(env!("CARGO_BIN_EXE_perft"), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("--generate") && out.stdout.is_empty(), "{args:?}: {err}");
    }
}

/// The subcommands `--help` lists.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|s| *s != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn help_texts_carry_no_documentation_markup() {
    let mut pages = 0;
    for (name, path) in BINARIES {
        let top = stdout(&run(path, &["--help"]));
        let subs = subcommands(&top);
        let mut helps = vec![(String::new(), top)];
        for sub in subs {
            helps.push((sub.clone(), stdout(&run(path, &[&sub, "--help"]))));
        }
        for (sub, help) in helps {
            assert!(help.contains("Usage:"), "{name} {sub}: no help");
            for markup in ["[`", "`]", "](", "super::", "crate::"] {
                assert!(!help.contains(markup), "{name} {sub} --help shows `{markup}`:\n{help}");
            }
            pages += 1;
        }
    }
    assert!(pages > BINARIES.len(), "the subcommands were not found");
}
