//! The parser: from a rule file's text to a [`Program`], following
//! `docs/rules.md` §1.
//!
//! The text is first cut into statements: a line starts a new statement if
//! it reads `label. KEYWORD` or `. KEYWORD` with a statement keyword, or
//! `KEYWORD *` with a header keyword; any other line continues the
//! statement before it (the paper prints `... ROOK,` / `CR. BISHOP, CB.`
//! as one statement). Each statement is then read token by token.
//!
//! `#` starts a comment when it is the first character of a line (after
//! blanks) or when the text before it on the line ends with `.` or `*`
//! (the end of a statement); anywhere else it is the relation `≠`.
//!
//! ```
//! use plybench::engine::rules::parse::parse;
//!
//! let text = "GAME * T.\nBOARD * 3, 3.\nPIECE * MAN, X.\nINITIAL * EMPTY = 0.\n\
//!             ALGORITHM * MOVES.\nA. SCANNING * V. F.\n. IF * OCCUPY(V) = EMPTY. B, XA.\n\
//!             B. MOVE * PUT, MAN, V.\n. GO TO * XA.\nF. FINISHED *\n. END.\n";
//! let program = parse("t.rules", text).unwrap();
//! assert_eq!(program.moves.stmts.len(), 6);
//! ```

use std::collections::HashMap;

use super::ast::{
    Algorithm, Connection, Expr, Function, Header, IndicDecl, Init, Name, Outcome, PieceDecl, Program, Relation,
    StartDecl, Step, Stmt, StmtKind, SubMove, TableDecl, Target, Value, VarDecl,
};
use super::error::{Location, RulesError, excerpt};
use super::state::{MAX_SUBS, State};

/// The statement keywords (after `label.` or `.`), longest first.
const STATEMENT_KEYWORDS: [&str; 11] =
    ["ARITHMETIC", "CPTD GO TO", "GO TO", "IF", "END", "FINISHED", "SCANNING", "LOOP", "RESULT", "MOVE", "BUILD"];

/// The header keywords (at the start of a line, followed by `*`).
const HEADER_KEYWORDS: [&str; 9] =
    ["GAME", "BOARD", "PIECE", "INITIAL", "INDICATIF", "TABLE", "ILLEGAL", "START", "ALGORITHM"];

/// The sub-move keywords of `MOVE` and `BUILD`.
const SUB_KEYWORDS: [&str; 5] = ["TRAVEL", "CAPTURE", "PUT", "PROMOTION", "INDIC"];

/// The longest rule file accepted, in bytes: the shipped files are a few
/// kilobytes; this bounds the memory and the time of everything that reads
/// a rule file.
pub const MAX_TEXT: usize = 1 << 20;

/// The longest name (variable, label, piece, indicatif, table).
pub const MAX_NAME: usize = 64;

/// The deepest expression: each `+`, `-` or `*` of a chain, each minus
/// sign, pair, function call and pair of parentheses counts one level.
/// The parser, the interpreter and the compiler walk expressions by
/// recursion, and this bounds how deep (a sum of a hundred terms is refused;
/// write it in several ARITHMETIC statements).
pub const MAX_DEPTH: usize = 100;

