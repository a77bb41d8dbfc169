//! Chapter 11, "Stud Poker": pot limit, the equity example (four hearts
//! against a pair of fives showing), and the worked hand of Figs. 42-44
//! street by street: the down-card estimates, which hole cards beat the
//! program, the odds and the pot.
//!
//! Levy's method is computed exactly as he states it: the a priori
//! estimate counts the unseen cards (Fig. 42); the new estimate weights the
//! ace, king, queen, jack and ten twice an eight and the rest zero (Fig.
//! 43); the two are combined four to one and normalised (Fig. 44) and used
//! unchanged on every later street. Which hole cards win is computed by
//! the evaluator. Levy prints each step rounded to three places and
//! carries the rounded figures on; each row's note gives that route beside
//! the exact value. Beside his estimates stand the chances with the hole
//! card uniform over the unseen cards, and who wins the showdown over every
//! way the remaining cards can fall.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::engine::chance::cards::{Card, CardSet, Rank};
use crate::engine::chance::poker::{evaluate, evaluate_five};
use crate::engine::chance::sample::{Estimate, choose_front, tally};
use crate::engine::chance::stud::{RankOutcome, Showdown, hole_outcomes, showdown, straight_completions};
use crate::engine::progress::{Progress, Step};
use crate::report::{Exact, Table, decimal_text, round_to_places};
use crate::study::budget::Budget;
use crate::study::datasets::LEVY_CH11_STUD_POKER;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;
use crate::{Error, Result};

use super::common::{cards, int, q, set};
use super::monte_carlo::{self, Row, Sampled};

const FILE: &str = "levy/ch11-stud-poker.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[11], key: "ch11", title: "Stud Poker", run };

/// The program's cards, its hole card first (lines 2762, 2859, 2879, 2895).
const PROGRAM: &str = "AC 9H 7S 6D AD";
/// The opponent's up cards, in the order dealt.
const OPPONENT: &str = "8D 10C JS JH";
/// The equity example (line 2740): the hearts, the 2 in the hole, and the
/// opponent's up cards.
const HEARTS: &str = "2H 3H 4H 8H";
const FIVES: &str = "5C 5D 10S";
/// Levy's new estimate (Fig. 43): the ace to the ten twice as likely as
/// another eight, every other rank impossible.
fn new_weight(rank: Rank) -> i64 {
    if rank >= Rank::TEN {
        2
    } else if rank == Rank::pips(8).expect("a rank") {
        1
    } else {
        0
    }
}
/// New information counts four times the old (line 2804).
const NEW_TO_OLD: i64 = 4;

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 11"));
    let chapter = dataset::read(LEVY_CH11_STUD_POKER, FILE)?;
    let mut figures = Vec::new();
    pot_limit(&mut figures);
    equity(&mut figures)?;
    let estimates = down_card(&mut figures)?;
    streets(&mut figures, &estimates, settings)?;
    let table = chapter_table(
        "levy_chance_ch11",
        "Levy (1983) ch. 11: stud poker, Figs. 42-44 and the worked hand",
        &chapter,
        FILE,
        &figures,
    )?;
    let mc = monte_carlo(settings)?;
    Ok(Part {
        tables: vec![table, mc],
        plots: Vec::new(),
        reading: vec![
            "Ch. 11: Levy rounds each step of Figs. 42-44 to three places and adds the rounded figures, so that \
             several sums and odds of the worked hand are off in the last digit (each row's note gives his route); \
             the odds against a heart in the equity example subtract the hearts from the cards of the deck instead \
             of the unseen cards."
                .to_owned(),
        ],
    })
}

fn exact(x: &BigRational) -> Exact {
    Exact::Value(x.clone())
}

/// Pot limit (lines 2716, 2726).
fn pot_limit(figures: &mut Vec<Figure>) {
    figures.push(Figure::new("potlimit.bet", "", int(10)).note("At pot limit a bet may be as large as the pot."));
    // A $1 pot, a $1 bet: the caller's $1 makes $3, which he may raise.
    let (pot, bet) = (1, 1);
    figures.push(Figure::new("potlimit.raise", "", int(pot + bet + bet)));
}

