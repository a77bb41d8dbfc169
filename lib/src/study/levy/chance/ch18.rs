//! Chapter 18, "Dominoes": the double-six set, the moves of Fig. 56, the
//! probabilities of the sample game, the size of the endgame tree, and the
//! number of hands the opponent may hold.
//!
//! The endgame tree: Levy takes about two moves a turn over 14 plies,
//! 2^14 leaves, of which alpha-beta would examine 100 to 200. Beside that
//! model stand endgames of random games (seeded): each game is played at
//! random from a random deal until the boneyard is empty, and its endgame
//! is searched to the end, every line counted and alpha-beta's leaves
//! counted with the heaviest tiles tried first.

use num_rational::BigRational;

use crate::Error;
use crate::Result;
use crate::engine::chance::combin::{TwoHands, binomial};
use crate::engine::chance::dominoes::{Line, Tile, Tiles, random_endgame};
use crate::engine::chance::sample::{Moments, trial_rng};
use crate::engine::progress::{Progress, Step};
use crate::engine::search::theory::knuth_moore_minimum;
use crate::report::{Cell, Column, Exact, Table};
use crate::study::datasets::LEVY_CH18_DOMINOES;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::common::{int, q, set};
use super::monte_carlo::{self, Row, Sampled};

const FILE: &str = "levy/ch18-dominoes.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[18], key: "ch18", title: "Dominoes", run };

/// Fig. 56's moves (lines 4158-4175).
const FIG_56: [&str; 5] = ["5-4", "4-2", "2-2", "5-1", "2-6"];
/// The program's seven dominoes in the sample game (line 4198).
const PROGRAM: &str = "6-4 6-1 5-3 5-0 3-3 3-0 2-1";
/// The user's opening double, and the double he asked for.
const USER_LEADS: &str = "5-5";
const ASKED: &str = "6-6";
/// Levy's model of the endgame tree: about two moves a turn, 14 plies.
const MODEL_BRANCHING: u32 = 2;
const MODEL_PLIES: u32 = 14;
/// Dominoes each player draws at the start (line 4150).
const HAND: u64 = 7;

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 18"));
    let chapter = dataset::read(LEVY_CH18_DOMINOES, FILE)?;
    let mut figures = Vec::new();
    the_set(&mut figures)?;
    sample_game(&mut figures)?;
    holdings(&mut figures);
    let (mc, endgames) = endgames(settings, &mut figures)?;
    let table = chapter_table("levy_chance_ch18", "Levy (1983) ch. 18: dominoes", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table, mc, endgames], plots: Vec::new(), reading: Vec::new() })
}

fn the_set(figures: &mut Vec<Figure>) -> Result<()> {
    figures.push(Figure::new("set.size", "", int(Tile::ALL.len())));
    figures.push(Figure::new("set.list", "", set(Tile::ALL.iter().map(Tile::to_string))));
    // Fig. 56: each move fits an open end.
    let mut line = Line::start(FIG_56[0].parse()?);
    let mut legal = true;
    for text in &FIG_56[1..] {
        let tile: Tile = text.parse()?;
        let (a, b) = line.ends().expect("a tile is down");
        let next = line.lay(tile, a).or_else(|| line.lay(tile, b));
        legal &= next.is_some();
        line = next.unwrap_or(line);
    }
    let (a, b) = line.ends().expect("a tile is down");
    figures.push(
        Figure::new("fig56.legal", "", Exact::Flag(legal))
            .note(format!("The open ends after the five moves: {a} and {b}.")),
    );
    Ok(())
}

