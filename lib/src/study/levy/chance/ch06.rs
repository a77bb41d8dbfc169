//! Chapter 6, "Card Games – Guessing the Odds": the three-handed game of
//! 17 cards each and what the first two tricks tell (Fig. 23, Bayes'
//! theorem, the holdings of trick two), the bridge estimates after a
//! bidding, the two-trick ending of Fig. 24 with Michie's expected value,
//! and the shuffle.
//!
//! Exact probabilities count the deals of the unseen cards that agree with
//! what has been seen ([`TwoHands`]): Levy multiplies the cards' separate
//! probabilities as though they were independent, which a deal of 17 cards
//! to each of two hands does not make them.

use crate::Result;
use crate::engine::chance::cards::{Card, CardSet, Rank, Suit};
use crate::engine::chance::combin::TwoHands;
use crate::engine::chance::sample::{Estimate, choose_front, tally};
use crate::engine::chance::shuffle::{SwapRule, any_card_can_be_fair, orders};
use crate::engine::chance::tricks::Ending;
use crate::engine::progress::{Progress, Step};
use crate::report::{Exact, decimal_text};
use crate::study::datasets::LEVY_CH06_CARD_DEDUCTION;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::common::{int, q, ratio, set};
use super::monte_carlo::{self, Row, Sampled};

const FILE: &str = "levy/ch06-card-deduction.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[6], key: "ch06", title: "Card Games – Guessing the Odds", run };

/// Our hand in the three-handed game (lines 1124–1130).
const OUR_HAND: &str = "AS KS 4S 2S QH 10H 7H 5H KD 10D 9D 6D 2D JC 8C 6C 4C";
/// The card turned up for trumps (line 1132).
const TURNED_UP: &str = "7S";
/// Cards in each of the three hands (line 1118).
const HAND: u32 = 17;

fn card(text: &str) -> Card {
    text.parse().expect("a card written in this file")
}

fn cards(text: &str) -> Result<CardSet> {
    Ok(text.parse()?)
}

fn run(settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 6"));
    let chapter = dataset::read(LEVY_CH06_CARD_DEDUCTION, FILE)?;
    let mut figures = Vec::new();
    deal(&mut figures)?;
    trick_one(&mut figures)?;
    trick_two(&mut figures)?;
    bidding(&mut figures);
    ending(&mut figures)?;
    shuffle(&mut figures)?;
    let table = chapter_table(
        "levy_chance_ch06",
        "Levy (1983) ch. 6: deduced probabilities, Bayes' theorem, Fig. 24",
        &chapter,
        FILE,
        &figures,
    )?;
    let mc = monte_carlo(settings)?;
    let (_, [both, jack_only, neither]) = after_trick_one()?;
    let sum = both + jack_only + neither;
    let show = |w: u128| {
        let x = q(w, sum);
        format!("{}/{} = {}", x.numer(), x.denom(), decimal_text(&x, 3))
    };
    Ok(Part {
        tables: vec![table, mc],
        plots: Vec::new(),
        reading: vec![format!(
            "Ch. 6: Levy treats the unseen cards as independent, each in John's hand with probability 0.5, so that \
             John's three possible spade holdings after trick one are equally likely (1/3 each). Counting the deals \
             of the 32 unseen cards, 16 to each hand, gives Q J 10 {}, Q J {}, Q {}; every other unseen card stays \
             at exactly 0.5.",
            show(both),
            show(jack_only),
            show(neither)
        )],
    })
}

/// The deal and Fig. 23.
fn deal(figures: &mut Vec<Figure>) -> Result<()> {
    let ours = cards(OUR_HAND)?;
    let up = cards(TURNED_UP)?;
    figures.push(Figure::new("deal.hand", "", int(ours.len())));
    figures.push(Figure::new("deal.cards", "", int(3 * HAND + up.len())));
    let unseen = ours.union(up).complement();
    figures.push(Figure::new("deal.unseen", "", int(unseen.len())));
    // Each unseen card lies in Bill's 17 of the 34 with the same chance.
    let split = TwoHands { pool: unseen.bits(), a_size: HAND, in_a: 0, in_b: 0 };
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        let row: Vec<String> = Rank::ALL
            .iter()
            .rev()
            .map(|&rank| {
                let c = Card::new(rank, suit);
                let p =
                    if unseen.contains(c) { q(split.ways(1 << c.bit(), 1 << c.bit()), split.total()) } else { q(0, 1) };
                decimal_text(&p, 1)
            })
            .collect();
        let id = format!("fig23.{}", suit.name().to_lowercase());
        figures.push(
            Figure::new(id, "", Exact::Text(row.join(" "))).note("Each entry rounded to the one decimal printed."),
        );
    }
    Ok(())
}