/// Parses a rule file. `file` names it in error messages.
pub fn parse(file: &str, text: &str) -> Result<Program, RulesError> {
    if text.len() > MAX_TEXT {
        let at = Location { file: file.to_string(), line: 1, statement: String::new() };
        let why = format!("{} bytes; a rule file has at most {MAX_TEXT}", text.len());
        return Err(RulesError::Parse { at, why });
    }
    let statements = split(text);
    // Every name the header declares, with what it is and where.
    let mut declared: HashMap<Name, (&'static str, u32)> = HashMap::new();
    let mut header = Header::default();
    let mut moves: Option<Algorithm> = None;
    let mut result: Option<Algorithm> = None;
    // The algorithm being read, if any: which one, and its statements.
    let mut current: Option<(bool, Algorithm, Location)> = None;
    let mut board_seen = false;
    for raw in statements {
        let at = Location { file: file.to_string(), line: raw.line, statement: raw.text.clone() };
        if raw.header && is_start(&raw.text) {
            if current.is_some() {
                return Err(RulesError::Parse { at, why: "START belongs to the header, before the algorithms".into() });
            }
            if let Some(first) = &header.start {
                let why = format!("a second START; the first is at line {}", first.line);
                return Err(RulesError::Parse { at, why });
            }
            header.start = Some(StartDecl { position: start_position(&raw.text), line: raw.line });
            continue;
        }
        let tokens = lex(&raw.text).map_err(|why| RulesError::Parse { at: at.clone(), why })?;
        let mut p = Cursor { tokens: &tokens, pos: 0, at: &at, nest: 0 };
        if raw.header {
            if let Some((_, _, started)) = &current {
                return Err(p.error(format!(
                    "a header declaration inside the algorithm begun at line {}; end the algorithm with `. END.` first",
                    started.line
                )));
            }
            let keyword = p.ident("a header keyword")?;
            p.expect(&Tok::Star, "`*` after the keyword")?;
            match keyword.as_str() {
                "GAME" => {
                    header.game = p.ident("the game's name")?;
                    p.end()?;
                }
                "BOARD" => {
                    header.width = p.int("the board's width")?;
                    p.sep();
                    header.height = p.int("the board's height")?;
                    p.end()?;
                    if !(1..=26).contains(&header.width) || !(1..=26).contains(&header.height) {
                        return Err(p.error("the board's width and height must be 1 to 26: write `BOARD * 8, 8.`"));
                    }
                    board_seen = true;
                }
                "PIECE" => loop {
                    let name = p.ident("a piece's name")?;
                    p.sep();
                    let letter = p.ident("the piece's letter")?;
                    let mut chars = letter.chars();
                    let (Some(c), None) = (chars.next(), chars.next()) else {
                        return Err(p.error(format!("the letter of {name} must be one letter: `PIECE * {name}, K.`")));
                    };
                    if let Some(other) = header.pieces.iter().find(|d| d.letter.eq_ignore_ascii_case(&c)) {
                        return Err(p.error(format!(
                            "the letter {c} is already {}'s (a position writes a piece by its letter, upper or lower \
                             case); give {name} another",
                            other.name
                        )));
                    }
                    declare(&mut declared, &name, "a piece", raw.line).map_err(|why| p.error(why))?;
                    header.pieces.push(PieceDecl { name, letter: c });
                    p.sep();
                    if p.done() {
                        break;
                    }
                },
                "INITIAL" => loop {
                    let name = p.ident("a variable's name")?;
                    p.expect(&Tok::Eq, "`=` after the variable's name")?;
                    let first = p.constant(&header)?;
                    let init = if p.eat(&Tok::Comma) && !p.done() && !p.peek_decl_start() {
                        Init::PerPlayer(first, p.constant(&header)?)
                    } else {
                        Init::One(first)
                    };
                    declare(&mut declared, &name, "a variable", raw.line).map_err(|why| p.error(why))?;
                    header.variables.push(VarDecl { name, init, line: raw.line });
                    p.sep();
                    if p.done() {
                        break;
                    }
                },
                "INDICATIF" => {
                    let name = p.ident("the indicatif's name")?;
                    p.expect(&Tok::Eq, "`=` after the indicatif's name")?;
                    let initial = match p.constant(&header)? {
                        Value::Int(v) => v,
                        Value::Pair(..) => return Err(p.error("an indicatif's value is an integer")),
                    };
                    let mut decl = IndicDecl { name, per_player: false, initial, transient: false };
                    loop {
                        p.sep();
                        if p.done() {
                            break;
                        }
                        match p.ident("PLAYER, RESET or GAME")?.as_str() {
                            "PLAYER" => decl.per_player = true,
                            "RESET" => decl.transient = true,
                            "GAME" => decl.per_player = false,
                            other => {
                                return Err(p.error(format!(
                                    "`{other}`: an indicatif is followed by PLAYER (one value each) and/or RESET \
                                     (every move resets it)"
                                )));
                            }
                        }
                    }
                    declare(&mut declared, &decl.name, "an indicatif", raw.line).map_err(|why| p.error(why))?;
                    header.indics.push(decl);
                }
                "TABLE" => {
                    let name = p.ident("the table's name")?;
                    p.expect(&Tok::LParen, "`(row)` after the table's name: `TABLE * DIR(ROOK) = (0, 1), (1, 0).`")?;
                    let row = match p.constant(&header)? {
                        Value::Int(v) => v,
                        Value::Pair(..) => return Err(p.error("a table's row is an integer (often a nature)")),
                    };
                    p.expect(&Tok::RParen, "`)` after the row")?;
                    p.expect(&Tok::Eq, "`=` after the row")?;
                    let mut values = vec![p.constant(&header)?];
                    while p.eat(&Tok::Comma) || p.eat(&Tok::Dot) {
                        if p.done() {
                            break;
                        }
                        values.push(p.constant(&header)?);
                    }
                    p.end()?;
                    match header.tables.iter_mut().find(|t| t.name == name) {
                        Some(table) => {
                            if table.rows.iter().any(|(r, _)| *r == row) {
                                return Err(p.error(format!("row {row} of table {name} is declared twice")));
                            }
                            table.rows.push((row, values));
                        }
                        None => {
                            declare(&mut declared, &name, "a table", raw.line).map_err(|why| p.error(why))?;
                            header.tables.push(TableDecl { name, rows: vec![(row, values)], line: raw.line });
                        }
                    }
                }
                "ILLEGAL" => {
                    let who = p.ident("ENEMY")?;
                    let verb = p.ident("CAPTURES")?;
                    if who != "ENEMY" || verb != "CAPTURES" {
                        return Err(p.error("write `ILLEGAL * ENEMY CAPTURES KING.` (the royal piece's name)"));
                    }
                    let piece = p.ident("the royal piece's name")?;
                    if !header.pieces.iter().any(|d| d.name == piece) {
                        return Err(p.error(format!("{piece} is not a declared piece; declare it with PIECE first")));
                    }
                    p.end()?;
                    header.connections.push(Connection::RoyalCapture(piece));
                }
                "ALGORITHM" => {
                    let which = p.ident("MOVES or RESULT")?;
                    p.end()?;
                    let is_moves = match which.as_str() {
                        "MOVES" => true,
                        "RESULT" => false,
                        other => return Err(p.error(format!("`{other}`: write `ALGORITHM * MOVES.` or `RESULT.`"))),
                    };
                    if (is_moves && moves.is_some()) || (!is_moves && result.is_some()) {
                        return Err(p.error(format!("a second {which} algorithm; a rule file has one of each")));
                    }
                    current = Some((is_moves, Algorithm::default(), at.clone()));
                }
                other => {
                    return Err(p.error(format!(
                        "`{other}` is not a header keyword (GAME, BOARD, PIECE, INITIAL, INDICATIF, TABLE, ILLEGAL, \
                         START, ALGORITHM){}",
                        suggestion(other, &HEADER_KEYWORDS)
                    )));
                }
            }
            continue;
        }
        let Some((is_moves, algorithm, _)) = &mut current else {
            return Err(p.error("a statement outside an algorithm; begin it with `ALGORITHM * MOVES.` or `RESULT.`"));
        };
        let stmt = statement(&mut p, raw.line, &raw.text)?;
        let ended = stmt.kind == StmtKind::End;
        algorithm.stmts.push(stmt);
        if ended {
            let (is_moves, algorithm) = (*is_moves, std::mem::take(algorithm));
            if is_moves {
                moves = Some(algorithm);
            } else {
                result = Some(algorithm);
            }
            current = None;
        }
    }
    let whole = |line: u32, statement: &str, why: String| RulesError::Parse {
        at: Location { file: file.to_string(), line, statement: statement.to_string() },
        why,
    };
    if let Some((_, _, started)) = current {
        return Err(whole(started.line, &started.statement, "the algorithm has no `. END.`; add it".into()));
    }
    if !board_seen {
        return Err(whole(1, "", "no board: declare it with `BOARD * W, H.`".into()));
    }
    let Some(moves) = moves else {
        return Err(whole(1, "", "no `ALGORITHM * MOVES.`: a rule file enumerates the legal moves".into()));
    };
    let program = Program { file: file.to_string(), header, moves, result };
    if let Some(start) = &program.header.start
        && let Err(e) = State::from_text(&program, &start.position)
    {
        let why = match e {
            RulesError::Position { why, .. } => format!("the start position: {why}"),
            other => other.to_string(),
        };
        return Err(whole(start.line, &start.position, why));
    }
    Ok(program)
}

/// Records that the header declares `name` as `what` at `line`, or says
/// where it was declared before.
fn declare(
    declared: &mut HashMap<Name, (&'static str, u32)>,
    name: &Name,
    what: &'static str,
    line: u32,
) -> Result<(), String> {
    if let Some(&(before, at)) = declared.get(name) {
        return Err(format!(
            "{name} is already declared at line {at}, as {before}; each name is declared once (the last would \
             otherwise win silently)"
        ));
    }
    declared.insert(name.clone(), (what, line));
    Ok(())
}

/// Whether a header statement is `START * position.`
fn is_start(text: &str) -> bool {
    let upper = text.trim_start().to_ascii_uppercase();
    upper.strip_prefix("START").is_some_and(|rest| rest.trim_start().starts_with('*'))
}

/// The position of `START * position.`: the text after the star, without
/// the full stop that ends the statement.
fn start_position(text: &str) -> String {
    let after = text.split_once('*').map_or("", |(_, rest)| rest).trim();
    after.strip_suffix('.').unwrap_or(after).trim().to_string()
}

/// One statement's text, its first line, and whether it is a header
/// declaration.
struct RawStmt {
    text: String,
    line: u32,
    header: bool,
}

/// Removes a comment from a line (see the module's documentation).
fn strip_comment(line: &str) -> &str {
    let mut from = 0;
    while let Some(i) = line[from..].find('#') {
        let at = from + i;
        let before = line[..at].trim_end();
        if before.is_empty() || before.ends_with('.') || before.ends_with('*') {
            return &line[..at];
        }
        from = at + 1;
    }
    line
}

/// Whether a line (comment removed, trimmed, upper case) starts a statement,
/// and whether that statement is a header declaration.
fn starts(line: &str) -> Option<bool> {
    let word_end = |s: &str, kw: &str| {
        s.strip_prefix(kw).is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
    };
    for kw in HEADER_KEYWORDS {
        if word_end(line, kw) && line[kw.len()..].trim_start().starts_with('*') {
            return Some(true);
        }
    }
    let first_end = line.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(line.len());
    // A misspelled header keyword (`BORAD * 3, 3.`) starts a declaration,
    // which then says what is wrong on its own line.
    if first_end > 0
        && line[first_end..].trim_start().starts_with('*')
        && closest(&line[..first_end], &HEADER_KEYWORDS).is_some()
    {
        return Some(true);
    }
    let rest = line[first_end..].trim_start();
    let rest = rest.strip_prefix('.')?.trim_start();
    let rest = squash(rest);
    if STATEMENT_KEYWORDS.iter().any(|kw| word_end(&rest, kw)) {
        return Some(false);
    }
    // `label. WORDS *` with words no keyword: a misspelled keyword
    // (`. FROBNICATE * V.`), which starts a statement so that the error
    // names its line (a continuation line of the paper's, `CR. BISHOP, CB.`,
    // has no star after its words).
    let words_end = rest.find(|c: char| !(c.is_ascii_alphabetic() || c == ' ')).unwrap_or(rest.len());
    (words_end > 0 && rest[words_end..].starts_with('*')).then_some(false)
}

/// The keyword of `keywords` closest to `word` (at most two edits away), if any.
fn closest<'k>(word: &str, keywords: &[&'k str]) -> Option<&'k str> {
    keywords.iter().map(|k| (edits(word, k), *k)).filter(|&(d, _)| d <= 2).min().map(|(_, k)| k)
}

