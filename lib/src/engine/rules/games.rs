//! The rule files shipped with plybench (in `lib/rules/`), embedded.
//! Each helper adds the line of its own files.
