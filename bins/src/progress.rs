//! Progress bars for long runs.
//!
//! Bars are drawn on stderr and only when stderr is a terminal, so that
//! pipes, CI logs and reports never see them. The library reports through
//! its one callback type, [`Progress`](plybench::engine::progress::Progress);
//! [`follow`] turns a bar into such a callback.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

use plybench::engine::progress::Step;

/// The look of a bar whose length is known.
const BAR: &str = "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})";

/// The look of a bar whose length is not known yet: a spinner and the
/// elapsed time, never `0/0 (eta 0s)`.
const WAITING: &str = "{spinner} {msg} [{elapsed_precise}]";

/// A bar of `len` steps labelled `message`, hidden unless stderr is a
/// terminal. With `len` 0 (not known yet) it spins, the time running,
/// until [`follow`] learns the length from the first step that has one.
///
/// ```no_run
/// let bar = plybench_cli::progress::bar(10, "counting");
/// bar.inc(1);
/// bar.finish_and_clear();
/// ```
pub fn bar(len: u64, message: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_message(message.to_owned());
    if len == 0 {
        bar.set_style(ProgressStyle::with_template(WAITING).unwrap_or_else(|_| ProgressStyle::default_spinner()));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    } else {
        bar.set_style(ProgressStyle::with_template(BAR).unwrap_or_else(|_| ProgressStyle::default_bar()));
    }
    bar
}

/// A bar of `len` steps drawn with an indicatif `template` (e.g.
/// `"{pos}/{len} root moves, {msg}"`), hidden unless stderr is a terminal.
/// A template indicatif cannot read falls back to [`bar`]'s.
///
/// ```no_run
/// let bar = plybench_cli::progress::bar_with(20, "{pos}/{len} root moves, {msg}", "starting");
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

/// A callback that shows each [`Step`] on `bar`: its position and length,
/// and its label with the nodes counted and the rate, when there are nodes.
/// A bar made waiting for its length ([`bar`] of 0) becomes a bar at the
/// first step that has one. Pass it on with `Progress::new`.
pub fn follow(bar: &ProgressBar) -> impl for<'s> Fn(Step<'s>) + Sync + '_ {
    let start = Instant::now();
    move |step: Step<'_>| {
        if step.total > 0 {
            if bar.length() == Some(0)
                && let Ok(style) = ProgressStyle::with_template(BAR)
            {
                bar.set_style(style);
            }
            bar.set_length(step.total);
            bar.set_position(step.done);
        }
        let message = if step.nodes > 0 {
            let seconds = start.elapsed().as_secs_f64().max(1e-9);
            let nodes = step.nodes as f64;
            format!("{} {}nodes, {}nps", step.label, si(nodes), si(nodes / seconds))
        } else {
            step.label.to_owned()
        };
        bar.set_message(message);
    }
}

/// `1.3 G`, `410 M`: a count with an SI prefix.
fn si(x: f64) -> String {
    let (value, prefix) = match x {
        x if x >= 1e12 => (x / 1e12, "T"),
        x if x >= 1e9 => (x / 1e9, "G"),
        x if x >= 1e6 => (x / 1e6, "M"),
        x if x >= 1e3 => (x / 1e3, "k"),
        x => (x, " "),
    };
    format!("{value:.1} {prefix}")
}

/// A bar of root moves for a perft count, shown from `depth` 6 on (on a
/// terminal); hidden for shallower counts, which end before it would help.
/// It spins, the time running, from the start: the first root move of a
/// deep count takes a while.
pub fn root_moves_bar(depth: u32) -> ProgressBar {
    if depth < 6 {
        return ProgressBar::hidden();
    }
    let bar = bar_with(1, "{spinner} [{elapsed_precise}] {pos}/{len} {msg}", "starting");
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
