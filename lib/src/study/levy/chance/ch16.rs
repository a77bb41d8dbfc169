//! Chapter 16, "Bridge Play": the length of a hand, the two-way finesse,
//! the blocked ending of line 3894 searched to the end, and the fourth
//! highest lead.

use crate::Result;
use crate::engine::chance::cards::{CardSet, Rank, Suit, ranks_of};
use crate::engine::chance::combin::TwoHands;
use crate::engine::chance::tricks::Ending;
use crate::engine::progress::{Progress, Step};
use crate::report::Exact;
use crate::study::datasets::LEVY_CH16_BRIDGE_PLAY;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::common::{cards, int, q, set};

const FILE: &str = "levy/ch16-bridge-play.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[16], key: "ch16", title: "Bridge Play", run };

/// The blocked ending (lines 3894-3908): North ♠6 5 3 ♥A Q, South ♥K J
/// ♦4 3 2, at no-trumps, South on lead. The defenders' cards are not given:
/// no spade (North's are the last three) and diamonds that beat South's;
/// these are one such holding.
const BLOCK_NORTH: &str = "6S 5S 3S AH QH";
const BLOCK_SOUTH: &str = "KH JH 4D 3D 2D";
const BLOCK_WEST: &str = "AD KD QD JD 10D";
const BLOCK_EAST: &str = "AC KC QC JC 10C";
/// The careless order: South's J♥ to the ace, the queen back to the king;
/// the defenders' discards are immaterial.
const CARELESS: &str = "JH 10D AH 10C QH JC KH JD";

fn run(_settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 16"));
    let chapter = dataset::read(LEVY_CH16_BRIDGE_PLAY, FILE)?;
    let mut figures = Vec::new();
    figures.push(Figure::new("tricks", "", int(52 / 4)).note("52 cards, four to a trick."));
    finesse(&mut figures)?;
    blocked(&mut figures)?;
    fourth_highest(&mut figures)?;
    let table = chapter_table(
        "levy_chance_ch16",
        "Levy (1983) ch. 16: the finesse, the blocked ending, the fourth highest",
        &chapter,
        FILE,
        &figures,
    )?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

/// A J 5 opposite K 10 3, the queen missing.
fn finesse(figures: &mut Vec<Figure>) -> Result<()> {
    let ours = CardSet::of_suit(Suit::Spades, ranks_of("A J 5")? | ranks_of("K 10 3")?);
    let defenders = CardSet::of_suit(Suit::Spades, u16::MAX).minus(ours);
    figures.push(Figure::new("finesse.defenders", "", int(defenders.len())));
    // Before anything is known of them, the defenders' 26 cards split 13
    // and 13; the queen is one of them.
    let split = TwoHands { pool: (1 << 26) - 1, a_size: 13, in_a: 0, in_b: 0 };
    figures.push(Figure::new(
        "finesse.queen_west",
        "P(the missing queen is with West) with nothing known of the defenders' hands",
        Exact::Value(q(split.ways(1, 1), split.total())),
    ));
    Ok(())
}

fn cards_set(text: &str) -> Result<CardSet> {
    Ok(text.parse()?)
}

fn blocked(figures: &mut Vec<Figure>) -> Result<()> {
    // Play order: South, West, North, East; North-South are side 0.
    let hands = [cards_set(BLOCK_SOUTH)?, cards_set(BLOCK_WEST)?, cards_set(BLOCK_NORTH)?, cards_set(BLOCK_EAST)?];
    let ending = Ending::new(&hands, None, &[0, 1, 0, 1], 0)?;
    figures.push(Figure::new("block.best", "", int(ending.sure_tricks())).note(
        "Searched to the end; Levy does not give the defenders' cards, taken here as West ♦A K Q J 10, East \
         ♣A K Q J 10 (no spade, diamonds above South's).",
    ));
    let careless = ending.after(&cards(CARELESS)?)?;
    let lost = 5 - careless.sure_tricks();
    figures.push(Figure::new("block.careless_lost", "", int(lost)).note(format!(
        "After J♥ to the ace and the queen to the king, South on lead with only diamonds: North-South take {} of \
         the five tricks.",
        careless.sure_tricks()
    )));
    Ok(())
}

/// Partner leads the 8♠ against no-trumps; we see the A, J and 9.
fn fourth_highest(figures: &mut Vec<Figure>) -> Result<()> {
    let seen = ranks_of("A J 9")?;
    let led = Rank::pips(8).expect("a rank");
    let higher_unseen: Vec<Rank> =
        Rank::ALL.iter().copied().filter(|&r| r > led && seen >> r.index() & 1 == 0).collect();
    // A fourth highest has exactly three higher cards in the leader's hand.
    let held = if higher_unseen.len() == 3 { higher_unseen.clone() } else { Vec::new() };
    figures.push(Figure::new("fourth.partner_holds", "", set(held.iter().rev().map(|r| r.symbol()))).note(format!(
        "{} spades above the 8 are unseen; a fourth-highest 8 has three above it.",
        higher_unseen.len()
    )));
    Ok(())
}
