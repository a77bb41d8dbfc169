//! The mate solvers: the full-rules solver against an independent brute
//! force written on shakmaty, on every representation; the published
//! problem set; Bell's program against the same solver restricted to his
//! moves; a mate in four.

use plybench::engine::chess::array::bell::{BellOptions, run};
use plybench::engine::chess::dispatch::mate_on;
use plybench::engine::chess::mate::Rules;
use plybench::engine::chess::{Color, Piece, Repr, Role, Setup, Square};
use plybench::engine::progress::Progress;
use plybench::study::perft::mate::{problem_set, solve_set};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn oracle(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("oracle parses the FEN");
    fen.into_position(CastlingMode::Standard).expect("oracle accepts the position")
}

fn played(pos: &Chess, m: &shakmaty::Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// The defender to move: whether every reply is mated within `n - 1` more
/// attacker moves (a stalemate escapes).
fn forced(pos: &Chess, n: u32) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return pos.is_check();
    }
    n > 1
        && replies
            .iter()
            .all(|r| played(pos, r).legal_moves().iter().any(|m| forced(&played(&played(pos, r), m), n - 1)))
}

/// Every first move of the side to move that mates within `n`, in UCI,
/// sorted: the definition, by brute force.
fn oracle_keys(fen: &str, n: u32) -> Vec<String> {
    let pos = oracle(fen);
    let mut keys: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| forced(&played(&pos, m), n))
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    keys.sort();
    keys
}

/// SplitMix64, for seeded positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn square(&mut self) -> Square {
        Square::new((self.next() % 64) as u8).unwrap()
    }
}

/// Seeded endings with White to move, where mates in one and two are
/// common: White's king, queen, rook and knight or pawn against the black
/// king and pawns, on random squares; only legal positions kept.
fn endings(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = [None; 64];
        let mut men = vec![
            Piece::new(Color::White, Role::King),
            Piece::new(Color::Black, Role::King),
            Piece::new(Color::White, Role::Queen),
            Piece::new(Color::White, Role::Rook),
        ];
        men.push(Piece::new(Color::White, if rng.next().is_multiple_of(2) { Role::Knight } else { Role::Pawn }));
        for _ in 0..rng.next() % 3 {
            men.push(Piece::new(Color::Black, Role::Pawn));
        }
        for p in men {
            let mut s = rng.square();
            while board[s.index()].is_some() || (p.role == Role::Pawn && (s.rank() == 0 || s.rank() == 7)) {
                s = rng.square();
            }
            board[s.index()] = Some(p);
        }
        if let Ok(setup) = Setup::from_parts(board, Color::White, plybench::engine::chess::Castling::NONE, None) {
            out.push(setup.to_fen());
        }
    }
    out
}

#[test]
fn keys_equal_the_brute_force_on_every_representation() {
    let mut with_keys = 0;
    for fen in endings(60, 0x6d61_7465) {
        let setup = Setup::from_fen(&fen).unwrap();
        for n in [1, 2] {
            let expected = oracle_keys(&fen, n);
            with_keys += usize::from(!expected.is_empty());
            for repr in Repr::ALL {
                let found = mate_on(repr, &setup, n, Rules::Full, Progress::NONE).unwrap();
                assert_eq!(found.uci_keys(false), expected, "{repr} mate in {n} of {fen}");
            }
        }
    }
    assert!(with_keys >= 20, "the sample should hold mates: {with_keys}");
}

#[test]
fn the_published_problems_are_solved_on_every_representation() {
    let solved = solve_set(&Repr::ALL).unwrap();
    assert_eq!(solved.len(), problem_set().unwrap().problems.len());
    for s in &solved {
        assert_eq!(s.keys(), Some(vec![s.problem.key.clone()]), "{}", s.problem.id);
        assert!(s.full.iter().all(|(_, f)| f.keys.iter().all(|k| k.mates_in == 2)), "{}: a short mate", s.problem.id);
    }
}

/// Bell's program, run on to every answer, accepts exactly the first moves
/// the full solver accepts without castling and en passant, but for those
/// that stalemate: his method asks only that White's second move check.
#[test]
fn bells_program_agrees_with_the_restricted_solver() {
    let (mut stalemates, mut fixes) = (0, 0);
    for s in solve_set(&[Repr::Bitboard]).unwrap() {
        let bell = s.bell_keys().expect("Bell's program takes every problem of the set");
        let restricted = s.restricted.uci_keys(false);
        assert!(restricted.iter().all(|k| bell.contains(k)), "{}: {bell:?} {restricted:?}", s.problem.id);
        for extra in bell.iter().filter(|k| !restricted.contains(k)) {
            let after = plybench::engine::chess::play::play_moves(&Setup::from_fen(&s.problem.fen).unwrap(), &[extra]);
            let pos = oracle(&after.unwrap().to_fen());
            assert!(pos.legal_moves().is_empty() && !pos.is_check(), "{}: {extra} does not stalemate", s.problem.id);
            stalemates += 1;
        }
        fixes += s.bell.as_ref().unwrap().promotion_fixes;
    }
    assert_eq!(stalemates, 1);
    assert!(fixes > 0, "the set's promotions go through the statements the printed Algol gets wrong");
}

/// The problems with castling or en passant in their play: Bell's program
/// does not find their keys.
#[test]
fn castling_and_en_passant_keys_are_not_bells() {
    for id in ["skuja-1934", "davis-1934"] {
        let p = problem_set().unwrap().problems.iter().find(|p| p.id == id).unwrap();
        let found = run(&Setup::from_fen(&p.fen).unwrap(), BellOptions::default()).unwrap();
        assert!(!found.answers.iter().any(|m| m.uci().to_string() == p.key), "{id}");
    }
}

/// Lasker - Thomas, London 1912 (Pitrat's Fig. 14) after 14. h4+ Kf4: the
/// game's 15. g3+ mates in three, by 16. O-O, one sooner than the game.
#[test]
fn a_mate_in_four_search_finds_the_mate_in_three() {
    let fen = "rn3r2/pbppq1p1/1p2pN2/8/3P1kNP/3B4/PPP2PP1/R3K2R w KQ - 1 15";
    let setup = Setup::from_fen(fen).unwrap();
    let found = mate_on(Repr::Bitboard, &setup, 4, Rules::Full, Progress::NONE).unwrap();
    let keys: Vec<(String, u32)> = found.keys.iter().map(|k| (k.mv.to_string(), k.mates_in)).collect();
    assert_eq!(keys, [("g2g3".to_owned(), 3)]);
    assert_eq!(mate_on(Repr::X88, &setup, 3, Rules::Full, Progress::NONE).unwrap().uci_keys(false), ["g2g3"]);
}
