//! What the backgammon engine refuses: a position string it cannot read, or
//! a position the rules do not allow.

/// A backgammon position or throw the engine cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BackgammonError {
    /// The string does not have the fields `<white>/<black> <side> [<throw>]`.
    #[error("`{text}` is not a position; write `<white men>/<black men> <w|b> [throw]`, e.g. `{example}`")]
    Shape {
        /// The text given.
        text: String,
        /// A well-formed position.
        example: &'static str,
    },
    /// A point that is neither 1 to 24, `bar` nor `off`.
    #[error("`{token}` is not a point; give 1 to 24 (counted from the side's own home), `bar` or `off`")]
    Point {
        /// The token.
        token: String,
    },
    /// A count of men that is not a number from 1 to 15.
    #[error("`{token}` is not a count of men; give a number from 1 to 15 after the colon")]
    Count {
        /// The token.
        token: String,
    },
    /// The same point listed twice for one side.
    #[error("{side}'s point {point} is listed twice; list each point once with its count")]
    Repeated {
        /// The side.
        side: &'static str,
        /// The point, as written.
        point: String,
    },
    /// A side without exactly fifteen men (on the board, on the bar and off).
    #[error("{side} has {men} men; each side has 15, counting those on the bar and those borne off (`off:N`)")]
    Men {
        /// The side.
        side: &'static str,
        /// How many it was given.
        men: u32,
    },
    /// Men of both sides on one point.
    #[error("White's point {white_point} is Black's point {black_point}, and both sides have men there")]
    Shared {
        /// The point in White's numbering.
        white_point: usize,
        /// The same point in Black's numbering.
        black_point: usize,
    },
    /// Both sides have borne off all their men.
    #[error("both sides have borne off all 15 men; at most one side can have finished")]
    BothFinished,
    /// A side to move that is not `w` or `b`.
    #[error("`{token}` is not a side to move; give `w` or `b`")]
    Side {
        /// The token.
        token: String,
    },
    /// A throw that is not two digits from 1 to 6.
    #[error("`{token}` is not a throw; give two dice from 1 to 6, e.g. `31` or `66`")]
    Throw {
        /// The token.
        token: String,
    },
}
