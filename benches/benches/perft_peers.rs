//! Our four representations beside three published Rust move generators
//! (shakmaty, cozy-chess, chess), on the same positions at the same depths,
//! single-threaded, each with bulk counting at the last ply.
//!
//! `cargo bench -p plybench-benches --bench perft_peers` first prints a
//! markdown table (median of [`RUNS`] timed runs per generator: nodes/s and
//! the ratio to cozy-chess), then runs the criterion benchmarks. With
//! `PEERS_TABLE_ONLY=1` it prints the table only; with `PEERS_DEPTHS=full`
//! the table uses startpos d6 and Kiwipete d5 instead of d5 and d4
//! (`just bench-peers`). `PEERS_ENGINES=x88,bitboard` limits the table to
//! those generators (cozy-chess, the reference of the ratios, is always
//! kept). Counts are checked to agree before anything is timed.
//!
//! Stockfish, where installed (`STOCKFISH`, else `stockfish` on the `PATH`,
//! else `/usr/games/stockfish`, as Debian's package puts it), joins the
//! table as a separate process: `position fen …` and `go perft N` on its
//! standard input, so its time includes its start-up. It has no criterion
//! benchmark, and a machine without it prints the table without its row.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::Instant;

use criterion::{BenchmarkId, Criterion, Throughput};
use plybench::engine::chess::array::ArrayBoard;
use plybench::engine::chess::bitboard::BitboardBoard;
use plybench::engine::chess::mailbox10::Mailbox10Board;
use plybench::engine::chess::x88::X88Board;
use plybench::engine::chess::{Board, Setup, perft};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Timed runs per generator and position in the table.
const RUNS: usize = 3;

/// The generators, in table order.
const ENGINES: [&str; 7] = ["array", "mailbox10", "x88", "bitboard", "shakmaty", "cozy-chess", "chess"];

fn ours<B: Board>(fen: &str, depth: u32) -> u64 {
    let mut board = B::from_setup(&Setup::from_fen(fen).expect("a valid FEN"));
    perft(black_box(&mut board), depth)
}

