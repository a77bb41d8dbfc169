//! The syntax tree of a rule file: what the parser reads, the interpreter
//! walks, the compiler translates and the flowchart analysis studies.
//!
//! The names follow Pitrat (1971). A rule file has a header (the board, the
//! pieces, the initial values of variables, the indicatifs, the
//! connections between moves) and up to two algorithms: the one that
//! enumerates legal moves (`MOVE` statements) and the one that indicates
//! the winning state (`RESULT` statements).

/// A name as written in the rule file: a variable, a label, a piece or an
/// indicatif. Names are upper case; the parser folds case.
pub type Name = String;

/// A statement's index in its algorithm, in the order of the file.
pub type StmtId = usize;

/// A value: an integer, or a pair of integers (a square, or a step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// An integer.
    Int(i64),
    /// A pair: abscissa and ordinate.
    Pair(i64, i64),
}

/// The initial value of a variable: one for both players, or one each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// The same value for both players (`HP = (0, 1)`).
    One(Value),
    /// The first player's value, then the second's (`FRIEND = 1, 2`).
    PerPlayer(Value, Value),
}

/// A piece nature: its name (a variable whose value is the nature's number,
/// from 1 in the order of declaration) and the letter that writes it in a
/// position (upper case for the first player, lower case for the second).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDecl {
    /// The nature's name, e.g. `KING`.
    pub name: Name,
    /// Its letter, e.g. `K`.
    pub letter: char,
}

/// A variable with an initial value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    /// The variable.
    pub name: Name,
    /// Its value at the start of each run of an algorithm.
    pub init: Init,
    /// The line of the declaration.
    pub line: u32,
}

/// A table of values: extension 3, subscripted variables. Row `r` of table
/// `T` is declared `TABLE * T(r) = v1, v2, ...`; `T(r, k)` reads its k-th
/// value (from 1) and a `LOOP` may step through a whole row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableDecl {
    /// The table's name.
    pub name: Name,
    /// Its rows: the row's index (an integer, often a nature) and its values.
    pub rows: Vec<(i64, Vec<Value>)>,
    /// The line of the first row's declaration.
    pub line: u32,
}

/// An indicatif: a value that the board alone does not show (Pitrat's
/// `PASSANT`, `CAS1`, `CAS2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndicDecl {
    /// The indicatif.
    pub name: Name,
    /// One value each (`CAS1`), or one for the game (`PASSANT`).
    pub per_player: bool,
    /// The value it takes when a position does not give it.
    pub initial: i64,
    /// Whether every move resets it to `initial` unless the move sets it
    /// (`PASSANT` is 0 after every move but a pawn's double step).
    pub transient: bool,
}

/// Extension 2, connections between moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// A move is illegal if, after it, the opponent has a move that
    /// captures a friendly piece of this nature (`ILLEGAL * ENEMY CAPTURES
    /// KING`). The same nature is the one `ATTACKED(v)` stands on an empty
    /// square to ask whether the opponent could capture there.
    RoyalCapture(Name),
}

/// The header of a rule file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The game's name (`GAME * CHESS`).
    pub game: Name,
    /// Board width (abscissas 1 ..= width) and height (ordinates 1 ..= height).
    pub width: i64,
    /// See `width`.
    pub height: i64,
    /// The piece natures, numbered from 1 in this order.
    pub pieces: Vec<PieceDecl>,
    /// Variables with initial values.
    pub variables: Vec<VarDecl>,
    /// Tables (extension 3).
    pub tables: Vec<TableDecl>,
    /// Indicatifs.
    pub indics: Vec<IndicDecl>,
    /// Connections between moves (extension 2).
    pub connections: Vec<Connection>,
    /// The start position (`START * 7/7/7/7/7/7 1.`), if the file declares
    /// one: plybench's addition, since the paper's program read the board
    /// "at the beginning of each play".
    pub start: Option<StartDecl>,
}

/// The start position a rule file declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartDecl {
    /// The position, in the text form of `docs/rules.md` ("Positions").
    pub position: String,
    /// The line of the declaration.
    pub line: u32,
}

/// A rule file: its header and its algorithms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The file's name, for error messages.
    pub file: String,
    /// Board, pieces, variables, indicatifs, connections.
    pub header: Header,
    /// The algorithm enumerating legal moves.
    pub moves: Algorithm,
    /// The algorithm indicating the winning state, if the game has one.
    pub result: Option<Algorithm>,
}

/// One algorithm: statements in the order of the file, ending with `END`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Algorithm {
    /// The statements; a [`StmtId`] indexes this list.
    pub stmts: Vec<Stmt>,
}

/// One statement, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// Its label, if any (`CQ` in `CQ. LOOP * ...`).
    pub label: Option<Name>,
    /// What it does.
    pub kind: StmtKind,
    /// The line it starts on, from 1.
    pub line: u32,
    /// Its text as written (continuation lines joined), for messages.
    pub text: String,
}

/// A relation of an `IF` statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `=`
    Eq,
    /// `≠`, written `#` or `/=` or `<>`
    Ne,
    /// `>`
    Gt,
    /// `≥`, written `>=`
    Ge,
    /// `<`
    Lt,
    /// `≤`, written `<=`
    Le,
}

