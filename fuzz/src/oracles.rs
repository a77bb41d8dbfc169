//! The fuzz oracles: what must hold for any input to each parser.
//!
//! Every function takes raw bytes and returns whether the parser accepted
//! them. It never panics on a parser error, and panics (with the input in the message) only when an invariant breaks:
//! a parser panicked, an accepted text does not round-trip, or the board
//! representations disagree on an accepted position. The cargo-fuzz
//! targets (`fuzz/fuzz_targets/`) and the seeded smoke test
//! (`lib/tests/suite/fuzz_smoke.rs`) both call these, so one oracle serves both.

use plybench::engine::checkers::replay::{Game, parse_games, replay};
use plybench::engine::checkers::{self, Board as CheckersBoard, Position as CheckersPosition};
use plybench::engine::chess::dispatch::check_countable;
use plybench::engine::chess::{self, Board as ChessBoard, MoveList, Setup, Validation, play::play_moves};
use plybench::engine::go::sgf::{GameRecord, looks_like_sgf, position_record};
use plybench::engine::go::{self, Passing, Position as GoPosition, Repr as GoRepr};
use plybench::engine::kalah::{self, Method, Position as KalahPosition, parse_counts};
use plybench::engine::progress::Progress;
use plybench::study::perft::program::{UciLine, join_command, parse_perftree, parse_uci_line, split_command};
use plybench::study::perft::suite::{self, parse_suite};

/// The longest input an oracle looks at: parsers are linear, and longer
/// inputs only slow the search down.
pub const MAX_INPUT: usize = 4096;

/// The most UCI moves one input may play.
pub const MAX_MOVES: usize = 64;

