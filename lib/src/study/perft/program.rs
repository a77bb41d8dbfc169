//! External perft programs, driven through one of two protocols, each
//! answer under a time limit.
//!
//! - [`Protocol::Perftree`]: the convention of the perftree debugger. The
//!   program is run once per divide as `CMD <depth> "<fen>" ["<moves>"]` and
//!   prints one `move count` line per legal move, a blank line, and the
//!   total.
//! - [`Protocol::Uci`]: the program is started once and spoken to in UCI:
//!   `uci`, `isready`, then for each divide `position fen FEN [moves ...]`
//!   and `go perft D`, read as Stockfish prints it (`e2e4: 20` lines and
//!   `Nodes searched: N`). `quit` ends it.
//!
//! The command is split into words as a shell would (quotes and backslashes
//! respected), and run without a shell. A program that gives no complete
//! answer within the time limit is killed, and the check ends with
//! [`ProgramError::Timeout`].

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::check::{Divide, Engine};
use super::program_error::ProgramError;
use crate::bounded::{Bounds, ByteAllowance, LineError, Lines};
use crate::{Error, Result};

/// What is read of the program's answer to one request: lines of at most
/// 64 KiB, and at most 1 MiB in all. A divide is a few kilobytes (one short
/// line per legal move, at most 218), and a UCI engine's `uci` answer a few
/// more; a program that writes past these bounds is stopped
/// ([`ProgramError::TooMuch`]) instead of being buffered without end.
pub const ANSWER_BOUNDS: Bounds = Bounds { line: 64 << 10, total: 1 << 20 };

/// Lines of the UCI engine's output read ahead of the requests: a bounded
/// queue, so that the reader waits for the check rather than buffering.
const LINES_AHEAD: usize = 256;

/// A read of the program's output that failed, as the check reports it.
fn read_error(request: &str, error: LineError) -> ProgramError {
    match error {
        LineError::Io(source) => ProgramError::Pipe { request: request.to_owned(), source },
        LineError::Exceeded(exceeded) => ProgramError::TooMuch { request: request.to_owned(), exceeded },
    }
}

/// How `perft check` talks to the program. With the `cli` feature it is a
/// `clap::ValueEnum`, under the same names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Protocol {
    /// `CMD <depth> "<fen>" ["<moves>"]`, once per divide.
    #[default]
    Perftree,
    /// A UCI engine that knows `go perft` (Stockfish does).
    Uci,
}

impl Protocol {
    /// The protocol's name, as the flag takes it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Perftree => "perftree",
            Protocol::Uci => "uci",
        }
    }
}

/// The longest time limit accepted, in seconds: a week.
pub const MAX_TIMEOUT_SECONDS: f64 = 604_800.0;

/// Checks a time limit: more than 0, at most [`MAX_TIMEOUT_SECONDS`].
///
/// ```
/// use plybench::study::perft::program::check_timeout;
///
/// assert_eq!(check_timeout(1.5)?.as_millis(), 1_500);
/// assert!(check_timeout(0.0).is_err());
/// assert!(check_timeout(f64::NAN).is_err());
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn check_timeout(seconds: f64) -> Result<Duration> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_TIMEOUT_SECONDS {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(Error::invalid(
            "time limit",
            format!("{seconds}; expected more than 0 and at most {MAX_TIMEOUT_SECONDS} seconds"),
        ))
    }
}

