//! The published datasets, compiled into the library.
//!
//! The files live in `datasets/` at the top of the repository (the crate
//! reaches them through its `datasets` link, so that `cargo package` ships
//! them). Each constant is one file's text; the study that owns it parses
//! it. Published figures are used only to compare, never to compute.

use std::sync::OnceLock;

use serde::de::DeserializeOwned;

use crate::{Error, Result};

/// A dataset parsed and checked on first use, once per process: every
/// later call gets the same value, or the same [`Error::Dataset`].
///
/// ```
/// use plybench::study::datasets::Parsed;
///
/// static SIZES: Parsed<Vec<u32>> = Parsed::json("sizes.json", "[9, 13, 19]");
/// fn all_odd(v: &Vec<u32>) -> Result<(), String> {
///     if v.iter().all(|n| n % 2 == 1) { Ok(()) } else { Err("a size is even".into()) }
/// }
/// static ODD: Parsed<Vec<u32>> = Parsed::json_checked("odd.json", "[9, 14]", all_odd);
///
/// assert_eq!(SIZES.get()?, &[9, 13, 19]);
/// assert_eq!(SIZES.get()?.len(), 3); // parsed once, the same value
/// assert!(ODD.get().unwrap_err().to_string().contains("odd.json is malformed: a size is even"));
/// # Ok::<(), plybench::Error>(())
/// ```
pub struct Parsed<T> {
    name: &'static str,
    text: &'static str,
    parse: fn(&str) -> std::result::Result<T, String>,
    check: fn(&T) -> std::result::Result<(), String>,
    cell: OnceLock<std::result::Result<T, String>>,
}

/// Parses JSON text, the error as text.
fn from_json<T: DeserializeOwned>(text: &str) -> std::result::Result<T, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The check of a dataset that needs none.
fn no_check<T>(_: &T) -> std::result::Result<(), String> {
    Ok(())
}

impl<T: DeserializeOwned> Parsed<T> {
    /// The JSON dataset `name` (its path under `datasets/`), with `text`.
    pub const fn json(name: &'static str, text: &'static str) -> Parsed<T> {
        Parsed::with(name, text, from_json::<T>)
    }

    /// The JSON dataset `name` with `text`, refused unless `check` accepts it.
    pub const fn json_checked(
        name: &'static str,
        text: &'static str,
        check: fn(&T) -> std::result::Result<(), String>,
    ) -> Parsed<T> {
        Parsed { name, text, parse: from_json::<T>, check, cell: OnceLock::new() }
    }
}

impl<T> Parsed<T> {
    /// The dataset `name` with `text`, read by `parse`.
    pub const fn with(
        name: &'static str,
        text: &'static str,
        parse: fn(&str) -> std::result::Result<T, String>,
    ) -> Parsed<T> {
        Parsed { name, text, parse, check: no_check::<T>, cell: OnceLock::new() }
    }

    /// The dataset, parsed and checked on the first call.
    ///
    /// # Errors
    ///
    /// [`Error::Dataset`], naming the file and what is wrong with it.
    pub fn get(&self) -> Result<&T> {
        self.cell
            .get_or_init(|| {
                let value = (self.parse)(self.text)?;
                (self.check)(&value)?;
                Ok(value)
            })
            .as_ref()
            .map_err(|why| Error::Dataset { name: self.name, why: why.clone() })
    }
}

