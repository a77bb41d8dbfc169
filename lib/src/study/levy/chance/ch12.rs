//! Chapter 12, "Draw Poker": the chances of each class of hand dealt
//! (Fig. 45), Reuben's 109 designations (Fig. 46) with Levy's approximation
//! of their chances, the pointer of the betting example, the draw (Steig's
//! figures, straight draws, three of a kind), and the bluff factor.
//!
//! Every five-card hand is classified once ([`census`]); every draw is
//! enumerated ([`draw`]).

use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::engine::chance::cards::{Card, CardSet, Rank, ranks_of};
use crate::engine::chance::combin::binomial;
use crate::engine::chance::draw::{DrawOutcome, draw};
use crate::engine::chance::poker::{
    Census, DESIGNATIONS, HandClass, census, designation, designation_class, designation_name, evaluate, evaluate_five,
};
use crate::engine::chance::sample::{Estimate, choose_front, tally};
use crate::engine::chance::stud::straight_completions;
use crate::engine::progress::{Progress, Step};
use crate::report::{Cell, Column, Exact, Table, decimal_text_significant, round_to_places};
use crate::study::datasets::LEVY_CH12_DRAW_POKER;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;
use crate::{Error, Result};

use super::common::{cards, int, q, set};
use super::monte_carlo::{self, Row, Sampled};

const FILE: &str = "levy/ch12-draw-poker.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[12], key: "ch12", title: "Draw Poker", run };

/// Fig. 45's classes, in its order, with the ids of its rows.
const FIG_45: [(HandClass, &str); 9] = [
    (HandClass::StraightFlush, "sf"),
    (HandClass::FourOfAKind, "quads"),
    (HandClass::FullHouse, "full"),
    (HandClass::Flush, "flush"),
    (HandClass::Straight, "straight"),
    (HandClass::ThreeOfAKind, "trips"),
    (HandClass::TwoPair, "two_pairs"),
    (HandClass::OnePair, "pair"),
    (HandClass::HighCard, "no_pair"),
];

/// The betting example (lines 3081-3101): five players, each pointer at 12,
/// moving up by 5 per cent of the designations between it and 109, times
/// the raises since the player last put money in (his own included).
const POINTER_START: i64 = 12;
const POINTER_PERCENT: i64 = 5;
/// The actions in order: player (0 = A) and what he does.
const ACTIONS: [(usize, Action); 11] = [
    (0, Action::Check),
    (1, Action::Raise),
    (2, Action::Raise),
    (3, Action::Call),
    (4, Action::Raise),
    (0, Action::Call),
    (1, Action::Raise),
    (2, Action::Call),
    (3, Action::Call),
    (4, Action::Call),
    (0, Action::Call),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Check,
    Call,
    /// A bet or a raise.
    Raise,
}

/// The bluff factor's update, NEW = 0.9 × OLD + 0.1 × latest (line 3165).
const BF_KEEP: (i64, i64) = (9, 10);

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 12"));
    let chapter = dataset::read(LEVY_CH12_DRAW_POKER, FILE)?;
    let all = census();
    let mut figures = Vec::new();
    fig_45(&mut figures, &all);
    fig_46(&mut figures, &all)?;
    pointer(&mut figures)?;
    draws(&mut figures)?;
    bluff_factor(&mut figures);
    let table = chapter_table(
        "levy_chance_ch12",
        "Levy (1983) ch. 12: Figs. 45 and 46, the pointer, the draw",
        &chapter,
        FILE,
        &figures,
    )?;
    Ok(Part {
        tables: vec![table, classes_table(&all), designations_table(&all), draw_table()?, monte_carlo(settings, &all)?],
        plots: Vec::new(),
        reading: vec![
            "Ch. 12: every class of the 2,598,960 hands counted once (levy_chance_poker_classes), every draw from \
             eleven holdings enumerated (levy_chance_draw), and the 97 designations of made hands beside Levy's \
             equal shares (levy_chance_designations); the known discrepancies of levy_chance_ch12 say how each \
             printed figure that differs arose."
                .to_owned(),
        ],
    })
}

fn total(all: &Census) -> u64 {
    all.by_class.iter().sum()
}