/// Splits `command` into words as a POSIX shell would, without expanding
/// anything: blanks separate words; single quotes keep everything; double
/// quotes keep everything but `\"` and `\\`; a backslash outside quotes
/// keeps the next character.
///
/// ```
/// use plybench::study::perft::program::split_command;
///
/// assert_eq!(split_command(r#"./my engine "--name=a b" 'c d' e\ f"#)?, ["./my", "engine", "--name=a b", "c d", "e f"]);
/// assert!(split_command("  ").is_err());
/// assert!(split_command("./x 'open").is_err());
/// # Ok::<(), plybench::study::perft::program_error::ProgramError>(())
/// ```
pub fn split_command(command: &str) -> Result<Vec<String>, ProgramError> {
    let quoting = || ProgramError::Quoting { command: command.to_owned() };
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(quoting)? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(quoting)? {
                        '"' => break,
                        '\\' => match chars.next().ok_or_else(quoting)? {
                            c @ ('"' | '\\' | '$' | '`') => w.push(c),
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next().ok_or_else(quoting)?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err(ProgramError::EmptyCommand);
    }
    Ok(words)
}

/// `words` as one might type them, quoted where they hold blanks, quotes or
/// backslashes: [`split_command`] gives them back.
///
/// ```
/// use plybench::study::perft::program::{join_command, split_command};
///
/// let words = ["./x", "3", "8/8/8/8/8/8/8/K6k w - - 0 1"].map(String::from);
/// assert_eq!(join_command(&words), r#"./x 3 "8/8/8/8/8/8/8/K6k w - - 0 1""#);
/// assert_eq!(split_command(&join_command(&words))?, words);
/// # Ok::<(), plybench::study::perft::program_error::ProgramError>(())
/// ```
pub fn join_command(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            if !w.is_empty() && !w.contains(|c: char| c.is_whitespace() || "'\"\\$`".contains(c)) {
                w.clone()
            } else {
                format!("\"{}\"", w.replace('\\', "\\\\").replace('"', "\\\""))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Starts the program of `command` (for [`Protocol::Uci`], up to its
/// `readyok`) and returns it as an [`Engine`] whose every answer must come
/// within `timeout`.
pub fn start(command: &str, protocol: Protocol, timeout: Duration) -> Result<Box<dyn Engine>, ProgramError> {
    let words = split_command(command)?;
    Ok(match protocol {
        Protocol::Perftree => Box::new(Perftree { words, timeout }),
        Protocol::Uci => Box::new(Uci::start(words, timeout)?),
    })
}

/// Spawns `words` followed by `args`, with stdout and stderr piped.
fn spawn(words: &[String], args: &[String], stdin: bool) -> Result<Child, ProgramError> {
    Command::new(&words[0])
        .args(&words[1..])
        .args(args)
        .stdin(if stdin { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| ProgramError::Start { program: words[0].clone(), source })
}

/// The last bytes a program wrote on stderr, read by a thread of its own so
/// that a program writing much there never blocks.
#[derive(Debug)]
struct StderrTail {
    text: Arc<Mutex<String>>,
    done: Receiver<()>,
}

/// How much of stderr is kept for messages.
const TAIL_BYTES: usize = 300;

impl StderrTail {
    /// Follows the child's stderr, keeping only its last bytes: the reader
    /// reads in chunks, whatever the length of a line, so a program that
    /// writes without end on stderr holds no more than a few hundred bytes.
    fn follow(child: &mut Child) -> StderrTail {
        let text = Arc::new(Mutex::new(String::new()));
        let (tx, done) = mpsc::channel();
        if let Some(mut stderr) = child.stderr.take() {
            let text = Arc::clone(&text);
            thread::spawn(move || {
                let mut tail: Vec<u8> = Vec::with_capacity(4 * TAIL_BYTES);
                let mut chunk = [0u8; 4096];
                while let Ok(n @ 1..) = stderr.read(&mut chunk) {
                    tail.extend_from_slice(&chunk[..n]);
                    if tail.len() > 2 * TAIL_BYTES {
                        tail.drain(..tail.len() - TAIL_BYTES);
                    }
                    *text.lock().unwrap_or_else(PoisonError::into_inner) = String::from_utf8_lossy(&tail).into_owned();
                }
                let _ = tx.send(());
            });
        }
        StderrTail { text, done }
    }

    /// What was written, once the program has closed stderr (or after a
    /// short wait, if it has not).
    fn get(&self) -> String {
        let _ = self.done.recv_timeout(Duration::from_millis(500));
        let text = self.text.lock().unwrap_or_else(PoisonError::into_inner);
        let tail = text.trim();
        let start = tail.len().saturating_sub(TAIL_BYTES);
        let start = (start..tail.len()).find(|&i| tail.is_char_boundary(i)).unwrap_or(tail.len());
        tail[start..].to_owned()
    }
}

/// Waits for `child` to end until `deadline`; `None` if it has not.
fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
            _ => return None,
        }
    }
}

/// Kills `child` and reaps it.
fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// A program run once per divide, perftree's way.
#[derive(Debug)]
pub struct Perftree {
    words: Vec<String>,
    timeout: Duration,
}

impl Perftree {
    /// The program of `command`, each run of which must end within
    /// `timeout`.
    pub fn new(command: &str, timeout: Duration) -> Result<Perftree, ProgramError> {
        Ok(Perftree { words: split_command(command)?, timeout })
    }
}

impl Engine for Perftree {
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, ProgramError> {
        let mut args = vec![depth.to_string(), fen.to_owned()];
        if !moves.is_empty() {
            args.push(moves.join(" "));
        }
        let request = format!("`{} {}`", join_command(&self.words), join_command(&args));
        let deadline = Instant::now() + self.timeout;
        let mut child = spawn(&self.words, &args, false)?;
        let stderr = StderrTail::follow(&mut child);
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || {
                let mut lines = Lines::new(BufReader::new(stdout), ANSWER_BOUNDS);
                let mut text = String::new();
                let read = loop {
                    match lines.next_line() {
                        Ok(Some(line)) => {
                            text.push_str(&line);
                            text.push('\n');
                        }
                        Ok(None) => break Ok(text),
                        Err(e) => break Err(e),
                    }
                };
                let _ = tx.send(read);
            });
        }
        let timeout = |child: &mut Child| {
            kill(child);
            ProgramError::Timeout { request: request.clone(), seconds: self.timeout.as_secs_f64() }
        };
        let text = match rx.recv_timeout(self.timeout) {
            Ok(Ok(text)) => text,
            Ok(Err(error)) => {
                kill(&mut child);
                return Err(read_error(&request, error));
            }
            Err(_) => return Err(timeout(&mut child)),
        };
        let Some(status) = wait_until(&mut child, deadline) else { return Err(timeout(&mut child)) };
        if !status.success() {
            return Err(ProgramError::Exited { request, status: status.to_string(), stderr: stderr.get() });
        }
        parse_perftree(&request, &text)
    }
}

