//! Chapter 15, "Bridge Bidding": the deal of Fig. 52, each hand's points,
//! the bids Levy's rules of thumb give and the reasons his players state,
//! the suit and point variables of the bidding, the game contracts and the
//! safe limit.
//!
//! Levy's point count (line 3700): ace 4, king 3, queen 2, jack 1, a
//! singleton other than the ace 1, a void 4, and 1 for each card of a suit
//! after the fifth. His rules of thumb: no opening below 12 points, 12–15
//! one of the best suit, 16–18 one no-trump. The bounds each bid sets (lines
//! 3742–3763) are his bidding system's, taken as given; what is computed is
//! what they imply by subtraction and whether the deal agrees with them.

use num_rational::BigRational;

use crate::Result;
use crate::engine::chance::bridge::{
    Bid, Deal, Seat, ShapePoints, Strain, high_card_point_counts, lengths, pattern_count, points,
};
use crate::engine::chance::cards::{Card, Suit};
use crate::engine::chance::combin::binomial;
use crate::engine::progress::{Progress, Step};
use crate::report::{Exact, decimal_text_significant};
use crate::study::datasets::LEVY_CH15_BRIDGE_BIDDING;
use crate::study::levy::dataset;
use crate::study::levy::figures::{Figure, chapter_table};
use crate::study::levy::{LevyPart, Settings};
use crate::study::part::Part;

use super::common::{int, q, set};

const FILE: &str = "levy/ch15-bridge-bidding.json";

/// The part.
pub const PART: LevyPart = LevyPart { chapters: &[15], key: "ch15", title: "Bridge Bidding", run };

/// Fig. 52, each seat's spades, hearts, diamonds and clubs, North, East,
/// South, West (lines 3645-3656).
pub const FIG_52: [[&str; 4]; 4] = [
    ["K 8 7 4 2", "2", "A J 9 5 3", "K 10"],
    ["9 5", "K 9 4", "K 10 7", "A 9 8 6 5"],
    ["A Q J 6 3", "A 8 5 3", "6 4", "7 2"],
    ["10", "Q J 10 7 6", "Q 8 2", "Q J 4 3"],
];

/// Levy's count of points for shape (line 3700).
const SHAPE: ShapePoints = ShapePoints { singleton: 1, void: 4, long_after: 5 };
/// Rule (a): no opening with fewer points.
const OPEN_AT: u32 = 12;
/// Rule (b): one of a suit up to this many; rule (c): one no-trump above.
const ONE_SUIT_UP_TO: u32 = 15;
/// The guideline for a slam (line 3799).
const SLAM_POINTS: u32 = 34;
/// A game: 100 trick points.
const GAME: u32 = 100;

fn run(_settings: &Settings, progress: Progress<'_>) -> Result<Part> {
    progress.report(Step::label("levy ch. 15"));
    let chapter = dataset::read(LEVY_CH15_BRIDGE_BIDDING, FILE)?;
    let deal = Deal::from_suits(FIG_52)?;
    let mut figures = Vec::new();
    auction_rules(&mut figures);
    hands(&mut figures, &deal);
    bidding(&mut figures, &deal);
    variables(&mut figures, &deal);
    let table =
        chapter_table("levy_chance_ch15", "Levy (1983) ch. 15: Fig. 52 and its bidding", &chapter, FILE, &figures)?;
    Ok(Part { tables: vec![table], plots: Vec::new(), reading: Vec::new() })
}

/// The auction's order, the tricks of a contract, the game contracts.
fn auction_rules(figures: &mut Vec<Figure>) {
    let bid = |level, strain| Bid { level, strain };
    figures.push(Figure::new(
        "bid.one_heart_over_one_diamond",
        "",
        Exact::Flag(bid(1, Strain::Hearts) > bid(1, Strain::Diamonds)),
    ));
    let one_nt = bid(1, Strain::NoTrumps);
    let suits = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades];
    figures.push(Figure::new("bid.one_nt_over_suits", "", Exact::Flag(suits.iter().all(|&s| one_nt > bid(1, s)))));
    let two_clubs = bid(2, Strain::Clubs);
    figures.push(Figure::new(
        "bid.two_clubs_over_one_level",
        "",
        Exact::Flag(Strain::ALL.iter().all(|&s| two_clubs > bid(1, s))),
    ));
    figures.push(Figure::new("bid.small_slam", "", int(bid(6, Strain::Spades).tricks())));
    figures.push(Figure::new("bid.grand_slam", "", int(bid(7, Strain::Spades).tricks())));
    let games: Vec<Bid> = Strain::ALL.iter().map(|&s| bid(s.game_level(GAME), s)).collect();
    figures.push(Figure::new("games", "", set(games.iter().map(Bid::to_string))));
    figures.push(Figure::new(
        "deck.points",
        "",
        int(Card::DECK.iter().map(|c| c.rank().high_card_points()).sum::<u32>()),
    ));
}

