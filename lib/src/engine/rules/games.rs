//! The rule files shipped with plybench (in `lib/rules/`), embedded.
//! Each helper adds the line of its own files.

/// A rule file shipped with plybench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// The name `rules perft --game` takes, e.g. `tictactoe`.
    pub name: &'static str,
    /// The file's name, for messages, e.g. `tictactoe.rules`.
    pub file: &'static str,
    /// The rule file's text.
    pub text: &'static str,
    /// The starting position in the text form of `docs/rules.md`
    /// ("Positions"): the rules do not describe it.
    pub start: &'static str,
}

/// Every shipped rule file.
pub const SHIPPED: &[Shipped] = &[
    Shipped {
        name: "tictactoe",
        file: "tictactoe.rules",
        text: include_str!("../../../rules/tictactoe.rules"),
        start: "3/3/3 1",
    },
    Shipped {
        name: "gomoku",
        file: "gomoku.rules",
        text: include_str!("../../../rules/gomoku.rules"),
        start: "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 1",
    },
    Shipped {
        name: "chess",
        file: "chess.rules",
        text: include_str!("../../../rules/chess.rules"),
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 1",
    },
    Shipped {
        name: "draughts",
        file: "draughts.rules",
        text: include_str!("../../../rules/draughts.rules"),
        start: "m1m1m1m1/1m1m1m1m/m1m1m1m1/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M 1",
    },
    Shipped {
        name: "pitrat-chess",
        file: "pitrat-chess.rules",
        text: include_str!("../../../rules/pitrat-chess.rules"),
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 1",
    },
    Shipped {
        name: "pitrat-gomoku",
        file: "pitrat-gomoku.rules",
        text: include_str!("../../../rules/pitrat-gomoku.rules"),
        start: "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 1",
    },
    Shipped {
        name: "figure4",
        file: "figure4.rules",
        text: include_str!("../../../rules/figure4.rules"),
        start: "mmm/3/MMM 1",
    },
    Shipped {
        name: "tictactoe-moving",
        file: "tictactoe-moving.rules",
        text: include_str!("../../../rules/tictactoe-moving.rules"),
        start: "3/3/3 1",
    },
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
    fn every_shipped_file_parses_and_starts_with_a_comment() {
        for game in SHIPPED {
            assert!(game.text.starts_with('#'), "{} needs a header comment", game.file);
            parse(game.file, game.text).unwrap_or_else(|e| panic!("{e}"));
            assert!(find(game.name).is_some());
        }
    }
}