/// The equity example: four hearts, the opponent shows 5♣ 5♦ 10♠.
fn equity(figures: &mut Vec<Figure>) -> Result<()> {
    let mine = cards(HEARTS)?;
    let theirs = cards(FIVES)?;
    let seen = CardSet::of(&[mine.as_slice(), theirs.as_slice()].concat())?;
    let unseen = seen.complement();
    figures.push(Figure::new("equity.unseen", "", int(unseen.len())));
    // Dealt so far: four cards to each player, the opponent's down card among them.
    figures.push(Figure::new("equity.deck", "", int(52 - 4 - 4)));
    let hearts = unseen.iter().filter(|c| c.suit() == mine[0].suit()).count();
    figures.push(Figure::new("equity.hearts", "", int(hearts)));
    let against = q(unseen.len() as i64 - hearts as i64, hearts as i64);
    figures.push(
        Figure::new("equity.odds_against", "", exact(&against))
            .note(format!("Odds against the next card being a heart: ({} - {hearts}):{hearts}.", unseen.len())),
    );
    figures.push(Figure::new("equity.about", "", exact(&against)));
    figures.push(Figure::new("equity.one_in", "", Exact::Value(q(hearts as i64, unseen.len()))));
    // $20 in the pot, $10 to call; or $11 against $1.
    figures.push(Figure::new("equity.pot_odds", "", Exact::Value(q(20, 10))));
    figures.push(Figure::new("equity.sucker_odds", "", Exact::Value(q(10 + 1, 1))));
    let s = showdown(&mine, &theirs, 1)?;
    figures.push(win_figure(
        "equity.showdown",
        "Equity example: P(the hearts win the showdown), one card to come each",
        &s,
    ));
    Ok(())
}

fn win_figure(id: &str, label: &str, s: &Showdown) -> Figure {
    Figure::new(id, label, Exact::Value(q(s.wins, s.total()))).note(format!(
        "Over {} equally likely deals: {} won, {} split, {} lost.",
        s.total(),
        s.wins,
        s.splits,
        s.losses
    ))
}

/// The down-card estimates of Figs. 42-44: for each rank (deuce first)
/// the exact posterior, and the posterior by Levy's route of rounded
/// figures.
struct Estimates {
    exact: Vec<BigRational>,
    route: Vec<BigRational>,
}

fn rank_id(rank: Rank) -> &'static str {
    ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
        [usize::from(rank.index())]
}

/// Rounded to three places, as Levy prints each step.
fn r3(x: &BigRational) -> BigRational {
    round_to_places(x, 3)
}

fn down_card(figures: &mut Vec<Figure>) -> Result<Estimates> {
    let program = cards(PROGRAM)?;
    let opponent = cards(OPPONENT)?;
    let seen = CardSet::of(&[&program[..2], &opponent[..1]].concat())?;
    let unseen = seen.complement();
    figures.push(Figure::new("fig42.unseen", "", int(unseen.len())));
    let n = i64::from(unseen.len());
    let prior: Vec<BigRational> =
        Rank::ALL.iter().map(|&r| q(unseen.iter().filter(|c| c.rank() == r).count() as i64, n)).collect();
    for rank in Rank::ALL.iter().rev() {
        figures.push(Figure::new(format!("fig42.{}", rank_id(*rank)), "", exact(&prior[usize::from(rank.index())])));
    }
    // The ante and the first round: $1, a $1 bet and the call.
    figures.push(Figure::new("pot.first", "", int(1 + 1 + 1)));
    let weights: Vec<i64> = Rank::ALL.iter().map(|&r| new_weight(r)).collect();
    let total_weight: i64 = weights.iter().sum();
    let new: Vec<BigRational> = weights.iter().map(|&w| q(w, total_weight)).collect();
    let (ten, eight) = (usize::from(Rank::TEN.index()), usize::from(Rank::pips(8).expect("a rank").index()));
    figures.push(Figure::new("fig43.high", "", exact(&new[ten])));
    figures.push(Figure::new("fig43.eight", "", exact(&new[eight])));
    figures.push(Figure::new("fig43.high_decimal", "", exact(&new[ten])));
    figures.push(Figure::new("fig43.eight_decimal", "", exact(&new[eight])));
    let weight = BigRational::from_integer(NEW_TO_OLD.into());
    let measure: Vec<BigRational> = (0..13).map(|i| &prior[i] + &new[i] * &weight).collect();
    let measure_route: Vec<BigRational> = (0..13).map(|i| r3(&prior[i]) + r3(&new[i]) * &weight).collect();
    let route_note = |i: usize| {
        format!(
            "From the rounded figures: {} + {} × {} = {}.",
            decimal_text(&r3(&prior[i]), 3),
            NEW_TO_OLD,
            decimal_text(&r3(&new[i]), 3),
            decimal_text(&measure_route[i], 3)
        )
    };
    let ace = usize::from(Rank::ACE.index());
    let (king, queen, nine, seven) = (11, 10, 7, 5);
    for (id, i) in [
        ("measure.ace", ace),
        ("measure.king", king),
        ("measure.qj10", queen),
        ("measure.nine", nine),
        ("measure.eight", eight),
        ("measure.low", seven),
    ] {
        figures.push(Figure::new(id, "", exact(&measure[i])).note(route_note(i)));
    }
    let sum: BigRational = measure.iter().sum();
    let sum_route: BigRational = measure_route.iter().map(r3).sum();
    figures.push(Figure::new("measure.sum", "", exact(&sum)).note(format!(
        "The old estimates sum to 1 and the new to 1, so the measures sum to 1 + {NEW_TO_OLD}. From the rounded \
         measures: {}.",
        decimal_text(&sum_route, 3)
    )));
    let posterior: Vec<BigRational> = measure.iter().map(|m| m / &sum).collect();
    let route: Vec<BigRational> = measure_route.iter().map(|m| r3(&(r3(m) / &sum_route))).collect();
    for rank in Rank::ALL.iter().rev() {
        let i = usize::from(rank.index());
        figures.push(
            Figure::new(format!("fig44.{}", rank_id(*rank)), "", exact(&posterior[i]))
                .note(format!("From the rounded figures: {}.", decimal_text(&route[i], 3))),
        );
    }
    Ok(Estimates { exact: posterior, route })
}