fn sample_game(figures: &mut Vec<Figure>) -> Result<()> {
    let program: Tiles = PROGRAM.parse()?;
    let lead: Tile = USER_LEADS.parse()?;
    let asked: Tile = ASKED.parse()?;
    let line = Line::start(lead);
    let plays: Vec<String> = line.plays(program).map(|p| p.tile.to_string()).collect();
    figures.push(Figure::new("game.choice", "", set(plays)));
    // The dominoes the program cannot see, the 6-6 among them; the user
    // holds six of them, and not the 6-6.
    let unseen = Tiles::SET.minus(program).without(lead);
    let user = (HAND - 1) as u32;
    figures.push(Figure::new("game.user_holds", "", int(user)));
    let candidates = unseen.without(asked);
    figures.push(
        Figure::new("game.unseen", "", int(candidates.len()))
            .note(format!("28 - 7 (the program's) - 1 (the 5-5) = {} unseen, the 6-6 among them.", unseen.len())),
    );
    let split = TwoHands { pool: u64::from(unseen.bits()), a_size: user, in_a: 0, in_b: 1 << asked.bit() };
    let any = candidates.iter().next().ok_or_else(|| Error::invalid("sample game", "no unseen domino"))?;
    let p = q(split.ways(1 << any.bit(), 1 << any.bit()), split.total());
    figures.push(Figure::new("game.p", "", Exact::Value(p.clone())).note("Every unseen domino but the 6-6 alike."));
    figures.push(Figure::new("game.p_fraction", "", Exact::Value(p.clone())));
    // E: the expected number of the user's dominoes that fit after each move.
    for (id, tile) in [("game.e_5_3", "5-3"), ("game.e_5_0", "5-0")] {
        let tile: Tile = tile.parse()?;
        let after = line.lay(tile, 5).ok_or_else(|| Error::invalid("sample game", format!("{tile} does not fit")))?;
        let (a, b) = after.ends().expect("a line");
        let fitting = candidates.iter().filter(|t| t.shows(a) || t.shows(b)).count() as i64;
        figures.push(Figure::new(
            id,
            format!("E after the program plays the {tile}: the expected number of the user's dominoes that fit"),
            Exact::Value(p.clone() * BigRational::from_integer(fitting.into())),
        ));
    }
    Ok(())
}

/// The opponent's possible hands (line 4244).
fn holdings(figures: &mut Vec<Figure>) {
    // The user leads a double, the program replies: the user holds 6 of the
    // 20 dominoes the program cannot see.
    let after_lead = binomial(28 - 6 - 2, HAND - 1);
    figures.push(
        Figure::new("holdings.after_user_leads", "", int(after_lead))
            .note("C(20, 6): the program holds 6 after its reply, 2 dominoes are down."),
    );
    // The program leads: the user's first play is free, with 7 of 21.
    let after_program_leads = binomial(28 - 6 - 1, HAND);
    figures.push(Figure::new("holdings.never_more", "", int(after_program_leads)).note(
        "C(21, 7): the program has led and holds 6, one domino is down, and the user's first play is a free \
         choice; after he draws from the boneyard there are more still.",
    ));
    figures.push(Figure::new(
        "holdings.sample_game",
        "Holdings the program weighs in the sample game (the 6-6 known to be in the boneyard): C(19, 6)",
        int(binomial(19, HAND - 1)),
    ));
}

