//! Playing moves given in UCI notation (`e2e4 e7e5 g1f3`) from a position.

use super::bitboard::BitboardBoard;
use super::dispatch::check_countable;
use super::x88::X88Board;
use super::{Board, ChessError, Color, Repr, Role, Setup};

/// The position after playing `moves` (UCI) from `setup`, with the clocks
/// kept as the rules keep them. The moves are played on 0x88, or on
/// bitboards for a position that cannot arise in a game and that 0x88
/// cannot hold ([`Board::holds`]).
pub fn play_moves<S: AsRef<str>>(setup: &Setup, moves: &[S]) -> Result<Setup, ChessError> {
    if X88Board::holds(setup).is_ok() {
        play_on::<X88Board, S>(setup, moves)
    } else {
        play_on::<BitboardBoard, S>(setup, moves)
    }
}

fn play_on<B: Board, S: AsRef<str>>(setup: &Setup, moves: &[S]) -> Result<Setup, ChessError> {
    let impossible = setup.impossibility().is_some();
    let mut board = B::from_setup(setup);
    let mut halfmove = setup.halfmove_clock();
    let mut fullmove = setup.fullmove_number();
    for uci in moves {
        let uci = uci.as_ref();
        let before = board.to_setup();
        if impossible {
            // Listing the moves here is a count of one ply.
            check_countable(Repr::Bitboard, &before, 1)?;
        }
        let m = board.find_move(uci)?;
        let pawn = before.piece_at(m.from()).is_some_and(|p| p.role == Role::Pawn);
        // A FEN may start the clocks anywhere in u32: counting past the top
        // is refused rather than wrapped (or, in a debug build, a panic).
        let past = |clock: &'static str| ChessError::ClockOverflow { clock, after: uci.to_owned() };
        halfmove =
            if pawn || m.is_capture() { 0 } else { halfmove.checked_add(1).ok_or_else(|| past("halfmove clock"))? };
        if board.turn() == Color::Black {
            fullmove = fullmove.checked_add(1).ok_or_else(|| past("fullmove number"))?;
        }
        board.make(m);
    }
    Ok(board.to_setup().with_clocks(halfmove, fullmove))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_update_the_position_and_clocks() {
        let setup = play_moves(&Setup::starting(), &["e2e4", "c7c5", "g1f3"]).unwrap();
        assert_eq!(setup.to_fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    }

    /// Found by the `uci` fuzz target's oracle: a clock at `u32::MAX` wrapped
    /// (release) or panicked (debug) on the next move.
    #[test]
    fn clocks_at_the_top_of_u32_are_refused_not_wrapped() {
        let top = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 b Q - 4294967295 4294967295").unwrap();
        let error = play_moves(&top, &["e8d7"]).unwrap_err();
        assert!(matches!(error, ChessError::ClockOverflow { clock: "halfmove clock", .. }), "{error}");
        assert!(error.to_string().contains("halfmove clock passes 4294967295 after e8d7"), "{error}");
        // A pawn move resets the halfmove clock, but Black's move still
        // advances the fullmove number.
        let top = Setup::from_fen("4k3/4p3/8/8/8/8/8/R3K3 b Q - 4294967295 4294967295").unwrap();
        let error = play_moves(&top, &["e7e6"]).unwrap_err();
        assert!(error.to_string().contains("fullmove number passes"), "{error}");
        // One short of the top still plays.
        let near = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 4294967294 4294967294").unwrap();
        let after = play_moves(&near, &["a1a2"]).unwrap();
        assert_eq!((after.halfmove_clock(), after.fullmove_number()), (u32::MAX, 4294967294));
    }

    #[test]
    fn illegal_and_malformed_moves_are_refused() {
        let start = Setup::starting();
        for (moves, needle) in [
            (&["e2e5"][..], "not legal"),
            (&["e2e4", "e2e4"], "not legal"),
            (&["e9e4"], "not UCI"),
            (&["e7e8k"], "not UCI"),
            (&["O-O"], "not UCI"),
        ] {
            let message = play_moves(&start, moves).unwrap_err().to_string();
            assert!(message.contains(needle), "{moves:?}: {message}");
        }
    }
}
