//! SKELETON (analysis helper): the necessary conditions of each move, and
//! the moves that would exist after up to N modifications of the board.