/// Whether `word` is a move in UCI notation (`e2e4`, `e7e8q`).
fn is_uci(word: &str) -> bool {
    matches!(
        word.as_bytes(),
        [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
            | [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8', b'n' | b'b' | b'r' | b'q']
    )
}

/// The move and count of a divide line, `e2e4 20` or `e2e4: 20` (promotion
/// letters in either case).
fn move_line(line: &str) -> Option<(String, u64)> {
    let (m, n) = line.split_once(':').or_else(|| line.split_once(char::is_whitespace))?;
    let m = m.trim().to_ascii_lowercase();
    let n = n.trim().parse().ok()?;
    is_uci(&m).then_some((m, n))
}

/// Reads a perftree answer: `move count` lines, a blank line, and the
/// total. Stockfish's `e2e4: 20` and `Nodes searched: N` are read too.
/// Anything else is refused, with the line.
///
/// ```
/// use plybench::study::perft::program::parse_perftree;
///
/// let divide = parse_perftree("3", "e2e4 20\ng1f3 20\n\n40\n")?;
/// assert_eq!(divide.moves, [("e2e4".to_owned(), 20), ("g1f3".to_owned(), 20)]);
/// assert_eq!(divide.total, 40);
/// assert!(parse_perftree("3", "e2e4 20\nhello\n\n20\n").is_err());
/// assert!(parse_perftree("3", "e2e4 20\n").is_err());
/// # Ok::<(), plybench::study::perft::program_error::ProgramError>(())
/// ```
pub fn parse_perftree(request: &str, text: &str) -> Result<Divide, ProgramError> {
    let refuse =
        |line: &str, expected| ProgramError::Output { request: request.to_owned(), line: line.to_owned(), expected };
    let mut divide = Divide::default();
    let mut total = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if total.is_some() {
            return Err(refuse(line, "expected after the total (nothing is)"));
        }
        let number = line.strip_prefix("Nodes searched:").unwrap_or(line).trim();
        if let Ok(n) = number.parse::<u64>() {
            total = Some(n);
        } else if let Some(pair) = move_line(line) {
            divide.moves.push(pair);
        } else {
            return Err(refuse(line, "a `move count` line (e.g. `e2e4 20`) or the total"));
        }
    }
    divide.total = total.ok_or_else(|| refuse("", "the end: the total is missing after the `move count` lines"))?;
    Ok(divide)
}

/// A line of a UCI engine's `go perft` answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciLine {
    /// `e2e4: 20`.
    Move(String, u64),
    /// `Nodes searched: 400`: the answer is complete.
    Total(u64),
    /// `bestmove ...`: the engine searched instead, so it does not know
    /// `go perft`.
    BestMove,
    /// Anything else (`info string ...`, blank lines), skipped.
    Other,
}

