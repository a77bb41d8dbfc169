//! Deep counts: the three long perfts of the speed goals (the initial
//! position to depths 7 and 8, Kiwipete to depth 6), timed, compared with
//! their published values, and written as `perft-deep.json` and
//! `perft-deep.md` with the machine they ran on.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Value, json};

use super::published::published_nodes;
use super::timing::timed_count;
use crate::engine::chess::dispatch::Counter;
use crate::engine::chess::{Repr, Setup};
use crate::engine::limit::{LimitError, Quantity, check_range};
use crate::io_error::IoError;
use crate::report::{Cell, Column, Comparison, Published, Table, Tally, write_atomic};
use crate::study::schema::{ColumnSchema, SCHEMA_VERSION, declared_columns};
use crate::{Error, Result};

/// Kiwipete, Peter McKenzie's position of the chessprogramming wiki.
pub const KIWIPETE_FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One of the deep counts, with its time goal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepCount {
    /// A short stable name, e.g. `startpos-7`.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth.
    pub depth: u32,
    /// The time it should take at full depth, in seconds.
    pub goal_seconds: f64,
}

/// The three deep counts and their goals.
pub const DEEP_COUNTS: [DeepCount; 3] = [
    DeepCount { name: "startpos-7", fen: Setup::STARTING_FEN, depth: 7, goal_seconds: 5.0 },
    DeepCount { name: "startpos-8", fen: Setup::STARTING_FEN, depth: 8, goal_seconds: 90.0 },
    DeepCount { name: "kiwipete-6", fen: KIWIPETE_FEN, depth: 6, goal_seconds: 30.0 },
];

/// The most plies a run may take off every count (the shallowest count,
/// Kiwipete, keeps one ply).
pub const MAX_SHALLOWER: u32 = 5;

/// Checks the plies to take off every count: 0 to [`MAX_SHALLOWER`].
///
/// ```
/// use plybench::study::perft::deep::check_shallower;
///
/// assert_eq!(check_shallower(4)?, 4);
/// assert_eq!(check_shallower(6).unwrap_err().to_string(), "6; expected 0 to 5");
/// # Ok::<(), plybench::engine::limit::LimitError>(())
/// ```
pub fn check_shallower(shallower: u32) -> Result<u32, LimitError> {
    check_range(Quantity::Other("plies shallower"), shallower, 0, MAX_SHALLOWER, "")
}

/// One deep count, made.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepRun {
    /// The count asked for.
    pub count: DeepCount,
    /// The depth searched (the count's depth less `shallower`).
    pub depth: u32,
    /// The leaves.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The published leaf count at `depth`, if any.
    pub published: Option<Published<u128>>,
}

impl DeepRun {
    /// Computed against published.
    pub fn comparison(&self) -> Comparison<u128> {
        Comparison::new(Some(u128::from(self.nodes)), self.published.as_ref())
    }

    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 { self.nodes as f64 / self.seconds } else { 0.0 }
    }

    /// Whether the time goal was met; `None` below full depth, where the
    /// goal does not apply.
    pub fn within_goal(&self) -> Option<bool> {
        (self.depth == self.count.depth).then_some(self.seconds < self.count.goal_seconds)
    }
}

/// Where the counts ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Machine {
    /// The processor model, from `/proc/cpuinfo`.
    pub cpu: String,
    /// Logical cores.
    pub cores: usize,
    /// The compiler that built the binary ([`crate::report::machine::compiler`]).
    pub rustc: String,
    /// The operating system and architecture.
    pub os: String,
}

