//! A position of a game described by a rule file: the board, the
//! indicatifs and the player to move; and the moves the rules output.
//!
//! A position's text form (`docs/rules.md`, "Positions"): the rows from the
//! top (ordinate H) down, separated by `/`, each with the pieces' letters
//! (upper case: the first player's, lower case: the second's) and digits
//! for runs of empty squares; then the player to move, `1` or `2`; then
//! the indicatifs that differ from their initial values, `NAME=v` for an
//! indicatif of the game and `NAME=v1,v2` for one with a value per player.
//!
//! ```
//! use plybench::engine::rules::{parse::parse, state::State};
//!
//! let text = "BOARD * 3, 3.\nPIECE * MAN, X.\nALGORITHM * MOVES.\n. END.\n";
//! let program = parse("t.rules", text).unwrap();
//! let state = State::from_text(&program, "X2/1x1/3 1").unwrap();
//! assert_eq!(state.to_text(&program), "X2/1x1/3 1");
//! ```

use super::ast::Program;
use super::error::{RulesError, excerpt};
pub use super::moves::{MAX_SUBS, RuleMove, Square, Sub};
use super::view::View;

/// The most indicatif values a position holds (one per game indicatif, two
/// per player's indicatif).
pub const MAX_INDIC_VALUES: usize = 16;

/// One square's content: its owner (0 empty, 1 or 2) and the nature.
/// `repr(C)`: the native code reads the board as pairs of bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Cell {
    /// 0 empty, else the player (1 or 2).
    pub owner: u8,
    /// The nature (from 1), 0 if empty.
    pub nature: u8,
}

/// A position: the board, the indicatifs and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    width: i64,
    height: i64,
    cells: Vec<Cell>,
    /// Each indicatif's first value's place in `values`, and whether it has
    /// one value per player.
    layout: Vec<(usize, bool)>,
    /// Which places every move resets, and to what.
    resets: Vec<(usize, i64)>,
    values: Vec<i64>,
    player: u8,
}

/// What [`State::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    cells: [(u16, Cell); 2 * MAX_SUBS],
    len: u8,
    values: [i64; MAX_INDIC_VALUES],
}

impl Default for Undo {
    fn default() -> Self {
        Undo { cells: [(0, Cell::default()); 2 * MAX_SUBS], len: 0, values: [0; MAX_INDIC_VALUES] }
    }
}

fn position_error(text: &str, why: impl Into<String>) -> RulesError {
    RulesError::Position { text: text.to_string(), why: why.into() }
}

impl State {
    /// The empty board of `program` (or of `width` × `height`, when a
    /// position overrides the board's size), the first player to move, the
    /// indicatifs at their initial values.
    pub fn empty(program: &Program) -> Result<Self, RulesError> {
        Self::empty_sized(program, program.header.width, program.header.height)
    }

    /// The empty board of `width` × `height` (1 to 26 each) for `program`.
    pub fn empty_sized(program: &Program, width: i64, height: i64) -> Result<Self, RulesError> {
        if !(1..=26).contains(&width) || !(1..=26).contains(&height) {
            return Err(position_error(&format!("{width}x{height}"), "a board is 1 to 26 squares each way"));
        }
        let mut layout = Vec::new();
        let mut values = Vec::new();
        let mut resets = Vec::new();
        for decl in &program.header.indics {
            layout.push((values.len(), decl.per_player));
            let n = if decl.per_player { 2 } else { 1 };
            for _ in 0..n {
                if decl.transient {
                    resets.push((values.len(), decl.initial));
                }
                values.push(decl.initial);
            }
        }
        if values.len() > MAX_INDIC_VALUES {
            return Err(position_error(
                "",
                format!("{} indicatif values; plybench holds at most {MAX_INDIC_VALUES}", values.len()),
            ));
        }
        let cells = vec![Cell::default(); usize::try_from(width * height).unwrap_or(0)];
        Ok(State { width, height, cells, layout, resets, values, player: 1 })
    }