fn seat_id(seat: Seat) -> String {
    seat.name().to_lowercase()
}

/// Each hand's points and shape, beside the chance of such a hand.
fn hands(figures: &mut Vec<Figure>, deal: &Deal) {
    figures.push(Figure::new("fig52.cards", "Fig. 52: cards dealt, thirteen to each seat, each card once", int(52)));
    let counts = high_card_point_counts();
    let hands: u128 = counts.iter().sum();
    let mean =
        BigRational::new(counts.iter().enumerate().map(|(p, c)| p as u128 * c).sum::<u128>().into(), hands.into());
    figures.push(Figure::new("hcp.mean", "High-card points of a random hand: the mean", Exact::Value(mean.clone())));
    for seat in Seat::ALL {
        let hand = deal.hand(seat);
        let hcp = deal.high_card_points(seat);
        let shape = lengths(hand);
        let mut pattern = shape;
        pattern.sort_unstable_by(|a, b| b.cmp(a));
        let at_least = q(counts[hcp as usize..].iter().sum::<u128>(), hands);
        figures.push(
            Figure::new(format!("hcp.{}", seat_id(seat)), format!("Fig. 52: {seat}'s high-card points"), int(hcp))
                .note(format!(
                    "A random hand has {hcp} or more with probability {}.",
                    decimal_text_significant(&at_least, 4, 0)
                )),
        );
        figures.push(Figure::new(
            format!("points.{}", seat_id(seat)),
            format!("Fig. 52: {seat}'s points with Levy's count for shape"),
            int(points(hand, SHAPE)),
        ));
        let shape_text = pattern.iter().map(u32::to_string).collect::<Vec<_>>().join("-");
        figures.push(Figure::new(
            format!("shape.{}", seat_id(seat)),
            format!("Fig. 52: P(a random hand has {seat}'s shape {shape_text})"),
            Exact::Value(q(pattern_count(pattern), binomial(52, 13))),
        ));
    }
}

/// Levy's rules of thumb for an opening: the bid, or `None` for a pass. The
/// best suit is the longest; between two of one length, the lower ranking
/// (North's reason in the text).
fn opening(points: u32, shape: [u32; 4]) -> Option<Bid> {
    if points < OPEN_AT {
        return None;
    }
    if points > ONE_SUIT_UP_TO {
        return Some(Bid { level: 1, strain: Strain::NoTrumps });
    }
    // shape: spades, hearts, diamonds, clubs; strains lowest first.
    let by_strain = [shape[3], shape[2], shape[1], shape[0]];
    let longest = *by_strain.iter().max().expect("four suits");
    let strain = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades]
        [by_strain.iter().position(|&l| l == longest).expect("a longest suit")];
    Some(Bid { level: 1, strain })
}

fn bid_text(bid: Option<Bid>) -> String {
    bid.map_or_else(|| "pass".to_owned(), |b| b.to_string())
}

fn bidding(figures: &mut Vec<Figure>, deal: &Deal) {
    let pts = |seat| points(deal.hand(seat), SHAPE);
    let shape = |seat| lengths(deal.hand(seat));
    let counts = high_card_point_counts();
    let hands: u128 = counts.iter().sum();
    let mean =
        BigRational::new(counts.iter().enumerate().map(|(p, c)| p as u128 * c).sum::<u128>().into(), hands.into());
    let above_average = |seat| BigRational::from_integer(deal.high_card_points(seat).into()) > mean;
    figures.push(Figure::new("west.opens", "", Exact::Text(bid_text(opening(pts(Seat::West), shape(Seat::West))))));
    figures.push(Figure::new("west.weak", "", Exact::Flag(!above_average(Seat::West))));
    figures.push(
        Figure::new("north.opens", "", Exact::Text(bid_text(opening(pts(Seat::North), shape(Seat::North))))).note(
            "Rules (a)-(b) with the longest suit; North's spades and diamonds are both five long and Levy bids the \
         lower-ranking first.",
        ),
    );
    figures.push(Figure::new("north.stronger", "", Exact::Flag(above_average(Seat::North))));
    let north = shape(Seat::North);
    let five_card_suits = north.iter().filter(|&&l| l >= 5).count();
    figures.push(Figure::new("north.two_suits", "", int(five_card_suits)));
    figures.push(Figure::new("east.opens", "", Exact::Text(bid_text(opening(pts(Seat::East), shape(Seat::East))))));
    figures.push(Figure::new("east.average", "", Exact::Flag(!above_average(Seat::East))).note(format!(
        "East's high-card points against the mean of a random hand: {} and {}.",
        deal.high_card_points(Seat::East),
        mean
    )));
    let south = shape(Seat::South);
    figures.push(Figure::new("south.more_spades", "", Exact::Flag(south[0] > south[1])));
    // North raises: his spades and the four South has shown.
    let south_shown = 4;
    figures.push(Figure::new("north.nine_spades", "", int(north[0] + south_shown)));
    let north_diamonds = north[2];
    figures.push(Figure::new("south.north_diamonds", "", Exact::Flag((4..=5).contains(&north_diamonds))));
    figures.push(Figure::new("south.two_clubs", "", int(south[3])));
    // After South's one spade: North has at most 15, South holds his own.
    let ns_most = ONE_SUIT_UP_TO + pts(Seat::South);
    figures.push(Figure::new("slam.impossible", "", Exact::Flag(ns_most < SLAM_POINTS)).note(format!(
        "North at most {ONE_SUIT_UP_TO} and South's own {}: {ns_most} points at most, against {SLAM_POINTS} for a slam.",
        pts(Seat::South)
    )));
    let highest_game =
        Strain::ALL.iter().map(|&s| Bid { level: s.game_level(GAME), strain: s }).max().expect("five strains");
    figures.push(Figure::new("slam.highest_bid", "", Exact::Text(highest_game.to_string())));
    figures.push(Figure::new(
        "ns.points",
        "Fig. 52: North-South's points together (Mollo and Gardener ask 26 for a game)",
        int(pts(Seat::North) + pts(Seat::South)),
    ));
}

