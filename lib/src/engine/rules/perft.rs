//! SKELETON (core helper): perft over a rule file, interpreted or compiled.