    /// Reads a position in the text form (see the module's documentation).
    /// The board's size is the position's: the rules read it through
    /// [`View`], so a position may be smaller than the header's board.
    pub fn from_text(program: &Program, text: &str) -> Result<Self, RulesError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or_else(|| position_error(text, "an empty position; write e.g. `3/3/3 1`"))?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() > 26 {
            return Err(position_error(text, "more than 26 rows; a board is 1 to 26 squares each way"));
        }
        let mut grid: Vec<Vec<Cell>> = Vec::new();
        for row in &rows {
            let mut cells = Vec::new();
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    if run > 26 {
                        return Err(position_error(text, "a run of more than 26 empty squares"));
                    }
                    continue;
                }
                cells.extend(std::iter::repeat_n(Cell::default(), run));
                run = 0;
                let upper = c.to_ascii_uppercase();
                let Some(n) = program.header.pieces.iter().position(|d| d.letter.to_ascii_uppercase() == upper) else {
                    let letters: String = program.header.pieces.iter().map(|d| d.letter).collect();
                    return Err(position_error(
                        text,
                        format!(
                            "`{}` is not a piece's letter; this game's are {letters} (lower case: second player)",
                            excerpt(&c.to_string())
                        ),
                    ));
                };
                let owner = if c.is_ascii_uppercase() { 1 } else { 2 };
                cells.push(Cell { owner, nature: u8::try_from(n + 1).unwrap_or(0) });
                if cells.len() > 26 {
                    return Err(position_error(
                        text,
                        "a row of more than 26 squares; a board is 1 to 26 squares each way",
                    ));
                }
            }
            cells.extend(std::iter::repeat_n(Cell::default(), run));
            grid.push(cells);
        }
        let width = grid[0].len();
        if grid.iter().any(|r| r.len() != width) {
            return Err(position_error(text, "rows of different lengths; every row must cover the board's width"));
        }
        let (w, h) = (program.header.width, program.header.height);
        if width as i64 > w || grid.len() as i64 > h {
            return Err(position_error(
                text,
                format!(
                    "a board of {width} x {}, larger than the rule file's `BOARD * {w}, {h}.`; a position may be \
                     smaller than the declared board, never larger",
                    grid.len()
                ),
            ));
        }
        let mut state = Self::empty_sized(program, width as i64, grid.len() as i64)?;
        for (i, row) in grid.iter().enumerate() {
            let y = grid.len() - i; // the first row is the top
            for (x, cell) in row.iter().enumerate() {
                let at = (y - 1) * width + x;
                state.cells[at] = *cell;
            }
        }
        state.player = match fields.next() {
            Some("1") => 1,
            Some("2") => 2,
            other => {
                return Err(position_error(
                    text,
                    format!(
                        "after the board, the player to move, 1 or 2 (found {})",
                        other.map_or("nothing".into(), excerpt)
                    ),
                ));
            }
        };
        for field in fields {
            let Some((name, value)) = field.split_once('=') else {
                return Err(position_error(
                    text,
                    format!("`{}`: an indicatif is written NAME=v or NAME=v1,v2", excerpt(field)),
                ));
            };
            let name = name.to_ascii_uppercase();
            let Some(id) = program.header.indics.iter().position(|d| d.name == name) else {
                return Err(position_error(text, format!("`{}` is not an indicatif of this game", excerpt(&name))));
            };
            let parsed: Result<Vec<i64>, _> = value.split(',').map(str::parse::<i64>).collect();
            let parsed =
                parsed.map_err(|_| position_error(text, format!("`{}`: the values are integers", excerpt(field))))?;
            let (base, per_player) = state.layout[id];
            match (per_player, parsed.as_slice()) {
                (true, [a, b]) => {
                    state.values[base] = *a;
                    state.values[base + 1] = *b;
                }
                (false, [a]) => state.values[base] = *a,
                _ => {
                    let want = if per_player { "two values, NAME=v1,v2" } else { "one value, NAME=v" };
                    return Err(position_error(text, format!("`{}`: {name} takes {want}", excerpt(field))));
                }
            }
        }
        Ok(state)
    }

    /// The start position the rule file declares (`START * ...`).
    pub fn start(program: &Program) -> Result<Self, RulesError> {
        match &program.header.start {
            Some(start) => Self::from_text(program, &start.position),
            None => Err(position_error(
                "",
                "the rule file declares no start position; give one, or add `START * <position>.` to its header",
            )),
        }
    }

    /// The position in the text form.
    pub fn to_text(&self, program: &Program) -> String {
        let mut out = String::new();
        for y in (1..=self.height).rev() {
            let mut run = 0;
            for x in 1..=self.width {
                let cell = self.cells[self.index(x, y)];
                if cell.owner == 0 {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                let letter =
                    program.header.pieces.get(usize::from(cell.nature).wrapping_sub(1)).map_or('?', |d| d.letter);
                out.push(if cell.owner == 1 { letter.to_ascii_uppercase() } else { letter.to_ascii_lowercase() });
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if y > 1 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.player == 1 { '1' } else { '2' });
        for (id, decl) in program.header.indics.iter().enumerate() {
            let Some(&(base, per_player)) = self.layout.get(id) else { continue };
            if per_player {
                let (a, b) = (self.values[base], self.values[base + 1]);
                if a != decl.initial || b != decl.initial {
                    out.push_str(&format!(" {}={a},{b}", decl.name));
                }
            } else if self.values[base] != decl.initial {
                out.push_str(&format!(" {}={}", decl.name, self.values[base]));
            }
        }
        out
    }

    fn index(&self, x: i64, y: i64) -> usize {
        ((y - 1) * self.width + (x - 1)) as usize
    }

    fn at(&self, square: Square) -> usize {
        self.index(i64::from(square.x), i64::from(square.y))
    }

    /// Whether `square` is on the board.
    pub fn on_board(&self, square: Square) -> bool {
        (1..=self.width).contains(&i64::from(square.x)) && (1..=self.height).contains(&i64::from(square.y))
    }

    /// The player to move, 1 or 2.
    pub fn player(&self) -> u8 {
        self.player
    }

    /// Sets the player to move.
    pub fn set_player(&mut self, player: u8) {
        self.player = player;
    }

    /// The content of `square` (on the board).
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[self.at(square)]
    }

    /// Puts `cell` on `square` (on the board).
    pub fn set_cell(&mut self, square: Square, cell: Cell) {
        let at = self.at(square);
        self.cells[at] = cell;
    }

    /// Every square holding a piece of `owner` of `nature`.
    pub fn find(&self, owner: u8, nature: u8) -> impl Iterator<Item = Square> + '_ {
        let width = self.width;
        self.cells.iter().enumerate().filter(move |(_, c)| c.owner == owner && c.nature == nature).map(move |(i, _)| {
            let i = i as i64;
            Square::new((i % width + 1) as i8, (i / width + 1) as i8)
        })
    }

    /// The squares, row by row from ordinate 1, abscissa first (for the
    /// native code).
    pub(crate) fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The indicatifs' values (for the native code).
    pub(crate) fn values(&self) -> &[i64] {
        &self.values
    }

    /// Where indicatif `id` of `player` (0: the game's) is kept in
    /// [`Self::values`], if it exists.
    pub(crate) fn value_at(&self, id: u8, player: u8) -> Option<usize> {
        let &(base, per_player) = self.layout.get(usize::from(id))?;
        Some(if per_player && player == 2 { base + 1 } else { base })
    }

    /// Plays `mv` for the player to move: resets the transient indicatifs,
    /// applies the sub-moves in order, gives the move to the other player.
    /// The move must be one the rules output for this position (the
    /// interpreter and the compiled form check each with [`check_move`]).
    pub fn make(&mut self, mv: &RuleMove) -> Undo {
        let mut undo = Undo::default();
        undo.values[..self.values.len()].copy_from_slice(&self.values);
        for &(at, initial) in &self.resets {
            self.values[at] = initial;
        }
        let mover = self.player;
        let save = |cells: &mut Vec<Cell>, at: usize, undo: &mut Undo| {
            undo.cells[usize::from(undo.len)] = (at as u16, cells[at]);
            undo.len += 1;
        };
        for sub in mv.subs() {
            match *sub {
                Sub::None => {}
                Sub::Travel(a, b) => {
                    let (a, b) = (self.at(a), self.at(b));
                    save(&mut self.cells, a, &mut undo);
                    save(&mut self.cells, b, &mut undo);
                    self.cells[b] = self.cells[a];
                    self.cells[a] = Cell::default();
                }
                Sub::Capture(s) => {
                    let s = self.at(s);
                    save(&mut self.cells, s, &mut undo);
                    self.cells[s] = Cell::default();
                }
                Sub::Put(n, s) => {
                    let s = self.at(s);
                    save(&mut self.cells, s, &mut undo);
                    self.cells[s] = Cell { owner: mover, nature: n };
                }
                Sub::Promotion(n, s) => {
                    let s = self.at(s);
                    save(&mut self.cells, s, &mut undo);
                    self.cells[s].nature = n;
                }
                Sub::Indic { id, player, value } => {
                    if let Some(at) = self.value_at(id, player) {
                        self.values[at] = value;
                    }
                }
            }
        }
        self.player = 3 - self.player;
        undo
    }

    /// Takes back the move that gave `undo`.
    pub fn unmake(&mut self, undo: &Undo) {
        for &(at, cell) in undo.cells[..usize::from(undo.len)].iter().rev() {
            self.cells[usize::from(at)] = cell;
        }
        let n = self.values.len();
        self.values.copy_from_slice(&undo.values[..n]);
        self.player = 3 - self.player;
    }
}

