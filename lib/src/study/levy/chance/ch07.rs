//! Chapter 7, "Bluffing and Psychology": Michie's expected values (the
//! moves M1 and M2, Task 7's tic-tac-toe against a random player), the
//! stud bluff of Joe and Ben with Figs. 27 and 28, and Compu-Rummy's
//! discards.

use num_rational::BigRational;

use crate::Result;
use crate::engine::chance::cards::{Card, CardSet, Suit};
use crate::engine::chance::michie::{Score, Side, against_random};
use crate::engine::chance::poker::evaluate;
use crate::engine::progress::{Progress, Step};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH07_BLUFFING;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::common::{cards, int, q};

const FILE: &str = "levy/ch07-bluffing.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[7], key: "ch07", title: "Bluffing and Psychology", run };

/// Joe's five cards: the Q♣ in the hole, four hearts up (lines 1428, 1438).
const JOE: &str = "QC 5H 7H AH KH";
/// Ben's up cards (line 1430). Their suits are not given; any suits give
/// the same classes (a pair of sixes allows no straight and no flush).
const BEN_UP: &str = "6S 6D 8C 9S";
/// The pot and the bet (Fig. 28).
const STAKE: i64 = 100;
/// Fig. 27: each player's observed chance of calling the possible flush.
const FIG_27: [(&str, i64); 7] =
    [("Ben", 3), ("Joe", 6), ("Fred", 7), ("Tim", 4), ("Dave", 3), ("Henry", 5), ("Mike", 2)];

fn run(_settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 7"));
    let chapter = dataset::read(LEVY_CH07_BLUFFING, FILE)?;
    let mut figures = Vec::new();
    michie(&mut figures);
    bluff(&mut figures)?;
    // Compu-Rummy: twelve cards and the one picked up.
    figures.push(Figure::new("rummy.discards", "", int(12 + 1)));
    let x = task_seven(&mut figures);
    let table = chapter_table(
        "levy_chance_ch07",
        "Levy (1983) ch. 7: Michie's expected values, the bluff",
        &chapter,
        FILE,
        &figures,
    )?;
    Ok(Part {
        tables: vec![table],
        plots: Vec::new(),
        reading: vec![format!(
            "Ch. 7, Task 7: against a player who moves at random, Michie's expected-value program as O expects {}, \
             the best perfect (minimax) program {}.",
            x.0, x.1
        )],
    })
}

/// The moves M1 (a sure draw) and M2 (a win unless the opponent finds a
/// 15-ply refutation, which Levy gives a chance of 0.1).
fn michie(figures: &mut Vec<Figure>) {
    let draw = q(1, 2);
    let m2 = q(1, 10) * q(0, 1) + q(9, 10) * q(1, 1);
    figures.push(Figure::new("michie.m1", "", Exact::Value(draw.clone())));
    figures.push(Figure::new("michie.m2", "", Exact::Value(m2.clone())));
    figures.push(Figure::new("michie.m2_better", "", Exact::Flag(m2 > draw)));
}