/// The ranks whose every unseen card puts the hidden hand ahead; an error
/// if a rank is ahead with some suits and not others (no flush or straight
/// can be made before the fifth card, so suits never matter here).
fn winning_ranks(outcomes: &[RankOutcome]) -> Result<Vec<Rank>> {
    let mut ranks = Vec::new();
    for o in outcomes {
        if o.ahead > 0 && o.ahead < o.unseen {
            return Err(Error::invalid("stud hand", format!("hole cards of rank {} differ by suit", o.rank)));
        }
        if o.ahead > 0 {
            ranks.push(o.rank);
        }
    }
    Ok(ranks)
}

fn rank_set(ranks: &[Rank]) -> Exact {
    set(ranks.iter().map(|r| r.symbol()))
}

fn odds(p: &BigRational) -> BigRational {
    p / (BigRational::one() - p)
}

fn streets(figures: &mut Vec<Figure>, estimates: &Estimates, settings: &Settings) -> Result<()> {
    let program = cards(PROGRAM)?;
    let opponent = cards(OPPONENT)?;
    let up_value = |c: &[Card]| evaluate(c);
    // Street one: 9♥ against 8♦.
    figures.push(Figure::new(
        "street1.program_high",
        "",
        Exact::Flag(up_value(&program[1..2])? > up_value(&opponent[..1])?),
    ));
    let one = hole_outcomes(&program[..2], &opponent[..1], CardSet::EMPTY)?;
    figures.push(uniform_ahead("street1.uniform_ahead", 1, &one));
    figures.push(Figure::new(
        "street1.winning",
        "Card two: the opponent's hole ranks that beat (A♣) 9♥",
        rank_set(&winning_ranks(&one)?),
    ));
    // Pots: $3; the opponent bets the pot, $3; the program calls.
    let mut pot = 3;
    for street in 2..=4usize {
        let known = &program[..=street];
        let up = &opponent[..street];
        let outcomes = hole_outcomes(known, up, CardSet::EMPTY)?;
        let winning = winning_ranks(&outcomes)?;
        let p: BigRational = winning.iter().map(|r| estimates.exact[usize::from(r.index())].clone()).sum();
        let p_route: BigRational = winning.iter().map(|r| estimates.route[usize::from(r.index())].clone()).sum();
        let s = format!("street{street}");
        figures.push(Figure::new(format!("{s}.winning"), "", rank_set(&winning)));
        let note = format!("From the rounded Fig. 44: {}.", decimal_text(&p_route, 3));
        figures.push(Figure::new(format!("{s}.p_winning"), "", exact(&p)).note(note));
        if street < 4 {
            let not = BigRational::one() - &p;
            figures.push(Figure::new(format!("{s}.p_not"), "", exact(&not)).note(format!(
                "From the rounded figures: 1 - {} = {}.",
                decimal_text(&p_route, 3),
                decimal_text(&(BigRational::one() - &p_route), 3)
            )));
        }
        let route_odds = if p_route.is_zero() { None } else { Some(odds(&p_route)) };
        let odds_note = route_odds.map(|o| format!("From the rounded figures: {} : 1.", decimal_text(&o, 4)));
        let mut odds_figure = Figure::new(format!("{s}.odds"), "", exact(&odds(&p)));
        if let Some(n) = odds_note {
            odds_figure = odds_figure.note(n);
        }
        figures.push(odds_figure);
        figures.push(uniform_ahead(&format!("{s}.uniform_ahead"), street, &outcomes));
        // Who shows the higher up cards.
        let program_up = up_value(&program[1..=street])?;
        let opponent_up = up_value(&opponent[..street])?;
        if street == 2 || street == 3 {
            figures.push(Figure::new(format!("{s}.opponent_high"), "", Exact::Flag(opponent_up > program_up)));
            // The opponent bets the pot; the program's money odds.
            let bet = pot;
            figures.push(Figure::new(format!("{s}.pot_bet"), "", int(pot + bet)));
            figures.push(Figure::new(format!("{s}.money"), "", Exact::Value(q(pot + bet, bet))));
            if street == 2 {
                figures.push(Figure::new("street2.max_bet", "", int(pot)));
                figures.push(Figure::new("street2.odds_opponent", "", exact(&(BigRational::one() / odds(&p)))));
                figures.push(Figure::new("street2.cinch", "", Exact::Flag(cinch()?)));
            }
            pot += 2 * bet;
            figures.push(Figure::new(format!("{s}.pot_after"), "", int(pot)));
        }
        if street == 3 {
            figures.push(Figure::new(
                "street3.ups_better",
                "",
                Exact::Flag(each_up_better(&opponent[..3], &program[1..4])),
            ));
            straights(figures, &opponent[..3], known, up)?;
        }
        // The showdown over the cards to come.
        let to_come = 4 - street;
        let label = format!("Card {}: P(the program wins the showdown), every deal of the cards to come", street + 1);
        if to_come <= 1 || settings.budget != Budget::Quick {
            let s_down = showdown(&program[..=street], &opponent[..street], to_come)?;
            figures.push(win_figure(&format!("{s}.showdown"), &label, &s_down));
        } else {
            figures.push(Figure::skipped(
                format!("{s}.showdown"),
                label,
                "Not computed at the quick budget (15 million deals).",
            ));
        }
    }
    Ok(())
}