impl View for State {
    fn width(&self) -> i64 {
        self.width
    }
    fn height(&self) -> i64 {
        self.height
    }
    fn occupy(&self, square: Square) -> u8 {
        self.cells[self.at(square)].owner
    }
    fn nature(&self, square: Square) -> u8 {
        self.cells[self.at(square)].nature
    }
    fn indic(&self, id: u8, player: u8) -> i64 {
        self.value_at(id, player).map_or(0, |at| self.values[at])
    }
}

/// Checks `mv` as the paper's sub-moves check themselves, applied in order
/// for `mover` to the position `view` shows: `TRAVEL` from an empty square
/// or to an occupied one, `CAPTURE` of a square without an enemy piece,
/// `PUT` on an occupied square, `PROMOTION` of a square without a friendly
/// piece. The error says which sub-move and why.
pub fn check_move<V: View>(view: &V, mover: u8, mv: &RuleMove) -> Result<(), String> {
    // The squares the move has changed so far, latest last.
    let mut changed = [(Square::default(), Cell::default()); 2 * MAX_SUBS];
    let mut n = 0;
    let read = |changed: &[(Square, Cell)], s: Square| -> Cell {
        changed
            .iter()
            .rev()
            .find(|(c, _)| *c == s)
            .map_or_else(|| Cell { owner: view.occupy(s), nature: view.nature(s) }, |&(_, cell)| cell)
    };
    for sub in mv.subs() {
        macro_rules! record {
            ($s:expr, $cell:expr) => {{
                changed[n] = ($s, $cell);
                n += 1;
            }};
        }
        match *sub {
            Sub::None | Sub::Indic { .. } => {}
            Sub::Travel(a, b) => {
                let (from, to) = (read(&changed[..n], a), read(&changed[..n], b));
                if from.owner == 0 {
                    return Err(format!("{sub}: {a} is empty"));
                }
                if to.owner != 0 {
                    return Err(format!("{sub}: {b} is not empty (capture it first: CAPTURE, then TRAVEL)"));
                }
                record!(b, from);
                record!(a, Cell::default());
            }
            Sub::Capture(s) => {
                let cell = read(&changed[..n], s);
                if cell.owner == 0 || cell.owner == mover {
                    return Err(format!("{sub}: no enemy piece on {s}"));
                }
                record!(s, Cell::default());
            }
            Sub::Put(nature, s) => {
                if read(&changed[..n], s).owner != 0 {
                    return Err(format!("{sub}: {s} is not empty"));
                }
                record!(s, Cell { owner: mover, nature });
            }
            Sub::Promotion(nature, s) => {
                let cell = read(&changed[..n], s);
                if cell.owner != mover {
                    return Err(format!("{sub}: no friendly piece on {s}"));
                }
                record!(s, Cell { owner: mover, nature });
            }
        }
    }
    Ok(())
}