fn text(data: &[u8]) -> Option<&str> {
    if data.len() > MAX_INPUT {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// The first four FEN fields: what a board representation keeps.
fn fen4(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// One representation agrees with the setup it was built from, lists the
/// same legal moves as the others (`reference`), and takes each back
/// bit for bit. A position only `validation` relaxed accepts is skipped by
/// a representation that cannot count it.
fn chess_repr<B: ChessBoard>(setup: &Setup, reference: &mut Option<Vec<String>>, validation: Validation) {
    if check_countable(B::REPR, setup, 1).is_err() {
        assert_eq!(validation, Validation::Relaxed, "{:?} refuses {}", B::REPR, setup.to_fen());
        return;
    }
    let mut board = B::from_setup(setup);
    let back = board.to_setup();
    assert_eq!(back.board(), setup.board(), "{:?}: placement of {}", B::REPR, setup.to_fen());
    assert_eq!(back.turn(), setup.turn(), "{:?}: side of {}", B::REPR, setup.to_fen());
    assert_eq!(back.castling(), setup.castling(), "{:?}: castling of {}", B::REPR, setup.to_fen());
    assert_eq!(back.en_passant(), setup.en_passant(), "{:?}: en passant of {}", B::REPR, setup.to_fen());
    assert_eq!(fen4(&back.to_fen()), fen4(&setup.to_fen()), "{:?}", B::REPR);
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    match reference {
        Some(expected) => assert_eq!(&names, expected, "{:?}: legal moves of {}", B::REPR, setup.to_fen()),
        None => *reference = Some(names),
    }
    let before = board.clone();
    for &m in moves.iter() {
        let undo = board.make(m);
        let after = board.to_setup();
        // What a move leaves must itself be a position the parser accepts.
        let reparsed = Setup::from_fen_with(&after.to_fen(), validation).unwrap_or_else(|e| {
            panic!("{:?}: {m} from {} gives an unparsable {}: {e}", B::REPR, setup.to_fen(), after.to_fen())
        });
        assert_eq!(reparsed.board(), after.board());
        board.unmake(m, undo);
        assert_eq!(board, before, "{:?}: make/unmake of {m} at {}", B::REPR, setup.to_fen());
    }
}

/// Every check on an accepted chess setup.
pub fn check_chess_setup(setup: &Setup) {
    check_chess_setup_with(setup, Validation::Strict);
}

/// Every check on a chess setup accepted under `validation`.
fn check_chess_setup_with(setup: &Setup, validation: Validation) {
    let fen = setup.to_fen();
    let again = Setup::from_fen_with(&fen, validation)
        .unwrap_or_else(|e| panic!("to_fen gave {fen:?}, which does not parse: {e}"));
    assert_eq!(&again, setup, "FEN -> setup -> FEN -> setup changed {fen}");
    assert_eq!(again.to_fen(), fen, "to_fen is not stable on {fen}");
    let mirrored = setup.mirror();
    let mirrored_fen = mirrored.to_fen();
    let parsed = Setup::from_fen_with(&mirrored_fen, validation)
        .unwrap_or_else(|e| panic!("the colour flip of {fen}, {mirrored_fen}, does not parse: {e}"));
    assert_eq!(parsed, mirrored);
    assert_eq!(&mirrored.mirror(), setup, "mirroring twice changed {fen}");
    let mut reference = None;
    chess_repr::<chess::array::ArrayBoard>(setup, &mut reference, validation);
    chess_repr::<chess::mailbox10::Mailbox10Board>(setup, &mut reference, validation);
    chess_repr::<chess::x88::X88Board>(setup, &mut reference, validation);
    chess_repr::<chess::bitboard::BitboardBoard>(setup, &mut reference, validation);
}

/// Target `fen`: [`Setup::from_fen`] and [`Setup::to_fen`]. A FEN refused
/// as impossible in a game may be accepted by [`Validation::Relaxed`]
/// (and nothing else may), and is then checked on the representations
/// that can count it.
pub fn fen(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    match Setup::from_fen(text) {
        Ok(setup) => check_chess_setup(&setup),
        Err(strict) => {
            check_message(&strict, text);
            let Ok(setup) = Setup::from_fen_with(text, Validation::Relaxed) else { return false };
            assert!(strict.is_impossible(), "relaxed accepts {text:?}, which strict refuses with: {strict}");
            assert!(setup.impossibility().is_some(), "{text:?}");
            check_chess_setup_with(&setup, Validation::Relaxed);
        }
    }
    true
}

/// Target `epd`: [`parse_suite`]. An accepted suite, written back out in
/// the canonical form, parses to the same positions and counts.
pub fn epd(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    let suite = match parse_suite("fuzz.epd", text) {
        Ok(suite) => suite,
        Err(e) => {
            check_message(&e, text);
            return false;
        }
    };
    assert!(!suite.is_empty());
    let mut canonical = String::new();
    for entry in &suite {
        assert!(!entry.expected.is_empty());
        assert!(entry.expected.iter().all(|&(d, _)| (1..=suite::MAX_SUITE_DEPTH).contains(&d)));
        let setup = Setup::from_fen(&entry.fen).expect("a suite's FEN parses alone");
        assert_eq!(setup, entry.setup);
        check_chess_setup(&entry.setup);
        canonical.push_str(&entry.setup.to_fen());
        for (depth, nodes) in &entry.expected {
            canonical.push_str(&format!(" ;D{depth} {nodes}"));
        }
        canonical.push('\n');
    }
    let again = parse_suite("canonical.epd", &canonical)
        .unwrap_or_else(|e| panic!("the canonical suite {canonical:?} does not parse: {e}"));
    assert_eq!(again.len(), suite.len());
    for (a, b) in again.iter().zip(&suite) {
        assert_eq!((&a.setup, &a.expected), (&b.setup, &b.expected));
    }
    true
}

/// Target `uci`: [`play_moves`]. The input is an optional FEN line, then
/// UCI moves separated by white space; without a FEN the game starts from
/// the initial position. The result must be a position the FEN parser
/// accepts, and every representation must reach it move by move.
pub fn uci(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    let (start, rest) = match text.split_once('\n') {
        Some((first, rest)) => match Setup::from_fen(first) {
            Ok(setup) => (setup, rest),
            Err(_) => (Setup::starting(), text),
        },
        None => (Setup::starting(), text),
    };
    let moves: Vec<&str> = rest.split_ascii_whitespace().take(MAX_MOVES).collect();
    let Ok(after) = play_moves(&start, &moves) else { return false };
    check_chess_setup(&after);
    fn replay<B: ChessBoard>(start: &Setup, moves: &[&str], after: &Setup) {
        let mut board = B::from_setup(start);
        for uci in moves {
            let m = board
                .find_move(uci)
                .unwrap_or_else(|e| panic!("{:?} refuses {uci}, which play_moves accepted: {e}", B::REPR));
            board.make(m);
        }
        assert_eq!(fen4(&board.to_setup().to_fen()), fen4(&after.to_fen()), "{:?} after {moves:?}", B::REPR);
    }
    replay::<chess::array::ArrayBoard>(&start, &moves, &after);
    replay::<chess::mailbox10::Mailbox10Board>(&start, &moves, &after);
    replay::<chess::bitboard::BitboardBoard>(&start, &moves, &after);
    true
}

fn checkers_repr<B: CheckersBoard + PartialEq + std::fmt::Debug>(
    p: &CheckersPosition,
    reference: &mut Option<Vec<checkers::Move>>,
) {
    let mut board = B::from_position(p);
    assert_eq!(board.position(), *p, "{:?}: position of {p}", B::REPR);
    let mut moves = Vec::new();
    board.generate(&mut moves);
    let mut sorted = moves.clone();
    sorted.sort();
    match reference {
        Some(expected) => assert_eq!(&sorted, expected, "{:?}: moves of {p}", B::REPR),
        None => *reference = Some(sorted),
    }
    let before = board.clone();
    for mv in &moves {
        let undo = board.make(mv);
        let after = board.position();
        let text = after.to_string();
        let reparsed: CheckersPosition =
            text.parse().unwrap_or_else(|e| panic!("{:?}: {mv} from {p} gives an unparsable {text}: {e}", B::REPR));
        assert_eq!(reparsed, after);
        board.unmake(mv, undo);
        assert_eq!(board, before, "{:?}: make/unmake of {mv} at {p}", B::REPR);
    }
}

/// Target `checkers`: the PDN FEN parser ([`CheckersPosition`]'s
/// `FromStr`) and its `Display`, then every representation.
pub fn checkers(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    let p = match text.parse::<CheckersPosition>() {
        Ok(p) => p,
        Err(e) => {
            check_message(&e, text);
            return false;
        }
    };
    let written = p.to_string();
    let again: CheckersPosition =
        written.parse().unwrap_or_else(|e| panic!("Display gave {written:?}, which does not parse: {e}"));
    assert_eq!(again, p, "PDN FEN -> position -> PDN FEN changed {written}");
    assert_eq!(again.to_string(), written);
    let mut reference = None;
    checkers_repr::<checkers::bell_table::TableBoard>(&p, &mut reference);
    checkers_repr::<checkers::samuel::SamuelBoard>(&p, &mut reference);
    checkers_repr::<checkers::bitboard::BitBoard>(&p, &mut reference);
    true
}

/// The most counters a fuzzed Kalah position may hold to be counted by
/// both methods: the count must stay well under a millisecond.
pub const KALAH_COUNT_COUNTERS: u64 = 12;

/// Target `kalah`: [`parse_counts`] and [`KalahPosition`]'s `FromStr` and
/// `Display`; small accepted positions are counted by both methods.
pub fn kalah(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    if let Ok(counts) = parse_counts(text) {
        assert!(!counts.is_empty());
        let joined = counts.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(parse_counts(&joined).ok(), Some(counts));
    }
    let p = match text.parse::<KalahPosition>() {
        Ok(p) => p,
        Err(e) => {
            check_message(&e, text);
            return false;
        }
    };
    let written = p.to_string();
    let again: KalahPosition =
        written.parse().unwrap_or_else(|e| panic!("Display gave {written:?}, which does not parse: {e}"));
    assert_eq!(again, p);
    assert_eq!(again.to_string(), written);
    if p.own_counters() <= KALAH_COUNT_COUNTERS && p.pits() <= 8 {
        let run = |method| {
            kalah::count(&p, kalah::CountOptions { method: Some(method), ..Default::default() }, Progress::NONE)
                .expect("a small position counts")
        };
        let (stack, memo) = (run(Method::Stack), run(Method::Memo));
        assert_eq!(stack.sequences, memo.sequences, "{written}");
        assert_eq!(
            (stack.max_stack_right_to_left, stack.max_stack_left_to_right),
            (memo.max_stack_right_to_left, memo.max_stack_left_to_right),
            "{written}"
        );
    }
    true
}

/// Target `engine`: what `perft check` reads of another program: its
/// command line ([`split_command`], which [`join_command`] inverts), a
/// perftree answer ([`parse_perftree`], whose divide written out again
/// parses to itself) and Stockfish's `go perft` lines ([`parse_uci_line`]).
pub fn engine(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    let mut accepted = false;
    if let Ok(words) = split_command(text) {
        assert!(!words.is_empty(), "{text:?} split into no words");
        let joined = join_command(&words);
        assert_eq!(split_command(&joined).ok().as_ref(), Some(&words), "{text:?} was joined as {joined:?}");
        accepted = true;
    }
    for line in text.lines() {
        if let UciLine::Move(m, n) = parse_uci_line(line) {
            assert_eq!(parse_uci_line(&format!("{m}: {n}")), UciLine::Move(m.clone(), n), "{line:?}");
        }
    }
    if let Ok(divide) = parse_perftree("fuzz", text) {
        let mut written: String = divide.moves.iter().map(|(m, n)| format!("{m} {n}\n")).collect();
        written.push_str(&format!("\n{}\n", divide.total));
        assert_eq!(parse_perftree("fuzz", &written).ok().as_ref(), Some(&divide), "{text:?}");
        accepted = true;
    }
    accepted
}

/// The longest message an error may print about an input, in characters,
/// whatever the input's length: the error quotes a short prefix of what it
/// echoes (`plybench::quote`).
pub const MAX_MESSAGE: usize = 600;

/// An error's message, its sources included, as a binary prints it: one
/// line, no control character (a newline, a NUL or an escape sequence of
/// the input is escaped), at most [`MAX_MESSAGE`] characters.
pub fn check_message(error: &dyn std::error::Error, input: &str) {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    assert!(!message.chars().any(char::is_control), "a control character in {message:?}, from {input:?}");
    assert!(
        message.chars().count() <= MAX_MESSAGE,
        "{} characters in the message of a {}-character input: {message}",
        message.chars().count(),
        input.chars().count()
    );
}

/// The most moves of a fuzzed game record that are replayed: a repair
/// replays the rest of the record for every legal move in place of a
/// damaged one, so long records of damaged moves cost quadratic time.
pub const MAX_REPLAYED_MOVES: usize = 200;

/// Target `pdn`: the game-record reader of `checkers replay`
/// ([`parse_games`]) and the replay. A refused record gets a short
/// one-line message ([`check_message`]). An accepted one, written back out
/// (its tags, then its moves as read, then `*`), reads back to the same
/// games; its replay never panics, never counts more plies than the record
/// holds, finds damage only at a ply of the record, and repairs one only
/// when there are legal moves to choose from.
pub fn pdn(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    let games = match parse_games(text, None) {
        Ok(games) => games,
        Err(e) => {
            check_message(&e, text);
            return false;
        }
    };
    assert!(!games.is_empty(), "{text:?} gave no game and no error");
    let written: String = games.iter().map(write_game).collect();
    let again = parse_games(&written, None)
        .unwrap_or_else(|e| panic!("the games of {text:?}, written as {written:?}, do not read back: {e}"));
    assert_eq!(again, games, "{text:?} written as {written:?}");
    for game in games.iter().filter(|g| g.moves.len() <= MAX_REPLAYED_MOVES) {
        let replayed = replay(game);
        assert!(replayed.clean_plies <= replayed.plies && replayed.plies <= game.moves.len(), "{text:?}");
        for damage in &replayed.damages {
            assert!(damage.ply < game.moves.len(), "{text:?}: damage at ply {}", damage.ply);
            if damage.repair.is_some() {
                assert!(damage.legal > 0 && !damage.repairs.is_empty(), "{text:?}: a repair from no legal move");
            }
        }
    }
    true
}

/// A game as a record: its tags, its moves as read, then `*`.
fn write_game(game: &Game) -> String {
    let mut out =
        format!("[Event \"{}\"]\n[Numbering \"{}\"]\n[FEN \"{}\"]\n", game.name, game.numbering.name(), game.start);
    for m in &game.moves {
        out.push_str(&m.text);
        out.push(' ');
    }
    out.push_str("*\n");
    out
}

/// Checks an accepted Go position: its text form reads back to itself, and
/// both representations list the same legal moves.
fn check_go_position(p: &GoPosition, input: &str) {
    let written = p.to_string();
    let again: GoPosition =
        written.parse().unwrap_or_else(|e| panic!("Display gave {written:?}, which does not parse: {e} ({input:?})"));
    assert_eq!(&again, p, "{input:?}");
    assert_eq!(
        go::legal_moves(GoRepr::Array, p, Passing::Allowed),
        go::legal_moves(GoRepr::Bitboard, p, Passing::Allowed),
        "{written}"
    );
}

/// The most moves of a fuzzed SGF record replayed move by move.
pub const GO_REPLAYED_MOVES: usize = 64;

/// Target `go`: the Go position readers, the text form of
/// [`GoPosition`] and SGF records ([`GameRecord`]). An accepted text
/// position reads back from what it writes; an accepted record gives a
/// position after each of its first moves or a short error, and its final
/// position written as SGF reads back to itself. Every error is one short
/// line without control characters.
pub fn go(data: &[u8]) -> bool {
    let Some(text) = text(data) else { return false };
    if looks_like_sgf(text) {
        let record = match text.parse::<GameRecord>() {
            Ok(record) => record,
            Err(e) => {
                check_message(&e, text);
                return false;
            }
        };
        for n in 0..=record.moves().min(GO_REPLAYED_MOVES) {
            match record.position(Some(n)) {
                Ok(p) => check_go_position(&p, text),
                Err(e) => check_message(&e, text),
            }
        }
        return match record.position(None) {
            Ok(end) => {
                // A setup record keeps the stones and the side to move; SGF
                // has no setup property for a ko point or passes.
                let written = position_record(&end, "fuzz");
                let back = written.parse::<GameRecord>().and_then(|r| r.position(None)).unwrap_or_else(|e| {
                    panic!("the record written for the end of {text:?} does not read back: {e}\n{written}")
                });
                assert_eq!(back.stones().collect::<Vec<_>>(), end.stones().collect::<Vec<_>>(), "{written}");
                assert_eq!(back.to_move(), end.to_move(), "{written}");
                true
            }
            Err(e) => {
                check_message(&e, text);
                false
            }
        };
    }
    match text.parse::<GoPosition>() {
        Ok(p) => {
            check_go_position(&p, text);
            true
        }
        Err(e) => {
            check_message(&e, text);
            false
        }
    }
}