/// Joe's bluff against Ben, and the expected income of Fig. 28.
fn bluff(figures: &mut Vec<Figure>) -> Result<()> {
    let joe = cards(JOE)?;
    let ben_up = cards(BEN_UP)?;
    let seen = CardSet::of(&[joe.as_slice(), ben_up.as_slice()].concat())?;
    let joe_value = evaluate(&joe)?;
    // Ben's hole card: any card neither hand shows.
    let mut ben_always_wins = true;
    for hole in seen.complement().iter() {
        let ben = [ben_up.as_slice(), &[hole]].concat();
        ben_always_wins &= evaluate(&ben)? > joe_value;
    }
    figures.push(Figure::new("bluff.ben_wins", "", Exact::Flag(ben_always_wins)).note(format!(
        "Joe's Q♣ 5♥ 7♥ A♥ K♥ is {}; Ben's hand against each of the {} hole cards he can hold.",
        joe_value.class(),
        seen.complement().len()
    )));
    // Joe with a heart in the hole instead, against every hole card of Ben's.
    let hearts = CardSet::of_suit(Suit::Hearts, u16::MAX).minus(seen);
    let mut flush_always_wins = true;
    for heart in hearts.iter() {
        let flush: Vec<Card> = [&joe[1..], &[heart]].concat();
        let flush_value = evaluate(&flush)?;
        for hole in seen.with(heart).complement().iter() {
            flush_always_wins &= flush_value > evaluate(&[ben_up.as_slice(), &[hole]].concat())?;
        }
    }
    figures.push(
        Figure::new("bluff.flush_wins", "", Exact::Flag(flush_always_wins))
            .note("Every heart Joe could hold in the hole, against every hole card Ben could hold."),
    );
    let stake = BigRational::from_integer(STAKE.into());
    let income = |tenths: i64| {
        let p = q(tenths, 10);
        let gain = (q(1, 1) - p.clone()) * stake.clone();
        let loss = p * stake.clone();
        (gain.clone(), loss.clone(), gain - loss)
    };
    for (name, tenths) in FIG_27 {
        let (gain, loss, net) = income(tenths);
        let lower = name.to_lowercase();
        match name {
            "Ben" | "Joe" => {
                figures.push(Figure::new(format!("fig28.{lower}_gain"), "", Exact::Value(gain)));
                figures.push(Figure::new(format!("fig28.{lower}_loss"), "", Exact::Value(loss)));
                figures.push(Figure::new(format!("fig28.{lower}"), "", Exact::Value(net)));
            }
            _ => figures.push(
                Figure::new(
                    format!("fig28.{lower}"),
                    format!("Fig. 28: expected income of a $100 bluff against {name} (calls {})", q(tenths, 10)),
                    Exact::Value(net.clone()),
                )
                .note(if net > q(0, 1) {
                    "Bluff."
                } else if net < q(0, 1) {
                    "Do not bluff."
                } else {
                    "Indifferent."
                }),
            ),
        }
    }
    // The bluff pays when (1 - p) × 100 > p × 100.
    figures.push(Figure::new(
        "fig28.break_even",
        "Fig. 28: the chance of a call at which the bluff breaks even",
        Exact::Value(stake.clone() / (stake.clone() + stake)),
    ));
    Ok(())
}

/// Task 7: tic-tac-toe against a random player. Returns Michie's score as
/// O and the best perfect score as O, for the reading.
fn task_seven(figures: &mut Vec<Figure>) -> (String, String) {
    let value = |s: Score| Exact::Value(q(*s.numer(), *s.denom()));
    let x = against_random(Side::First);
    let o = against_random(Side::Second);
    let better = x.michie > x.perfect_best || o.michie > o.perfect_best;
    let show = |s: Score| format!("{}/{} = {:.4}", s.numer(), s.denom(), *s.numer() as f64 / *s.denom() as f64);
    figures.push(Figure::new("task7.imperfect_better", "", Exact::Flag(better)).note(format!(
        "Read as: better than every perfect program. As X, Michie's program expects {} and the best perfect one {}; \
         as O, {} against {}.",
        show(x.michie),
        show(x.perfect_best),
        show(o.michie),
        show(o.perfect_best)
    )));
    for (side, r) in [("x", &x), ("o", &o)] {
        let player = if side == "x" { "X (first)" } else { "O (second)" };
        figures.push(Figure::new(
            format!("task7.{side}.michie"),
            format!("Task 7, {player}: expected score of Michie's program against a random player"),
            value(r.michie),
        ));
        figures.push(Figure::new(
            format!("task7.{side}.perfect_best"),
            format!("Task 7, {player}: expected score of the best perfect (minimax) program"),
            value(r.perfect_best),
        ));
        figures.push(Figure::new(
            format!("task7.{side}.perfect_worst"),
            format!("Task 7, {player}: expected score of the worst perfect program"),
            value(r.perfect_worst),
        ));
        figures.push(Figure::new(
            format!("task7.{side}.unsound"),
            format!("Task 7, {player}: positions where Michie's move gives up the minimax value"),
            int(r.michie_unsound_positions),
        ));
        figures.push(Figure::new(
            format!("task7.{side}.against_perfect"),
            format!("Task 7, {player}: what Michie's program is sure of against a perfect opponent"),
            value(r.michie_against_perfect),
        ));
    }
    (show(o.michie), show(o.perfect_best))
}
