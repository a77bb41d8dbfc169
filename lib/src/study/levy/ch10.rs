//! Chapter 10, "Backgammon": the throws and their probabilities, the
//! branching factors of the tree-size argument, the pruning and cross-section
//! counts, the blockade and blot figures, the race odds, the doubling cube;
//! with the move generator's counts from the opening position (moves per
//! throw, sequences, perft with chance nodes) beside them.
//!
//! Tables: `levy_ch10` (the figures), `levy_ch10_opening` (every throw from
//! the opening position: distinct positions by the generator and by the
//! oracle, and sequences), `levy_ch10_perft` (the tree from the opening).

use std::collections::{HashMap, HashSet};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::Result;
use crate::engine::backgammon::movegen::plays;
use crate::engine::backgammon::oracle::oracle;
use crate::engine::backgammon::position::{BAR, Men, OFF};
use crate::engine::backgammon::{Dice, Move, Position, Side, THROWS};
use crate::engine::game::{Game, perft};
use crate::engine::progress::{Progress, Step};
use crate::engine::rng::SplitMix;
use crate::report::{Cell, Column, Exact, Table};
use crate::study::budget::Budget;
use crate::study::datasets::LEVY_CH10_BACKGAMMON;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

const FILE: &str = "levy/ch10-backgammon.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[10], key: "ch10", title: "Backgammon", run };

/// Berliner's "sensible play" branching factor, which Levy multiplies.
const SENSIBLE: u64 = 17;
/// The terms Levy adds before the pruning decision.
const TERMS_ADDED: u64 = 18;
/// The race of line 2657: the count of the side on roll, and its lead.
const RACE_COUNT: usize = 60;
const RACE_LEAD: usize = 4;

fn int(n: impl Into<BigInt>) -> Exact {
    Exact::integer(n)
}

fn q(a: impl Into<BigInt>, b: impl Into<BigInt>) -> BigRational {
    BigRational::new(a.into(), b.into())
}

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 10"));
    let chapter = dataset::read(LEVY_CH10_BACKGAMMON, FILE)?;
    let mut figures = Vec::new();
    throws(&mut figures);
    let opening = opening_table();
    branching(settings, &mut figures);
    pruning(&mut figures);
    blockade(&mut figures);
    blots(&mut figures);
    race(&mut figures);
    figures.push(
        Figure::new("cube.top", "", int(1u32 << 6))
            .note("The cube's six faces are 2^1 to 2^6; six doublings multiply the stake by 2^6."),
    );
    let table = chapter_table(
        "levy_ch10",
        "Levy (1983) ch. 10: throws, the tree's size, blockades, blots, the race",
        &chapter,
        FILE,
        &figures,
    )?;
    let depth = match settings.budget {
        Budget::Quick => 3,
        Budget::Default => 4,
        Budget::Full => 5,
    };
    Ok(Part { tables: vec![table, opening, perft_table(depth)], plots: Vec::new(), reading: Vec::new() })
}

/// The 36 falls of two dice, by throw.
fn falls() -> HashMap<Dice, u32> {
    let mut falls = HashMap::new();
    for a in 1..=6 {
        for b in 1..=6 {
            *falls.entry(Dice::new(a, b).expect("a die")).or_insert(0) += 1;
        }
    }
    falls
}