impl Machine {
    /// This machine.
    pub fn this() -> Machine {
        let cpu = crate::report::machine::cpu_model().unwrap_or_else(|| "unknown".to_owned());
        Machine {
            cpu,
            cores: crate::report::machine::logical_cores(),
            rustc: crate::report::machine::compiler().to_owned(),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

/// The 1, 5 and 15 minute load averages, from `/proc/loadavg`.
pub fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut fields = text.split_ascii_whitespace().map(|f| f.parse::<f64>().ok());
    Some([fields.next()??, fields.next()??, fields.next()??])
}

/// A run of the deep counts.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepReport {
    /// The representation.
    pub repr: Repr,
    /// Threads.
    pub threads: usize,
    /// The transposition table asked for, in MiB (0 = none).
    pub hash_mb: u64,
    /// Plies taken off every count.
    pub shallower: u32,
    /// The command that made it.
    pub command: String,
    /// Where.
    pub machine: Machine,
    /// The load averages before the first count.
    pub load_before: Option<[f64; 3]>,
    /// The load averages after the last count.
    pub load_after: Option<[f64; 3]>,
    /// One run per count, in [`DEEP_COUNTS`] order.
    pub runs: Vec<DeepRun>,
}

/// Runs the deep counts on `repr`, each `shallower` plies shallower than
/// its goal (0 for the real thing), calling `each` after every count.
///
/// ```
/// use plybench::study::perft::deep::run_deep;
/// use plybench::engine::chess::dispatch::Counter;
/// use plybench::engine::chess::Repr;
///
/// let mut counter = Counter::new(2, 1)?;
/// let report = run_deep(Repr::Bitboard, &mut counter, 1, 4, "doc test", |_| {})?;
/// assert_eq!(report.runs.iter().map(|r| r.nodes).collect::<Vec<_>>(), [8_902, 197_281, 2_039]);
/// assert!(report.passed());
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn run_deep(
    repr: Repr,
    counter: &mut Counter,
    hash_mb: u64,
    shallower: u32,
    command: &str,
    mut each: impl FnMut(&DeepRun),
) -> Result<DeepReport> {
    check_shallower(shallower)?;
    let machine = Machine::this();
    let load_before = load_average();
    let mut runs = Vec::with_capacity(DEEP_COUNTS.len());
    for count in DEEP_COUNTS {
        let setup = Setup::from_fen(count.fen)?;
        let depth = count.depth - shallower;
        let t = timed_count(counter, repr, &setup, depth)?;
        let run =
            DeepRun { count, depth, nodes: t.value, seconds: t.seconds, published: published_nodes(&setup, depth)? };
        each(&run);
        runs.push(run);
    }
    Ok(DeepReport {
        repr,
        threads: counter.threads,
        hash_mb,
        shallower,
        command: command.to_owned(),
        machine,
        load_before,
        load_after: load_average(),
        runs,
    })
}

fn load_text(load: Option<[f64; 3]>) -> String {
    load.map_or("unknown".to_owned(), |l| format!("{:.2} {:.2} {:.2}", l[0], l[1], l[2]))
}

impl DeepReport {
    /// Whether the run passed: [`Tally::passed`] of the verdicts of
    /// [`DeepReport::table`] (every count has a published value, so it
    /// passes when every count matches it).
    pub fn passed(&self) -> bool {
        Tally::of([&self.table()]).passed()
    }