fn fig_45(figures: &mut Vec<Figure>, all: &Census) {
    let total = total(all);
    figures.push(Figure::new("total", "", int(total)));
    figures.push(Figure::new("categories", "", int(all.by_class.iter().filter(|&&c| c > 0).count())));
    for (class, id) in FIG_45 {
        let count = all.by_class[class.index()];
        figures.push(
            Figure::new(format!("fig45.{id}_one_in"), "", Exact::Value(q(total, count)))
                .note(format!("{count} hands.")),
        );
        figures.push(Figure::new(format!("fig45.{id}"), "", Exact::Value(q(count, total))));
    }
    let pair_or_better = q(total - all.by_class[HandClass::HighCard.index()], total);
    figures.push(
        Figure::new("dealt.pair_or_better", "", Exact::Flag(pair_or_better < q(1, 2)))
            .note(format!("P(a pair or better) = {}.", decimal_text_significant(&pair_or_better, 6, 0))),
    );
}

/// The designation of the hand `text`.
fn designation_of(text: &str) -> Result<u8> {
    let hand = cards(text)?;
    designation(evaluate(&hand)?).ok_or_else(|| Error::invalid("designation", format!("{text} is not a made hand")))
}

fn numbers(ds: &[u8]) -> Exact {
    set(ds.iter().map(u8::to_string))
}

fn fig_46(figures: &mut Vec<Figure>, all: &Census) -> Result<()> {
    let draws = (1..=12u8).filter(|&d| designation_name(d).is_some()).count();
    let made = all.by_designation.iter().filter(|&&c| c > 0).count();
    figures.push(Figure::new("fig46.count", "", int(draws + made)).note(format!(
        "{draws} drawing holdings named by the figure and {made} designations that the 2,598,960 hands reach."
    )));
    figures.push(Figure::new(
        "fig46.kings",
        "",
        numbers(&[designation_of("KS KH KD 9C 4S")?, designation_of("KS KH KD AC 4S")?]),
    ));
    figures.push(Figure::new(
        "fig46.kings_full",
        "",
        numbers(&[designation_of("KS KH KD QC QS")?, designation_of("KS KH KD AC AS")?]),
    ));
    figures.push(Figure::new(
        "fig46.four_kings",
        "",
        numbers(&[designation_of("KS KH KD KC QS")?, designation_of("KS KH KD KC AS")?]),
    ));
    let total = total(all);
    figures.push(Figure::new("pair.each", "", Exact::Value(q(all.by_designation[13], total))));
    let pairs = &all.by_designation[13..=25];
    figures.push(Figure::new("pair.equal", "", Exact::Flag(pairs.iter().all(|&c| c == pairs[0]))));
    // Two pairs by the higher pair, 3s (rank index 1) to aces.
    let by_top = &all.two_pairs_by_top[1..];
    // Hands of one pair of ranks over another: the two pairs' suits and a
    // fifth card of neither rank.
    let per_choice = (binomial(4, 2) * binomial(4, 2) * (52 - 8)) as u64;
    figures.push(Figure::new("twopair.ways_3", "", Exact::Value(q(by_top[0], per_choice))));
    figures.push(Figure::new("twopair.ways_4", "", Exact::Value(q(by_top[1], per_choice))));
    let proportional = by_top.iter().enumerate().all(|(i, &c)| c == (i as u64 + 1) * by_top[0]);
    figures.push(Figure::new("twopair.ratio", "", Exact::Flag(proportional)));
    figures.push(Figure::new(
        "twopair.equal_share",
        "",
        Exact::Value(q(all.by_class[HandClass::TwoPair.index()], 12 * total)),
    ));
    figures.push(Figure::new("designation.kings", "", int(designation_of("KS KH 9C 7D 2S")?)));
    figures.push(Figure::new("designation.lowest_two_pairs", "", int(designation_of("3S 3H 2C 2D 9S")?)));
    figures.push(Figure::new("designation.lowest_straight", "", int(designation_of("AS 2H 3C 4D 5S")?)));
    figures.push(Figure::new("designation.eights_up", "", int(designation_of("8S 8H 3C 3D KS")?)));
    // Flushes by their top card.
    let flushes = &all.flushes_by_top;
    let ace = usize::from(Rank::ACE.index());
    figures.push(Figure::new("flush.ace_most", "", Exact::Flag((0..ace).all(|r| flushes[r] < flushes[ace]))).note(
        format!(
            "Flushes (straight flushes apart) with an ace high: {}; with a king high: {}.",
            flushes[ace],
            flushes[ace - 1]
        ),
    ));
    let lowest = (0..13u8).find(|&r| flushes[usize::from(r)] > 0).and_then(Rank::new).map_or("?", Rank::symbol);
    figures.push(Figure::new("flush.lowest", "", Exact::Text(lowest.to_owned())));
    Ok(())
}

