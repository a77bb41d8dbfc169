//! Tables and published-versus-computed comparisons, shared by every study.
//!
//! A study builds a [`Table`] of [`Cell`]s and hands it to the binary, which
//! renders it in the [`Format`] the user asked for:
//!
//! - `table`: a terminal table (comfy-table);
//! - `markdown`: a GitHub-flavoured Markdown table;
//! - `csv`: RFC 4180 CSV with a header row;
//! - `json`: an array of objects (or one object for a [`Shape::Object`]
//!   table) with the columns' snake_case keys as field names.
//!
//! Figures that have a published counterpart go through [`Comparison`], which
//! holds the computed value, the published value, its source and a
//! [`Verdict`]. A figure printed as a rounded decimal, odds or a fraction is
//! judged against its exact value by [`Printed`], the one rule for printed
//! figures.
//!
//! ```
//! use plybench::report::{Cell, Column, Format, Table};
//!
//! let mut table = Table::new("demo", "Demo", vec![Column::new("pits", "Pits"), Column::new("moves", "Moves")]);
//! table.push(vec![Cell::from(6u32), Cell::from(912u64)]);
//! assert_eq!(table.render(Format::Csv), "pits,moves\n6,912\n");
//! assert_eq!(table.render(Format::Json), "[\n  {\n    \"pits\": 6,\n    \"moves\": 912\n  }\n]\n");
//! ```

mod cell;
mod compare;
mod format;
pub mod heatmap;
pub mod machine;
pub mod plot;
mod printed;
mod table;
mod tally;
mod verdict;
mod write;

pub use cell::Cell;
pub use compare::{Comparison, Published};
pub use format::Format;
pub use printed::{Exact, Printed, Term, decimal_text, decimal_text_significant, round_to_figures, round_to_places};
pub use table::{Column, Shape, Table};
pub use tally::Tally;
pub use verdict::Verdict;
pub use write::{check_dir_writable, check_file_writable, write_atomic};