/// The edit distance between two short words.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// `, did you mean X?` for the keyword closest to `word`, or nothing.
fn suggestion(word: &str, keywords: &[&str]) -> String {
    closest(word, keywords).map_or_else(String::new, |k| format!("; did you mean {k}?"))
}

/// Collapses runs of blanks to one space (so `GO  TO` reads as `GO TO`).
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Cuts the text into statements.
fn split(text: &str) -> Vec<RawStmt> {
    let mut out: Vec<RawStmt> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = strip_comment(line).trim();
        if line.is_empty() {
            continue;
        }
        let upper = line.to_ascii_uppercase();
        let number = u32::try_from(n + 1).unwrap_or(u32::MAX);
        match (starts(&upper), out.last_mut()) {
            (None, Some(last)) => {
                last.text.push(' ');
                last.text.push_str(line);
            }
            (kind, _) => out.push(RawStmt { text: line.to_string(), line: number, header: kind == Some(true) }),
        }
    }
    out
}

/// A token of a statement.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Dot,
    Comma,
    LParen,
    RParen,
    Star,
    Plus,
    Minus,
    Eq,
    Rel(Relation),
}

fn lex(text: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        i += 1;
        match c {
            c if c.is_whitespace() => {}
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut word = String::from(c.to_ascii_uppercase());
                while let Some(&d) = chars.get(i).filter(|d| d.is_ascii_alphanumeric() || **d == '_') {
                    word.push(d.to_ascii_uppercase());
                    i += 1;
                }
                if word.len() > MAX_NAME {
                    return Err(format!("`{}`: a name has at most {MAX_NAME} characters", excerpt(&word)));
                }
                out.push(Tok::Ident(word));
            }
            c if c.is_ascii_digit() => {
                let mut value = i64::from(c.to_digit(10).unwrap_or(0));
                while let Some(d) = chars.get(i).and_then(|d| d.to_digit(10)) {
                    value =
                        value.checked_mul(10).and_then(|v| v.checked_add(i64::from(d))).ok_or("number too large")?;
                    i += 1;
                }
                if chars.get(i).is_some_and(|d| d.is_ascii_alphabetic()) {
                    return Err(format!("`{value}{}…`: a name starts with a letter", chars[i]));
                }
                out.push(Tok::Int(value));
            }
            '.' => out.push(Tok::Dot),
            ',' => out.push(Tok::Comma),
            '(' => out.push(Tok::LParen),
            ')' => out.push(Tok::RParen),
            '*' => out.push(Tok::Star),
            '+' => out.push(Tok::Plus),
            '-' => out.push(Tok::Minus),
            '=' => out.push(Tok::Eq),
            '#' | '≠' => out.push(Tok::Rel(Relation::Ne)),
            '≥' => out.push(Tok::Rel(Relation::Ge)),
            '≤' => out.push(Tok::Rel(Relation::Le)),
            '/' if next == Some('=') => {
                i += 1;
                out.push(Tok::Rel(Relation::Ne));
            }
            '<' if next == Some('>') => {
                i += 1;
                out.push(Tok::Rel(Relation::Ne));
            }
            '<' | '>' => {
                let or_equal = next == Some('=');
                if or_equal {
                    i += 1;
                }
                out.push(Tok::Rel(match (c, or_equal) {
                    ('<', false) => Relation::Lt,
                    ('<', true) => Relation::Le,
                    (_, false) => Relation::Gt,
                    (_, true) => Relation::Ge,
                }));
            }
            '!' if next == Some('=') => {
                return Err(
                    "`!=`: the language writes ≠ as `#` (`IF * OCCUPY(V) # EMPTY. A, B.`), or `/=` or `<>`".into()
                );
            }
            '&' | '|' | '!' => {
                return Err(format!(
                    "`{c}`: the language has no logical operators; test one condition per IF and join them by \
                     their labels"
                ));
            }
            other => return Err(format!("unexpected character `{}`", excerpt(&other.to_string()))),
        }
    }
    Ok(out)
}