macro_rules! dataset {
    ($(#[$doc:meta])* $name:ident = $path:literal) => {
        $(#[$doc])*
        pub const $name: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/", $path));
    };
}

dataset!(
    /// Bell (1972), §3.3: the board-test table of Kalah continuation counts.
    KALAH_BELL = "kalah/bell-1972.json"
);
dataset!(
    /// The standard perft positions with their published counts (EPD).
    PERFT_STANDARD = "perft/standard.epd"
);
dataset!(
    /// The edge-case perft suite: castling, en passant, promotion (EPD).
    PERFT_EDGE_CASES = "perft/edge-cases.epd"
);
dataset!(
    /// Chess960 perft: 960 positions to depth 6 (python-chess) and the
    /// X-FEN castling positions of shakmaty's tricky suite (EPD).
    PERFT_CHESS960 = "perft/chess960.epd"
);
dataset!(
    /// Published perft statistics: captures, checks, mates by depth.
    PERFT_STATS = "perft/stats.json"
);
dataset!(
    /// Published two-move problems (Meson): composer, source, position, key.
    PERFT_MATE_PROBLEMS = "perft/mate-problems.json"
);
dataset!(
    /// Eppstein (1997), board representations: the worked examples.
    PERFT_EPPSTEIN = "perft/eppstein-1997.json"
);
dataset!(
    /// Bell (1972), §3.1: the figures of his two-move mate program.
    PERFT_BELL_MATE = "perft/bell-1972-mate.json"
);
dataset!(
    /// Published speed ratios of the rules study: Pitrat's compiler against
    /// his interpreter, the RBG reasoner against Ludii on chess.
    RULES_SPEED = "rules/speed.json"
);
dataset!(
    /// Published counts of games by ply of Connect Four (the Regular Games
    /// project's perft) and Othello (OEIS A124004), for the rules study.
    RULES_GAMES_BY_PLY = "rules/games-by-ply.json"
);
dataset!(
    /// Published checkers perft counts and divides.
    CHECKERS_PERFT = "checkers/perft.json"
);
dataset!(
    /// Cochran (1971): the centre-control example, Appendix B's boards, the
    /// claims about material.
    CHECKERS_COCHRAN_FIGURES = "checkers/cochran-1971-figures.json"
);
dataset!(
    /// Cochran (1971), Appendix A: game records in PDN.
    CHECKERS_COCHRAN_GAMES = "checkers/cochran-1971-appendix-a.pdn"
);
dataset!(
    /// Levy (1983), Figures 16 and 17: Newborn's expected node counts.
    ALPHABETA_NEWBORN = "alphabeta/levy-1983-newborn.json"
);
dataset!(
    /// The sizes of the full tic-tac-toe game tree: nodes with the root,
    /// games, and games up to symmetry, each with its source.
    ALPHABETA_TICTACTOE = "alphabeta/tictactoe.json"
);
dataset!(
    /// Bell (1972), §3.4: Zobrist's influence maps (Figs. 3.14 and 3.16,
    /// the latter as scanned, unsigned), the game's score and the ±17–33
    /// remark.
    GO_INFLUENCE_BELL = "go/influence-bell-1972.json"
);
dataset!(
    /// Published counts of legal Go positions (OEIS A094777, A102620,
    /// A266278) and of games on tiny boards (Tromp and Farnebäck 2016).
    GO_LEGAL = "go/legal.json"
);
dataset!(
    /// Go positions for perft defined by plybench: captures, ko, suicide,
    /// a crowded board, a capture race, the end after two passes.
    GO_POSITIONS = "go/positions.txt"
);
dataset!(
    /// Published Go perft counts from the empty board (McKenzie 2005), and
    /// the disputed count with the evidence.
    GO_POSITIONS_PUBLISHED = "go/positions-published.json"
);
dataset!(
    /// Pitrat (1971): the conjugué, condition lists, modifications and
    /// counts his paper prints, each with its page.
    RULES_PITRAT = "rules/pitrat-1971.json"
);
dataset!(
    /// Pitrat (1971), Figs. 6 and 8: the units the text places in the two
    /// chess problems whose diagrams are lost, with the sentence stating
    /// each, and the moves and statements the text gives.
    RULES_PITRAT_FIGURES = "rules/pitrat-1971-figures.json"
);
dataset!(
    /// Pitrat (1971), Figs. 5 and 13 of "the search for a win": what the
    /// text states of the tic-tac-toe blockade and of the chess position's
    /// threats and replies, each with its line.
    RULES_PITRAT_WIN = "rules/pitrat-1971-search-for-a-win.json"
);
dataset!(
    /// Levy (1983), ch. 6: the card deduction of the three-handed game,
    /// Bayes' theorem, the bridge estimates, Fig. 24 and the shuffle.
    LEVY_CH06_CARD_DEDUCTION = "levy/ch06-card-deduction.json"
);
dataset!(
    /// Levy (1983), ch. 7: Michie's expected values, the stud bluff and
    /// Figs. 27-28, Compu-Rummy, Task 7.
    LEVY_CH07_BLUFFING = "levy/ch07-bluffing.json"
);
dataset!(
    /// Levy (1983), ch. 10: throws, the tree's size, blockades, the race.
    LEVY_CH10_BACKGAMMON = "levy/ch10-backgammon.json"
);
dataset!(
    /// Levy (1983), ch. 8: Griffith's forward moves and the squares of
    /// Samuel's evaluation terms.
    LEVY_CH08_CHECKERS = "levy/ch08-checkers.json"
);
dataset!(
    /// Levy (1983), ch. 9: Shannon's and Levy's arithmetic, the claims of
    /// the notes, and every game score as printed.
    LEVY_CH09_CHESS = "levy/ch09-chess.json"
);
dataset!(
    /// Levy (1983), ch. 11: pot limit, the equity example, Figs. 42-44 and
    /// the worked hand of five-card stud.
    LEVY_CH11_STUD_POKER = "levy/ch11-stud-poker.json"
);
dataset!(
    /// Levy (1983), ch. 12: Fig. 45, Fig. 46's designations, the pointer
    /// example, the draw figures quoted from Steig, the bluff factor.
    LEVY_CH12_DRAW_POKER = "levy/ch12-draw-poker.json"
);
dataset!(
    /// Levy (1983), ch. 13: the first moves, Fig. 49 and the three games
    /// replayed; the Othello perft counts of OEIS A124004.
    LEVY_CH13_OTHELLO = "levy/ch13-othello.json"
);
dataset!(
    /// Levy (1983), ch. 15: Fig. 52, its bidding and the bidding variables.
    LEVY_CH15_BRIDGE_BIDDING = "levy/ch15-bridge-bidding.json"
);
dataset!(
    /// Levy (1983), ch. 16: the finesse, the blocked ending, the fourth
    /// highest lead.
    LEVY_CH16_BRIDGE_PLAY = "levy/ch16-bridge-play.json"
);
dataset!(
    /// Levy (1983), ch. 18: the set, Fig. 56, the sample game, the endgame
    /// tree and the opponent's possible hands.
    LEVY_CH18_DOMINOES = "levy/ch18-dominoes.json"
);
dataset!(
    /// Levy (1983), ch. 17: the pieces, moves and drop squares of shogi,
    /// and the published shogi perft counts.
    LEVY_CH17_SHOGI = "levy/ch17-shogi.json"
);
dataset!(
    /// Levy (1983), ch. 1: the 8-puzzle and Nim.
    LEVY_CH01_ONE_PERSON_GAMES = "levy/ch01-one-person-games.json"
);
dataset!(
    /// Levy (1983), ch. 2: tic-tac-toe with his evaluation function.
    LEVY_CH02_TWO_PERSON_GAMES = "levy/ch02-two-person-games.json"
);
dataset!(
    /// Levy (1983), ch. 3-4: the bounds and counts of the alpha-beta text.
    LEVY_CH03_BIG_TREES = "levy/ch03-big-trees.json"
);
dataset!(
    /// Levy (1983), ch. 5: Michie's boxes, the square values.
    LEVY_CH05_EVALUATION = "levy/ch05-evaluation-functions.json"
);
dataset!(
    /// Levy (1983), ch. 14: go-moku.
    LEVY_CH14_GO_MOKU = "levy/ch14-go-moku.json"
);