/// Trick one: we lead the 4♠, Bill plays the 9♠, John wins with the Q♠.
fn trick_one(figures: &mut Vec<Figure>) -> Result<()> {
    figures.push(Figure::new("bayes.white_a", "", ratio(1, 5)));
    figures.push(Figure::new("bayes.white_b", "", ratio(3, 5)));
    // Two bags chosen with equal chances: P(A | white).
    let (a, b) = (q(1, 5) * q(1, 2), q(3, 5) * q(1, 2));
    figures.push(Figure::new("bayes.bag_a", "", Exact::Value(a.clone() / (a + b))));

    let unseen = cards(OUR_HAND)?.union(cards(TURNED_UP)?).complement();
    let (queen, jack, ten) = (card("QS"), card("JS"), card("10S"));
    let qjt = CardSet::EMPTY.with(queen).with(jack).with(ten).bits();
    // Before the trick: John holds 17 of the 34 unseen cards.
    let before = TwoHands { pool: unseen.bits(), a_size: HAND, in_a: 0, in_b: 0 };
    let total = before.total();
    for (id, held) in
        [("trick1.prior_qjt", qjt), ("trick1.prior_qj", qjt & !(1 << ten.bit())), ("trick1.prior_q", 1 << queen.bit())]
    {
        figures.push(Figure::new(id, "", Exact::Value(q(before.ways(qjt, held), total))));
    }
    let (after, [both, jack_only, neither]) = after_trick_one()?;
    let jt = (1 << jack.bit()) | (1 << ten.bit());
    let sum = both + jack_only + neither;
    figures.push(Figure::new("trick1.post_qjt", "", Exact::Value(q(both, sum))));
    figures.push(Figure::new("trick1.post_qj", "", Exact::Value(q(jack_only, sum))));
    figures.push(Figure::new("trick1.post_q", "", Exact::Value(q(neither, sum))));
    let john_ten = q(both, sum);
    let john_jack = q(both + jack_only, sum);
    figures.push(Figure::new("trick1.john_10", "", Exact::Value(john_ten.clone())));
    figures.push(Figure::new("trick1.john_j", "", Exact::Value(john_jack.clone())));
    // Any other unseen card: the deals in which John holds it, over all.
    let other = card("KH");
    let with_other = |mask: u64| after.ways(jt | 1 << other.bit(), mask | 1 << other.bit());
    let other_in_john = q(with_other(jt) + with_other(1 << jack.bit()) + with_other(0), sum);
    figures.push(
        Figure::new("trick1.others", "", Exact::Value(other_in_john))
            .note("Computed for the K♥; every other unseen card has the same chance."),
    );
    let one = q(1, 1);
    let formula = (q(16, 1) - john_ten.clone() - john_jack.clone()) / q(30, 1);
    figures.push(Figure::new("trick1.others_formula", "", Exact::Value(formula)).note(
        "Levy's formula (16 − P(10) − P(J)) / (32 − 1 − 1) with the exact P(10) = 15/46 and P(J) = 31/46: they sum \
         to exactly 1, so the formula holds.",
    ));
    figures.push(Figure::new("trick1.unseen_john", "", int(after.a_size)));
    figures.push(Figure::new("trick1.unseen", "", int(after.pool.count_ones())));
    figures.push(Figure::new("trick1.bill_j", "", Exact::Value(one.clone() - john_jack)));
    figures.push(Figure::new("trick1.bill_10", "", Exact::Value(one - john_ten)));
    // Restricted choice: with equal cards John plays one of them at random.
    let weights = [q(both, 3), q(jack_only, 2), q(neither, 1)];
    let all: num_rational::BigRational = weights.iter().sum();
    for (id, label, w) in [
        ("trick1.random_equal_qjt", "P(John held Q J 10) if he plays one of equal cards at random", &weights[0]),
        ("trick1.random_equal_qj", "P(John held Q J) if he plays one of equal cards at random", &weights[1]),
        ("trick1.random_equal_q", "P(John held the Q alone) if he plays one of equal cards at random", &weights[2]),
    ] {
        figures.push(Figure::new(id, label, Exact::Value(w / all.clone())).note(
            "Levy assumes John would play the Q from Q J 10 or Q J as surely as from a lone Q. If he plays one of \
             his equal cards at random (restricted choice), the Q is seen a third of the time from Q J 10 and half \
             from Q J.",
        ));
    }
    Ok(())
}