/// The bidding variables: West's first maxima, the bounds of each bid and
/// what subtraction from 13 gives.
fn variables(figures: &mut Vec<Figure>, deal: &Deal) {
    let west = lengths(deal.hand(Seat::West));
    for (i, suit) in ["spades", "hearts", "diamonds", "clubs"].iter().enumerate() {
        figures.push(Figure::new(format!("west.max_{suit}"), "", int(13 - west[i])));
    }
    figures.push(Figure::new("west.max_points", "", int(OPEN_AT - 1)));
    figures.push(Figure::new("north.min_points", "", int(OPEN_AT)));
    figures.push(Figure::new("north.max_points", "", int(ONE_SUIT_UP_TO)));
    figures.push(Figure::new("east.max_points", "", int(OPEN_AT - 1)));
    // The bounds Levy's system sets (lines 3742-3763): given, then checked
    // on the deal and carried through the subtraction.
    let north_min_diamonds = 4;
    let north_min_spades = 3;
    let south_min_spades = 4;
    let south_min_hearts = 4;
    figures.push(
        Figure::new("north.max_hearts", "", int(13 - north_min_diamonds - north_min_spades))
            .note("Subtracting North's minimum diamonds (4) and spades (3) from 13."),
    );
    figures.push(Figure::new("north.max_clubs", "", int(13 - north_min_diamonds - north_min_spades)));
    figures.push(
        Figure::new("south.max_minors", "", int(13 - south_min_spades - south_min_hearts))
            .note("Subtracting South's minimum spades (4) and hearts (4) from 13."),
    );
    // Every bound against the deal.
    let bounds: [(Seat, &str, Suit, u32, u32); 6] = [
        (Seat::North, "diamonds after one diamond", Suit::Diamonds, 4, 7),
        (Seat::South, "spades after one spade", Suit::Spades, 4, 6),
        (Seat::North, "spades after two spades", Suit::Spades, 3, 5),
        (Seat::South, "hearts after three hearts", Suit::Hearts, 4, 6),
        (Seat::North, "spades after three spades", Suit::Spades, 4, 13),
        (Seat::South, "spades after four spades", Suit::Spades, 5, 13),
    ];
    let mut holds = true;
    let mut listing = Vec::new();
    for (seat, what, suit, low, high) in bounds {
        let length = deal.hand(seat).suit(suit).count_ones();
        holds &= (low..=high).contains(&length);
        listing.push(format!("{seat}'s {what}: {length} in {low}-{high}"));
    }
    let point_bounds = [
        (Seat::West, 0, OPEN_AT - 1),
        (Seat::North, OPEN_AT, ONE_SUIT_UP_TO),
        (Seat::East, 0, OPEN_AT - 1),
        (Seat::South, 7, 11),
    ];
    for (seat, low, high) in point_bounds {
        let p = points(deal.hand(seat), SHAPE);
        holds &= (low..=high).contains(&p);
        listing.push(format!("{seat}'s points: {p} in {low}-{high}"));
    }
    figures.push(
        Figure::new("bounds.hold", "Every bound the bidding sets holds on the deal of Fig. 52", Exact::Flag(holds))
            .note(listing.join("; ") + "."),
    );
}