fn throws(figures: &mut Vec<Figure>) {
    let falls = falls();
    let distinct = falls.len();
    figures.push(Figure::new("throws.ways", "", int(distinct)).note("The 36 falls of two dice, grouped by throw."));
    // The most steps any legal play of a double makes from the opening.
    let start = Position::start();
    let mut out = Vec::new();
    let most = THROWS
        .iter()
        .filter(|d| d.is_double())
        .flat_map(|&d| {
            plays(&start, d, &mut out);
            out.iter().map(|p| p.steps().len()).collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(0);
    figures.push(
        Figure::new("doubles.steps", "", int(most))
            .note("The longest legal play of a double from the opening position, by the move generator."),
    );
    figures.push(Figure::new("tree.chance_branches", "", int(distinct)));
    let p = |d: Dice| q(falls[&d], 36);
    let one_one = Dice::new(1, 1).expect("a die");
    let one_two = Dice::new(1, 2).expect("a die");
    figures.push(Figure::new("p.double_one", "", Exact::Value(p(one_one))));
    figures.push(Figure::new("p.one_two", "", Exact::Value(p(one_two))));
    let doubles: HashSet<BigRational> = THROWS.iter().filter(|d| d.is_double()).map(|&d| p(d)).collect();
    let others: HashSet<BigRational> = THROWS.iter().filter(|d| !d.is_double()).map(|&d| p(d)).collect();
    let single = |set: HashSet<BigRational>, what: &str| match set.len() {
        1 => Exact::Value(set.into_iter().next().expect("one")),
        n => Exact::Text(format!("{n} different probabilities of {what}")),
    };
    figures.push(Figure::new("p.each_double", "", single(doubles, "doubles")));
    figures.push(Figure::new("p.each_other", "", single(others, "other throws")));
    let total: BigRational = THROWS.iter().map(|&d| p(d)).sum();
    figures.push(Figure::new("weights.sum", "The weights of S1's 21 terms add up to", Exact::Value(total)));
}

/// Distinct positions the side to play can reach, for each throw.
fn per_throw(position: &Position) -> [u64; 21] {
    let mut out = Vec::new();
    let mut counts = [0; 21];
    for (i, &d) in THROWS.iter().enumerate() {
        plays(position, d, &mut out);
        counts[i] = out.len() as u64;
    }
    counts
}

/// What seeded random games show of the branching factor.
struct Sample {
    positions: u64,
    /// The sum over positions of the probability-weighted moves per throw.
    weighted: BigRational,
    /// The largest sum over the 21 throws, with its position.
    widest: (u64, Position),
}

/// Plays `games` games of uniformly random moves from the opening (seeded)
/// and measures every position before a throw.
fn sample(seed: u64, games: u64) -> Sample {
    let mut rng = SplitMix::new(seed ^ 0xBAC6_A440);
    let mut s = Sample { positions: 0, weighted: BigRational::zero(), widest: (0, Position::start()) };
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = Position::start();
        // A bound on a game's length: random play ends well before.
        for _ in 0..2000 {
            if position.winner().is_some() {
                break;
            }
            let counts = per_throw(&position);
            let sum: u64 = counts.iter().sum();
            let weighted: u64 = THROWS.iter().zip(counts).map(|(d, c)| u64::from(d.weight()) * c).sum();
            s.positions += 1;
            s.weighted += q(weighted, 36);
            if sum > s.widest.0 {
                s.widest = (sum, position);
            }
            let throw = fall(rng.below(36));
            position = position.play(Move::Throw(throw));
            position.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            position = position.play(mv);
        }
    }
    s
}

/// The throw of fall `n` (0 to 35) of two distinguishable dice.
fn fall(n: usize) -> Dice {
    Dice::new(n as u8 / 6 + 1, n as u8 % 6 + 1).expect("two dice from 1 to 6")
}

fn branching(settings: &Settings, figures: &mut Vec<Figure>) {
    let throws = THROWS.len() as u64;
    let start = Position::start();
    let counts = per_throw(&start);
    let weighted: u64 = THROWS.iter().zip(counts).map(|(d, c)| u64::from(d.weight()) * c).sum();
    let games = settings.tree_samples().min(2_000);
    let s = sample(settings.seed, games);
    let mean = s.weighted.clone() / BigRational::from_integer(s.positions.into());
    figures.push(Figure::new("branch.average", "", Exact::Value(mean.clone())).note(format!(
        "Mean, over the {} positions of {games} seeded games of uniformly random moves, of the moves per \
                 throw weighted by the throw's probability: {:.2}. Berliner's average is over positions of real \
                 play, which random play only approximates.",
        s.positions,
        to_f64(&mean)
    )));
    figures.push(Figure::new(
        "branch.opening_mean",
        "Moves per throw from the opening position, weighted by probability",
        Exact::Value(q(weighted, 36)),
    ));
    let sequences: u64 = THROWS.iter().map(|&d| u64::from(d.weight()) * oracle(&start, d).sequences).sum();
    figures.push(
        Figure::new(
            "branch.opening_sequences",
            "Legal sequences of single steps per throw from the opening position, weighted by probability",
            Exact::Value(q(sequences, 36)),
        )
        .note("Ordered lists of (point left, die), by the oracle: one position counts once per order of its steps."),
    );
    figures.push(
        Figure::new("branch.product", "", int(SENSIBLE * throws))
            .note(format!("{SENSIBLE} sensible moves times the {throws} throws.")),
    );
    figures.push(Figure::new("branch.factor", "", int(throws)).note(format!(
        "{SENSIBLE} x {throws} = {}; {SENSIBLE} x 12 = {}.",
        SENSIBLE * throws,
        SENSIBLE * 12
    )));
    let (widest, at) = s.widest;
    figures.push(Figure::new("branch.over_800", "", Exact::Flag(widest > 800)).note(format!(
        "The widest node met in the sample: {widest} (throw, position) branches below the position {at}; the \
         opening position has {}.",
        counts.iter().sum::<u64>()
    )));
}

fn to_f64(x: &BigRational) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}