/// Reads one line of a `go perft` answer.
///
/// ```
/// use plybench::study::perft::program::{UciLine, parse_uci_line};
///
/// assert_eq!(parse_uci_line("a2a3: 380"), UciLine::Move("a2a3".into(), 380));
/// assert_eq!(parse_uci_line("Nodes searched: 8902"), UciLine::Total(8_902));
/// assert_eq!(parse_uci_line("info string NNUE enabled"), UciLine::Other);
/// ```
pub fn parse_uci_line(line: &str) -> UciLine {
    let line = line.trim();
    if let Some(n) = line.strip_prefix("Nodes searched:").and_then(|n| n.trim().parse().ok()) {
        return UciLine::Total(n);
    }
    if line.starts_with("bestmove") {
        return UciLine::BestMove;
    }
    match line.split_once(':').and_then(|_| move_line(line)) {
        Some((m, n)) => UciLine::Move(m, n),
        None => UciLine::Other,
    }
}

/// A UCI engine, started once and asked for one divide after another.
/// Dropping it sends `quit`, and kills it if it has not ended a second
/// later.
#[derive(Debug)]
pub struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, LineError>>,
    stderr: StderrTail,
    timeout: Duration,
    /// What is left of the current answer's bytes ([`ANSWER_BOUNDS`]).
    budget: ByteAllowance,
}

