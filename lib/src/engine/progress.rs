//! Progress bars for long runs.
//!
//! Bars are drawn on stderr and only when stderr is a terminal, so that
//! pipes, CI logs and reports never see them. Library code ticks a bar once
//! per unit of work (a subtree, a layer), never inside a hot loop.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `len` steps labelled `message`, hidden unless stderr is a
/// terminal.
///
/// ```
/// let bar = plybench::engine::progress::bar(10, "counting");
/// bar.inc(1);
/// bar.finish_and_clear();
/// ```
pub fn bar(len: u64, message: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(message.to_owned());
    bar
}

/// A bar of `len` steps drawn with an indicatif `template` (e.g.
/// `"{pos}/{len} root moves, {msg}"`), hidden unless stderr is a terminal.
/// A template indicatif cannot read falls back to [`bar`]'s.
///
/// ```
/// let bar = plybench::engine::progress::bar_with(20, "{pos}/{len} root moves, {msg}", "starting");
/// bar.inc(1);
/// bar.finish_and_clear();
/// ```
pub fn bar_with(len: u64, template: &str, message: &str) -> ProgressBar {
    let bar = bar(len, message);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// A spinner showing its message and the elapsed time, hidden unless stderr
/// is a terminal: for runs made of steps of unknown length.
pub fn spinner(message: &str) -> ProgressBar {
    if !is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_message(message.to_owned());
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Whether stderr is a terminal: progress and logs are shown only then.
pub fn is_terminal() -> bool {
    std::io::stderr().is_terminal()
}
