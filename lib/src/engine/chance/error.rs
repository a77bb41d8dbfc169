//! The chance engine's error: input that names no card, tile or deal, or a
//! request past what a count supports.

/// What the chance engine cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    /// Text that names no card.
    #[error(
        "`{0}` is not a card; write a rank (2-10, T, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. 10H or Q♠"
    )]
    BadCard(String),
    /// A card given twice where cards must be distinct.
    #[error("the {0} is given twice; a deck holds each card once")]
    DuplicateCard(String),
    /// A hand or holding of the wrong size.
    #[error("{what} holds {found} cards; it needs {expected}")]
    WrongSize {
        /// The holding, e.g. `a five-card hand`.
        what: &'static str,
        /// Cards given.
        found: usize,
        /// Cards needed.
        expected: String,
    },
    /// Cards to keep that are not in the hand.
    #[error("the {0} is kept but is not in the hand")]
    NotInHand(String),
    /// Text that names no domino.
    #[error("`{0}` is not a domino; write its two numbers 0 to 6 with a dash, e.g. 6-4")]
    BadTile(String),
    /// A domino given twice.
    #[error("the {0} domino is given twice; the set holds each once")]
    DuplicateTile(String),
    /// A play that the rules do not allow.
    #[error("illegal play: {0}")]
    IllegalPlay(String),
    /// A request past what the enumeration supports.
    #[error("{what}: {value}; at most {max} are supported")]
    TooLarge {
        /// The quantity.
        what: &'static str,
        /// The value asked for.
        value: u64,
        /// The largest supported.
        max: u64,
    },
}
