//! Report tables of the checkers study.