impl Uci {
    /// Starts `words` and waits for its `uciok` and `readyok`, each within
    /// `timeout`.
    pub fn start(words: Vec<String>, timeout: Duration) -> Result<Uci, ProgramError> {
        let mut child = spawn(&words, &[], true)?;
        let stderr = StderrTail::follow(&mut child);
        let (tx, lines) = mpsc::sync_channel(LINES_AHEAD);
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || {
                // Each line is bounded here; the bytes of one answer, by the
                // budget of the request that reads them.
                let mut lines = Lines::new(BufReader::new(stdout), Bounds { total: u64::MAX, ..ANSWER_BOUNDS });
                loop {
                    let line = lines.next_line().transpose();
                    let last = !matches!(line, Some(Ok(_)));
                    if line.is_some_and(|line| tx.send(line.map(|l| l.trim_end().to_owned())).is_err()) || last {
                        break;
                    }
                }
            });
        }
        let stdin = child.stdin.take();
        let budget = ByteAllowance::new(ANSWER_BOUNDS.total);
        let mut uci = Uci { child, stdin, lines, stderr, timeout, budget };
        uci.send("uci", "`uci`")?;
        uci.until("uciok", "`uci`")?;
        uci.until_ready("`isready`")?;
        Ok(uci)
    }

    /// Writes `line` to the engine; its answer gets a budget of its own.
    fn send(&mut self, line: &str, request: &str) -> Result<(), ProgramError> {
        self.budget = ByteAllowance::new(ANSWER_BOUNDS.total);
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        match written {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(self.ended(request)),
            Err(source) => Err(ProgramError::Pipe { request: request.to_owned(), source }),
        }
    }

    /// The next line the engine writes, before `deadline`.
    fn next_line(&mut self, deadline: Instant, request: &str) -> Result<String, ProgramError> {
        match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Ok(line)) => {
                let spent = self.budget.spend(line.len() as u64 + 1);
                spent.map_err(|exceeded| ProgramError::TooMuch { request: request.to_owned(), exceeded })?;
                Ok(line)
            }
            Ok(Err(error)) => Err(read_error(request, error)),
            Err(RecvTimeoutError::Timeout) => {
                kill(&mut self.child);
                Err(ProgramError::Timeout { request: request.to_owned(), seconds: self.timeout.as_secs_f64() })
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.ended(request)),
        }
    }

    /// Reads lines until one is `word`.
    fn until(&mut self, word: &str, request: &str) -> Result<(), ProgramError> {
        let deadline = Instant::now() + self.timeout;
        while self.next_line(deadline, request)?.trim() != word {}
        Ok(())
    }

    /// `isready`, then every line up to `readyok`.
    fn until_ready(&mut self, request: &str) -> Result<(), ProgramError> {
        self.send("isready", request)?;
        self.until("readyok", request)
    }

    /// The error for an engine that closed its output or input: how it
    /// ended, and the end of its stderr.
    fn ended(&mut self, request: &str) -> ProgramError {
        let status = wait_until(&mut self.child, Instant::now() + Duration::from_secs(1));
        ProgramError::Exited {
            request: request.to_owned(),
            status: status.map_or("its output closed".to_owned(), |s| s.to_string()),
            stderr: self.stderr.get(),
        }
    }
}

/// What a UCI engine answered to `go mate N` ([`Uci::mate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MateAnswer {
    /// The move of its `bestmove` line, if it gave one (`(none)` is none).
    pub bestmove: Option<String>,
    /// The last `score mate M` of its `info` lines: mate in M moves (M
    /// negative when the engine is mated), if it reported one.
    pub mate: Option<i64>,
    /// Seconds from sending `go mate` to reading `bestmove`.
    pub seconds: f64,
}

