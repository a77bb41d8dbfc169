//! SKELETON (core helper): the compiler, from a [`Program`](super::ast::Program)
//! to a faster form that runs the same moves.