/// The four functions of the language, and `ATTACKED` (extension 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `OCCUPY(v)`: 0 if the square is empty, else the number of the player
    /// whose piece stands there (1 or 2). A square off the board reads as
    /// off the board: see the interpreter.
    Occupy,
    /// `NATURE(v)`: the nature of the piece on `v` (undefined if empty).
    Nature,
    /// `ABSCISSA(v)`: the first coordinate.
    Abscissa,
    /// `ORDINATE(v)`: the second coordinate.
    Ordinate,
    /// `ATTACKED(v)`: 1 if the opponent has a move capturing a friendly
    /// royal piece standing on `v`, else 0 (extension 2).
    Attacked,
}

/// An arithmetic expression: `+`, `-`, `*`, the functions, subscripts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A variable, a nature, an indicatif or a loop's `w‖L` / `y‖L`.
    Var(Name),
    /// A literal integer (the paper has none; allowed as a convenience in
    /// header values and subscripts).
    Int(i64),
    /// A literal pair.
    Pair(Box<Expr>, Box<Expr>),
    /// A function applied to an expression.
    Call(Function, Box<Expr>),
    /// Extension 3: `T(row, k)`, the k-th value (from 1) of a table's row.
    Index(Name, Box<Expr>, Box<Expr>),
    /// `a + b`
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b` (an integer times an integer or a pair)
    Mul(Box<Expr>, Box<Expr>),
    /// `-a`
    Neg(Box<Expr>),
}

/// What an `ARITHMETIC` statement assigns to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A variable.
    Var(Name),
    /// The pseudo-function `ABSCISSA(v)`: the first element of pair `v`.
    Abscissa(Name),
    /// The pseudo-function `ORDINATE(v)`: the second element of pair `v`.
    Ordinate(Name),
}

/// One increment of a `LOOP`: a variable, or (extension 3) every value of
/// a table's row in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A variable whose value is a pair.
    Var(Name),
    /// `T(row)`: the values of a table's row, in order.
    Row(Name, Expr),
}

/// A sub-move of a `MOVE` statement, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubMove {
    /// `TRAVEL, v1, v2`: the piece on v1 goes to v2 (which must be empty).
    Travel(Expr, Expr),
    /// `CAPTURE, v`: the enemy piece on v is removed.
    Capture(Expr),
    /// `PUT, P, v`: a friendly piece of nature P is put on empty v.
    Put(Expr, Expr),
    /// `PROMOTION, P, v`: the friendly piece on v becomes nature P.
    Promotion(Expr, Expr),
    /// `INDIC, M, P`: indicatif M takes the value of P, for the player to
    /// move; `INDIC, M, P, Q` sets player Q's value (Q is an expression
    /// whose value is 1 or 2, such as `ENEMY`).
    Indic(Name, Expr, Option<Expr>),
    /// Extension 1: every sub-move held by a move variable.
    Held(Name),
}

/// The nature of a result (`RESULT * VICTORY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// We have won.
    Victory,
    /// We have not won yet (not necessarily a loss).
    NoVictory,
    /// The game is drawn.
    Draw,
    /// We have lost.
    Loss,
}

/// What a statement does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `ARITHMETIC * target = expression`.
    Arithmetic(Target, Expr),
    /// `GO TO * L`.
    GoTo(Name),
    /// `CPTD GO TO * expression = I1, L1. I2, L2. ...`: go to the label of
    /// the first `Ik` whose value equals the expression's.
    ComputedGoTo(Expr, Vec<(Expr, Name)>),
    /// `IF * e1 relation e2. L1, L2`.
    If(Expr, Relation, Expr, Name, Name),
    /// `END`: the static end, the last statement.
    End,
    /// `FINISHED`: the dynamic end.
    Finished,
    /// `L1. SCANNING * v. L2`: `v` takes every square from (1, 1); `x‖L1`
    /// moves to the next square; when none is left, go to L2.
    Scanning(Name, Name),
    /// `L1. LOOP * v1 = v2. I1, ..., IN. L2`: rays from v2 (see the paper's
    /// Fig. 2 and the interpreter); `x‖L1`, `z‖L1`, `w‖L1`, `y‖L1`.
    Loop(Name, Name, Vec<Step>, Name),
    /// `RESULT * nature`.
    Result(Outcome),
    /// `MOVE * sub-moves`: output one move.
    Move(Vec<SubMove>),
    /// Extension 1: `BUILD * Q = R + sub-moves` (R may be omitted: the
    /// empty move). Q and R are move variables.
    Build(Name, Option<Name>, Vec<SubMove>),
}

/// Which entry of a statement: `SCANNING` and `LOOP` statements have the
/// extra entries `x‖L` and (for `LOOP`) `z‖L`; the flowchart has one node
/// per entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// The statement itself (a transfer to its label).
    Main,
    /// `x‖L`: the next square, or the next increment.
    X,
    /// `z‖L`: one more step in the same direction.
    Z,
}

/// A node of the flowchart: a statement and one of its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    /// The statement.
    pub stmt: StmtId,
    /// Which entry.
    pub entry: Entry,
}