/// The deals after trick one: the Q♠ and 9♠ are seen, John holds 16 of
/// the 32 unseen cards, and he did not hold the 10♠ without the J♠ (he
/// would have played the 10). The split, and the deals in which he holds
/// the J and 10, the J alone, neither.
fn after_trick_one() -> Result<(TwoHands, [u128; 3])> {
    let unseen = cards(OUR_HAND)?.union(cards(TURNED_UP)?).complement();
    let after =
        TwoHands { pool: unseen.without(card("QS")).without(card("9S")).bits(), a_size: HAND - 1, in_a: 0, in_b: 0 };
    let (jack, ten) = (1u64 << card("JS").bit(), 1u64 << card("10S").bit());
    Ok((after, [after.ways(jack | ten, jack | ten), after.ways(jack | ten, jack), after.ways(jack | ten, 0)]))
}

/// The ranks of a holding, highest first: `J 10 8`.
fn holding_text(ranks: u16) -> String {
    (0..13u8)
        .rev()
        .filter(|&r| ranks >> r & 1 == 1)
        .map(|r| Rank::new(r).expect("a rank").symbol())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Trick two: John leads the A♥, we play the 5♥, Bill ruffs with the 8♠.
fn trick_two(figures: &mut Vec<Figure>) -> Result<()> {
    let ours = cards(OUR_HAND)?;
    let played = cards("4S 9S QS AH 5H 8S")?;
    let up = cards(TURNED_UP)?;
    let spades = |set: CardSet| set.suit(Suit::Spades);
    // Spades still in play when Bill ruffs, the 8 included.
    let live = spades(CardSet::DECK.minus(up).minus(cards("4S 9S QS")?));
    let unknown = spades(CardSet::DECK.minus(ours).minus(up).minus(played));
    let eight = 1u16 << Rank::pips(8).expect("a rank").index();
    let (jack, ten) = (1u16 << Rank::JACK.index(), 1u16 << Rank::TEN.index());
    let mut holdings = Vec::new();
    let mut subset = unknown;
    loop {
        let held = subset | eight;
        // The 8 is in Bill's lowest run of trumps: every spade in play from
        // his lowest up to the 8 is his.
        let low = held.trailing_zeros();
        let run = live & !((1 << low) - 1) & ((eight << 1) - 1);
        let lowest_group = held & run == run;
        // Trick one: John did not hold the 10 without the jack.
        let john_rule = !(held & jack != 0 && held & ten == 0);
        if lowest_group && john_rule {
            holdings.push(held);
        }
        if subset == 0 {
            break;
        }
        subset = (subset - 1) & unknown;
    }
    holdings.sort_unstable_by(|a, b| b.cmp(a));
    figures.push(Figure::new("trick2.holdings", "", set(holdings.iter().map(|&h| holding_text(h)))));
    figures.push(Figure::new(
        "trick2.count",
        "Bill's spade holdings that agree with the two tricks",
        int(holdings.len()),
    ));
    // What Bayes' theorem gives each holding, every deal agreeing with the
    // two tricks equally likely: Bill holds 15 of the 30 unseen cards, no
    // heart.
    let unseen = CardSet::DECK.minus(ours).minus(up).minus(played);
    let hearts = CardSet::of_suit(Suit::Hearts, unseen.suit(Suit::Hearts));
    let split = TwoHands { pool: unseen.bits(), a_size: unseen.len() / 2, in_a: 0, in_b: hearts.bits() };
    let tracked = CardSet::of_suit(Suit::Spades, unknown).bits();
    let weight = |h: u16| split.ways(tracked, CardSet::of_suit(Suit::Spades, h & !eight).bits());
    let total: u128 = holdings.iter().map(|&h| weight(h)).sum();
    for &h in &holdings {
        let text = holding_text(h);
        figures.push(
            Figure::new(
                format!("trick2.p.{}", text.replace(' ', "-")),
                format!("P(Bill's spades were {text}) after trick two"),
                Exact::Value(q(weight(h), total)),
            )
            .note(
                "Bayes' theorem with every deal of the 30 unseen cards (15 to each hand, every heart with John) \
                   that agrees with Levy's two rules equally likely.",
            ),
        );
    }
    let hearts_with_john = hearts.iter().all(|c| split.ways(1 << c.bit(), 1 << c.bit()) == 0);
    figures.push(Figure::new("trick2.hearts", "", Exact::Flag(hearts_with_john && !hearts.is_empty())));
    Ok(())
}

/// The bridge estimates after West opens one spade (line 1250).
fn bidding(figures: &mut Vec<Figure>) {
    let unseen = 52 - 13;
    figures.push(Figure::new("bridge.unseen", "", int(unseen)));
    // Each unseen card lies in a given other hand in 13 of the 39 places.
    figures.push(Figure::new("bridge.each", "", ratio(13, unseen)));
    figures.push(Figure::new("bridge.each_decimal", "", ratio(13, unseen)));
    let total: u32 = CardSet::DECK.iter().map(|c| c.rank().high_card_points()).sum();
    figures.push(Figure::new("bridge.points", "", int(total)));
    // South holds 10 of them (given), West is credited with 13 (the
    // average opening Levy assumes).
    let (ours, opening) = (10, 13);
    figures.push(Figure::new("bridge.left", "", int(total - ours)));
    figures.push(Figure::new("bridge.share", "", ratio(opening, total - ours)));
    figures.push(Figure::new("bridge.share_short", "", ratio(opening, total - ours)));
}

/// Fig. 24: two tricks from the end, we hold A♠ 10♦, Bill J♦ 5♣, John
/// 3♣ 2♣; spades are trumps and we lead.
fn ending(figures: &mut Vec<Figure>) -> Result<()> {
    let hands = [cards("AS 10D")?, cards("JD 5C")?, cards("3C 2C")?];
    let ending = Ending::new(&hands, Some(Suit::Spades), &[0, 1, 2], 0)?;
    let depth = hands.iter().map(|h| h.len()).sum::<u32>();
    figures.push(Figure::new("fig24.depth", "", int(depth)));
    let ace = ending.after(&[card("AS")])?;
    let ten = ending.after(&[card("10D")])?;
    figures.push(Figure::new("fig24.ace_most", "", int(ace.most_tricks())));
    figures.push(Figure::new("fig24.ten_most", "", int(ten.most_tricks())));
    figures.push(Figure::new("fig24.ten_certain", "", int(ten.sure_tricks())).note(format!(
        "After the 10♦ the least and the most we can take are {} and {}.",
        ten.sure_tricks(),
        ten.most_tricks()
    )));
    // Position P1: Bill to play to our A♠.
    let club = ending.after(&[card("AS"), card("5C")])?;
    let diamond = ending.after(&[card("AS"), card("JD")])?;
    let certain = |e: &Ending| (e.sure_tricks() == e.most_tricks()).then(|| e.sure_tricks());
    let (Some(v_club), Some(v_diamond)) = (certain(&club), certain(&diamond)) else {
        return Err(crate::Error::invalid("Fig. 24", "Bill's discard does not settle the tricks"));
    };
    figures.push(Figure::new("fig24.bill_5c", "", int(v_club)));
    figures.push(Figure::new("fig24.bill_jd", "", int(v_diamond)));
    // Michie's expected value with Levy's 99% and 1%.
    let ev = q(99, 100) * q(v_club, 1) + q(1, 100) * q(v_diamond, 1);
    figures.push(Figure::new("fig24.expected", "", Exact::Value(ev)));
    figures.push(Figure::new(
        "fig24.leaves",
        "Complete plays of the two tricks (leaves of the full tree)",
        int(ending.leaves()),
    ));
    Ok(())
}

/// The shuffle of line 1100: swap each card with a card drawn from the
/// whole deck.
fn shuffle(figures: &mut Vec<Figure>) -> Result<()> {
    let three = orders(3, SwapRule::AnyCard)?;
    let fair = any_card_can_be_fair(52);
    figures.push(Figure::new("shuffle.fair", "", Exact::Flag(fair)).note(format!(
        "Computed: with three cards the 27 equally likely sequences of swaps leave the six orders {} to {} times \
         each.",
        three.fewest(),
        three.most()
    )));
    figures.push(Figure::new(
        "shuffle.three_fewest",
        "Three cards, swap with any card: chance of the least likely order",
        ratio(three.fewest(), three.sequences),
    ));
    figures.push(Figure::new(
        "shuffle.three_most",
        "Three cards, swap with any card: chance of the most likely order",
        ratio(three.most(), three.sequences),
    ));
    let fisher_yates = orders(3, SwapRule::NotYetPlaced)?;
    figures.push(Figure::new(
        "shuffle.fisher_yates_uniform",
        "Three cards, swap with a card not yet placed (Fisher-Yates): every order equally likely",
        Exact::Flag(fisher_yates.uniform()),
    ));
    Ok(())
}

/// Random deals of the 34 unseen cards beside the exact counts.
fn monte_carlo(settings: &Settings) -> Result<crate::report::Table> {
    let unseen: Vec<Card> = cards(OUR_HAND)?.union(cards(TURNED_UP)?).complement().iter().collect();
    let mut pool = [Card::default(); 34];
    pool.copy_from_slice(&unseen);
    let (queen, jack, ten, nine) = (card("QS"), card("JS"), card("10S"), card("9S"));
    let john = |rng: &mut _| {
        let mut deck = pool;
        choose_front(&mut deck, HAND as usize, rng);
        deck[..HAND as usize].iter().copied().collect::<CardSet>()
    };
    let prior = tally::<2>(settings.seed, settings.samples, |rng| {
        let hand = john(rng);
        usize::from(hand.contains(queen) && hand.contains(jack) && hand.contains(ten))
    })?;
    let posterior = tally::<3>(settings.seed ^ 1, settings.samples, |rng| {
        let hand = john(rng);
        let agrees = hand.contains(queen) && !hand.contains(nine) && (!hand.contains(ten) || hand.contains(jack));
        if !agrees {
            0
        } else if hand.contains(ten) {
            1
        } else {
            2
        }
    })?;
    let before = TwoHands { pool: CardSet::of(&unseen)?.bits(), a_size: HAND, in_a: 0, in_b: 0 };
    let qjt = (1 << queen.bit()) | (1 << jack.bit()) | (1 << ten.bit());
    let (_, after) = after_trick_one()?;
    let rows = [
        Row {
            id: "prior_qjt",
            quantity: "P(John was dealt the Q, J and 10♠): random deals of the 34 unseen cards".into(),
            exact: Some(q(before.ways(qjt, qjt), before.total())),
            sampled: Sampled::Probability(Estimate { hits: prior[1], samples: settings.samples }),
        },
        Row {
            id: "john_10_after_trick_one",
            quantity: "P(John holds the 10♠ | he won trick one with the Q♠ over Bill's 9♠): deals that agree".into(),
            exact: Some(q(after[0], after.iter().sum::<u128>())),
            sampled: Sampled::Probability(Estimate { hits: posterior[1], samples: posterior[1] + posterior[2] }),
        },
    ];
    Ok(monte_carlo::table(
        "levy_chance_ch06_mc",
        "Levy (1983) ch. 6: Monte Carlo beside the exact counts",
        &rows,
        settings.seed,
    ))
}
