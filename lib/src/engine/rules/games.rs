//! The rule files shipped with plybench (in `lib/rules/`), embedded.
//! Each helper adds the line of its own files.

/// A rule file shipped with plybench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// The name `rules perft --game` takes, e.g. `tictactoe`.
    pub name: &'static str,
    /// The file's name, for messages, e.g. `tictactoe.rules`.
    pub file: &'static str,
    /// The rule file's text. Its header declares the start position
    /// (`START * ...`).
    pub text: &'static str,
}

/// Every shipped rule file.
pub const SHIPPED: &[Shipped] = &[
    Shipped { name: "tictactoe", file: "tictactoe.rules", text: include_str!("../../../rules/tictactoe.rules") },
    Shipped { name: "gomoku", file: "gomoku.rules", text: include_str!("../../../rules/gomoku.rules") },
    Shipped { name: "chess", file: "chess.rules", text: include_str!("../../../rules/chess.rules") },
    Shipped { name: "draughts", file: "draughts.rules", text: include_str!("../../../rules/draughts.rules") },
    Shipped {
        name: "pitrat-chess",
        file: "pitrat-chess.rules",
        text: include_str!("../../../rules/pitrat-chess.rules"),
    },
    Shipped {
        name: "pitrat-gomoku",
        file: "pitrat-gomoku.rules",
        text: include_str!("../../../rules/pitrat-gomoku.rules"),
    },
    Shipped { name: "figure4", file: "figure4.rules", text: include_str!("../../../rules/figure4.rules") },
    Shipped {
        name: "tictactoe-moving",
        file: "tictactoe-moving.rules",
        text: include_str!("../../../rules/tictactoe-moving.rules"),
    },
    Shipped { name: "connect4", file: "connect4.rules", text: include_str!("../../../rules/connect4.rules") },
    Shipped { name: "othello", file: "othello.rules", text: include_str!("../../../rules/othello.rules") },
];

/// The shipped rule file called `name`.
pub fn find(name: &str) -> Option<&'static Shipped> {
    SHIPPED.iter().find(|g| g.name == name)
}

/// The names of the shipped rule files, for messages.
pub fn names() -> String {
    SHIPPED.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::parse::parse;

    #[test]
    fn every_shipped_file_parses_starts_with_a_comment_and_declares_its_start() {
        for game in SHIPPED {
            assert!(game.text.starts_with('#'), "{} needs a header comment", game.file);
            let program = parse(game.file, game.text).unwrap_or_else(|e| panic!("{e}"));
            assert!(find(game.name).is_some());
            let start = crate::engine::rules::state::State::start(&program).unwrap();
            assert_eq!(Some(start.to_text(&program)), program.header.start.map(|s| s.position), "{}", game.file);
        }
    }
}