fn pruning(figures: &mut Vec<Figure>) {
    let throws = THROWS.len() as u64;
    figures.push(Figure::new("prune.terms_left", "", int(throws - TERMS_ADDED)));
    // The fewest throws (of the 21) that show every number from 1 to 6.
    let mut fewest = usize::MAX;
    for mask in 1u32..(1 << THROWS.len()) {
        let chosen = mask.count_ones() as usize;
        if chosen >= fewest {
            continue;
        }
        let shown = THROWS
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .fold(0u8, |m, (_, d)| m | 1 << (d.high() - 1) | 1 << (d.low() - 1));
        if shown == 0b11_1111 {
            fewest = chosen;
        }
    }
    figures.push(
        Figure::new("cross.min_throws", "", int(fewest))
            .note("Searched over all 2^21 subsets of the throws: the fewest that show every number 1 to 6."),
    );
    // Plays alternate with throws: k plays make a tree of 2k - 1 plies.
    figures.push(Figure::new("plies.two_plays", "", int(2 * 2 - 1)));
    figures.push(Figure::new("plies.three_plays", "", int(2 * 3 - 1)));
}

/// The position of a lone White man on point `from` with every other man
/// off, and Black's men where `black` (White's numbering) says, the rest off.
fn lone_man(from: usize, black: &[(usize, u8)]) -> Position {
    let mut white: Men = [0; 26];
    white[from] = 1;
    white[OFF] = 14;
    let mut theirs: Men = [0; 26];
    for &(p, n) in black {
        theirs[25 - p] += n;
    }
    theirs[OFF] = 15 - theirs.iter().sum::<u8>();
    Position::new(white, theirs, Side::White, None).expect("a legal position")
}

/// Falls of 36 for which some legal play of the man on `from` ends on a
/// point satisfying `good` (the point, 0 for off); the position's other men
/// are off.
fn falls_where(position: &Position, good: impl Fn(&Position) -> bool) -> u32 {
    let mut out = Vec::new();
    THROWS
        .iter()
        .filter(|&&d| {
            plays(position, d, &mut out);
            let with = position.with_dice(Some(d));
            out.iter().any(|&p| good(&with.play(Move::Play(p))))
        })
        .map(|d| d.weight())
        .sum()
}

