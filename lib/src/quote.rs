//! Input quoted in messages.
//!
//! An error that echoes what it was given (a FEN, a line of a file, a word
//! of another program's output) shows it through [`quote`]: at most
//! [`QUOTED_CHARS`] characters, between double quotes, with every control
//! character, quote and backslash escaped as Rust writes them (`\n`, `\0`,
//! `\u{1b}`), and the length of the whole when it is cut. A message stays
//! one short line whatever the input: a 100,000-character FEN, a file's
//! raw newlines or a NUL byte never reach the terminal as they are.
//!
//! [`one_line`] is the last guard, applied by the binaries to every error
//! message they print: control characters escaped, and the middle of an
//! over-long message cut.
//!
//! ```
//! use plybench::quote::quote;
//!
//! assert_eq!(quote("e2e4").to_string(), r#""e2e4""#);
//! assert_eq!(quote("a\nb\0").to_string(), r#""a\nb\0""#);
//! let long = "r".repeat(100_000);
//! assert_eq!(quote(&long).to_string(), format!("\"{}…\" (100000 characters)", "r".repeat(40)));
//! ```

use std::fmt::{self, Write as _};

/// The most characters of an input a message quotes.
pub const QUOTED_CHARS: usize = 40;

/// The longest error message [`one_line`] lets through, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// `text` as a message shows it: see the [module](self).
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// Input as a message shows it; made by [`quote`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(QUOTED_CHARS) {
            escape(c, f)?;
        }
        if chars.next().is_some() {
            write!(f, "…\" ({} characters)", self.0.chars().count())
        } else {
            f.write_char('"')
        }
    }
}

/// Writes `c` as a quoted string shows it: control characters, `"` and
/// `\` escaped; everything else, non-ASCII letters included, as it is.
fn escape(c: char, out: &mut impl fmt::Write) -> fmt::Result {
    match c {
        '"' => out.write_str("\\\""),
        '\\' => out.write_str("\\\\"),
        c if c.is_control() => write!(out, "{}", c.escape_debug()),
        c => out.write_char(c),
    }
}

/// `message` made fit for one line of a terminal: every control character
/// escaped (a newline becomes `\n`, a NUL `\0`), and a message longer than
/// [`MAX_MESSAGE_CHARS`] cut in the middle, keeping its start (what failed)
/// and its end (the fix).
///
/// ```
/// use plybench::quote::{MAX_MESSAGE_CHARS, one_line};
///
/// assert_eq!(one_line("bad tag `[Event \"x\n`"), "bad tag `[Event \"x\\n`");
/// let long = format!("start {} end", "x".repeat(5000));
/// let cut = one_line(&long);
/// assert!(cut.starts_with("start ") && cut.ends_with(" end") && cut.chars().count() <= MAX_MESSAGE_CHARS);
/// ```
pub fn one_line(message: &str) -> String {
    let mut escaped = String::with_capacity(message.len().min(4 * MAX_MESSAGE_CHARS));
    for c in message.chars() {
        if c.is_control() {
            let _ = write!(escaped, "{}", c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    let count = escaped.chars().count();
    if count <= MAX_MESSAGE_CHARS {
        return escaped;
    }
    // The gap's text is at most as long as with `count` in it.
    let gap = |cut: usize| format!(" […{cut} characters cut…] ");
    let keep = MAX_MESSAGE_CHARS - gap(count).chars().count();
    let head: String = escaped.chars().take(keep * 2 / 3).collect();
    let tail: String = escaped.chars().skip(count - (keep - keep * 2 / 3)).collect();
    format!("{head}{}{tail}", gap(count - keep))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_escape_what_a_terminal_would_act_on() {
        assert_eq!(quote("").to_string(), "\"\"");
        assert_eq!(quote("say \"hi\" \\ \t\r\u{1b}[2J").to_string(), r#""say \"hi\" \\ \t\r\u{1b}[2J""#);
        // Letters outside ASCII are shown, not escaped.
        assert_eq!(quote("Farnebäck").to_string(), "\"Farnebäck\"");
    }

    #[test]
    fn a_quote_is_short_whatever_the_input() {
        for input in ["\0".repeat(10_000), "é".repeat(10_000), "x\n".repeat(10_000)] {
            let shown = quote(&input).to_string();
            assert!(shown.chars().count() <= 6 * QUOTED_CHARS + 30, "{shown}");
            assert!(!shown.chars().any(char::is_control), "{shown}");
            assert!(shown.ends_with(&format!("({} characters)", input.chars().count())), "{shown}");
        }
        let exact = "y".repeat(QUOTED_CHARS);
        assert_eq!(quote(&exact).to_string(), format!("\"{exact}\""), "a quote that fits is not cut");
    }

    #[test]
    fn one_line_keeps_short_messages_and_cuts_long_ones() {
        assert_eq!(one_line("invalid --depth: 16; expected 1 to 15"), "invalid --depth: 16; expected 1 to 15");
        assert_eq!(one_line("a\0b\r\n"), "a\\0b\\r\\n");
        let long = format!("head {} tail", "é".repeat(3 * MAX_MESSAGE_CHARS));
        let cut = one_line(&long);
        assert!(cut.chars().count() <= MAX_MESSAGE_CHARS, "{}", cut.chars().count());
        assert!(cut.starts_with("head ") && cut.ends_with(" tail") && cut.contains("characters cut"));
    }
}