/// The betting example: each pointer after each action, exactly, rounded
/// to a whole designation after each move as Levy does.
fn pointer(figures: &mut Vec<Figure>) -> Result<()> {
    let top = BigRational::from_integer(i64::from(DESIGNATIONS).into());
    let mut pointers: [BigRational; 5] = std::array::from_fn(|_| BigRational::from_integer(POINTER_START.into()));
    // The index of each player's last action that put money in.
    let mut last_money: [Option<usize>; 5] = [None; 5];
    for (step, &(player, action)) in ACTIONS.iter().enumerate() {
        if action == Action::Check {
            figures.push(Figure::new(format!("pointer.{step}"), "", Exact::Value(pointers[player].clone())));
            continue;
        }
        let since = last_money[player].map_or(0, |i| i + 1);
        let raises = ACTIONS[since..=step].iter().filter(|(_, a)| *a == Action::Raise).count() as i64;
        let increment = q(POINTER_PERCENT, 100) * (top.clone() - pointers[player].clone()) * q(raises, 1);
        let moved = round_to_places(&(pointers[player].clone() + increment.clone()), 0);
        figures.push(
            Figure::new(format!("pointer.{step}.increment"), "", Exact::Value(increment))
                .note(format!("{raises} raises.")),
        );
        figures.push(Figure::new(format!("pointer.{step}"), "", Exact::Value(moved.clone())));
        pointers[player] = moved;
        last_money[player] = Some(step);
    }
    let mut finals: Vec<String> = pointers.iter().map(|p| p.to_integer().to_string()).collect();
    finals.sort();
    finals.dedup();
    figures.push(Figure::new("pointer.final", "", set(finals)));
    Ok(())
}

fn class_share(o: &DrawOutcome, class: HandClass) -> Exact {
    Exact::Value(q(o.by_class[class.index()], o.total))
}

fn draws(figures: &mut Vec<Figure>) -> Result<()> {
    // A pair, three cards drawn (Steig).
    let hand = cards("KS KH 2C 7D 9H")?;
    let pair = draw(&hand, &hand[..2])?;
    figures.push(Figure::new("steig.full", "", class_share(&pair, HandClass::FullHouse)));
    figures.push(Figure::new("steig.quads", "", class_share(&pair, HandClass::FourOfAKind)));
    figures.push(Figure::new("steig.trips", "", class_share(&pair, HandClass::ThreeOfAKind)));
    figures.push(Figure::new("steig.two_pairs", "", class_share(&pair, HandClass::TwoPair)));
    figures.push(Figure::new("steig.balance", "", class_share(&pair, HandClass::OnePair)));
    for (id, class) in [
        ("steig.trips_odds", HandClass::ThreeOfAKind),
        ("steig.two_pairs_odds", HandClass::TwoPair),
        ("steig.full_odds", HandClass::FullHouse),
        ("steig.quads_odds", HandClass::FourOfAKind),
    ] {
        let hits = pair.by_class[class.index()];
        figures.push(Figure::new(
            id,
            format!("Pair, three drawn: odds against making {class}"),
            Exact::Value(q(pair.total - hits, hits)),
        ));
    }
    // Straight draws (line 2970).
    let straights = |text: &str, keep: usize| -> Result<u64> {
        let hand = cards(text)?;
        let kept: Vec<Card> = hand[..keep].to_vec();
        Ok(draw(&hand, &kept)?.by_class[HandClass::Straight.index()])
    };
    let open = straights("6D 7H 8S 9C 2C", 4)?;
    let inside = straights("4C 5D 6H 8S JC", 4)?;
    figures.push(Figure::new("draw.open_outs", "", int(open)));
    figures.push(Figure::new("draw.inside_outs", "", int(inside)));
    figures.push(Figure::new("draw.twice", "", Exact::Value(q(open, inside))));
    let fills = |text: &str| -> Result<Exact> {
        let ranks = straight_completions(ranks_of(text)?);
        Ok(set((0..13u8).filter(|&r| ranks >> r & 1 == 1).map(|r| Rank::new(r).map_or("?", Rank::symbol))))
    };
    figures.push(Figure::new("draw.fills_4568", "", fills("4 5 6 8")?));
    figures.push(Figure::new("draw.fills_jqka", "", fills("J Q K A")?));
    figures.push(Figure::new("draw.fills_6789", "", fills("6 7 8 9")?));
    // Three of a kind: draw one or two.
    let trips = cards("QS QH QC 9D 4S")?;
    let two = draw(&trips, &trips[..3])?;
    let one = draw(&trips, &trips[..4])?;
    let quads = |o: &DrawOutcome| q(o.by_class[HandClass::FourOfAKind.index()], o.total);
    figures.push(Figure::new("trips.discard_one", "", Exact::Flag(quads(&one) < quads(&two))).note(format!(
        "Four of a kind: {} drawing one, {} drawing two.",
        decimal_text_significant(&quads(&one), 4, 0),
        decimal_text_significant(&quads(&two), 4, 0)
    )));
    Ok(())
}