fn blockade(figures: &mut Vec<Figure>) {
    figures.push(Figure::new("blockade.max_points", "", int(15 / 2)).note("Two men make a point; 15 men make 7."));
    let patterns: u64 = (0..=7u64).map(|k| binomial(12, k)).sum();
    figures.push(Figure::new(
        "blockade.patterns",
        "Sets of 0 to 7 blocked points among the 12 in front of a man",
        int(patterns),
    ));
    // A lone man on White's 24-point, a prime of k points held by two Black
    // men each directly in front of it (23 down to 24 - k).
    for k in 1..=6usize {
        let prime: Vec<(usize, u8)> = (0..k).map(|i| (23 - i, 2)).collect();
        let position = lone_man(24, &prime);
        let moves = falls_where(&position, |after| after.men(Side::White)[24] == 0);
        let escapes = falls_where(&position, |after| (1..24 - k).any(|p| after.men(Side::White)[p] > 0));
        figures.push(Figure::new(
            format!("blockade.prime{k}"),
            format!("A lone man facing a prime of {k} points directly in front: falls of 36 that move it, and that take it past"),
            Exact::Text(format!("{moves}/36 move, {escapes}/36 pass")),
        ));
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn blots(figures: &mut Vec<Figure>) {
    // A lone White man on 24, a Black blot n points in front of it, every
    // other man off: the falls of 36 with a legal play that hits.
    for n in 1..=12usize {
        let position = lone_man(24, &[(24 - n, 1)]);
        let hits = falls_where(&position, |after| after.men(Side::Black)[BAR] == 1);
        figures.push(Figure::new(
            format!("hit.distance{n}"),
            format!("P(a blot {n} points in front of a lone enemy man is hit), open board"),
            Exact::ratio(hits, 36),
        ));
    }
}

/// The pure race of pip counts: each throw takes its pips off the count of
/// the side that throws (a double four times), and the first count to reach
/// zero wins. `win[a][b]`: the side on roll with count `a` wins against `b`.
fn race_table(max: usize) -> Vec<Vec<BigRational>> {
    let mut win = vec![vec![BigRational::zero(); max + 1]; max + 1];
    // Fill by a + b increasing: every term refers to a smaller total.
    for total in 2..=2 * max {
        for a in 1..=max.min(total - 1) {
            let b = total - a;
            if b > max || b == 0 {
                continue;
            }
            let mut p = BigRational::zero();
            for d in THROWS {
                let pips = usize::from(d.high() + d.low()) * if d.is_double() { 2 } else { 1 };
                let term = if pips >= a { BigRational::one() } else { BigRational::one() - &win[b][a - pips] };
                p += q(d.weight(), 36) * term;
            }
            win[a][b] = p;
        }
    }
    win
}

fn race(figures: &mut Vec<Figure>) {
    let (a, b) = (RACE_COUNT, RACE_COUNT + RACE_LEAD);
    let win = race_table(b);
    let p = win[a][b].clone();
    let odds = p.clone() / (BigRational::one() - &p);
    figures.push(Figure::new("race.odds", "", Exact::Value(odds.clone())).note(format!(
        "Pure pip-count race (no wasted pips in the bear-off): the side on roll at {a} against {b} wins with p = \
         {:.4}, odds {:.3} to 1.",
        to_f64(&p),
        to_f64(&odds)
    )));
}

fn opening_table() -> Table {
    let mut table = Table::new(
        "levy_ch10_opening",
        "Levy (1983) ch. 10: the moves of each throw from the opening position",
        vec![
            Column::new("throw", "Throw"),
            Column::new("falls", "Falls of 36"),
            Column::new("positions", "Positions (generator)"),
            Column::new("oracle_positions", "Positions (oracle)"),
            Column::new("sequences", "Sequences (oracle)"),
            Column::new("agree", "Agree"),
        ],
    );
    let start = Position::start();
    let mut out = Vec::new();
    for d in THROWS {
        plays(&start, d, &mut out);
        let o = oracle(&start, d);
        table.push(vec![
            Cell::Text(d.to_string()),
            Cell::UInt(d.weight().into()),
            Cell::UInt(out.len() as u128),
            Cell::UInt(o.positions.len() as u128),
            Cell::UInt(o.sequences.into()),
            Cell::Bool(out.len() == o.positions.len()),
        ]);
    }
    table.note(
        "A move is a distinct position reached by a legal play of the throw; sequences count the ordered lists of \
         single-die steps (point left, die) that are legal plays, so one position is counted once per order. The \
         opening throw of a real game is never a double (the first player is decided by one die each); the doubles \
         are listed for the tree.",
    );
    table
}

fn perft_table(depth: u32) -> Table {
    let mut table = Table::new(
        "levy_ch10_perft",
        "Backgammon perft from the opening position, plies alternating throw and play",
        vec![Column::new("depth", "Depth"), Column::new("nodes", "Leaves"), Column::new("ply", "Last ply")],
    );
    let start = Position::start();
    for d in 1..=depth {
        table.push(vec![
            Cell::UInt(d.into()),
            Cell::UInt(perft(&start, d)),
            Cell::Text(if d % 2 == 1 { "throw" } else { "play" }.to_owned()),
        ]);
    }
    table.note(
        "White throws first; each of the 21 distinct throws is one move (unweighted), each distinct resulting \
         position one move; a throw that cannot be used has one move, the pass. No published backgammon perft \
         convention was found; this one is documented in docs/levy.md.",
    );
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pure_race_is_symmetric_at_the_end() {
        let win = race_table(8);
        // With 2 pips against anything, the side on roll always wins.
        assert!(win[2][8].is_one());
        // Probabilities stay within [0, 1].
        assert!(win.iter().flatten().all(|p| *p >= BigRational::zero() && *p <= BigRational::one()));
    }

    #[test]
    fn shots_at_a_blot_follow_the_dice() {
        // Distance 6: any 6 (11 falls), 5-1, 4-2, 3-3, 2-2 ... by the board.
        let position = lone_man(24, &[(18, 1)]);
        let hits = falls_where(&position, |after| after.men(Side::Black)[BAR] == 1);
        assert_eq!(hits, 17);
    }
}