/// Levy's model, and sampled endgames. Returns the Monte Carlo table and
/// the table of the sampled trees.
fn endgames(settings: &Settings, figures: &mut Vec<Figure>) -> Result<(Table, Table)> {
    let model = u128::from(MODEL_BRANCHING).pow(MODEL_PLIES);
    figures.push(Figure::new("tree.model", "", int(model)));
    let minimal = knuth_moore_minimum(MODEL_BRANCHING, MODEL_PLIES)
        .ok_or_else(|| Error::TooLarge("the minimal tree of Levy's model".into()))?;
    figures.push(Figure::new("tree.alphabeta", "", int(minimal)).note(format!(
        "The fewest leaves any alpha-beta search of a uniform tree of {MODEL_BRANCHING} moves and {MODEL_PLIES} plies \
         examines (Knuth and Moore): b^⌈d/2⌉ + b^⌊d/2⌋ - 1."
    )));
    // Sampled endgames: tiles left, leaves of the full tree, leaves
    // alpha-beta examines, plies of the longest line, children per inner
    // node (times 1000).
    let trials = settings.tree_samples();
    let values = per_trial(settings, trials);
    let mut measured = Moments { trials, measured: values.len() as u64, sum: [0; 5], sum_squares: [0; 5] };
    for v in &values {
        for (k, &x) in v.iter().enumerate().take(5) {
            measured.sum[k] += u128::from(x);
            measured.sum_squares[k] += u128::from(x) * u128::from(x);
        }
    }
    let median = |k: usize| {
        let mut v: Vec<u64> = values.iter().map(|m| m[k]).collect();
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    let within_model = values.iter().filter(|m| u128::from(m[1]) <= model).count();
    let rows = [
        Row {
            id: "tiles_left",
            quantity: "Dominoes left in the two hands when the boneyard is empty".into(),
            exact: None,
            sampled: Sampled::mean(&measured, 0),
        },
        Row {
            id: "full_leaves",
            quantity: "Leaves of the full endgame tree".into(),
            exact: None,
            sampled: Sampled::mean(&measured, 1),
        },
        Row {
            id: "alphabeta_leaves",
            quantity: "Leaves alpha-beta examines (heaviest tiles first)".into(),
            exact: None,
            sampled: Sampled::mean(&measured, 2),
        },
        Row {
            id: "longest_line",
            quantity: "Plays and passes in the longest line".into(),
            exact: None,
            sampled: Sampled::mean(&measured, 3),
        },
        Row {
            id: "moves_per_node_x1000",
            quantity: "Moves per inner node of the full tree, times 1000".into(),
            exact: None,
            sampled: Sampled::mean(&measured, 4),
        },
    ];
    let mc =
        monte_carlo::table("levy_chance_ch18_mc", "Levy (1983) ch. 18: endgames of random games", &rows, settings.seed);
    let mut summary = Table::new(
        "levy_chance_ch18_endgames",
        "Levy (1983) ch. 18: sampled endgames, medians",
        vec![Column::new("statistic", "Statistic"), Column::new("value", "Value")],
    );
    for (statistic, value) in [
        ("games played", trials),
        ("games that reached an empty boneyard", values.len() as u64),
        ("median dominoes left in the two hands", median(0)),
        ("median leaves of the full tree", median(1)),
        ("median leaves alpha-beta examines", median(2)),
        ("full trees within 2^14 leaves", within_model as u64),
    ] {
        summary.push(vec![Cell::from(statistic), Cell::from(value)]);
    }
    summary.note(
        "Games are played at random from a random deal (the highest double leads, a stuck player draws until a \
         domino fits) until the boneyard is empty at the start of a turn; games that end before do not reach the \
         endgame. A blocked hand goes to the player with fewer dominoes, then fewer pips.",
    );
    figures.push(Figure::new(
        "tree.sampled_median_alphabeta",
        "Median leaves alpha-beta examines in the sampled endgames",
        int(median(2)),
    ));
    figures.push(Figure::new(
        "tree.sampled_median_full",
        "Median leaves of the full tree in the sampled endgames",
        int(median(1)),
    ));
    Ok((mc, summary))
}

/// Each sampled endgame's measurements, in trial order: trial `i` plays
/// the game of generator `i`, so that the list is the same whatever the
/// threads.
fn per_trial(settings: &Settings, trials: u64) -> Vec<[u64; 5]> {
    use rayon::prelude::*;
    (0..trials)
        .into_par_iter()
        .filter_map(|i| {
            let mut rng = trial_rng(settings.seed ^ 18, i);
            let end = random_endgame(&mut rng)?;
            let full = end.full_tree();
            let (_, alphabeta) = end.alphabeta();
            Some([
                u64::from(end.hands[0].len() + end.hands[1].len()),
                full.leaves,
                alphabeta,
                u64::from(full.depth),
                full.children * 1000 / full.inner.max(1),
            ])
        })
        .collect()
}