fn bluff_factor(figures: &mut Vec<Figure>) {
    let keep = q(BF_KEEP.0, BF_KEEP.1);
    let latest = BigRational::one() - keep.clone();
    // From BF = 0, bluffing every hand: after k hands BF = 1 - 0.9^k.
    let after = |k: u32| (0..k).fold(BigRational::zero(), |bf, _| keep.clone() * bf + latest.clone());
    let hands_to = |level: BigRational| (1..).find(|&k| after(k) >= level).unwrap_or(0);
    let nearly_one = q(9, 10);
    figures.push(Figure::new("bf.soars", "", Exact::Flag(after(3) >= nearly_one)).note(format!(
        "From BF = 0, bluffing every hand: {} after two hands, {} after three; above 0.5 after {} hands, 0.9 after {}.",
        decimal_text_significant(&after(2), 3, 0),
        decimal_text_significant(&after(3), 3, 0),
        hands_to(q(1, 2)),
        hands_to(nearly_one.clone())
    )));
    figures.push(Figure::new("bf.after_three", "BF after three hands of bluffing, from 0", Exact::Value(after(3))));
    figures.push(Figure::new("bf.hands_to_0_9", "Hands of bluffing before BF reaches 0.9", int(hands_to(nearly_one))));
}

/// Every class of hand dealt, counted.
fn classes_table(all: &Census) -> Table {
    let total = total(all);
    let mut table = Table::new(
        "levy_chance_poker_classes",
        "Five-card hands by class: all 2,598,960 classified once",
        vec![
            Column::new("class", "Class"),
            Column::new("hands", "Hands"),
            Column::new("probability", "Probability"),
            Column::new("decimal", "Decimal"),
            Column::new("one_in", "One in"),
        ],
    );
    for class in HandClass::ALL.iter().rev() {
        let count = all.by_class[class.index()];
        let p = q(count, total);
        table.push(vec![
            class.name().into(),
            count.into(),
            format!("{}/{}", p.numer(), p.denom()).into(),
            decimal_text_significant(&p, 6, 0).into(),
            decimal_text_significant(&q(total, count), 6, 2).into(),
        ]);
    }
    table.push(vec!["total".into(), total.into(), "1".into(), "1".into(), "1".into()]);
    table
}

/// Fig. 46's designations 13 to 109: the hands of each, exactly, beside
/// Levy's approximation (the class's chance shared equally by its
/// designations).
fn designations_table(all: &Census) -> Table {
    let total = total(all);
    let mut table = Table::new(
        "levy_chance_designations",
        "Fig. 46: Reuben's designations, exact chances beside Levy's equal shares",
        vec![
            Column::new("designation", "Designation"),
            Column::new("name", "Holding"),
            Column::new("hands", "Hands"),
            Column::new("exact", "Exact"),
            Column::new("levy_share", "Levy's share"),
            Column::new("ratio", "Share / exact"),
        ],
    );
    for d in 13..=DESIGNATIONS {
        let Some(class) = designation_class(d) else { continue };
        let types = (13..=DESIGNATIONS).filter(|&e| designation_class(e) == Some(class)).count() as u64;
        let hands = all.by_designation[usize::from(d)];
        let exact = q(hands, total);
        let share = q(all.by_class[class.index()], total * types);
        let ratio = if hands == 0 { None } else { (share.clone() / exact.clone()).to_f64() };
        table.push(vec![
            u64::from(d).into(),
            designation_name(d).unwrap_or_default().into(),
            hands.into(),
            decimal_text_significant(&exact, 6, 0).into(),
            decimal_text_significant(&share, 6, 0).into(),
            Cell::opt(ratio.map(|r| Cell::float(r, 3))),
        ]);
    }
    table.note(
        "Levy's approximation (line 3051) divides a class's chance equally among its designations; the last column \
         is his share over the exact chance (1 where the approximation is exact).",
    );
    table
}

