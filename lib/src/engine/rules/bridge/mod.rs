//! SKELETON (games helper): positions and moves of the hand-written
//! engines (chess, checkers) in the rules' terms, for perft agreement and
//! differential tests.
