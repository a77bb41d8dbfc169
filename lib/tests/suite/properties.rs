//! Properties over random games and positions (proptest): make/unmake
//! round trips on every representation, perft under colour flip, and Kalah
//! counts under either scan order.

use plybench::engine::checkers::bell_table::TableBoard;
use plybench::engine::checkers::bitboard::BitBoard;
use plybench::engine::checkers::samuel::SamuelBoard;
use plybench::engine::checkers::{self, Board as CheckersBoard};
use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::{Board, MoveList, Setup, perft};
use plybench::engine::kalah::trace::trace;
use plybench::engine::kalah::{self, Method, Rules, ScanOrder};
use proptest::prelude::*;
use proptest::sample::Index;

/// Starting points for random chess games: the initial position and three
/// standard perft positions rich in castling, en passant and promotion.
const CHESS_STARTS: [&str; 4] = [
    Setup::STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

/// Plays the game `choices` picks (one legal move per ply, while there is
/// one) from `start`, and at every position checks that make/unmake of
/// every legal move gives the board back bit for bit, and that the
/// position after each move survives a FEN round trip.
fn chess_round_trips<B: Board>(start: &Setup, choices: &[Index]) -> Result<(), TestCaseError> {
    let mut board = B::from_setup(start);
    let mut moves = MoveList::new();
    for choice in choices {
        board.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let before = board.clone();
        for &m in moves.iter() {
            let undo = board.make(m);
            let after = board.to_setup();
            let again = B::from_setup(&Setup::from_fen(&after.to_fen()).expect("a played position parses"));
            let back = again.to_setup();
            prop_assert_eq!(back.board(), after.board());
            board.unmake(m, undo);
            prop_assert_eq!(&board, &before, "{:?}: make/unmake of {}", B::REPR, m);
        }
        let m = moves.iter().copied().nth(choice.index(moves.len())).expect("index is in range");
        board.make(m);
    }
    Ok(())
}

/// The setup reached by the game `choices` picks from `start`.
fn play_out(start: &Setup, choices: &[Index]) -> Setup {
    let mut board = X88Board::from_setup(start);
    let mut moves = MoveList::new();
    for choice in choices {
        board.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves.iter().copied().nth(choice.index(moves.len())).expect("index is in range");
        board.make(m);
    }
    board.to_setup()
}

fn perft_both_colours<B: Board>(setup: &Setup, depth: u32) -> (u64, u64) {
    (perft(&mut B::from_setup(setup), depth), perft(&mut B::from_setup(&setup.mirror()), depth))
}

/// The same make/unmake check for checkers.
fn checkers_round_trips<B: CheckersBoard + PartialEq + std::fmt::Debug>(
    choices: &[Index],
) -> Result<(), TestCaseError> {
    let mut board = B::from_position(&checkers::Position::start());
    let mut moves = Vec::new();
    for choice in choices {
        board.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        let before = board.clone();
        for mv in &moves {
            let undo = board.make(mv);
            let text = board.position().to_string();
            prop_assert_eq!(text.parse::<checkers::Position>().expect("a played position parses"), board.position());
            board.unmake(mv, undo);
            prop_assert_eq!(&board, &before, "{:?}: make/unmake of {}", B::REPR, mv);
        }
        let mv = moves[choice.index(moves.len())];
        board.make(&mv);
    }
    Ok(())
}

/// Small Kalah positions: up to 5 pits, up to 6 counters a pit, an
/// opponent row.
fn small_kalah() -> impl Strategy<Value = kalah::Position> {
    (1usize..=5).prop_flat_map(|n| {
        (prop::collection::vec(0u32..=6, n), prop::collection::vec(0u32..=3, n))
            .prop_map(|(own, opponent)| kalah::Position::new(own, opponent).expect("small positions are valid"))
    })
}

/// The terminal positions Bell's stacker outputs scanning in `order`, as a
/// sorted multiset, and how many there are.
fn outputs(position: &kalah::Position, order: ScanOrder, rules: Rules) -> Vec<Vec<u32>> {
    let rows = trace(position, order, rules).expect("a small position traces");
    let mut all: Vec<Vec<u32>> = rows.into_iter().flat_map(|row| row.outputs).collect();
    all.sort();
    all
}

/// Cases per property: an unoptimised build gets a fraction.
const CASES: u32 = if cfg!(debug_assertions) { 48 } else { 256 };

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn chess_make_unmake_round_trips_along_random_games(
        start in 0..CHESS_STARTS.len(),
        choices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        let setup = Setup::from_fen(CHESS_STARTS[start]).unwrap();
        chess_round_trips::<ArrayBoard>(&setup, &choices)?;
        chess_round_trips::<Mailbox10Board>(&setup, &choices)?;
        chess_round_trips::<X88Board>(&setup, &choices)?;
        chess_round_trips::<BitboardBoard>(&setup, &choices)?;
    }

    #[test]
    fn checkers_make_unmake_round_trips_along_random_games(choices in prop::collection::vec(any::<Index>(), 0..80)) {
        checkers_round_trips::<TableBoard>(&choices)?;
        checkers_round_trips::<SamuelBoard>(&choices)?;
        checkers_round_trips::<BitBoard>(&choices)?;
    }

    #[test]
    fn kalah_counts_do_not_depend_on_the_scan_order(position in small_kalah(), captures: bool) {
        let rules = Rules { captures };
        let right_to_left = outputs(&position, ScanOrder::RightToLeft, rules);
        let left_to_right = outputs(&position, ScanOrder::LeftToRight, rules);
        // The same terminal positions, each as often, whichever pit comes first.
        prop_assert_eq!(&right_to_left, &left_to_right);
        let options = kalah::CountOptions { rules, method: Some(Method::Stack), terminal_positions: false, ..Default::default() };
        let count = kalah::count(&position, options, plybench::engine::progress::Progress::NONE).unwrap();
        prop_assert_eq!(count.sequences, right_to_left.len() as u128);
    }
}

proptest! {
    // Perft to depth 3 on four representations is the costly one.
    #![proptest_config(ProptestConfig::with_cases(CASES / 4))]

    #[test]
    fn perft_is_invariant_under_colour_flip(
        start in 0..CHESS_STARTS.len(),
        choices in prop::collection::vec(any::<Index>(), 0..24),
        depth in 1u32..=3,
    ) {
        let setup = play_out(&Setup::from_fen(CHESS_STARTS[start]).unwrap(), &choices);
        let fen = setup.to_fen();
        let mirrored = setup.mirror();
        prop_assert_eq!(mirrored.mirror(), setup.clone());
        let counts = [
            perft_both_colours::<ArrayBoard>(&setup, depth),
            perft_both_colours::<Mailbox10Board>(&setup, depth),
            perft_both_colours::<X88Board>(&setup, depth),
            perft_both_colours::<BitboardBoard>(&setup, depth),
        ];
        for (i, &(plain, flipped)) in counts.iter().enumerate() {
            prop_assert_eq!(plain, flipped, "representation {} at depth {} of {}", i, depth, fen);
            prop_assert_eq!(plain, counts[0].0, "representation {} disagrees with array at {}", i, fen);
        }
    }
}