/// The draw from common holdings: how each ends, every draw enumerated.
fn draw_table() -> Result<Table> {
    let holdings: [(&str, &str, &str, usize); 11] = [
        ("pair, draw three", "a pair", "KS KH 2C 7D 9H", 2),
        ("pair and ace, draw two", "a pair and an ace kicker", "KS KH AC 7D 9H", 3),
        ("two pairs, draw one", "two pairs", "KS KH 7C 7D 9H", 4),
        ("three of a kind, draw two", "three of a kind", "QS QH QC 9D 4S", 3),
        ("three of a kind and kicker, draw one", "three of a kind and a kicker", "QS QH QC 9D 4S", 4),
        ("four to a flush, draw one", "four hearts", "AH 9H 6H 3H KC", 4),
        ("open-ended straight, draw one", "6 7 8 9", "6D 7H 8S 9C 2C", 4),
        ("inside straight, draw one", "4 5 6 8", "4C 5D 6H 8S JC", 4),
        ("open straight flush draw, draw one", "6 7 8 9 of hearts", "6H 7H 8H 9H 2C", 4),
        ("ace, draw four", "an ace", "AS 9H 6D 4C 2H", 1),
        ("nothing, draw five", "nothing kept", "AS 9H 6D 4C 2H", 0),
    ];
    let mut columns = vec![
        Column::new("holding", "Holding"),
        Column::new("hand", "Hand"),
        Column::new("kept", "Kept"),
        Column::new("drawn", "Drawn"),
        Column::new("draws", "Draws"),
    ];
    for class in HandClass::ALL {
        let key = class.name().replace(' ', "_");
        columns.push(Column::new(&key, class.name()));
    }
    let mut table = Table::new(
        "levy_chance_draw",
        "The draw: every replacement from the 47 unseen cards, by the class it ends in",
        columns,
    );
    for (key, kept_name, text, keep) in holdings {
        let hand = cards(text)?;
        let outcome = draw(&hand, &hand[..keep])?;
        let mut row: Vec<Cell> =
            vec![key.into(), text.into(), kept_name.into(), (outcome.drawn as u64).into(), outcome.total.into()];
        row.extend(outcome.by_class.iter().map(|&c| Cell::from(c)));
        table.push(row);
    }
    table.note("Counts of draws; divide by the draws for the chance. The hand shown is the one dealt; the first cards are kept.");
    Ok(table)
}

/// Random deals and draws beside the exact counts.
fn monte_carlo(settings: &Settings, all: &Census) -> Result<Table> {
    let total = total(all);
    let deals = tally::<9>(settings.seed, settings.samples, |rng| {
        let mut deck = Card::DECK;
        choose_front(&mut deck, 5, rng);
        let hand: &[Card; 5] = deck[..5].try_into().expect("five cards");
        evaluate_five(hand).class().index()
    })?;
    let mut rows = Vec::new();
    for (class, id) in FIG_45 {
        rows.push(Row {
            id,
            quantity: format!("P(dealt {class})"),
            exact: Some(q(all.by_class[class.index()], total)),
            sampled: Sampled::Probability(Estimate { hits: deals[class.index()], samples: settings.samples }),
        });
    }
    let hand = cards("KS KH 2C 7D 9H")?;
    let exact = draw(&hand, &hand[..2])?;
    let unseen: Vec<Card> = CardSet::of(&hand)?.complement().iter().collect();
    let mut pool = [Card::default(); 47];
    pool.copy_from_slice(&unseen);
    let drawn = tally::<9>(settings.seed ^ 2, settings.samples, |rng| {
        let mut deck = pool;
        choose_front(&mut deck, 3, rng);
        let five = [hand[0], hand[1], deck[0], deck[1], deck[2]];
        evaluate_five(&five).class().index()
    })?;
    for (class, id) in [
        (HandClass::TwoPair, "draw3_two_pairs"),
        (HandClass::ThreeOfAKind, "draw3_trips"),
        (HandClass::FullHouse, "draw3_full"),
        (HandClass::FourOfAKind, "draw3_quads"),
    ] {
        rows.push(Row {
            id,
            quantity: format!("A pair, three drawn: P({class})"),
            exact: Some(q(exact.by_class[class.index()], exact.total)),
            sampled: Sampled::Probability(Estimate { hits: drawn[class.index()], samples: settings.samples }),
        });
    }
    Ok(monte_carlo::table(
        "levy_chance_ch12_mc",
        "Levy (1983) ch. 12: deals and draws by sampling",
        &rows,
        settings.seed,
    ))
}