/// Reads one statement's tokens.
struct Cursor<'t> {
    tokens: &'t [Tok],
    pos: usize,
    at: &'t Location,
    /// The parser's recursion in the expression being read.
    nest: usize,
}

impl Cursor<'_> {
    fn error(&self, why: impl Into<String>) -> RulesError {
        RulesError::Parse { at: self.at.clone(), why: why.into() }
    }

    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos)
    }

    fn done(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        if self.peek() == Some(tok) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, tok: &Tok, what: &str) -> Result<(), RulesError> {
        if self.eat(tok) { Ok(()) } else { Err(self.error(format!("expected {what}, found {}", self.found()))) }
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the statement".into(),
            Some(Tok::Ident(s)) => format!("`{s}`"),
            Some(Tok::Int(v)) => format!("`{v}`"),
            Some(t) => format!("`{}`", symbol(t)),
        }
    }

    /// Skips one separator (`.` or `,`), if there is one.
    fn sep(&mut self) {
        if !self.eat(&Tok::Dot) {
            self.eat(&Tok::Comma);
        }
    }

    /// The end of a statement: separators, then nothing.
    fn end(&mut self) -> Result<(), RulesError> {
        while self.eat(&Tok::Dot) || self.eat(&Tok::Comma) {}
        if self.done() { Ok(()) } else { Err(self.error(format!("unexpected {} at the end", self.found()))) }
    }

    fn ident(&mut self, what: &str) -> Result<Name, RulesError> {
        match self.peek() {
            Some(Tok::Ident(s)) => {
                let s = s.clone();
                self.pos += 1;
                Ok(s)
            }
            _ => Err(self.error(format!("expected {what}, found {}", self.found()))),
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, RulesError> {
        let negative = self.eat(&Tok::Minus);
        match self.peek() {
            Some(Tok::Int(v)) => {
                let v = *v;
                self.pos += 1;
                Ok(if negative { -v } else { v })
            }
            _ => Err(self.error(format!("expected {what} (an integer), found {}", self.found()))),
        }
    }

    /// Whether the next tokens read `NAME =` (the start of another
    /// declaration in the same `INITIAL` statement).
    fn peek_decl_start(&self) -> bool {
        matches!(self.tokens.get(self.pos), Some(Tok::Ident(_)))
            && matches!(self.tokens.get(self.pos + 1), Some(Tok::Eq))
    }

    /// A constant value of the header: an integer, a pair, or a piece's name.
    fn constant(&mut self, header: &Header) -> Result<Value, RulesError> {
        if self.eat(&Tok::LParen) {
            let x = self.int("the pair's abscissa")?;
            self.expect(&Tok::Comma, "`,` between the pair's elements")?;
            let y = self.int("the pair's ordinate")?;
            self.expect(&Tok::RParen, "`)` after the pair")?;
            return Ok(Value::Pair(x, y));
        }
        if let Some(Tok::Ident(name)) = self.peek() {
            if let Some(n) = header.pieces.iter().position(|d| &d.name == name) {
                self.pos += 1;
                return Ok(Value::Int(i64::try_from(n + 1).unwrap_or(0)));
            }
            return Err(self.error(format!(
                "`{name}`: a declared value is an integer, a pair `(x, y)` or a piece's name declared before"
            )));
        }
        Ok(Value::Int(self.int("a value")?))
    }

    /// A label: a name.
    fn label(&mut self) -> Result<Name, RulesError> {
        self.ident("a label")
    }

    // Expressions: sum := term (('+' | '-') term)*; term := unary ('*' unary)*;
    // unary := '-' unary | atom; atom := int | name | name '(' args ')' | '(' e [',' e] ')'.
    // Each returns the expression and its depth (see MAX_DEPTH); `nest`
    // counts the parser's own recursion, which a run of minus signs or of
    // parentheses deepens without deepening the tree.

    fn expr(&mut self) -> Result<Expr, RulesError> {
        Ok(self.sum()?.0)
    }

    /// One level deeper than `depth`, or the error past [`MAX_DEPTH`].
    fn deeper(&self, depth: usize) -> Result<usize, RulesError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(format!(
                "the expression nests more than {MAX_DEPTH} levels deep (each +, - or * of a chain, each sign, \
                 pair, parenthesis and function counts one); split it into ARITHMETIC statements"
            )));
        }
        Ok(depth + 1)
    }

    /// Enters one more level of the parser's recursion.
    fn enter(&mut self) -> Result<(), RulesError> {
        self.nest = self.deeper(self.nest)?;
        Ok(())
    }

    fn sum(&mut self) -> Result<(Expr, usize), RulesError> {
        self.enter()?;
        let (mut left, mut depth) = self.term()?;
        loop {
            let add = if self.eat(&Tok::Plus) {
                true
            } else if self.eat(&Tok::Minus) {
                false
            } else {
                break;
            };
            let (right, d) = self.term()?;
            depth = self.deeper(depth.max(d))?;
            left = if add {
                Expr::Add(Box::new(left), Box::new(right))
            } else {
                Expr::Sub(Box::new(left), Box::new(right))
            };
        }
        self.nest -= 1;
        Ok((left, depth))
    }

    fn term(&mut self) -> Result<(Expr, usize), RulesError> {
        let (mut left, mut depth) = self.unary()?;
        while self.eat(&Tok::Star) {
            let (right, d) = self.unary()?;
            depth = self.deeper(depth.max(d))?;
            left = Expr::Mul(Box::new(left), Box::new(right));
        }
        Ok((left, depth))
    }

    fn unary(&mut self) -> Result<(Expr, usize), RulesError> {
        if self.eat(&Tok::Minus) {
            self.enter()?;
            let (e, depth) = self.unary()?;
            self.nest -= 1;
            return Ok(match e {
                Expr::Int(v) if v.checked_neg().is_some() => (Expr::Int(-v), depth),
                e => (Expr::Neg(Box::new(e)), self.deeper(depth)?),
            });
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<(Expr, usize), RulesError> {
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.pos += 1;
                Ok((Expr::Int(v), 1))
            }
            Some(Tok::LParen) => {
                self.pos += 1;
                let (first, d) = self.sum()?;
                if self.eat(&Tok::Comma) {
                    let (second, e) = self.sum()?;
                    self.expect(&Tok::RParen, "`)` after the pair")?;
                    Ok((Expr::Pair(Box::new(first), Box::new(second)), self.deeper(d.max(e))?))
                } else {
                    self.expect(&Tok::RParen, "`)`")?;
                    Ok((first, d))
                }
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if !self.eat(&Tok::LParen) {
                    return Ok((Expr::Var(name), 1));
                }
                let (arg, d) = self.sum()?;
                let function = match name.as_str() {
                    "OCCUPY" => Some(Function::Occupy),
                    "NATURE" => Some(Function::Nature),
                    "ABSCISSA" => Some(Function::Abscissa),
                    "ORDINATE" => Some(Function::Ordinate),
                    "ATTACKED" => Some(Function::Attacked),
                    _ => None,
                };
                if let Some(function) = function {
                    self.expect(&Tok::RParen, "`)` after the function's argument")?;
                    return Ok((Expr::Call(function, Box::new(arg)), self.deeper(d)?));
                }
                if !self.eat(&Tok::Comma) {
                    return Err(self.error(format!(
                        "`{name}(…)`: not a function (OCCUPY, NATURE, ABSCISSA, ORDINATE, ATTACKED); a table is \
                         read as `{name}(row, k)`"
                    )));
                }
                let (k, e) = self.sum()?;
                self.expect(&Tok::RParen, "`)` after the table's subscripts")?;
                Ok((Expr::Index(name, Box::new(arg), Box::new(k)), self.deeper(d.max(e))?))
            }
            _ => Err(self.error(format!("expected an expression, found {}", self.found()))),
        }
    }

    /// A relation of an `IF`.
    fn relation(&mut self) -> Result<Relation, RulesError> {
        match self.peek() {
            Some(Tok::Eq) => {
                self.pos += 1;
                Ok(Relation::Eq)
            }
            Some(Tok::Rel(r)) => {
                let r = *r;
                self.pos += 1;
                Ok(r)
            }
            _ => Err(self.error(format!("expected a relation (=, #, >, >=, <, <=), found {}", self.found()))),
        }
    }

    /// Sub-moves until the end of the statement.
    fn submoves(&mut self) -> Result<Vec<SubMove>, RulesError> {
        let mut subs = Vec::new();
        loop {
            self.sep();
            if self.done() {
                return Ok(subs);
            }
            let word = self.ident("a sub-move (TRAVEL, CAPTURE, PUT, PROMOTION, INDIC) or a move variable")?;
            let sub = match word.as_str() {
                "TRAVEL" => {
                    self.sep();
                    let from = self.expr()?;
                    self.sep();
                    SubMove::Travel(from, self.expr()?)
                }
                "CAPTURE" => {
                    self.sep();
                    SubMove::Capture(self.expr()?)
                }
                "PUT" | "PROMOTION" => {
                    self.sep();
                    let nature = self.expr()?;
                    self.sep();
                    let square = self.expr()?;
                    if word == "PUT" { SubMove::Put(nature, square) } else { SubMove::Promotion(nature, square) }
                }
                "INDIC" => {
                    self.sep();
                    let name = self.ident("the indicatif's name")?;
                    self.sep();
                    let value = self.expr()?;
                    // A fourth element, joined by a comma, names the player.
                    let player = if self.peek() == Some(&Tok::Comma)
                        && !matches!(self.tokens.get(self.pos + 1), Some(Tok::Ident(w)) if SUB_KEYWORDS.contains(&w.as_str()))
                    {
                        self.pos += 1;
                        Some(self.expr()?)
                    } else {
                        None
                    };
                    SubMove::Indic(name, value, player)
                }
                "MOVE" => {
                    return Err(self.error(
                        "`MOVE` is not a sub-move; write `TRAVEL, V, W` (the seed's chess fragment prints \
                         `MOVE, V, Y` where it means TRAVEL)",
                    ));
                }
                _ => SubMove::Held(word),
            };
            subs.push(sub);
        }
    }
}