/// P(the opponent is ahead now) with his hole card uniform over the unseen
/// cards, beside Levy's estimates.
fn uniform_ahead(id: &str, street: usize, outcomes: &[RankOutcome]) -> Figure {
    let ahead: u32 = outcomes.iter().map(|o| o.ahead).sum();
    let unseen: u32 = outcomes.iter().map(|o| o.unseen).sum();
    Figure::new(
        id,
        format!("Card {}: P(the opponent is ahead) with his hole card any unseen card", street + 1),
        Exact::Value(q(ahead, unseen)),
    )
}

/// On card three, with a 10 in the hole the opponent beats every hole
/// card the program can hold.
fn cinch() -> Result<bool> {
    let program = cards(PROGRAM)?;
    let opponent = cards(OPPONENT)?;
    let seen_by_opponent = CardSet::of(&[&program[1..3], &opponent[..2]].concat())?;
    let mut always = true;
    for ten in seen_by_opponent.complement().iter().filter(|c| c.rank() == Rank::TEN) {
        let hand = [ten, opponent[0], opponent[1]];
        let outcomes = hole_outcomes(&hand, &program[1..3], CardSet::EMPTY.with(ten))?;
        always &= outcomes.iter().all(|o| o.ahead == 0 && o.level == 0);
    }
    Ok(always)
}

/// Whether each of `a`'s cards, highest first, outranks `b`'s card of the
/// same place.
fn each_up_better(a: &[Card], b: &[Card]) -> bool {
    let sorted = |c: &[Card]| {
        let mut r: Vec<Rank> = c.iter().map(|c| c.rank()).collect();
        r.sort_unstable_by(|x, y| y.cmp(x));
        r
    };
    sorted(a).iter().zip(sorted(b)).all(|(x, y)| *x > y)
}