impl Uci {
    /// Sends `ucinewgame`, the position and `go mate {moves}`, and reads
    /// the engine's lines up to `bestmove`, within the time limit.
    ///
    /// # Errors
    ///
    /// As the engine's other requests: no answer in time, an engine that
    /// ended, a broken pipe.
    pub fn mate(&mut self, fen: &str, moves: u32) -> Result<MateAnswer, ProgramError> {
        let request = format!("`position fen {fen}` and `go mate {moves}`");
        self.send("ucinewgame", &request)?;
        self.until_ready(&request)?;
        self.send(&format!("position fen {fen}"), &request)?;
        let start = Instant::now();
        self.send(&format!("go mate {moves}"), &request)?;
        let deadline = start + self.timeout;
        let mut mate = None;
        loop {
            let line = self.next_line(deadline, &request)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    let seconds = start.elapsed().as_secs_f64();
                    let bestmove = words.get(1).filter(|m| **m != "(none)").map(|m| (*m).to_owned());
                    return Ok(MateAnswer { bestmove, mate, seconds });
                }
                Some(&"info") => {
                    if let Some(i) = words.windows(2).position(|w| w == ["score", "mate"]) {
                        mate = words.get(i + 2).and_then(|m| m.parse().ok()).or(mate);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Engine for Uci {
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, ProgramError> {
        let position = match moves {
            [] => format!("position fen {fen}"),
            _ => format!("position fen {fen} moves {}", moves.join(" ")),
        };
        let request = format!("`{position}` and `go perft {depth}`");
        self.send(&position, &request)?;
        self.send(&format!("go perft {depth}"), &request)?;
        let deadline = Instant::now() + self.timeout;
        let mut divide = Divide::default();
        loop {
            let line = self.next_line(deadline, &request)?;
            match parse_uci_line(&line) {
                UciLine::Move(m, n) => divide.moves.push((m, n)),
                UciLine::Total(n) => {
                    divide.total = n;
                    break;
                }
                UciLine::BestMove => {
                    return Err(ProgramError::Output {
                        request,
                        line,
                        expected: "a `go perft` divide (the engine searched instead: does it know `go perft`?)",
                    });
                }
                UciLine::Other => {}
            }
        }
        self.until_ready(&request)?;
        Ok(divide)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
        }
        if wait_until(&mut self.child, Instant::now() + Duration::from_secs(1)).is_none() {
            kill(&mut self.child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_split_like_a_shell_splits_them() {
        let cases: [(&str, &[&str]); 5] = [
            ("stockfish", &["stockfish"]),
            ("  a   b  ", &["a", "b"]),
            (r#"a "b \"c\" \n" 'd \'"#, &["a", r#"b "c" \n"#, r"d \"]),
            ("a''b \"\"", &["ab", ""]),
            (r"a\ b\\c", &["a b\\c"]),
        ];
        for (command, words) in cases {
            assert_eq!(split_command(command).unwrap(), words, "{command}");
        }
        assert!(matches!(split_command("a \"b"), Err(ProgramError::Quoting { .. })));
        assert!(matches!(split_command("a\\"), Err(ProgramError::Quoting { .. })));
        assert!(matches!(split_command(""), Err(ProgramError::EmptyCommand)));
    }

    #[test]
    fn shown_words_split_back_to_themselves() {
        let words: Vec<String> = ["./x", "3", "8/8/8 w - -", "a\"b", "", "c\\d"].map(String::from).to_vec();
        assert_eq!(split_command(&join_command(&words)).unwrap(), words);
    }

    #[test]
    fn perftree_answers_are_read_strictly() {
        let divide = parse_perftree("r", "e7e8Q 1\r\ne7e8n: 1\n\nNodes searched: 2\n").unwrap();
        assert_eq!(divide.moves, [("e7e8q".to_owned(), 1), ("e7e8n".to_owned(), 1)]);
        assert_eq!(divide.total, 2);
        assert_eq!(parse_perftree("r", "\n0\n").unwrap(), Divide { moves: vec![], total: 0 });
        for (text, needle) in [
            ("e2e4 20\n\n20\n21\n", "after the total"),
            ("e2e4 x\n\n20\n", "`move count`"),
            ("O-O 1\n\n1\n", "`move count`"),
            ("", "the total is missing"),
        ] {
            let message = parse_perftree("`./x 1 fen`", text).unwrap_err().to_string();
            assert!(message.contains(needle) && message.contains("`./x 1 fen`"), "{text:?}: {message}");
        }
    }

    #[test]
    fn uci_lines_are_read_as_stockfish_writes_them() {
        assert_eq!(parse_uci_line("e1g1: 7"), UciLine::Move("e1g1".into(), 7));
        assert_eq!(parse_uci_line("bestmove e2e4 ponder e7e5"), UciLine::BestMove);
        assert_eq!(parse_uci_line(""), UciLine::Other);
        assert_eq!(parse_uci_line("info depth 1 nodes 20"), UciLine::Other);
        assert_eq!(parse_uci_line("e2e4 20"), UciLine::Other);
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let mut engine = Perftree::new("/nonexistent/engine", Duration::from_secs(5)).unwrap();
        let error = engine.divide("8/8/8/8/8/8/8/K6k w - - 0 1", &[], 1).unwrap_err();
        assert!(error.is_usage(), "{error}");
        assert!(error.to_string().contains("cannot start the engine \"/nonexistent/engine\""), "{error}");
    }

    #[test]
    fn timeouts_are_checked() {
        for bad in [0.0, -1.0, f64::INFINITY, f64::NAN, 1e9] {
            assert!(check_timeout(bad).is_err(), "{bad}");
        }
    }
}