fn symbol(t: &Tok) -> &'static str {
    match t {
        Tok::Dot => ".",
        Tok::Comma => ",",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::Star => "*",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Eq => "=",
        Tok::Rel(Relation::Ne) => "#",
        Tok::Rel(Relation::Gt) => ">",
        Tok::Rel(Relation::Ge) => ">=",
        Tok::Rel(Relation::Lt) => "<",
        Tok::Rel(Relation::Le) => "<=",
        Tok::Rel(Relation::Eq) => "=",
        Tok::Ident(_) | Tok::Int(_) => "",
    }
}

/// Reads one statement of an algorithm.
fn statement(p: &mut Cursor<'_>, line: u32, text: &str) -> Result<Stmt, RulesError> {
    let label = match p.peek() {
        Some(Tok::Ident(_)) => Some(p.ident("a label")?),
        _ => None,
    };
    p.expect(&Tok::Dot, "`.` after the label")?;
    let first = p.ident("a keyword")?;
    let keyword = match first.as_str() {
        "CPTD" => {
            let (go, to) = (p.ident("GO")?, p.ident("TO")?);
            if go != "GO" || to != "TO" {
                return Err(p.error("write `CPTD GO TO`"));
            }
            "CPTD GO TO".to_string()
        }
        "GO" => {
            if p.ident("TO")? != "TO" {
                return Err(p.error("write `GO TO`"));
            }
            "GO TO".to_string()
        }
        _ => first,
    };
    if !STATEMENT_KEYWORDS.contains(&keyword.as_str()) {
        return Err(p.error(format!(
            "`{keyword}` is not a statement keyword (ARITHMETIC, GO TO, CPTD GO TO, IF, SCANNING, LOOP, MOVE, BUILD, \
             RESULT, FINISHED, END){}",
            suggestion(&keyword, &STATEMENT_KEYWORDS)
        )));
    }
    if keyword == "END" {
        p.end()?;
        return Ok(Stmt { label, kind: StmtKind::End, line, text: text.to_string() });
    }
    p.expect(&Tok::Star, "`*` after the keyword")?;
    let kind = match keyword.as_str() {
        "ARITHMETIC" => {
            let name = p.ident("the variable assigned")?;
            let target = if p.eat(&Tok::LParen) {
                let inner = p.ident("the pair variable")?;
                p.expect(&Tok::RParen, "`)`")?;
                match name.as_str() {
                    "ABSCISSA" => Target::Abscissa(inner),
                    "ORDINATE" => Target::Ordinate(inner),
                    _ => return Err(p.error("only ABSCISSA(v) and ORDINATE(v) may be assigned")),
                }
            } else {
                Target::Var(name)
            };
            p.expect(&Tok::Eq, "`=`")?;
            let e = p.expr()?;
            p.end()?;
            StmtKind::Arithmetic(target, e)
        }
        "GO TO" => {
            let l = p.label()?;
            p.end()?;
            StmtKind::GoTo(l)
        }
        "CPTD GO TO" => {
            let e = p.expr()?;
            p.expect(&Tok::Eq, "`=` after the expression")?;
            let mut cases = Vec::new();
            loop {
                p.sep();
                if p.done() {
                    break;
                }
                let value = p.expr()?;
                p.sep();
                cases.push((value, p.label()?));
            }
            if cases.is_empty() {
                return Err(p.error("a computed GO TO needs at least one `value, label`"));
            }
            StmtKind::ComputedGoTo(e, cases)
        }
        "IF" => {
            let a = p.expr()?;
            let r = p.relation()?;
            let b = p.expr()?;
            p.sep();
            let yes = p.label()?;
            p.sep();
            let no = p.label()?;
            p.end()?;
            StmtKind::If(a, r, b, yes, no)
        }
        "FINISHED" => {
            p.end()?;
            StmtKind::Finished
        }
        "SCANNING" => {
            let v = p.ident("the scanning variable")?;
            p.sep();
            let out = p.label()?;
            p.end()?;
            StmtKind::Scanning(v, out)
        }
        "LOOP" => {
            let v1 = p.ident("the loop's variable")?;
            p.expect(&Tok::Eq, "`=` after the loop's variable")?;
            let v2 = p.ident("the loop's origin (a variable)")?;
            let mut names = Vec::new();
            loop {
                p.sep();
                if p.done() {
                    break;
                }
                let name = p.ident("an increment (a variable or a table's row)")?;
                if p.eat(&Tok::LParen) {
                    let row = p.expr()?;
                    p.expect(&Tok::RParen, "`)` after the row")?;
                    names.push(Step::Row(name, row));
                } else {
                    names.push(Step::Var(name));
                }
            }
            // The last name is the exit label.
            let Some(Step::Var(out)) = names.pop() else {
                return Err(p.error("a LOOP ends with the label to go to when the increments are used up"));
            };
            if names.is_empty() {
                return Err(p.error("a LOOP needs at least one increment: `L. LOOP * W = V. HP, HN. XA.`"));
            }
            if label.is_none() {
                return Err(p.error("a LOOP needs a label: `L. LOOP * …` (x‖L and z‖L are built from it)"));
            }
            StmtKind::Loop(v1, v2, names, out)
        }
        "RESULT" => {
            let word = p.ident("VICTORY, NO VICTORY, DRAW or LOSS")?;
            let outcome = match word.as_str() {
                "VICTORY" => Outcome::Victory,
                "DRAW" => Outcome::Draw,
                "LOSS" => Outcome::Loss,
                "NO" if p.ident("VICTORY")? == "VICTORY" => Outcome::NoVictory,
                "NOVICTORY" => Outcome::NoVictory,
                _ => return Err(p.error("the result is VICTORY, NO VICTORY, DRAW or LOSS")),
            };
            p.end()?;
            StmtKind::Result(outcome)
        }
        "MOVE" => {
            let subs = p.submoves()?;
            if subs.is_empty() {
                return Err(p.error("a MOVE needs at least one sub-move"));
            }
            StmtKind::Move(subs)
        }
        "BUILD" => {
            let q = p.ident("the move variable built")?;
            p.expect(&Tok::Eq, "`=` after the move variable")?;
            // `R +` is optional; R alone copies it.
            let r = match (p.tokens.get(p.pos), p.tokens.get(p.pos + 1)) {
                (Some(Tok::Ident(r)), Some(Tok::Plus)) => {
                    let r = r.clone();
                    p.pos += 2;
                    Some(r)
                }
                (Some(Tok::Ident(r)), None | Some(Tok::Dot | Tok::Comma)) if !SUB_KEYWORDS.contains(&r.as_str()) => {
                    let r = r.clone();
                    p.pos += 1;
                    Some(r)
                }
                _ => None,
            };
            StmtKind::Build(q, r, p.submoves()?)
        }
        _ => unreachable!("every statement keyword has its arm"),
    };
    if let StmtKind::Move(subs) | StmtKind::Build(_, _, subs) = &kind
        && subs.len() > MAX_SUBS
    {
        return Err(p.error(format!("{} sub-moves; a move holds at most {MAX_SUBS}", subs.len())));
    }
    if matches!(kind, StmtKind::Scanning(..)) && label.is_none() {
        return Err(p.error("a SCANNING needs a label: `A. SCANNING * V. M.` (x‖A is built from it)"));
    }
    Ok(Stmt { label, kind, line, text: text.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's chess fragment (Queen and Knight), as the seed prints it
    /// (p. 131-132), with the header it implies. The seed's `I. MOVE *
    /// CAPTURE, Y. MOVE, V, Y.` is written with TRAVEL, which it means.
    const CHESS_FRAGMENT: &str = "\
GAME * CHESS.
BOARD * 8, 8.
PIECE * KING, K. QUEEN, Q. ROOK, R. BISHOP, B. KNIGHT, N. PAWN, P.
INITIAL * EMPTY = 0.
INITIAL * FRIEND = 1, 2.
INITIAL * ENEMY = 2, 1.
INITIAL * HP = (0, 1). HN = (0, -1). VP = (1, 0). VN = (-1, 0).
INITIAL * BP1 = (1, 1). BP2 = (-1, 1). BN1 = (1, -1). BN2 = (-1, -1).
INITIAL * OT = (1, 2). OMT = (1, -2). MOT = (-1, 2). MOMT = (-1, -2).
INITIAL * TO = (2, 1). TMO = (2, -1). MTO = (-2, 1). MTMO = (-2, -1).
ALGORITHM * MOVES.
A. SCANNING * V. M.
. IF * OCCUPY(V) = FRIEND. B. XA.
B. CPTD GO TO * NATURE(V) = KING, CK. QUEEN, CQ. ROOK,
CR. BISHOP, CB. KNIGHT, CN. PAWN, CP.
CQ. LOOP * W = V. HP, HN, VP, VN, BP1, BP2, BN1, BN2. XA.
. CPTD GO TO * OCCUPY(W) = EMPTY, E. FRIEND, XCQ.
ENEMY, F.
E. MOVE * TRAVEL, V, W.
. GO TO * ZCQ.
F. MOVE * CAPTURE, W. TRAVEL, V, W.
. GO TO * XCQ.
CN. LOOP * Y = V. OT, OMT, MOT, MOMT, TO, TMO, MTO, MTMO. XA.
. CPTD GO TO * OCCUPY(Y) = EMPTY, H. FRIEND, XCN. ENEMY, I.
H. MOVE * TRAVEL, V, Y.
. GO TO *XCN.
I. MOVE *CAPTURE, Y. TRAVEL, V, Y.
. GO TO *XCN.
CK. GO TO * XA.
CR. GO TO * XA.
CB. GO TO * XA.
CP. GO TO * XA.
M. FINISHED *
. END.
";

    #[test]
    fn the_papers_chess_fragment_parses() {
        let program = parse("chess-fragment.rules", CHESS_FRAGMENT).unwrap();
        assert_eq!(program.header.pieces.len(), 6);
        assert_eq!(program.header.variables.len(), 3 + 16);
        let stmts = &program.moves.stmts;
        // B's computed GO TO runs over two lines and has six cases.
        let b = stmts.iter().find(|s| s.label.as_deref() == Some("B")).unwrap();
        match &b.kind {
            StmtKind::ComputedGoTo(Expr::Call(Function::Nature, _), cases) => {
                let labels: Vec<&str> = cases.iter().map(|(_, l)| l.as_str()).collect();
                assert_eq!(labels, ["CK", "CQ", "CR", "CB", "CN", "CP"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(b.line, 14);
        let cq = stmts.iter().find(|s| s.label.as_deref() == Some("CQ")).unwrap();
        match &cq.kind {
            StmtKind::Loop(w, v, steps, out) => {
                assert_eq!((w.as_str(), v.as_str(), out.as_str()), ("W", "V", "XA"));
                assert_eq!(steps.len(), 8);
            }
            other => panic!("{other:?}"),
        }
        let f = stmts.iter().find(|s| s.label.as_deref() == Some("F")).unwrap();
        assert_eq!(
            f.kind,
            StmtKind::Move(vec![
                SubMove::Capture(Expr::Var("W".into())),
                SubMove::Travel(Expr::Var("V".into()), Expr::Var("W".into()))
            ])
        );
        // The three-case computed GO TO over two lines.
        let after_cq = &stmts[stmts.iter().position(|s| s.label.as_deref() == Some("CQ")).unwrap() + 1];
        assert!(matches!(&after_cq.kind, StmtKind::ComputedGoTo(_, cases) if cases.len() == 3));
        assert_eq!(stmts.last().unwrap().kind, StmtKind::End);
    }

    #[test]
    fn the_seeds_move_for_travel_is_refused_with_the_fix() {
        let text = CHESS_FRAGMENT.replace("I. MOVE *CAPTURE, Y. TRAVEL, V, Y.", "I. MOVE *CAPTURE, Y. MOVE, V, Y.");
        let err = parse("c.rules", &text).unwrap_err().to_string();
        assert!(err.starts_with("c.rules:27: `I. MOVE *CAPTURE, Y. MOVE, V, Y.`"), "{err}");
        assert!(err.contains("TRAVEL"), "{err}");
    }

    #[test]
    fn shipped_tictactoe_parses() {
        let program = parse("tictactoe.rules", include_str!("../../../rules/tictactoe.rules")).unwrap();
        assert_eq!((program.header.width, program.header.height), (3, 3));
        assert!(program.result.is_some());
        assert!(program.moves.stmts.iter().any(|s| matches!(s.kind, StmtKind::Move(_))));
    }

    #[test]
    fn expressions_and_relations() {
        let text = "BOARD * 8, 8.\nTABLE * DIR(1) = (0, 1), (1, 0).\nINDICATIF * CAS1 = 0. PLAYER.\n\
                    INDICATIF * PASSANT = 0. RESET.\nPIECE * KING, K.\nILLEGAL * ENEMY CAPTURES KING.\n\
                    ALGORITHM * MOVES.\n. ARITHMETIC * ABSCISSA(V) = 2 * X - -1 + DIR(1, 2).\n\
                    . IF * V # (1, 2). A, B. # a comment\nA. IF * ATTACKED(V) >= 1. B, B.\n\
                    B. BUILD * Q = R + CAPTURE, W. TRAVEL, V, W.\n. BUILD * Q = PUT, KING, V.\n\
                    . MOVE * Q. INDIC, CAS1, 1, ENEMY. INDIC, PASSANT, 0.\n. RESULT * NO VICTORY.\n. END.\n";
        let program = parse("x.rules", text).unwrap();
        let s = &program.moves.stmts;
        assert!(program.header.indics[0].per_player);
        assert!(program.header.indics[1].transient);
        assert!(matches!(&s[0].kind, StmtKind::Arithmetic(Target::Abscissa(v), Expr::Add(..)) if v == "V"));
        assert!(matches!(&s[1].kind, StmtKind::If(_, Relation::Ne, Expr::Pair(..), a, b) if a == "A" && b == "B"));
        assert!(matches!(&s[3].kind, StmtKind::Build(q, Some(r), subs) if q == "Q" && r == "R" && subs.len() == 2));
        assert!(matches!(&s[4].kind, StmtKind::Build(_, None, subs) if subs.len() == 1));
        match &s[5].kind {
            StmtKind::Move(subs) => {
                assert_eq!(subs[0], SubMove::Held("Q".into()));
                assert!(matches!(&subs[1], SubMove::Indic(m, _, Some(_)) if m == "CAS1"));
                assert!(matches!(&subs[2], SubMove::Indic(m, _, None) if m == "PASSANT"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(s[6].kind, StmtKind::Result(Outcome::NoVictory));
    }

    #[test]
    fn errors_name_file_line_and_statement() {
        let text = "BOARD * 3, 3.\nALGORITHM * MOVES.\nA. SCANNING * V. F.\n. IF * OCCUPY(V) = . B, XA.\n. END.\n";
        let err = parse("bad.rules", text).unwrap_err();
        assert_eq!(err.to_string(), "bad.rules:4: `. IF * OCCUPY(V) = . B, XA.`: expected an expression, found `.`");
        let err = parse("bad.rules", "BOARD * 3, 3.\nALGORITHM * MOVES.\n. GO TO * A.\n").unwrap_err();
        assert!(err.to_string().contains("no `. END.`"), "{err}");
    }
}