fn cozy(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn chess_crate(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves.map(|m| chess_crate(&board.make_move_new(m), depth - 1)).sum()
}

/// The Stockfish program to run, if one answers `uci`.
fn stockfish() -> Option<String> {
    let candidates = std::env::var("STOCKFISH").into_iter().chain(["stockfish".into(), "/usr/games/stockfish".into()]);
    candidates
        .into_iter()
        .find(|program| stockfish_says(program, "uci\nquit\n").is_some_and(|out| out.contains("uciok")))
}

/// What `program` prints given `input` on its standard input, if it runs.
fn stockfish_says(program: &str, input: &str) -> Option<String> {
    let mut child =
        Command::new(program).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Stockfish's `go perft` of `fen` to `depth`, start-up included.
fn stockfish_perft(program: &str, fen: &str, depth: u32) -> u64 {
    let out = stockfish_says(program, &format!("position fen {fen}\ngo perft {depth}\nquit\n"))
        .expect("stockfish ran a moment ago");
    out.lines()
        .find_map(|line| line.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no node count in stockfish's output:\n{out}"))
}

/// Perft of `fen` to `depth` (at least 1) by the generator `engine`.
fn count(engine: &str, fen: &str, depth: u32) -> u64 {
    if let Some(program) = engine.strip_prefix("external:") {
        return stockfish_perft(program, fen, depth);
    }
    match engine {
        "array" => ours::<ArrayBoard>(fen, depth),
        "mailbox10" => ours::<Mailbox10Board>(fen, depth),
        "x88" => ours::<X88Board>(fen, depth),
        "bitboard" => ours::<BitboardBoard>(fen, depth),
        "shakmaty" => {
            let fen: shakmaty::fen::Fen = fen.parse().expect("a valid FEN");
            let pos: shakmaty::Chess = fen.into_position(shakmaty::CastlingMode::Standard).expect("a legal position");
            // shakmaty::perft counts the last ply from the move list's length.
            shakmaty::perft(black_box(&pos), depth)
        }
        "cozy-chess" => cozy(black_box(&cozy_chess::Board::from_str(fen).expect("a valid FEN")), depth),
        "chess" => chess_crate(black_box(&chess::Board::from_str(fen).expect("a valid FEN")), depth),
        _ => unreachable!("unknown engine {engine}"),
    }
}

fn positions() -> [(&'static str, &'static str, u32); 2] {
    let full = std::env::var("PEERS_DEPTHS").is_ok_and(|v| v == "full");
    let extra = u32::from(full);
    [("startpos", Setup::STARTING_FEN, 5 + extra), ("kiwipete", KIWIPETE, 4 + extra)]
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The generators the table runs: `PEERS_ENGINES` (comma-separated), or all.
fn engines() -> Vec<&'static str> {
    match std::env::var("PEERS_ENGINES") {
        Ok(list) => {
            let wanted: Vec<&str> = list.split(',').map(str::trim).collect();
            for w in &wanted {
                assert!(ENGINES.contains(w), "PEERS_ENGINES: unknown generator {w:?}; expected some of {ENGINES:?}");
            }
            ENGINES.into_iter().filter(|e| *e == "cozy-chess" || wanted.contains(e)).collect()
        }
        Err(_) => ENGINES.to_vec(),
    }
}

/// The side-by-side table, in markdown, on stdout.
fn table() {
    let positions = positions();
    let sf = stockfish();
    let mut engines: Vec<String> = engines().into_iter().map(str::to_owned).collect();
    if let Some(program) = &sf {
        engines.push(format!("external:{program}"));
    }
    let mut nps = vec![[0.0f64; 2]; engines.len()];
    let mut nodes = [0u64; 2];
    for (p, (_, fen, depth)) in positions.iter().enumerate() {
        for (e, engine) in engines.iter().enumerate() {
            let n = count(engine, fen, *depth);
            if e == 0 {
                nodes[p] = n;
            }
            assert_eq!(n, nodes[p], "{engine} disagrees on perft({depth}) of {fen}");
            let times: Vec<f64> = (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    black_box(count(engine, fen, *depth));
                    start.elapsed().as_secs_f64()
                })
                .collect();
            nps[e][p] = n as f64 / median(times);
        }
    }
    let cozy = engines.iter().position(|e| e == "cozy-chess").expect("cozy-chess is listed");
    let head: Vec<String> = positions.iter().map(|(name, _, d)| format!("{name} d{d} Mnps | x cozy")).collect();
    println!("| generator | {} |", head.join(" | "));
    println!("|---|{}", "---|---|".repeat(positions.len()));
    for (e, engine) in engines.iter().enumerate() {
        let cells: Vec<String> =
            (0..positions.len()).map(|p| format!("{:.1} | {:.2}", nps[e][p] / 1e6, nps[e][p] / nps[cozy][p])).collect();
        let name = if engine.starts_with("external:") { "stockfish (start-up included)" } else { engine.as_str() };
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!(
        "\nNodes: {}. Median of {RUNS} runs, one thread, bulk counting everywhere.",
        positions.iter().zip(nodes).map(|((n, _, d), c)| format!("{n} d{d} = {c}")).collect::<Vec<_>>().join(", ")
    );
    match sf {
        Some(program) => {
            println!("Stockfish: `{program}`, a process per run fed `go perft`; its time includes start-up.")
        }
        None => println!("Stockfish: not found (set STOCKFISH, or install it), so it has no row."),
    }
}

fn peers(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_peers");
    group.sample_size(10);
    for (name, fen, depth) in positions() {
        let nodes = count("cozy-chess", fen, depth);
        group.throughput(Throughput::Elements(nodes));
        for engine in ENGINES {
            group.bench_with_input(BenchmarkId::new(engine, format!("{name}_d{depth}")), &fen, |b, fen| {
                b.iter(|| count(engine, fen, depth))
            });
        }
    }
    group.finish();
}

fn main() {
    table();
    if std::env::var("PEERS_TABLE_ONLY").is_ok_and(|v| v == "1") {
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    peers(&mut criterion);
    criterion.final_summary();
}