    /// One row per count: name, FEN, depth, nodes, seconds, nodes/s, goal,
    /// within goal, published, source, verdict.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "perft_deep",
            &format!("Deep perft counts on {}, {} threads, hash {} MiB", self.repr, self.threads, self.hash_mb),
            vec![
                Column::new("name", "Count"),
                Column::new("fen", "FEN"),
                Column::new("depth", "Depth"),
                Column::new("nodes", "Nodes"),
                Column::new("seconds", "Seconds"),
                Column::new("nps", "Nodes/s"),
                Column::new("goal_seconds", "Goal (s)"),
                Column::new("within_goal", "Within goal"),
                Column::new("published", "Published"),
                Column::new("source", "Source"),
                Column::new("verdict", "Verdict"),
            ],
        );
        for run in &self.runs {
            let [_, published, source, verdict] = run.comparison().cells();
            table.push(vec![
                run.count.name.into(),
                run.count.fen.into(),
                u64::from(run.depth).into(),
                run.nodes.into(),
                Cell::float(run.seconds, 2),
                Cell::float(run.nps(), 0),
                Cell::float(run.count.goal_seconds, 0),
                Cell::opt(run.within_goal()),
                published,
                source,
                verdict,
            ]);
        }
        table.note(format!(
            "Machine: {}, {} logical cores, {}, {}. Load averages (1, 5, 15 min) before: {}; after: {}.",
            self.machine.cpu,
            self.machine.cores,
            self.machine.os,
            self.machine.rustc,
            load_text(self.load_before),
            load_text(self.load_after)
        ));
        if self.shallower > 0 {
            table
                .note(format!("Every count {} plies shallower than its goal: the goals do not apply.", self.shallower));
        }
        table
    }

    /// The JSON contract: `repr`, `threads`, `hash_mb`, `shallower`,
    /// `command`, `machine` (`cpu`, `cores`, `rustc`, `os`),
    /// `load_before`/`load_after` (three numbers or null), `counts` (one
    /// object per count: `name`, `fen`, `depth`, `nodes`, `seconds`, `nps`,
    /// `goal_seconds`, `within_goal`, `published`, `source`, `verdict`) and
    /// `all_match` ([`DeepReport::passed`]).
    pub fn to_json(&self) -> Value {
        let counts: Vec<Value> = self
            .runs
            .iter()
            .map(|run| {
                let c = run.comparison();
                json!({
                    "name": run.count.name,
                    "fen": run.count.fen,
                    "depth": run.depth,
                    "nodes": run.nodes,
                    "seconds": run.seconds,
                    "nps": run.nps().round(),
                    "goal_seconds": run.count.goal_seconds,
                    "within_goal": run.within_goal(),
                    "published": c.published.and_then(|p| u64::try_from(p).ok()),
                    "source": c.source,
                    "verdict": c.verdict.name(),
                })
            })
            .collect();
        json!({
            "repr": self.repr.name(),
            "threads": self.threads,
            "hash_mb": self.hash_mb,
            "shallower": self.shallower,
            "command": self.command,
            "machine": {
                "cpu": self.machine.cpu,
                "cores": self.machine.cores,
                "rustc": self.machine.rustc,
                "os": self.machine.os,
            },
            "load_before": self.load_before,
            "load_after": self.load_after,
            "counts": counts,
            "all_match": self.passed(),
        })
    }

    /// The Markdown report: the machine, the command, the table.
    pub fn markdown(&self) -> String {
        let mut md = String::from("# Deep perft counts\n\n");
        let _ = writeln!(md, "| | |\n|---|---|");
        let _ = writeln!(md, "| command | `{}` |", self.command.replace('|', "\\|"));
        let _ = writeln!(md, "| representation | {} |", self.repr);
        let _ = writeln!(md, "| threads | {} |", self.threads);
        let _ = writeln!(md, "| hash | {} MiB |", self.hash_mb);
        let _ = writeln!(md, "| cpu | {} |", self.machine.cpu);
        let _ = writeln!(md, "| cores | {} |", self.machine.cores);
        let _ = writeln!(md, "| rustc | {} |", self.machine.rustc);
        let _ = writeln!(md, "| os | {} |", self.machine.os);
        let _ = writeln!(md, "| load before (1, 5, 15 min) | {} |", load_text(self.load_before));
        let _ = writeln!(md, "| load after | {} |\n", load_text(self.load_after));
        md.push_str(&self.table().render(crate::report::Format::Markdown));
        md
    }

    /// The JSON of `perft-deep.json`: [`DeepReport::to_json`] with the
    /// report files' `schema_version`, the id `perft_deep` and the
    /// `columns` of `counts` with their kinds ([`crate::study::schema`]).
    pub fn to_file_json(&self) -> Value {
        let mut value = self.to_json();
        if let Value::Object(map) = &mut value {
            let columns: Vec<ColumnSchema> = declared_columns("perft_deep")
                .unwrap_or_default()
                .into_iter()
                .map(|(key, _)| ColumnSchema::of("perft_deep", key, None))
                .collect();
            map.insert("schema_version".into(), SCHEMA_VERSION.into());
            map.insert("id".into(), "perft_deep".into());
            map.insert("columns".into(), serde_json::to_value(columns).unwrap_or_default());
        }
        value
    }

    /// Writes `perft-deep.json` ([`DeepReport::to_file_json`]) and
    /// `perft-deep.md` into `dir` (created if needed), each atomically.
    pub fn write(&self, dir: &Path) -> Result<()> {
        std::fs::create_dir_all(dir).map_err(|source| IoError::write(dir, source))?;
        let json =
            serde_json::to_string_pretty(&self.to_file_json()).map_err(|e| Error::invalid("report", e.to_string()))?;
        write_atomic(&dir.join("perft-deep.json"), (json + "\n").as_bytes())?;
        write_atomic(&dir.join("perft-deep.md"), self.markdown().as_bytes())?;
        Ok(())
    }
}
