//! SKELETON (core helper): the parser, from a rule file's text to a
//! [`Program`](super::ast::Program).