/// Card four: the opponent's hole cards that leave him one card from a
/// straight, and the cards that fill it.
fn straights(figures: &mut Vec<Figure>, opponent_up: &[Card], known: &[Card], up: &[Card]) -> Result<()> {
    let seen = CardSet::of(&[known, up].concat())?;
    let up_ranks = opponent_up.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
    let mut holes = Vec::new();
    for rank in Rank::ALL {
        if up_ranks >> rank.index() & 1 == 1 || !seen.complement().iter().any(|c| c.rank() == rank) {
            continue;
        }
        let fills = straight_completions(up_ranks | 1 << rank.index());
        if fills != 0 {
            holes.push(rank);
            let filled: Vec<&str> =
                (0..13u8).filter(|&r| fills >> r & 1 == 1).map(|r| Rank::new(r).expect("a rank").symbol()).collect();
            figures.push(Figure::new(format!("street3.fills_{}", rank.symbol().to_lowercase()), "", set(filled)));
        }
    }
    figures.push(Figure::new("street3.straight_holes", "", rank_set(&holes)));
    Ok(())
}

/// The showdowns by sampling beside the exact counts.
fn monte_carlo(settings: &Settings) -> Result<Table> {
    let mut rows = Vec::new();
    let program = cards(PROGRAM)?;
    let opponent = cards(OPPONENT)?;
    for (id, street, quantity) in [
        ("street1_showdown", 1usize, "Card two: P(the program wins the showdown)"),
        ("street2_showdown", 2, "Card three: P(the program wins the showdown)"),
        ("street3_showdown", 3, "Card four: P(the program wins the showdown)"),
    ] {
        let known = &program[..=street];
        let up = &opponent[..street];
        let estimate = sample_showdown(settings, street as u64, known, up)?;
        let exact = match street {
            3 => Some(showdown(known, up, 4 - street)?),
            2 if settings.budget != Budget::Quick => Some(showdown(known, up, 4 - street)?),
            _ => None,
        };
        rows.push(Row {
            id,
            quantity: quantity.into(),
            exact: exact.map(|s| q(s.wins, s.total())),
            sampled: Sampled::Probability(estimate),
        });
    }
    let hearts = cards(HEARTS)?;
    let fives = cards(FIVES)?;
    rows.push(Row {
        id: "equity_showdown",
        quantity: "Equity example: P(the four hearts win the showdown)".into(),
        exact: {
            let s = showdown(&hearts, &fives, 1)?;
            Some(q(s.wins, s.total()))
        },
        sampled: Sampled::Probability(sample_showdown(settings, 10, &hearts, &fives)?),
    });
    // The beginners' hand of line 2732, suits chosen as Levy allows (his
    // 6 and 8 of different suits, the opponent's 5 and 9 too).
    let beginner = cards("2C 6D 8H")?;
    let shown = cards("5S 9C")?;
    rows.push(Row {
        id: "beginner_showdown",
        quantity: "Line 2732: (2♣) 6♦ 8♥ against (?) 5♠ 9♣, P(win the showdown), no folds (suits assumed)".into(),
        exact: None,
        sampled: Sampled::Probability(sample_showdown(settings, 11, &beginner, &shown)?),
    });
    Ok(monte_carlo::table("levy_chance_ch11_mc", "Levy (1983) ch. 11: showdowns by sampling", &rows, settings.seed))
}

/// Samples the showdown of `known` (every card known) against `up` and a
/// hole card, both dealt up to five: the program's wins.
fn sample_showdown(settings: &Settings, stream: u64, known: &[Card], up: &[Card]) -> Result<Estimate> {
    let seen = CardSet::of(&[known, up].concat())?;
    let unseen: Vec<Card> = seen.complement().iter().collect();
    let mut pool = [Card::default(); 52];
    pool[..unseen.len()].copy_from_slice(&unseen);
    let n = unseen.len();
    let mine_to_come = 5 - known.len();
    let theirs_to_come = 5 - up.len();
    let counts = tally::<3>(settings.seed ^ stream.wrapping_mul(0x9E37_79B9), settings.samples, |rng| {
        let mut deck = pool;
        choose_front(&mut deck[..n], mine_to_come + theirs_to_come, rng);
        let mut mine = [Card::default(); 5];
        mine[..known.len()].copy_from_slice(known);
        mine[known.len()..].copy_from_slice(&deck[..mine_to_come]);
        let mut theirs = [Card::default(); 5];
        theirs[..up.len()].copy_from_slice(up);
        theirs[up.len()..].copy_from_slice(&deck[mine_to_come..mine_to_come + theirs_to_come]);
        match evaluate_five(&mine).cmp(&evaluate_five(&theirs)) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        }
    })?;
    Ok(Estimate { hits: counts[0], samples: settings.samples })
}
